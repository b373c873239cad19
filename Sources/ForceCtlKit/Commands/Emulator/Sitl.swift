import ArgumentParser
import ForceDevice
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
      let binary = HostTool.besideExecutable(SITLBinary.name)
      guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw CLIError(
          "\(SITLBinary.name) not found beside forcectl: build it with `swift build --product \(SITLBinary.name)`")
      }
      var arguments = ["--port", String(port), "--flash", flash]
      if let trace { arguments += ["--trace", trace] }
      try ReplaceProcess.exec(binary.path, arguments)
    }
  }
}
