import ForceEngine
import ForceFirmware
import ForceProtocol
import ForceTestSupport
import Testing

@Suite struct ParameterStoreTests {
  func parameters(rest: Int32) -> Parameters {
    var p = Parameters.defaults
    try! p.set(.restThreshold, to: rest)
    return p
  }

  @Test func blankFlashBootsDefaults() {
    let loaded = ParameterStore.load(from: FakeBoard())
    #expect(loaded.source == .blank && loaded.parameters == .defaults && loaded.slot == nil)
  }

  @Test func savesAlternateSlotsAndTheNewestWins() throws {
    var board = FakeBoard()
    var state = ParameterStore.load(from: board)
    for (index, rest) in [Int32(210), 220, 230, 240].enumerated() {
      state = try ParameterStore.save(parameters(rest: rest), to: &board, after: state)
      #expect(state.slot == index % 2)
      let loaded = ParameterStore.load(from: board)
      #expect(loaded.source == .flash && loaded.parameters[.restThreshold] == rest)
      #expect(loaded.sequence == UInt32(index + 1))
    }
  }

  /// A power cut at any point of a save leaves the previous settings loadable.
  @Test func aPowerCutAnywhereDuringASaveKeepsThePreviousSettings() throws {
    var board = FakeBoard()
    let first = try ParameterStore.save(parameters(rest: 250), to: &board, after: ParameterStore.load(from: board))
    let operations = 1 + ParameterStore.recordSize / 4  // the erase and every word
    for cut in 0..<operations {
      var trial = board
      trial.operationsBeforeCut = cut
      _ = try? ParameterStore.save(parameters(rest: 300), to: &trial, after: first)
      trial.operationsBeforeCut = nil
      let loaded = ParameterStore.load(from: trial)
      // Up to the erase the new slot is blank; after a word of the new record it is an
      // unfinished record, and the load says the last save was lost.
      #expect(loaded.source == (cut < 2 ? .flash : .olderRecord), "cut after \(cut) operations")
      #expect(loaded.parameters[.restThreshold] == 250, "cut after \(cut) operations")
    }
    // With no cut the new value wins.
    var complete = board
    _ = try ParameterStore.save(parameters(rest: 300), to: &complete, after: first)
    #expect(ParameterStore.load(from: complete).parameters[.restThreshold] == 300)
  }

