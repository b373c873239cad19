#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure to read an input or write an output, as one line naming the path and the reason.
public struct FileError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What went wrong, e.g. "cannot write out.csv: No space left on device".
  public let description: String

  /// Creates an error.
  public init(_ description: String) { self.description = description }
}

/// Where a command's output goes, written safely (Docs/csv-formats.md, "Output files").
///
/// - A regular file, or a path that does not exist yet: the text goes to a temporary
///   file beside it, which is synced and then renamed over the target on `commit()`,
///   keeping the original's permissions. Until then the target is untouched.
/// - Standard output (no path, or `-`), a character device, a FIFO or a socket: the
///   text is written straight through.
/// - A symlink: the file it points at is written as above; the link stays.
///
/// Create the output only after the input is validated (and, for device commands,
/// after the handshake), and call `discard()` when the command fails.
public final class OutputFile {
  /// The path as given (`-` for standard output).
  public let path: String
  private let fd: Int32
  private let temporary: String?
  private let target: String
  /// What is written and not yet flushed to the file (private, never accessed
  /// overlapping: no run-time exclusivity checks a row). Set last in `init`, so that
  /// an output refused there holds no memory.
  @exclusivity(unchecked) private var block: ByteBlock
  private var finished = false
  /// Where the temporary file's path waits for `removeTemporaries()`, if anywhere.
  private var slot: Int?

