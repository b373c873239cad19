import ForceEngine
import ForceProtocol

// Receiving: JavaScript copies bytes to the input area and calls `fp_input(count)`,
// then `fp_next()` until it returns 0. Each non-zero result is one valid frame:
// its message type (1…255) with the fields written, or a negative ProtocolError
// code when the frame passed the CRC but its body does not decode (for
// `fieldOutOfRange`, fields 0 and 1 hold the field's body offset and the value, as the
// device's `outOfRange` reply reports them). The frame's
// type, seq and body length are always in `fp_frame_type`, `fp_frame_seq` and
// `fp_frame_body` (the body bytes in the text area).

/// The receiver's state between calls.
struct Receiver {
  var decoder = FrameDecoder()
  var pending = 0
  var position = 0
  var frameType: UInt8 = 0
  var frameSeq: UInt8 = 0
  var bodyCount = 0
}

nonisolated(unsafe) var receiver = Receiver()

/// Makes the first `count` bytes of the input area the bytes to decode next.
@_expose(wasm, "fp_input")
@_cdecl("fp_input")
public func fpInput(_ count: Int32) {
  receiver.pending = Int(max(0, min(count, Int32(SharedMemory.inputCapacity))))
  receiver.position = 0
}

/// Decodes up to the next complete frame; see the comment at the top of the file.
@_expose(wasm, "fp_next")
@_cdecl("fp_next")
public func fpNext() -> Int32 {
  let input = Area.input
  while receiver.position < receiver.pending {
    let byte = input[receiver.position]
    receiver.position &+= 1
    guard let frame = receiver.decoder.feed(byte) else { continue }
    receiver.frameType = frame.type
    receiver.frameSeq = frame.seq
    receiver.bodyCount = frame.bodyCount
    let area = Area.text
    frame.withBody { body in
      for index in 0..<body.count { area[index] = body[index] }
    }
    do throws(ProtocolError) {
      let message = try Message.decode(frame)
      writeFields(message)
      return Int32(frame.type)
    } catch {
      if case .fieldOutOfRange(let offset, let value) = error {
        var out = FieldWriter()
        out.put(offset)
        out.put(value)
      }
      return -errorCode(error)
    }
  }
  return 0
}

/// The type byte of the last frame `fp_next` returned.
@_expose(wasm, "fp_frame_type")
@_cdecl("fp_frame_type")
public func fpFrameType() -> Int32 { Int32(receiver.frameType) }

/// The seq byte of the last frame `fp_next` returned.
@_expose(wasm, "fp_frame_seq")
@_cdecl("fp_frame_seq")
public func fpFrameSeq() -> Int32 { Int32(receiver.frameSeq) }

/// The body length of the last frame `fp_next` returned.
@_expose(wasm, "fp_frame_body")
@_cdecl("fp_frame_body")
public func fpFrameBody() -> Int32 { Int32(receiver.bodyCount) }

/// Receiver counter `which`: 0 frames, 1 overruns, 2 malformed, 3 too short, 4 CRC errors.
@_expose(wasm, "fp_stat")
@_cdecl("fp_stat")
public func fpStat(_ which: Int32) -> Int32 {
  let statistics = receiver.decoder.statistics
  switch which {
  case 0: return Int32(truncatingIfNeeded: statistics.frames)
  case 1: return Int32(truncatingIfNeeded: statistics.overruns)
  case 2: return Int32(truncatingIfNeeded: statistics.malformed)
  case 3: return Int32(truncatingIfNeeded: statistics.tooShort)
  case 4: return Int32(truncatingIfNeeded: statistics.crcErrors)
  default: return -1
  }
}

/// Forgets the frame in progress and the counters (a new connection).
@_expose(wasm, "fp_receiver_reset")
@_cdecl("fp_receiver_reset")
public func fpReceiverReset() { receiver = Receiver() }

/// 1 unknownType, 2 badLength, 3 badValue, 4 unknownParameter, 5 bufferTooSmall, 6 frameTooLong,
/// 7 fieldOutOfRange.
func errorCode(_ error: ProtocolError) -> Int32 {
  switch error {
  case .unknownType: return 1
  case .badLength: return 2
  case .badValue: return 3
  case .unknownParameter: return 4
  case .bufferTooSmall: return 5
  case .frameTooLong: return 6
  case .fieldOutOfRange: return 7
  }
}
