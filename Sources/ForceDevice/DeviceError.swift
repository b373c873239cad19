import ForceEngine
import ForceHostCore
import ForceLink
import ForceProtocol
import ForceTrace
import Foundation

/// A failure talking to a device, with a message that says what to do.
public enum DeviceError: Error, CustomStringConvertible {
  /// The transport failed (no port, permission, busy, unplugged, refused…).
  case link(LinkError)
  /// No reply within the timeout.
  case noReply(request: String, timeoutMs: Int)
  /// The device sent nothing for `quietMs` while it should have (telemetry streaming,
  /// a bench running) and answered none of the `stats` requests sent meanwhile.
  case silent(port: String, quietMs: Int)
  /// No handshake reply: wrong device, wrong baud, or firmware not running.
  case noHandshake(port: String, timeoutMs: Int)
  /// The device speaks another protocol version or parameter schema.
  case incompatible(String)
  /// The device answered with an error.
  case rejected(ErrorReply)
  /// The device answered with something that is not the reply expected.
  case unexpected(String)
  /// The device's parameters or the ones sent to it break a rule (the message names it).
  case invalid(String)
  /// Bytes arrived during the handshake, but none formed a ForcePicker frame.
  case notFrames(port: String, count: Int, first: [UInt8])
  /// Something on this computer failed: starting the emulator, a tool, a file, the
  /// MICROBIT drive. The message says what.
  case host(String)

  public var description: String {
    switch self {
    case .link(let error):
      return error.description
    case .noReply(let request, let timeout):
      var text = TextBuffer()
      Array(request.utf8).withUnsafeBytes { RequestExchange.writeNoReply(request: $0, timeoutMs: timeout, to: &text) }
      return text.string
    case .silent(let port, let quiet):
      var text = TextBuffer()
      SilenceWatch.writeSilence(quietMs: Int64(quiet), to: &text)
      return "\(port) \(text.string)"
    case .noHandshake(let port, let timeout):
      return
        "no handshake from \(port) within \(timeout) ms: is the ForcePicker firmware running there, at the right baud rate (115200)?"
    case .notFrames(let port, let count, let first):
      let bytes = first.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
      return
        "bytes arrived from \(port) but were not ForcePicker frames (\(count) bytes, first: \(bytes)): another program or firmware is there, or the baud rate is wrong"
    case .incompatible(let what):
      return "incompatible device: \(what)"
    case .rejected(let reply):
      return DeviceError.describe(reply)
    case .unexpected(let what):
      return "unexpected reply: \(what)"
    case .invalid(let message), .host(let message):
      return message
    }
  }

  /// An error reply in words, naming the parameter and the rule where there is one
  /// (`ErrorReplyText`, which the page shows too).
  public static func describe(_ reply: ErrorReply) -> String {
    var text = TextBuffer()
    ErrorReplyText.write(reply, to: &text)
    return text.string
  }
}
