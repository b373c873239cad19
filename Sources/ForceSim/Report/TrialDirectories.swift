import ForceEngine
import ForceTrace

/// A trial read from a `trials.csv`, with where it was read.
public struct SourcedTrial: Equatable, Sendable {
  /// The trial.
  public var record: TrialRecord
  /// The file, `DIR/trials.csv`.
  public var file: String
  /// Its line in the file, 1-based.
  public var line: Int

  /// Whether the analysis counts it: neither a practice trial nor marked disturbed.
  public var analysed: Bool { !record.practice && !record.disturbed }
}

/// Reads the `trials.csv` of study directories (the `sim study` format, `TrialCSV`)
/// and pools them, refusing what would mix two sessions up.
///
/// In one file a participant's technique block holds each trial number once; across
/// files, a participant number is one person, so the same participant and technique
/// in two directories is refused (two simulations both number their participants
/// from 1: report one and compare the other).
public enum TrialDirectories {
  /// The path of a directory's `trials.csv`.
  public static func file(in directory: String) -> String {
    directory.hasSuffix("/") ? directory + "trials.csv" : directory + "/trials.csv"
  }

  /// Every trial of `directories`, in order. Errors name the file, and the line where there is one.
  public static func read(_ directories: [String]) throws(FileError) -> [SourcedTrial] {
    guard !directories.isEmpty else { throw FileError("no study directory given") }
    var trials: [SourcedTrial] = []
    var owner: [BlockKey: String] = [:]
    for directory in directories {
      let mine = try read(file(in: directory))
      var blocks: [BlockKey] = []
      for trial in mine where !blocks.contains(BlockKey(trial.record)) { blocks.append(BlockKey(trial.record)) }
      for key in blocks {
        if let other = owner[key] {
          throw FileError(
            "participant \(key.participant) of \(key.technique.name) is in both \(other) and \(directory): "
              + "pool different participants only (renumber one directory's, or report it on its own)")
        }
      }
      for key in blocks { owner[key] = directory }
      trials += mine
    }
    return trials
  }

  /// The trials of one file.
  static func read(_ path: String) throws(FileError) -> [SourcedTrial] {
    let text = try TextInput.read(path)
    let records: [TrialRecord]
    do { records = try TrialCSV.parse(text) } catch { throw FileError("\(path): \(error.description)") }
    guard !records.isEmpty else { throw FileError("\(path): no trials after the header") }
    // The lines the records came from: TrialCSV.parse skips empty lines only.
    let lines = TextInput.lines(text).enumerated().dropFirst().filter { !$0.element.isEmpty }.map { $0.offset + 1 }
    var seen: [TrialKey: Int] = [:]
    var trials: [SourcedTrial] = []
    for (record, line) in zip(records, lines) {
      if let first = seen[TrialKey(record)] {
        throw FileError(
          "\(path): line \(line): participant \(record.participant)'s \(record.technique.name) "
            + "\(record.practice ? "practice trial" : "trial") \(record.trial) "
            + "is also on line \(first)")
      }
      seen[TrialKey(record)] = line
      if !record.outcome.timedOut && record.outcome.timeMs <= 0 {
        throw FileError("\(path): line \(line): a committed trial's time_ms must be above 0")
      }
      trials.append(SourcedTrial(record: record, file: path, line: line))
    }
    return trials
  }

  /// A participant's block of one technique.
  struct BlockKey: Hashable {
    var participant: Int
    var technique: Technique
    init(_ r: TrialRecord) {
      participant = r.participant
      technique = r.technique
    }
  }

  /// One trial of a block (practice trials are numbered on their own).
  struct TrialKey: Hashable {
    var block: BlockKey
    var trial: Int
    var practice: Bool
    init(_ r: TrialRecord) {
      block = BlockKey(r)
      trial = r.trial
      practice = r.practice
    }
  }
}
