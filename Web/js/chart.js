// A hand-drawn canvas plot of the last `window` frames: the left and right cells and
// the force (0…1023), the contact, rest and boost lines with the hysteresis band below
// each, and events as marks. It keeps `history` frames, so a paused chart can be
// scrolled back through them while the trace goes on being recorded.

/** The page's colours (`--chart-*` in style.css: light or dark) for `element`. */
export function colours(element) {
  const style = getComputedStyle(element);
  const get = (name) => style.getPropertyValue(`--chart-${name}`).trim();
  const names = ["left", "right", "force", "contact", "rest", "boost", "axis", "grid", "mark", "band"];
  const table = Object.fromEntries(names.map((name) => [name, get(name)]));
  table.markText = get("mark-text");
  return table;
}

const LABEL_ROW = 12;
const LABEL_ROWS = 4;
const LINES = ["contact", "rest", "boost"];

export class TraceChart {
  constructor(canvas, window = 1000, history = 32768) {
    this.canvas = canvas;
    this.window = window;
    this.capacity = history;
    for (const name of ["left", "right", "force"]) this[name] = new Int16Array(history);
    this.lines = {};
    this.hysteresis = 0;
    this.selected = "rest";
    this.clear();
    const frame = () => {
      if (this.dirty) this.draw();
      this.dirty = false;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  clear() {
    this.total = 0;
    this.marks = [];
    this.paused = null;
    this.back = 0;
    this.dirty = true;
  }

  /** Appends one frame. */
  push(left, right, force) {
    const slot = this.total % this.capacity;
    this.left[slot] = left;
    this.right[slot] = right;
    this.force[slot] = force;
    this.total++;
    if (!this.paused) this.dirty = true;
  }

  /** Marks the latest frame with an event label. */
  mark(label) {
    this.marks.push({ at: this.total - 1, label });
    if (this.marks.length > 2000) this.marks = this.marks.filter((m) => m.at > this.total - this.capacity);
    if (!this.paused) this.dirty = true;
  }

  /** Frames kept that a paused chart can scroll back through. */
  get scrollable() { return Math.max(0, Math.min(this.total, this.capacity) - this.window); }

  /** Stops (or restarts) the view; frames go on being kept. */
  pause(on) {
    this.paused = on ? { end: this.total } : null;
    this.back = 0;
    this.dirty = true;
  }

  /** While paused: shows the window ending `frames` before the frame it paused at. */
  scrollBack(frames) {
    this.back = Math.max(0, Math.min(frames, this.scrollable - (this.total - (this.paused?.end ?? this.total))));
    this.dirty = true;
  }

  /** The threshold lines {contact, rest, boost} and the hysteresis, in force counts. */
  setLines(lines, hysteresis = this.hysteresis) {
    this.lines = lines;
    this.hysteresis = hysteresis;
    if (this.dragging) this.set(this.dragging.name, this.dragging.value);
    this.dirty = true;
    const text = LINES.filter((n) => n in lines).map((n) => `${n} ${lines[n]}`).join(", ");
    this.canvas.setAttribute("aria-label", `Force trace of the left cell, the right cell and the force; lines: ${text}, ` +
      `hysteresis ${hysteresis}. Keys: left and right choose a line, up and down move it (shift: by 10), Enter sets it.`);
  }

  /** Shows `name` ("rest", or "hysteresis") at `value` until the target's value comes back. */
  set(name, value) {
    if (name === "hysteresis") this.hysteresis = value; else this.lines[name] = value;
    this.dirty = true;
  }

  get geometry() { return { top: 18, bottom: this.canvas.clientHeight - 4 }; }

  /** The force count at `y` CSS pixels from the canvas's top (0…1023). */
  valueAt(y) {
    const { top, bottom } = this.geometry;
    return Math.max(0, Math.min(1023, Math.round(((bottom - y) / (bottom - top)) * 1023)));
  }

  /** Where the line of force count `value` is drawn, CSS pixels from the top. */
  yOf(value) {
    const { top, bottom } = this.geometry;
    return bottom - (value / 1023) * (bottom - top);
  }

  /**
   * Lets the threshold lines and the hysteresis band's lower edges be dragged, and moved
   * from the keyboard: a press within 6 px of one picks it up, it follows the pointer, and
   * on release `drop(name, value)` is called (the page sends it and redraws the lines
   * from what the target holds, so a refused value snaps back). While one moves,
   * `check(name, value)` says which rule it would break (null: none), and the line shows
   * it. A press on an event label shows what it stands for in `detail`.
   */
  enableDragging(drop, detail, check) {
    const canvas = this.canvas;
    const near = (y) => {  // the nearest line or band edge within 6 px; a line on a tie
      let best, distance = 6.5;
      for (const n of LINES.filter((n) => n in this.lines)) {
        for (const [name, value] of [[n, this.lines[n]], ["hysteresis", this.lines[n] - this.hysteresis]]) {
          const d = Math.abs(this.yOf(value) - y);
          if (d < distance) [best, distance] = [name, d];
        }
      }
      return best;
    };
    const valueFor = (name, y) => {
      if (name !== "hysteresis") return this.valueAt(y);
      // The band under the nearest line: the hysteresis is that line's distance to the pointer.
      const line = LINES.filter((n) => n in this.lines).reduce((a, b) =>
        Math.abs(this.lines[a] - this.hysteresis - this.valueAt(y)) <= Math.abs(this.lines[b] - this.hysteresis - this.valueAt(y)) ? a : b);
      return Math.max(0, this.lines[line] - this.valueAt(y));
    };
    const at = (event) => ({ x: event.clientX - canvas.getBoundingClientRect().left, y: event.clientY - canvas.getBoundingClientRect().top });
    const move = (value) => {
      this.dragging.value = value;
      this.dragging.breaks = check(this.dragging.name, value);
      this.set(this.dragging.name, value);
    };
    const send = () => {
      const { name, value } = this.dragging;
      this.dragging = null;
      this.lastDrop = { name, value };
      drop(name, value);
    };
    canvas.addEventListener("pointerdown", (event) => {
      const { x, y } = at(event);
      const name = near(y);
      if (!name) return this.describe(x, y, detail);
      this.dragging = { name, value: name === "hysteresis" ? this.hysteresis : this.lines[name] };
      canvas.setPointerCapture(event.pointerId);
      event.preventDefault();
    });
    canvas.addEventListener("pointermove", (event) => {
      const { x, y } = at(event);
      if (!this.dragging) {
        canvas.style.cursor = near(y) ? "ns-resize" : "";
        canvas.title = this.labelAt(x, y)?.details ?? "";
        return;
      }
      move(valueFor(this.dragging.name, y));
    });
    const release = () => { if (this.dragging) send(); };
    canvas.addEventListener("pointerup", release);
    canvas.addEventListener("pointercancel", release);
    canvas.addEventListener("keydown", (event) => {
      const names = [...LINES.filter((n) => n in this.lines), "hysteresis"];
      const step = event.shiftKey ? 10 : 1;
      const current = this.dragging ?? { name: this.selected, value: this.selected === "hysteresis" ? this.hysteresis : this.lines[this.selected] };
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        const index = (names.indexOf(this.selected) + (event.key === "ArrowRight" ? 1 : names.length - 1)) % names.length;
        if (this.dragging) { this.dragging = null; drop(); }  // a line moved and not set goes back
        this.selected = names[index];
      } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
        this.dragging = current;
        move(Math.max(0, Math.min(1023, current.value + (event.key === "ArrowUp" ? step : -step))));
      } else if (event.key === "Enter" && this.dragging) send();
      else if (event.key === "Escape" && this.dragging) { this.dragging = null; drop(); }
      else return;
      event.preventDefault();
      this.dirty = true;
    });
  }

