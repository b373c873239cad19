import ForceDevice
import ForceEngine
import ForceLink
import ForceProtocol
import ForceTestSupport
import Foundation
import Testing

/// DeviceClient against a scripted transport: the handshake rules and failures that a
/// real device cannot easily be made to show.
@Suite struct DeviceClientTests {
  /// The wire bytes of `message` with sequence number `seq`.
  static func wire(_ message: Message, seq: UInt8) throws -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
    let count = try buffer.withUnsafeMutableBytes { try FrameEncoder.encode(message, seq: seq, into: $0) }
    return Array(buffer[0..<count])
  }

  static func info(protocolVersion: UInt8) -> DeviceInfo {
    DeviceInfo(
      firmwareMajor: 0, firmwareMinor: 1, firmwarePatch: 0, resetReason: 0, capabilities: [.injection],
      parameterSource: .flash, board: ShortText("fake"), protocolVersion: protocolVersion)
  }

  /// A transport that answers each frame's hello with `info`, echoing its seq.
  static func device(answering info: DeviceInfo) -> FakeTransport {
    let transport = FakeTransport(portName: "fake")
    transport.respond = { bytes in
      var decoder = FrameDecoder()
      for byte in bytes {
        if let frame = decoder.feed(byte), let reply = try? wire(.info(info), seq: frame.seq) {
          return [.bytes(reply)]
        }
      }
      return []
    }
    return transport
  }

  @Test func theCPUDutyIsShownInPercentWithTwoDecimals() {
    var info = DeviceInfo(
      firmwareMajor: 0, firmwareMinor: 1, firmwarePatch: 0, resetReason: 0, capabilities: [],
      parameterSource: .flash, board: ShortText("microbit-v1"))
    for (duty, text) in [(0, "0.00"), (7, "0.07"), (37, "0.37"), (1_205, "12.05"), (10_000, "100.00")] {
      info.cpuDuty = UInt16(duty)
      #expect(info.cpuDutyPercent == text)
    }
  }

  @Test func bootFaultsAndTheChipRevisionAreShownInWords() {
    var info = DeviceInfo(
      firmwareMajor: 0, firmwareMinor: 1, firmwarePatch: 0, resetReason: 0, capabilities: [],
      parameterSource: .flash, board: ShortText("pico"))
    #expect(info.bootFaultNames.isEmpty && info.chipRevisionText == "not read")
    info.bootFaults = [.crystal, .bringUpHang, BootFaults(rawValue: 1 << 9)]
    #expect(
      info.bootFaultNames == [
        "crystal did not start (on the ring oscillator)", "watchdog reset during clock bring-up (PLLs left off)",
        "boot fault bit 9",
      ])
    info.chipRevision = 1
    #expect(info.chipRevisionText == "revision 1 (RP2040 B0 or B1; USB erratum E5 not worked around, Docs/usb.md)")
    info.chipRevision = 2
    #expect(info.chipRevisionText == "revision 2 (RP2040 B2)")
    info.board = ShortText("other")
    #expect(info.chipRevisionText == "revision 2")
  }

  @Test func compatibleDeviceHandshakes() throws {
    let client = DeviceClient(
      transport: Self.device(answering: Self.info(protocolVersion: FrameFormat.protocolVersion)))
    let info = try client.handshake(timeout: .seconds(1))
    #expect(info.board.equals("fake") && client.schemaMatches)
  }

  @Test func incompatibleProtocolIsRefusedWithAClearMessage() {
    let other = FrameFormat.protocolVersion + 1
    let client = DeviceClient(transport: Self.device(answering: Self.info(protocolVersion: other)))
    do {
      try client.handshake(timeout: .seconds(1))
      Issue.record("a protocol \(other) device was accepted")
    } catch {
      #expect(
        error.description.hasPrefix(
          "incompatible device: it speaks protocol version \(other), this forcectl speaks \(FrameFormat.protocolVersion)"
        ))
    }
  }

  @Test func silentDeviceGivesNoHandshakeWithinTheTimeout() {
    let client = DeviceClient(transport: FakeTransport(portName: "/dev/ttyACM0"))
    let start = ContinuousClock.now
    do {
      try client.handshake(timeout: .milliseconds(600))
      Issue.record("a silent device handshook")
    } catch {
      #expect(error.description.hasPrefix("no handshake from /dev/ttyACM0 within 600 ms"))
    }
    #expect(ContinuousClock.now - start < .seconds(3))
  }

  @Test func unpluggedDeviceIsALinkError() {
    let transport = FakeTransport(portName: "/dev/ttyACM0", whenExhausted: .disconnect)
    let client = DeviceClient(transport: transport)
    do {
      try client.handshake(timeout: .seconds(1))
      Issue.record("an unplugged device handshook")
    } catch {
      #expect(error.description.contains("lost connection to /dev/ttyACM0"))
    }
  }
}
