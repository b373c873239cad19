// A hand-drawn canvas plot of the last `capacity` frames: left, right and force
// (0…1023), the contact, rest and boost lines, and events as marks.

/** The chart's colours from the page's style (`--chart-*` in style.css: light or dark). */
function colours(element) {
  const style = getComputedStyle(element);
  const get = (name) => style.getPropertyValue(`--chart-${name}`).trim();
  const names = ["left", "right", "force", "contact", "rest", "boost", "axis", "grid", "mark"];
  const table = Object.fromEntries(names.map((name) => [name, get(name)]));
  table.markText = get("mark-text");
  return table;
}

const LABEL_ROW = 12;
const LABEL_ROWS = 4;

export class TraceChart {
  constructor(canvas, capacity = 1000) {
    this.canvas = canvas;
    this.capacity = capacity;
    this.left = new Int16Array(capacity);
    this.right = new Int16Array(capacity);
    this.force = new Int16Array(capacity);
    this.count = 0;
    this.total = 0;
    this.marks = [];
    this.lines = {};
    this.dirty = true;
    const frame = () => {
      if (this.dirty) this.draw();
      this.dirty = false;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  clear() {
    this.count = 0;
    this.total = 0;
    this.marks = [];
    this.dirty = true;
  }

  /** Appends one frame. */
  push(left, right, force) {
    const slot = this.total % this.capacity;
    this.left[slot] = left;
    this.right[slot] = right;
    this.force[slot] = force;
    this.total++;
    this.count = Math.min(this.count + 1, this.capacity);
    this.dirty = true;
  }

  /** Marks the latest frame with an event label. */
  mark(label) {
    this.marks.push({ at: this.total - 1, label });
    this.marks = this.marks.filter((m) => m.at > this.total - this.capacity);
    this.dirty = true;
  }

  /** The threshold lines: {contact, rest, boost} in force counts. */
  setLines(lines) {
    this.lines = lines;
    if (this.dragging) this.lines[this.dragging.name] = this.dragging.value;
    this.dirty = true;
  }

  /** The force count at `y` CSS pixels from the canvas's top (0…1023). */
  valueAt(y) {
    const { top, bottom } = this.geometry ?? { top: 18, bottom: this.canvas.clientHeight - 4 };
    return Math.max(0, Math.min(1023, Math.round(((bottom - y) / (bottom - top)) * 1023)));
  }

  /** Where the line of force count `value` is drawn, CSS pixels from the top. */
  yOf(value) {
    const { top, bottom } = this.geometry ?? { top: 18, bottom: this.canvas.clientHeight - 4 };
    return bottom - (value / 1023) * (bottom - top);
  }

  /**
   * Lets the threshold lines be dragged: a press within 6 px of a line picks it up, the
   * line follows the pointer, and on release `drop(name, value)` is called (the page
   * sends it and redraws the lines from what the target holds, so a refused value
   * snaps back).
   */
  enableDragging(drop) {
    const canvas = this.canvas;
    const near = (y) => Object.entries(this.lines).find(([, value]) => Math.abs(this.yOf(value) - y) <= 6)?.[0];
    const y = (event) => event.clientY - canvas.getBoundingClientRect().top;
    canvas.addEventListener("pointerdown", (event) => {
      const name = near(y(event));
      if (!name) return;
      this.dragging = { name, value: this.lines[name] };
      canvas.setPointerCapture(event.pointerId);
      event.preventDefault();
    });
    canvas.addEventListener("pointermove", (event) => {
      if (!this.dragging) {
        canvas.style.cursor = near(y(event)) ? "ns-resize" : "";
        return;
      }
      this.dragging.value = this.valueAt(y(event));
      this.lines[this.dragging.name] = this.dragging.value;
      this.dirty = true;
    });
    const release = () => {
      if (!this.dragging) return;
      const { name, value } = this.dragging;
      this.dragging = null;
      this.lastDrop = { name, value };
      drop(name, value);
    };
    canvas.addEventListener("pointerup", release);
    canvas.addEventListener("pointercancel", release);
  }

  /**
   * Where the marks' labels go: each in the first of four rows where it clears the
   * labels already there; marks too close for any row share one label ("+2" after the
   * last one placed), so no two labels overlap. Returns the boxes drawn, oldest first.
   */
  placeLabels(g, marks, top) {
    const rows = Array.from({ length: LABEL_ROWS }, () => []);
    const boxes = [];
    const room = g.measureText(" +99").width;  // what a collapsed count may add
    for (const mark of marks) {
      const width = g.measureText(mark.label).width;
      const left = mark.x + 2;
      const right = left + width + room;
      const row = rows.findIndex((placed) => placed.every((b) => left >= b.reserved + 4 || right + 4 <= b.left));
      if (row >= 0) {
        const box = { text: mark.label, left, right: left + width, reserved: right, top: top + row * LABEL_ROW, hidden: 0 };
        rows[row].push(box);
        boxes.push(box);
      } else if (boxes.length > 0) {
        // Collapsed: the nearest label placed says how many more it stands for.
        const last = boxes[boxes.length - 1];
        last.hidden += 1;
        const base = last.text.replace(/ \+\d+$/, "");
        last.text = `${base} +${last.hidden}`;
        last.right = last.left + g.measureText(last.text).width;
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
    const top = 18, bottom = height - 4, left = 36;
    this.geometry = { top, bottom };
    const y = (v) => bottom - (v / 1023) * (bottom - top);
    const x = (i) => left + (i / (this.capacity - 1)) * (width - left - 4);
    const COLORS = colours(canvas);
    g.font = "11px system-ui, sans-serif";
    g.fillStyle = COLORS.axis;
    for (const v of [0, 256, 512, 768, 1023]) {
      g.fillText(String(v), 2, y(v) + 4);
      g.strokeStyle = COLORS.grid;
      g.beginPath(); g.moveTo(left, y(v)); g.lineTo(width, y(v)); g.stroke();
    }
    g.setLineDash([5, 4]);
    for (const [name, value] of Object.entries(this.lines)) {
      g.strokeStyle = COLORS[name];
      g.beginPath(); g.moveTo(left, y(value)); g.lineTo(width, y(value)); g.stroke();
      g.fillStyle = COLORS[name];
      g.fillText(`${name} ${value}`, width - 90, y(value) - 3);
    }
    g.setLineDash([]);
    const first = this.total - this.count;
    const offset = this.capacity - this.count;
    for (const name of ["left", "right", "force"]) {
      const data = this[name];
      g.strokeStyle = COLORS[name];
      g.lineWidth = name === "force" ? 2 : 1.2;
      g.beginPath();
      for (let i = 0; i < this.count; i++) {
        const value = data[(first + i) % this.capacity];
        if (i === 0) g.moveTo(x(offset + i), y(value)); else g.lineTo(x(offset + i), y(value));
      }
      g.stroke();
    }
    g.lineWidth = 1;
    this.labels = this.placeLabels(g, this.marks.map((m) => ({ label: m.label, x: x(offset + (m.at - first)) })), top);
    for (const m of this.marks) {
      const px = x(offset + (m.at - first));
      g.strokeStyle = COLORS.mark;
      g.beginPath(); g.moveTo(px, top); g.lineTo(px, bottom); g.stroke();
    }
    g.fillStyle = COLORS.markText;
    for (const box of this.labels) g.fillText(box.text, box.left, box.top + LABEL_ROW - 2);
    let legend = left;
    for (const name of ["left", "right", "force"]) {
      g.fillStyle = COLORS[name];
      g.fillRect(legend, 4, 10, 3);
      g.fillText(name, legend + 13, 10);
      legend += 55;
    }
  }
}
