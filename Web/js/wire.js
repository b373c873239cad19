// The device's wire protocol and engine, from the Swift sources compiled to
// WebAssembly (Tools/build-wasm). Framing, CRC, COBS, checking and decoding happen in
// the module, the code the firmware runs; the fields of each message, their names and
// order, come from the module too (`fp_layout`, from each message's declaration).

const FIELDS = 1024, TEXT = 1536, DOCUMENT = 2304, FILE = 10496;

// The module's name tables (`fp_name`), each from its Swift enum in ForceProtocol.
const NAME_TABLES = { typeNames: 0, errorCodes: 1, decodeErrors: 2, parameterSources: 3, capabilities: 4, flashFailures: 5 };
// A `paramDescription`'s `name` text is `paramName` here: a message's `name` is its type.
const KEYS = { name: "paramName" };

/** `count` [a, b] pairs from `values` (the module's fields), the first at `start`. */
const pairsOf = (values, count, start) => Array.from({ length: count }, (_, i) => [values[start + 2 * i], values[start + 1 + 2 * i]]);

export class Wire {
  /** Instantiates the module from its bytes (an ArrayBuffer or typed array). */
  static async fromBytes(bytes) {
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new Wire(instance.exports);
  }

  /** Fetches and instantiates the module (in a browser). */
  static async load(url = "forcepicker.wasm") {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
    return Wire.fromBytes(await response.arrayBuffer());
  }

  constructor(exports) {
    this.x = exports;
    this.base = exports.fp_memory();
    this.decoder = new TextDecoder();
    /** The protocol version the module speaks: the page's `hello`, the version it needs from a device. */
    this.protocolVersion = exports.fp_protocol_version();
    // typeNames, errorCodes, decodeErrors, parameterSources, capabilities (by bit), flashFailures: code → name.
    for (const [key, table] of Object.entries(NAME_TABLES)) {
      this[key] = [];
      for (let code = 0; code < 256; code++) {
        const length = exports.fp_name(table, code);
        if (length >= 0) this[key][code] = this.text(0, length);
      }
    }
    /** Message type bytes by name ("paramDescribe" → 2). */
    this.types = Object.fromEntries(Object.entries(this.typeNames).map(([type, name]) => [name, Number(type)]));
    /** The layout version of the module's parameter table (the offline engine's). */
    this.layoutVersion = exports.fp_layout_version();
    /** The schema hash of the module's parameter table, as a parameter file has it. */
    this.schemaHash = exports.fp_schema_hash() >>> 0;
    /** Guided calibration's steps [{name, prompt}] in order, forcectl calibrate's words. */
    this.calibrationSteps = [];
    for (let step = 0, length; (length = exports.fp_calibration_step(step, 0)) >= 0; step++) {
      const name = this.text(0, length);
      this.calibrationSteps.push({ name, prompt: this.text(0, exports.fp_calibration_step(step, 1)) });
    }
    /** Engine state names by code ("idle", …, "fault"), as the CSV has them. */
    this.states = [];
    for (let state = 0, length; (length = exports.fp_state_name(state)) >= 0; state++) this.states.push(this.text(0, length));
    /** Each message's fields in the module's order, as [{key, kind}], kind "int", "u32" or "text". */
    this.layout = {};
    for (const [name, type] of Object.entries(this.types)) {
      const length = exports.fp_layout(type);
      this.layout[name] = length <= 0 ? [] : this.document(length).split(",").map((entry) => {
        const [field, kind] = entry.split(":");
        return { key: KEYS[field] ?? field, kind };
      });
    }
    /** The offline engine's output fields: an `injectResult`'s. */
    this.output = this.layout.injectResult;
    /** The link counters of `statsReport`, in wire order. */
    this.linkStats = this.layout.statsReport.map(({ key }) => key);
  }

