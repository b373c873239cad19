// The wasm protocol module against the example frames of Protocol.md, the same
// vectors Tests/ForceProtocolTests/DocumentVectorTests.swift checks the Swift
// module with: each `// name` line followed by a line of hex bytes is one frame.
//
//   node --test Tests/WebTests/     (after Tools/build-wasm)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { Wire } from "../../Web/js/wire.js";
import { EngineParameters, parseProfile, profileJSON } from "../../Web/js/params.js";

const root = new URL("../../", import.meta.url);
const wasm = readFileSync(new URL(process.env.FORCEPICKER_WASM ?? "Web/forcepicker.wasm", root));
const doc = readFileSync(new URL("Sources/ForceProtocol/ForceProtocol.docc/Protocol.md", root), "utf8");

function vectors() {
  const lines = doc.split("\n");
  const result = [];
  lines.forEach((line, index) => {
    const label = line.trim();
    if (!label.startsWith("// ") || index + 1 >= lines.length) return;
    const hex = lines[index + 1].trim();
    if (!/^[0-9a-f]{2}( [0-9a-f]{2})*$/.test(hex)) return;
    result.push({ label: label.slice(3).split(" ")[0], bytes: Uint8Array.from(hex.split(" "), (h) => parseInt(h, 16)) });
  });
  return result;
}

// What the prose of Protocol.md says each example decodes to.
const expected = {
  hello: { seq: 1, protocolVersion: 3 },
  "hello-v1": { seq: 1, protocolVersion: 1 },
  "info-bootFaults": { board: "pico", stackHighWater: 984, cpuDuty: 14, bootFaults: 6, chipRevision: 2 },
  info: { protocolVersion: 3, firmwareMajor: 0, firmwareMinor: 1, firmwarePatch: 0, layoutVersion: 2, schemaHash: 0x12345678, parameterCount: 29, resetReason: 0, board: "microbit-v1", parameterSource: 1, capabilities: 0x1f, maxFrameSize: 255, stackHighWater: 612, cpuDuty: 37 },
  "info-olderRecord": { protocolVersion: 3, board: "sitl", parameterSource: 4, capabilities: 0x1e },
  paramDescription: { id: 4, count: 35, value: 205, min: 2, max: 1021, defaultValue: 205, paramName: "rest_threshold", unit: "counts" },
  "paramSet": { id: 16, value: 60 },
  "paramSet-rejected": { id: 4, value: 20 },
  "error-outOfRange": { code: 3, requestType: 4, parameter: 4, detail: 2, value: 20 },
  paramSetBatch: { pairs: [[4, 250], [5, 800]] },
  "paramSetBatch-rejected": { pairs: [[4, 900], [16, 40000]] },
  "error-batch": { code: 3, requestType: 5, parameter: 16, detail: 0, value: 40000 },
  "error-flash": { code: 5, requestType: 6, parameter: 255, detail: 0 },
  paramLoaded: { seq: 8, source: 0 },
  "paramLoaded-older": { seq: 8, source: 4 },
  streamStart: { decimation: 1, events: 1 },
  "error-unsupported": { code: 7, requestType: 9, parameter: 255, detail: 1, value: 0 },
  telemetry: { frame: 1234, left: 512, right: 300, force: 640, state: 2, direction: 0, value: 42, positionMilli: 42317, leftFault: 0, rightFault: 0 },
  "telemetry-first": { seq: 0, frame: 300, state: 0 },
  // Protocol 3: a right cell shorted to the rail (fault code 2, railed), then its telemetry (state 5, fault).
  "telemetry-fault": { frame: 1250, left: 38, right: 1023, force: 0, state: 5, direction: 0, value: 7, leftFault: 0, rightFault: 2 },
  event: { frame: 1240, eventValue: 7, eventLeftFault: 0, eventRightFault: 0 },
  "event-fault": { frame: 1246, mask: 0x308, boostOn: 0, eventLeftFault: 0, eventRightFault: 2 },
  inject: { resetFirst: 1, endSession: 0, samples: [[0, 0], [300, 280]] },
  injectResult: { index: 1, force: 412, state: 2, value: 42, fraction: 70313, unitsPerItem: 200000, positionMilli: 42352, leftFault: 0, rightFault: 0 },
  benchResult: { frames: 10000, ticks: 812345, tickHz: 1000000, maxFrameTicks: 95 },
  "benchResult-ended": { frames: 5120, tickHz: 16000000, stackHighWater: 612, cpuDuty: 37 },
  stats: { seq: 0x14 },
  bootsel: { seq: 0x1b },
  "ack-bootsel": { seq: 0x1b, requestType: 14 },
  "error-noBootloader": { seq: 0x1b, code: 7, requestType: 14, parameter: 255, detail: 0x20, value: 0 },
  statsReport: { rxBytes: 80021, rxFrames: 10003, rxCRCErrors: 1, rxOverruns: 0, rxMalformed: 0, rxTooShort: 0, uartErrors: 0, busy: 3, dropped: 0, txBytes: 192705, streamDropped: 12 },
  "error-busy": { code: 4, requestType: 3, parameter: 255, detail: 255, value: 0 },
};

