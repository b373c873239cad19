import ArgumentParser
import ForceDevice
import ForceEngine
import ForceSim
import ForceTrace
import ForceWebBridge
import Foundation

extension ForceCtl.Study {
  /// `forcectl study run`: the study design on a device, pressed by a person through
  /// the participant page (`--participant`), or by a simulated participant in a closed
  /// loop (`--simulated`).
  public struct Run: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "run",
      abstract: "Run the study design on a device, pressed by a person or by a simulated participant.",
      discussion: """
        With --participant ID, a person presses the device's cells (--port): the command serves the \
        participant page (/participant.html: the picker, the target, what to do) and the experimenter \
        page (/experimenter.html: progress, errors, the live force, pause, mark a trial disturbed) on \
        --listen. A trial starts only when the cells are released and the participant says ready; its \
        time runs from the first contact to the commit, in the device's frames. Each block begins with \
        a break that ready ends.

        With --simulated P, participant P of sim study (the same --technique, --repetitions, --seed, \
        --users, --practice and --set) presses the device: each frame, its force goes to the device's \
        engine (inject) and what the device shows comes back to it. --sitl starts the firmware's host \
        build for the run; --port drives another device that takes inject (its cells drive nothing \
        while it runs; its parameters are put back at the end). The technique blocks run in the order \
        of a balanced Latin square from P, each after --practice-trials practice trials (logged, \
        not analysed). Each trial is appended to DIR/trials.csv, in sim study's format, and synced \
        before the next one starts: a kill or a lost device loses at most the trial in progress. A \
        DIR that has a trials.csv is refused unless --resume is given, which goes on at the next \
        trial of the same design (the same options); two runs never write one log at once. At the \
        end a simulated run is set beside the same participant simulated here, trial by trial. The \
        guide is Docs/running-a-study.md.
        """
    )

    @Option(
      help: ArgumentHelp("The simulated participant who presses (1-based, as sim study numbers them).", valueName: "P"))
    public var simulated: Int?

    @Option(help: ArgumentHelp("The person who presses (1-based: the block order follows it).", valueName: "ID"))
    public var participant: Int?

    @Option(
      help: ArgumentHelp(
        "Address to serve the pages on (IPv4 HOST:PORT; with --live, a free port unless given).", valueName: "HOST:PORT"
      ))
    public var listen: String = ListenAddress.defaultAddress.description

    @Flag(help: "Allow --listen on an address other than loopback (no authentication).")
    public var allowRemote = false

    @Flag(help: "Start the firmware's host build (SITL) for the run.")
    public var sitl = false

    @Flag(
      help:
        "With --simulated and --sitl: press SITL's live cells in real time through the pages' API, as a person would, not by inject."
    )
    public var live = false

    @Option(help: ArgumentHelp("The device (a serial port, or tcp://HOST:PORT).", valueName: "PORT"))
    public var port: String?

    @Option(help: ArgumentHelp("all or a comma-separated list of techniques.", valueName: "T"))
    public var technique: String = "all"

    @Option(help: "Repetitions of each task.")
    public var repetitions: Int = 3

    @Option(help: "Seed of the participant's model and the trials' noise (sim study's).")
    public var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Practice trials before each technique block (logged as practice).", valueName: "N"))
    public var practiceTrials: Int = 0

    @Option(
      help: ArgumentHelp(
        "A trial table (technique,range,distance,start,target[,participant][,practice]) in place of the built-in design.",
        valueName: "FILE.csv"))
    public var trials: String?

    @Flag(help: "Go on with DIR/trials.csv at the trial after the last one logged (the same options).")
    public var resume = false

    @OptionGroup public var people: SimUserOptions

    @OptionGroup public var parameters: ParameterOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Directory for trials.csv (created if needed).", valueName: "DIR"))
    public var output: String

    @OptionGroup public var progress: ProgressOptions

    public init() {}

    public func validate() throws {
      guard (simulated == nil) != (participant == nil) else {
        throw ValidationError("give --participant ID (a person) or --simulated P (a simulated participant)")
      }
      guard sitl != (port != nil) else { throw ValidationError("give --sitl or --port (the device to press)") }
      if live && (simulated == nil || !sitl) {
        throw ValidationError("--live is for --simulated on --sitl (a simulated participant on SITL's live cells)")
      }
      guard (1...1000).contains(number) else {
        throw ValidationError("--\(simulated == nil ? "participant" : "simulated") must be in 1...1000")
      }
      if participant != nil || live {
        guard !sitl || live else {
          throw ValidationError(
            "a person presses a device's own cells: give --port (SITL's cells: forcepicker-sitl --cells)")
        }
        do {
          let address = try ListenAddress(parsing: listen)
          if !address.isLoopback && !allowRemote {
            throw ValidationError(
              "--listen \(listen) is reachable from other machines and the pages have no authentication; add --allow-remote to do it anyway"
            )
          }
        } catch let error as BridgeError { throw ValidationError(error.description) }
      }
      guard (1...100).contains(repetitions) else { throw ValidationError("--repetitions must be in 1...100") }
      guard (0...100).contains(practiceTrials) else { throw ValidationError("--practice-trials must be in 0...100") }
      if trials != nil && (practiceTrials != 0 || technique != "all" || repetitions != 3) {
        throw ValidationError(
          "a trial table gives the trials: leave out --technique, --repetitions and --practice-trials")
      }
      do { _ = try StudyDesign.techniques(technique) } catch { throw ValidationError(error.description) }
    }

    public func run() throws {
      var config = StudyConfig(
        techniques: try StudyDesign.techniques(technique), participants: number, repetitions: repetitions, seed: seed,
        base: try parameters.resolve(), population: try people.population(), practiceTrials: people.practice)
      let plan: StudyPlan
      if let trials {
        do { plan = try TrialTable.plan(try InputFile.read(trials), participant: number) } catch let error
          as FitInputError
        {
          throw CLIError("\(trials): \(error.description)")
        }
        config.techniques = plan.techniques
      } else {
        plan = StudyPlan(config, participant: number, practiceTrials: practiceTrials)
      }
      do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
        throw CLIError("cannot write \(output): \(ErrorReason.text(error))")
      }
      let log: TrialLog
      let from: Int
      do {
        log = resume ? try TrialLog(resuming: output + "/trials.csv") : try TrialLog(creating: output + "/trials.csv")
        from = try plan.done(by: log.logged, participant: number)
      } catch let error as ParameterInputError {
        throw CLIError("cannot resume \(output)/trials.csv: \(error.description)")
      } catch { throw CLIError("\(error)") }
      if resume {
        printError(
          from == plan.trials.count
            ? "study run: all \(from) trials are logged already"
            : "study run: \(from) of \(plan.trials.count) trials logged; going on at \(plan.trials[from].description)")
      }
      Interrupt.installExitingAtOnce()
      defer { Interrupt.uninstall() }
      var emulated: EmulatedDevice?
      defer { emulated?.stop() }
      defer { if live { try? FileManager.default.removeItem(atPath: cellsFile) } }  // SITL keeps its last readings
      var records = log.logged
      if from < plan.trials.count {
        let client: DeviceClient
        do {
          if let port {
            client = try DeviceClient.connect(to: port)
          } else {
            guard let root = RepositoryRoot.find() else {
              throw CLIError(
                "cannot find the ForcePicker checkout for --sitl (run from the repository, or give --port)")
            }
            emulated = try EmulatedDevice(
              kind: .sitl, image: try SITLBinary.built(in: root, say: { printError($0) }),
              sitlOptions: live ? ["--cells", cellsFile] : [])
            client = try emulated!.connect(within: .seconds(15))
          }
        } catch let error as DeviceError { throw CLIError(error.description) }
        defer { client.close() }
        if participant != nil || live {
          records += try people(client, config: config, plan: plan, from: from, log: log)
        } else {
          records += try session(client, config: config, plan: plan, from: from, log: log)
        }
      }
      if participant != nil {
        try printLines(peopleSummary(records, config: config, plan: plan))
      } else {
        try report(records, config: config, plan: plan)
      }
    }

    /// SITL's live cells with --live: a file of this run's in the temporary directory.
    var cellsFile: String {
      FileManager.default.temporaryDirectory.appendingPathComponent("forcepicker-cells-\(getpid())").path
    }

    /// The participant or the simulated participant: whichever was given.
    var number: Int { participant ?? simulated ?? 0 }

    /// A person's session on `client`'s device, the pages served while it runs; the
    /// device's parameters put back afterwards.
    func people(_ client: DeviceClient, config: StudyConfig, plan: StudyPlan, from: Int, log: TrialLog) throws
      -> [TrialRecord]
    {
      guard let info = client.info, info.capabilities.contains(.streaming), info.capabilities.contains(.adc) else {
        throw CLIError(
          "the device has no cells to press (no ADC or no telemetry): a person needs a board, or forcepicker-sitl --cells"
        )
      }
      guard let root = RepositoryRoot.find() else {
        throw CLIError("run this from the ForcePicker repository: it serves the pages of Web/study")
      }
      var address = try ListenAddress(parsing: listen)
      // A simulated participant needs no address of its own choosing: any free port.
      if live && listen == ListenAddress.defaultAddress.description { address.port = 0 }
      do { try WebBridge.checkListening(on: address) } catch { throw CLIError(error.description) }
      let board = PeopleBoard()
      let server = StudyServer(
        listen: address, webRoot: root.appendingPathComponent("Web/study"), state: { board.json },
        act: { board.act($0) })
      let listening = DispatchSemaphore(value: 0)
      let failure = Locked<String?>(nil)
      let boundAddress = Locked<ListenAddress?>(nil)
      let announce = !live
      let task = Task {
        do {
          try await server.run { bound in
            if announce {
              print("forcectl study run: participant page http://\(bound)/participant.html")
              print("forcectl study run: experimenter page http://\(bound)/experimenter.html")
              fflush(nil)
            }
            boundAddress.value = bound
            listening.signal()
          }
        } catch {
          failure.value = "\(error)"
          listening.signal()
        }
      }
      defer { task.cancel() }
      listening.wait()
      if let message = failure.value { throw CLIError(message) }
      let finished = Locked<String?>(nil)
      var presser: Thread?
      if live, let bound = boundAddress.value {
        let pressing = LivePresser(address: bound, cells: cellsFile, config: config, participant: number, plan: plan)
        presser = Thread { pressing.run(stop: { finished.value != nil }) }
        presser?.start()
      }
      defer { finished.value = "done" }
      do {
        let original = try deviceParameters(client, resuming: from > 0)
        let session = PeopleSession(
          client: client, config: config, participant: number, plan: plan, log: log,
          stamp: ("\(info.boardName) \(info.firmwareVersion)", ParameterText.hex(info.schemaHash)), board: board)
        let records = try session.run(from: from)
        try client.setParameters(Self.pairs(original))
        Thread.sleep(forTimeInterval: 1)  // the pages see the end
        return records
      } catch let error as DeviceError {
        throw CLIError("\(error.description); the trials done so far are in \(log.path) (--resume goes on)")
      }
    }

    /// Each technique's analysed trials, mean time and success.
    func peopleSummary(_ records: [TrialRecord], config: StudyConfig, plan: StudyPlan) -> [String] {
      var lines = [
        "technique block order: \(plan.techniques.map { String(describing: $0.name) }.joined(separator: ", "))"
      ]
      for technique in config.techniques {
        lines.append(
          "\(technique.name): \(Self.summary(records.filter { $0.technique == technique && !$0.practice && !$0.disturbed }))"
        )
      }
      lines.append("trials written to \(output)/trials.csv")
      return lines
    }

    /// The participant's trials of `plan` from `from` on `client`'s device, each logged
    /// as it ends; the device's parameters put back afterwards.
    func session(_ client: DeviceClient, config: StudyConfig, plan: StudyPlan, from: Int, log: TrialLog) throws
      -> [TrialRecord]
    {
      guard let info = client.info, info.capabilities.contains(.injection) else {
        throw CLIError("the device does not take inject, so nothing can press it from here (its firmware is too old?)")
      }
      let firmware = "\(info.boardName) \(info.firmwareVersion)"
      let schema = ParameterText.hex(info.schemaHash)
      let line = progress.line("study run", unit: "trials")
      defer { line.finish() }
      var done = from
      var started = ""
      do {
        let original = try deviceParameters(client, resuming: from > 0)
        let records = try StudyRunner.runParticipant(config, participant: number, plan: plan, from: from) {
          _, parameters in
          try Self.setTrial(client, parameters)
          started = TrialStamp.now()
          return InjectedEngine.on(client)
        } done: { record in
          try log.append(record, stamp: TrialStamp(started: started, firmware: firmware, schema: schema))
          done += 1
          line.report(Double(done), fraction: Double(done) / Double(plan.trials.count))
        }
        try InjectedEngine.endSession(client)
        try client.setParameters(Self.pairs(original))
        return records
      } catch let error as DeviceError {
        throw CLIError("\(error.description); the trials done so far are in \(log.path) (--resume goes on)")
      } catch let error as CLIError { throw error } catch {
        throw CLIError("\(error)")
      }
    }

    /// The device's own parameters, put back at the end: read from it and kept in
    /// DIR/device-parameters.json before the first trial, so a run resumed after a
    /// kill (which left the device with a trial's parameters) puts back the ones it had.
    func deviceParameters(_ client: DeviceClient, resuming: Bool) throws -> Parameters {
      let path = output + "/device-parameters.json"
      if resuming, FileManager.default.fileExists(atPath: path) { return try ParameterFile.parameters(path) }
      let parameters = try client.readParameters()
      do { try OutputFile.write(ParameterText.json(parameters), to: path) } catch { throw CLIError(error.description) }
      return parameters
    }

    /// Sets a trial's parameters on the device in one batch and reads the task's
    /// (`StudyDesign.taskParameters`) back; one the device does not hold stops the run.
    static func setTrial(_ client: DeviceClient, _ setup: Parameters) throws {
      try client.setParameters(pairs(setup))
      for id in StudyDesign.taskParameters {
        let read = try client.parameter(id)
        guard read == setup[id] else {
          throw CLIError("the device reads \(id.info.name) = \(read) after it was set to \(setup[id]) for the trial")
        }
      }
    }

    /// Every parameter of `p`, for one batch.
    static func pairs(_ p: Parameters) -> [(ParameterID, Int32)] {
      (0..<ParameterID.count).compactMap(ParameterID.at).map { ($0, p[$0]) }
    }

    /// Each technique's trials, mean time and success on the device, beside the same
    /// participant simulated in this process.
    func report(_ records: [TrialRecord], config: StudyConfig, plan: StudyPlan) throws {
      let here = try StudyRunner.runParticipant(config, participant: number, plan: plan) { _, parameters in
        StudyRunner.local(parameters)
      }
      let same = zip(records, here).filter { $0 == $1 }.count
      let order = plan.techniques
      var lines = ["technique block order: \(order.map { String(describing: $0.name) }.joined(separator: ", "))"]
      for technique in config.techniques {
        let mine = records.filter { $0.technique == technique && !$0.practice }
        let theirs = here.filter { $0.technique == technique && !$0.practice }
        lines.append(
          "\(technique.name): device \(Self.summary(mine)); simulated here \(Self.summary(theirs))")
      }
      lines.append("\(same) of \(records.count) trials the same as participant \(number) simulated here")
      lines.append("trials written to \(output)/trials.csv")
      try printLines(lines)
    }

    /// "mean 3.21 s, success 96.9 % of 32": the overall cell of `StudySummary`, as sim study reports it.
    static func summary(_ records: [TrialRecord]) -> String {
      guard let cell = StudySummary.cells(records).first(where: { $0.factor == "all" }) else { return "no trials" }
      return "mean \(StudySummary.fixed(cell.time.mean / 1000, 2)) s, "
        + "success \(StudySummary.fixed(cell.successRate * 100, 1)) % of \(cell.trials)"
    }
  }
}
