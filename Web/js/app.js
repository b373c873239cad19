// The page: connects a transport, runs the session, and wires the controls.
import { Wire } from "./wire.js";
import { BridgeTransport, SerialTransport } from "./transport.js";
import { Device } from "./device.js";
import { TraceChart } from "./chart.js";
import { DeviceParameters, EngineParameters, ParameterPanel, profileJSON, parseProfile } from "./params.js";
import { Recorder } from "./record.js";
import { OfflinePlayer } from "./offline.js";
import { PickerView } from "./picker.js";
import { drawSpeed } from "./speed.js";

const $ = (id) => document.getElementById(id);
const ZONES = { idle: "idle", resting: "resting", scrolling: "normal", boosted: "boosted", paused: "paused", fault: "fault" };
const page = { wire: null, device: null, target: null, telemetryTimes: [], wantConnected: false, faults: [0, 0] };
const STATS_PERIOD_MS = 2000;  // how often the page reads the device's link counters
window.forcepicker = page;

function say(text, ok = false) {
  $("message").textContent = text;
  $("message").className = ok ? "message ok" : "message";
}

function setState(kind, text) {
  $("state").className = `state ${kind}`;
  $("state").textContent = text;
  page.state = kind;
  const online = kind === "connected";
  for (const id of ["save", "load", "diff", "record-start", "calibrate-start"]) $(id).disabled = !online;
  $("disconnect").disabled = !(online || kind === "connecting" || kind === "reconnecting");
  $("connect").disabled = online || kind === "connecting";
}

function download(name, text, type = "text/csv") {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
}

// --- live view -------------------------------------------------------------

const chart = new TraceChart($("chart"));
page.chart = chart;
const picker = new PickerView($("picker"));
const recorder = new Recorder(() => page.wire);
let calibration = null;

/** The parameter called `name` as the target holds it, or undefined. */
function parameterNamed(name) {
  return page.target?.list.find((p) => p.paramName === name);
}

/** The parameter a line on the chart sets: "rest" → rest_threshold; "hysteresis". */
const lineParameter = (name) => parameterNamed(name === "hysteresis" ? name : `${name}_threshold`);

const speedRow = document.createElement("tr");
speedRow.className = "plot";
speedRow.innerHTML = '<td colspan="4"><canvas id="speed" role="img"></canvas></td>';

/**
 * Shows what the target holds beyond the table: the chart's lines, the speed plot, and
 * how many values differ from the saved ones (on the Save button).
 */
function thresholdLines() {
  const lines = {};
  for (const name of ["contact", "rest", "boost"]) {
    const v = lineParameter(name)?.value;
    if (v !== undefined) lines[name] = v;
  }
  chart.setLines(lines, lineParameter("hysteresis")?.value ?? 0);
  const speed = parameterNamed("speed_normal_max");
  if (speed) {
    const group = page.wire.paramGroup(speed.id);
    panel.rows.get(page.target.list.find((p) => page.wire.paramGroup(p.id) === group).id)?.tr.before(speedRow);
    drawSpeed($("speed"), page.wire, page.target.list);
  }
  const unsaved = panel.unsaved;
  $("save").textContent = unsaved ? `Save (${unsaved} unsaved)` : "Save";
}

/** The warning for the cells' faults (from telemetry, or the offline engine); hidden while neither has one. */
function showFaults(left, right) {
  if (left === page.faults[0] && right === page.faults[1]) return;
  page.faults = [left, right];
  const banner = $("fault");
  banner.textContent = page.wire.faultWarning(left, right);
  banner.className = [left, right].some((code) => page.wire.faultHolds(code)) ? "fault-banner holds" : "fault-banner";
  banner.hidden = !banner.textContent;
}

