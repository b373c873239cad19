// The wasm protocol module against the example frames of Protocol.md, the same
// vectors Tests/ForceProtocolTests/DocumentVectorTests.swift checks the Swift
// module with: each `// name` line followed by a line of hex bytes is one frame.
//
//   node --test Tests/WebTests/     (after Tools/build-wasm)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Wire, eventTokens } from "../../Web/js/wire.js";

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
  hello: { seq: 1, protocolVersion: 1 },
  info: { major: 0, minor: 1, patch: 0, layoutVersion: 1, schemaHash: 0x12345678, parameterCount: 25, board: "microbit-v1", parameterSource: 1, capabilities: 0x1f, maxFrameSize: 255 },
  paramDescription: { id: 4, count: 25, value: 205, min: 2, max: 1021, defaultValue: 205, paramName: "rest_threshold", unit: "counts" },
  "paramSet": { id: 16, value: 60 },
  "paramSet-rejected": { id: 4, value: 20 },
  "error-outOfRange": { code: 3, requestType: 4, parameter: 3, detail: 2, value: 30 },
  paramSetBatch: { pairs: [[4, 250], [5, 800]] },
  streamStart: { decimation: 1, events: 1 },
  telemetry: { frame: 1234, left: 512, right: 300, force: 640, state: 2, direction: 0, value: 42, positionMilli: 42317 },
  event: { frame: 1240, eventValue: 7 },
  inject: { resetFirst: 1, endSession: 0, samples: [[0, 0], [300, 280]] },
  injectResult: { index: 1, force: 412, state: 2, value: 3, fraction: 70313, unitsPerItem: 200000, positionMilli: 3352 },
  benchResult: { frames: 10000, ticks: 812345, tickHz: 1000000, maxFrameTicks: 95 },
  "error-flash": { code: 5, requestType: 6, parameter: 255, detail: 0 },
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
    if (label === "crc-check" || label === "unknown-request") {
      assert.equal(m.name, "invalid", label);
      assert.equal(m.error, "unknownType", label);
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

test("the event and injectResult examples carry the events the document lists", () => {
  const events = {};
  for (const { label, bytes } of vectors()) {
    if (label === "event" || label === "injectResult") events[label] = eventTokens(wire.feed(bytes)[0]);
  }
  assert.equal(events.event, "commit:7;release");
  assert.equal(events.injectResult, "touch-down:87;direction:down;boost:on;value:42");
});

test("a damaged frame is counted and not delivered", () => {
  wire.resetReceiver();
  const telemetry = vectors().find((v) => v.label === "telemetry").bytes.slice();
  telemetry[5] ^= 0x04;
  assert.equal(wire.feed(telemetry).length, 0);
  assert.equal(wire.stats().crcErrors, 1);
  assert.equal(wire.feed(vectors().find((v) => v.label === "hello").bytes).length, 1);
});

test("the engine refuses what the device refuses, with the same rule", () => {
  wire.paramDefaults();
  const rejected = wire.paramSet(4, 20); // rest_threshold 20 breaks rule 2 on contact_threshold
  assert.deepEqual(rejected, { parameter: 3, rule: 2, value: 30 });
  assert.equal(wire.ruleText(2), "contact_threshold < rest_threshold - hysteresis");
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
  for (const [left, right] of frames) tokens.push(eventTokens(wire.engineStep(left, right)));
  const all = tokens.filter(Boolean).join(";");
  assert.match(all, /^touch-down:\d+;activate;/);
  assert.match(all, /value:\d+/);
  assert.match(all, /release$/);
});
