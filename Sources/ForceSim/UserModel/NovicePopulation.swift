import ForceTrace

extension UserPopulation {
  /// The novices of the calibration table (`Docs/study1-targets.csv`), as fitted by
  /// `forcectl sim fit` and committed in `Docs/novice-users.txt` (a test keeps the two
  /// equal). `sim study` uses it unless given `--users FILE`.
  public static let novice = UserPopulation(
    homingTimeS: 1.4993, decisionMs: 149.8846, overpress: 1578.1871, searchFallPerMs: 1.273,
    pulseHoldMs: 37.5768, creepLead: 1.1277, skillSpread: 0.2303, trialSpread: 0.7581)
}
