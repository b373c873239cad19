#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a text file (standard input for `-`) one line at a time in constant memory,
/// accepting LF, CRLF or CR line ends and a leading UTF-8 byte-order mark, as
/// `TextInput.read` does (ForceHostCore's `LineSplitter`): large blocks are read into
/// one buffer and each line is handed over where it lies in it.
public final class LineReader {
  /// The path as given.
  public let path: String
  /// The number of the line `next()` returned last (1-based).
  @exclusivity(unchecked) public private(set) var lineNumber = 0
  /// Bytes read from the file so far.
  @exclusivity(unchecked) public private(set) var bytesRead = 0
  /// The file's size when it is a regular file (not for a pipe or standard input).
  public private(set) var size: Int?
  private let fd: Int32
  /// The bytes read and not yet handed over are `buffer[start..<end]`; the buffer grows
  /// only for a line longer than it. (The state is private and never accessed
  /// overlapping, so each line costs no run-time exclusivity checks.)
  @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var start = 0
  @exclusivity(unchecked) private var end = 0
  @exclusivity(unchecked) private var atEnd = false
  /// Whether the first bytes were looked at for a byte-order mark.
  @exclusivity(unchecked) private var pastMark = false
  /// Whether the last line ended in a CR, so that a LF next is part of its line end.
  @exclusivity(unchecked) private var afterCR = false

  /// Opens `path` for reading, `blockSize` bytes at a time.
  public init(_ path: String, blockSize: Int = 1 << 16) throws(FileError) {
    // Refused before any property is set: `deinit` runs only for a reader made whole.
    let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw TextInput.failure(path) }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      if fd != 0 { close(fd) }
      throw FileError("cannot read \(path): it is a directory")
    }
    self.path = path
    self.fd = fd
    if info.st_mode & S_IFMT == S_IFREG { size = Int(info.st_size) }
    capacity = max(4, blockSize)
    buffer = .allocate(capacity: capacity)
  }

  /// How much of a regular file has been read, 0...1; nil when the size is unknown.
  public var fractionRead: Double? {
    guard let size, size > 0 else { return nil }
    return min(1, Double(bytesRead) / Double(size))
  }

  deinit {
    if fd != 0 { close(fd) }
    buffer.deallocate()
  }

  /// The next line without its line end, or nil at the end of the input.
  public func next() throws(FileError) -> String? {
    try nextBytes().map { String(decoding: $0, as: UTF8.self) }
  }

  /// The next line's bytes without its line end, or nil at the end of the input: valid
  /// until the next call. Refused when they are not text (`TextInput.checkText`).
  public func nextBytes() throws(FileError) -> UnsafeRawBufferPointer? {
    if !pastMark { try skipMark() }
    if afterCR {
      if start == end && !atEnd { try refill() }
      if start < end && buffer[start] == 0x0A { start &+= 1 }
      afterCR = false
    }
    var scanned = start
    while true {
      let (base, limit) = (buffer, end)
      var index = scanned
      while index < limit && base[index] != 0x0A && base[index] != 0x0D { index &+= 1 }
      if index < limit {
        let line = UnsafeRawBufferPointer(start: base + start, count: index &- start)
        if base[index] == 0x0D {
          if index &+ 1 < limit {
            if base[index &+ 1] == 0x0A { index &+= 1 }
          } else {
            afterCR = true
          }
        }
        start = index &+ 1
        return try checked(line)
      }
      if atEnd {
        guard start < end else { return nil }
        let line = UnsafeRawBufferPointer(start: base + start, count: end &- start)
        start = end
        return try checked(line)
      }
      scanned = end &- start
      try refill()
      scanned &+= start
    }
  }

  /// The line, counted, once it is known to be text.
  private func checked(_ line: UnsafeRawBufferPointer) throws(FileError) -> UnsafeRawBufferPointer {
    lineNumber &+= 1
    try TextInput.checkText(line, path: path, line: lineNumber)
    return line
  }

  /// Drops a byte-order mark at the very start (as `LineSplitter`, reading on only
  /// while the bytes so far could be one).
  private func skipMark() throws(FileError) {
    pastMark = true
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    var matched = 0
    while matched < 3 {
      if start &+ matched == end {
        if atEnd { return }
        try refill()
        continue
      }
      guard buffer[start &+ matched] == mark[matched] else { return }
      matched &+= 1
    }
    start &+= 3
  }

  /// Moves the bytes not handed over to the front (growing the buffer when they fill
  /// it) and reads more after them; at the end of the input sets `atEnd`.
  private func refill() throws(FileError) {
    if start > 0 {
      memmove(buffer, buffer + start, end &- start)
      end &-= start
      start = 0
    }
    if end == capacity {
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity &* 2)
      grown.update(from: buffer, count: end)
      buffer.deallocate()
      buffer = grown
      capacity &*= 2
    }
    while true {
      let count = readChunk(fd, buffer + end, capacity &- end)
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw TextInput.failure(path) }
      end &+= count
      bytesRead &+= count
      if count == 0 { atEnd = true }
      return
    }
  }
}

/// The C `read`, under a name no method hides.
private func readChunk(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
