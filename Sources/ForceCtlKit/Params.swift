import ArgumentParser
import ForceEngine
import ForceProtocol
import ForceSim
import Foundation

extension ForceCtl {
  /// `forcectl params …`: live parameters, validated on the device.
  public struct Params: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "List, read, set, save, load, export, import and diff a device's parameters.",
      subcommands: [
        List.self, Get.self, Set.self, Save.self, Load.self, Defaults.self, Export.self, Import.self, Diff.self,
      ]
    )

    public init() {}
  }
}

/// Parameter access over a connected device.
enum DeviceParameters {
  /// Every parameter as the device describes it (no compiled-in table needed).
  static func describeAll(_ client: DeviceClient) throws -> [ParamDescription] {
    let count = Int(client.info?.parameterCount ?? UInt8(ParameterID.count))
    return try (0..<count).map { index in
      guard case .paramDescription(let description) = try request(client, .paramDescribe(id: UInt8(index))) else {
        throw CLIError("unexpected reply to paramDescribe \(index)")
      }
      return description
    }
  }

  /// The device's parameters as a `Parameters` value (requires a matching schema).
  static func read(_ client: DeviceClient) throws -> Parameters {
    guard client.schemaMatches else {
      throw CLIError("the device's parameter schema differs from this forcectl's: update the firmware or forcectl")
    }
    var pairs: [(ParameterID, Int32)] = []
    for description in try describeAll(client) {
      guard let id = ParameterID(rawValue: description.id) else { continue }
      pairs.append((id, description.value))
    }
    var parameters = Parameters.defaults
    do { try parameters.set(pairs) } catch { throw CLIError(ParameterInputError(error).description) }
    return parameters
  }

  /// Sets several parameters in one all-or-nothing batch.
  static func apply(_ pairs: [(ParameterID, Int32)], on client: DeviceClient) throws {
    var batch = ParamBatch()
    for (id, value) in pairs where !batch.append(ParamValue(id, value)) {
      throw CLIError("too many parameters for one batch (at most \(ParamBatch.capacity))")
    }
    guard batch.count > 0 else { return }
    _ = try request(client, .paramSetBatch(batch))
  }

  /// A request whose device errors become one-line CLI errors.
  static func request(_ client: DeviceClient, _ message: Message) throws -> Message {
    do { return try client.request(message) } catch { throw CLIError(error.description) }
  }

  static func text(_ short: ShortText) -> String { short.withBytes { String(decoding: $0, as: UTF8.self) } }
}

