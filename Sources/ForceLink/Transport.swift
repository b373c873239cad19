/// A byte stream to a ForcePicker device or emulator: a serial port, a TCP socket, or a fake.
///
/// Not thread-safe: use one transport from one thread at a time.
public protocol Transport: AnyObject {
  /// What this transport is connected to, for messages: `/dev/ttyACM0`, `127.0.0.1:5760`.
  var portName: String { get }

  /// Writes all of `bytes`, or throws (`.disconnected`, `.writeTimedOut`, `.closed`, …).
  func write(_ bytes: [UInt8]) throws(LinkError)

  /// Reads up to `buffer.count` bytes into the start of `buffer`, waiting at most `timeout`
  /// for the first byte. Returns how many bytes were read: 0 means the timeout passed.
  /// Throws `.disconnected` when the device or peer is gone.
  func read(into buffer: inout [UInt8], timeout: Duration) throws(LinkError) -> Int

  /// Releases the port. Idempotent; reads and writes afterwards throw `.closed`.
  func close()
}