function showFrame(left, right, out) {
  chart.push(left, right, out.force);
  const state = page.wire.states[out.state] ?? `state ${out.state}`;
  $("zone").textContent = ZONES[state] === state ? state : `${ZONES[state] ?? state} (${state})`;
  $("zone").className = state === "fault" ? "fault" : "";
  showFaults(out.leftFault, out.rightFault);
  $("direction").textContent = out.direction ? "down" : "up";
  $("position").textContent = page.wire.milli(out.positionMilli);
  $("value").textContent = String(out.value);
  const value = (name, fallback) => parameterNamed(name)?.value ?? fallback;
  const range = { min: value("range_min", out.value), max: value("range_max", out.value), wrap: value("wrap", 0) !== 0 };
  picker.show(out.value, out.positionMilli, out.direction, ZONES[state] ?? state, range);
}

function showEvents(m) {
  const tokens = page.wire.eventTokens(m);
  if (!tokens) return;
  for (const token of tokens.split(";")) if (!token.startsWith("value:")) chart.mark(token);
  $("events").textContent = tokens;
}

function onTelemetry(t) {
  page.telemetryTimes.push([t.frame, t.receivedAt]);
  if (page.telemetryTimes.length > 4000) page.telemetryTimes.splice(0, 2000);
  showFrame(t.left, t.right, t);
  recorder.add(t);
  if (recorder.active) $("record-status").textContent = `${recorder.rows.length} rows`;
  if (calibration?.recording) page.wire.calibrationAdd(calibration.step, t.left, t.right);
}

/**
 * Frames lost on the link (gaps in the unsolicited seq) and discarded by the page's
 * receiver; from the device's `stats` (since connecting): frames it did not send for
 * lack of transmit room, requests answered busy, and receive errors on its side.
 */
function showCounters(c) {
  const stats = page.wire.stats();
  let text = `telemetry ${c.telemetry} · events ${c.events} · frames lost ${c.lost}` +
    `${c.gaps ? ` in ${c.gaps} gaps` : ""} · discarded ${stats.discarded}`;
  const d = c.device;
  if (d) {
    const receiveErrors = d.rxCRCErrors + d.rxOverruns + d.rxMalformed + d.rxTooShort + d.uartErrors;
    text += ` · device: not sent ${d.streamDropped} · busy ${d.busy} · receive errors ${receiveErrors}` +
      `${d.dropped ? ` · requests dropped ${d.dropped}` : ""}`;
  }
  $("counters").textContent = text;
}

/** Reads the device's link counters now and every STATS_PERIOD_MS while `device` is the page's. */
async function pollStats(device) {
  clearTimeout(page.statsTimer);
  if (page.device !== device) return;
  try {
    await device.readStats();
  } catch (error) {
    if (page.device !== device) return;
    say(`link counters: ${error.message}`);
  }
  if (page.device === device) page.statsTimer = setTimeout(() => pollStats(device), STATS_PERIOD_MS);
}

// --- connection ------------------------------------------------------------

function makeTransport() {
  return $("transport").value === "serial" ? new SerialTransport() : new BridgeTransport();
}

/** The values the device would come up with after a reset: those it read from flash, or the defaults. */
function savedFromSource(source) {
  if (source === 3) return null;  // no parameter flash: nothing is ever saved
  const flash = source === 0 || source === 4;
  return new Map(page.target.list.map((p) => [p.id, flash ? p.value : p.defaultValue]));
}

