import ArgumentParser
import Foundation

extension ForceCtl {
  /// `forcectl sitl`: the host build of the firmware.
  public struct Sitl: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Run the host build of the firmware (SITL), its UART on tcp://127.0.0.1:PORT.")

    @Option(help: "TCP port for the firmware's UART.") public var port: Int = 5760
    @Option(help: ArgumentHelp("File that keeps the parameter flash.", valueName: "FILE"))
    public var flash: String = ".forcepicker-sitl.flash"
    @Option(help: ArgumentHelp("Play this CSV (left,right) as live ADC readings, looping.", valueName: "IN.csv"))
    public var trace: String?

    public init() {}

    public func validate() throws {
      guard (1...65_535).contains(port) else { throw ValidationError("--port must be 1...65535") }
    }

    public func run() throws {
      let binary = try SiblingExecutable.find("forcepicker-sitl")
      var arguments = ["--port", String(port), "--flash", flash]
      if let trace { arguments += ["--trace", trace] }
      try SiblingExecutable.exec(binary, arguments)
    }
  }

  /// `forcectl emulate`: the micro:bit image in QEMU.
  public struct Emulate: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Build the firmware if needed and boot it in QEMU (-M microbit), its UART on TCP.")

    @Option(help: "TCP port for the emulated UART.") public var port: Int = 5761
    @Flag(help: "Deterministic virtual time (-icount shift=0): bench ticks count instructions.")
    public var icount = false

    public init() {}

    public func validate() throws {
      guard (1...65_535).contains(port) else { throw ValidationError("--port must be 1...65535") }
    }

    public func run() throws {
      guard let root = RepositoryRoot.find() else {
        throw CLIError("run this from the ForcePicker repository (it needs Tools/build-firmware and Tools/emulate)")
      }
      let image = root.appendingPathComponent(".build-firmware/microbit/forcepicker-microbit.elf")
      if !FileManager.default.fileExists(atPath: image.path) {
        let build = Process()
        build.executableURL = root.appendingPathComponent("Tools/build-firmware")
        try build.run()
        build.waitUntilExit()
        guard build.terminationStatus == 0 else { throw CLIError("Tools/build-firmware failed") }
      }
      var arguments = ["--port", String(port)]
      if icount { arguments.append("--icount") }
      try SiblingExecutable.exec(root.appendingPathComponent("Tools/emulate").path, arguments + [image.path])
    }
  }
}

/// Programs that ship beside `forcectl` (same build directory), run in its place.
enum SiblingExecutable {
  static func find(_ name: String) throws -> String {
    let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidate = own.deletingLastPathComponent().appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: candidate) else {
      throw CLIError("\(name) not found beside forcectl: build it with `swift build --product \(name)`")
    }
    return candidate
  }

  /// Replaces this process with `path` (signals and the terminal go straight to it).
  static func exec(_ path: String, _ arguments: [String]) throws -> Never {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    throw CLIError("cannot run \(path): \(String(cString: strerror(errno)))")
  }
}
