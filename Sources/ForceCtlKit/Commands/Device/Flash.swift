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
        RPI-RP2 drive (hold BOOTSEL while plugging the Pico in). Finds the drive under \
        /media/*/LABEL, /run/media/*/LABEL or /mnt/LABEL (or use --drive), copies the image, \
        waits up to --wait seconds for the board's serial port to return, shakes hands and \
        checks the board and the firmware version.
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
      if let drive {
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
      try waitForBoard()
    }

    /// Polls for the board's serial port until it shakes hands, then checks what it runs.
    func waitForBoard() throws {
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
        let name = info.board.withBytes { String(decoding: $0, as: UTF8.self) }
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
