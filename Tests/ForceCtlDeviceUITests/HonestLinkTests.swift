import ArgumentParser
import ForceCtlKit
import ForceDevice
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// What the user is told about a connection, and what happens to their files when
/// one fails (Docs/csv-formats.md, "Output files").
extension ForceCtlDeviceUITests {
  /// A listener on a free port that answers every connection with `reply`.
  func chattyListener(_ reply: [UInt8]) throws -> (port: Int, stop: () -> Void) {
    let (port, fd) = try #require(Support.listener())
    let thread = Thread {
      let client = accept(fd, nil, nil)
      guard client >= 0 else { return }
      _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      Thread.sleep(forTimeInterval: 3)
      close(client)
    }
    thread.start()
    return (
      port,
      {
        shutdown(fd, Int32(SHUT_RDWR)); close(fd)
      }
    )
  }

  @Test func bytesThatAreNotFramesAreToldApartFromSilence() throws {
    let listener = try chattyListener(Array("login: ".utf8) + [0xFF, 0xFE])
    defer { listener.stop() }
    let message = try forcectlError(["info", "--port", "tcp://127.0.0.1:\(listener.port)", "--timeout", "0.6"])
    #expect(
      message?.hasPrefix(
        "bytes arrived from 127.0.0.1:\(listener.port) but were not ForcePicker frames (9 bytes, first: 6c 6f 67 69 6e 3a 20 ff)"
      ) == true, "\(message ?? "")")
  }

  @Test func aBareHostAndPortGetsASuggestion() throws {
    let message = try forcectlError(["info", "--port", "127.0.0.1:6201"])
    #expect(
      message == "\"127.0.0.1:6201\" looks like HOST:PORT, not a serial device: did you mean tcp://127.0.0.1:6201?")
  }

  @Test func recordKeepsAnExistingFileWhenNothingAnswers() throws {
    let output = Support.temp("old.csv")
    try "frame,left\n1,2\n".write(to: output, atomically: false, encoding: .utf8)
    let port = EmulatedDevice.freePort()
    let message = try forcectlError(["record", "--port", "tcp://127.0.0.1:\(port)", "--output", output.path])
    #expect(message?.contains("nothing is listening") == true)
    #expect(try String(contentsOf: output, encoding: .utf8) == "frame,left\n1,2\n")
  }

  @Test(Support.needsSITL)
  func recordWithoutASensorFailsAndKeepsTheFile() throws {
    let sitl = try Support.sitl()
    defer { sitl.stop() }
    let output = Support.temp("old.csv")
    try "keep me\n".write(to: output, atomically: false, encoding: .utf8)
    let message = try forcectlError(["record", "--port", sitl.address, "--output", output.path, "--seconds", "0.5"])
    // SITL without --trace has no sensor and refuses to stream; the old file stays,
    // and the message says how to get a live signal.
    #expect(message?.contains("no force sensor") == true, "\(message ?? "")")
    #expect(
      message?.contains("for a live signal start `forcectl sitl --trace IN.csv` or `forcectl emulate --gesture`")
        == true, "\(message ?? "")")
    #expect(try String(contentsOf: output, encoding: .utf8) == "keep me\n")
  }

  @Test(Support.needsSITL)
  func aDisplacedMonitorSaysSoAndFails() throws {
    let sitl = try Support.sitl(trace: Support.pressTrace())
    defer { sitl.stop() }
    let intruder = Thread {
      Thread.sleep(forTimeInterval: 0.7)
      if let client = try? DeviceClient.connect(to: sitl.address) { client.close() }
    }
    intruder.start()
    let message = try forcectlError(["monitor", "--port", sitl.address, "--seconds", "5", "--plain"])
    #expect(message?.contains("another client connected") == true, "\(message ?? "")")
    #expect(message?.contains("unplugged") == false)
  }

  @Test(Support.needsSITL)
  func sitlRefusesAFlashFileThatIsNotItsOwn() throws {
    let path = Support.temp("unrelated.bin")
    let data = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) })
    try data.write(to: path)
    let process = Process()
    process.executableURL = Support.sitlBinary
    process.arguments = ["--port", "\(EmulatedDevice.freePort())", "--flash", path.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus != 0)
    #expect(text.contains("not a forcepicker-sitl flash file"), "\(text)")
    #expect(try Data(contentsOf: path) == data)
  }
}

extension ForceCtlDeviceUITests {
  /// A local file that cannot be written is a file error, not "unexpected reply", and a
  /// full disk on standard output is an error, not a trap.
  @Test(Support.needsSITL)
  func exportErrorsAreAboutTheFile() throws {
    let sitl = try Support.sitl()
    defer { sitl.stop() }
    let missing = Support.temp("no-such-directory").appendingPathComponent("p.json").path
    let message = try forcectlError(["params", "export", "--port", sitl.address, missing])
    #expect(message?.hasPrefix("cannot write \(missing)") == true, "\(message ?? "")")
    #expect(message?.contains("unexpected") == false && message?.contains("Domain") == false)

    let forcectl = HostTool.besideExecutable("forcectl")
    let process = Process()
    process.executableURL = forcectl
    process.arguments = ["params", "export", "--port", sitl.address, "-"]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1, "\(text)")
    #expect(text == "Error: cannot write standard output: No space left on device\n", "\(text)")

    // Success says what it wrote, on standard error (standard output stays the JSON's).
    let written = Support.temp("p.json").path
    let ending = try ToolProcess("forcectl", ["params", "export", "--port", sitl.address, written]).wait()
    #expect(ending.status == 0)
    #expect(ending.errors == "wrote \(ParameterText.allIDs.count) parameters to \(written)\n", "\(ending.errors)")
    #expect(FileManager.default.fileExists(atPath: written))
  }
}

extension ForceCtlDeviceUITests {
  /// `replay` writes through a device node it is given, and a header-only input
  /// leaves an existing output alone, before any device is asked.
  @Test(Support.needsSITL)
  func replayKeepsDevicesAndOldOutputs() throws {
    let sitl = try Support.sitl()
    defer { sitl.stop() }
    let input = Support.temp("replay-in.csv")
    try "left,right\n0,0\n300,280\n300,280\n0,0\n".write(to: input, atomically: false, encoding: .utf8)
    // A character device of the test's own, like /dev/null (major 1, minor 3).
    let node = Support.temp("null").path
    #expect(mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    #expect(try forcectlError(["replay", "--port", sitl.address, "--input", input.path, "--output", node]) == nil)
    var info = stat()
    #expect(stat(node, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)

    let headerOnly = Support.temp("header-only.csv")
    try "left,right\n".write(to: headerOnly, atomically: false, encoding: .utf8)
    let output = Support.temp("precious.csv")
    try "precious\n".write(to: output, atomically: false, encoding: .utf8)
    let message = try forcectlError([
      "replay", "--port", sitl.address, "--input", headerOnly.path, "--output", output.path,
    ])
    #expect(message?.contains("header but no frames") == true, "\(message ?? "")")
    #expect(try String(contentsOf: output, encoding: .utf8) == "precious\n")
  }
}
