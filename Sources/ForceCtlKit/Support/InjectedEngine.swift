import ForceDevice
import ForceEngine
import ForceProtocol
import ForceSim
import ForceTrace

/// A device's engine pressed through `inject`, one frame a request: a closed loop, since
/// what the next frame presses depends on what this one showed. The first frame resets
/// the engine (idle, at `start_value`) and starts an injection session, in which the
/// device's own cells drive nothing.
enum InjectedEngine {
  /// The engine of `client`'s device, as the study runner presses it.
  static func on(_ client: DeviceClient) -> RemoteEngine {
    var first = true
    return RemoteEngine { left, right in
      let results = try client.inject([RawFrame(left: left, right: right)], reset: first, endSession: false)
      first = false
      guard let result = results.first else { throw DeviceError.unexpected("no injectResult") }
      return result.output
    }
  }

  /// Ends the injection session on `client` (one frame at rest, the engine reset first):
  /// the device's cells drive its engine again.
  static func endSession(_ client: DeviceClient) throws(DeviceError) {
    _ = try client.inject([RawFrame(left: 0, right: 0)], reset: true, endSession: true)
  }
}
