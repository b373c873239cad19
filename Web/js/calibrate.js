// Guided calibration's steps as the page asks for them. The recordings, the checks and
// the maths are the module's (ForceHostCore's CalibrationCheck, as `forcectl calibrate`):
// Wire.calibrationAdd and Wire.calibrate.

export const STEPS = [
  { name: "rest", prompt: "Rest your thumb lightly on the cap (or leave it untouched), then press “Record this step”." },
  { name: "left", prompt: "Press the LEFT side firmly and hold, then press “Record this step”." },
  { name: "right", prompt: "Press the RIGHT side firmly and hold, then press “Record this step”." },
];
