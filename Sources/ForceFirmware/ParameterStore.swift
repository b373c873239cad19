import ForceEngine
import ForceProtocol

/// Parameters kept in flash across power cycles, in two alternating slots.
///
/// Each slot is one reserved flash page holding one record:
///
///     offset  size  field
///          0     4  magic "FPK1" (0x314B5046), written last
///          4     2  layout version (Parameters.layoutVersion)
///          6     2  payload length in bytes
///          8     4  sequence number, +1 per save
///         12     2  CRC-16/CCITT-FALSE over bytes 4..<12 and the payload
///         14     2  0xFFFF
///         16     n  the payload: Parameters.encode(into:)
///
/// A save erases the slot that does not hold the newest record, writes the record
/// with the magic word last, then reads it back. A power cut at any point leaves the
/// other slot, and so the previous settings, intact: a half-written slot has no magic
/// or a bad CRC and is ignored. Loading takes the valid record with the highest
/// sequence number, and says so (`olderRecord`) when the other slot holds a damaged
/// or unfinished record that may be newer: the last save was lost. A record from an
/// older layout is never misread (it is reset to the defaults, and the handshake says
/// so). A slot of all 0xFF (erased) or all 0x00 (QEMU's flash at boot) is blank.
public enum ParameterStore {
  /// Magic word at the start of a record.
  public static let magic: UInt32 = 0x314B_5046
  /// Bytes before the payload.
  public static let headerSize = 16
  /// Bytes of a whole record (a multiple of 4).
  public static let recordSize = headerSize + Parameters.encodedSize

  /// Where the parameters in use came from.
  public enum Source: UInt8, Sendable {
    /// A valid record in flash.
    case flash = 0
    /// Flash was blank: factory defaults.
    case blank = 1
    /// No record was valid (bad CRC, bad length, or values that fail validation).
    case corrupt = 2
    /// The newest record was written by an older layout: reset to defaults.
    case olderLayout = 3
    /// A valid record, but the other slot holds a damaged or unfinished record that is
    /// not known to be older: the newest save was lost and the older record loaded.
    case olderRecord = 4
  }

  /// The result of `load`.
  public struct Loaded: Sendable {
    /// The parameters to run with (validated).
    public var parameters: Parameters
    /// Where they came from.
    public var source: Source
    /// Sequence number of the record loaded, or of the newest seen (0 when blank).
    public var sequence: UInt32
    /// The slot of the record loaded, or nil.
    public var slot: Int?
  }

  /// A failed save.
  public enum SaveError: Error, Sendable {
    /// The record read back differs from what was written.
    case verifyFailed
  }

  /// Reads both slots and returns the newest valid parameters, or the defaults.
  public static func load<B: Board>(from board: B) -> Loaded {
    var best: (slot: Int, sequence: UInt32, parameters: Parameters)?
    var sawAnything = false
    var newestOlderLayout: UInt32?
    var damaged: (sequence: UInt32?, seen: Bool) = (nil, false)
    for slot in 0..<2 {
      switch readRecord(board, slot: slot) {
      case .blank:
        break
      case .invalid(let sequence):
        sawAnything = true
        damaged = (sequence, true)
      case .olderLayout(let sequence):
        sawAnything = true
        if newestOlderLayout.map({ isNewer(sequence, than: $0) }) ?? true { newestOlderLayout = sequence }
      case .valid(let sequence, let parameters):
        sawAnything = true
        if best.map({ isNewer(sequence, than: $0.sequence) }) ?? true {
          best = (slot, sequence, parameters)
        }
      }
    }
    if let older = newestOlderLayout, best.map({ isNewer(older, than: $0.sequence) }) ?? true {
      return Loaded(parameters: .defaults, source: .olderLayout, sequence: older, slot: nil)
    }
    if let best {
      // A damaged slot beside a valid one is the lost newest save unless its header
      // still shows an older sequence number.
      let lost = damaged.seen && !(damaged.sequence.map { isNewer(best.sequence, than: $0) } ?? false)
      return Loaded(
        parameters: best.parameters, source: lost ? .olderRecord : .flash, sequence: best.sequence, slot: best.slot)
    }
    return Loaded(parameters: .defaults, source: sawAnything ? .corrupt : .blank, sequence: 0, slot: nil)
  }

