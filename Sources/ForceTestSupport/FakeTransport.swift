import ForceLink

/// A scripted `Transport` for testing code that talks to a device: scripted reads,
/// captured writes, injectable timeouts, errors and disconnects.
///
/// Reads consume `script` from the front. A `.bytes` step larger than the caller's buffer is
/// delivered over several reads. When the script runs out, reads behave as `whenExhausted`.
/// After a `.disconnect` step every read and write throws `.disconnected`.
public final class FakeTransport: Transport {
  /// One scripted outcome of a `read`.
  public enum Step: Equatable, Sendable {
    /// Deliver these bytes.
    case bytes([UInt8])
    /// Return 0, as if the read timed out.
    case timeout
    /// The device goes away: this and all later reads and writes throw `.disconnected`.
    case disconnect
    /// Throw this error once.
    case error(LinkError)
  }

  public let portName: String
  /// Steps not yet consumed by `read`.
  public private(set) var script: [Step]
  /// What reads do once `script` is empty.
  public var whenExhausted: Step
  /// Each `write` call's bytes, in order.
  public private(set) var writes: [[UInt8]] = []
  /// If set, the next `write` throws this (once) instead of capturing.
  public var nextWriteError: LinkError?
  /// Called with each captured write; the steps it returns are appended to `script`
  /// (to answer requests).
  public var respond: (([UInt8]) -> [Step])?
  /// Whether `close()` has been called.
  public private(set) var isClosed = false
  /// Whether a `.disconnect` step has been consumed (or `disconnect()` called).
  public private(set) var isDisconnected = false
  /// Timeouts passed to `read`, in order.
  public private(set) var readTimeouts: [Duration] = []

  /// A fake named `portName` that plays `script`.
  public init(portName: String = "fake", script: [Step] = [], whenExhausted: Step = .timeout) {
    self.portName = portName
    self.script = script
    self.whenExhausted = whenExhausted
  }

  /// All bytes written so far, concatenated.
  public var written: [UInt8] { writes.flatMap { $0 } }

  /// Appends steps to the script.
  public func enqueue(_ steps: Step...) { script.append(contentsOf: steps) }

  /// Appends bytes for later reads.
  public func feed(_ bytes: [UInt8]) { script.append(.bytes(bytes)) }

  /// Makes the device vanish now.
  public func disconnect() { isDisconnected = true }

  public func write(_ bytes: [UInt8]) throws(LinkError) {
    try checkOpen()
    if let error = nextWriteError {
      nextWriteError = nil
      throw error
    }
    writes.append(bytes)
    if let respond { script.append(contentsOf: respond(bytes)) }
  }

  public func read(into buffer: inout [UInt8], timeout: Duration) throws(LinkError) -> Int {
    try checkOpen()
    readTimeouts.append(timeout)
    let step = script.isEmpty ? whenExhausted : script.removeFirst()
    switch step {
    case .timeout:
      return 0
    case .disconnect:
      isDisconnected = true
      throw .disconnected(portName)
    case .error(let error):
      throw error
    case .bytes(let bytes):
      let count = min(bytes.count, buffer.count)
      buffer.replaceSubrange(0..<count, with: bytes[..<count])
      if count < bytes.count { script.insert(.bytes(Array(bytes[count...])), at: 0) }
      return count
    }
  }

  public func close() { isClosed = true }

  private func checkOpen() throws(LinkError) {
    if isClosed { throw .closed(portName) }
    if isDisconnected { throw .disconnected(portName) }
  }
}
