import ArgumentParser

/// The rules for the options of the commands that stream telemetry (`monitor`,
/// `record`): how many engine frames per telemetry frame, and for how long.
enum StreamLimits {
  /// Throws the usage error for a `--decimation` outside 1…1000 or a `--seconds` that
  /// is not positive.
  static func check(decimation: Int, seconds: Double?) throws {
    guard (1...1000).contains(decimation) else { throw ValidationError("--decimation must be 1...1000") }
    if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
  }
}
