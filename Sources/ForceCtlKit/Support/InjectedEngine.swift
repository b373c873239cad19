import ForceDevice
import ForceEngine
import ForceProtocol
import ForceSim
import ForceTrace

/// A device's engine pressed through `inject`, one frame a request: a closed loop, since
/// what the next frame presses depends on what this one showed. The first frame resets
/// the engine (idle, at `start_value`) and starts an injection session, in which the
/// device's own cells drive nothing.
struct InjectedEngine: TrialEngine {
  let client: DeviceClient
  var first = true

  mutating func step(left: UInt16, right: UInt16) throws(DeviceError) -> FrameOutput {
    let results = try client.inject([RawFrame(left: left, right: right)], reset: first, endSession: false)
    first = false
    guard let result = results.first else { throw .unexpected("no injectResult") }
    return result.output
  }

  /// Ends the injection session on `client` (one frame at rest, the engine reset first):
  /// the device's cells drive its engine again.
  static func endSession(_ client: DeviceClient) throws(DeviceError) {
    _ = try client.inject([RawFrame(left: 0, right: 0)], reset: true, endSession: true)
  }
}