  /// Saves `parameters` into the slot not holding the newest record. Returns the
  /// new sequence number.
  public static func save<B: Board>(
    _ parameters: Parameters, to board: inout B, after previous: Loaded
  ) throws(SaveError) -> Loaded {
    let slot = previous.slot.map { 1 - $0 } ?? 0
    let sequence = previous.sequence &+ 1
    var record = RecordBuffer()
    record.fill(parameters, sequence: sequence)
    board.flashErase(page: slot)
    withUnsafeBytes(of: record.bytes) { raw in
      // Everything but the magic word, then the magic word: a cut before the last
      // write leaves no magic, so the slot is ignored.
      board.flashWrite(page: slot, offset: 4, words: UnsafeRawBufferPointer(rebasing: raw[4..<recordSize]))
      board.flashWrite(page: slot, offset: 0, words: UnsafeRawBufferPointer(rebasing: raw[0..<4]))
    }
    guard case .valid(sequence, parameters) = readRecord(board, slot: slot) else { throw .verifyFailed }
    return Loaded(parameters: parameters, source: .flash, sequence: sequence, slot: slot)
  }

  /// Serial-number arithmetic: `a` is newer than `b` across wrap-around.
  static func isNewer(_ a: UInt32, than b: UInt32) -> Bool {
    Int32(bitPattern: a &- b) > 0
  }

  enum Record {
    case blank
    /// Damaged or unfinished; the sequence number when the header is intact.
    case invalid(sequence: UInt32?)
    case olderLayout(sequence: UInt32)
    case valid(sequence: UInt32, parameters: Parameters)
  }

  static func readRecord<B: Board>(_ board: B, slot: Int) -> Record {
    var record = RecordBuffer()
    withUnsafeMutableBytes(of: &record.bytes) {
      board.flashRead(
        page: slot, offset: 0, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<ParameterStore.recordSize]))
    }
    return record.decode()
  }
}

/// One record's bytes, on the stack (no allocation).
struct RecordBuffer {
  var bytes:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt32
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  init() {
    precondition(MemoryLayout.size(ofValue: bytes) >= ParameterStore.recordSize)
  }

  mutating func fill(_ parameters: Parameters, sequence: UInt32) {
    withUnsafeMutableBytes(of: &bytes) { raw in
      for index in 0..<raw.count { raw[index] = 0xFF }
      raw.storeBytes(of: ParameterStore.magic.littleEndian, toByteOffset: 0, as: UInt32.self)
      raw.storeBytes(of: Parameters.layoutVersion.littleEndian, toByteOffset: 4, as: UInt16.self)
      raw.storeBytes(of: UInt16(Parameters.encodedSize).littleEndian, toByteOffset: 6, as: UInt16.self)
      raw.storeBytes(of: sequence.littleEndian, toByteOffset: 8, as: UInt32.self)
      parameters.encode(into: UnsafeMutableRawBufferPointer(rebasing: raw[ParameterStore.headerSize...]))
      raw.storeBytes(of: RecordBuffer.crc(raw).littleEndian, toByteOffset: 12, as: UInt16.self)
    }
  }

  func decode() -> ParameterStore.Record {
    withUnsafeBytes(of: bytes) { raw in
      let magic = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
      if magic == 0xFFFF_FFFF || magic == 0 {
        let fill = raw[0]
        for index in 0..<ParameterStore.recordSize where raw[index] != fill { return .invalid(sequence: nil) }
        return .blank
      }
      guard magic == ParameterStore.magic else { return .invalid(sequence: nil) }
      let layout = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt16.self))
      let length = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 6, as: UInt16.self)))
      let sequence = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
      let storedCRC = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt16.self))
      guard length <= Parameters.encodedSize, storedCRC == RecordBuffer.crc(raw, length: length) else {
        return .invalid(sequence: sequence)
      }
      if layout < Parameters.layoutVersion { return .olderLayout(sequence: sequence) }
      guard layout == Parameters.layoutVersion, length == Parameters.encodedSize,
        let parameters = Parameters(decoding: UnsafeRawBufferPointer(rebasing: raw[ParameterStore.headerSize...]))
      else { return .invalid(sequence: sequence) }
      do throws(ParameterError) {
        try parameters.validate()
      } catch {
        return .invalid(sequence: sequence)
      }
      return .valid(sequence: sequence, parameters: parameters)
    }
  }

  /// CRC over the header fields after the magic (4..<12) and `length` payload bytes.
  static func crc(_ raw: UnsafeRawBufferPointer, length: Int = Parameters.encodedSize) -> UInt16 {
    var crc = CRC16()
    crc.update(UnsafeRawBufferPointer(rebasing: raw[4..<12]))
    let start = ParameterStore.headerSize
    crc.update(UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)]))
    return crc.value
  }

  static func crc(_ raw: UnsafeMutableRawBufferPointer) -> UInt16 {
    crc(UnsafeRawBufferPointer(raw))
  }
}
