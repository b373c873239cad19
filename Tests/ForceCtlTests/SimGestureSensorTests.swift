import ForceCtlKit
import Foundation
import Testing

/// `sim gesture --sensor/--board/--sensor-seed/--fault`: the sensor model on the way out.
@Suite struct SimGestureSensorTests {
  let scratch = ScratchCLI("forcectl-sensor")
  static let script = "rate 100\nhold 300 300 for 2s\nrelease\n"

  /// The output CSV's rows, each as [t_ms, left, right], for `options` (and `script`).
  func rows(_ options: [String], script source: String = Self.script) throws -> [[Int]] {
    let script = scratch.file("s.gesture", source)
    let output = scratch.directory + "/out-\(UUID().uuidString).csv"
    #expect(scratch.failure(["sim", "gesture", "--script", script, "--output", output] + options) == nil)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Int($0)! } }
  }

  @Test func theDefaultsChangeNothingAndTheModelChangesTheReadings() throws {
    let plain = try rows([])
    #expect(plain.count == 201 && plain.dropLast().allSatisfy { $0[1] == 300 && $0[2] == 300 })
    #expect(try rows(["--sensor", "ideal", "--board", "microbit", "--sensor-seed", "5"]) == plain)

    let options = ["--sensor", "typical", "--board", "pico", "--sensor-seed", "3", "--fault", "railed:right@1s+500ms"]
    let modelled = try rows(options)
    #expect(try rows(options) == modelled)
    #expect(modelled.map { $0[0] } == plain.map { $0[0] })
    let railed = modelled.filter { (1000..<1500).contains($0[0]) }
    #expect(railed.count == 50 && railed.allSatisfy { $0[2] >= 1018 })
    #expect(modelled.filter { $0[0] < 1000 || $0[0] >= 1500 }.allSatisfy { $0[2] < 400 })
    #expect(Set(modelled.map { $0[1] }).count > 3)  // noise on the left cell
    #expect(modelled.last![1] > 0)  // the cap's preload after the release
  }

  /// `--board pico-uncorrected`: the Pico without the E11 correction. A whole-count
  /// ramp through the wide code at 128 (Docs/sensor-model.md) reads one count too high
  /// below it and one too low above it; `--board pico` reads those levels exactly.
  @Test func theUncorrectedPicoShowsTheForceStepTheCorrectedOneRemoves() throws {
    let ramp = "rate 100\nhold 122 122 for 10ms\nramp to 134 134 over 120ms\n"
    let ideal = try rows([], script: ramp)
    let corrected = try rows(["--board", "pico"], script: ramp)
    let uncorrected = try rows(["--board", "Pico-Uncorrected"], script: ramp)
    #expect(ideal.map { $0[1] } == [122] + Array(122...134))
    for (level, pair) in zip(ideal.map { $0[1] }, zip(corrected, uncorrected)) where !(127...129).contains(level) {
      #expect(pair.0[1] == level && pair.0[2] == level, "corrected at \(level)")
      #expect(pair.1[1] == level + (level < 128 ? 1 : -1), "uncorrected at \(level)")
    }
  }

  @Test func badSensorOptionsNameTheOptionAndTheProblem() {
    let script = scratch.file("s.gesture", Self.script)
    /// The first line of the error for `options` (the usage line follows it).
    func error(_ options: [String]) -> String? {
      scratch.failure(["sim", "gesture", "--script", script] + options)?.split(separator: "\n").first.map(String.init)
    }
    #expect(
      error(["--sensor", "typcal"])
        == "Error: --sensor: unknown sensor profile 'typcal' (did you mean 'typical'?); sensor profiles: ideal, typical, worn"
    )
    #expect(
      error(["--board", "pic"])
        == "Error: --board: unknown board 'pic' (did you mean 'pico'?); boards: microbit, pico, pico-uncorrected")
    #expect(
      error(["--fault", "open:left@1s", "--fault", "stuck:right@2"])
        == "Error: --fault: fault 'stuck:right@2': start '2' needs a unit: ms or s (say 500ms)")
  }
}
