import Foundation

/// The host build of the firmware (`forcepicker-sitl`).
public enum SITLBinary {
  /// The product name.
  public static let name = "forcepicker-sitl"

  /// The binary beside the running executable, or built with `swift build` in `root`.
  public static func built(in root: URL, say: (String) -> Void) throws(DeviceError) -> URL {
    let beside = HostTool.besideExecutable(name)
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    say("== building \(name) (swift build --product \(name))")
    try HostTool.run("/usr/bin/env", ["swift", "build", "--product", name], in: root)
    let built = root.appendingPathComponent(".build/debug/\(name)")
    guard FileManager.default.isExecutableFile(atPath: built.path) else {
      throw .host("built \(name) but cannot find it at \(built.path)")
    }
    return built
  }
}
