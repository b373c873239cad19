import ForceEngine
import ForceHostCore
import ForceTrace

/// The per-trial CSV a study writes (`trials.csv`), and reading it back.
///
/// Columns: `technique,participant,trial,repetition,range,distance,direction,start,
/// target,committed,time_ms,crossings,success,timed_out`; `distance` is `OneStep`,
/// `20%`, `50%` or `80%`; `committed` is empty after a time-out; `success` and
/// `timed_out` are 0 or 1.
public enum TrialCSV {
  /// The header line (no newline).
  public static let header =
    "technique,participant,trial,repetition,range,distance,direction,start,target,committed,time_ms,crossings,success,timed_out"

  /// The whole file: header and one line per record, each ending in a newline.
  public static func text(_ records: [TrialRecord]) -> String {
    var text = TextBuffer()
    for byte in header.utf8 { text.append(byte) }
    text.append(UInt8(ascii: "\n"))
    for record in records {
      append(record, to: &text)
      text.append(UInt8(ascii: "\n"))
    }
    return text.string
  }

  /// One line (no newline).
  public static func row(_ r: TrialRecord) -> String {
    var line = TextBuffer()
    append(r, to: &line)
    return line.string
  }

  /// Appends one line (no newline), byte by byte: no `String` per field (interpolating
  /// them cost about 9 k instructions a line, most of a study's output).
  static func append(_ r: TrialRecord, to text: inout TextBuffer) {
    let comma = UInt8(ascii: ",")
    text.write(r.technique.name)
    text.append(comma)
    text.write(r.participant)
    text.append(comma)
    text.write(r.trial)
    text.append(comma)
    text.write(r.repetition)
    text.append(comma)
    text.write(r.task.range)
    text.append(comma)
    for byte in r.task.distance.label.utf8 { text.append(byte) }
    text.append(comma)
    text.write(r.task.direction.name)
    text.append(comma)
    text.write(r.task.start)
    text.append(comma)
    text.write(r.task.target)
    text.append(comma)
    if let committed = r.outcome.committed { text.write(committed) }
    text.append(comma)
    text.write(r.outcome.timeMs)
    text.append(comma)
    text.write(r.outcome.crossings)
    text.write(r.success ? ",1," : ",0,")
    text.write(r.outcome.timedOut ? "1" : "0")
  }

  /// Reads a file written by `text(_:)`. Errors name the line.
  public static func parse(_ text: String) throws(TraceError) -> [TrialRecord] {
    var records: [TrialRecord] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      if number == 1 {
        guard line == header else { throw TraceError(line: 1, "expected the header \(header)") }
        continue
      }
      if line.isEmpty { continue }
      // Split on the comma byte (a split by Character costs ~20 k instructions a line).
      let f = line.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
        String(Substring($0))
      }
      guard f.count == 14 else { throw TraceError(line: number, "expected 14 fields, found \(f.count)") }
      func int(_ i: Int) throws(TraceError) -> Int {
        guard let value = Int(f[i]) else { throw TraceError(line: number, "'\(f[i])' is not a whole number") }
        return value
      }
      guard let technique = try? ParameterText.value(f[0], for: .technique), let t = Technique(rawValue: technique)
      else { throw TraceError(line: number, "unknown technique '\(f[0])'") }
      guard let distance = StudyDistance(label: f[5]) else {
        throw TraceError(line: number, "unknown distance '\(f[5])'")
      }
      guard f[6] == "up" || f[6] == "down" else { throw TraceError(line: number, "unknown direction '\(f[6])'") }
      let task = StudyTask(
        range: Int32(try int(4)), distance: distance, direction: f[6] == "up" ? .up : .down,
        start: Int32(try int(7)), target: Int32(try int(8)))
      let committed: Int32? = f[9].isEmpty ? nil : Int32(try int(9))
      let outcome = TrialOutcome(
        timeMs: try int(10), crossings: try int(11), committed: committed, timedOut: try int(13) != 0)
      let record = TrialRecord(
        technique: t, participant: try int(1), trial: try int(2), repetition: try int(3), task: task, outcome: outcome)
      guard record.success == (try int(12) != 0) else {
        throw TraceError(line: number, "success does not match committed and target")
      }
      records.append(record)
    }
    return records
  }
}
