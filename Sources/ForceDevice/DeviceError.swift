import ForceEngine
import ForceLink
import ForceProtocol
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
      return "no reply to \(request) within \(timeout) ms: the device stopped answering (unplugged or reset?)"
    case .silent(let port, let quiet):
      let seconds = String(format: "%.1f", Double(quiet) / 1000)
      return
        "\(port) went silent: nothing for \(seconds) s and no answer to stats requests (the device hung, was paused or unplugged, or its link stalled)"
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

  /// An error reply in words, naming the parameter and the rule where there is one.
  public static func describe(_ reply: ErrorReply) -> String {
    let parameter = ParameterID(rawValue: reply.parameter)
    let name = parameter.map { String(describing: $0.info.name) }
    switch reply.code {
    case .outOfRange:
      if let parameter, let name {
        if let rule = reply.rule, rule != .outOfRange {
          return "rejected by the device: \(name) = \(reply.value) breaks the rule \(rule.text)"
        }
        let info = parameter.info
        return "rejected by the device: \(name) = \(reply.value) is outside \(info.min)...\(info.max)"
      }
      return "rejected by the device: a value is out of range"
    case .unknownParameter:
      return "the device has no parameter with id \(reply.parameter)"
    case .unknownType:
      return "the device does not know request type 0x\(String(reply.requestType, radix: 16))"
    case .badLength:
      return "the device rejected a request of the wrong length"
    case .busy:
      return "the device stayed busy (a bench running, or its transmit queue full); try again"
    case .flash:
      switch FlashFailure(rawValue: reply.detail) {
      case .blank: return "nothing saved in flash yet (use `params save` first)"
      case .corrupt: return "the parameters in flash are damaged or from another firmware; nothing loaded"
      case .unavailable: return "this device has no parameter flash"
      default: return "writing flash failed; the previous settings are still stored"
      }
    case .unsupported:
      if Capabilities(rawValue: reply.detail).contains(.adc) && reply.detail != ErrorReply.none {
        return
          "the device has no force sensor (ADC), so it cannot stream: for a live signal start `forcectl sitl --trace IN.csv` or `forcectl emulate --gesture`, or inject samples (`forcectl replay`)"
      }
      return "this device cannot do that"
    }
  }
}
