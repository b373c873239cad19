// The parameter table: one row per parameter from the self-description (name,
// value, unit, range, default), a slider (a choice of names for an enum, from the
// module's own symbols) and a number box. Every change goes to the
// target (the device, or the page's own engine offline) and the row shows the value
// read back, or the reason the target gave for refusing it.

/** Parameters kept on a device: every change is a request, read back from the reply. */
export class DeviceParameters {
  constructor(device) { this.device = device; this.online = true; }
  get list() { return this.device.parameters; }
  async set(id, value) { return (await this.device.request("paramSet", { id, value })).value; }
  async setBatch(pairs) { await this.device.request("paramSetBatch", { pairs }); await this.refresh(); }
  async save() { await this.device.request("paramSave"); }
  /** Loads the saved parameters; returns the `paramLoaded` source (0 newest record, 4 older). */
  async load() {
    const reply = await this.device.request("paramLoad");
    await this.refresh();
    return reply.source;
  }
  async defaults() { await this.device.request("paramDefaults"); await this.refresh(); }
  async refresh() {
    for (const p of this.list) p.value = (await this.device.request("paramGet", { id: p.id })).value;
  }
}

/** Parameters of the page's own engine (offline mode), checked by the same rules. */
export class EngineParameters {
  constructor(wire) {
    this.wire = wire;
    this.online = false;
    this.list = [];
    this.refreshSync();
  }
  refreshSync() {
    this.list = [];
    for (let id = 0; id < this.wire.paramCount(); id++) this.list.push(this.wire.paramDescribe(id));
  }
  refused(error) {
    return new Error(error.rule < 0 ? `no parameter with id ${error.parameter}` : this.wire.refusalText(error));
  }
  async set(id, value) {
    const error = this.wire.paramSet(id, value);
    if (error) throw this.refused(error);
    this.refreshSync();
    return this.list[id].value;
  }
  async setBatch(pairs) {
    const error = this.wire.paramSetBatch(pairs);
    if (error) throw this.refused(error);
    this.refreshSync();
  }
  async defaults() { this.wire.paramDefaults(); this.refreshSync(); }
}

/** The profile file of `forcectl params export` (JSON, names, enum symbols). */
export function profileJSON(wire, list, info) {
  const lines = ["{", '  "format": "forcepicker-parameters",',
    `  "layout_version": ${info?.layoutVersion ?? wire.layoutVersion},`,
    `  "schema_hash": "0x${((info?.schemaHash ?? wire.schemaHash) >>> 0).toString(16).padStart(8, "0")}",`,
    '  "parameters": {'];
  list.forEach((p, index) => {
    const symbol = wire.symbol(p.id, p.value);
    lines.push(`    "${p.paramName}": ${symbol ? `"${symbol}"` : p.value}${index + 1 < list.length ? "," : ""}`);
  });
  lines.push("  }", "}");
  return lines.join("\n") + "\n";
}

/**
 * [id, value] pairs from a profile file's bytes (JSON as exported, or NAME=VALUE lines),
 * read by the module as forcectl reads it (`Wire.profile`); a refusal throws forcectl's
 * words after "profile: ".
 */
export function parseProfile(wire, bytes) {
  try {
    return wire.profile(bytes);
  } catch (error) {
    throw new Error(`profile: ${error.message}`);
  }
}

export class ParameterPanel {
  constructor(body, wire) {
    this.body = body;
    this.wire = wire;
    this.rows = new Map();
    this.onchange = () => {};
    /** Changes the target took, newest last: {p, before}, for `undo`. */
    this.history = [];
    this.onhistory = () => {};
    /** The values a reset of the device would bring (saved, or the defaults) by id; null offline. */
    this.saved = null;
  }

  /** How many values differ from the saved ones. */
  get unsaved() { return this.target?.list.filter((p) => this.saved && this.saved.get(p.id) !== p.value).length ?? 0; }

