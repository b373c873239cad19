/// The sensor model as command-line options name it: `--sensor PROFILE`, `--board BOARD`,
/// `--sensor-seed N` and repeatable `--fault FAULT` (Docs/sensor-model.md). The one
/// place that turns those texts into a `SensorModel`: `forcectl`'s `SensorOptions`
/// (`sim gesture`, `sitl`) hands its values here, `forcepicker-sitl` reads its
/// arguments with `take`, and the golden traces keep theirs in `NAME.sensor`.
///
///     var options = try SensorArguments.parse(["--sensor", "typical", "--fault", "open:left@1s"])
///     var model = try options.model()
public struct SensorArguments: Equatable, Sendable {
  /// The profile's name (`SensorProfile.allNames`).
  public var sensor: String
  /// The board's name (`SensorBoard.allNames`).
  public var board: String
  /// The seed of the parts, the noise and the faults.
  public var seed: UInt64
  /// The faults as written, `KIND:CELL@TIME[+DURATION]`, in order.
  public var faults: [String]

  /// The defaults (`ideal`, `microbit`, seed 1, no fault): the model that changes nothing.
  public init(sensor: String = "ideal", board: String = "microbit", seed: UInt64 = 1, faults: [String] = []) {
    self.sensor = sensor
    self.board = board
    self.seed = seed
    self.faults = faults
  }

  /// The option names, each taking one value.
  public static let optionNames = ["--sensor", "--board", "--sensor-seed", "--fault"]

  /// Whether every value is the default: reading through this model changes nothing.
  public var isDefault: Bool { self == SensorArguments() }

  /// The model the values name. The error names the option that is wrong, e.g.
  /// `--sensor: unknown sensor profile 'typcal' (did you mean 'typical'?); …`.
  public func model() throws(SensorError) -> SensorModel {
    func checked<T>(_ option: String, _ parse: () throws(SensorError) -> T) throws(SensorError) -> T {
      do { return try parse() } catch { throw SensorError("\(option): \(error.description)") }
    }
    let profile = try checked("--sensor") { () throws(SensorError) in try SensorProfile.named(sensor) }
    let board = try checked("--board") { () throws(SensorError) in try SensorBoard.named(self.board) }
    var parsed: [SensorFault] = []
    for text in faults {
      parsed.append(try checked("--fault") { () throws(SensorError) in try SensorFault.parse(text) })
    }
    return SensorModel(profile: profile, board: board, seed: seed, faults: parsed)
  }

  /// Takes `option` and its `value` when `option` is one of `optionNames` (true), or
  /// leaves both (false). A missing value or a seed that is not a whole number is an
  /// error naming the option; the other values are checked by `model()`.
  public mutating func take(_ option: String, value: String?) throws(SensorError) -> Bool {
    guard Self.optionNames.contains(option) else { return false }
    guard let value else { throw SensorError("\(option) needs a value") }
    switch option {
    case "--sensor": sensor = value
    case "--board": board = value
    case "--sensor-seed":
      guard let number = UInt64(value) else {
        throw SensorError("--sensor-seed: \(TextInput.quoted(value)) is not a whole number 0 or more")
      }
      seed = number
    default: faults.append(value)
    }
    return true
  }

  /// Reads a whole argument list made only of these options.
  public static func parse(_ arguments: [String]) throws(SensorError) -> SensorArguments {
    var options = SensorArguments()
    var index = 0
    while index < arguments.count {
      let value = index + 1 < arguments.count ? arguments[index + 1] : nil
      guard try options.take(arguments[index], value: value) else {
        throw SensorError(
          "unknown option \(TextInput.quoted(arguments[index])); options: \(optionNames.joined(separator: ", "))")
      }
      index += 2
    }
    return options
  }

  /// The options as arguments, the defaults left out: what `parse` reads back.
  public var arguments: [String] {
    var result: [String] = []
    if sensor != "ideal" { result += ["--sensor", sensor] }
    if board != "microbit" { result += ["--board", board] }
    if seed != 1 { result += ["--sensor-seed", String(seed)] }
    for fault in faults { result += ["--fault", fault] }
    return result
  }
}
