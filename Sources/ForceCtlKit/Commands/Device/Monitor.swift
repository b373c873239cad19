import ArgumentParser
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

/// The parameters the monitor tunes live, and what a key press does to them.
public struct MonitorModel {
  /// A tunable parameter and its step.
  public struct Tunable: Equatable {
    public var parameter: ParameterID
    public var step: Int32
    public var value: Int32?
  }

  public var tunables: [Tunable] = [
    Tunable(parameter: .restThreshold, step: 5),
    Tunable(parameter: .boostThreshold, step: 10),
    Tunable(parameter: .speedNormalMax, step: 500),
    Tunable(parameter: .rollThreshold, step: 10),
    Tunable(parameter: .filterMs, step: 1),
  ]
  public var selected = 0
  public var contact: Int32 = ParameterID.contactThreshold.info.defaultValue
  public var status = "Tab/←→ select  ↑/↓ change  q quit"
  public var quit = false

  public init() {}

  public var thresholds: PlotThresholds {
    PlotThresholds(
      contact: Int(contact),
      rest: Int(value(of: .restThreshold) ?? ParameterID.restThreshold.info.defaultValue),
      boost: Int(value(of: .boostThreshold) ?? ParameterID.boostThreshold.info.defaultValue))
  }

  public func value(of parameter: ParameterID) -> Int32? {
    tunables.first { $0.parameter == parameter }?.value
  }

  /// Applies a key; returns the parameter write it asks for, if any.
  public mutating func handle(_ key: Key) -> ParamValue? {
    switch key {
    case .quit: quit = true
    case .tab, .right: selected = (selected + 1) % tunables.count
    case .backTab, .left: selected = (selected + tunables.count - 1) % tunables.count
    case .up, .down:
      let tunable = tunables[selected]
      let info = tunable.parameter.info
      let current = tunable.value ?? info.defaultValue
      let next = max(info.min, min(info.max, current + (key == .up ? tunable.step : -tunable.step)))
      guard next != current else { return nil }
      return ParamValue(tunable.parameter, next)
    case .other: break
    }
    return nil
  }

  /// Notes the value in effect after a write or read.
  public mutating func update(_ value: ParamValue) {
    if let index = tunables.firstIndex(where: { $0.parameter.rawValue == value.id }) {
      tunables[index].value = value.value
    }
    if value.id == ParameterID.contactThreshold.rawValue { contact = value.value }
  }

  /// The full-screen view (ANSI: home + clear to end of each line).
  public func screen(latest: Telemetry?, received: Int, lost: Int, port: String) -> String {
    var lines: [String] = []
    lines.append("forcectl monitor — \(port)   telemetry \(received)   dropped \(lost)")
    lines.append("")
    if let t = latest {
      let th = thresholds
      for (cell, level, fault) in [("left", t.left, t.faults.left), ("right", t.right, t.faults.right)] {
        let mark = fault == .none ? "" : "  \u{1B}[1;31m<- \(fault.name)\u{1B}[0m"
        lines.append(
          "  \(MonitorLine.padRight(cell, 6)) [\(MonitorLine.bar(Int(level), width: 40))] \(MonitorLine.pad(String(level), 4))\(mark)"
        )
      }
      lines.append(
        "  force  [\(MonitorLine.forceBar(Int(t.force), thresholds: th, width: 40))] \(MonitorLine.pad(String(t.force), 4))   | rest \(th.rest)  | boost \(th.boost)"
      )
      lines.append("")
      lines.append(
        "  state \(MonitorLine.padRight(String(describing: t.state.name), 9))  direction \(MonitorLine.padRight(String(describing: t.direction.name), 4))  value \(t.value)  (position \(OutputCSV.formatMilli(t.positionMilli)))  frame \(t.frame)"
      )
      // The fault line is blank while both cells are well, so the view does not jump.
      if let warning = t.faults.warning {
        let label = t.faults.holds ? "FAULT" : "WARNING"
        lines.append("  \u{1B}[1;97;41m \(label) \u{1B}[0m \u{1B}[1;31m\(warning)\u{1B}[0m")
      } else {
        lines.append("")
      }
    } else {
      lines.append("  waiting for telemetry… (\(NoTelemetry.hint))")
    }
    lines.append("")
    for (index, tunable) in tunables.enumerated() {
      let marker = index == selected ? ">" : " "
      let name = MonitorLine.padRight(String(describing: tunable.parameter.info.name), 18)
      let value = tunable.value.map(String.init) ?? "?"
      let text =
        " \(marker) \(name) \(MonitorLine.pad(value, 7)) \(tunable.parameter.info.unit)  (step \(tunable.step))"
      lines.append(index == selected ? "\u{1B}[7m\(text)\u{1B}[0m" : text)
    }
    lines.append("")
    lines.append("  \(status)")
    return "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
  }
}