// Requests the device refuses before doing anything, each with the error it replies:
// the module refuses them too, and names the same field and value.
const rejected = {
  "unknown-request": { reply: "error-unknownType", error: "unknownType" },
  "streamStart-reservedFlags": { reply: "error-reservedFlags", error: "fieldOutOfRange", offset: 2, value: 5 },
  "inject-badReading": { reply: "error-badReading", error: "fieldOutOfRange", offset: 5, value: 1024 },
  "bench-tooLong": { reply: "error-benchFrames", error: "fieldOutOfRange", offset: 0, value: -1 },
  // Two checks fail at once: the one the document's order puts first answers.
  "inject-flagsAndLength": { reply: "error-injectLength", error: "badLength", code: "badLength" },
  "paramSet-unknownShort": { reply: "error-unknownShort", error: "unknownParameter", code: "unknownParameter" },
};

const wire = await Wire.fromBytes(wasm);

test("every example of Protocol.md decodes to one frame and re-encodes to the same bytes", () => {
  const examples = vectors();
  assert.ok(examples.length >= 25, `only ${examples.length} vectors found`);
  for (const { label, bytes } of examples) {
    wire.resetReceiver();
    const messages = wire.feed(bytes);
    assert.equal(messages.length, 1, `${label}: ${messages.length} frames`);
    const m = messages[0];
    if (label === "crc-check" || rejected[label]) {
      assert.equal(m.name, "invalid", label);
      assert.equal(m.error, rejected[label]?.error ?? "unknownType", label);
      assert.deepEqual(wire.encodeRaw(m.type, m.seq, m.body), bytes, `${label} re-encodes differently`);
      if (label === "crc-check") assert.equal(new TextDecoder().decode(m.body), "3456789");
      continue;
    }
    assert.notEqual(m.name, "invalid", `${label}: ${m.error}`);
    assert.ok(label === m.name || label.startsWith(m.name + "-"), `${label} decoded as ${m.name}`);
    for (const [key, value] of Object.entries(expected[label] ?? {})) {
      assert.deepEqual(m[key], value, `${label}.${key}`);
    }
    assert.deepEqual(wire.encode(m.name, m, m.seq), bytes, `${label} re-encodes differently`);
  }
});

test("every example the test names is in Protocol.md, and the module decodes all message types", () => {
  const labels = new Set(vectors().map((v) => v.label));
  for (const label of [...Object.keys(expected), ...Object.keys(rejected)]) assert.ok(labels.has(label), label);
  const names = new Set(vectors().map((v) => { wire.resetReceiver(); return wire.feed(v.bytes)[0].name; }));
  for (const name of Object.keys(wire.types)) assert.ok(names.has(name), `no example decodes as ${name}`);
});

