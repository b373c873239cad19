/// A byte serial port, polled and non-blocking: a UART, USB CDC-ACM or a TCP socket.
public protocol SerialPort {
  /// Returns the next received byte, or nil when none is waiting.
  mutating func serialRead() -> UInt8?
  /// Hands one byte to the transmitter. Returns false (and drops nothing) when the
  /// transmitter is still busy with the previous byte; the caller retries later.
  mutating func serialWrite(_ byte: UInt8) -> Bool
  /// Receive errors the port has reported since boot (bytes lost because the receive
  /// FIFO was not read in time, framing errors), reported in `statsReport`.
  var serialErrors: UInt32 { get }
}