extension ForceCtl {
  /// `forcectl monitor`: live view of the cells and the engine.
  public struct Monitor: StreamingCommand {
    public static let configuration = CommandConfiguration(
      commandName: "monitor",
      abstract: "Live view of both cells, force against the thresholds, state, direction and value.",
      discussion: """
        On a terminal: a full-screen view; Tab or ←/→ select a parameter \
        (rest_threshold, boost_threshold, speed_normal_max, roll_threshold, filter_ms), \
        ↑/↓ change it on the device, q quits. When standard output is not a terminal: \
        one line (or --json object) per telemetry frame, until --seconds or Ctrl-C. \
        Dropped telemetry (gaps in the frame numbers) is counted. While a cell has a \
        fault (\(CellFault.nameList())), the view names the cell, \
        the fault and what it likely means (a line ends `fault: ...`; JSON has `cells`). \
        A device that goes silent (nothing for 2.5 s, not even an answer to `stats`) ends \
        the monitor with an error.
        """
    )

    @OptionGroup public var device: DeviceOptions

    @Option(help: ArgumentHelp("Send every Nth engine frame (default 4: 50 per second at 200 Hz).", valueName: "N"))
    public var decimation: Int = 4

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Stop after this many seconds (default: until q or Ctrl-C).", valueName: "N"))
    public var seconds: Double?

    @Flag(help: "Print JSON lines instead of text (when not on a terminal).")
    public var json = false

    @Flag(help: "Plain line output even on a terminal.")
    public var plain = false

    public init() {}

    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      Interrupt.install()
      defer { Interrupt.uninstall() }
      var model = MonitorModel()
      var sequence = TelemetrySequence(decimation: UInt16(decimation))
      let deadline = seconds.map { ContinuousClock.now + .milliseconds(Int($0 * 1000)) }
      let interactive = RawTerminal.isInteractive && !plain && !json
      var terminal: RawTerminal?
      defer { terminal?.restore() }
      do {
        for tunable in model.tunables + [MonitorModel.Tunable(parameter: .contactThreshold, step: 0)] {
          if case .paramValue(let value) = try client.request(.paramGet(id: tunable.parameter.rawValue)) {
            model.update(value)
          }
        }
        _ = try client.request(.streamStart(StreamStart(decimation: UInt16(decimation), events: false)))
        if interactive {
          terminal = try RawTerminal()
          terminal?.write("\u{1B}[2J")
        }
        var latest: Telemetry?
        var lastDraw = ContinuousClock.now - .seconds(1)
        while !Interrupt.requested && !model.quit {
          if let deadline, ContinuousClock.now >= deadline { break }
          var lines: [String] = []
          for message in try client.takeStreamed(waiting: .milliseconds(interactive ? 20 : 100)) {
            guard case .telemetry(let t) = message else { continue }
            sequence.observe(t.frame)
            latest = t
            if !interactive {
              lines.append(json ? TelemetryCSV.json(t) : MonitorLine.render(t, thresholds: model.thresholds))
            }
          }
          if !interactive {
            do { try printLines(lines) } catch {
              _ = try? client.request(.streamStop)
              throw error
            }
            continue
          }
          for key in terminal!.readKeys() {
            guard let write = model.handle(key) else { continue }
            do {
              if case .paramValue(let value) = try client.request(.paramSet(write)) { model.update(value) }
              model.status = "set \(write.parameter.map { String(describing: $0.info.name) } ?? "?") = \(write.value)"
            } catch {
              if error.isDisconnect { throw error }
              model.status = error.description
            }
          }
          if ContinuousClock.now - lastDraw >= .milliseconds(33) {
            terminal!.write(
              model.screen(latest: latest, received: sequence.received, lost: sequence.lost, port: device.port))
            lastDraw = ContinuousClock.now
          }
        }
        _ = try? client.request(.streamStop)
      } catch let error as DeviceError {
        terminal?.restore()
        if error.isDisconnect {
          printError("\(sequence.received) telemetry frames, \(sequence.lost) dropped")
          throw CLIError(error.endingMessage)
        }
        throw CLIError(error.description)
      }
      terminal?.restore()
      printError("\(sequence.received) telemetry frames, \(sequence.lost) dropped")
      if sequence.received == 0 { printError(NoTelemetry.hint) }
    }
  }
}
