import ForceEngine
import ForceFirmware
import ForceHostFlash
import ForceTestSupport
import Foundation
import Testing

/// The `NORFlash` rules, checked the same way against every implementation the host
/// can run: the test fake (`FakeBoard`) and the host build's file (`FileFlash`).
///
/// The chips' flash runs the same rules where they can be observed from outside, in
/// the end-to-end tests: the nRF51's NVMC in QEMU
/// (`FirmwareEndToEndTests.parametersListSetRejectSaveLoad`: erase and program of both
/// slots, every record read back and checked word by word by the save, the newest
/// record loaded) and the RP2040's flash through its boot ROM in the emulator
/// (`PicoEndToEndTests.parametersSaveAndSurviveAReboot`: the same, and the records
/// still there after a reset). A chip's range and alignment checks are the shared
/// `checkFlashAccess`, tested here.
@Suite struct NORFlashContractTests {
  /// An implementation under test.
  enum Implementation: String, CaseIterable, CustomTestStringConvertible {
    case fake, file
    var testDescription: String { rawValue }
  }

  /// One rule of the contract.
  enum Rule: String, CaseIterable, CustomTestStringConvertible {
    case eraseSetsOnePageTo0xFF, programOnlyClearsBits, programTouchesOnlyItsWords, readsAnyRangeInAPage
    case badAccessesThrowAndChangeNothing, parameterRecordsRoundTrip
    var testDescription: String { rawValue }
  }

  @Test(arguments: Implementation.allCases, Rule.allCases)
  func rule(_ implementation: Implementation, _ rule: Rule) throws {
    switch implementation {
    case .fake:
      var flash = FakeBoard()
      try check(rule, on: &flash)
    case .file:
      let path = TestScratch.file("contract.flash").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      var flash = try FileFlash(path: path, pageSize: 1024, pageCount: 2)
      try check(rule, on: &flash)
      // What the file holds is what the flash held.
      #expect(try FileFlash(path: path, pageSize: 1024, pageCount: 2).contents == flash.contents)
    }
  }

  /// A file that is not a flash file is refused with its path, and left alone.
  @Test func aFileWithoutTheHeaderIsRefused() throws {
    let path = TestScratch.file("short.flash").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
    do {
      _ = try FileFlash(path: path, pageSize: 1024, pageCount: 2)
      Issue.record("a 3-byte file was accepted as flash")
    } catch {
      #expect(
        error.description == "\(path) is not a forcepicker-sitl flash file (no FPFLASH header); left it untouched")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
  }

