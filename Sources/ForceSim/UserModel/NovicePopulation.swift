extension UserPopulation {
  /// The novices of the calibration table (`Docs/study1-targets.csv`), as fitted by
  /// `forcectl sim fit` and committed in `Docs/novice-users.txt` (a test keeps the two
  /// equal). `sim study` uses it unless given `--users FILE`.
  public static let novice = UserPopulation(
    homingTimeS: 1.0, decisionMs: 600, overpress: 1350, searchFallPerMs: 2, pulseHoldMs: 120, creepLead: 0.8,
    skillSpread: 0.35,
    trialSpread: 0.35)
}
