import ArgumentParser
import ForceEngine
import ForceProtocol
import ForceSim
import Foundation

/// Counts telemetry frames lost on the way: consecutive `Telemetry.frame` numbers
/// differ by the decimation, any larger step is a gap.
public struct TelemetrySequence: Equatable, Sendable {
  /// Engine frames between telemetry frames.
  public let decimation: UInt16
  /// The last frame number seen.
  public private(set) var last: UInt16?
  /// Telemetry frames received.
  public private(set) var received = 0
  /// Telemetry frames that should have arrived but did not.
  public private(set) var lost = 0
  /// Number of separate gaps.
  public private(set) var gaps = 0

  public init(decimation: UInt16) { self.decimation = max(decimation, 1) }

  /// Notes a received frame number; returns the telemetry frames lost just before it.
  @discardableResult
  public mutating func observe(_ frame: UInt16) -> Int {
    defer {
      last = frame
      received += 1
    }
    guard let last else { return 0 }
    let step = frame &- last
    guard step != decimation else { return 0 }
    // A step that is a multiple of the decimation lost step/decimation − 1 frames;
    // anything else (a reset, a wrap with an odd decimation) counts as one gap of one.
    let missing = step > decimation && step % decimation == 0 ? Int(step / decimation) - 1 : 1
    lost += missing
    gaps += 1
    return missing
  }
}

/// The record CSV (Docs/csv-formats.md): output CSV columns without `events`, one row per telemetry frame.
public enum TelemetryCSV {
  /// The header line (no newline).
  public static let header = "frame,left,right,force,state,direction,position,value"

  /// One row (no newline).
  public static func row(_ t: Telemetry) -> String {
    "\(t.frame),\(t.left),\(t.right),\(t.force),\(t.state.name),\(t.direction.name),\(OutputCSV.formatMilli(t.positionMilli)),\(t.value)"
  }

  /// One JSON object (no newline).
  public static func json(_ t: Telemetry) -> String {
    "{\"frame\":\(t.frame),\"left\":\(t.left),\"right\":\(t.right),\"force\":\(t.force),\"state\":\"\(t.state.name)\",\"direction\":\"\(t.direction.name)\",\"position\":\(OutputCSV.formatMilli(t.positionMilli)),\"value\":\(t.value)}"
  }
}

extension ForceCtl {
  /// `forcectl record`: telemetry to CSV, checking the sequence numbers.
  public struct Record: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Record the device's telemetry to a CSV (frame,left,right,force,state,direction,position,value).",
      discussion: """
        Streams telemetry until --seconds have passed or Ctrl-C. Gaps in the frame \
        numbers (telemetry the device or the link dropped) are counted and reported at \
        the end; with --strict any gap makes the exit status non-zero. If the device is \
        unplugged mid-session, the rows received so far are kept.
        """
    )

    @OptionGroup public var device: DeviceOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("CSV file to write.", valueName: "trace.csv"))
    public var output: String

    @Option(help: ArgumentHelp("Stop after this many seconds (default: until Ctrl-C).", valueName: "N"))
    public var seconds: Double?

    @Option(help: ArgumentHelp("Send every Nth engine frame (1 = all).", valueName: "N"))
    public var decimation: Int = 1

    @Flag(help: "Exit non-zero if any telemetry frame was lost.")
    public var strict = false

    public init() {}

    public func validate() throws {
      guard (1...1000).contains(decimation) else { throw ValidationError("--decimation must be 1...1000") }
      if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
    }

    public func run() throws {
      guard FileManager.default.createFile(atPath: output, contents: Data((TelemetryCSV.header + "\n").utf8)),
        let file = FileHandle(forWritingAtPath: output)
      else { throw CLIError("cannot write \(output)") }
      defer { try? file.close() }
      file.seekToEndOfFile()

      let client = try device.connect()
      defer { client.close() }
      Interrupt.install()
      defer { Interrupt.uninstall() }

      var sequence = TelemetrySequence(decimation: UInt16(decimation))
      var disconnected: DeviceError?
      let start = ContinuousClock.now
      let deadline = seconds.map { start + .milliseconds(Int($0 * 1000)) }
      do {
        try stream(client, into: file, sequence: &sequence, until: deadline)
      } catch {
        if error.isDisconnect { disconnected = error } else { throw CLIError(error.description) }
      }

      let elapsed =
        Double((ContinuousClock.now - start).components.seconds)
        + Double((ContinuousClock.now - start).components.attoseconds) / 1e18
      var summary =
        "recorded \(sequence.received) telemetry frames in \(String(format: "%.1f", elapsed)) s to \(output)"
      summary += sequence.lost == 0 ? "; no frames lost" : "; \(sequence.lost) frames lost in \(sequence.gaps) gaps"
      if let disconnected {
        printError("\(disconnected.description)\n\(summary) (kept everything received before the disconnect)")
        return
      }
      printError(summary)
      if strict && sequence.lost > 0 {
        throw CLIError("\(sequence.lost) telemetry frames lost (--strict)")
      }
    }
  }
}

extension ForceCtl.Record {
  /// Streams telemetry rows into `file` until the deadline or Ctrl-C.
  func stream(
    _ client: DeviceClient, into file: FileHandle, sequence: inout TelemetrySequence,
    until deadline: ContinuousClock.Instant?
  ) throws(DeviceError) {
    _ = try client.request(.streamStart(StreamStart(decimation: UInt16(decimation), events: false)))
    while !Interrupt.requested {
      if let deadline, ContinuousClock.now >= deadline { break }
      var chunk = ""
      for message in try client.takeStreamed(waiting: .milliseconds(100)) {
        guard case .telemetry(let t) = message else { continue }
        sequence.observe(t.frame)
        chunk += TelemetryCSV.row(t) + "\n"
      }
      if !chunk.isEmpty { file.write(Data(chunk.utf8)) }
    }
    // Stop, then keep whatever was already in flight.
    _ = try? client.request(.streamStop)
    var chunk = ""
    for message in client.streamedSoFar() {
      guard case .telemetry(let t) = message else { continue }
      sequence.observe(t.frame)
      chunk += TelemetryCSV.row(t) + "\n"
    }
    if !chunk.isEmpty { file.write(Data(chunk.utf8)) }
  }
}

extension DeviceClient {
  /// Streamed messages already received, without waiting.
  func streamedSoFar() -> [Message] {
    (try? takeStreamed(waiting: .milliseconds(30))) ?? []
  }
}

/// A line on standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
