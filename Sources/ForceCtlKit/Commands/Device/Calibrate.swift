import ArgumentParser
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

extension ForceCtl {
  /// `forcectl calibrate`: guided offsets and gains (Docs/hardware-quickstart.md, Calibrate).
  public struct Calibrate: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "calibrate",
      abstract: "Measure rest and a firm and a medium press on each cell; set left/right offset and gain, fsr_law.",
      discussion: """
        Prompts for five steps (rest, firm left press, firm right press, medium left \
        press, medium right press), records about a second of raw telemetry for each, \
        proposes offsets (rest + margin), fsr_law=1 (presses read above the cap's preload \
        as the thumb alone would make them) and gains (a medium press, both cells \
        together, reads half of full scale), and on confirmation sets all five in one \
        batch (all or nothing). Each prompt waits for Enter on standard input; if standard input ends \
        instead, nothing is recorded or changed. A rest step with a reading more than 100 \
        above the cell's usual rest (a press) is refused. A cell that the device reports \
        \(CellFault.nameList(holdingOnly: true)) during a step, or whose readings sit at the \
        rail, never change or do not rise when pressed, refuses the calibration, naming \
        the cell, and nothing is changed; so does a medium press too light to measure, \
        nearly as firm as the firm press, or read more on the other cell, naming the press \
        to repeat, and a device that goes silent (nothing for 2.5 s, not even an answer \
        to `stats`).
        """
    )

    @OptionGroup public var device: DeviceOptions

    @Flag(name: .shortAndLong, help: "Apply the proposal without asking.")
    public var yes = false

    @Flag(help: "Also save the parameters to flash.")
    public var save = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Seconds to record per step.", valueName: "N"))
    public var seconds: Double = 1

    @OptionGroup public var progress: ProgressOptions

    public init() {}

    public func validate() throws {
      guard seconds >= 0.1, seconds <= 30 else { throw ValidationError("--seconds must be 0.1...30") }
    }

    func say(_ text: String) {
      print(text)
      fflush(nil)
    }

    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      do {
        try session(client)
      } catch {
        throw CLIError(error.description)
      }
    }

    func session(_ client: DeviceClient) throws(DeviceError) {
      if let info = client.info, !info.capabilities.contains(.adc) {
        say("note: this device reports no force cells (emulator?); using whatever its telemetry carries")
      }
      var railLevel = ParameterID.railLevel.info.defaultValue
      if case .paramValue(let value) = try client.request(.paramGet(id: ParameterID.railLevel.rawValue)) {
        railLevel = value.value
      }
      _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
      defer { _ = try? client.request(.streamStop) }
      var recorded: [[RawFrame]] = []
      for index in 0..<CalibrationProposal.Step.count {
        let step = CalibrationProposal.Step.at(index)!
        let name = String(describing: step.name)
        say("\(step.prompt), then press Enter…")
        guard readLine() != nil else {
          throw .invalid(
            "calibration refused: standard input ended before the \(name) step (calibrate waits for Enter at each step, so someone must be there); no parameter changed"
          )
        }
        let (frames, faults) = try record(client, progress: progress.line("calibrate: \(name)", unit: "frames"))
        recorded.append(frames)
        say("  recorded \(frames.count) frames")
        try CalibrationProposal.check(faults: faults, during: step)
      }
      let proposal = try CalibrationProposal.from(
        rest: recorded[0], left: recorded[1], right: recorded[2], medium: (recorded[3], recorded[4]),
        railLevel: railLevel)
      say(proposal.summary)
      if !yes {
        say("Apply these? [y/N]")
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
          say("nothing changed")
          return
        }
      }
      _ = try client.request(.paramSetBatch(proposal.batch))
      say("set left_offset, right_offset, left_gain, right_gain")
      if save {
        _ = try client.request(.paramSave, timeout: .seconds(3))
        say("saved to flash")
      }
    }

    /// About `seconds` of raw readings, dropping anything older than the start, and
    /// the first fault that holds the engine each cell showed meanwhile.
    func record(_ client: DeviceClient, progress line: ProgressLine) throws(DeviceError) -> (
      frames: [RawFrame], faults: CellFaults
    ) {
      _ = try client.takeStreamed(waiting: .milliseconds(1))
      defer { line.finish() }
      var frames: [RawFrame] = []
      var faults = CellFaults.none
      let started = ContinuousClock.now
      let deadline = started + .milliseconds(Int(seconds * 1000))
      // Past the step's time, a step that got nothing waits a little longer: a device
      // that went silent is then reported as such (DeviceClient.silenceLimit).
      let patience = deadline + DeviceClient.defaultSilenceLimit + .milliseconds(500)
      while ContinuousClock.now < deadline || (frames.isEmpty && ContinuousClock.now < patience) {
        for message in try client.takeStreamed(waiting: .milliseconds(50)) {
          guard case .telemetry(let t) = message else { continue }
          frames.append(RawFrame(left: t.left, right: t.right))
          faults = CellFaults(left: first(faults.left, t.faults.left), right: first(faults.right, t.faults.right))
        }
        let elapsed = ContinuousClock.now - started
        line.report(
          Double(frames.count),
          fraction: Double(elapsed.components.seconds) / seconds
            + Double(elapsed.components.attoseconds) / 1e18 / seconds)
      }
      return (frames, faults)
    }

    /// The fault to keep for a cell: the first one seen that holds the engine.
    func first(_ seen: CellFault, _ now: CellFault) -> CellFault { seen.holds || !now.holds ? seen : now }
  }
}
