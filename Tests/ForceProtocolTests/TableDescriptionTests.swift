import ForceEngine
import ForceProtocol
import Testing

/// The device's `paramDescription`, encoded straight from the parameter table, is the
/// same body as the host's `ParamDescription`, and decodes to it.
@Suite struct TableDescriptionTests {
  static func body(_ message: some DeviceMessage) throws -> [UInt8] {
    var out = [UInt8](repeating: 0xEE, count: FrameFormat.maxBodySize)
    let count = try out.withUnsafeMutableBytes { buffer in
      var writer = ByteWriter(buffer)
      try message.encode(into: &writer)
      return writer.count
    }
    return Array(out[0..<count])
  }

  @Test func everyParameterEncodesAsItsParamDescription() throws {
    for index in 0..<ParameterID.count {
      let id = try #require(ParameterID.at(index))
      for value: Int32 in [id.defaultValue, id.min, id.max, -1] {
        let table = try Self.body(TableDescription(id, value: value))
        #expect(table == (try Self.body(ParamDescription(id, value: value))), "\(id) = \(value)")
        #expect(table.count == 20 + id.info.name.bytes.count + id.info.unit.bytes.count)
        let decoded = try table.withUnsafeBytes { body in
          try Message.decode(DecodedFrame(type: TableDescription.messageType.rawValue, seq: 7, body: body))
        }
        #expect(decoded == .paramDescription(ParamDescription(id, value: value)))
      }
    }
  }
}