async function connect() {
  page.player?.stop();
  showFaults(0, 0);
  page.wantConnected = true;
  setState("connecting", "connecting…");
  const device = new Device(page.wire, makeTransport());
  page.device = device;
  device.on("telemetry", onTelemetry);
  device.on("event", showEvents);
  device.on("counters", showCounters);
  device.on("close", (reason) => disconnected(device, reason));
  try {
    const info = await device.connect();
    page.target = new DeviceParameters(device);
    panel.show(page.target);
    panel.saved = savedFromSource(info.parameterSource);
    panel.refresh();
    thresholdLines();
    chart.clear();
    let streaming = true;
    try {
      await device.request("streamStart", { decimation: 1, events: 1 });
    } catch (error) {
      if (error.reply?.code !== 7) throw error;  // unsupported: no force sensor, no live traces
      streaming = false;
    }
    const source = page.wire.parameterSources[info.parameterSource] ?? `parameter source ${info.parameterSource}`;
    $("param-source").textContent = `from the device: ${source}`;
    setState("connected", `connected: ${info.board} firmware ${info.firmwareMajor}.${info.firmwareMinor}.${info.firmwarePatch} via ${device.transport.label}`);
    page.silence = null;
    say(streaming ? "" : "connected without live traces: the device has no force sensor");
    await pollStats(device);
  } catch (error) {
    device.close();
    page.device = null;
    const refused = /another page/.test(error.message);
    if (refused) page.wantConnected = false;
    setState("failed", refused ? "refused" : page.silence ? "device silent" : "not connected");
    // While a device that went silent stays so, its silence stays the message.
    say(page.silence ? `${page.silence}; still no answer (${error.message}), trying again` : error.message);
    if (page.wantConnected && $("transport").value === "bridge") retry();
  }
}

function retry() {
  clearTimeout(page.retryTimer);
  setState("reconnecting", "reconnecting…");
  page.retryTimer = setTimeout(() => { if (page.wantConnected) connect(); }, 1500);
}

function disconnected(device, reason) {
  if (page.device !== device) return;
  page.device = null;
  showFaults(0, 0);  // nothing is known of the cells without telemetry
  page.silence = / went silent: /.test(reason) ? reason : null;
  setState("failed", page.silence ? "device silent" : "disconnected");
  say(`disconnected: ${reason}`);
  if (page.wantConnected && $("transport").value === "bridge") retry();
}

function disconnect() {
  page.wantConnected = false;
  page.silence = null;
  clearTimeout(page.retryTimer);
  const device = page.device;
  page.device = null;
  clearTimeout(page.statsTimer);
  device?.close();
  showFaults(0, 0);
  setState("idle", "not connected");
  useOffline();
}

function useOffline() {
  page.target = new EngineParameters(page.wire);
  panel.show(page.target);
  thresholdLines();
  $("param-source").textContent = "offline: the page's own engine";
}

// --- parameters ------------------------------------------------------------

const panel = new ParameterPanel($("params"), null);
panel.onchange = () => thresholdLines();
chart.enableDragging(async (name, value) => {
  const p = name && lineParameter(name);
  if (!p) {  // put back unset
    say("");
    return thresholdLines();
  }
  await panel.change(p, value);
  thresholdLines();
  if (p.value === value) say(`${p.paramName} = ${value} ✓ (read back)`, true);
  else say(`${p.paramName} = ${value} refused: ${panel.rows.get(p.id)?.status.textContent ?? ""}; the line is back at ${p.value}`);
}, $("chart-detail"), (name, value) => {
  // While a line moves: the rule its value would break, checked by the module.
  const p = lineParameter(name);
  if (!p) return null;
  const error = page.wire.paramCheck(page.target.list.map((q) => [q.id, q === p ? value : q.value]));
  const rule = error && error.rule >= 0 ? page.wire.ruleText(error.rule) : null;
  say(rule ? `${p.paramName} = ${value} would break ${rule}` : `${p.paramName} = ${value}`, !rule);
  return rule;
});
panel.onhistory = () => {
  const label = panel.undoLabel;
  $("undo").disabled = !label;
  $("undo").textContent = label ? `Undo: ${label}` : "Undo";
};

/** Runs `work`, then says `done` (a text, or a function of the work's result). */
async function action(label, work, done) {
  say(`${label}…`, true);
  try {
    const result = await work();
    panel.refresh();
    thresholdLines();
    say(typeof done === "function" ? done(result) : done, true);
  } catch (error) {
    say(`${label} failed: ${error.message}`);
  }
}

