// Offline mode: a recorded or gesture CSV (a header naming `left` and `right`, read by
// the module: `Wire.inputCSV`), played through the page's own engine at the trace's rate.

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
        this.onframe(f, this.wire.engineStep(f), index);
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
