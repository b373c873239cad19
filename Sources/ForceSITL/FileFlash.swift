import Glibc

/// Flash pages kept in a file, with the NVMC's rules: erase sets a page to 0xFF, a
/// write can only clear bits (new = old AND data), so a write without an erase
/// corrupts just as on the chip. The file is rewritten after every change.
struct FileFlash {
  let path: String
  let pageSize: Int
  let pageCount: Int
  private var bytes: [UInt8]

  init(path: String, pageSize: Int, pageCount: Int) throws(HostError) {
    self.path = path
    self.pageSize = pageSize
    self.pageCount = pageCount
    bytes = [UInt8](repeating: 0xFF, count: pageSize * pageCount)
    if let file = fopen(path, "rb") {
      let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      fclose(file)
      if read != bytes.count && read != 0 {
        throw HostError("flash file \(path) has \(read) bytes, expected \(bytes.count)")
      }
    }
    try persist()
  }

  func read(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer) {
    let start = page * pageSize + offset
    for index in 0..<buffer.count { buffer[index] = bytes[start + index] }
  }

  mutating func erase(page: Int) {
    for index in (page * pageSize)..<((page + 1) * pageSize) { bytes[index] = 0xFF }
    try? persist()
  }

  mutating func write(page: Int, offset: Int, bytes data: UnsafeRawBufferPointer) {
    precondition(offset % 4 == 0 && data.count % 4 == 0, "flash writes are whole words")
    let start = page * pageSize + offset
    for index in 0..<data.count { bytes[start + index] &= data[index] }
    try? persist()
  }

  private func persist() throws(HostError) {
    guard let file = fopen(path, "wb") else { throw HostError("cannot write flash file \(path)") }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
  }
}
