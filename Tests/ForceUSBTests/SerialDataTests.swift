import ForceUSB
import Testing

/// Bytes over the bulk endpoints: packets, a host that stops reading, a host that
/// closes the port, and a bus reset in the middle of a transfer.
struct SerialDataTests {
  @Test func bytesFlowBothWays() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    #expect(host.sendBulk([1, 2, 3]))
    #expect(host.read() == 1 && host.read() == 2 && host.read() == 3)
    #expect(host.read() == nil)
    #expect(host.port.controller.bulkOutArmed)  // re-armed once the packet was consumed
    for byte in 0..<100 { #expect(host.write(UInt8(byte))) }
    #expect(host.port.controller.bulkInArmed?.count == 64)  // the first full packet went out at once
    var received: [UInt8] = []
    while let packet = host.takeBulk() { received += packet }
    #expect(received == (0..<100).map { UInt8($0) })  // the other 36 at the next service
  }

  /// A transfer that ends on a packet boundary is ended by a zero-length packet; one
  /// that ends short, or that more bytes follow, is not.
  @Test func aFullLastPacketIsFollowedByAZeroLengthPacket() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    for byte in 0..<64 { #expect(host.write(UInt8(byte))) }
    #expect(host.takeBulk()?.count == 64)
    #expect(host.takeBulk() == [])  // the zero-length packet, armed when the full one completed
    #expect(host.takeBulk() == nil)
    host.run()
    #expect(host.port.controller.bulkInArmed == nil)  // only one
    // 128 bytes: two full packets back to back, then one zero-length packet.
    for _ in 0..<128 { #expect(host.write(1)) }
    #expect(host.takeBulk()?.count == 64)
    #expect(host.takeBulk()?.count == 64)
    #expect(host.takeBulk() == [])
    #expect(host.takeBulk() == nil)
    // A full packet with more bytes staged behind it: they end the transfer.
    for _ in 0..<70 { #expect(host.write(2)) }
    #expect(host.takeBulk()?.count == 64)
    #expect(host.takeBulk()?.count == 6)
    #expect(host.takeBulk() == nil)
    // A short packet needs none.
    #expect(host.write(3))
    host.run()
    #expect(host.takeBulk() == [3])
    #expect(host.takeBulk() == nil)
  }

  @Test func noZeroLengthPacketAfterTheHostClosedThePort() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    for _ in 0..<64 { _ = host.write(1) }
    #expect(host.control(SetupPacket(requestType: 0x21, request: 0x22, value: 0)) == .data([]))  // DTR down
    #expect(host.takeBulk()?.count == 64)  // already on the bus
    #expect(host.takeBulk() == nil)
  }

  @Test func writesReturnFalseWhileTheHostDoesNotRead() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    var accepted = 0
    while host.write(0xAA) && accepted < 1000 { accepted += 1 }
    #expect(accepted == 128)  // one packet on the bus, one staged
    host.run()
    #expect(!host.write(0xAA))
    #expect(host.takeBulk()?.count == 64)
    #expect(host.write(0xAA))  // the staged packet went out; room again
  }

  @Test func nothingIsSentWhileNoHostHasThePortOpen() {
    let host = ScriptedHost()
    #expect(host.write(1))  // not even enumerated: discarded
    #expect(host.enumerateLikeLinux())
    #expect(host.control(SetupPacket(requestType: 0x21, request: 0x22, value: 0)) == .data([]))  // closed
    for _ in 0..<500 { #expect(host.write(7)) }
    host.run()
    #expect(host.port.controller.bulkInArmed == nil)
    #expect(host.port.discarded == 501)
    #expect(host.open())
    #expect(host.write(9))
    host.run()
    #expect(host.takeBulk() == [9])
  }

  @Test func closingThePortDropsWhatWasStaged() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    for _ in 0..<100 { _ = host.write(1) }
    #expect(host.control(SetupPacket(requestType: 0x21, request: 0x22, value: 0)) == .data([]))
    _ = host.takeBulk()  // the packet already on the bus
    #expect(host.open())
    host.run()
    #expect(host.port.controller.bulkInArmed == nil)  // the 36 staged bytes were for the old session
  }

  @Test func aBusResetMidStreamReenumeratesCleanly() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux(address: 3))
    for _ in 0..<100 { _ = host.write(2) }
    #expect(host.sendBulk([5, 6]))
    #expect(host.read() == 5)
    host.busReset()
    #expect(host.port.controller.address == 0 && !host.port.controller.configured)
    #expect(!host.port.isOpen && host.read() == nil)
    #expect(host.write(2))  // discarded, not queued
    #expect(host.enumerateLikeLinux(address: 4))
    #expect(host.port.controller.address == 4 && host.port.busResets == 5)  // two per enumeration, one between
    host.run()
    #expect(host.port.controller.bulkInArmed == nil)
    #expect(host.sendBulk([8]))
    #expect(host.read() == 8)
  }

  @Test func aZeroLengthPacketRearmsTheReceiver() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    #expect(host.sendBulk([]))
    #expect(host.port.controller.bulkOutArmed && host.read() == nil)
  }
}
