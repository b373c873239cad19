// Recording telemetry to the record CSV of Docs/csv-formats.md
// (frame,left,right,force,state,direction,position,value), as `forcectl record` writes it.
import { STATES, formatMilli } from "./wire.js";

export const RECORD_HEADER = "frame,left,right,force,state,direction,position,value";

export class Recorder {
  constructor() { this.rows = null; }
  get active() { return this.rows !== null; }
  start() { this.rows = []; }
  add(t) {
    if (!this.rows) return;
    this.rows.push(`${t.frame},${t.left},${t.right},${t.force},${STATES[t.state]},${t.direction ? "down" : "up"},${formatMilli(t.positionMilli)},${t.value}`);
  }
  /** Stops and returns the CSV text. */
  stop() {
    const rows = this.rows ?? [];
    this.rows = null;
    return [RECORD_HEADER, ...rows].join("\n") + "\n";
  }
}
