import ForceDevice
import ForceProtocol
import Foundation

/// Raw frames over a connected client's transport, below `DeviceClient`'s one-request-
/// at-a-time discipline: for pipelining, timing and hand-made requests.
final class WireSession {
  let client: DeviceClient
  private var decoder = FrameDecoder()
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  /// Bytes written so far.
  private(set) var sentBytes = 0
  /// Bytes received so far.
  private(set) var receivedBytes = 0

  init(_ client: DeviceClient) { self.client = client }

  /// The wire bytes of `message` with `seq`.
  static func bytes(_ message: Message, seq: UInt8) throws -> [UInt8] {
    var out = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
    let count = try out.withUnsafeMutableBytes { try FrameEncoder.encode(message, seq: seq, into: $0) }
    return Array(out[0..<count])
  }

  /// The wire bytes of a raw frame: any type byte, any body.
  static func bytes(type: UInt8, seq: UInt8, body: [UInt8]) throws -> [UInt8] {
    var out = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
    let count = try body.withUnsafeBytes { body in
      try out.withUnsafeMutableBytes { try FrameEncoder.encode(type: type, seq: seq, body: body, into: $0) }
    }
    return Array(out[0..<count])
  }

  /// Writes raw bytes.
  func write(_ bytes: [UInt8]) throws {
    try client.transport.write(bytes)
    sentBytes += bytes.count
  }

  /// Writes one request.
  func send(_ message: Message, seq: UInt8) throws { try write(try WireSession.bytes(message, seq: seq)) }

  /// Frames received within `timeout` (returns early once `done` says so), with the
  /// wire bytes each took (delimiter included).
  func receive(
    for timeout: Duration, until done: ([(seq: UInt8, message: Message, wire: Int)]) -> Bool = { _ in false }
  ) throws -> [(seq: UInt8, message: Message, wire: Int)] {
    var result: [(seq: UInt8, message: Message, wire: Int)] = []
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline && !done(result) {
      let count = try client.transport.read(into: &buffer, timeout: .milliseconds(20))
      try decode(count, into: &result)
    }
    return result
  }

  /// The frames completed by one read of at most `maxBytes`, waiting at most `timeout`
  /// for it: a host that reads slowly.
  func receive(atMost maxBytes: Int, within timeout: Duration) throws -> [(seq: UInt8, message: Message, wire: Int)] {
    var result: [(seq: UInt8, message: Message, wire: Int)] = []
    var chunk = [UInt8](repeating: 0, count: maxBytes)
    let count = try client.transport.read(into: &chunk, timeout: timeout)
    buffer.replaceSubrange(0..<count, with: chunk[0..<count])
    try decode(count, into: &result)
    return result
  }

  private var frameBytes = 0  // of the frame being received

  private func decode(_ count: Int, into result: inout [(seq: UInt8, message: Message, wire: Int)]) throws {
    receivedBytes += count
    for byte in buffer[0..<count] {
      frameBytes += 1
      guard let frame = decoder.feed(byte) else { continue }
      result.append((frame.seq, try Message.decode(frame), frameBytes))
      frameBytes = 0
    }
  }
}