  get memory() { return new Uint8Array(this.x.memory.buffer); }
  fields(count) { return new Int32Array(this.x.memory.buffer, this.base + FIELDS, count); }
  text(offset, length) { return this.decoder.decode(this.memory.slice(this.base + TEXT + offset, this.base + TEXT + offset + length)); }

  /** Decodes received bytes; returns every complete frame as a message object. */
  feed(bytes) {
    const messages = [];
    for (let start = 0; start < bytes.length; start += 1024) {
      const chunk = bytes.subarray(start, start + 1024);
      this.memory.set(chunk, this.base);
      this.x.fp_input(chunk.length);
      for (let result; (result = this.x.fp_next()) !== 0;) messages.push(this.message(result));
    }
    return messages;
  }

  message(result) {
    const type = this.x.fp_frame_type(), seq = this.x.fp_frame_seq(), bodyLength = this.x.fp_frame_body();
    if (result < 0) {
      const body = this.memory.slice(this.base + TEXT, this.base + TEXT + bodyLength);
      const m = { type, seq, name: "invalid", error: this.decodeErrors[-result], body };
      // A request field the device refuses: its body offset and value, as in its error reply.
      if (m.error === "fieldOutOfRange") [m.offset, m.value] = this.fields(2);
      return m;
    }
    const name = this.typeNames[type];
    const m = { type, seq, name };
    const values = this.fields(2 * 50 + 3);
    let textOffset = 0;
    this.layout[name].forEach(({ key, kind }, index) => {
      if (kind === "text") {
        m[key] = this.text(textOffset, values[index]);
        textOffset += values[index];
      } else m[key] = kind === "u32" ? values[index] >>> 0 : values[index];
    });
    if (name === "paramSetBatch") m.pairs = pairsOf(values, values[0], 1);
    else if (name === "inject") {
      m.resetFirst = values[0]; m.endSession = values[1]; m.samples = pairsOf(values, values[2], 3);
    }
    return m;
  }

  /** Encodes a message (a name and the fields of its layout) as a wire frame. */
  encode(name, m = {}, seq = 0) {
    this.putFields(name, m);
    const length = this.x.fp_encode(this.types[name], seq);
    if (length < 0) throw new Error(`cannot encode ${name}: ${this.decodeErrors[-length]}`);
    return this.memory.slice(this.x.fp_output(), this.x.fp_output() + length);
  }

  /** Writes message `m`'s fields (of type `name`) for the module. */
  putFields(name, m) {
    const values = this.fields(128);
    values.fill(0);
    if (name === "paramSetBatch") this.putPairs(m.pairs);
    else if (name === "inject") {
      values[0] = m.resetFirst ? 1 : 0; values[1] = m.endSession ? 1 : 0; values[2] = m.samples.length;
      m.samples.forEach(([left, right], i) => { values[3 + 2 * i] = left; values[4 + 2 * i] = right; });
    } else {
      let textOffset = 0;
      this.layout[name].forEach(({ key, kind }, index) => {
        if (kind === "text") textOffset += this.putText(m[key] ?? "", textOffset, values, index);
        else values[index] = m[key] ?? 0;
      });
    }
  }

  /** Encodes a frame of any type from raw body bytes. */
  encodeRaw(type, seq, body) {
    this.memory.set(body, this.base + TEXT);
    const length = this.x.fp_encode_raw(type, seq, body.length);
    if (length < 0) throw new Error(`cannot encode frame: ${this.decodeErrors[-length]}`);
    return this.memory.slice(this.x.fp_output(), this.x.fp_output() + length);
  }

  /** The text of `length` bytes the module wrote to its document area. */
  document(length) { return this.decoder.decode(this.memory.slice(this.base + DOCUMENT, this.base + DOCUMENT + length)); }

