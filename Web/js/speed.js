// Speed against force: the engine's transfer function for the parameters the target
// holds, computed by the module (`Wire.speedCurve`), redrawn after every change.
import { colours } from "./chart.js";

/** Draws the curve of `list` (the target's parameters) on `canvas`, and says it in words. */
export function drawSpeed(canvas, wire, list) {
  const value = (name) => list.find((p) => p.paramName === name)?.value;
  const curve = wire.speedCurve(list.map((p) => [p.id, p.value]));
  if (!curve) return;
  const [rest, boost, hysteresis] = ["rest_threshold", "boost_threshold", "hysteresis"].map(value);
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth, height = canvas.clientHeight;
  canvas.width = width * ratio; canvas.height = height * ratio;
  const g = canvas.getContext("2d");
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  const top = 14, bottom = height - 14, left = 4;
  const peak = Math.max(1, ...curve.normal, ...curve.boosted);
  const x = (force) => left + (force / 1023) * (width - left - 4);
  const y = (speed) => bottom - (speed / peak) * (bottom - top);
  const COLORS = colours(canvas);
  g.font = "11px system-ui, sans-serif";
  const items = (milli) => (milli / 1000).toFixed(1);
  const plot = (speeds, from, to, colour) => {
    g.strokeStyle = colour;
    g.beginPath();
    curve.forces.forEach((force, i) => { if (force >= from && force <= to) g.lineTo(x(force), y(speeds[i])); });
    g.stroke();
  };
  g.lineWidth = 2;
  plot(curve.normal, 0, boost, COLORS.force);
  plot(curve.boosted, boost, 1023, COLORS.boost);
  g.setLineDash([4, 3]);
  plot(curve.boosted, boost - hysteresis, boost, COLORS.boost);  // boosted, within the hysteresis
  g.setLineDash([]);
  g.fillStyle = COLORS.axis;
  g.fillText(`${items(peak)} items/s`, left + 2, top - 3);
  g.fillText("force →", width - 50, height - 2);
  const normalMax = curve.normal[curve.normal.length - 1], [boostMin, boostMax] = [curve.boosted[0], curve.boosted[curve.boosted.length - 1]];
  canvas.dataset.speeds = [normalMax, boostMin, boostMax].join(",");
  canvas.setAttribute("aria-label", `Speed against force: none up to rest ${rest}, rising to ${items(normalMax)} items/s ` +
    `at boost ${boost}, boosted from ${items(boostMin)} to ${items(boostMax)} items/s at full force`);
}
