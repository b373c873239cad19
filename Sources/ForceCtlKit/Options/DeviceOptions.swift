import ArgumentParser
import ForceDevice
import Foundation

/// `--port`, `--baud`, `--timeout`: how every device command reaches the board.
public struct DeviceOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Serial device (e.g. /dev/ttyACM0, or ttyACM0 for short), serial:NUMBER (the USB device with that serial number, as `forcectl ports` lists it) or tcp://HOST:PORT (SITL, QEMU).",
      valueName: "PORT"))
  public var port: String

  @Option(help: ArgumentHelp("Serial baud rate.", valueName: "N"))
  public var baud: Int = 115_200

  @Option(help: ArgumentHelp("Seconds to wait for the handshake.", valueName: "SECONDS"))
  public var timeout: Double = 2

  public init() {}

  /// Baud rates a micro:bit's DAPLink UART bridge accepts.
  public static let baudRates = [
    1200, 2400, 4800, 9600, 19_200, 38_400, 57_600, 115_200, 230_400, 460_800, 921_600, 1_000_000,
  ]

  public func validate() throws {
    guard DeviceOptions.baudRates.contains(baud) else {
      throw ValidationError(
        "--baud \(baud) is not a standard rate; use one of \(DeviceOptions.baudRates.map(String.init).joined(separator: ", ")) (the firmware uses 115200)"
      )
    }
    guard timeout > 0, timeout <= 600 else {
      throw ValidationError("--timeout must be between 0 and 600 seconds (got \(timeout))")
    }
    guard !port.isEmpty else { throw ValidationError("--port must not be empty") }
  }

  /// The handshake timeout as a Duration.
  public var timeoutDuration: Duration { .milliseconds(Int((timeout * 1000).rounded())) }

  /// Connects, runs `body` on the client and closes it; any device failure becomes a
  /// one-line `CLIError`.
  public func session<T>(_ body: (DeviceClient) throws(DeviceError) -> T) throws -> T {
    let client = try connect()
    defer { client.close() }
    do { return try body(client) } catch { throw CLIError(error.description) }
  }

  /// Opens the port and shakes hands (warning on standard error when the device
  /// reports a low supply); any failure becomes a one-line `CLIError`. A
  /// device that goes silent while telemetry streams or a bench runs is noticed
  /// within `DeviceClient.defaultSilenceLimit`.
  public func connect() throws -> DeviceClient {
    do {
      let client = try DeviceClient.connect(to: port, baud: baud, timeout: timeoutDuration)
      client.silenceLimit = DeviceClient.defaultSilenceLimit
      // Every device command warns of a low supply (micro:bit on tired batteries).
      if let info = client.info, info.supplyIsLow { printError("Warning: the device's supply is \(info.supplyText)") }
      return client
    } catch {
      throw CLIError(error.description)
    }
  }
}
