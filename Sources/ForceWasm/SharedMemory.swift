import ForceHostCore
import ForceProtocol

// The wasm module's memory shared with JavaScript (Web/js/wire.js): fixed areas in
// this module's data segment, nothing allocated. JavaScript writes received bytes to
// `input` and request fields to `fields`; the module writes decoded fields to
// `fields`, texts and raw bodies to `text`, encoded frames to `output`, and longer
// texts (messages, CSV rows, profile files) to `document`; a file read whole (a
// parameter file) goes to `file`.

/// 64 bytes of zero-initialised inline storage.
struct Block64 {
  var raw: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}

/// 256 bytes of zero-initialised inline storage.
struct Block256 {
  var raw = (Block64(), Block64(), Block64(), Block64())
}

/// 4096 bytes of zero-initialised inline storage.
struct Block4K {
  var raw = (
    Block256(), Block256(), Block256(), Block256(), Block256(), Block256(), Block256(), Block256(),
    Block256(), Block256(), Block256(), Block256(), Block256(), Block256(), Block256(), Block256()
  )
}

/// Every area JavaScript reads or writes, at fixed offsets from `fp_memory()`.
struct SharedMemory {
  /// Offset 0: received bytes, up to `inputCapacity`.
  var input = (Block256(), Block256(), Block256(), Block256())
  /// Offset 1024: 128 little-endian Int32 fields.
  var fields = (Block256(), Block256())
  /// Offset 1536: texts (name then unit, or the board) or a raw frame body.
  var text = Block256()
  /// Offset 1792: the last encoded frame, delimiter included.
  var output = (Block256(), Block256())
  /// Offset 2304: a text the module wrote for the page, up to `documentCapacity`.
  var document = (Block4K(), Block4K())
  /// Offset 10496: a file's bytes, up to `fileCapacity`.
  var file = (Block4K(), Block4K(), Block4K(), Block4K())

  static let inputCapacity = 1024
  static let fieldCount = 128
  static let documentCapacity = 8192
  static let fileCapacity = 16384
}

nonisolated(unsafe) var shared = SharedMemory()

/// The shared areas, as raw pointers (stable: `shared` is a global).
enum Area {
  static var base: UnsafeMutableRawPointer {
    withUnsafeMutablePointer(to: &shared) { UnsafeMutableRawPointer($0) }
  }
  static var input: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base, count: SharedMemory.inputCapacity)
  }
  static var fields: UnsafeMutablePointer<Int32> {
    (base + 1024).assumingMemoryBound(to: Int32.self)
  }
  static var text: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base + 1536, count: 256)
  }
  static var output: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base + 1792, count: 512)
  }
  static var document: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base + 2304, count: SharedMemory.documentCapacity)
  }
  static var file: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base + 10496, count: SharedMemory.fileCapacity)
  }
}

/// Writes consecutive fields from index 0.
struct FieldWriter {
  var index = 0

  @inline(never)
  mutating func put(_ value: Int32) {
    guard index < SharedMemory.fieldCount else { return }
    Area.fields[index] = value
    index &+= 1
  }

  mutating func put(_ value: UInt32) { put(Int32(bitPattern: value)) }
  mutating func put(_ value: UInt16) { put(Int32(value)) }
  mutating func put(_ value: Int16) { put(Int32(value)) }
  mutating func put(_ value: UInt8) { put(Int32(value)) }
  mutating func put(_ value: Bool) { put(Int32(value ? 1 : 0)) }
}

/// Writes a text into the document area from its start; `count` is its length so far.
/// What does not fit is dropped.
struct DocumentWriter: TextSink {
  var count = 0

  mutating func append(_ byte: UInt8) {
    guard count < SharedMemory.documentCapacity else { return }
    Area.document[count] = byte
    count &+= 1
  }
}

/// Writes a text into the document area with `body`; returns its length.
func writeDocument(_ body: (inout DocumentWriter) -> Void) -> Int32 {
  var writer = DocumentWriter()
  body(&writer)
  return Int32(writer.count)
}

/// Reads field `index` (0..<128) that JavaScript wrote.
func field(_ index: Int) -> Int32 { Area.fields[index] }

/// Copies texts one after another into the text area; returns the bytes written.
func putTexts(_ first: ShortText, _ second: ShortText = ShortText()) -> Int {
  let offset = putText(first, at: 0)
  return putText(second, at: offset)
}

/// Copies `text` into the text area at `offset`; returns the offset after it.
func putText(_ text: ShortText, at offset: Int) -> Int {
  let area = Area.text
  return text.withBytes { bytes in
    for index in 0..<bytes.count { area[offset &+ index] = bytes[index] }
    return offset &+ bytes.count
  }
}

/// The module's memory layout base address, for JavaScript.
@_expose(wasm, "fp_memory")
@_cdecl("fp_memory")
public func fpMemory() -> UInt32 { UInt32(UInt(bitPattern: Area.base)) }
