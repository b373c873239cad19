import ArgumentParser
import ForceLink
import ForceProtocol
import Foundation

/// The micro:bit's USB drive (DAPLink MSC): copying a .hex onto it flashes the board.
public enum MicrobitDrive {
  /// Where desktops and fstab usually mount it.
  public static let patterns = ["/media/*/MICROBIT", "/run/media/*/MICROBIT", "/mnt/MICROBIT", "/media/MICROBIT"]

  /// Mounted MICROBIT drives under `roots` (globs relative to "/" by default).
  public static func find(patterns: [String] = MicrobitDrive.patterns) -> [String] {
    var found: [String] = []
    for pattern in patterns {
      var result = glob_t()
      defer { globfree(&result) }
      guard glob(pattern, 0, nil, &result) == 0 else { continue }
      for index in 0..<Int(result.gl_pathc) {
        if let pointer = result.gl_pathv[index], isDirectory(String(cString: pointer)) {
          found.append(String(cString: pointer))
        }
      }
    }
    return found
  }

  static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
  }

  /// Copies `hex` onto `drive`, synced to disk, and returns the destination path.
  public static func copy(hex: String, to drive: String) throws -> String {
    guard isDirectory(drive) else {
      throw CLIError("\(drive) is not a mounted drive (directory); plug the micro:bit in and check the mount point")
    }
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: hex)) } catch {
      throw CLIError("cannot read \(hex): \(error.localizedDescription) (build it with Tools/build-firmware)")
    }
    guard data.starts(with: Array(":".utf8)) else { throw CLIError("\(hex) is not an Intel HEX file") }
    let destination = URL(fileURLWithPath: drive).appendingPathComponent(URL(fileURLWithPath: hex).lastPathComponent)
      .path
    let fd = open(destination, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw CLIError("cannot write \(destination): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    let ok = data.withUnsafeBytes { raw -> Bool in
      var offset = 0
      while offset < raw.count {
        let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
    guard ok, fsync(fd) == 0 else {
      throw CLIError("writing \(destination) failed: \(String(cString: strerror(errno)))")
    }
    return destination
  }
}

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
        "Image to flash (default: .build-firmware/microbit/forcepicker-microbit.hex).", valueName: "FILE"))
    public var hex: String?

    @Option(help: ArgumentHelp("The mounted MICROBIT drive.", valueName: "PATH"))
    public var drive: String?

    @Option(help: ArgumentHelp("Firmware version the board must report afterwards.", valueName: "X.Y.Z"))
    public var expectVersion: String = "0.1.0"

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
      let image =
        hex ?? RepositoryRoot.find().map {
          $0.appendingPathComponent(".build-firmware/microbit/forcepicker-microbit.hex").path
        } ?? ".build-firmware/microbit/forcepicker-microbit.hex"
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
      let destination = try MicrobitDrive.copy(hex: image, to: target)
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