  /** Builds the rows for `target` (DeviceParameters or EngineParameters). */
  show(target) {
    this.target = target;
    this.body.replaceChildren();
    this.rows.clear();
    this.history = [];
    this.saved = null;
    this.onhistory();
    // By group, in the module's order; inside a group, in id order.
    const groups = new Map();
    for (const p of target.list) {
      const group = this.wire.paramGroup(p.id);
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(p);
    }
    for (const group of [...groups.keys()].sort((a, b) => a - b)) {
      const heading = document.createElement("tr");
      heading.className = "group";
      heading.innerHTML = `<th colspan="4" scope="colgroup">${this.wire.groupTitle(group) ?? "Other"}</th>`;
      this.body.append(heading);
      for (const p of groups.get(group)) this.body.append(this.row(p));
    }
  }

  /** An enum parameter's [value, name] pairs (`technique`: thumb-roll, …), or null. */
  choices(p) {
    const pairs = [];
    for (let value = p.min; value <= p.max; value++) {
      const name = this.wire.symbol(p.id, value);
      if (name === null) return null;
      pairs.push([value, name]);
    }
    return pairs.length > 0 ? pairs : null;
  }

  row(p) {
    const tr = document.createElement("tr");
    tr.dataset.name = p.paramName;
    const span = p.max - p.min;
    const choices = this.choices(p);
    // An enum is chosen by name; a number by a slider. Both keep the number box.
    const picker = choices
      ? `<select aria-label="${p.paramName}">${choices.map(([v, name]) => `<option value="${v}">${name}</option>`).join("")}</select>`
      : `<input type="range" aria-label="${p.paramName}" min="${p.min}" max="${p.max}" step="${Math.max(1, Math.round(span / 1000))}">`;
    tr.innerHTML = `<td class="name" title="default ${p.defaultValue}">${p.paramName}
        <div class="summary">${this.wire.paramSummary(p.id)}</div></td>
      <td>${picker}
          <input type="number" aria-label="${p.paramName} value" min="${p.min}" max="${p.max}"><div class="status"></div></td>
      <td class="unit">${p.unit}</td><td class="range">${p.min}…${p.max}<br>default ${p.defaultValue}</td>`;
    const slider = tr.querySelector("select, input[type=range]");
    const box = tr.querySelector("input[type=number]");
    const status = tr.querySelector(".status");
    const unit = tr.querySelector(".unit");
    slider.addEventListener("input", () => { box.value = slider.value; });
    slider.addEventListener("change", () => this.change(p, Number(slider.value)));
    box.addEventListener("change", () => this.change(p, Number(box.value)));
    this.rows.set(p.id, { tr, slider, box, status, unit });
    this.update(p);
    return tr;
  }

  /** Shows `p.value` (what the target holds now). */
  update(p) {
    const row = this.rows.get(p.id);
    if (!row) return;
    row.slider.value = p.value;
    row.box.value = p.value;
    const symbol = this.wire.symbol(p.id, p.value);
    row.tr.classList.toggle("changed", p.value !== p.defaultValue);
    row.tr.classList.toggle("unsaved", !!this.saved && this.saved.get(p.id) !== p.value);
    row.unit.textContent = symbol ? `${p.unit}: ${symbol}` : p.unit;
  }

  refresh() { for (const p of this.target.list) this.update(p); }

  /** What `undo` would do, as a button says it ("rest_threshold back to 205"), or null. */
  get undoLabel() {
    const last = this.history[this.history.length - 1];
    return last ? `${last.p.paramName} back to ${this.wire.symbol(last.p.id, last.before) ?? last.before}` : null;
  }

  /** Sets the parameter changed last back to the value it had before. */
  async undo() {
    const last = this.history.pop();
    if (!last) return;
    await this.change(last.p, last.before, false);
    this.onhistory();
  }

  async change(p, value, remember = true) {
    const row = this.rows.get(p.id);
    const before = p.value;
    row.status.className = "status";
    row.status.textContent = "…";
    try {
      p.value = await this.target.set(p.id, value);
      row.status.className = "status accepted";
      row.status.textContent = `✓ ${p.value}`;
      if (remember && p.value !== before) {
        this.history = [...this.history.slice(-19), { p, before }];
        this.onhistory();
      }
      this.onchange(p);
    } catch (error) {
      row.status.className = "status refused";
      row.status.textContent = error.message;
    }
    this.update(p);
  }
}
