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
/// or unfinished record that may be newer: the last save was lost. Layouts only ever
/// append parameters, so a record of an older layout whose payload is a whole number
/// of parameters is loaded as a prefix, the parameters added since taking their
/// defaults (a firmware update keeps the calibration); any other older record is
/// never misread (it is reset to the defaults, and the handshake says so). A slot of
/// all 0xFF (erased) or all 0x00 (QEMU's flash at boot) is blank.
///
/// Nothing is copied whole: the payload is written from the parameters in place
/// (`Parameters.withStoredLayout`), records are checked a word at a time where they
/// lie in flash, and only the record chosen is read, straight into the parameters.
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

  /// What `load` found, or what `save` wrote.
  public struct Loaded: Sendable {
    /// Where the parameters came from.
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
    /// The flash refused an erase or program (the board's pages break the record's needs).
    case flash(FlashError)
  }

  /// Reads both slots and puts the newest valid parameters into `parameters`; leaves
  /// them unchanged when there are none (the source then says why).
  public static func load<B: NORFlash>(from board: B, into parameters: inout Parameters) -> Loaded {
    var best: (slot: Int, sequence: UInt32)?
    var sawAnything = false
    var newestOlderLayout: UInt32?
    var damaged: (sequence: UInt32?, seen: Bool) = (nil, false)
    for slot in 0..<2 {
      switch readRecord(board, slot: slot) {
      case .blank:
        break
      case .invalid(let sequence):
        sawAnything = true
        damaged.seen = true
        // Two damaged slots: keep the newer header's number.
        if let sequence, damaged.sequence.map({ isNewer(sequence, than: $0) }) ?? true { damaged.sequence = sequence }
      case .olderLayout(let sequence):
        sawAnything = true
        if newestOlderLayout.map({ isNewer(sequence, than: $0) }) ?? true { newestOlderLayout = sequence }
      case .valid(let sequence):
        sawAnything = true
        if best.map({ isNewer(sequence, than: $0.sequence) }) ?? true { best = (slot, sequence) }
      }
    }
    if let older = newestOlderLayout, best.map({ isNewer(older, than: $0.sequence) }) ?? true {
      return Loaded(source: .olderLayout, sequence: older, slot: nil)
    }
    if let best {
      // A damaged slot beside a valid one is the lost newest save unless its header
      // still shows an older sequence number.
      let lost = damaged.seen && !(damaged.sequence.map { isNewer(best.sequence, than: $0) } ?? false)
      readPayload(board, slot: best.slot, into: &parameters)
      return Loaded(source: lost ? .olderRecord : .flash, sequence: best.sequence, slot: best.slot)
    }
    // No valid record: the next save numbers itself past any damaged one whose header
    // still shows its number, so the boot after it does not take it for the older.
    return Loaded(source: sawAnything ? .corrupt : .blank, sequence: damaged.sequence ?? 0, slot: nil)
  }

  /// Saves `parameters` (not changed: `inout` only to write flash from them in place)
  /// into the slot not holding the newest record.
  public static func save<B: NORFlash>(
    _ parameters: inout Parameters, to board: inout B, after previous: Loaded
  ) throws(SaveError) -> Loaded {
    let slot = previous.slot.map { 1 - $0 } ?? 0
    let sequence = previous.sequence &+ 1
    var header: (UInt32, UInt32, UInt32, UInt32) = (
      magic.littleEndian, (UInt32(Parameters.layoutVersion) | UInt32(Parameters.encodedSize) << 16).littleEndian,
      sequence.littleEndian, 0
    )
    var crc = CRC16()
    withUnsafeBytes(of: &header) { crc.update(UnsafeRawBufferPointer(rebasing: $0[4..<12])) }
    parameters.withStoredLayout { crc.update(UnsafeRawBufferPointer($0)) }
    header.3 = (0xFFFF_0000 | UInt32(crc.value)).littleEndian
    do throws(FlashError) { try board.flashErase(page: slot) } catch { throw .flash(error) }
    // Everything but the magic word, then the magic word: a cut before the last
    // write leaves no magic, so the slot is ignored.
    var failure = withUnsafeBytes(of: &header) {
      program(&board, slot: slot, offset: 4, UnsafeRawBufferPointer(rebasing: $0[4..<16]))
    }
    failure =
      failure
      ?? parameters.withStoredLayout { program(&board, slot: slot, offset: headerSize, UnsafeRawBufferPointer($0)) }
    failure =
      failure
      ?? withUnsafeBytes(of: &header) {
        program(&board, slot: slot, offset: 0, UnsafeRawBufferPointer(rebasing: $0[0..<4]))
      }
    if let failure { throw .flash(failure) }
    guard case .valid(sequence) = readRecord(board, slot: slot), payloadMatches(board, slot: slot, &parameters) else {
      throw .verifyFailed
    }
    return Loaded(source: .flash, sequence: sequence, slot: slot)
  }

  /// Programs `bytes` into `slot` at `offset`; the error, or nil.
  static func program<B: NORFlash>(_ board: inout B, slot: Int, offset: Int, _ bytes: UnsafeRawBufferPointer)
    -> FlashError?
  {
    do throws(FlashError) {
      try board.flashWrite(page: slot, offset: offset, words: bytes)
      return nil
    } catch {
      return error
    }
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
    case valid(sequence: UInt32)
  }

  /// Checks the record in `slot` where it lies, a word at a time.
  static func readRecord<B: NORFlash>(_ board: B, slot: Int) -> Record {
    let first = word(board, slot: slot, offset: 0)
    if first == 0xFFFF_FFFF || first == 0 {
      for offset in stride(from: 4, to: recordSize, by: 4) where word(board, slot: slot, offset: offset) != first {
        return .invalid(sequence: nil)
      }
      return .blank
    }
    guard first == magic else { return .invalid(sequence: nil) }
    let lengths = word(board, slot: slot, offset: 4)
    let layout = UInt16(truncatingIfNeeded: lengths)
    let length = Int(lengths >> 16)
    let sequence = word(board, slot: slot, offset: 8)
    let storedCRC = UInt16(truncatingIfNeeded: word(board, slot: slot, offset: 12))
    guard length <= Parameters.encodedSize, storedCRC == crc(board, slot: slot, length: length) else {
      return .invalid(sequence: sequence)
    }
    if layout < Parameters.layoutVersion && !isPrefix(length) { return .olderLayout(sequence: sequence) }
    guard layout <= Parameters.layoutVersion,
      layout == Parameters.layoutVersion ? length == Parameters.encodedSize : true
    else {
      return .invalid(sequence: sequence)
    }
    var candidate = Parameters()
    readPayload(board, slot: slot, into: &candidate)
    do throws(ParameterError) {
      try candidate.validate()
    } catch {
      return .invalid(sequence: sequence)
    }
    return .valid(sequence: sequence)
  }

  /// The little-endian word at `offset` of `slot`.
  static func word<B: NORFlash>(_ board: B, slot: Int, offset: Int) -> UInt32 {
    var value: UInt32 = 0
    withUnsafeMutableBytes(of: &value) { board.flashRead(page: slot, offset: offset, into: $0) }
    return UInt32(littleEndian: value)
  }

  /// CRC over the header fields after the magic (4..<12) and `length` payload bytes.
  static func crc<B: NORFlash>(_ board: B, slot: Int, length: Int) -> UInt16 {
    var crc = CRC16()
    for offset in stride(from: 4, to: headerSize &+ length, by: 4) where offset < 12 || offset >= headerSize {
      let value = word(board, slot: slot, offset: offset)
      let count = offset < 12 ? 4 : min(4, headerSize &+ length &- offset)
      for byte in 0..<count { crc.update(UInt8(truncatingIfNeeded: value >> UInt32(byte &* 8))) }
    }
    return crc.value
  }

  /// Whether an older layout's payload of `length` bytes is a prefix of this layout's.
  static func isPrefix(_ length: Int) -> Bool {
    length >= 4 && length < Parameters.encodedSize && length & 3 == 0
  }

  /// Reads the record's payload into `parameters`; a shorter (older layout's) payload
  /// fills the first parameters, and the rest take their defaults.
  static func readPayload<B: NORFlash>(_ board: B, slot: Int, into parameters: inout Parameters) {
    let length = Int(word(board, slot: slot, offset: 4) >> 16)
    parameters.withStoredLayout { stored in
      board.flashRead(page: slot, offset: headerSize, into: UnsafeMutableRawBufferPointer(rebasing: stored[0..<length]))
      for index in (length >> 2)..<ParameterID.count {
        stored.storeBytes(
          of: ParameterID.at(index)!.defaultValue.littleEndian, toByteOffset: index &* 4, as: Int32.self)
      }
    }
  }

  static func payloadMatches<B: NORFlash>(_ board: B, slot: Int, _ parameters: inout Parameters) -> Bool {
    parameters.withStoredLayout { payload in
      for offset in stride(from: 0, to: payload.count, by: 4)
      where word(board, slot: slot, offset: headerSize &+ offset)
        != UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      {
        return false
      }
      return true
    }
  }
}