  /** The label box at (x, y), or undefined. */
  labelAt(x, y) {
    return this.labels?.find((b) => x >= b.left && x <= b.right && y >= b.top && y <= b.top + LABEL_ROW);
  }

  /** Shows in `detail` the events of the label at (x, y), with their frames. */
  describe(x, y, detail) {
    const box = this.labelAt(x, y);
    if (box && detail) detail.textContent = box.details;
  }

  /**
   * Where the marks' labels go: each in the first of four rows where it clears the
   * labels already there; marks too close for any row share one label ("+2" after the
   * last one placed), so no two labels overlap; none runs past `limit`. Returns the boxes drawn, oldest first,
   * each with the `details` of the marks it stands for.
   */
  placeLabels(g, marks, top, limit) {
    const rows = Array.from({ length: LABEL_ROWS }, () => []);
    const boxes = [];
    const room = g.measureText(" +99").width;  // what a collapsed count may add
    for (const mark of marks) {
      const width = g.measureText(mark.label).width;
      const left = Math.min(mark.x + 2, limit - width - room);  // kept inside the chart
      const right = left + width + room;
      const row = rows.findIndex((placed) => placed.every((b) => left >= b.reserved + 4 || right + 4 <= b.left));
      const line = `frame ${mark.at}: ${mark.label}`;
      if (row >= 0) {
        const box = { text: mark.label, left, right: left + width, reserved: right, top: top + row * LABEL_ROW, hidden: 0, details: line };
        rows[row].push(box);
        boxes.push(box);
      } else if (boxes.length > 0) {
        // Collapsed: the nearest label placed says how many more it stands for.
        const last = boxes[boxes.length - 1];
        last.hidden += 1;
        last.text = `${last.text.replace(/ \+\d+$/, "")} +${last.hidden}`;
        last.right = last.left + g.measureText(last.text).width;
        last.details += `\n${line}`;
      }
    }
    return boxes;
  }