test("a refused request is refused by the module as the device's error reply says", () => {
  const frames = Object.fromEntries(vectors().map(({ label, bytes }) => {
    wire.resetReceiver();
    return [label, wire.feed(bytes)[0]];
  }));
  for (const [label, want] of Object.entries(rejected)) {
    const request = frames[label], reply = frames[want.reply];
    assert.equal(reply.name, "error", want.reply);
    assert.equal(reply.seq, request.seq, `${want.reply} answers ${label}`);
    assert.equal(reply.requestType, request.type, want.reply);
    if (want.error === "unknownType" || want.code) {
      assert.equal(wire.errorCodes[reply.code], want.code ?? "unknownType", want.reply);
      continue;
    }
    assert.deepEqual([request.offset, request.value], [want.offset, want.value], label);
    assert.equal(wire.errorCodes[reply.code], "outOfRange", want.reply);
    assert.deepEqual([reply.parameter, reply.detail, reply.value], [255, request.offset, request.value], want.reply);
  }
});

test("the event and injectResult examples carry the events the document lists", () => {
  const events = {};
  for (const { label, bytes } of vectors()) {
    if (label.startsWith("event") || label === "injectResult") events[label] = wire.eventTokens(wire.feed(bytes)[0]);
  }
  assert.equal(events.event, "commit:7;release");
  assert.equal(events["event-fault"], "boost:off;release;fault:right-railed");
  assert.equal(events.injectResult, "touch-down:87;direction:down;boost:on;value:42");
  // The token text of forcectl's CSV (OutputCSV.faultText): both cells, and none.
  const fault = { mask: 1 << 9, eventLeftFault: 1, eventRightFault: 3 };
  assert.equal(wire.eventTokens(fault), "fault:left-open+right-stuck");
  assert.equal(wire.eventTokens({ ...fault, eventLeftFault: 0, eventRightFault: 0 }), "fault:clear");
});

test("the page speaks the module's protocol and takes its names from it", () => {
  assert.equal(wire.protocolVersion, Number(doc.match(/Protocol version: \*\*(\d+)\*\*/)[1]));
  assert.equal(wire.protocolVersion, 4);
  assert.equal(wire.layoutVersion, Number(doc.match(/Layout version (\d+):/)[1]));
  assert.deepEqual(wire.states, ["idle", "resting", "scrolling", "boosted", "paused", "fault"]);
  assert.equal(wire.stateName(wire.states.length), null);
  // The CSVs' texts from the module (ForceHostCore's CSVText, as forcectl writes them).
  assert.equal(wire.recordHeader(), "frame,left,right,force,state,direction,position,value,faults");
  assert.deepEqual([-250, 0, 1500, -1].map((v) => wire.milli(v)), ["-0.250", "0.000", "1.500", "-0.001"]);
  const t = { frame: 7, left: 1023, right: 4, force: 0, state: 5, direction: 1, value: 3, positionMilli: -250,
    leftFault: 0, rightFault: 2 };
  assert.equal(wire.recordRow(t), "7,1023,4,0,fault,down,-0.250,3,right-railed");
  assert.equal(wire.recordRow({ ...t, rightFault: 0 }), "7,1023,4,0,fault,down,-0.250,3,ok");
  // Which codes hold the engine, and the warning in forcectl monitor's words (CellFaults.writeWarning).
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7].map((code) => wire.faultHolds(code)), [false, true, true, true, true, false, true, false]);
  assert.equal(wire.faultWarning(0, 0), "");
  assert.equal(wire.faultWarning(0, 2), "right cell railed (shorted to the supply?): the picker holds until it reads normally again");
  assert.equal(wire.faultWarning(1, 5), "left cell open (lead broken?); right cell drifted (rest moved beyond baseline_limit: " +
    "recalibrate): the picker holds until the left cell reads normally again");
  assert.equal(wire.faultWarning(5, 0), "left cell drifted (rest moved beyond baseline_limit: recalibrate): a warning: the picker still works");
  assert.equal(wire.faultWarning(3, 4), "left cell stuck (reading frozen); right cell intermittent (loose contact): " +
    "the picker holds until both read normally again");
  assert.equal(wire.faultWarning(7, 0), "faults 7 and 0");
});