extension ForceCtl.Params {
  /// `params list`.
  public struct List: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "List every parameter with its value, range, default and unit.")
    @OptionGroup public var device: DeviceOptions
    @Flag(help: "Print JSON.") public var json = false
    public init() {}

    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      let all = try DeviceParameters.describeAll(client)
      if json {
        let rows = all.map { d in
          "  {\"name\": \"\(DeviceParameters.text(d.name))\", \"value\": \(d.value), \"min\": \(d.min), \"max\": \(d.max), \"default\": \(d.defaultValue), \"unit\": \"\(DeviceParameters.text(d.unit))\"}"
        }
        print("[\n" + rows.joined(separator: ",\n") + "\n]")
        return
      }
      print("name                    value        min        max    default  unit")
      for d in all {
        let name = DeviceParameters.text(d.name)
        let id = ParameterID(rawValue: d.id)
        let shown = id.map { ParameterText.format(d.value, of: $0) } ?? String(d.value)
        let marker = d.value == d.defaultValue ? " " : "*"
        print(
          name.padding(toLength: 22, withPad: " ", startingAt: 0) + marker
            + [shown, String(d.min), String(d.max), String(d.defaultValue)].map { $0.leftPadded(10) }.joined(
              separator: " ")
            + "  " + DeviceParameters.text(d.unit))
      }
    }
  }

  /// `params get NAME…`.
  public struct Get: ParsableCommand {
    public static let configuration = CommandConfiguration(abstract: "Print the value of parameters.")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: "Parameter names.") public var names: [String]
    public init() {}

    public func validate() throws {
      for name in names {
        do { _ = try ParameterText.id(named: name) } catch { throw ValidationError(error.description) }
      }
    }

    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      for name in names {
        let id = try ParameterText.id(named: name)
        guard case .paramValue(let pair) = try DeviceParameters.request(client, .paramGet(id: id.rawValue)) else {
          throw CLIError("unexpected reply to paramGet")
        }
        print("\(name)=\(ParameterText.format(pair.value, of: id))")
      }
    }
  }

  /// `params set NAME=VALUE…`: one batch, all or nothing.
  public struct Set: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Set parameters live, checked on the device as one batch (all or nothing).")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: ArgumentHelp("Assignments.", valueName: "NAME=VALUE")) public var assignments: [String]
    public init() {}

    public func validate() throws {
      for text in assignments {
        do { _ = try ParameterText.assignment(text) } catch { throw ValidationError(error.description) }
      }
    }

    public func run() throws {
      let pairs = try assignments.map { try ParameterText.assignment($0) }
      let client = try device.connect()
      defer { client.close() }
      try DeviceParameters.apply(pairs, on: client)
      for (id, value) in pairs { print("\(ParameterText.name(id))=\(ParameterText.format(value, of: id))") }
    }
  }

  /// `params save`.
  public struct Save: ParsableCommand {
    public static let configuration = CommandConfiguration(abstract: "Save the device's parameters to its flash.")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      _ = try DeviceParameters.request(client, .paramSave)
      print("saved to flash")
    }
  }

  /// `params load`.
  public struct Load: ParsableCommand {
    public static let configuration = CommandConfiguration(abstract: "Load the parameters saved in the device's flash.")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      let reply = try DeviceParameters.request(client, .paramLoad)
      if case .paramLoaded(let loaded) = reply, loaded.source == .flashOlderRecord {
        print("loaded the older saved record from flash: the newest is damaged, so the last save was lost")
      } else {
        print("loaded from flash")
      }
    }
  }

  /// `params defaults`.
  public struct Defaults: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Restore the factory defaults (flash is unchanged until save).")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      _ = try DeviceParameters.request(client, .paramDefaults)
      print("factory defaults restored")
    }
  }

  /// `params export FILE`.
  public struct Export: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Write the device's parameters to a JSON file with the schema version.")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: ArgumentHelp("Output JSON file (- for standard output).", valueName: "FILE")) public var file:
      String
    public init() {}
    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      let json = ParameterText.json(try DeviceParameters.read(client))
      try OutputFile.write(json, to: file == "-" ? nil : file)
    }
  }

  /// `params import FILE`: all or nothing.
  public struct Import: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Set parameters from a JSON (or NAME=VALUE) file, all or nothing.")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: ArgumentHelp("Parameter file.", valueName: "FILE")) public var file: String
    public init() {}
    public func run() throws {
      let pairs = try ParameterFile.assignments(file)
      // Check the whole file locally first, so a bad file never reaches the device.
      do { _ = try ParameterText.applying(pairs, to: .defaults) } catch {
        throw CLIError("\(file): \(error.description)")
      }
      let client = try device.connect()
      defer { client.close() }
      try DeviceParameters.apply(pairs, on: client)
      print("imported \(pairs.count) parameters from \(file)")
    }
  }

  /// `params diff [FILE]`.
  public struct Diff: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Show the device's parameters that differ from the defaults, or from a file.")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: ArgumentHelp("Parameter file to compare with (default: factory defaults).", valueName: "FILE"))
    public var file: String?
    public init() {}
    public func run() throws {
      var reference = Parameters.defaults
      if let file {
        do { reference = try ParameterText.applying(try ParameterFile.assignments(file), to: .defaults) } catch let
          error as ParameterInputError
        {
          throw CLIError("\(file): \(error.description)")
        }
      }
      let client = try device.connect()
      defer { client.close() }
      let current = try DeviceParameters.read(client)
      var differences = 0
      for id in ParameterText.allIDs where current[id] != reference[id] {
        differences += 1
        print(
          "\(ParameterText.name(id)): \(ParameterText.format(reference[id], of: id)) -> \(ParameterText.format(current[id], of: id))"
        )
      }
      if differences == 0 { print("no differences from \(file ?? "the defaults")") }
    }
  }
}

/// Reads a parameter file into assignments.
enum ParameterFile {
  static func assignments(_ path: String) throws -> [(ParameterID, Int32)] {
    let text = try InputFile.read(path)
    do { return try ParameterText.assignments(inFile: text) } catch { throw CLIError("\(path): \(error.description)") }
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
