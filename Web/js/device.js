// One session with a device: requests matched to replies by seq and type, with the
// timeouts and retries of Protocol.md ("Sequencing and timing"), the streamed
// telemetry and events, and the counts of frames lost on the way.

const REPLY = {
  hello: "info", paramDescribe: "paramDescription", paramGet: "paramValue", paramSet: "paramValue",
  paramSetBatch: "ack", paramSave: "ack", paramLoad: "paramLoaded", paramDefaults: "ack",
  streamStart: "ack", streamStop: "ack", bench: "benchResult", stats: "statsReport",
};
// `busy`: nothing was done; repeat after 100 ms (Protocol.md, "Sequencing and timing").
const BUSY_DELAY_MS = 100, BUSY_ATTEMPTS = 50;
// A device that goes silent with the link open (as forcectl's commands notice it):
// after QUIET_MS without a byte, a `stats` request every PROBE_MS; nothing at all for
// SILENT_MS ends the session.
const QUIET_MS = 1000, PROBE_MS = 500, SILENT_MS = 2500;

/** How long to wait for the reply: 500 ms, 1 s for flash, 1 s + 1 ms per frame for bench. */
function replyTimeout(name, fields) {
  if (name === "paramSave" || name === "paramLoad") return 1000;
  if (name === "bench") return 1000 + fields.frames;
  return 500;
}

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
    this.seq = 0;
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
    this.nextUnsolicited = null;
    this.statsBase = null;
  }

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
    this.lastReceived = performance.now();
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
   * second (a raw frame, not queued behind a request that waits); when nothing at all
   * has come for 2.5 s, tells the bridge (which prints it) and ends the session with
   * "… went silent".
   */
  watchSilence() {
    clearInterval(this.watchTimer);
    this.lastProbe = 0;
    this.watchTimer = setInterval(() => {
      const now = performance.now();
      const quiet = now - this.lastReceived;
      if (quiet >= SILENT_MS) {
        const reason = `${this.transport.deviceName ?? this.transport.label} went silent: nothing for ` +
          `${SILENT_MS / 1000} s and no answer to stats requests (the device hung, was paused or unplugged, ` +
          "or its link stalled)";
        this.transport.report?.(reason);
        this.transport.close();
        this.closed(reason);
      } else if (quiet >= QUIET_MS && now - this.lastProbe >= PROBE_MS) {
        this.lastProbe = now;
        this.transport.write(this.wire.encode("stats", {}, this.seq));
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
    this.lastReceived = performance.now();
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
      if (pending && m.seq === pending.seq && (m.name === pending.reply || m.name === "error")) {
        this.pending = null;
        // The device restarts its unsolicited counter before acknowledging streamStart.
        if (pending.name === "streamStart" && m.name === "ack") this.nextUnsolicited = 0;
        pending.resolve(m);
      }
    }
    this.counters.discarded = this.wire.stats().discarded;
    this.emit("counters", this.counters);
  }

  /** Unsolicited frames carry the device's own counter: a gap is frames lost. */
  unsolicited(m) {
    if (this.nextUnsolicited !== null && m.seq !== this.nextUnsolicited) {
      this.counters.lost += (m.seq - this.nextUnsolicited) & 0xff;
      this.counters.gaps++;
    }
    this.nextUnsolicited = (m.seq + 1) & 0xff;
  }

  /** Sends a request and waits for its reply; an `error` reply throws DeviceError. */
  request(name, fields = {}, { timeout } = {}) {
    const run = () => this.exchange(name, fields, timeout ?? replyTimeout(name, fields));
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  /**
   * One request: up to 3 attempts on timeouts (a lone 00 before each repeat), and
   * a `busy` reply repeated after 100 ms, up to 50 times (every request is safe to
   * repeat after `busy`: the device did nothing).
   */
  async exchange(name, fields, timeout) {
    this.seq = (this.seq + 1) & 0xff;
    const seq = this.seq;
    const frame = this.wire.encode(name, fields, seq);
    for (let attempt = 1, busy = 0; ;) {
      const reply = await this.attempt(frame, seq, name, timeout);
      if (reply === null) {
        if (attempt >= 3) throw new DeviceError(`the device did not answer ${name} (3 attempts)`);
        attempt++;
        this.transport.write(new Uint8Array([0]));
        continue;
      }
      if (reply.name !== "error") return reply;
      if (this.wire.errorCodes[reply.code] === "busy") {
        busy++;
        if (busy < BUSY_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, BUSY_DELAY_MS));
          continue;
        }
      }
      throw new DeviceError(this.explain(reply), reply);
    }
  }

  attempt(frame, seq, name, timeout) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.pending?.seq === seq) this.pending = null;
        resolve(null);
      }, timeout);
      this.pending = {
        seq, name, reply: REPLY[name],
        resolve: (m) => { clearTimeout(timer); resolve(m); },
        reject: (error) => { clearTimeout(timer); reject(error); },
      };
      this.transport.write(frame);
    });
  }

  /** One line for an error reply: the rule text for a refused parameter. */
  explain(reply) {
    const code = this.wire.errorCodes[reply.code] ?? `error ${reply.code}`;
    const parameter = this.parameters[reply.parameter]?.paramName;
    if (code === "outOfRange" && reply.parameter !== 255) {
      const rule = this.wire.ruleText(reply.detail);
      if (reply.detail === 0) {
        const p = this.parameters[reply.parameter];
        return `${parameter}: ${reply.value} is outside ${p.min}…${p.max}`;
      }
      return `${parameter}: ${reply.value} breaks the rule ${rule}`;
    }
    if (code === "outOfRange") {
      return `the device refused the value ${reply.value} of the field at byte ${reply.detail} of the request`;
    }
    if (code === "flash") return `flash: ${this.wire.flashFailures[reply.detail] ?? `code ${reply.detail}`}`;
    if (code === "unknownParameter") return `no parameter with id ${reply.parameter}`;
    if (code === "unsupported") {
      const missing = this.wire.capabilities.filter((_, bit) => reply.detail & (1 << bit));
      return `the device lacks ${missing.length ? missing.join(", ") : `capability bits ${reply.detail}`}`;
    }
    if (code === "busy") return `the device stayed busy for ${(BUSY_ATTEMPTS * BUSY_DELAY_MS) / 1000} s (a bench running?)`;
    return `the device refused the request: ${code}`;
  }
}
