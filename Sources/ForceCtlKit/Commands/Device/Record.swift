import ArgumentParser
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

extension ForceCtl {
  /// `forcectl record`: telemetry to CSV, checking the sequence numbers.
  public struct Record: StreamingCommand {
    public static let configuration = CommandConfiguration(
      commandName: "record",
      abstract:
        "Record the device's telemetry to a CSV (frame,left,right,force,state,direction,position,value,faults).",
      discussion: """
        Streams telemetry until --seconds have passed or Ctrl-C. Gaps in the frame \
        numbers (telemetry the device or the link dropped) are counted and reported at \
        the end; with --strict any gap makes the exit status non-zero. If the device is \
        unplugged mid-session, or goes silent with the link open (nothing for 2.5 s, \
        not even an answer to `stats`), the rows received so far are kept and the exit \
        status is non-zero. The faults column is \
        `ok`, or the cells' faults as in a fault event (`right-railed`, \
        `left-open+right-stuck`).
        """
    )

    @OptionGroup public var device: DeviceOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("CSV file to write.", valueName: "trace.csv"))
    public var output: String

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Stop after this many seconds (default: until Ctrl-C).", valueName: "N"))
    public var seconds: Double?

    @Option(help: ArgumentHelp("Send every Nth engine frame (1 = all).", valueName: "N"))
    public var decimation: Int = 1

    @Flag(help: "Exit non-zero if any telemetry frame was lost.")
    public var strict = false

    public init() {}

    public func run() throws {
      // The output is opened only once the device has answered: an existing recording
      // stays as it was when nothing does.
      let client = try device.connect()
      defer { client.close() }
      let file = try OutputFile(output)
      defer { file.discard() }
      try file.write(TelemetryCSV.header + "\n")
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
      guard sequence.received > 0 else {
        throw CLIError(
          "\(output) was not written\(disconnected.map { " (\($0.description))" } ?? ""): \(NoTelemetry.hint)")
      }
      try file.commit()

      let elapsed =
        Double((ContinuousClock.now - start).components.seconds)
        + Double((ContinuousClock.now - start).components.attoseconds) / 1e18
      var summary =
        "recorded \(sequence.received) telemetry frames in \(String(format: "%.1f", elapsed)) s to \(output)"
      summary += sequence.lost == 0 ? "; no frames lost" : "; \(sequence.lost) frames lost in \(sequence.gaps) gaps"
      if let disconnected {
        printError(summary + " (kept everything received before \(disconnected.sessionEnd))")
        throw CLIError(disconnected.endingMessage)
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
    _ client: DeviceClient, into file: OutputFile, sequence: inout TelemetrySequence,
    until deadline: ContinuousClock.Instant?
  ) throws(DeviceError) {
    _ = try client.request(.streamStart(StreamStart(decimation: UInt16(decimation), events: false)))
    while !Interrupt.requested {
      if let deadline, ContinuousClock.now >= deadline { break }
      try write(try client.takeStreamed(waiting: .milliseconds(100)), into: file, sequence: &sequence)
    }
    // Stop, then keep whatever was already in flight.
    _ = try? client.request(.streamStop)
    try write(client.streamedSoFar(), into: file, sequence: &sequence)
  }

  /// Writes the telemetry among `messages`, a row each.
  private func write(
    _ messages: [Message], into file: OutputFile, sequence: inout TelemetrySequence
  ) throws(DeviceError) {
    for message in messages {
      guard case .telemetry(let t) = message else { continue }
      sequence.observe(t.frame)
      do { try TelemetryCSV.write(t, to: file) } catch { throw .host(error.description) }
    }
  }
}

extension DeviceClient {
  /// Streamed messages already received, without waiting.
  func streamedSoFar() -> [Message] {
    (try? takeStreamed(waiting: .milliseconds(30))) ?? []
  }
}
