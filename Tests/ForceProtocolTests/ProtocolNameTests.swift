import ForceProtocol
import Testing

/// The names the page shows (`fp_name`) are the Swift cases' own names, and every
/// code has one.
@Suite struct ProtocolNameTests {
  @Test func messageTypeAndErrorCodeNamesAreTheirCaseNames() {
    var types = 0
    for raw in 0...255 {
      if let type = MessageType(rawValue: UInt8(raw)) {
        #expect("\(type.name)" == String(describing: type))
        types += 1
      }
      if let code = ErrorCode(rawValue: UInt8(raw)) { #expect("\(code.name)" == String(describing: code)) }
    }
    #expect(types == 25)
  }

  @Test func protocolErrorNamesAreTheirCaseNames() {
    let errors: [ProtocolError] = [
      .unknownType(1), .badLength, .badValue, .fieldOutOfRange(offset: 2, value: 3), .unknownParameter(4),
      .bufferTooSmall, .frameTooLong,
    ]
    for error in errors {
      #expect("\(error.name)" == String(String(describing: error).prefix { $0 != "(" }))
    }
  }

  @Test func everyCapabilityBitAndSourceHasAText() {
    #expect((0..<Capabilities.bitCount).compactMap { Capabilities.name(ofBit: $0) }.count == 6)
    #expect(Capabilities.name(ofBit: Capabilities.bitCount) == nil)
    #expect(Capabilities.name(ofBit: -1) == nil)
    #expect((0..<BootFaults.bitCount).compactMap { BootFaults.name(ofBit: $0) }.count == 5)
    #expect(BootFaults.name(ofBit: BootFaults.bitCount) == nil)
    #expect(BootFaults.name(ofBit: -1) == nil)
    #expect("\(ParameterSource.defaultsBlankFlash.text)" == "factory defaults (flash blank)")
    #expect("\(FlashFailure.blank.text)" == "nothing saved yet (flash blank)")
  }
}
