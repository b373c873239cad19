// Guided calibration's steps as the page asks for them, as `forcectl calibrate` does:
// rest, a firm press on each side, then a medium press on each side (its gains make a
// medium press read half of full scale). The recordings, the checks and the maths are
// the module's (ForceHostCore's CalibrationCheck): Wire.calibrationAdd and Wire.calibrate.

const MEDIUM = "at medium force, as you would to scroll at a steady pace, and hold";
export const STEPS = [
  { name: "rest", prompt: "Rest your thumb lightly on the cap (or leave it untouched), then press “Record this step”." },
  { name: "left", prompt: "Press the LEFT side firmly and hold, then press “Record this step”." },
  { name: "right", prompt: "Press the RIGHT side firmly and hold, then press “Record this step”." },
  { name: "left medium", prompt: `Press the LEFT side ${MEDIUM}, then press “Record this step”.` },
  { name: "right medium", prompt: `Press the RIGHT side ${MEDIUM}, then press “Record this step”.` },
];
