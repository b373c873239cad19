import ArgumentParser
import ForceTrace

/// `--sensor`, `--board`, `--sensor-seed` and `--fault`: the sensor model a trace is read
/// through (Docs/sensor-model.md). The defaults change nothing.
public struct SensorOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Sensor model profile: \(SensorProfile.allNames.joined(separator: ", ")) (Docs/sensor-model.md).",
      valueName: "PROFILE"))
  public var sensor = "ideal"

  @Option(help: boardHelp)
  public var board = "microbit"

  /// `--board`'s help, here and in `sim study`: every board the sensor model knows.
  static let boardHelp = ArgumentHelp(
    "Board whose ADC reads the cells: \(SensorBoard.allNames.joined(separator: ", ")) (Docs/sensor-model.md).",
    valueName: "BOARD")

  @Option(help: ArgumentHelp("Seed of the sensor model's parts, noise and faults.", valueName: "N"))
  public var sensorSeed: UInt64 = 1

  @Option(
    name: .customLong("fault"),
    help: ArgumentHelp(
      "A sensor fault, KIND:CELL@TIME[+DURATION], e.g. railed:right@1s+500ms; kinds: "
        + "\(SensorFault.kindNames.joined(separator: ", ")). Repeatable.",
      valueName: "FAULT"))
  public var faults: [String] = []

  public init() {}

  public func validate() throws {
    _ = try model()
  }

  /// The values as `SensorArguments`, the one reader of them (ForceTrace).
  public var values: SensorArguments {
    SensorArguments(sensor: sensor, board: board, seed: sensorSeed, faults: faults)
  }

  /// The model the options name; a `ValidationError` names the option that is wrong.
  public func model() throws -> SensorModel {
    do { return try values.model() } catch { throw ValidationError(error.description) }
  }
}