  /// A flash file made for another geometry is refused with both sizes, and left alone.
  @Test func aFlashFileOfAnotherSizeIsRefused() throws {
    let path = TestScratch.file("size.flash").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try FileFlash(path: path, pageSize: 1024, pageCount: 2)
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(written.count == FileFlash.headerSize + 2048)
    do {
      _ = try FileFlash(path: path, pageSize: 1024, pageCount: 3)
      Issue.record("a 2-page file was accepted as 3 pages")
    } catch {
      #expect(error.description == "\(path) holds a flash of another size (2068 bytes, expected 3092)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
  }

  func check<F: NORFlash>(_ rule: Rule, on flash: inout F) throws {
    let size = flash.flashPageSize
    #expect(flash.flashPageCount >= 2 && size % 4 == 0)
    switch rule {
    case .eraseSetsOnePageTo0xFF:
      for page in 0..<2 { try program(&flash, page: page, offset: 0, words: Array(repeating: 0, count: size / 4)) }
      try flash.flashErase(page: 0)
      #expect(flash.contents[0..<size].allSatisfy { $0 == 0xFF })
      #expect(flash.contents[size..<(2 * size)].allSatisfy { $0 == 0 })
    case .programOnlyClearsBits:
      try flash.flashErase(page: 1)
      try program(&flash, page: 1, offset: 8, words: [0xF0F0_F0F0])
      try program(&flash, page: 1, offset: 8, words: [0x3C3C_3C3C])
      #expect(word(flash, page: 1, offset: 8) == 0x3030_3030)
      try flash.flashErase(page: 1)
      try program(&flash, page: 1, offset: 8, words: [0x3C3C_3C3C])
      #expect(word(flash, page: 1, offset: 8) == 0x3C3C_3C3C)
    case .programTouchesOnlyItsWords:
      for page in 0..<2 { try flash.flashErase(page: page) }
      try program(&flash, page: 0, offset: size - 8, words: [0x1234_5678, 0x9ABC_DEF0])
      var expected = [UInt8](repeating: 0xFF, count: 2 * size)
      expected.replaceSubrange((size - 8)..<size, with: [0x78, 0x56, 0x34, 0x12, 0xF0, 0xDE, 0xBC, 0x9A])
      #expect(flash.contents == expected)
    case .readsAnyRangeInAPage:
      try flash.flashErase(page: 1)
      try program(&flash, page: 1, offset: 0, words: [0x0302_0100, 0x0706_0504, 0x0B0A_0908])
      var bytes = [UInt8](repeating: 0, count: 5)
      bytes.withUnsafeMutableBytes { flash.flashRead(page: 1, offset: 3, into: $0) }
      #expect(bytes == [3, 4, 5, 6, 7])
    case .badAccessesThrowAndChangeNothing:
      try flash.flashErase(page: 0)
      try program(&flash, page: 0, offset: 0, words: [0xA5A5_A5A5])
      let before = flash.contents
      #expect(failure { try flash.flashErase(page: -1) } == .noSuchPage)
      #expect(failure { try flash.flashErase(page: flash.flashPageCount) } == .noSuchPage)
      #expect(failure { try program(&flash, page: 2, offset: 0, words: [0]) } == .noSuchPage)
      #expect(failure { try program(&flash, page: 0, offset: size - 4, words: [0, 0]) } == .outsidePage)
      #expect(failure { try program(&flash, page: 1, offset: -4, words: [0]) } == .outsidePage)
      #expect(failure { try program(&flash, page: 0, offset: 2, words: [0]) } == .notWordAligned)
      let three: [UInt8] = [0, 0, 0]
      #expect(
        failure { try three.withUnsafeBytes { try flash.flashWrite(page: 0, offset: 4, words: $0) } }
          == .notWordAligned)
      #expect(flash.contents == before)
    case .parameterRecordsRoundTrip:
      var parameters = Parameters.defaults
      try parameters.set(.restThreshold, to: 275)
      var state = ParameterStore.load(from: flash)
      for _ in 0..<3 { state = try ParameterStore.save(parameters, to: &flash, after: state) }
      let loaded = ParameterStore.load(from: flash)
      #expect(loaded.source == .flash && loaded.sequence == 3 && loaded.parameters[.restThreshold] == 275)
    }
  }

  func program<F: NORFlash>(_ flash: inout F, page: Int, offset: Int, words: [UInt32]) throws {
    let bytes = words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
    try bytes.withUnsafeBytes { try flash.flashWrite(page: page, offset: offset, words: $0) }
  }

  func word<F: NORFlash>(_ flash: F, page: Int, offset: Int) -> UInt32 {
    var value: UInt32 = 0
    withUnsafeMutableBytes(of: &value) { flash.flashRead(page: page, offset: offset, into: $0) }
    return UInt32(littleEndian: value)
  }

  /// The `FlashError` `body` throws, or nil.
  func failure(_ body: () throws -> Void) -> FlashError? {
    do {
      try body()
      return nil
    } catch {
      return error as? FlashError
    }
  }
}

extension NORFlash {
  /// Every reserved page, in order.
  var contents: [UInt8] {
    var bytes = [UInt8](repeating: 0, count: flashPageSize * flashPageCount)
    bytes.withUnsafeMutableBytes { all in
      for page in 0..<flashPageCount {
        flashRead(
          page: page, offset: 0,
          into: UnsafeMutableRawBufferPointer(rebasing: all[(page * flashPageSize)...].prefix(flashPageSize)))
      }
    }
    return bytes
  }
}