/** A frame's body: the vector un-stuffed (COBS), without type, seq and CRC. */
function bodyOf(bytes) {
  const out = [];
  for (let index = 0; bytes[index] !== 0;) {
    const code = bytes[index];
    out.push(...bytes.slice(index + 1, index + code));
    index += code;
    if (code < 0xff && bytes[index] !== 0) out.push(0);
  }
  return Uint8Array.from(out.slice(2, -2));
}

test("fault code 7 is refused, received or sent; 6 (floating) is a fault", () => {
  const sample = vectors().find((v) => v.label === "telemetry-fault").bytes;
  wire.resetReceiver();
  const telemetry = wire.feed(sample)[0];
  const body = bodyOf(sample);
  assert.equal(body.length, 13);
  wire.resetReceiver();
  assert.equal(wire.feed(wire.encode("telemetry", { ...telemetry, leftFault: 6 }))[0].leftFault, 6);
  for (const code of [7]) {
    assert.throws(() => wire.encode("telemetry", { ...telemetry, rightFault: code }), /badValue/);
    assert.throws(() => wire.encode("telemetry", { ...telemetry, leftFault: code }), /badValue/);
    assert.throws(() => wire.encode("event", { frame: 1, mask: 1 << 9, eventLeftFault: code }), /badValue/);
    // Bits 34–39 of the packed word are bits 2–7 of its top byte (body offset 6): the
    // right cell's code in 5–7, the left's in 2–4. The frame passes the CRC and is refused.
    for (const shift of [5, 2]) {
      const changed = body.slice();
      changed[6] = (changed[6] & ~(7 << shift)) | (code << shift);
      wire.resetReceiver();
      const refused = wire.feed(wire.encodeRaw(0xa0, telemetry.seq, changed));
      assert.equal(refused.length, 1);
      assert.equal(refused[0].error, "badValue", `code ${code} at bit ${32 + shift}`);
    }
  }
  wire.resetReceiver();
  assert.deepEqual(wire.feed(wire.encodeRaw(0xa0, telemetry.seq, body))[0], telemetry, "the body round-trips");
});

test("a damaged frame is counted and not delivered", () => {
  wire.resetReceiver();
  const telemetry = vectors().find((v) => v.label === "telemetry").bytes.slice();
  telemetry[5] ^= 0x04;
  assert.equal(wire.feed(telemetry).length, 0);
  assert.equal(wire.stats().crcErrors, 1);
  assert.equal(wire.feed(vectors().find((v) => v.label === "hello").bytes).length, 1);
});

test("the engine refuses what the device refuses, with the same reply fields", () => {
  const reply = (label) => {
    wire.resetReceiver();
    const m = wire.feed(vectors().find((v) => v.label === label).bytes)[0];
    return { parameter: m.parameter, rule: m.detail, value: m.value };
  };
  wire.paramDefaults();
  // rest_threshold 20 breaks rule 2: the device names the parameter and value sent.
  assert.deepEqual(wire.paramSet(4, 20), reply("error-outOfRange"));
  assert.equal(wire.ruleText(2), "contact_threshold < rest_threshold - hysteresis");
  // A batch: the first broken rule (range_max's range) with the parameter it names.
  assert.deepEqual(wire.paramSetBatch([[4, 900], [16, 40000]]), reply("error-batch"));
  assert.equal(wire.paramDescribe(4).value, 205, "a refused batch changes nothing");
  assert.equal(wire.paramDescribe(4).value, 205);
  assert.equal(wire.paramSet(4, 300), null);
  assert.equal(wire.paramDescribe(4).value, 300);
  assert.equal(wire.symbol(1, 0), "thumb-roll");
  wire.paramDefaults();
});