async function diffAgainstSaved() {
  const target = page.target;
  const current = target.list.map((p) => [p.id, p.value]);
  const output = $("diff-output");
  try {
    const loaded = await target.device.request("paramLoad");
    const saved = [];
    for (const p of target.list) saved.push((await target.device.request("paramGet", { id: p.id })).value);
    await target.device.request("paramSetBatch", { pairs: current });
    panel.saved = new Map(target.list.map((p, i) => [p.id, saved[i]]));
    panel.refresh();
    thresholdLines();
    const lines = target.list.filter((p, i) => saved[i] !== p.value)
      .map((p, i) => `${p.paramName}: saved ${saved[p.id]}, now ${p.value}`);
    const note = loaded.source === 4 ? [`compared with the older saved record: ${page.wire.parameterSources[4]}`] : [];
    output.textContent = [...note, ...(lines.length ? lines : ["no difference: the device holds what is saved"])].join("\n");
  } catch (error) {
    if (error.reply?.code === 5) {  // nothing saved: a reset brings the defaults
      panel.saved = new Map(target.list.map((p) => [p.id, p.defaultValue]));
      panel.refresh();
      thresholdLines();
    }
    output.textContent = error.reply?.code === 5 ? `nothing to compare: ${error.message}` : `diff failed: ${error.message}`;
  }
  output.hidden = false;
}

// --- wiring ----------------------------------------------------------------

function wire() {
  $("connect").onclick = connect;
  $("disconnect").onclick = disconnect;
  $("save").onclick = () => action("saving", () => page.target.save(), () => {
    panel.saved = new Map(page.target.list.map((p) => [p.id, p.value]));
    panel.refresh();
    thresholdLines();
    if (page.target.online) $("param-source").textContent = "from the device: saved to flash";
    return "saved to flash ✓ (the device acknowledged the write)";
  });
  $("load").onclick = () => action("loading", () => page.target.load(), (source) => {
    panel.saved = new Map(page.target.list.map((p) => [p.id, p.value]));
    panel.refresh();
    thresholdLines();
    $("param-source").textContent = `from the device: ${page.wire.parameterSources[source]}`;
    return source === 4 ? "loaded the older saved record: the newest was damaged or unfinished, so the last save was lost"
      : "loaded the saved parameters";
  });
  $("defaults").onclick = () => action("restoring defaults", () => page.target.defaults(),
    page.target?.online ? "factory defaults in effect (not saved: press Save to keep them)" : "factory defaults");
  $("diff").onclick = diffAgainstSaved;
  $("undo").onclick = () => action("undoing", () => panel.undo(), "undone: the device has the value before the last change");
  $("export").onclick = () => download("forcepicker-parameters.json",
    profileJSON(page.wire, page.target.list, page.device?.info), "application/json");
  $("import").onchange = async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    await action(`importing ${file.name}`, async () => page.target.setBatch(parseProfile(page.wire, bytes)),
      `imported ${file.name}`);
  };
  $("record-start").onclick = () => {
    recorder.start();
    $("record-start").disabled = true;
    $("record-stop").disabled = false;
    $("record-download").hidden = true;
  };
  $("record-stop").onclick = () => {
    const rows = recorder.rows.length;
    const link = $("record-download");
    link.href = URL.createObjectURL(new Blob([recorder.stop()], { type: "text/csv" }));
    link.hidden = false;
    link.textContent = `Download CSV (${rows} rows)`;
    $("record-status").textContent = `${rows} rows recorded`;
    $("record-start").disabled = page.state !== "connected";
    $("record-stop").disabled = true;
  };
  wireCalibration();
  $("pause").onclick = () => {
    const on = !chart.paused;
    chart.pause(on);
    $("pause").setAttribute("aria-pressed", String(on));
    $("pause").textContent = on ? "Resume" : "Pause";
    const scroll = $("scroll");
    scroll.disabled = !on;
    scroll.max = String(chart.scrollable);
    scroll.value = scroll.max;
    if (!on) $("chart-detail").textContent = "";
  };
  $("scroll").oninput = () => chart.scrollBack(Number($("scroll").max) - Number($("scroll").value));
  $("offline-file").onchange = async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (page.device) {
      say("disconnect first: offline mode plays the trace through the page's own engine");
      return;
    }
    try {
      const frames = page.wire.inputCSV(new Uint8Array(await file.arrayBuffer()));
      if (!page.target || page.target.online) useOffline();
      chart.clear();
      showFaults(0, 0);
      const rate = parameterNamed("sample_rate_hz")?.value ?? 200;
      setState("offline", `offline: ${file.name}`);
      $("offline-status").textContent = `playing ${frames.length} frames at ${rate} Hz`;
      page.player = new OfflinePlayer(page.wire, (f, out, index) => {
        showFrame(f.left, f.right, out);
        showEvents(out);
        if (index === frames.length - 1) $("offline-status").textContent = `played ${frames.length} frames`;
      });
      page.player.play(frames, rate);
    } catch (error) {
      say(`${file.name}: ${error.message}`);
    }
  };
}

