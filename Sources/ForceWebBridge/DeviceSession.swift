import ForceLink
import Foundation
import Synchronization

/// One page's connection to the device: the transport, and a thread that relays
/// bytes both ways until either side goes away. The bytes are not looked at: the
/// page frames and checks them itself.
final class DeviceSession: Sendable {
  private let outbox = Mutex<[UInt8]>([])
  private let stopped = Atomic<Bool>(false)

  /// Sends bytes to the device (from the page).
  func send(_ bytes: [UInt8]) {
    outbox.withLock { $0 += bytes }
  }

  /// Ends the relay; the transport closes on the relay thread.
  func stop() { stopped.store(true, ordering: .relaxed) }

  /// Relays until `stop()` or a link error: device bytes go to `received`; the
  /// error (if any) to `ended`. Runs on its own thread.
  func start(
    _ transport: any Transport, received: @escaping @Sendable ([UInt8]) -> Void,
    ended: @escaping @Sendable (String?) -> Void
  ) {
    let box = TransportBox(transport)
    let thread = Thread { [self] in
      let transport = box.transport
      defer { transport.close() }
      var buffer = [UInt8](repeating: 0, count: 4096)
      do throws(LinkError) {
        while !stopped.load(ordering: .relaxed) {
          let pending = outbox.withLock { bytes in
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
          }
          if !pending.isEmpty { try transport.write(pending) }
          let count = try transport.read(into: &buffer, timeout: .milliseconds(5))
          if count > 0 { received(Array(buffer[0..<count])) }
        }
        ended(nil)
      } catch {
        ended(error.description)
      }
    }
    thread.name = "forcectl-ui-device"
    thread.start()
  }
}

/// Hands a transport to the relay thread, which alone uses it from then on.
private final class TransportBox: @unchecked Sendable {
  let transport: any Transport
  init(_ transport: any Transport) { self.transport = transport }
}
