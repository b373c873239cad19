import ForceTrace
import Foundation

/// The power law of practice (Newell & Rosenbloom 1981; Card, Moran & Newell 1983):
/// the time of the n-th trial is T(n) = T(1)·n^−α, with α = 0.4 (range 0.2–0.6) in
/// Card, Moran & Newell's Model Human Processor. Nothing here is fitted to the study.
///
/// The novice population describes the average trial of a 96-trial block, so a novice
/// has `noviceTrials` = 48 trials behind it; after `N` more practice trials the part
/// of each learnable time above its practised floor is (48 + N)^−α / 48^−α of the
/// novice's.
public enum PracticeLaw {
  /// The exponent α (Card, Moran & Newell 1983: 0.4, range 0.2–0.6).
  public static let alpha = 0.4
  /// Trials a novice of the calibration table has done, on average, at a measured trial.
  public static let noviceTrials = 48.0

  /// The share of the novice's excess over the practised floor left after `trials`
  /// practice trials (1 for none).
  public static func remaining(afterPractice trials: Int, alpha: Double = alpha) -> Double {
    pow((noviceTrials + Double(max(0, trials))) / noviceTrials, -alpha)
  }
}