  // Guided calibration: the steps' readings kept and checked in the module.
  calibrationReset() { this.x.fp_calibration_reset(); }
  /** Adds a frame's raw readings to step `step` (0 rest, 1 left press, 2 right press, 3 left medium, 4 right medium). */
  calibrationAdd(step, left, right) { this.x.fp_calibration_add(step, left, right); }
  /** {pairs: [[id, value]], summary} proposed from the steps, or {refused: reason}. */
  calibrate(railLevel) {
    const result = this.x.fp_calibrate(railLevel);
    if (result < 0) return { refused: this.document(-result) };
    return { pairs: pairsOf(this.fields(128), this.fields(1)[0], 1), summary: this.document(result) };
  }

  putText(text, offset, values, lengthField) {
    const bytes = new TextEncoder().encode(text);
    this.memory.set(bytes, this.base + TEXT + offset);
    values[lengthField] = bytes.length;
    return bytes.length;
  }

  /** The name of engine state `state` from the module ("fault"), or null. */
  stateName(state) {
    const length = this.x.fp_state_name(state);
    return length < 0 ? null : this.text(0, length);
  }

  /** The warning for the cells' fault codes, forcectl monitor's words; "" when neither has one. */
  faultWarning(left, right) {
    const length = this.x.fp_fault_warning(left, right);
    return length < 0 ? `faults ${left} and ${right}` : this.document(length);
  }

  /** Whether a cell with fault `code` holds the engine (state `fault`); drifted only warns. */
  faultHolds(code) { return this.x.fp_fault_holds(code) === 1; }

  /** The event tokens of an `event` or an `injectResult` (engine output), as in the output CSV ("touch-down:87;value:3"). */
  eventTokens(m) {
    const name = m.name === "injectResult" ? "injectResult" : "event";
    this.putFields(name, m);
    return this.document(this.x.fp_event_tokens(this.types[name]));
  }

  /**
   * The frames [{left, right, leftPulled, rightPulled}] of an input CSV's bytes
   * (Docs/csv-formats.md), read by the module's parser, forcectl's: the pulled readings
   * are the plain ones when the file has no left_pulled and right_pulled columns. A
   * refused file throws its words ("line 3, column 4: …").
   */
  inputCSV(bytes) {
    this.x.fp_input_csv_reset();
    const frames = [];
    const take = (result) => {
      if (result < 0) throw new Error(this.document(-1 - result));
      const values = new Int32Array(this.x.memory.buffer, this.base + DOCUMENT, 4 * result);
      for (let i = 0; i < 4 * result; i += 4) {
        frames.push({ left: values[i], right: values[i + 1], leftPulled: values[i + 2], rightPulled: values[i + 3] });
      }
    };
    for (let start = 0; start < bytes.length; start += 1024) {
      const chunk = bytes.subarray(start, start + 1024);
      this.memory.set(chunk, this.base);
      take(this.x.fp_input_csv_feed(chunk.length));
    }
    take(this.x.fp_input_csv_finish());
    return frames;
  }

  /**
   * The [id, value] pairs of a parameter file's bytes (the JSON of `forcectl params
   * export`, or NAME=VALUE lines), read by the module's parser, forcectl's. A refused
   * file throws its words ("line 4, column 5: 'rest_threshold' is given twice (first on line 3)").
   */
  profile(bytes) {
    if (bytes.length <= this.x.fp_file_capacity()) this.memory.set(bytes, this.base + FILE);
    const result = this.x.fp_profile_parse(bytes.length);
    if (result < 0) throw new Error(this.document(-result));
    return pairsOf(this.fields(1 + 2 * result), result, 1);
  }

  /** The record CSV's header, and the row of telemetry `t` (Docs/csv-formats.md). */
  recordHeader() { return this.document(this.x.fp_record_header()); }
  recordRow(t) {
    this.putFields("telemetry", t);
    return this.document(this.x.fp_record_row());
  }

  /** Thousandths as the CSVs write a position: -250 → "-0.250". */
  milli(value) { return this.document(this.x.fp_milli(value)); }