  draw() {
    const { canvas } = this;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth, height = canvas.clientHeight;
    if (canvas.width !== width * ratio) { canvas.width = width * ratio; canvas.height = height * ratio; }
    const g = canvas.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    const { top, bottom } = this.geometry, left = 36;
    const y = (v) => this.yOf(v);
    const end = (this.paused?.end ?? this.total) - this.back;  // one past the last frame shown
    const first = Math.max(0, end - this.window, this.total - this.capacity);
    const x = (frame) => left + ((frame - (end - this.window)) / (this.window - 1)) * (width - left - 4);
    const COLORS = colours(canvas);
    g.font = "11px system-ui, sans-serif";
    g.fillStyle = COLORS.axis;
    for (const v of [0, 256, 512, 768, 1023]) {
      g.fillText(String(v), 2, y(v) + 4);
      g.strokeStyle = COLORS.grid;
      g.beginPath(); g.moveTo(left, y(v)); g.lineTo(width, y(v)); g.stroke();
    }
    for (const [name, value] of Object.entries(this.lines)) {
      g.fillStyle = COLORS.band;
      g.fillRect(left, y(value), width - left, y(value - this.hysteresis) - y(value));
      g.strokeStyle = COLORS[name];
      g.lineWidth = name === this.selected && document.activeElement === canvas ? 3 : 1;
      const moving = this.dragging?.name === name;
      g.setLineDash(!moving ? [5, 4] : this.dragging.breaks ? [2, 3] : []);
      if (moving && this.dragging.breaks) g.lineWidth = 3;
      g.beginPath(); g.moveTo(left, y(value)); g.lineTo(width, y(value)); g.stroke();
      g.fillStyle = COLORS[name];
      g.fillText(`${name} ${value}${moving && this.dragging.breaks ? " ✕" : ""}`, width - 90, y(value) - 3);
    }
    g.setLineDash([]);
    for (const name of ["left", "right", "force"]) {
      const data = this[name];
      g.strokeStyle = COLORS[name];
      g.lineWidth = name === "force" ? 2 : 1.2;
      g.beginPath();
      for (let frame = first; frame < end; frame++) {
        const value = data[frame % this.capacity];
        if (frame === first) g.moveTo(x(frame), y(value)); else g.lineTo(x(frame), y(value));
      }
      g.stroke();
    }
    g.lineWidth = 1;
    const shown = this.marks.filter((m) => m.at >= first && m.at < end);
    this.labels = this.placeLabels(g, shown.map((m) => ({ label: m.label, at: m.at, x: x(m.at) })), top, width);
    g.strokeStyle = COLORS.mark;
    for (const m of shown) { g.beginPath(); g.moveTo(x(m.at), top); g.lineTo(x(m.at), bottom); g.stroke(); }
    g.fillStyle = COLORS.markText;
    for (const box of this.labels) g.fillText(box.text, box.left, box.top + LABEL_ROW - 2);
    let legend = left;
    for (const [name, text] of [["left", "left cell"], ["right", "right cell"], ["force", "force"]]) {
      g.fillStyle = COLORS[name];
      g.fillRect(legend, 4, 10, 3);
      g.fillText(text, legend + 13, 10);
      legend += 70;
    }
    if (this.paused) { g.fillStyle = COLORS.axis; g.fillText(`paused${this.back ? `, ${this.back} frames back` : ""}`, width - 150, 10); }
  }
}
