import ForceDevice

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT / SIGTERM turned into a flag the command loops poll, so they can stop
/// cleanly (stop streaming, write the file, restore the terminal, kill children).
public enum Interrupt {
  nonisolated(unsafe) static var raised: sig_atomic_t = 0
  /// A terminal to restore from inside the handler (raw mode), if any.
  nonisolated(unsafe) static var savedTerminal: termios?

  /// True once Ctrl-C (or SIGTERM) arrived.
  public static var requested: Bool { raised != 0 }

  /// Installs the handlers (idempotent).
  public static func install() {
    raised = 0
    signal(SIGINT, Interrupt.handler)
    signal(SIGTERM, Interrupt.handler)
  }

  /// For commands with nothing to save: the first Ctrl-C terminates `EmulatedDevice.runningPID`
  /// (if any), restores the terminal and exits 130 at once.
  public static func installExitingAtOnce() {
    raised = 1
    signal(SIGINT, Interrupt.handler)
    signal(SIGTERM, Interrupt.handler)
  }

  /// Puts the default handlers back.
  public static func uninstall() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }

  static let handler: @convention(c) (Int32) -> Void = { _ in
    if Interrupt.raised != 0 {
      // Second Ctrl-C: give up at once, but leave the terminal and children tidy.
      if var saved = Interrupt.savedTerminal { tcsetattr(0, TCSAFLUSH, &saved) }
      if EmulatedDevice.runningPID > 0 { kill(EmulatedDevice.runningPID, SIGTERM) }
      _exit(130)
    }
    Interrupt.raised = 1
  }
}