test("the offline engine steps a press: touch-down, activate, value changes, release", () => {
  wire.paramDefaults();
  wire.engineReset();
  const tokens = [];
  const frames = [...Array(40).fill([0, 0]), ...Array(400).fill([300, 300]), ...Array(60).fill([0, 0])];
  for (const [left, right] of frames) tokens.push(wire.eventTokens(wire.engineStep({ left, right })));
  const all = tokens.filter(Boolean).join(";");
  assert.match(all, /^touch-down:\d+;activate;/);
  assert.match(all, /value:\d+/);
  assert.match(all, /release$/);
});

test("the offline engine's probes find a floating left pin in a file's pulled readings, and lose it when it is back", () => {
  wire.paramDefaults();
  wire.engineReset();
  // 4 s at rest; the left pin floats from 1 s to 2.5 s: with its pull-up on it reads 1023
  // (connected, the micro:bit's 13 kΩ pull-up lifts a cell at rest to about 210).
  const frames = [...Array(800).keys()].map((i) => ({
    left: 5, right: 6, leftPulled: i >= 200 && i < 500 ? 1023 : 210, rightPulled: 211,
  }));
  const tokens = frames.map((f) => wire.eventTokens(wire.engineStep(f))).filter(Boolean);
  assert.deepEqual(tokens, ["fault:left-floating", "fault:clear"]);
});

test("the offline engine holds while the right cell reads 1023, and lets go when it reads normally", () => {
  wire.paramDefaults();
  wire.engineReset();
  const frames = [...Array(100).fill([0, 0]), ...Array(40).fill([0, 1023]), ...Array(100).fill([0, 0])];
  const outputs = frames.map(([left, right]) => wire.engineStep({ left, right }));
  const tokens = outputs.map((out) => wire.eventTokens(out)).filter(Boolean);
  assert.deepEqual(tokens, ["fault:right-railed", "fault:clear"]);
  const held = outputs.filter((out) => out.rightFault === 2);
  assert.ok(held.length >= 40, `${held.length} frames with the right cell railed`);
  assert.ok(held.every((out) => wire.states[out.state] === "fault" && out.leftFault === 0 && out.force === 0));
  const last = outputs.at(-1);
  assert.deepEqual([wire.states[last.state], last.leftFault, last.rightFault], ["idle", 0, 0]);
});

test("the protocol's name tables come from the module, not from the page", () => {
  assert.equal(wire.types.paramDescribe, 0x02);
  assert.equal(wire.typeNames[0xff], "error");
  assert.equal(Object.keys(wire.types).length, 25);
  assert.equal(wire.types.bootsel, 0x0e);
  assert.deepEqual(wire.errorCodes.slice(1), ["unknownType", "badLength", "outOfRange", "busy", "flash", "unknownParameter", "unsupported"]);
  assert.equal(wire.decodeErrors[7], "fieldOutOfRange");
  assert.deepEqual(wire.capabilities, [
    "force sensor", "flash persistence", "inject", "bench", "streaming", "reboot into the bootloader"]);
  assert.equal(wire.parameterSources[1], "factory defaults (flash blank)");
  assert.equal(wire.flashFailures[1], "nothing saved yet (flash blank)");
  const js = new URL("Web/js/", root);
  for (const file of readdirSync(js)) {
    const source = readFileSync(new URL(file, js), "utf8");
    assert.doesNotMatch(source, /\b[a-zA-Z]+: 0x[0-9a-f]{2}\b/, `${file} has a message type table`);
    for (const text of [...wire.parameterSources, ...wire.flashFailures, ...wire.capabilities.slice(0, 2), ...wire.decodeErrors.slice(5, 7)]) {
      assert.ok(!source.includes(`"${text}"`), `${file} restates "${text}"`);
    }
  }
});

