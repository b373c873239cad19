// Offline mode: a recorded or gesture CSV (a header naming `left` and `right`),
// played through the page's own engine at the trace's rate.

/** [{left, right}] from CSV text; throws naming the line, as forcectl does. */
export function parseTrace(text) {
  const lines = text.split("\n");
  let header = null, leftIndex = -1, rightIndex = -1;
  const frames = [];
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const fields = line.split(",").map((f) => f.trim());
    if (!header) {
      header = fields.map((f) => f.toLowerCase());
      leftIndex = header.indexOf("left");
      rightIndex = header.indexOf("right");
      if (leftIndex < 0) throw new Error(`line ${index + 1}: header has no 'left' column`);
      if (rightIndex < 0) throw new Error(`line ${index + 1}: header has no 'right' column`);
      return;
    }
    if (fields.length !== header.length) throw new Error(`line ${index + 1}: expected ${header.length} fields, found ${fields.length}`);
    const reading = (i, name) => {
      if (!/^\d+$/.test(fields[i])) throw new Error(`line ${index + 1}: ${name}: '${fields[i]}' is not a whole number`);
      const value = Number(fields[i]);
      if (value > 1023) throw new Error(`line ${index + 1}: ${name}: ${value} is outside 0...1023`);
      return value;
    };
    frames.push({ left: reading(leftIndex, "left"), right: reading(rightIndex, "right") });
  });
  if (!header) throw new Error("input is empty: expected a header with left,right");
  return frames;
}

/** Plays `frames` through `wire`'s engine, calling `onframe(frame, output, index)`. */
export class OfflinePlayer {
  constructor(wire, onframe) {
    this.wire = wire;
    this.onframe = onframe;
    this.timer = null;
  }

  play(frames, rateHz) {
    this.stop();
    this.wire.engineReset();
    let index = 0;
    const perTick = Math.max(1, Math.round(rateHz / 50));
    this.timer = setInterval(() => {
      for (let n = 0; n < perTick && index < frames.length; n++, index++) {
        const f = frames[index];
        this.onframe(f, this.wire.engineStep(f.left, f.right), index);
      }
      if (index >= frames.length) this.stop();
    }, 20);
  }

  get playing() { return this.timer !== null; }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
