import ArgumentParser

/// A command that streams telemetry (`monitor`, `record`): its rules for how many
/// engine frames go to one telemetry frame and for how long it runs.
public protocol StreamingCommand: ParsableCommand {
  /// `--decimation`: send every Nth engine frame.
  var decimation: Int { get }
  /// `--seconds`: stop after this long (nil: until the user stops it).
  var seconds: Double? { get }
}

extension StreamingCommand {
  /// Refuses a `--decimation` outside 1…1000 or a `--seconds` that is not positive.
  public func validate() throws {
    guard (1...1000).contains(decimation) else { throw ValidationError("--decimation must be 1...1000") }
    if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
  }
}
