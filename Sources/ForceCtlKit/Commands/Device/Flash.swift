import ArgumentParser
import ForceDevice
import ForceLink
import ForceProtocol
import Foundation

extension ForceCtl {
  /// `forcectl flash`: program a board by copying its image onto its USB drive.
  public struct Flash: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "flash",
      abstract: "Copy the firmware onto a board's USB drive and check the board comes back.",
      discussion: """
        micro:bit: copies the .hex onto the MICROBIT drive. Pico: copies the .uf2 onto the \
        RPI-RP2 drive; when no drive is mounted and a Pico runs this firmware (on --port, or \
        the first one `forcectl ports` marks), forcectl reboots it into BOOTSEL mode first \
        (`forcectl bootsel`) and waits up to --wait seconds for the drive; otherwise hold \
        BOOTSEL while plugging the Pico in. Finds the drive under /media/*/LABEL, \
        /run/media/*/LABEL or /mnt/LABEL (or use --drive; the Pico's holds INFO_UF2.TXT), \
        copies the image, waits up to --wait seconds for the board's serial port to return \
        (the same board, by its serial number, after a reboot), shakes hands and checks the \
        board and the firmware version.
        """
    )

    @Option(help: ArgumentHelp("The board: microbit or pico.", valueName: "BOARD"))
    public var board: FlashBoard = .microbit

    @Option(
      name: [.customLong("image"), .customLong("hex")],
      help: ArgumentHelp(
        "Image to flash (default: the board's image from Tools/build-firmware, where Hardware/BOARD/board.json puts it).",
        valueName: "FILE"))
    public var image: String?

    @Option(help: ArgumentHelp("The mounted MICROBIT or RPI-RP2 drive.", valueName: "PATH"))
    public var drive: String?

    @Option(help: ArgumentHelp("Firmware version the board must report afterwards.", valueName: "X.Y.Z"))
    public var expectVersion: String = ReleaseVersion.text

    @Option(help: ArgumentHelp("Seconds to wait for the board to come back.", valueName: "N"))
    public var wait: Double = 30

    @Option(
      help: ArgumentHelp(
        "Serial port to check afterwards, a path or serial:NUMBER (default: the first such board found).",
        valueName: "PORT"))
    public var port: String?

    @OptionGroup public var progress: ProgressOptions

    @Flag(help: "Only copy; do not wait for the board or check its version.")
    public var noVerify = false

    public init() {}

    public func validate() throws {
      let parts = expectVersion.split(separator: ".")
      guard parts.count == 3, parts.allSatisfy({ UInt8($0) != nil }) else {
        throw ValidationError("--expect-version must look like 0.1.0")
      }
      guard wait > 0 else { throw ValidationError("--wait must be positive") }
    }

    public func run() throws {
      let file =
        image ?? RepositoryRoot.find().map { board.image(in: $0).path }
        ?? "Hardware/\(board.rawValue)/board.json's image (run this in the checkout)"
      let label = board.drive.label
      let target: String
      var comeBackOn = port
      let driveMounted = drive.map(board.drive.isMounted) ?? !board.drive.find().isEmpty
      if board == .pico, !driveMounted, let running = runningPico() {
        // No drive yet, and a ForcePicker to reboot: BOOTSEL mode without the button.
        comeBackOn = try rebootIntoBootsel(running)
        target = try waitForDrive(after: running.port)
      } else if let drive {
        target = drive
      } else {
        let drives = board.drive.find()
        guard let first = drives.first else {
          throw CLIError(
            "no \(label) drive found (looked in \(board.drive.patterns.joined(separator: ", "))): \(board.drive.hint), wait for the drive to mount, or give --drive PATH"
          )
        }
        if drives.count > 1 {
          printError("several \(label) drives (\(drives.joined(separator: ", "))); using \(first)")
        }
        target = first
      }
      let destination: String
      do { destination = try board.drive.copy(image: file, to: target) } catch { throw CLIError(error.description) }
      print("copied \(file) to \(destination)")
      if noVerify { return }
      try waitForBoard(on: comeBackOn)
    }

    /// A Pico running this firmware to reboot into BOOTSEL mode: on `--port`, or the
    /// first one `forcectl ports` marks; with its USB serial number when it has one.
    func runningPico() -> (port: String, serialNumber: String?)? {
      if let port {
        let name = port.split(separator: "/").last.map(String.init) ?? port
        return (port, port.hasPrefix("/dev/") ? USBSerialNumbers().serialNumber(ofTTY: name) : nil)
      }
      guard let found = ((try? SerialPorts.list()) ?? []).first(where: board.owns) else { return nil }
      return (found.name, found.serialNumber)
    }

    /// Sends `bootsel` to the running Pico; returns the port to check afterwards: `--port`,
    /// else the same board by its serial number (its tty may change), else nil (the
    /// first Pico found).
    func rebootIntoBootsel(_ running: (port: String, serialNumber: String?)) throws -> String? {
      let client: DeviceClient
      do { client = try DeviceClient.connect(to: running.port, timeout: .seconds(2)) } catch {
        throw CLIError(
          "no \(board.drive.label) drive, and the Pico on \(running.port) could not be rebooted into BOOTSEL mode: \(error.description); \(board.drive.hint), or give --drive PATH"
        )
      }
      defer { client.close() }
      let info = client.info
      let name = info?.boardName ?? "?"
      guard info?.board.equals(board.handshakeName) == true else {
        throw CLIError(
          "no \(board.drive.label) drive, and the board on \(running.port) is \"\(name)\", not a Pico: \(board.drive.hint), or give --port"
        )
      }
      guard info?.capabilities.contains(.bootloader) == true else {
        throw CLIError(
          "no \(board.drive.label) drive, and the Pico on \(running.port) runs firmware \(info?.firmwareVersion ?? "?") that cannot reboot itself: \(board.drive.hint)"
        )
      }
      do { _ = try client.request(.bootsel) } catch {
        throw CLIError("rebooting \(running.port) into BOOTSEL mode failed: \(error.description)")
      }
      print("rebooted \(running.port) into BOOTSEL mode")
      return port ?? running.serialNumber.map { "serial:\($0)" }
    }

    /// Waits up to `--wait` seconds for the drive (`--drive`, or one found) to mount.
    func waitForDrive(after port: String) throws -> String {
      let label = board.drive.label
      print("waiting up to \(Int(wait)) s for the \(label) drive…")
      let started = ContinuousClock.now
      let deadline = started + .milliseconds(Int(wait * 1000))
      let line = progress.line("waiting for the \(label) drive", unit: "s")
      defer { line.finish() }
      while true {
        if let drive, board.drive.isMounted(drive) { return drive }
        if drive == nil, let found = board.drive.find().first { return found }
        guard ContinuousClock.now < deadline else { break }
        Thread.sleep(forTimeInterval: 0.25)
        let elapsed = Double((ContinuousClock.now - started).components.seconds)
        line.report(elapsed, fraction: elapsed / wait)
      }
      let place = drive ?? board.drive.patterns.joined(separator: ", ")
      throw CLIError(
        "\(port) rebooted into BOOTSEL mode, but no \(label) drive appeared in \(place) within \(Int(wait)) s: mount it (a desktop does it by itself; the Pico's LED stays dark meanwhile) and run this again with --drive PATH"
      )
    }

    /// Polls for the board's serial port (`port`, else the first such board found) until
    /// it shakes hands, then checks what it runs.
    func waitForBoard(on port: String?) throws {
      print("waiting up to \(Int(wait)) s for the board to restart…")
      let started = ContinuousClock.now
      let deadline = started + .milliseconds(Int(wait * 1000))
      let line = progress.line("waiting for the board", unit: "s")
      defer { line.finish() }
      Thread.sleep(forTimeInterval: 1.5)  // the drive unmounts, the board flashes and resets
      var info: DeviceInfo?
      var last = "no \(board.displayName) serial port appeared"
      while ContinuousClock.now < deadline && info == nil {
        let candidate = port ?? ((try? SerialPorts.list()) ?? []).first(where: board.owns)?.name
        if let candidate {
          do {
            let client = try DeviceClient.connect(to: candidate, timeout: .seconds(2))
            info = client.info
            client.close()
          } catch {
            last = "\(candidate): \(error.description)"
          }
        }
        if info == nil { Thread.sleep(forTimeInterval: 0.5) }
        let elapsed = Double((ContinuousClock.now - started).components.seconds)
        line.report(elapsed, fraction: elapsed / wait)
      }
      guard let info else { throw CLIError("the board did not come back within \(Int(wait)) s: \(last)") }
      guard info.board.equals(board.handshakeName) else {
        let name = info.boardName
        throw CLIError(
          "the board answering on the port is \"\(name)\", not a \(board.displayName) (\(board.handshakeName)): check --port"
        )
      }
      guard info.firmwareVersion == expectVersion else {
        throw CLIError(
          "the board runs firmware \(info.firmwareVersion), expected \(expectVersion): the copy did not take (try again, or check the image)"
        )
      }
      print("board is back: \(info.summary)")
    }
  }
}
