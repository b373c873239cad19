import ForceFirmware
import Glibc

/// Flash pages kept in a file, for the host build (SITL), with the `NORFlash` rules:
/// erase sets a page to 0xFF, a program can only clear bits (new = old AND data), so
/// a program without an erase corrupts just as on the chip. The file is rewritten
/// after every change.
///
/// The file starts with a 20-byte header: the magic `FPFLASH` and a zero byte, then
/// the format version, page size and page count as little-endian UInt32s. A file that
/// exists and is not empty must carry that header, or it is refused untouched.
public struct FileFlash: NORFlash {
  static let magic: [UInt8] = Array("FPFLASH".utf8) + [0]
  static let version: UInt32 = 1
  /// Bytes before the first page in the file.
  public static let headerSize = 20

  /// The file holding the pages.
  public let path: String
  public let flashPageSize: Int
  public let flashPageCount: Int
  private var bytes: [UInt8]

  /// Opens the pages in `path`: a missing or empty file is erased flash, a file of
  /// another format or size is refused and left untouched.
  public init(path: String, pageSize: Int, pageCount: Int) throws(FileFlashError) {
    self.path = path
    flashPageSize = pageSize
    flashPageCount = pageCount
    bytes = [UInt8](repeating: 0xFF, count: pageSize * pageCount)
    if let file = fopen(path, "rb") {
      var contents = [UInt8](repeating: 0, count: Self.headerSize + bytes.count + 1)
      let read = contents.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      fclose(file)
      if read > 0 {
        guard read >= Self.headerSize, Array(contents[0..<8]) == Self.magic else {
          throw FileFlashError("\(path) is not a forcepicker-sitl flash file (no FPFLASH header); left it untouched")
        }
        guard Self.word(contents, 8) == Self.version else {
          throw FileFlashError("\(path) is flash format \(Self.word(contents, 8)); this build reads \(Self.version)")
        }
        guard Self.word(contents, 12) == UInt32(pageSize), Self.word(contents, 16) == UInt32(pageCount),
          read == Self.headerSize + bytes.count
        else {
          throw FileFlashError(
            "\(path) holds a flash of another size (\(read) bytes, expected \(Self.headerSize + bytes.count))")
        }
        bytes = Array(contents[Self.headerSize..<read])
      }
    }
    try persist()
  }

  static func word(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
  }

  var header: [UInt8] {
    var header = Self.magic
    for value in [Self.version, UInt32(flashPageSize), UInt32(flashPageCount)] {
      header += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    return header
  }

  public func flashRead(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer) {
    precondition(page >= 0 && page < flashPageCount && offset >= 0 && offset + buffer.count <= flashPageSize)
    let start = page * flashPageSize + offset
    for index in 0..<buffer.count { buffer[index] = bytes[start + index] }
  }

  public mutating func flashErase(page: Int) throws(FlashError) {
    try checkFlashAccess(page: page)
    for index in (page * flashPageSize)..<((page + 1) * flashPageSize) { bytes[index] = 0xFF }
    try? persist()
  }

  public mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer) throws(FlashError) {
    try checkFlashAccess(page: page, offset: offset, count: words.count)
    let start = page * flashPageSize + offset
    for index in 0..<words.count { bytes[start + index] &= words[index] }
    try? persist()
  }

  private func persist() throws(FileFlashError) {
    guard let file = fopen(path, "wb") else { throw FileFlashError("cannot write flash file \(path)") }
    let contents = header + bytes
    _ = contents.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
  }
}

/// A flash file that cannot be used, with a one-line description naming it.
public struct FileFlashError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
