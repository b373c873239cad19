/// Consistent Overhead Byte Stuffing: removes every 0x00 from a frame so 0x00 can
/// delimit frames. Each block is a code byte `n` (1…255) followed by `n − 1`
/// non-zero bytes; a block with code < 255 stands for its bytes plus one 0x00,
/// except at the end of the frame.
///
/// The streaming decoder is `FrameDecoder` and the streaming encoder `FrameWriter`;
/// this type encodes and decodes whole buffers (for tests and tools).
public enum COBS {
  /// Largest encoded length of `count` bytes (no delimiter).
  public static func maxEncodedCount(_ count: Int) -> Int { count &+ 1 &+ count / 254 }

  /// Encodes `source` into `destination` (they must not overlap). Returns the encoded
  /// length (no delimiter written), or nil if `destination` is too small.
  public static func encode(
    _ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer
  ) -> Int? {
    guard destination.count >= maxEncodedCount(source.count) else { return nil }
    return encode(count: source.count, byteAt: { source[$0] }, into: destination)
  }

  static func encode(
    count: Int, byteAt: (Int) -> UInt8, into destination: UnsafeMutableRawBufferPointer
  ) -> Int {
    var codeIndex = 0
    var write = 1
    var code: UInt8 = 1
    for read in 0..<count {
      let byte = byteAt(read)
      if byte == 0 {
        destination[codeIndex] = code
        codeIndex = write
        write &+= 1
        code = 1
      } else {
        destination[write] = byte
        write &+= 1
        code &+= 1
        if code == 0xFF {
          destination[codeIndex] = code
          codeIndex = write
          write &+= 1
          code = 1
        }
      }
    }
    destination[codeIndex] = code
    return write
  }

  /// Decodes one complete COBS block sequence (no delimiter) from `source` into
  /// `destination`. Returns the decoded length, or nil when `source` is malformed
  /// (contains 0x00 or ends inside a block) or `destination` is too small.
  public static func decode(
    _ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer
  ) -> Int? {
    var read = 0
    var write = 0
    while read < source.count {
      let code = Int(source[read])
      if code == 0 { return nil }
      read &+= 1
      guard read &+ code &- 1 <= source.count else { return nil }
      for _ in 1..<code {
        let byte = source[read]
        if byte == 0 { return nil }
        guard write < destination.count else { return nil }
        destination[write] = byte
        write &+= 1
        read &+= 1
      }
      if code != 0xFF && read < source.count {
        guard write < destination.count else { return nil }
        destination[write] = 0
        write &+= 1
      }
    }
    return write
  }
}
