/// Notices a device that went silent with the link open (Protocol.md, "Sequencing and
/// timing", Silence): after a second without a byte the host asks for `stats`, again
/// every half second after a lone `00`; nothing at all for the limit ends the wait.
/// forcectl's `DeviceClient` and the page's session both run it, on their own clocks.
public struct SilenceWatch: Sendable {
  /// Quiet before the first `stats` probe, in ms.
  public static let quietMs: Int64 = 1000
  /// Between probes, in ms.
  public static let probeIntervalMs: Int64 = 500
  /// The limit the tools use: nothing for this long, probes included, is silence.
  public static let defaultLimitMs: Int64 = 2500

  /// What the host does now.
  public enum Action: Equatable, Sendable {
    /// Nothing.
    case wait
    /// Send a `stats` request, after a lone `00` when `delimiterFirst`; the reply is
    /// not awaited (any byte from the device is a sign of life).
    case probe(delimiterFirst: Bool)
    /// The device sent nothing for `quietMs`: report it silent.
    case silent(quietMs: Int64)
  }

  /// When the device last sent a byte, or a request last started a conversation.
  public private(set) var lastHeardMs: Int64
  private var lastProbeMs: Int64?

  /// A watch that starts counting at `nowMs`.
  public init(nowMs: Int64) { lastHeardMs = nowMs }

  /// A byte arrived, or a request went out (which starts a conversation).
  public mutating func heard(atMs nowMs: Int64) {
    lastHeardMs = nowMs
    lastProbeMs = nil
  }

  /// What to do at `nowMs` when nothing for `limitMs` is silence; `mayProbe` is false
  /// while a request that forbids probes (`RequestExchange.allowsProbes`) is
  /// outstanding. A probe is not a sign of life.
  public mutating func check(
    atMs nowMs: Int64, limitMs: Int64 = SilenceWatch.defaultLimitMs, mayProbe: Bool = true
  ) -> Action {
    let quiet = nowMs - lastHeardMs
    if quiet >= limitMs { return .silent(quietMs: quiet) }
    guard mayProbe, quiet >= min(SilenceWatch.quietMs, limitMs / 2) else { return .wait }
    if let lastProbeMs, nowMs - lastProbeMs < SilenceWatch.probeIntervalMs { return .wait }
    let delimiterFirst = lastProbeMs != nil
    lastProbeMs = nowMs
    return .probe(delimiterFirst: delimiterFirst)
  }

  /// Writes what a silent device did, after its port's name: "went silent: nothing for
  /// 2.5 s and no answer to stats requests (…)".
  public static func writeSilence<Sink: TextSink>(quietMs: Int64, to sink: inout Sink) {
    let tenths = (max(0, quietMs) &+ 50) / 100
    sink.write("went silent: nothing for ")
    sink.write(tenths / 10)
    sink.append(UInt8(ascii: "."))
    sink.write(tenths % 10)
    sink.write(
      " s and no answer to stats requests (the device hung, was paused or unplugged, or its link stalled)")
  }
}
