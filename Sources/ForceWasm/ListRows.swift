import ForceEngine
import ForceProtocol

// The list messages read from the fields, for `readMessage`, and texts.

func readBatch() throws(ProtocolError) -> ParamBatch {
  let count = Int(field(0))
  guard count >= 1, count <= ParamBatch.capacity else { throw .badLength }
  var batch = ParamBatch()
  for index in 0..<count {
    batch.append(ParamValue(id: u8(1 &+ 2 &* index), value: field(2 &+ 2 &* index)))
  }
  return batch
}

func readInject() throws(ProtocolError) -> InjectRequest {
  let count = Int(field(2))
  guard count >= 1, count <= InjectRequest.capacity else { throw .badLength }
  var request = InjectRequest(resetFirst: field(0) != 0, endSession: field(1) != 0)
  for index in 0..<count {
    let left = field(3 &+ 2 &* index)
    let right = field(4 &+ 2 &* index)
    guard (0...1023).contains(left), (0...1023).contains(right) else { throw .badValue }
    request.append(left: UInt16(left), right: UInt16(right))
  }
  return request
}

/// A text of `length` bytes at `offset` of the text area.
func readText(at offset: Int, length: Int32) throws(ProtocolError) -> ShortText {
  guard length >= 0, Int(length) <= ShortText.capacity else { throw .badLength }
  return ShortText(UnsafeRawBufferPointer(rebasing: Area.text[offset..<offset &+ Int(length)]))
}