  /** Receiver counters: frames and each kind of discarded frame. */
  stats() {
    const [frames, overruns, malformed, tooShort, crcErrors] = [0, 1, 2, 3, 4].map((i) => this.x.fp_stat(i));
    return { frames, overruns, malformed, tooShort, crcErrors, discarded: overruns + malformed + tooShort + crcErrors };
  }

  resetReceiver() { this.x.fp_receiver_reset(); }

  // The session's rules, forcectl's (ForceHostCore's RequestExchange, SilenceWatch,
  // UnsolicitedSequence and ErrorReplyText): times are ms on the session's clock.
  sessionReset(nowMs) { this.x.fp_session_reset(nowMs); }
  /** The next request `seq` (1…255). */
  sessionSeq() { return this.x.fp_session_seq(); }
  /** Starts the exchange of request `name`; returns its `seq`. */
  exchangeStart(name, fields) {
    const seq = this.x.fp_exchange_start(this.types[name], name === "bench" ? fields.frames ?? 0 : 0);
    if (seq < 0) throw new Error(`${name} is not a request`);
    return seq;
  }
  /** How long to wait for the outstanding request's reply, in ms. */
  exchangeTimeout() { return this.x.fp_exchange_timeout(); }
  /** Whether message `m` is the outstanding request's reply (its `seq`, its reply type or `error`). */
  isReply(m) { return this.x.fp_exchange_is_reply(m.type, m.seq) === 1; }
  /** After a timeout (`reply` null) or a reply: "answered", "resend", "repeatAfterBusy" or "noReply". */
  exchangeNext(reply) {
    const kind = reply === null ? 0 : reply.name === "error" && this.errorCodes[reply.code] === "busy" ? 2 : 1;
    return ["answered", "resend", "repeatAfterBusy", "noReply"][this.x.fp_exchange_next(kind)];
  }
  /** The wait before a request answered `busy` is sent again, in ms. */
  busyDelay() { return this.x.fp_busy_delay(); }
  /** "no reply to NAME within `timeoutMs` ms: …" for the outstanding request. */
  noReplyText(timeoutMs) { return this.document(this.x.fp_no_reply_text(timeoutMs)); }
  /** A byte arrived at `nowMs` (the page streams all the time, so its requests do not count). */
  silenceHeard(nowMs) { this.x.fp_silence_heard(nowMs); }
  /** About a quiet device at `nowMs`: {probe, delimiterFirst}, {silent: "went silent: …"} or {}. */
  silenceCheck(nowMs, pending) {
    const result = this.x.fp_silence_check(nowMs, pending ? 1 : 0);
    if (result < 0) return { silent: this.document(this.x.fp_silence_text(-result)) };
    return result === 0 ? {} : { probe: true, delimiterFirst: result === 2 };
  }
  /** The device acknowledged `streamStart`: its next unsolicited frame carries `seq` 0. */
  unsolicitedRestart() { this.x.fp_unsolicited_restart(); }
  /** Notes an unsolicited frame's `seq`; returns the frames lost just before it. */
  unsolicited(seq) { return this.x.fp_unsolicited(seq); }
  /** An `error` reply in words, as forcectl prints it. */
  errorText(reply) {
    const length = this.x.fp_error_text(reply.code, reply.requestType, reply.parameter, reply.detail, reply.value);
    return length < 0 ? `the device answered error ${reply.code}` : this.document(length);
  }

  /** The text of a parameter rule code (the device's `outOfRange` detail). */
  ruleText(rule) {
    const length = this.x.fp_rule_text(rule);
    return length < 0 ? `rule ${rule}` : this.text(0, length);
  }

  /** Why the offline engine refused a value ({parameter, rule, value} of paramSet), as forcectl says it. */
  refusalText(error) {
    const length = this.x.fp_refusal_text(error.parameter, error.rule, error.value);
    return length < 0 ? `parameter ${error.parameter}: ${error.value} refused` : this.document(length);
  }

