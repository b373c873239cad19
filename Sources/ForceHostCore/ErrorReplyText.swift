import ForceEngine
import ForceProtocol

/// An `error` reply in words (Protocol.md, "Errors"), naming the parameter and the rule
/// where there is one: what forcectl prints and what the page shows for a refused
/// request.
public enum ErrorReplyText {
  /// Writes `reply` in words.
  public static func write<Sink: TextSink>(_ reply: ErrorReply, to sink: inout Sink) {
    switch reply.code {
    case .outOfRange: writeOutOfRange(reply, to: &sink)
    case .unknownParameter:
      sink.write("the device has no parameter with id ")
      sink.write(Int(reply.parameter))
    case .unknownType:
      sink.write("the device does not know request type 0x")
      sink.write(hex: UInt32(reply.requestType))
    case .badLength: sink.write("the device rejected a request of the wrong length")
    case .busy: sink.write("the device stayed busy (a bench running, or its transmit queue full); try again")
    case .flash:
      switch FlashFailure(rawValue: reply.detail) {
      case .blank: sink.write("nothing saved in flash yet (use `params save` first)")
      case .corrupt: sink.write("the parameters in flash are damaged or from another firmware; nothing loaded")
      case .unavailable: sink.write("this device has no parameter flash")
      default: sink.write("writing flash failed; the previous settings are still stored")
      }
    case .unsupported:
      if Capabilities(rawValue: reply.detail).contains(.adc) && reply.detail != ErrorReply.none {
        sink.write(
          "the device has no force sensor (ADC), so it cannot stream: for a live signal start `forcectl sitl --trace IN.csv` or `forcectl emulate --gesture`, or inject samples (`forcectl replay`)"
        )
      } else if Capabilities(rawValue: reply.detail).contains(.bootloader) && reply.detail != ErrorReply.none {
        sink.write(
          "this device cannot reboot into a bootloader (only the Pico can): flash it as its board needs (`forcectl flash`)"
        )
      } else {
        sink.write("this device cannot do that")
      }
    }
  }

  static func writeOutOfRange<Sink: TextSink>(_ reply: ErrorReply, to sink: inout Sink) {
    guard let parameter = ParameterID(rawValue: reply.parameter) else {
      sink.write("rejected by the device: a value is out of range")
      return
    }
    sink.write("rejected by the device: ")
    writeRefusal(parameter, value: reply.value, rule: reply.rule ?? .outOfRange, separator: " = ", to: &sink)
  }

  /// Writes why `value` of `parameter` was refused: "NAME: VALUE is outside MIN...MAX",
  /// or "NAME: VALUE breaks the rule RULE", with `separator` after the name. The
  /// device's refusals and the host's own (`forcectl`'s options and files, the page's
  /// offline engine) are written here.
  public static func writeRefusal<Sink: TextSink>(
    _ parameter: ParameterID, value: Int32, rule: ParameterRule, separator: StaticString = ": ", to sink: inout Sink
  ) {
    let info = parameter.info
    sink.write(bytes: info.name.bytes)
    sink.write(separator)
    sink.write(value)
    if rule != .outOfRange {
      sink.write(" breaks the rule ")
      sink.write(rule.text)
    } else {
      sink.write(" is outside ")
      sink.write(info.min)
      sink.write("...")
      sink.write(info.max)
    }
  }
}
