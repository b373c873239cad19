// One session with a device: requests matched to replies by seq and type, with the
// timeouts and retries of Protocol.md ("Sequencing and timing"), the streamed
// telemetry and events, and the counts of frames lost on the way.

// The rules of a request (its reply, timeout, attempts and `busy` repeats), of a quiet
// device and of lost frames are forcectl's, run by the module (wire.js, "the
// session's rules"); this file keeps the timers, the promises and the link.

/** A request the device answered with `error`; `reply` is the decoded error. */
export class DeviceError extends Error {
  constructor(message, reply = null) {
    super(message);
    this.reply = reply;
  }
}

export class Device {
  constructor(wire, transport) {
    this.wire = wire;
    this.transport = transport;
    this.started = performance.now();
    this.pending = null;
    this.queue = Promise.resolve();
    this.listeners = { telemetry: [], event: [], close: [], counters: [] };
    this.parameters = [];
    this.resetCounters();
  }

  on(name, handler) { this.listeners[name].push(handler); }
  emit(name, value) { for (const handler of this.listeners[name]) handler(value); }

  resetCounters() {
    this.counters = { telemetry: 0, events: 0, lost: 0, gaps: 0, discarded: 0, device: null };
    this.statsBase = null;
  }

  /** Milliseconds since the session started: the clock the module's rules count on. */
  now() { return Math.round(performance.now() - this.started); }

  /**
   * Reads the device's link counters (`stats`). The first call is the baseline; the
   * counters then shown (`counters.device`) are the changes since it, e.g.
   * `streamDropped`: telemetry and events the device had no transmit room for.
   */
  async readStats() {
    const report = await this.request("stats");
    const now = Object.fromEntries(this.wire.linkStats.map((key) => [key, report[key]]));
    if (!this.statsBase) this.statsBase = now;
    this.counters.device = Object.fromEntries(this.wire.linkStats.map((key) => [key, (now[key] - this.statsBase[key]) >>> 0]));
    this.emit("counters", this.counters);
    return this.counters.device;
  }

  /** Opens the transport, shakes hands and reads the parameters' self-description. */
  async connect() {
    this.transport.onbytes = (bytes) => this.receive(bytes);
    this.transport.onclose = (reason) => this.closed(reason);
    await this.transport.open();
    this.started = performance.now();
    this.wire.sessionReset(0);
    this.wire.resetReceiver();
    this.transport.write(new Uint8Array([0]));
    const version = this.wire.protocolVersion;  // the module's, so the page speaks what it decodes
    this.info = await this.request("hello", { protocolVersion: version });
    if (this.info.protocolVersion !== version) {
      throw new DeviceError(`the device speaks protocol ${this.info.protocolVersion}; this page speaks ${version}`);
    }
    this.parameters = [];
    for (let id = 0; id < this.info.parameterCount; id++) {
      this.parameters.push(await this.request("paramDescribe", { id }));
    }
    this.watchSilence();
    return this.info;
  }

  /**
   * Watches for a device that stops answering with the link open (hung, paused,
   * a stalled link): after a second without a byte, asks for `stats` every half
   * second (a raw frame, not queued behind a request that waits; never while a flash
   * request is outstanding); when nothing at all has come for 2.5 s, tells the bridge
   * (which prints it) and ends the session with "… went silent".
   */
  watchSilence() {
    clearInterval(this.watchTimer);
    this.watchTimer = setInterval(() => {
      const check = this.wire.silenceCheck(this.now(), this.pending !== null);
      if (check.silent) {
        const reason = `${this.transport.deviceName ?? this.transport.label} ${check.silent}`;
        this.transport.report?.(reason);
        this.transport.close();
        this.closed(reason);
      } else if (check.probe) {
        if (check.delimiterFirst) this.transport.write(new Uint8Array([0]));
        this.transport.write(this.wire.encode("stats", {}, this.wire.sessionSeq()));
      }
    }, 100);
  }

  closed(reason) {
    clearInterval(this.watchTimer);
    const pending = this.pending;
    this.pending = null;
    pending?.reject(new DeviceError(reason));
    this.emit("close", reason);
  }

  close() {
    clearInterval(this.watchTimer);
    this.transport.close();
  }

  receive(bytes) {
    this.wire.silenceHeard(this.now());
    const now = performance.timeOrigin + performance.now();
    for (const m of this.wire.feed(bytes)) {
      if (m.name === "telemetry" || m.name === "event") {
        this.unsolicited(m);
        if (m.name === "telemetry") {
          this.counters.telemetry++;
          this.emit("telemetry", { ...m, receivedAt: now });
        } else {
          this.counters.events++;
          this.emit("event", m);
        }
        continue;
      }
      const pending = this.pending;
      if (pending && this.wire.isReply(m)) {
        this.pending = null;
        // The device restarts its unsolicited counter before acknowledging streamStart.
        if (pending.name === "streamStart" && m.name === "ack") this.wire.unsolicitedRestart();
        pending.resolve(m);
      }
    }
    this.counters.discarded = this.wire.stats().discarded;
    this.emit("counters", this.counters);
  }

  /** Unsolicited frames carry the device's own counter: a gap is frames lost. */
  unsolicited(m) {
    const lost = this.wire.unsolicited(m.seq);
    if (lost > 0) {
      this.counters.lost += lost;
      this.counters.gaps++;
    }
  }

  /** Sends a request and waits for its reply; an `error` reply throws DeviceError. */
  request(name, fields = {}, { timeout } = {}) {
    const run = () => this.exchange(name, fields, timeout);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  /**
   * One request, by the module's rules (forcectl's): repeated with the same `seq`
   * after a lone 00 when no reply comes in time (3 attempts; `bench` and `inject`
   * once), and after 100 ms when the reply is `busy` (the device did nothing).
   */
  async exchange(name, fields, timeout) {
    const seq = this.wire.exchangeStart(name, fields);
    const frame = this.wire.encode(name, fields, seq);
    const wait = timeout ?? this.wire.exchangeTimeout();
    for (;;) {
      const reply = await this.attempt(frame, name, wait);
      const next = this.wire.exchangeNext(reply);
      if (next === "answered") {
        if (reply.name === "error") throw new DeviceError(this.wire.errorText(reply), reply);
        return reply;
      }
      if (next === "noReply") {
        throw new DeviceError(this.wire.noReplyText(wait));
      }
      if (next === "resend") this.transport.write(new Uint8Array([0]));
      else await new Promise((resolve) => setTimeout(resolve, this.wire.busyDelay()));
    }
  }

  /** Sends `frame` and waits up to `wait` ms for its reply; null when none came. */
  attempt(frame, name, wait) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = null;
        resolve(null);
      }, wait);
      this.pending = {
        name,
        resolve: (m) => { clearTimeout(timer); resolve(m); },
        reject: (error) => { clearTimeout(timer); reject(error); },
      };
      this.transport.write(frame);
    });
  }
}
