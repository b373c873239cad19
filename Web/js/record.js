// Recording telemetry to the record CSV of Docs/csv-formats.md
// (frame,left,right,force,state,direction,position,value,faults), as `forcectl record` writes it.
import { STATES, formatMilli } from "./wire.js";

export const RECORD_HEADER = "frame,left,right,force,state,direction,position,value,faults";

/** The `faults` column: `ok`, or each faulty cell as `right-railed`, joined by `+` (as a `fault` event). */
export function faultsText(leftFault, rightFault, faultName) {
  const parts = [["left", leftFault], ["right", rightFault]].filter(([, code]) => code)
    .map(([cell, code]) => `${cell}-${faultName(code)}`);
  return parts.length ? parts.join("+") : "ok";
}

export class Recorder {
  /** `faultName(code)` names a cell's fault code ("railed"), as the module does. */
  constructor(faultName) { this.rows = null; this.faultName = faultName; }
  get active() { return this.rows !== null; }
  start() { this.rows = []; }
  add(t) {
    if (!this.rows) return;
    const faults = faultsText(t.leftFault, t.rightFault, this.faultName);
    this.rows.push(`${t.frame},${t.left},${t.right},${t.force},${STATES[t.state]},${t.direction ? "down" : "up"},${formatMilli(t.positionMilli)},${t.value},${faults}`);
  }
  /** Stops and returns the CSV text. */
  stop() {
    const rows = this.rows ?? [];
    this.rows = null;
    return [RECORD_HEADER, ...rows].join("\n") + "\n";
  }
}
