import ForceEngine
import ForceProtocol

/// What a short burst of telemetry said about the cells (`DeviceClient.cellStatus`).
public enum CellStatus: Equatable, Sendable {
  /// Both cells' faults in the last frame of the burst.
  case faults(CellFaults)
  /// The device has no force cells (no ADC) or refused to stream.
  case notStreaming
  /// Streaming started but no telemetry arrived in time.
  case noTelemetry

  /// For the user: "left ok, right railed (shorted to the supply?)", "not streaming (no force cells)".
  public var text: String {
    switch self {
    case .faults(let faults): return faults.summary
    case .notStreaming: return "not streaming (no force cells)"
    case .noTelemetry: return "no telemetry arrived"
    }
  }

  /// As JSON: `{"left": "ok", "right": "railed"}`, or `null` when not known.
  public var json: String {
    if case .faults(let faults) = self { return faults.json }
    return "null"
  }
}

extension DeviceClient {
  /// The cells' faults now, from one short burst of telemetry: `streamStart`, a few
  /// frames (or until `within` has passed), `streamStop`. Streaming is off afterwards,
  /// as it is after the handshake; what arrived after the last frame is dropped.
  public func cellStatus(frames: Int = 4, within: Duration = .milliseconds(500)) throws(DeviceError) -> CellStatus {
    if let info, !info.capabilities.contains(.adc) || !info.capabilities.contains(.streaming) {
      return .notStreaming
    }
    do throws(DeviceError) {
      _ = try request(.streamStart(StreamStart(decimation: 1, events: false)))
    } catch .rejected(let reply) where reply.code == .unsupported {
      return .notStreaming
    }
    var latest: Telemetry?
    var received = 0
    let deadline = ContinuousClock.now + within
    do throws(DeviceError) {
      while received < frames && ContinuousClock.now < deadline {
        for case .telemetry(let t) in try takeStreamed(waiting: deadline - ContinuousClock.now) {
          latest = t
          received += 1
        }
      }
    } catch {
      _ = try? request(.streamStop)
      throw error
    }
    _ = try request(.streamStop)
    _ = try takeStreamed(waiting: .zero)
    return latest.map { .faults($0.faults) } ?? .noTelemetry
  }
}
