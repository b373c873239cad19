// Guided calibration: rest, a firm left press, a firm right press; proposes the
// offsets and gains `forcectl calibrate` would (Sources/ForceCtlKit/CalibrationProposal.swift):
// offset = rest mean + max(8, 3σ); gain so that the 90th percentile of the press
// reads 1000 after the offset.

export const STEPS = [
  { name: "rest", prompt: "Rest your thumb lightly on the cap (or leave it untouched), then press “Record this step”." },
  { name: "left", prompt: "Press the LEFT side firmly and hold, then press “Record this step”." },
  { name: "right", prompt: "Press the RIGHT side firmly and hold, then press “Record this step”." },
];
const TARGET = 1000, MARGIN = 8;

const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
const deviation = (values) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / Math.max(values.length, 1));
};
const percentile = (values, p) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.round((sorted.length - 1) * p))];
};

/** {pairs, summary} from three recordings of {left, right} frames; throws with the reason. */
export function propose(rest, left, right, gainRange = { min: 100, max: 10000 }) {
  if (rest.length < 10 || left.length < 10 || right.length < 10) {
    throw new Error("too few samples to calibrate (need at least 10 per step; is telemetry streaming?)");
  }
  const offset = (values) => Math.round(Math.min(1022, Math.max(0, mean(values) + Math.max(MARGIN, 3 * deviation(values)))));
  const leftOffset = offset(rest.map((f) => f.left));
  const rightOffset = offset(rest.map((f) => f.right));
  const gain = (peak, base, side) => {
    if (peak - base < 50) throw new Error(`the ${side} press read only ${peak} (rest ${base}): press the ${side} side firmly and try again`);
    return Math.round(Math.max(gainRange.min, Math.min(gainRange.max, (1000 * TARGET) / (peak - base))));
  };
  const leftPeak = percentile(left.map((f) => f.left), 0.9);
  const rightPeak = percentile(right.map((f) => f.right), 0.9);
  const leftGain = gain(leftPeak, leftOffset, "left");
  const rightGain = gain(rightPeak, rightOffset, "right");
  return {
    values: { left_offset: leftOffset, right_offset: rightOffset, left_gain: leftGain, right_gain: rightGain },
    summary: `rest left ${mean(rest.map((f) => f.left)).toFixed(1)}, right ${mean(rest.map((f) => f.right)).toFixed(1)}; ` +
      `left press ${leftPeak}, right press ${rightPeak} → left_offset=${leftOffset} right_offset=${rightOffset} ` +
      `left_gain=${leftGain} right_gain=${rightGain}`,
  };
}