  /// Opens the output; `nil` or `-` is standard output.
  public init(_ path: String?) throws(FileError) {
    guard let path, path != "-" else {
      self.path = "-"
      fd = 1
      temporary = nil
      target = "-"
      block = Self.newBlock()
      return
    }
    self.path = path
    target = try Self.resolvingLinks(path)
    var info = stat()
    let exists = stat(target, &info) == 0
    let kind = info.st_mode & S_IFMT
    if exists && kind == S_IFDIR { throw FileError("cannot write \(path): it is a directory") }
    if exists && kind != S_IFREG {
      let opened = open(target, O_WRONLY | O_CLOEXEC)
      guard opened >= 0 else { throw Self.failure(path) }
      fd = opened
      temporary = nil
      block = Self.newBlock()
      return
    }
    let directory = Self.directory(of: target)
    // The name is kept for the signal handlers before the file exists (as mkstemp
    // would make it, but in that order): a signal in between leaves nothing behind.
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var opened: Int32 = -1
    var temporaryPath = ""
    var slot: Int?
    for _ in 0..<100 {
      temporaryPath = "\(directory)/.\(Self.name(of: target)).\(String((0..<6).map { _ in letters.randomElement()! }))"
      slot = PendingTemporaries.add(temporaryPath)
      opened = open(temporaryPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if opened >= 0 { break }
      let reason = errno
      PendingTemporaries.remove(slot)
      errno = reason
      if reason != EEXIST { break }
    }
    guard opened >= 0 else { throw Self.failure(path) }
    let mode: mode_t
    if exists {
      mode = info.st_mode & 0o7777
    } else {
      let mask = umask(0)
      umask(mask)
      mode = 0o666 & ~mask
    }
    fchmod(opened, mode)
    fd = opened
    temporary = temporaryPath
    self.slot = slot
    block = Self.newBlock()
  }

  deinit {
    if !finished { discard() }
    block.deallocate()
  }

  /// How many bytes are gathered before they are written to the file.
  static let blockSize = 1 << 16

  /// An empty block, with room for a block and the row that ends it.
  private static func newBlock() -> ByteBlock { ByteBlock(capacity: blockSize + 4096) }

  /// Whether `path` would be written straight through (standard output, a device, a
  /// FIFO, a socket) rather than replaced once everything is written.
  public static func writesStraightThrough(_ path: String?) -> Bool {
    guard let path, path != "-" else { return true }
    guard let target = try? resolvingLinks(path) else { return false }
    var info = stat()
    guard stat(target, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind != S_IFREG && kind != S_IFDIR
  }

  /// Writes the whole text to `path` (standard output when `nil` or `-`).
  public static func write(_ text: String, to path: String?) throws(FileError) {
    let file = try OutputFile(path)
    do {
      try file.write(text)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// Appends text; it is buffered and written in large blocks.
  public func write(_ text: String) throws(FileError) {
    try write { $0.append(text) }
  }

  /// Appends what `body` writes into the block being gathered (a row formatted in
  /// place, no `String` between), writing the block out once it is large.
  func write(_ body: (inout ByteBlock) -> Void) throws(FileError) {
    body(&block)
    if block.count >= Self.blockSize { try flush() }
  }

  /// Writes out what is buffered.
  public func flush() throws(FileError) {
    let bytes = block.bytes
    var offset = 0
    while offset < bytes.count {
      let written = writeBytes(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        block.removeAll()
        throw Self.failure(path)
      }
      offset += written
    }
    block.removeAll()
  }

  /// Finishes the output: flushes, and for a regular file syncs and renames it into place.
  public func commit() throws(FileError) {
    try flush()
    finished = true
    guard let temporary else {
      if fd != 1 { close(fd) }
      return
    }
    if fsync(fd) != 0 {
      let error = Self.failure(path)
      close(fd)
      unlink(temporary)
      throw error
    }
    close(fd)
    defer { PendingTemporaries.remove(slot) }
    if rename(temporary, target) != 0 {
      let error = Self.failure(path)
      unlink(temporary)
      throw error
    }
  }

  /// Abandons the output: a regular file's target is left as it was.
  public func discard() {
    guard !finished else { return }
    finished = true
    block.removeAll()
    if fd != 1 { close(fd) }
    if let temporary { unlink(temporary) }
    PendingTemporaries.remove(slot)
  }

  /// Removes every output's temporary file not yet renamed into place or discarded;
  /// the targets stay as they were. Async-signal-safe: for a handler of SIGINT,
  /// SIGTERM or SIGHUP that ends the process.
  public static func removeTemporaries() { PendingTemporaries.removeAll() }

  /// The file a path finally names, following symlinks (also dangling ones, so the
  /// link's target is created and the link kept).
  static func resolvingLinks(_ path: String) throws(FileError) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &bytes, bytes.count - 1)
      guard count > 0 else { throw failure(path) }
      let link = String(decoding: bytes[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = link.hasPrefix("/") ? link : "\(directory(of: current))/\(link)"
    }
    throw FileError("cannot write \(path): too many levels of symbolic links")
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  static func failure(_ path: String) -> FileError {
    let reason = String(cString: strerror(errno))
    return FileError("cannot write \(path == "-" ? "standard output" : path): \(reason)")
  }
}

/// The paths of the temporary files being written, in fixed slots of C strings that a
/// signal handler can read without allocating: a slot's first byte is 1 while it
/// holds a path (from its second byte), 0 when free.
enum PendingTemporaries {
  static let slots = 16
  static let slotSize = Int(PATH_MAX) + 2
  nonisolated(unsafe) static var table: UnsafeMutablePointer<CChar>? = nil
  nonisolated(unsafe) static var initialized = false
  /// Held while a slot is taken or freed (outputs may be opened on several threads).
  nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
  }()

  /// Keeps `path`; returns its slot (nil when all are taken or the path is too long).
  static func add(_ path: String) -> Int? {
    let bytes = Array(path.utf8CString)
    guard bytes.count < slotSize else { return nil }
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if table == nil { table = UnsafeMutablePointer<CChar>.allocate(capacity: slots * slotSize) }
    guard let table else { return nil }
    if !initialized {
      for slot in 0..<slots { table[slot * slotSize] = 0 }
      initialized = true
    }
    for slot in 0..<slots where table[slot * slotSize] == 0 {
      for (index, byte) in bytes.enumerated() { table[slot * slotSize + 1 + index] = byte }
      table[slot * slotSize] = 1
      return slot
    }
    return nil
  }

  /// Frees a slot.
  static func remove(_ slot: Int?) {
    guard let slot, let table else { return }
    pthread_mutex_lock(lock)
    table[slot * slotSize] = 0
    pthread_mutex_unlock(lock)
  }

  /// Unlinks every path kept (async-signal-safe).
  static func removeAll() {
    guard let table, initialized else { return }
    for slot in 0..<slots where table[slot * slotSize] == 1 {
      unlink(table + slot * slotSize + 1)
      table[slot * slotSize] = 0
    }
  }
}

/// The C `write`, under a name the class's own `write` does not hide.
private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
