import ForceProtocol
import ForceTrace
import Testing

@Suite struct CRCTests {
  @Test func checkValue() {
    let check = Array("123456789".utf8)
    let crc = check.withUnsafeBytes { CRC16.checksum($0) }
    #expect(crc == 0x29B1)
  }

  @Test func emptyIsInitialValue() {
    #expect(CRC16.checksum(UnsafeRawBufferPointer(start: nil, count: 0)) == 0xFFFF)
  }

  @Test func matchesReferenceOnRandomData() {
    var random = SplitMix64(seed: 7)
    for length in 0..<300 {
      let data = (0..<length).map { _ in random.byte() }
      let crc = data.withUnsafeBytes { CRC16.checksum($0) }
      #expect(crc == referenceCRC(data))
    }
  }

  @Test func crcIsSentLowByteFirst() throws {
    let bytes = try wire(type: 0x31, seq: 0x32, body: Array("3456789".utf8))
    // Whole frame "123456789" + CRC 0x29B1 sent as B1 29; no zero inside, one COBS block.
    #expect(bytes == [0x0C, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0xB1, 0x29, 0x00])
  }
}

@Suite struct COBSTests {
  /// Data with zeros, long non-zero runs and both, every length up to the frame maximum.
  static func samples() -> [[UInt8]] {
    var random = SplitMix64(seed: 11)
    var result: [[UInt8]] = []
    for length in 0...FrameFormat.maxFrameSize {
      result.append((0..<length).map { _ in random.byte() })
      result.append([UInt8](repeating: 0, count: length))
      result.append((0..<length).map { _ in UInt8(1 + random.below(255)) })
      result.append((0..<length).map { index in index % 300 == 253 ? 0 : 0x41 })
    }
    return result
  }

  @Test func encodeMatchesReferenceAndDecodes() {
    for data in COBSTests.samples() {
      var out = [UInt8](repeating: 0, count: COBS.maxEncodedCount(data.count))
      let count = data.withUnsafeBytes { source in
        out.withUnsafeMutableBytes { COBS.encode(source, into: $0) }
      }
      let encoded = Array(out[0..<(count ?? 0)])
      #expect(encoded == referenceCOBS(data))
      #expect(!encoded.contains(0))
      var back = [UInt8](repeating: 0, count: data.count + 1)
      let decodedCount = encoded.withUnsafeBytes { source in
        back.withUnsafeMutableBytes { COBS.decode(source, into: $0) }
      }
      #expect(decodedCount == data.count)
      #expect(Array(back[0..<(decodedCount ?? 0)]) == data)
    }
  }

  /// The frame encoder's in-place COBS gives the same bytes as the reference, for every
  /// frame length up to the maximum.
  @Test func frameEncoderMatchesReference() throws {
    for data in COBSTests.samples() where data.count >= 4 {
      let body = Array(data[2..<(data.count - 2)])
      let bytes = try wire(type: data[0], seq: data[1], body: body)
      let crc = referenceCRC(Array(data[0..<(data.count - 2)]))
      let raw = Array(data[0..<(data.count - 2)]) + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
      #expect(bytes == referenceCOBS(raw) + [0])
      #expect(bytes.count <= FrameFormat.wireSize(frameSize: raw.count))
      let decoded = frames(bytes)
      #expect(decoded.count == 1)
      #expect(decoded.first?.type == data[0])
      #expect(decoded.first?.seq == data[1])
      #expect(decoded.first?.body == body)
    }
  }

  @Test func malformedInputIsRejected() {
    var out = [UInt8](repeating: 0, count: 16)
    for bad: [UInt8] in [[0x03, 0x11], [0x02, 0x00], [0x00]] {
      let result = bad.withUnsafeBytes { source in out.withUnsafeMutableBytes { COBS.decode(source, into: $0) } }
      #expect(result == nil)
    }
  }
}
