import ForceUSB
import Testing

/// Standard and CDC class requests through a scripted host: Linux's enumeration,
/// requests in any order, and a STALL for every request the device must refuse.
struct RequestTests {
  @Test func linuxEnumeratesAndOpensThePort() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux(address: 7))
    #expect(host.port.controller.address == 7)
    #expect(host.port.controller.configured && host.port.controller.bulkOutArmed)
    #expect(host.port.device.configuration == 1 && host.port.isOpen)
    #expect(host.port.device.lineCoding == LineCoding(baud: 115_200, stopBits: 0, parity: 0, dataBits: 8))
  }

  @Test func theAddressTakesEffectAfterTheStatusStage() {
    let host = ScriptedHost()
    host.busReset()
    host.event(.setup(SetupPacket(requestType: 0, request: 5, value: 42)))
    #expect(host.port.controller.controlInArmed == [])  // the status packet, still at address 0
    #expect(host.port.controller.address == 0)
    host.port.controller.controlInArmed = nil
    host.event(.controlInDone)
    #expect(host.port.controller.address == 42 && host.port.device.address == 42)
  }

  @Test func lineCodingRoundTripsAndDTRSaysWhetherTheHostListens() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    let coding: [UInt8] = [0x80, 0x25, 0, 0, 2, 2, 7]  // 9600 7E2
    #expect(host.control(SetupPacket(requestType: 0x21, request: 0x20, length: 7), data: coding) == .data([]))
    #expect(host.control(SetupPacket(requestType: 0xA1, request: 0x21, length: 7)) == .data(coding))
    #expect(host.port.device.lineCoding == LineCoding(baud: 9600, stopBits: 2, parity: 2, dataBits: 7))
    #expect(host.control(SetupPacket(requestType: 0x21, request: 0x22, value: 0)) == .data([]))
    #expect(!host.port.isOpen)
    #expect(host.control(SetupPacket(requestType: 0x21, request: 0x22, value: 1)) == .data([]))
    #expect(host.port.isOpen && host.port.device.controlLines == 1)
    #expect(host.control(SetupPacket(requestType: 0x21, request: 0x23, value: 0xFFFF)) == .data([]))  // SEND_BREAK
  }

  /// The requests a host may send once configured, each with the answer it must get,
  /// sent in many orders: every answer is the same whatever came before.
  @Test(arguments: 0..<24) func requestsInAnyOrder(seed: Int) {
    let requests: [(SetupPacket, [UInt8], ScriptedHost.Outcome)] = [
      (SetupPacket(requestType: 0x80, request: 0, length: 2), [], .data([0, 0])),
      (SetupPacket(requestType: 0x81, request: 0, index: 1, length: 2), [], .data([0, 0])),
      (SetupPacket(requestType: 0x82, request: 0, index: 0x82, length: 2), [], .data([0, 0])),
      (SetupPacket(requestType: 0x80, request: 8, length: 1), [], .data([1])),
      (SetupPacket(requestType: 0x81, request: 10, index: 0, length: 1), [], .data([0])),
      (SetupPacket(requestType: 0x01, request: 11, value: 0, index: 1), [], .data([])),
      (SetupPacket(requestType: 0x80, request: 6, value: 0x0100, length: 4), [], .data([18, 1, 0, 2])),
      (SetupPacket(requestType: 0x80, request: 6, value: 0x0302, index: 0x0409, length: 4), [], .data([24, 3, 70, 0])),
      (SetupPacket(requestType: 0x02, request: 1, value: 0, index: 0x02), [], .data([])),
      (SetupPacket(requestType: 0x21, request: 0x20, length: 7), [0x00, 0xC2, 0x01, 0, 0, 0, 8], .data([])),
      (SetupPacket(requestType: 0xA1, request: 0x21, length: 7), [], .data([0x00, 0xC2, 0x01, 0, 0, 0, 8])),
      (SetupPacket(requestType: 0x21, request: 0x22, value: 3), [], .data([])),
      (SetupPacket(requestType: 0x80, request: 6, value: 0x0600, length: 10), [], .stalled),
      (SetupPacket(requestType: 0x40, request: 0x01), [], .stalled),
    ]
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    var generator = SplitMix(seed: UInt64(seed))
    for index in requests.indices.shuffled(using: &generator) + requests.indices.shuffled(using: &generator) {
      let (setup, data, expected) = requests[index]
      #expect(host.control(setup, data: data) == expected, "request \(index) (seed \(seed))")
    }
    #expect(host.port.isOpen && host.port.controller.address == 7)
  }

  /// The 1200-baud touch: SET_LINE_CODING to 1200 baud, then SET_CONTROL_LINE_STATE
  /// with DTR down, as `stty 1200` and a close do (Arduino, the Pico SDK). Only that
  /// pair asks for the bootloader, and only once its status stage went out; a bus
  /// reset forgets it.
  @Test func droppingDTRAt1200BaudAsksForTheBootloader() {
    let lineCoding = SetupPacket(requestType: 0x21, request: 0x20, length: 7)
    let at1200: [UInt8] = [0xB0, 0x04, 0, 0, 0, 0, 8]
    let lines = { (value: UInt16) in SetupPacket(requestType: 0x21, request: 0x22, value: value) }
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    #expect(host.control(lines(0)) == .data([]))  // DTR down at 115200: an ordinary close
    #expect(!host.port.bootloaderRequested)
    #expect(host.control(lines(3)) == .data([]))
    #expect(host.control(lineCoding, data: at1200) == .data([]))
    #expect(host.port.device.lineCoding.baud == 1200 && host.port.isOpen)
    #expect(!host.port.bootloaderRequested)  // 1200 baud with DTR up: nothing yet
    #expect(host.control(lines(2)) == .data([]))  // RTS up, DTR down
    #expect(host.port.bootloaderRequested)
    host.busReset()
    #expect(!host.port.bootloaderRequested)

    // Before the status stage the host has not seen the request succeed.
    let pending = ScriptedHost()
    #expect(pending.enumerateLikeLinux())
    #expect(pending.control(lineCoding, data: at1200) == .data([]))
    pending.event(.setup(lines(0)))
    #expect(pending.port.device.bootloaderTouched && !pending.port.bootloaderRequested)
    pending.event(.controlInDone)
    #expect(pending.port.bootloaderRequested)
  }

  /// The Pico SDK's reset interface (interface 3): its vendor request BOOTSEL asks for
  /// the bootloader once its status stage has gone out; the request that reboots into
  /// the application, any other vendor request, one with a data stage, one to another
  /// interface and one before configuration all STALL and ask for nothing.
  @Test func theResetInterfaceAsksForTheBootloader() {
    let vendor = { (type: UInt8, request: UInt8, index: UInt16, length: UInt16) in
      SetupPacket(requestType: type, request: request, index: index, length: length)
    }
    let early = ScriptedHost()
    early.busReset()
    #expect(early.control(vendor(0x41, 0x01, 3, 0)) == .stalled)  // not configured
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    for (type, request, index, length): (UInt8, UInt8, UInt16, UInt16) in [
      (0x41, 0x02, 3, 0), (0x41, 0x03, 3, 0), (0x41, 0x01, 2, 0), (0x41, 0x01, 4, 0), (0xC1, 0x01, 3, 1),
      (0x40, 0x01, 0, 0),
    ] {
      #expect(host.control(vendor(type, request, index, length)) == .stalled, "\(type) \(request) \(index)")
      #expect(!host.port.bootloaderRequested)
    }
    host.event(.setup(vendor(0x41, 0x01, 3, 0)))
    #expect(host.port.device.bootloaderTouched && !host.port.bootloaderRequested)  // status stage not yet sent
    host.event(.controlInDone)
    #expect(host.port.bootloaderRequested)
  }

  /// Each of these gets a STALL, changes nothing, and the next request works.
  @Test func badRequestsStall() {
    let bad: [(String, SetupPacket, [UInt8])] = [
      ("unknown standard request", SetupPacket(requestType: 0x80, request: 0xFF, length: 2), []),
      ("device qualifier", SetupPacket(requestType: 0x80, request: 6, value: 0x0600, length: 10), []),
      ("BOS", SetupPacket(requestType: 0x80, request: 6, value: 0x0F00, length: 5), []),
      ("string 9", SetupPacket(requestType: 0x80, request: 6, value: 0x0309, index: 0x0409, length: 255), []),
      ("configuration 1 descriptor", SetupPacket(requestType: 0x80, request: 6, value: 0x0201, length: 9), []),
      ("GET_DESCRIPTOR as OUT", SetupPacket(requestType: 0x00, request: 6, value: 0x0100, length: 18), [0]),
      ("SET_CONFIGURATION 2", SetupPacket(requestType: 0x00, request: 9, value: 2), []),
      ("SET_ADDRESS 200", SetupPacket(requestType: 0x00, request: 5, value: 200), []),
      ("SET_ADDRESS when configured", SetupPacket(requestType: 0x00, request: 5, value: 9), []),
      ("remote wakeup", SetupPacket(requestType: 0x00, request: 3, value: 1), []),
      ("SET_INTERFACE alternate 1", SetupPacket(requestType: 0x01, request: 11, value: 1, index: 1), []),
      ("interface 5", SetupPacket(requestType: 0x81, request: 0, index: 5, length: 2), []),
      ("endpoint 0x84", SetupPacket(requestType: 0x82, request: 0, index: 0x84, length: 2), []),
      ("vendor request", SetupPacket(requestType: 0xC0, request: 1, length: 4), []),
      ("class request to the data interface", SetupPacket(requestType: 0x21, request: 0x22, value: 0, index: 1), []),
      ("unknown class request", SetupPacket(requestType: 0xA1, request: 0x30, length: 4), []),
      ("SET_LINE_CODING of 6 bytes", SetupPacket(requestType: 0x21, request: 0x20, length: 6), [0, 0xC2, 1, 0, 0, 0]),
      ("SET_LINE_CODING 0 baud", SetupPacket(requestType: 0x21, request: 0x20, length: 7), [0, 0, 0, 0, 0, 0, 8]),
      (
        "SET_LINE_CODING 9 data bits", SetupPacket(requestType: 0x21, request: 0x20, length: 7),
        [0, 0xC2, 1, 0, 0, 0, 9]
      ),
    ]
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    for (name, setup, data) in bad {
      #expect(host.control(setup, data: data) == .stalled, "\(name)")
      #expect(host.port.controller.controlStalled, "\(name)")
      #expect(host.control(SetupPacket(requestType: 0x80, request: 8, length: 1)) == .data([1]), "after \(name)")
      #expect(host.port.isOpen && host.port.device.lineCoding == .standard, "after \(name)")
    }
  }

  @Test func classAndInterfaceRequestsStallBeforeConfiguration() {
    let host = ScriptedHost()
    host.busReset()
    #expect(host.control(SetupPacket(requestType: 0x21, request: 0x22, value: 3)) == .stalled)
    #expect(host.control(SetupPacket(requestType: 0xA1, request: 0x21, length: 7)) == .stalled)
    #expect(host.control(SetupPacket(requestType: 0x81, request: 10, length: 1)) == .stalled)
    #expect(host.control(SetupPacket(requestType: 0x00, request: 9, value: 1)) == .stalled)  // no address yet
    #expect(!host.port.isOpen)
  }

  @Test func endpointHaltIsSetReportedAndCleared() {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    #expect(host.control(SetupPacket(requestType: 0x02, request: 3, value: 0, index: 0x82)) == .data([]))
    #expect(host.port.controller.halted == [0x82])
    #expect(host.control(SetupPacket(requestType: 0x82, request: 0, index: 0x82, length: 2)) == .data([1, 0]))
    #expect(host.write(0x55))  // staged, not sent while halted
    host.run()
    #expect(host.port.controller.bulkInArmed == nil)
    #expect(host.control(SetupPacket(requestType: 0x02, request: 1, value: 0, index: 0x82)) == .data([]))
    host.run()
    #expect(host.port.controller.halted.isEmpty && host.port.controller.bulkInArmed == [0x55])
  }
}

/// A small seeded generator, so each shuffled order is reproducible.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
