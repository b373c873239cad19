import Foundation

/// A progress line on standard error for work that may take more than a moment: how
/// much is done, the rate, and the time left when the whole is known. It is rewritten
/// in place, appears only after half a second of work, at most five times a second,
/// and is cleared when the work ends, so a quick command prints nothing. It is off when
/// standard error is not a terminal or `--quiet` is given.
public final class ProgressLine: @unchecked Sendable {
  private let label: String
  private let unit: String
  private let enabled: Bool
  private let write: (String) -> Void
  private let now: () -> Double
  private let lock = NSLock()
  private let started: Double
  private var lastDrawn = -Double.infinity
  private var shown = false

  /// A line for work counted in `unit` (plural, e.g. "frames"), labelled `label`.
  /// `write` and `now` (seconds) are for tests; by default standard error and a
  /// monotonic clock.
  public init(
    _ label: String, unit: String, enabled: Bool, write: @escaping (String) -> Void = ProgressLine.standardError,
    now: @escaping () -> Double = ProgressLine.monotonicSeconds
  ) {
    self.label = label
    self.unit = unit
    self.enabled = enabled
    self.write = write
    self.now = now
    started = now()
  }

  /// Reports `done` units so far; `fraction` (0...1) of the whole when it is known.
  public func report(_ done: Double, fraction: Double? = nil) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let time = now()
    let elapsed = time - started
    guard elapsed >= 0.5, time - lastDrawn >= 0.2 else { return }
    lastDrawn = time
    shown = true
    write("\r" + Self.text(label: label, unit: unit, done: done, fraction: fraction, elapsed: elapsed) + "\u{1B}[K")
  }

  /// Clears the line, if it was ever drawn.
  public func finish() {
    lock.lock()
    defer { lock.unlock() }
    if shown { write("\r\u{1B}[K") }
    shown = false
  }

  /// The line's text: "label: 42 % 1,234 frames, 810 frames/s, 0:07 left".
  static func text(label: String, unit: String, done: Double, fraction: Double?, elapsed: Double) -> String {
    var parts = ["\(label):"]
    if let fraction { parts.append("\(Int((min(1, max(0, fraction)) * 100).rounded(.down))) %") }
    let rate = elapsed > 0 ? done / elapsed : 0
    parts.append("\(grouped(done)) \(unit), \(grouped(rate)) \(unit)/s")
    if let fraction, fraction > 0.001, fraction < 1 {
      parts.append("\(clock(elapsed * (1 - fraction) / fraction)) left")
    }
    return parts.joined(separator: " ")
  }

  /// A whole number with thousands separated by commas.
  static func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var out = ""
    for (index, digit) in digits.reversed().enumerated() {
      if index > 0 && index % 3 == 0 && digit != "-" { out.append(",") }
      out.append(digit)
    }
    return String(out.reversed())
  }

  /// Seconds as m:ss (or h:mm:ss).
  static func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded(.up))
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
    let mmss = (m < 10 && h > 0 ? "0" : "") + "\(m):" + (s < 10 ? "0" : "") + "\(s)"
    return h > 0 ? "\(h):\(mmss)" : mmss
  }

  /// Writes to standard error.
  public static func standardError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

  /// Seconds on a monotonic clock.
  public static func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
