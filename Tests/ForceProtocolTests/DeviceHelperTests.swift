import ForceEngine
import ForceProtocol
import ForceTrace
import Testing

@Suite struct DeviceHelperTests {
  @Test func bodiesOfTheWrongLengthAreRejected() throws {
    for example in exampleMessages() {
      let frame = frames(try wire(example.message, seq: 1))[0]
      let body = frame.body
      for bad in [body + [0x01], Array(body.dropLast())] where bad != body {
        let candidate = bad.withUnsafeBytes { DecodedFrame(type: frame.type, seq: 1, body: $0) }
        #expect(throws: ProtocolError.self, "\(example.name) \(bad.count) bytes") {
          _ = try Message.decode(candidate)
        }
      }
    }
  }

  @Test func unknownTypeGetsAnErrorReplyWithTheSameSeq() throws {
    let request = try wire(type: 0x42, seq: 0x0E, body: [1, 2, 3])
    let frame = frames(request)[0]
    #expect(throws: ProtocolError.unknownType(0x42)) { _ = try Message.decodeRequest(frame) }
    #expect(ErrorReply.unrecognised(frame) == ErrorReply(code: .unknownType, requestType: 0x42))
    var out = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
    let count = try out.withUnsafeMutableBytes {
      try FrameEncoder.encodeRejection(of: frame, because: .unknownType(0x42), into: $0)
    }
    let reply = frames(Array(out[0..<count]))[0]
    #expect(reply.seq == 0x0E)
    #expect(try Message.decode(reply) == .error(ErrorReply(code: .unknownType, requestType: 0x42)))
  }

  @Test func repliesSentToTheDeviceAreUnknownTypes() throws {
    for example in exampleMessages() where !example.message.type.isRequest {
      let frame = frames(try wire(example.message, seq: 3))[0]
      #expect(throws: ProtocolError.unknownType(frame.type)) { _ = try Message.decodeRequest(frame) }
    }
    for example in exampleMessages() where example.message.type.isRequest {
      let frame = frames(try wire(example.message, seq: 3))[0]
      #expect(try Message.decodeRequest(frame) == example.message)
      #expect(example.message.type.successReply != nil)
    }
  }

  @Test func decodeErrorsMapToDistinctWireCodes() throws {
    let frame = frames(try wire(type: MessageType.paramGet.rawValue, seq: 4, body: [99]))[0]
    #expect(throws: ProtocolError.unknownParameter(99)) { _ = try Message.decodeRequest(frame) }
    #expect(
      ErrorReply(rejecting: frame, because: .unknownParameter(99))
        == ErrorReply(code: .unknownParameter, requestType: 0x03, parameter: 99))
    #expect(ErrorReply(rejecting: frame, because: .badLength).code == .badLength)
    #expect(ErrorReply(rejecting: frame, because: .badValue).code == .outOfRange)
    let codes: [ErrorCode] = [.unknownType, .badLength, .outOfRange, .busy, .flash, .unknownParameter, .unsupported]
    #expect(Set(codes.map(\.rawValue)).count == codes.count)
  }

  @Test func rejectedSetCarriesParameterAndRule() throws {
    var parameters = Parameters.defaults
    do {
      try parameters.set(.restThreshold, to: 20)
      Issue.record("should throw")
    } catch {
      let reply = ErrorReply(requestType: .paramSet, rejected: error)
      #expect(reply.code == .outOfRange)
      #expect(reply.rule == error.rule)
      #expect(reply.parameter == error.parameter.rawValue)
      #expect(reply.value == error.value)
    }
    #expect(parameters == .defaults)
  }

  @Test func batchIsAllOrNothing() throws {
    // Raising rest above the current boost only works together with boost.
    var together = ParamBatch()
    together.append(ParamValue(.restThreshold, 900))
    together.append(ParamValue(.boostThreshold, 1000))
    together.append(ParamValue(.pressThroughLevel, 1023))
    var parameters = Parameters.defaults
    #expect(throws: ParameterError.self) { try parameters.set(.restThreshold, to: 900) }
    try together.apply(to: &parameters)
    #expect(parameters[.restThreshold] == 900)
    #expect(parameters[.boostThreshold] == 1000)

    var broken = ParamBatch()
    broken.append(ParamValue(.rangeMax, 10))
    broken.append(ParamValue(.startValue, 50))
    let before = parameters
    #expect(throws: ParameterError(parameter: .startValue, value: 50, rule: .startInsideRange)) {
      try broken.apply(to: &parameters)
    }
    #expect(parameters == before)
  }

  @Test func batchWithUnknownIdIsRejected() throws {
    let frame = frames(
      try wire(type: MessageType.paramSetBatch.rawValue, seq: 1, body: [0x04, 1, 0, 0, 0, 0x30, 1, 0, 0, 0]))[0]
    #expect(throws: ProtocolError.unknownParameter(0x30)) { _ = try Message.decodeRequest(frame) }
  }

  @Test func injectionRebuildsTheEngineOutputExactly() throws {
    var device = ForceEngine()
    var random = SplitMix64(seed: 5)
    var left: Int = 0
    var right: Int = 0
    for step in 0..<3000 {
      if step % 200 < 120 {
        left = min(1023, max(0, left + random.below(41) - 12))
        right = min(1023, max(0, right + random.below(41) - 18))
      } else {
        left = max(0, left - 40)
        right = max(0, right - 40)
      }
      let output = device.step(left: UInt16(left), right: UInt16(right))
      let reply = try wire(
        .injectResult(InjectResult(index: UInt8(step % 16), output: output, unitsPerItem: device.unitsPerItem)), seq: 1)
      guard case .injectResult(let result) = try Message.decode(frames(reply)[0]) else {
        Issue.record("not an injectResult")
        return
      }
      #expect(result.output == output)
      #expect(result.positionMilli == output.positionMilli(unitsPerItem: device.unitsPerItem))
      let telemetry = Telemetry(
        frame: UInt16(step), left: UInt16(left), right: UInt16(right), output: output,
        positionMilli: result.positionMilli)
      guard case .telemetry(let back) = try Message.decode(frames(try wire(.telemetry(telemetry), seq: 1))[0]) else {
        Issue.record("not telemetry")
        return
      }
      #expect(back.positionMilli == output.positionMilli(unitsPerItem: device.unitsPerItem))
      #expect(back.value == output.value)
    }
  }

  @Test func injectRejectsReadingsAbove1023() throws {
    let body: [UInt8] = [0x00, 0x00, 0x04, 0x00, 0x00]
    let frame = frames(try wire(type: MessageType.inject.rawValue, seq: 1, body: body))[0]
    #expect(throws: ProtocolError.fieldOutOfRange(offset: 1, value: 1024)) { _ = try Message.decodeRequest(frame) }
  }

  @Test func encoderRefusesSmallBuffersAndLongBodies() throws {
    var small = [UInt8](repeating: 0, count: 10)
    #expect(throws: ProtocolError.bufferTooSmall) {
      try small.withUnsafeMutableBytes {
        try FrameEncoder.encode(
          .benchResult(BenchResult(frames: 1, ticks: 2, tickHz: 3, maxFrameTicks: 4)), seq: 0, into: $0)
      }
    }
    #expect(throws: ProtocolError.frameTooLong) {
      _ = try wire(type: 1, seq: 1, body: [UInt8](repeating: 7, count: FrameFormat.maxBodySize + 1))
    }
    let largest = try wire(type: 1, seq: 1, body: [UInt8](repeating: 7, count: FrameFormat.maxBodySize))
    #expect(largest.count <= FrameFormat.maxWireSize)
  }

  /// A frame that does not fit its room in a ring keeps writing nothing past the room
  /// (it wraps at the ring's end), and `finish` throws the first failure.
  @Test func aFrameTooBigForItsRoomTouchesNothingOutsideIt() throws {
    var ring = [UInt8](repeating: 0xAA, count: 64)
    ring.withUnsafeMutableBytes { bytes in
      var writer = FrameWriter(ring: bytes, start: 58, room: 12, type: 9, seq: 3)
      for byte in 1...40 { writer.u8(UInt8(byte)) }
      writer.u32(0x0102_0304)
      #expect(throws: ProtocolError.bufferTooSmall) { _ = try writer.finish() }
    }
    let room = Set((58..<64).map { $0 } + (0..<6).map { $0 })
    let touched = ring.indices.filter { ring[$0] != 0xAA }
    #expect(!touched.isEmpty && touched.allSatisfy(room.contains), "\(touched)")
  }

  @Test func handshakeDefaultsComeFromTheEngine() {
    let info = DeviceInfo(
      firmwareMajor: 1, firmwareMinor: 2, firmwarePatch: 3, resetReason: 2, capabilities: .flash,
      parameterSource: .defaultsCorruptFlash, board: ShortText("qemu"))
    #expect(info.schemaHash == Parameters.schemaHash)
    #expect(info.layoutVersion == Parameters.layoutVersion)
    #expect(Int(info.parameterCount) == ParameterID.count)
    #expect(Int(info.maxFrameSize) == FrameFormat.maxFrameSize)
    #expect(info.protocolVersion == FrameFormat.protocolVersion)
  }
}
