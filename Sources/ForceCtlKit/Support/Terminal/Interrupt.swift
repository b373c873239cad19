import ForceDevice
import ForceTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT / SIGTERM / SIGHUP turned into a flag the command loops poll, so they can stop
/// cleanly (stop streaming, write the file, restore the terminal, kill children).
/// Outside those loops (`removeTemporariesOnSignals`), the signals end the process
/// as they would, but first remove the temporary file of any output being written.
public enum Interrupt {
  /// The signals a terminal or a shell ends a command with.
  static let signals = [SIGINT, SIGTERM, SIGHUP]
  /// True once `removeTemporariesOnSignals` ran: `uninstall` returns to it.
  nonisolated(unsafe) static var cleaning = false

  /// For the whole run of `forcectl`: SIGINT, SIGTERM and SIGHUP remove the temporary
  /// files of unfinished outputs (`OutputFile`), leaving their targets as they were,
  /// and then end the process as the signal does by default.
  /// The signals are unblocked first: a parent that blocks them (a test runner's
  /// thread) would otherwise leave `forcectl` deaf to them.
  public static func removeTemporariesOnSignals() {
    cleaning = true
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    for number in signals { signal(number, Interrupt.cleanup) }
  }

  static let cleanup: @convention(c) (Int32) -> Void = { number in
    OutputFile.removeTemporaries()
    signal(number, SIG_DFL)
    raise(number)
  }

  nonisolated(unsafe) static var raised: sig_atomic_t = 0
  /// A terminal to restore from inside the handler (raw mode), if any.
  nonisolated(unsafe) static var savedTerminal: termios?

  /// True once Ctrl-C (or SIGTERM, SIGHUP) arrived.
  public static var requested: Bool { raised != 0 }

  /// Installs the handlers (idempotent).
  public static func install() {
    raised = 0
    for number in signals { signal(number, Interrupt.handler) }
  }

  /// For commands with nothing to save: the first Ctrl-C terminates `EmulatedDevice.runningPID`
  /// (if any), restores the terminal and exits 130 at once.
  public static func installExitingAtOnce() {
    raised = 1
    for number in signals { signal(number, Interrupt.handler) }
  }

  /// Puts the earlier handlers back (`removeTemporariesOnSignals`' or the default).
  public static func uninstall() {
    for number in signals { signal(number, cleaning ? Interrupt.cleanup : SIG_DFL) }
  }

  static let handler: @convention(c) (Int32) -> Void = { _ in
    if Interrupt.raised != 0 {
      // Second Ctrl-C: give up at once, but leave the terminal and children tidy.
      if var saved = Interrupt.savedTerminal { tcsetattr(0, TCSAFLUSH, &saved) }
      if EmulatedDevice.runningPID > 0 { kill(EmulatedDevice.runningPID, SIGTERM) }
      OutputFile.removeTemporaries()
      _exit(130)
    }
    Interrupt.raised = 1
  }
}
