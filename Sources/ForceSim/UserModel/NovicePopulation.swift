import ForceTrace

extension UserPopulation {
  /// The novices of the calibration table (`Docs/study1-targets.csv`), as fitted by
  /// `forcectl sim fit` and committed in `Docs/novice-users.txt` (a test keeps the two
  /// equal). `sim study` uses it unless given `--users FILE`.
  public static let novice = UserPopulation(
    homingTimeS: 1.5708, decisionMs: 148.4105, overpress: 1596.6375, searchFallPerMs: 1.3003,
    pulseHoldMs: 48.0714, creepLead: 1.1087, skillSpread: 0.2099, trialSpread: 0.7525)
}
