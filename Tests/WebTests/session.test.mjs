// The page's session rules, run by the wasm module (Web/js/wire.js, "the session's
// rules"), against Protocol.md's "Sequencing and timing" and forcectl's words for
// the same cases (Tests/ForceDeviceTests/RequestRulesTests.swift checks forcectl's).
//
//   node --test Tests/WebTests/     (after Tools/build-wasm)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Wire } from "../../Web/js/wire.js";

const root = new URL("../../", import.meta.url);
const wire = await Wire.fromBytes(readFileSync(new URL(process.env.FORCEPICKER_WASM ?? "Web/forcepicker.wasm", root)));

test("timeouts: 500 ms, 1 s for flash, 1 s + 1 ms a frame for bench", () => {
  wire.sessionReset(0);
  for (const [name, fields, ms] of [["paramGet", { id: 1 }, 500], ["hello", {}, 500], ["paramSave", {}, 1000],
    ["paramLoad", {}, 1000], ["bench", { frames: 10000 }, 11000]]) {
    wire.exchangeStart(name, fields);
    assert.equal(wire.exchangeTimeout(), ms, name);
  }
});

test("sequence numbers run 1…255 and skip 0, which streams start with", () => {
  wire.sessionReset(0);
  const seen = new Set();
  for (let i = 0; i < 600; i++) seen.add(wire.exchangeStart("stats", {}));
  assert.equal(seen.size, 255);
  assert.ok(!seen.has(0));
});

test("a reply is the same seq with the request's reply type or error", () => {
  wire.sessionReset(0);
  const seq = wire.exchangeStart("paramGet", { id: 4 });
  assert.ok(wire.isReply({ type: wire.types.paramValue, seq }));
  assert.ok(wire.isReply({ type: wire.types.error, seq }));
  assert.ok(!wire.isReply({ type: wire.types.ack, seq }));
  assert.ok(!wire.isReply({ type: wire.types.paramValue, seq: (seq + 1) & 0xff }));
});

test("three attempts after timeouts; bench once; busy repeated, then it stands", () => {
  wire.sessionReset(0);
  wire.exchangeStart("paramSet", { id: 4, value: 250 });
  assert.deepEqual([null, null, null].map(() => wire.exchangeNext(null)), ["resend", "resend", "noReply"]);
  wire.exchangeStart("bench", { frames: 10 });
  assert.equal(wire.exchangeNext(null), "noReply");
  wire.exchangeStart("paramGet", { id: 4 });
  const busy = { name: "error", code: wire.errorCodes.indexOf("busy") };
  let repeats = 0;
  while (wire.exchangeNext(busy) === "repeatAfterBusy") repeats++;
  assert.equal(repeats, 50);
  assert.equal(wire.busyDelay(), 100);
  wire.exchangeStart("paramGet", { id: 4 });
  assert.equal(wire.exchangeNext({ name: "paramValue" }), "answered");
});

test("a quiet device is probed after 1 s, every 500 ms, and silent at 2.5 s; never during a flash request", () => {
  wire.sessionReset(0);
  const actions = [];
  for (let now = 0; now <= 2600; now += 100) {
    const check = wire.silenceCheck(now, false);
    if (check.probe || check.silent) actions.push([now, check.silent ?? (check.delimiterFirst ? "00 stats" : "stats")]);
  }
  assert.deepEqual(actions.slice(0, 3), [[1000, "stats"], [1500, "00 stats"], [2000, "00 stats"]]);
  assert.equal(actions[3][0], 2500);
  assert.match(actions[3][1], /^went silent: nothing for 2\.5 s and no answer to stats requests/);
  wire.sessionReset(0);
  wire.exchangeStart("paramSave", {});
  assert.deepEqual(wire.silenceCheck(1200, true), {});
  wire.silenceHeard(3000);
  assert.deepEqual(wire.silenceCheck(4100, false), { probe: true, delimiterFirst: false });
});

test("gaps in the unsolicited seq are frames lost, counted from 0 after streamStart", () => {
  wire.sessionReset(0);
  assert.equal(wire.unsolicited(40), 0);
  assert.equal(wire.unsolicited(44), 3);
  wire.unsolicitedRestart();
  assert.equal(wire.unsolicited(2), 2);
});

test("error replies in forcectl's words", () => {
  const reply = (code, fields) => ({ code: wire.errorCodes.indexOf(code), requestType: 4, parameter: 255, detail: 255, value: 0, ...fields });
  assert.equal(wire.errorText(reply("outOfRange", { parameter: 4, detail: 2, value: 20 })),
    "rejected by the device: rest_threshold = 20 breaks the rule contact_threshold < rest_threshold - hysteresis");
  assert.equal(wire.errorText(reply("outOfRange", { parameter: 6, detail: 0, value: 500 })),
    "rejected by the device: hysteresis = 500 is outside 0...100");
  assert.equal(wire.errorText(reply("unknownType", { requestType: 0x3e })), "the device does not know request type 0x3e");
  assert.equal(wire.errorText(reply("flash", { detail: 1 })), "nothing saved in flash yet (use `params save` first)");
  assert.match(wire.errorText(reply("unsupported", { detail: 1 })), /^the device has no force sensor \(ADC\)/);
  assert.equal(wire.refusalText({ parameter: 6, rule: 0, value: 500 }), "hysteresis: 500 is outside 0...100");
  wire.exchangeStart("paramGet", { id: 4 });
  assert.equal(wire.noReplyText(500), "no reply to paramGet within 500 ms: the device stopped answering (unplugged or reset?)");
});