test("the input CSV is read by the module, in chunks, with forcectl's words", () => {
  const encode = (text) => new TextEncoder().encode(text);
  const long = "1,2\r\n".repeat(400);  // past one 1024-byte chunk, a CRLF split between chunks
  const frames = wire.inputCSV(encode("\ufeffT_MS,left,right\r\n" + long.replaceAll("1,2", "5,1,2")));
  assert.equal(frames.length, 400);
  assert.deepEqual(frames[399], { left: 1, right: 2, leftPulled: 1, rightPulled: 2 });
  const pulled = wire.inputCSV(encode("left,right,right_pulled,left_pulled\n7,8,90,1023\n"));
  assert.deepEqual(pulled, [{ left: 7, right: 8, leftPulled: 1023, rightPulled: 90 }]);
  const message = (text) => { try { wire.inputCSV(encode(text)); } catch (error) { return error.message; } return null; };
  assert.equal(message("\ufeffleft,right\r\n1,2\r\n1, x\r\n"), "line 3, column 4: right: 'x' is not a whole number");
  assert.equal(message("left,right\n1024,0\n"), "line 2, column 1: left: 1024 is outside 0...1023");
  assert.equal(message("left,right\n1,\u0007x\n"), "line 2, column 3: right: '\\u{07}x' is not a whole number");
  assert.equal(message("left\n1\n"), "line 1: header has no 'right' column (found 'left')");
  assert.equal(message(""), "input is empty: expected a header with left,right");
  assert.equal(message("left,right\n"), "input has a header but no frames");
  assert.equal(message("left,right,left_pulled\n1,2,3\n"),
    "line 1: header has 'left_pulled' but no 'right_pulled': the pulled readings come as a pair");
  const offline = readFileSync(new URL("Web/js/offline.js", root), "utf8");
  assert.doesNotMatch(offline, /split|parse/i, "offline.js parses CSV itself");
});

