import ArgumentParser
import ForceCtlKit
import ForceTestSupport
import Foundation
import Testing

/// Output files and text inputs as Docs/csv-formats.md describes them: safe writes,
/// any line ending, `-` for standard input, errors instead of traps.
@Suite(.serialized) struct SafeFileTests {
  let scratch = ScratchCLI("forcectl-safe")
  var directory: String { scratch.directory }
  func file(_ name: String, _ text: String) -> String { scratch.file(name, text) }
  func failure(_ arguments: [String]) -> String? { scratch.failure(arguments) }

  func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>" }

  /// Runs the built `forcectl` as a process of its own, standard output to `output`
  /// and standard input `input`; returns its error message (nil when it succeeded). A
  /// process, because the tests running beside this one share this process's
  /// descriptors 0 and 1.
  func run(_ arguments: [String], output: FileHandle = .nullDevice, input: String = "") throws -> String? {
    try #require(ToolProcess.isBuilt("forcectl"), "forcectl is not built (swift build --product forcectl)")
    let process = try ToolProcess("forcectl", arguments, output: output)
    process.type(input)
    process.closeInput()
    let ending = process.wait()
    guard ending.status != 0 else { return nil }
    return ending.errors.split(separator: "\n").last { $0.hasPrefix("Error: ") }.map { String($0.dropFirst(7)) }
      ?? ending.errors
  }

  var trace: String { "left,right\n0,0\n250,250\n250,250\n0,0\n" }

  func isCharacterDevice(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR
  }

  @Test func aDeviceNodeOutputStaysADevice() throws {
    // A character device of our own, like /dev/null (major 1, minor 3).
    let node = directory + "/null"
    #expect(mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    let input = file("in.csv", trace)
    #expect(failure(["sim", "run", "--input", input, "--output", node]) == nil)
    #expect(isCharacterDevice(node))
    let script = file("g.txt", "hold 10 10 for 20ms\n")
    #expect(failure(["sim", "gesture", "--script", script, "--output", node]) == nil)
    #expect(isCharacterDevice(node))
    let simulated = directory + "/sim.csv"
    #expect(failure(["sim", "run", "--input", input, "--output", simulated]) == nil)
    #expect(failure(["plot", "--input", simulated, "--output", node]) == nil)
    #expect(isCharacterDevice(node))
  }

  @Test func aSymlinkIsFollowedAndKept() throws {
    let target = file("real.csv", "old\n")
    let link = directory + "/link.csv"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.csv")
    #expect(failure(["sim", "run", "--input", file("in.csv", trace), "--output", link]) == nil)
    let attributes = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(contents(target).hasPrefix("frame,left,right"))
  }

  @Test func aNamedPipeGetsTheText() throws {
    let fifo = directory + "/pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = directory + "/received.csv"
    // Another program reads the pipe.
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, received]
    try reader.run()
    #expect(failure(["sim", "run", "--input", file("in.csv", trace), "--output", fifo]) == nil)
    reader.waitUntilExit()
    #expect(contents(received).hasPrefix("frame,left,right"))
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aReplacedFileKeepsItsPermissions() throws {
    let output = file("out.csv", "old\n")
    chmod(output, 0o640)
    #expect(failure(["sim", "run", "--input", file("in.csv", trace), "--output", output]) == nil)
    var info = stat()
    stat(output, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    #expect(contents(output).hasPrefix("frame,"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test func aHeaderOnlyInputLeavesTheOutputAlone() {
    let output = file("out.csv", "precious\n")
    let message = failure(["sim", "run", "--input", file("in.csv", "left,right\n"), "--output", output])
    #expect(message?.contains("header but no frames") == true)
    #expect(contents(output) == "precious\n")
  }

  @Test func aFullDiskOnStandardOutputIsAnErrorNotACrash() throws {
    let input = file("in.csv", trace)
    let script = file("g.txt", "hold 10 10 for 20ms\n")
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    for arguments in [["sim", "run", "--input", input], ["sim", "gesture", "--script", script]] {
      let message = try run(arguments, output: full)
      #expect(message == "cannot write standard output: No space left on device", "\(arguments)")
    }
  }

  @Test func windowsLineEndingsAndAByteOrderMarkReadAlike() throws {
    let unix = directory + "/unix.csv"
    let windows = directory + "/windows.csv"
    #expect(failure(["sim", "run", "--input", file("lf.csv", trace), "--output", unix]) == nil)
    let crlf = "\u{FEFF}" + trace.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(failure(["sim", "run", "--input", file("crlf.csv", crlf), "--output", windows]) == nil)
    #expect(contents(unix) == contents(windows))
    let gesture = file("g.txt", "rate 100\r\nhold 10 10 for 20ms\r\nsqueeze\r\n")
    let message = failure(["sim", "gesture", "--script", gesture])
    #expect(
      message?.hasSuffix(
        "line 3, column 1: unknown command 'squeeze' (rate, hold, ramp, roll, pulse, press-through, release, noise, repeat, end)"
      )
        == true, "\(message ?? "")")
    let parameters = file("p.txt", "filter_ms=0\r\nrest_threshold=x\r\n")
    let parameterMessage = failure(["sim", "run", "--input", file("in.csv", trace), "--profile", parameters])
    #expect(parameterMessage?.contains("line 2") == true && parameterMessage?.contains("\r") == false)
  }

  @Test func dashReadsStandardInput() throws {
    let output = directory + "/out.csv"
    let message = try run(["sim", "run", "--input", "-", "--output", output], input: trace)
    #expect(message == nil)
    #expect(contents(output).split(separator: "\n").count == 5)
  }

  @Test func overLongGesturesAreRefusedAtOnce() {
    let start = ContinuousClock.now
    let long = file("long.txt", "repeat 10000\nhold 10 10 for 600s\nend\n")
    #expect(failure(["sim", "gesture", "--script", long])?.contains("one hour") == true)
    let nested = file("nested.txt", "repeat 10000\nrepeat 10000\nhold 10 10 for 5ms\nend\nend\n")
    #expect(failure(["sim", "gesture", "--script", nested])?.contains("more than the 100000") == true)
    #expect(ContinuousClock.now - start < .seconds(5))
  }
}
