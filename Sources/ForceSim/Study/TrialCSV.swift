import ForceEngine
import ForceHostCore
import ForceTrace
import Foundation

/// Where and when a trial ran: the columns of `trials.csv` that describe the session,
/// not the trial (the same for every trial of a simulation).
public struct TrialStamp: Equatable, Sendable {
  /// When the trial was presented, host clock, ISO 8601 UTC with milliseconds
  /// (`2026-11-28T16:40:12.345Z`); empty in a simulation.
  public var started: String
  /// The device's frame counter (16 bits, wrapping) at the trial's first contact, as
  /// its telemetry numbers frames; nil when no telemetry timed the trial.
  public var contactFrame: Int?
  /// What ran the engine: the device's board and firmware version (`sitl 0.9.0`), or
  /// `sim` for this process.
  public var firmware: String
  /// The parameter schema hash the engine was built with (`Parameters.schemaHash`).
  public var schema: String

  /// A stamp.
  public init(started: String, contactFrame: Int? = nil, firmware: String, schema: String) {
    self.started = started
    self.contactFrame = contactFrame
    self.firmware = firmware
    self.schema = schema
  }

  /// Now on the host clock, as `started` holds it.
  public static func now() -> String {
    let format = ISO8601DateFormatter()
    format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return format.string(from: Date())
  }

  /// A trial simulated in this process: no clock, `sim`, this build's schema.
  public static let simulation = TrialStamp(
    started: "", firmware: "sim", schema: ParameterText.hex(Parameters.schemaHash))
}

/// The per-trial CSV a study writes (`trials.csv`), and reading it back: one row per
/// trial, as experiment runners' data files are, people's (`forcectl study run`) and
/// simulations' (`sim study`) alike, so one analysis reads both.
///
/// Columns: `technique,participant,block,trial,repetition,range,distance,direction,start,
/// target,committed,time_ms,crossings,success,timed_out,practice,disturbed,started_utc,
/// contact_frame,firmware,schema`; `block` is the technique block's place in the participant's order;
/// `distance` is `OneStep`, `20%`, `50%` or `80%`; `committed` is empty after a
/// time-out; `success`, `timed_out`, `practice` and `disturbed` are 0 or 1; the last
/// four are the `TrialStamp`.
public enum TrialCSV {
  /// The header line (no newline).
  public static let header =
    "technique,participant,block,trial,repetition,range,distance,direction,start,target,committed,time_ms,crossings,success,timed_out,practice,disturbed,started_utc,contact_frame,firmware,schema"

  /// Fields in a row.
  static let columns = 21

  /// The whole file: header and one line per record, each ending in a newline, every
  /// row with `stamp`.
  public static func text(_ records: [TrialRecord], stamp: TrialStamp = .simulation) -> String {
    var text = TextBuffer()
    for byte in header.utf8 { text.append(byte) }
    text.append(UInt8(ascii: "\n"))
    for record in records {
      append(record, stamp: stamp, to: &text)
      text.append(UInt8(ascii: "\n"))
    }
    return text.string
  }

  /// One line (no newline).
  public static func row(_ r: TrialRecord, stamp: TrialStamp) -> String {
    var line = TextBuffer()
    append(r, stamp: stamp, to: &line)
    return line.string
  }

  /// Appends one line (no newline), byte by byte: no `String` per field (interpolating
  /// them cost about 9 k instructions a line, most of a study's output).
  static func append(_ r: TrialRecord, stamp: TrialStamp, to text: inout TextBuffer) {
    let comma = UInt8(ascii: ",")
    text.write(r.technique.name)
    text.append(comma)
    text.write(r.participant)
    text.append(comma)
    text.write(r.block)
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
    text.write(r.outcome.timedOut ? "1," : "0,")
    text.write(r.practice ? "1," : "0,")
    text.write(r.disturbed ? "1," : "0,")
    for byte in stamp.started.utf8 { text.append(byte) }
    text.append(comma)
    if let frame = stamp.contactFrame { text.write(frame) }
    text.append(comma)
    for byte in stamp.firmware.utf8 { text.append(byte) }
    text.append(comma)
    for byte in stamp.schema.utf8 { text.append(byte) }
  }

  /// Reads a file written by `text(_:)`. Errors name the line.
  public static func parse(_ text: String) throws(TraceError) -> [TrialRecord] {
    try rows(text).map(\.record)
  }

  /// Reads a file written by `text(_:)` or a `TrialLog`, with each row's stamp. Errors name the line.
  public static func rows(_ text: String) throws(TraceError) -> [(record: TrialRecord, stamp: TrialStamp)] {
    var rows: [(record: TrialRecord, stamp: TrialStamp)] = []
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
      guard f.count == columns else {
        throw TraceError(line: number, "expected \(columns) fields, found \(f.count)")
      }
      func int(_ i: Int) throws(TraceError) -> Int {
        guard let value = Int(f[i]) else { throw TraceError(line: number, "'\(f[i])' is not a whole number") }
        return value
      }
      func flag(_ i: Int, _ name: String) throws(TraceError) -> Bool {
        guard f[i] == "0" || f[i] == "1" else { throw TraceError(line: number, "\(name) '\(f[i])' is not 0 or 1") }
        return f[i] == "1"
      }
      guard let technique = try? ParameterText.value(f[0], for: .technique), let t = Technique(rawValue: technique)
      else { throw TraceError(line: number, "unknown technique '\(f[0])'") }
      guard let distance = StudyDistance(label: f[6]) else {
        throw TraceError(line: number, "unknown distance '\(f[6])'")
      }
      guard f[7] == "up" || f[7] == "down" else { throw TraceError(line: number, "unknown direction '\(f[7])'") }
      let task = StudyTask(
        range: Int32(try int(5)), distance: distance, direction: f[7] == "up" ? .up : .down,
        start: Int32(try int(8)), target: Int32(try int(9)))
      let committed: Int32? = f[10].isEmpty ? nil : Int32(try int(10))
      let outcome = TrialOutcome(
        timeMs: try int(11), crossings: try int(12), committed: committed, timedOut: try flag(14, "timed_out"))
      let record = TrialRecord(
        technique: t, participant: try int(1), block: try int(2), trial: try int(3), repetition: try int(4),
        task: task, outcome: outcome, practice: try flag(15, "practice"), disturbed: try flag(16, "disturbed"))
      guard record.success == (try flag(13, "success")) else {
        throw TraceError(line: number, "success does not match committed and target")
      }
      let contactFrame: Int? = f[18].isEmpty ? nil : try int(18)
      rows.append((record, TrialStamp(started: f[17], contactFrame: contactFrame, firmware: f[19], schema: f[20])))
    }
    return rows
  }
}
