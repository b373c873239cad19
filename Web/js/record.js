// Recording telemetry to the record CSV of Docs/csv-formats.md, as `forcectl record`
// writes it: the header and rows come from the module (ForceHostCore's CSVText).

export class Recorder {
  /** `wire()` is the page's module (loaded after the recorder is made). */
  constructor(wire) { this.rows = null; this.wire = wire; }
  get active() { return this.rows !== null; }
  start() { this.rows = []; }
  add(t) { if (this.rows) this.rows.push(this.wire().recordRow(t)); }
  /** Stops and returns the CSV text. */
  stop() {
    const rows = this.rows ?? [];
    this.rows = null;
    return [this.wire().recordHeader(), ...rows].join("\n") + "\n";
  }
}
