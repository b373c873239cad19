/// The watchdog that resets a hung firmware, and why the chip last reset.
public protocol WatchdogTimer {
  /// Starts the watchdog with the given timeout.
  mutating func startWatchdog(timeoutMs: UInt32)
  /// Feeds the watchdog.
  mutating func feedWatchdog()
  /// Why the chip last reset.
  var resetReason: ResetReason { get }
}

/// Why the device last reset, as reported in the handshake.
public enum ResetReason: UInt8 {
  /// Power-on or brown-out.
  case powerOn = 0
  /// The reset pin.
  case pin = 1
  /// The watchdog expired.
  case watchdog = 2
  /// A software reset request.
  case software = 3
  /// CPU lockup.
  case lockup = 4
  /// Anything else.
  case other = 5
}