  /** Parameter `id`'s one-line summary, from the module's table (`ParameterID.guide`). */
  paramSummary(id) {
    const length = this.x.fp_param_summary(id);
    return length < 0 ? "" : this.text(0, length);
  }
  /** Parameter `id`'s group number (the order to show the groups in), or -1. */
  paramGroup(id) { return this.x.fp_param_group(id); }
  /** Group `group`'s heading ("Thresholds"), or null. */
  groupTitle(group) {
    const length = this.x.fp_group_title(group);
    return length < 0 ? null : this.text(0, length);
  }

  /** The symbol of an enum parameter's value ("thumb-roll"), or null. */
  symbol(id, value) {
    const length = this.x.fp_symbol(id, value);
    return length < 0 ? null : this.text(0, length);
  }

  // The offline engine.
  engineReset() { this.x.fp_engine_reset(); }
  /** One frame of input CSV `frame` (`inputCSV`) through the offline engine: its output. */
  engineStep(frame) {
    this.x.fp_engine_step(frame.left, frame.right, frame.leftPulled ?? frame.left, frame.rightPulled ?? frame.right);
    const values = this.fields(this.output.length);
    const out = { name: "injectResult" };
    this.output.forEach(({ key }, index) => { out[key] = values[index]; });
    return out;
  }
  paramCount() { return this.x.fp_param_count(); }
  paramDescribe(id) {
    if (this.x.fp_param_describe(id) < 0) return null;
    const p = { id };
    let textOffset = 0;
    const values = this.fields(this.layout.paramDescription.length);
    this.layout.paramDescription.forEach(({ key, kind }, index) => {
      if (kind !== "text") p[key] = values[index];
      else {
        p[key] = this.text(textOffset, values[index]);
        textOffset += values[index];
      }
    });
    return p;
  }
  /** Sets an offline parameter: null when accepted, else {parameter, rule, value}. */
  paramSet(id, value) {
    const result = this.x.fp_param_set(id, value);
    if (result === 0) return null;
    if (result < 0) return { parameter: id, rule: -1, value };
    const [parameter, rule, rejected] = this.fields(3);
    return { parameter, rule, value: rejected };
  }
  /** Sets [id, value] pairs all or nothing: null when accepted, else as paramSet. */
  paramSetBatch(pairs) {
    this.putPairs(pairs);
    const result = this.x.fp_param_set_batch();
    if (result === 0) return null;
    if (result < 0) return { parameter: pairs[0]?.[0] ?? 0, rule: -1, value: 0 };
    const [parameter, rule, rejected] = this.fields(3);
    return { parameter, rule, value: rejected };
  }
  paramDefaults() { this.x.fp_param_defaults(); }
  /**
   * The engine's speed against force (milli-items/s) for parameters [[id, value]]: {forces,
   * normal, boosted} at `points` forces over 0…1023, or null when the values are refused.
   */
  speedCurve(pairs, points = 64) {
    this.putPairs(pairs);
    if (this.x.fp_speed_curve(points) < 0) return null;
    const values = Array.from(this.fields(2 * points));
    const forces = values.slice(0, points).map((_, i) => Math.round((i * 1023) / (points - 1)));
    return { forces, normal: values.slice(0, points), boosted: values.slice(points) };
  }
  /** Checks parameters [[id, value]] as a whole without setting any: null, or {parameter, rule, value} as paramSet. */
  paramCheck(pairs) {
    this.putPairs(pairs);
    const result = this.x.fp_param_check();
    if (result <= 0) return result === 0 ? null : { parameter: pairs[0]?.[0] ?? 0, rule: -1, value: 0 };
    const [parameter, rule, value] = this.fields(3);
    return { parameter, rule, value };
  }
  /** Writes [id, value] pairs to the fields as paramSetBatch has them. */
  putPairs(pairs) {
    const values = this.fields(1 + 2 * pairs.length);
    values[0] = pairs.length;
    pairs.forEach(([id, value], i) => { values[1 + 2 * i] = id; values[2 + 2 * i] = value; });
  }
}