  @Test func aSaveThatCannotBeReadBackFailsAndChangesNothingLoaded() {
    var board = FakeBoard()
    board.operationsBeforeCut = 3
    #expect(throws: ParameterStore.SaveError.self) {
      try ParameterStore.save(parameters(rest: 260), to: &board, after: ParameterStore.load(from: board))
    }
    board.operationsBeforeCut = nil
    #expect(ParameterStore.load(from: board).parameters == .defaults)
  }

  @Test func corruptRecordsAreNeverMisread() throws {
    var board = FakeBoard()
    _ = try ParameterStore.save(parameters(rest: 250), to: &board, after: ParameterStore.load(from: board))
    // A flipped payload bit: the CRC catches it.
    board.flash[ParameterStore.headerSize + 17] ^= 0x04
    let loaded = ParameterStore.load(from: board)
    #expect(loaded.source == .corrupt && loaded.parameters == .defaults)
  }

  @Test func aValidCRCOverInvalidValuesBootsDefaults() throws {
    var board = FakeBoard()
    var state = ParameterStore.load(from: board)
    state = try ParameterStore.save(parameters(rest: 250), to: &board, after: state)
    // Rewrite the record with rest_threshold = 5000 and a matching CRC by saving
    // raw bytes through a copy of the layout.
    var bytes = Array(board.flash[0..<ParameterStore.recordSize])
    let offset = ParameterStore.headerSize + Int(ParameterID.restThreshold.rawValue) * 4
    bytes.replaceSubrange(offset..<(offset + 4), with: [0x88, 0x13, 0, 0])
    var crc = CRC16()
    bytes[4..<12].withUnsafeBytes { crc.update($0) }
    bytes[ParameterStore.headerSize..<ParameterStore.recordSize].withUnsafeBytes { crc.update($0) }
    bytes[12] = UInt8(crc.value & 0xFF)
    bytes[13] = UInt8(crc.value >> 8)
    board.flash.replaceSubrange(0..<ParameterStore.recordSize, with: bytes)
    #expect(ParameterStore.load(from: board).source == .corrupt)
  }

  @Test func anOlderLayoutIsResetNotMisread() throws {
    var board = FakeBoard()
    _ = try ParameterStore.save(parameters(rest: 250), to: &board, after: ParameterStore.load(from: board))
    // Pretend layout 0 wrote it: patch the version and fix the CRC.
    board.flash[4] = 0
    var crc = CRC16()
    board.flash[4..<12].withUnsafeBytes { crc.update($0) }
    board.flash[ParameterStore.headerSize..<ParameterStore.recordSize].withUnsafeBytes { crc.update($0) }
    board.flash[12] = UInt8(crc.value & 0xFF)
    board.flash[13] = UInt8(crc.value >> 8)
    let loaded = ParameterStore.load(from: board)
    #expect(loaded.source == .olderLayout && loaded.parameters == .defaults)
  }

  /// A record written by layout 1 (25 parameters, before rest tracking and fault
  /// detection), laid out byte by byte as that firmware wrote it: after an update its
  /// values load, and the four parameters added since take their defaults.
  @Test func aLayoutOneRecordKeepsItsValuesAfterAnUpdate() throws {
    var board = FakeBoard()
    var values = (0..<25).map { ParameterID.at($0)!.defaultValue }
    values[Int(ParameterID.leftOffset.rawValue)] = 48
    values[Int(ParameterID.rightGain.rawValue)] = 1250
    values[Int(ParameterID.restThreshold.rawValue)] = 240
    var payload: [UInt8] = []
    for value in values { withUnsafeBytes(of: value.littleEndian) { payload += $0 } }
    var header: [UInt8] = [0x46, 0x50, 0x4B, 0x31, 1, 0, 100, 0, 7, 0, 0, 0]  // magic, layout 1, 100 bytes, seq 7
    var crc = CRC16()
    header[4..<12].withUnsafeBytes { crc.update($0) }
    payload.withUnsafeBytes { crc.update($0) }
    header += [UInt8(crc.value & 0xFF), UInt8(crc.value >> 8), 0xFF, 0xFF]
    board.flash.replaceSubrange(0..<(16 + payload.count), with: header + payload)
    let loaded = ParameterStore.load(from: board)
    #expect(loaded.source == .flash && loaded.sequence == 7)
    #expect(loaded.parameters[.leftOffset] == 48 && loaded.parameters[.rightGain] == 1250)
    #expect(loaded.parameters[.restThreshold] == 240)
    for id in [ParameterID.baselineRate, .baselineLimit, .faultMs, .railLevel] {
      #expect(loaded.parameters[id] == id.defaultValue, "\(id)")
    }
    // The next save writes this layout in the other slot, and that is what loads.
    let saved = try ParameterStore.save(loaded.parameters, to: &board, after: loaded)
    #expect(saved.slot == 1 && ParameterStore.load(from: board).parameters == loaded.parameters)
  }

  @Test func aZeroedPageIsBlankAsInQEMU() {
    var board = FakeBoard()
    for index in board.flash.indices { board.flash[index] = 0 }
    #expect(ParameterStore.load(from: board).source == .blank)
    board.flash[5] = 1
    #expect(ParameterStore.load(from: board).source == .corrupt)
  }

  @Test func aDamagedNewestRecordLoadsTheOlderAndSaysSo() throws {
    var board = FakeBoard()
    var state = try ParameterStore.save(parameters(rest: 240), to: &board, after: ParameterStore.load(from: board))
    state = try ParameterStore.save(parameters(rest: 260), to: &board, after: state)
    #expect(state.slot == 1)
    var damaged = board
    damaged.flash[1024 + ParameterStore.headerSize + 3] ^= 0x01  // the newest record's payload
    let loaded = ParameterStore.load(from: damaged)
    #expect(loaded.source == .olderRecord && loaded.parameters[.restThreshold] == 240 && loaded.slot == 0)
    // The older record damaged instead (its header still says it is older): a clean load.
    var older = board
    older.flash[ParameterStore.headerSize + 3] ^= 0x01
    let clean = ParameterStore.load(from: older)
    #expect(clean.source == .flash && clean.parameters[.restThreshold] == 260)
  }

  /// Both records damaged (issue #27): the next save is the newest and intact, and the
  /// next boot loads it as such, not as an "older record" beside a damaged newer one.
  @Test func theFirstSaveAfterBothRecordsWereDamagedBootsAsTheNewest() throws {
    var board = FakeBoard()
    var state = try ParameterStore.save(parameters(rest: 240), to: &board, after: ParameterStore.load(from: board))
    state = try ParameterStore.save(parameters(rest: 260), to: &board, after: state)
    board.flash[ParameterStore.headerSize + 3] ^= 0x01  // both payloads; the headers keep 1 and 2
    board.flash[1024 + ParameterStore.headerSize + 3] ^= 0x01
    let corrupt = ParameterStore.load(from: board)
    #expect(corrupt.source == .corrupt && corrupt.parameters == .defaults)
    _ = try ParameterStore.save(parameters(rest: 280), to: &board, after: corrupt)
    let booted = ParameterStore.load(from: board)
    #expect(booted.source == .flash && booted.parameters[.restThreshold] == 280)
  }
}
