import ForceTrace
import Foundation

/// `trials.csv` written as a study runs (`TrialCSV`'s format, `sim study`'s): the header
/// when it is created, then each trial appended and synced to the disk before the next
/// one starts, so a crash, a kill or a lost device loses at most the trial in progress.
/// It never writes over a file that is there, and holds an exclusive lock on it while
/// open: two runs never write the same participant's log.
public final class TrialLog {
  /// The file's path.
  public let path: String
  /// The trials the file held when it was opened (none when it was created).
  public let logged: [TrialRecord]
  private let handle: FileHandle

  /// Creates `path` with the header; refuses a path where something already is.
  public init(creating path: String) throws {
    self.path = path
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      let reason = String(cString: strerror(errno))
      throw TrialLogError(
        errno == EEXIST
          ? "\(path) already exists: a run writes a participant's trials only once (--resume continues it, or choose another --output)"
          : "cannot create \(path): \(reason)")
    }
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    logged = []
    try Self.lock(fd, path)
    try write(TrialCSV.header + "\n")
  }

  /// Opens the log at `path` to go on with it: reads its trials and drops a last line
  /// cut short (a run killed while writing it: that trial is run again). Refuses a
  /// file that is not a trial log or that another run has open.
  public init(resuming path: String) throws {
    self.path = path
    let fd = open(path, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else {
      let reason = String(cString: strerror(errno))
      throw TrialLogError(
        errno == ENOENT
          ? "\(path) does not exist: nothing to resume (leave out --resume to start)" : "cannot open \(path): \(reason)"
      )
    }
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    try Self.lock(fd, path)
    let bytes: [UInt8]
    do { bytes = [UInt8](try handle.readToEnd() ?? Data()) } catch {
      throw TrialLogError("cannot read \(path): \(error.localizedDescription)")
    }
    let whole = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    do {
      logged = try TrialCSV.parse(String(decoding: bytes[..<whole], as: UTF8.self))
    } catch {
      throw TrialLogError("\(path): \(error.description): not a trial log to resume")
    }
    do {
      if whole < bytes.count { try handle.truncate(atOffset: UInt64(whole)) }
      try handle.seekToEnd()
    } catch { throw TrialLogError("cannot write \(path): \(error.localizedDescription)") }
  }

  /// Appends one trial and syncs it.
  public func append(_ record: TrialRecord, stamp: TrialStamp) throws {
    try write(TrialCSV.row(record, stamp: stamp) + "\n")
  }

  private func write(_ text: String) throws {
    do {
      try handle.write(contentsOf: Data(text.utf8))
      try handle.synchronize()
    } catch { throw TrialLogError("cannot write \(path): \(error.localizedDescription)") }
  }

  /// Takes the file's exclusive lock, or says another run holds it.
  private static func lock(_ fd: Int32, _ path: String) throws {
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      throw TrialLogError("\(path) is being written by another run (its lock is held)")
    }
  }
}

/// A trial log that cannot be written, in words.
public struct TrialLogError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
