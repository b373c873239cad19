import ForceDevice
import ForceLink
import Foundation

/// The Pico firmware in the RP2040 emulator (Tests/Emulators/pico-emulator.py): booted from
/// its UF2 through the emulated boot ROM, its serial port on a TCP port (UART0, or the
/// USB CDC-ACM data path once the emulated host has enumerated the device), and a
/// control connection that sets the force cells on the emulated ADC, resets the chip,
/// stalls the frame timer and re-plugs the USB cable.
final class PicoEmulator {
  /// Which build: the serial port on UART0, or on USB (Tools/build-firmware --serial).
  enum Serial { case uart, usb }

  let serial: Serial
  let uartPort: Int
  let usbPort: Int
  let controlPort: Int
  private let process: Process
  private var control: Transport?
  private var controlBuffer: [UInt8] = []

  static func uf2(_ serial: Serial) -> URL {
    FirmwareImage.file(
      "uf2", board: "pico", image: serial == .usb ? "app" : "app --serial uart", in: DeviceUnderTest.root)
  }
  static var script: URL { DeviceUnderTest.root.appendingPathComponent("Tests/Emulators/pico-emulator.py") }

  /// Whether the emulator can run the UART build here: its UF2 and python3 with rp2040py.
  static let available = rp2040py && FileManager.default.fileExists(atPath: uf2(.uart).path)
  /// The same for the USB build.
  static let usbAvailable = rp2040py && FileManager.default.fileExists(atPath: uf2(.usb).path)

  static let rp2040py: Bool = {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = ["python3", "-c", "import rp2040py"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
  }()

  /// A clock bring-up failure the harness makes at every boot.
  enum ClockFault: String {
    /// Both PLLs' CS.LOCK reads 0: they never lock.
    case pllNeverLocks = "--pll-never-locks"
    /// Switching clk_sys onto PLL_SYS stops the core until the watchdog resets it.
    case pllSwitchHangs = "--pll-switch-hangs"
    /// XOSC.STATUS never shows STABLE.
    case crystalNeverStarts = "--crystal-never-starts"
    /// CLK_REF_SELECTED never shows the crystal.
    case refSwitchFails = "--ref-switch-fails"
  }

  /// `clockFaults`: failures the harness makes in every boot's clock bring-up.
  init(profile: Bool = false, serial: Serial = .uart, clockFaults: [ClockFault] = []) throws {
    self.serial = serial
    uartPort = DeviceUnderTest.freePort()
    usbPort = DeviceUnderTest.freePort()
    controlPort = DeviceUnderTest.freePort()
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", PicoEmulator.script.path, "--uf2", PicoEmulator.uf2(serial).path, "--port", "\(uartPort)",
        "--control-port", "\(controlPort)", "--usb-port", "\(usbPort)",
      ] + (profile ? ["--profile"] : []) + clockFaults.map(\.rawValue)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The emulator prints one line once the firmware is up and both ports listen.
    let ready = output.fileHandleForReading.availableData
    guard String(decoding: ready, as: UTF8.self).hasPrefix("pico-emulator:") else {
      throw DeviceError.unexpected("pico-emulator did not start")
    }
  }

  /// The serial port's address: UART0, or the CDC-ACM data path.
  var address: String { "tcp://127.0.0.1:\(serial == .usb ? usbPort : uartPort)" }

  /// Connects to the serial port (opening the CDC-ACM port raises DTR) and shakes hands.
  func connect() throws -> DeviceClient {
    try DeviceClient.connect(to: address, timeout: .seconds(5))
  }

  /// The flash chip's unique ID the harness's emulated flash answers (pico-emulator.py,
  /// FLASH_UNIQUE_ID): the USB serial number the firmware must show.
  static let flashUniqueID = "E66138935F4A2B2C"

  /// A call of the boot ROM's `reset_usb_boot` the harness saw (the control command
  /// `bootrom`).
  struct ResetUSBBootCall {
    var caller: Int
    var gpioActivityMask: Int
    var disableInterfaceMask: Int
  }

  /// The first call of `reset_usb_boot`, waiting up to 60 s of wall time for one.
  func resetUSBBootCall() throws -> ResetUSBBootCall {
    let deadline = Date().addingTimeInterval(60)
    while true {
      let report = try JSONSerialization.jsonObject(with: Data(try command("bootrom").utf8)) as? [String: Any]
      let calls = (report?["reset_usb_boot"] as? [String: Any])?["calls"] as? [[String: Any]] ?? []
      if let first = calls.first, let caller = first["caller"] as? Int, let gpio = first["gpio_activity_mask"] as? Int,
        let disable = first["disable_interface_mask"] as? Int
      {
        return ResetUSBBootCall(caller: caller, gpioActivityMask: gpio, disableInterfaceMask: disable)
      }
      guard Date() < deadline else { throw DeviceError.unexpected("the firmware never called reset_usb_boot") }
      Thread.sleep(forTimeInterval: 0.1)
    }
  }

  /// Sends one control command and returns its reply line (a reset waits for the reboot).
  @discardableResult
  func command(_ line: String, timeout: Duration = .seconds(60)) throws -> String {
    if control == nil { control = try PortAddress(parsing: "tcp://127.0.0.1:\(controlPort)").open() }
    guard let control else { throw DeviceError.unexpected("no control connection") }
    try control.write(Array((line + "\n").utf8))
    var chunk = [UInt8](repeating: 0, count: 4096)
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let newline = controlBuffer.firstIndex(of: UInt8(ascii: "\n")) {
        let reply = String(decoding: controlBuffer[..<newline], as: UTF8.self)
        controlBuffer.removeSubrange(...newline)
        if reply.hasPrefix("error") { throw DeviceError.unexpected("pico-emulator: \(reply)") }
        return reply
      }
      let count = try control.read(into: &chunk, timeout: .milliseconds(200))
      controlBuffer += chunk[0..<count]
    }
    throw DeviceError.unexpected("pico-emulator: no reply to \(line)")
  }

  deinit { process.killAndReap() }
}