function wireCalibration() {
  const show = (ids) => {
    for (const id of ["calibrate-start", "calibrate-next", "calibrate-apply", "calibrate-cancel"]) $(id).hidden = !ids.includes(id);
  };
  const prompt = (text) => { $("calibrate-prompt").textContent = text; };
  const STEPS = page.wire.calibrationSteps;
  const ask = (step) => prompt(`Step ${step + 1} of ${STEPS.length}: ${STEPS[step].prompt}, then press “Record this step”.`);
  $("calibrate-start").onclick = () => {
    calibration = { step: 0, recording: false };
    page.wire.calibrationReset();
    ask(0);
    show(["calibrate-next", "calibrate-cancel"]);
  };
  $("calibrate-cancel").onclick = () => {
    calibration = null;
    prompt("Calibration cancelled: nothing changed.");
    show(["calibrate-start"]);
  };
  $("calibrate-next").onclick = () => {
    $("calibrate-next").disabled = true;
    calibration.recording = true;
    prompt(`Recording ${STEPS[calibration.step].name} for one second…`);
    setTimeout(() => {
      $("calibrate-next").disabled = false;
      calibration.recording = false;
      calibration.step++;
      if (calibration.step < STEPS.length) return ask(calibration.step);
      const railLevel = parameterNamed("rail_level")?.value ?? 1023;
      calibration.proposal = page.wire.calibrate(railLevel);
      if (calibration.proposal.refused) {
        prompt(`Calibration failed: ${calibration.proposal.refused}`);
        calibration = null;
        show(["calibrate-start"]);
        return;
      }
      prompt(`Proposal: ${calibration.proposal.summary}. Apply sets all five in one batch (not saved until Save).`);
      show(["calibrate-apply", "calibrate-cancel"]);
    }, 1000);
  };
  $("calibrate-apply").onclick = async () => {
    const { pairs } = calibration.proposal;
    await action("applying the calibration", () => page.target.setBatch(pairs), "calibration applied (press Save to keep it)");
    calibration = null;
    prompt("Calibration applied.");
    show(["calibrate-start"]);
  };
}

async function start() {
  try {
    page.wire = await Wire.load("forcepicker.wasm");
  } catch (error) {
    say(`cannot load the protocol module: ${error.message} (build it with Tools/build-wasm)`);
    return;
  }
  panel.wire = page.wire;
  wire();
  useOffline();
  setState("idle", "not connected");
  const bridged = await fetch("bridge.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);
  if (!SerialTransport.available()) $("transport").querySelector('[value="serial"]').disabled = true;
  const link = new URLSearchParams(location.search).get("link");
  if (link === "serial" && SerialTransport.available()) {
    $("transport").value = "serial";
    say("press Connect and choose the device's serial port");
  } else if (bridged) {
    $("transport").value = "bridge";
    connect();
  } else {
    $("transport").querySelector('[value="bridge"]').disabled = true;
    $("transport").value = "serial";
    say(SerialTransport.available() ? "no bridge: connect over Web Serial, or play a CSV offline"
      : "no bridge and no Web Serial in this browser: play a CSV offline, or run forcectl ui");
  }
  page.ready = true;
}

start();
