import Foundation

/// `trials.csv` written as a study runs (`TrialCSV`'s format, `sim study`'s): the header
/// when it is created, then each trial appended and synced to the disk before the next
/// one starts, so a crash, a kill or a lost device loses at most the trial in progress.
/// It never writes over a file that is there: two runs never share a participant's log.
public final class TrialLog {
  /// The file's path.
  public let path: String
  private let handle: FileHandle

  /// Creates `path` with the header; refuses a path where something already is.
  public init(creating path: String) throws {
    self.path = path
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      let reason = String(cString: strerror(errno))
      throw TrialLogError(
        errno == EEXIST
          ? "\(path) already exists: a run writes a participant's trials only once (choose another --output)"
          : "cannot create \(path): \(reason)")
    }
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    try write(TrialCSV.header + "\n")
  }

  /// Appends one trial and syncs it.
  public func append(_ record: TrialRecord) throws { try write(TrialCSV.row(record) + "\n") }

  private func write(_ text: String) throws {
    do {
      try handle.write(contentsOf: Data(text.utf8))
      try handle.synchronize()
    } catch { throw TrialLogError("cannot write \(path): \(error.localizedDescription)") }
  }
}

/// A trial log that cannot be written, in words.
public struct TrialLogError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