test("a parameter file is read by the module with forcectl's words", () => {
  const encode = (text) => new TextEncoder().encode(text);
  const id = (name) => [...Array(wire.paramCount()).keys()].find((i) => wire.paramDescribe(i).paramName === name);
  // An export (the fuzzer's seed, as `forcectl params export` writes it): every parameter, by name.
  const exported = readFileSync(new URL("Tests/Fuzzing/Corpus/ParameterJSON/export.json", root));
  const values = Object.entries(JSON.parse(new TextDecoder().decode(exported)).parameters);
  assert.deepEqual(wire.profile(exported), values.map(([name, value]) => {
    const p = id(name);
    return [p, typeof value === "number" ? value : [0, 1, 2, 3, 4, 5].find((v) => wire.symbol(p, v) === value)];
  }));
  // NAME=VALUE lines: a BOM, CRLF and a lone CR, comments, spaces and symbols.
  assert.deepEqual(wire.profile(encode("\ufeff# tuned\r\nrest_threshold = 240\r\ntechnique=pulse  # the pulse one\rsensitivity = firm\n")),
    [[id("rest_threshold"), 240], [id("technique"), 1], [id("sensitivity"), 2]]);
  const message = (text) => { try { wire.profile(typeof text === "string" ? encode(text) : text); } catch (error) { return error.message; } return null; };
  // What `forcectl sim run --profile FILE` prints after "FILE: " for the same bytes: the
  // texts of FileEdgeTests.swift, and of forcectl run on the others.
  const refusals = {
    "{\"format\": \"forcepicker-parameters\",\n \"schema_hsh\": \"0x0\", \"parameters\": {}}":
      "line 2, column 2: unknown key 'schema_hsh' (did you mean 'schema_hash'?); a parameter file has format, layout_version, schema_hash, parameters",
    '{"parameters": {"rest_treshold": 200}}': "line 1, column 17: unknown parameter 'rest_treshold' (did you mean 'rest_threshold'?)",
    "  rest_treshold = 200\n": "line 1, column 3: unknown parameter 'rest_treshold' (did you mean 'rest_threshold'?)",
    '{"parameters": {"colour": 200}}': "line 1, column 17: unknown parameter 'colour' (see `forcectl params list` or Docs/parameters.md)",
    "{\n  \"parameters\": {\n    \"rest_threshold\": 200,\n    \"rest_threshold\": 300\n  }\n}\n":
      "line 4, column 5: 'rest_threshold' is given twice (first on line 3)",
    "rest_threshold=200\n# later\nrest_threshold = 300\n": "line 3, column 1: rest_threshold is given twice (first on line 1)",
    "{\n  \"format\": \"forcepicker-parameters\",\n  \"parameters\": {\n    \"rest_threshold\": 300,\n":
      "line 5, column 1: the file ends inside the JSON (it is cut short?): expected a \"name\"",
    "{\n  \"format\": \"forcepicker-parameters\",\n  \"parameters\": {\n    \"rest_threshold\": 300 \"hysteresis\": 10}}":
      "line 4, column 27: expected ',' or '}', found '\"'",
    "{\n  \"format\": \"vscode-settings\",\n  \"parameters\": {\"rest_threshold\": 300}\n}\n":
      "line 2, column 13: \"format\" is 'vscode-settings'; a parameter file's is \"forcepicker-parameters\"",
    '{"layout_version": 3, "parameters": {"rest_threshold": 300}}': "line 1, column 20: parameter file has layout_version 3; this build uses 5",
    '{"parameters": {"rest_threshold": 3000000000}}': "line 1, column 35: rest_threshold: 3000000000 is not a 32-bit whole number",
    '{"parameters": {"sensitivity": "hard"}}': "line 1, column 32: sensitivity: 'hard' is not one of light, normal, firm",
    "technique=pulsee\n": "line 1, column 11: technique: 'pulsee' is not one of thumb-roll, pulse, press-through, two-button, wrap, positional",
    "rest_threshold 200\n": "line 1, column 1: 'rest_threshold 200' is not NAME=VALUE",
    '{"schema_hash": "0x12345678", "parameters": {"rest_threshold": 300, "zeta": 1, "alpha\\r": 2, "Beta": 3}}':
      "parameter file was written for schema '0x12345678'; this build uses 0x4ca768ae; unknown here: 'Beta', 'alpha\\r', 'zeta'; missing from the file: baseline_limit, baseline_rate, boost_threshold, contact_threshold, fault_ms, filter_ms, fsr_law, hid_key_commit, hid_key_down, hid_key_up, hid_mode, hysteresis, left_curve, left_gain, left_offset, press_through_level, probe_ms, pulse_window_ms, quick_release_ms, rail_level, range_max, range_min, right_curve, right_gain, right_offset, roll_threshold, sample_rate_hz, sensitivity, speed_boost_max, speed_boost_min, speed_normal_max, start_value, technique, wrap; re-export it with `forcectl params export`",
    "": "the file is empty: expected the JSON of `forcectl params export` or NAME=VALUE lines (Docs/parameters.md)",
    "# nothing yet\n\n": "the file sets no parameters: expected the JSON of `forcectl params export` or NAME=VALUE lines (Docs/parameters.md)",
    "\u007fELF\u0002\u0001\u0001\u0000\u0000\u0000":
      "line 1, column 8: a NUL byte is not text (after '\\u{7F}ELF\\u{02}\\u{01}\\u{01}'): a binary file, or text in another encoding?",
  };
  for (const [text, words] of Object.entries(refusals)) assert.equal(message(text), words, JSON.stringify(text));
  assert.equal(message(Uint8Array.of(...encode("rest_threshold=2"), 0xe9, ...encode("0\n"))),
    "line 1, column 17: byte 0xE9 is not UTF-8 text (after 'rest_threshold=2'): a binary file, or text in another encoding?");
  // A file larger than the module's file area is refused whole, not read in part.
  const capacity = wire.x.fp_file_capacity();
  assert.equal(message(encode("# " + "x".repeat(capacity) + "\nrest_threshold=240\n")),
    `the file has ${capacity + 22} bytes: too large for a parameter file (the page reads at most ${capacity}; an exported one has about 900)`);
  assert.deepEqual(wire.profile(encode("#".repeat(capacity - 19) + "\nrest_threshold=240")), [[id("rest_threshold"), 240]]);
  const params = readFileSync(new URL("Web/js/params.js", root), "utf8");
  assert.doesNotMatch(params, /JSON\.parse|editDistance|split\(/, "params.js parses profile files itself");
});

test("the page's offline export imports as the same parameters, and a refusal reads as the page shows it", () => {
  wire.paramDefaults();
  const offline = new EngineParameters(wire);
  const exported = new TextEncoder().encode(profileJSON(wire, offline.list));
  assert.deepEqual(parseProfile(wire, exported), offline.list.map((p) => [p.id, p.value]));
  assert.throws(() => parseProfile(wire, new TextEncoder().encode("hysteresis=1\nhysteresis=2\n")),
    { message: "profile: line 2, column 1: hysteresis is given twice (first on line 1)" });
});

test("the speed plot's curve is the engine's transfer function (Docs/signal-chain.md)", () => {
  const offline = new EngineParameters(wire);
  const pairs = offline.list.map((p) => [p.id, p.value]);
  const value = (name) => offline.list.find((p) => p.paramName === name).value;
  const [rest, boost, normalMax, boostMin, boostMax] =
    ["rest_threshold", "boost_threshold", "speed_normal_max", "speed_boost_min", "speed_boost_max"].map(value);
  const curve = wire.speedCurve(pairs, 64);
  assert.equal(curve.forces.length, 64);
  assert.deepEqual([curve.forces[0], curve.forces[63]], [0, 1023]);
  curve.forces.forEach((force, i) => {
    // Zero up to rest, linear to speed_normal_max at boost, flat above; boosted: linear
    // from speed_boost_min at boost to speed_boost_max at full scale. Within 1 %.
    const normal = force <= rest ? 0 : (Math.min(force, boost) - rest) * normalMax / (boost - rest);
    const boosted = boostMin + Math.max(0, force - boost) * (boostMax - boostMin) / (1023 - boost);
    assert.ok(Math.abs(curve.normal[i] - normal) <= normalMax / 100, `force ${force}: ${curve.normal[i]} for ${normal}`);
    assert.ok(Math.abs(curve.boosted[i] - boosted) <= boostMax / 100, `force ${force}: ${curve.boosted[i]} for ${boosted}`);
  });
  // An edit shows at once; values that break a rule give no curve.
  const id = (name) => offline.list.find((p) => p.paramName === name).id;
  assert.ok(Math.abs(wire.speedCurve([...pairs, [id("speed_normal_max"), 20000]]).normal[63] - 20000) <= 200);
  assert.equal(wire.speedCurve([...pairs, [id("rest_threshold"), boost + 1]]), null);
  // What a dragged line would break, checked without setting anything.
  assert.equal(wire.paramCheck(pairs), null);
  assert.deepEqual(wire.paramCheck([...pairs, [id("rest_threshold"), boost + 1]]),
    { parameter: id("rest_threshold"), rule: 3, value: boost + 1 });
  assert.equal(wire.ruleText(3), "rest_threshold < boost_threshold - hysteresis");
  assert.equal(offline.list.find((p) => p.paramName === "rest_threshold").value, rest, "a check set a value");
});

test("calibration's steps and prompts are forcectl calibrate's (CalibrationStep)", () => {
  assert.deepEqual(wire.calibrationSteps.map((s) => s.name), ["rest", "left press", "right press", "left medium press", "right medium press"]);
  assert.equal(wire.calibrationSteps[1].prompt, "Press the LEFT side firmly and hold");
  const calibrate = readFileSync(new URL("Sources/ForceHostCore/CalibrationStep.swift", root), "utf8");
  for (const { prompt } of wire.calibrationSteps) assert.ok(calibrate.includes(`"${prompt}"`), prompt);
});
