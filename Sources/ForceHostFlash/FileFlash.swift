import ForceFirmware
import Glibc

/// Flash pages kept in a file, for the host build (SITL), with the `NORFlash` rules:
/// erase sets a page to 0xFF, a program can only clear bits (new = old AND data), so
/// a program without an erase corrupts just as on the chip. The file is rewritten
/// after every change.
public struct FileFlash: NORFlash {
  /// The file holding the pages.
  public let path: String
  public let flashPageSize: Int
  public let flashPageCount: Int
  private var bytes: [UInt8]

  /// Opens the pages in `path`: a missing or empty file is erased flash, a file of
  /// the wrong size is refused.
  public init(path: String, pageSize: Int, pageCount: Int) throws(FileFlashError) {
    self.path = path
    flashPageSize = pageSize
    flashPageCount = pageCount
    bytes = [UInt8](repeating: 0xFF, count: pageSize * pageCount)
    if let file = fopen(path, "rb") {
      let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      fclose(file)
      if read != bytes.count && read != 0 {
        throw FileFlashError("flash file \(path) has \(read) bytes, expected \(bytes.count)")
      }
    }
    try persist()
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
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
  }
}

/// A flash file that cannot be used, with a one-line description naming it.
public struct FileFlashError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
