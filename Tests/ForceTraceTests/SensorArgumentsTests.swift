import ForceTrace
import Testing

/// `SensorArguments`: the one reader of `--sensor`, `--board`, `--sensor-seed` and
/// `--fault` (for `sim gesture`, `sitl`, `forcepicker-sitl` and the golden fault traces).
@Suite struct SensorArgumentsTests {
  @Test func readsTheOptionsAndWritesThemBack() throws {
    let words = [
      "--sensor", "typical", "--board", "pico", "--sensor-seed", "2", "--fault", "railed:right@1s+300ms", "--fault",
      "open:left@2s",
    ]
    let options = try SensorArguments.parse(words)
    #expect(
      options
        == SensorArguments(
          sensor: "typical", board: "pico", seed: 2, faults: ["railed:right@1s+300ms", "open:left@2s"]))
    #expect(options.arguments == words && !options.isDefault)
    let model = try options.model()
    #expect(model.profile == .typical && model.board == .pico && model.seed == 2)
    #expect(model.faults.map(\.description) == ["railed:right@1000ms+300ms", "open:left@2000ms"])
    // The same model as the parts give: the same readings.
    var a = try options.model()
    var b = SensorModel(
      profile: .typical, board: .pico, seed: 2,
      faults: [try SensorFault.parse("railed:right@1s+300ms"), try SensorFault.parse("open:left@2s")])
    for k in 0..<600 {
      let t = Double(k) * 5
      #expect(a.read(left: 300, right: 300, timeMs: t) == b.read(left: 300, right: 300, timeMs: t))
    }
  }

  @Test func theDefaultsChangeNothingAndWriteNothing() throws {
    let options = try SensorArguments.parse([])
    #expect(options.isDefault && options.arguments.isEmpty)
    #expect(try SensorArguments.parse(["--sensor", "ideal", "--sensor-seed", "1"]).arguments.isEmpty)
    var model = try options.model()
    #expect(model.read(left: 250.4, right: 1023, timeMs: 0) == (250, 1023))
  }

  @Test func errorsNameTheOption() {
    func error(_ words: [String]) -> String? {
      do {
        _ = try SensorArguments.parse(words).model()
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      error(["--sensor", "typcal"])
        == "--sensor: unknown sensor profile 'typcal' (did you mean 'typical'?); sensor profiles: ideal, typical, worn")
    #expect(
      error(["--board", "pic"])
        == "--board: unknown board 'pic' (did you mean 'pico'?); boards: microbit, pico, pico-uncorrected")
    #expect(
      error(["--fault", "stuck:right@2"])
        == "--fault: fault 'stuck:right@2': start '2' needs a unit: ms or s (say 500ms)")
    #expect(error(["--sensor-seed", "-1"]) == "--sensor-seed: '-1' is not a whole number 0 or more")
    #expect(error(["--fault"]) == "--fault needs a value")
    #expect(error(["--seed", "2"]) == "unknown option '--seed'; options: --sensor, --board, --sensor-seed, --fault")
  }

  @Test func takeLeavesOtherOptions() throws {
    var options = SensorArguments()
    #expect(try options.take("--trace", value: "in.csv") == false)
    #expect(try options.take("--fault", value: "drift:left@1s") == true)
    #expect(options.faults == ["drift:left@1s"])
  }
}
