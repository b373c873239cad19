import ArgumentParser
import ForceDevice
import ForceLink
import ForceProtocol
import Foundation

extension ForceCtl {
  /// `forcectl flash`: program a micro:bit by copying the .hex onto its drive.
  public struct Flash: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Copy the firmware .hex onto a mounted MICROBIT drive and check the board comes back.",
      discussion: """
        Finds the drive under /media/*/MICROBIT, /run/media/*/MICROBIT or /mnt/MICROBIT \
        (or use --drive), copies the .hex, waits up to --wait seconds for the micro:bit's \
        serial port to return, shakes hands and checks the firmware version.
        """
    )

    @Option(
      help: ArgumentHelp(
        "Image to flash (default: \(FirmwareImage.hexPath)).", valueName: "FILE"))
    public var hex: String?

    @Option(help: ArgumentHelp("The mounted MICROBIT drive.", valueName: "PATH"))
    public var drive: String?

    @Option(help: ArgumentHelp("Firmware version the board must report afterwards.", valueName: "X.Y.Z"))
    public var expectVersion: String = ReleaseVersion.text

    @Option(help: ArgumentHelp("Seconds to wait for the board to come back.", valueName: "N"))
    public var wait: Double = 30

    @Option(
      help: ArgumentHelp("Serial port to check afterwards (default: the first micro:bit found).", valueName: "PORT"))
    public var port: String?

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
      let image = hex ?? RepositoryRoot.find().map { FirmwareImage.hex(in: $0).path } ?? FirmwareImage.hexPath
      let target: String
      if let drive {
        target = drive
      } else {
        let drives = MicrobitDrive.find()
        guard let first = drives.first else {
          throw CLIError(
            "no MICROBIT drive found (looked in \(MicrobitDrive.patterns.joined(separator: ", "))): plug the board in, wait for the drive to mount, or give --drive PATH"
          )
        }
        if drives.count > 1 {
          printError("several MICROBIT drives (\(drives.joined(separator: ", "))); using \(first)")
        }
        target = first
      }
      let destination: String
      do { destination = try MicrobitDrive.copy(hex: image, to: target) } catch { throw CLIError(error.description) }
      print("copied \(image) to \(destination)")
      if noVerify { return }

      print("waiting up to \(Int(wait)) s for the board to restart…")
      let deadline = ContinuousClock.now + .milliseconds(Int(wait * 1000))
      Thread.sleep(forTimeInterval: 1.5)  // DAPLink unmounts, flashes and resets
      var info: DeviceInfo?
      var last = "no micro:bit serial port appeared"
      while ContinuousClock.now < deadline && info == nil {
        let candidate = port ?? ((try? SerialPorts.list()) ?? []).first(where: \.isMicrobit)?.name
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
      }
      guard let info else { throw CLIError("the board did not come back within \(Int(wait)) s: \(last)") }
      guard info.firmwareVersion == expectVersion else {
        throw CLIError(
          "the board runs firmware \(info.firmwareVersion), expected \(expectVersion): the copy did not take (try again, or check the .hex)"
        )
      }
      print("board is back: \(info.summary)")
    }
  }
}
