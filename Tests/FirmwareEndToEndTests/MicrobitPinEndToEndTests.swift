import ForceDevice
import Foundation
import Testing

/// How the micro:bit image leaves its pins, read from the running firmware's GPIO
/// registers through QEMU's monitor (`xp`, a physical read that does not disturb the
/// core).
@Suite struct MicrobitPinEndToEndTests {
  /// GPIO PIN_CNF[n] of the nRF51 (reference manual, GPIO).
  static func pinConfigAddress(_ pin: Int) -> Int { 0x5000_0700 + 4 * pin }

  /// UART RX (P0.25) is an input with its pull-up on: on battery power the interface
  /// chip that drives it is off, and a floating line would read noise as bytes.
  @Test(DeviceUnderTest.needs(.qemu)) func theUARTReceivePinIsPulledUp() throws {
    let config = try Self.readWord(Self.pinConfigAddress(25), afterBooting: DeviceUnderTest.firmwareImage)
    #expect(config & 1 == 0, "DIR: input")
    #expect(config >> 1 & 1 == 0, "INPUT: buffer connected")
    #expect(config >> 2 & 3 == 3, "PULL: 3 is pull-up, PIN_CNF[25] = \(String(config, radix: 16))")
  }

  /// Boots `image` in QEMU with its monitor on standard input, waits 2 s of
  /// wall time for the firmware to set up, and reads one 32-bit word.
  static func readWord(_ address: Int, afterBooting image: URL) throws -> UInt32 {
    let qemu = Process()
    qemu.executableURL = try QEMU.locate()
    qemu.arguments = QEMU.machineArguments + ["-kernel", image.path, "-serial", "null", "-monitor", "stdio"]
    let input = Pipe()
    let output = Pipe()
    qemu.standardInput = input
    qemu.standardOutput = output
    qemu.standardError = FileHandle.nullDevice
    try qemu.run()
    defer { if qemu.isRunning { qemu.terminate() } }
    Thread.sleep(forTimeInterval: 2)
    let hex = String(address, radix: 16)
    input.fileHandleForWriting.write(Data("xp /1wx 0x\(hex)\nquit\n".utf8))
    qemu.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    // "0000000050000764: 0x0000000c", among the monitor's line editing
    let marker = "\(hex): 0x"
    let answer = try #require(
      text.range(of: marker, options: .backwards), "no answer to xp in QEMU's monitor output: \(text.suffix(200))")
    let digits = text[answer.upperBound...].prefix { $0.isHexDigit }
    return try #require(UInt32(digits, radix: 16), "xp answered \(text[answer.lowerBound...].prefix(40))")
  }
}
