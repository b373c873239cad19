// The parameter table: one row per parameter from the self-description (name,
// value, unit, range, default), a slider and a number box. Every change goes to the
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
    `  "schema_hash": "0x${((info?.schemaHash ?? 0) >>> 0).toString(16).padStart(8, "0")}",`,
    '  "parameters": {'];
  list.forEach((p, index) => {
    const symbol = wire.symbol(p.id, p.value);
    lines.push(`    "${p.paramName}": ${symbol ? `"${symbol}"` : p.value}${index + 1 < list.length ? "," : ""}`);
  });
  lines.push("  }", "}");
  return lines.join("\n") + "\n";
}

/** "line L, column C: " where JSON.parse stopped (its message's position, or the end). */
function jsonPlace(text, error) {
  const at = /position (\d+)/.exec(error.message);
  const position = at ? Number(at[1]) : /end of JSON/.test(error.message) ? text.length : null;
  return position === null ? "" : placeAt(text, position);
}

/** "line L, column C: " of the character at `position` of `text`. */
function placeAt(text, position) {
  const before = text.slice(0, position).split("\n");
  return `line ${before.length}, column ${before[before.length - 1].length + 1}: `;
}

/** The keys of the outermost JSON object of `text` (valid JSON), in order, with the offset of each. */
function topLevelKeys(text) {
  const keys = [];
  const colon = /\s*:/y;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (c === '"') {
      const start = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
      colon.lastIndex = i + 1;
      if (depth === 1 && colon.test(text)) {
        keys.push({ name: JSON.parse(text.slice(start, i + 1)), offset: start });
      }
    }
  }
  return keys;
}

/** The candidate nearest to `text`, as forcectl's "did you mean" picks it (Suggestion.swift). */
function closestName(text, candidates) {
  const limit = Math.min(3, Math.max(1, Math.floor([...text].length / 3)));
  const typed = [...text.toLowerCase()];
  let best = null;
  for (const candidate of candidates) {
    const known = [...candidate.toLowerCase()];
    if (Math.abs(typed.length - known.length) > limit) continue;
    const distance = editDistance(typed, known);
    if (distance <= limit && (best === null || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Levenshtein distance, counting a swap of neighbours as one edit. */
function editDistance(a, b) {
  if (!a.length || !b.length) return Math.max(a.length, b.length);
  let previous2 = new Array(b.length + 1).fill(0);
  let previous = [...Array(b.length + 1).keys()];
  for (let i = 1; i <= a.length; i++) {
    const current = [i, ...new Array(b.length).fill(0)];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        current[j] = Math.min(current[j], previous2[j - 2] + 1);
      }
    }
    previous2 = previous;
    previous = current;
  }
  return previous[b.length];
}

/**
 * [id, value] pairs from a profile file (JSON as exported, or NAME=VALUE lines), as
 * forcectl reads it: an unknown key, another "format", a name given twice and a file
 * that sets nothing are refused, naming the line.
 */
export function parseProfile(wire, list, text) {
  const byName = Object.fromEntries(list.map((p) => [p.paramName, p]));
  const pairs = [];
  const add = (name, raw) => {
    const p = byName[name];
    if (!p) throw new Error(`profile: unknown parameter "${name}"`);
    let value = typeof raw === "number" ? raw : Number.NaN;
    if (typeof raw === "string") {
      value = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
      for (let v = p.min; Number.isNaN(value) && v <= p.max && v - p.min < 64; v++) {
        if (wire.symbol(p.id, v) === raw.trim()) value = v;
      }
    }
    if (!Number.isInteger(value)) throw new Error(`profile: ${name}: "${raw}" is not a whole number`);
    pairs.push([p.id, value]);
  };
  text = text.replace(/^\uFEFF/, "");
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    let root;
    try { root = JSON.parse(text); } catch (error) { throw new Error(`profile: ${jsonPlace(text, error)}not valid JSON`); }
    const keys = ["format", "layout_version", "schema_hash", "parameters"];
    const unknown = topLevelKeys(text).find((key) => !keys.includes(key.name));
    if (unknown) {
      const hint = closestName(unknown.name, keys);
      throw new Error(`profile: ${placeAt(text, unknown.offset)}unknown key '${unknown.name}'` +
        `${hint ? ` (did you mean '${hint}'?)` : ""}; a parameter file has ${keys.join(", ")}`);
    }
    if (root.format !== undefined && root.format !== "forcepicker-parameters") {
      throw new Error(`profile: "format" is ${JSON.stringify(root.format)}; a parameter file's is "forcepicker-parameters"`);
    }
    // JSON.parse keeps the last of a name given twice: look for it in the text.
    const seen = new Map();
    for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g)) {
      const line = text.slice(0, match.index).split("\n").length;
      if (seen.has(match[1])) throw new Error(`profile: line ${line}: "${match[1]}" is given twice (first on line ${seen.get(match[1])})`);
      seen.set(match[1], line);
    }
    if (!root.parameters || typeof root.parameters !== "object") throw new Error('profile: no "parameters" object');
    for (const [name, raw] of Object.entries(root.parameters)) add(name, raw);
  } else {
    const seen = new Map();
    text.split("\n").forEach((line, index) => {
      const clean = line.replace(/#.*/, "").trim();
      if (!clean) return;
      const match = clean.match(/^([a-z_]+)\s*=\s*(.+)$/);
      if (!match) throw new Error(`profile: line ${index + 1}: expected NAME=VALUE`);
      if (seen.has(match[1])) throw new Error(`profile: line ${index + 1}: ${match[1]} is given twice (first on line ${seen.get(match[1])})`);
      seen.set(match[1], index + 1);
      add(match[1], match[2]);
    });
  }
  if (!pairs.length) throw new Error("profile: no parameters");
  return pairs;
}

export class ParameterPanel {
  constructor(body, wire) {
    this.body = body;
    this.wire = wire;
    this.rows = new Map();
    this.onchange = () => {};
  }

  /** Builds the rows for `target` (DeviceParameters or EngineParameters). */
  show(target) {
    this.target = target;
    this.body.replaceChildren();
    this.rows.clear();
    for (const p of target.list) this.body.append(this.row(p));
  }

  row(p) {
    const tr = document.createElement("tr");
    tr.dataset.name = p.paramName;
    const span = p.max - p.min;
    tr.innerHTML = `<td class="name" title="default ${p.defaultValue}">${p.paramName}</td>
      <td><input type="range" min="${p.min}" max="${p.max}" step="${Math.max(1, Math.round(span / 1000))}">
          <input type="number" min="${p.min}" max="${p.max}"><div class="status"></div></td>
      <td class="unit">${p.unit}</td><td class="range">${p.min}…${p.max}<br>default ${p.defaultValue}</td>`;
    const [slider, box] = tr.querySelectorAll("input");
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
    row.unit.textContent = symbol ? `${p.unit}: ${symbol}` : p.unit;
  }

  refresh() { for (const p of this.target.list) this.update(p); }

  async change(p, value) {
    const row = this.rows.get(p.id);
    row.status.className = "status";
    row.status.textContent = "…";
    try {
      p.value = await this.target.set(p.id, value);
      row.status.className = "status accepted";
      row.status.textContent = `✓ ${p.value}`;
      this.onchange(p);
    } catch (error) {
      row.status.className = "status refused";
      row.status.textContent = error.message;
    }
    this.update(p);
  }
}
