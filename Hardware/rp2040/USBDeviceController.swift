import ForceUSB

/// The RP2040's USB controller (USBCTRL_REGS 0x5011_0000, its 4 KB dual-port RAM at
/// 0x5010_0000) in device mode, polled, single-buffered (datasheet 4.1).
///
/// DPRAM layout: the SETUP packet at 0x000; endpoint control registers from 0x008;
/// buffer control registers from 0x080; endpoint 0's shared 64-byte buffer at 0x100;
/// then one 64-byte buffer each for the notification endpoint (0x180), bulk IN
/// (0x1C0), bulk OUT (0x200) and the HID report endpoint 3 IN (0x240). The DPRAM is only ever accessed in 32-bit words.
/// A buffer is armed by writing its buffer control word without AVAILABLE and then,
/// 12 clk_sys cycles later, with it (the datasheet's rule for the clk_sys / clk_usb
/// crossing, as TinyUSB does): `rp2040_usb_buffer_arm` in usb.c, whose gap
/// Tools/build-firmware checks on the disassembly.
public struct USBDeviceController: USBController {
  static let regs: UInt32 = 0x5011_0000
  static let ADDR_ENDP = regs + 0x00
  static let MAIN_CTRL = regs + 0x40
  static let SIE_CTRL = regs + 0x4C
  static let SIE_STATUS = regs + 0x50
  static let SOF_RD = regs + 0x48
  static let BUFF_STATUS = regs + 0x58
  static let EP_STALL_ARM = regs + 0x68
  static let USB_MUXING = regs + 0x74
  static let USB_PWR = regs + 0x78
  static let INTE = regs + 0x90
  static let INTS = regs + 0x98
  /// NVIC line of USBCTRL_IRQ.
  public static let irq: UInt32 = 5

  static let dpram: UInt32 = 0x5010_0000
  static let controlBuffer: UInt32 = 0x100
  static let notificationBuffer: UInt32 = 0x180
  static let bulkInBuffer: UInt32 = 0x1C0
  static let bulkOutBuffer: UInt32 = 0x200
  static let reportBuffer: UInt32 = 0x240

  static let setupReceived: UInt32 = 1 << 17
  /// SIE_STATUS.SUSPENDED: the bus is suspended now (writing it clears INTR.DEV_SUSPEND).
  static let suspendedState: UInt32 = 1 << 4
  static let busResetSeen: UInt32 = 1 << 19
  static let available: UInt32 = 1 << 10
  static let stall: UInt32 = 1 << 11
  static let data1: UInt32 = 1 << 13
  static let full: UInt32 = 1 << 15
  static let endpointEnable: UInt32 = 1 << 31
  static let interruptPerBuffer: UInt32 = 1 << 29
  static let bulkType: UInt32 = 2 << 26
  static let interruptType: UInt32 = 3 << 26
  /// INTE/INTS: BUFF_STATUS, BUS_RESET, SETUP_REQ (the loop's `poll`) and DEV_SOF
  /// (the handler's `startOfFrameInterrupt`).
  static let buffersChanged: UInt32 = 1 << 4
  static let busReset: UInt32 = 1 << 12
  static let setupRequest: UInt32 = 1 << 16
  static let deviceSOF: UInt32 = 1 << 17

  /// Next data PID (0 or 1) for endpoint 0 IN/OUT and bulk IN/OUT.
  var pid: (controlIn: UInt32, controlOut: UInt32, bulkIn: UInt32, bulkOut: UInt32) = (1, 1, 0, 0)
  /// Next data PID of the report endpoint (interrupt IN toggles like bulk).
  var reportPID: UInt32 = 0
  /// A bulk IN packet of this many bytes is in its buffer, waiting for the start of a
  /// frame to be armed (RP2040-E15, `StartOfFrameClock`); -1 when none waits.
  var waitingIn = -1
  /// The bus was suspended when `poll` last looked (SIE_STATUS.SUSPENDED).
  var suspended = false

  /// Resets the controller, points it at the on-chip PHY, forces VBUS present (the
  /// Pico senses VBUS on GP24, not on the controller's pin), enables it in device
  /// mode and connects the D+ pull-up: the host sees a full-speed device. clk_usb
  /// must already run at 48 MHz (`Clocks.start`); without it (`connect` false) the
  /// controller is only held in reset, and must not be polled.
  public init(connect: Bool = true) {
    Resets.hold(Resets.usbctrl)
    guard connect else { return }
    Resets.release(Resets.usbctrl)
    var offset: UInt32 = 0
    while offset < 0x280 {
      MMIO.write(USBDeviceController.dpram + offset, 0)
      offset += 4
    }
    MMIO.write(USBDeviceController.SIE_STATUS, USBDeviceController.setupReceived)  // nothing stale
    MMIO.write(USBDeviceController.BUFF_STATUS, 0xFFFF_FFFF)
    MMIO.write(USBDeviceController.USB_MUXING, 1 << 0 | 1 << 3)  // TO_PHY, SOFTCON
    MMIO.write(USBDeviceController.USB_PWR, 1 << 2 | 1 << 3)  // VBUS_DETECT, its override
    MMIO.write(USBDeviceController.MAIN_CTRL, 1)  // CONTROLLER_EN, device mode
    MMIO.write(USBDeviceController.SIE_CTRL, 1 << 29)  // EP0_INT_1BUF
    // USBCTRL_IRQ on what `poll` handles (BUFF_STATUS, BUS_RESET, SETUP_REQ), where the
    // board's handler only masks the line, and on DEV_SOF, which the handler stamps.
    USBDeviceController.forgetFrames()
    MMIO.write(
      USBDeviceController.INTE,
      USBDeviceController.buffersChanged | USBDeviceController.busReset | USBDeviceController.setupRequest
        | USBDeviceController.deviceSOF)
    MMIO.set(USBDeviceController.SIE_CTRL, 1 << 16)  // PULLUP_EN
  }

  // MARK: DPRAM

  static func word(_ offset: UInt32) -> UInt32 { MMIO.read(dpram + offset) }
  static func setWord(_ offset: UInt32, _ value: UInt32) { MMIO.write(dpram + offset, value) }
  /// Endpoint n's control register (n ≥ 1).
  static func endpointControl(_ number: UInt32, out: Bool) -> UInt32 { 8 * number + (out ? 4 : 0) }
  /// Endpoint n's buffer control register.
  static func bufferControl(_ number: UInt32, out: Bool) -> UInt32 { 0x80 + 8 * number + (out ? 4 : 0) }

  /// Copies `bytes` into the DPRAM at `offset`, a word at a time.
  static func copy(_ bytes: UnsafeRawBufferPointer, to offset: UInt32) {
    var index = 0
    while index < bytes.count {
      var value: UInt32 = 0
      var shift: UInt32 = 0
      while shift < 32 && index < bytes.count {
        value |= UInt32(bytes[index]) << shift
        shift += 8
        index += 1
      }
      setWord(offset + UInt32(index - 1) & ~3, value)
    }
  }

  static func byte(at offset: UInt32) -> UInt8 {
    UInt8(truncatingIfNeeded: word(offset & ~3) >> ((offset & 3) * 8))
  }

  /// Arms a buffer: `length` and the PID (and FULL for IN) first, AVAILABLE 12 cycles
  /// after (usb.c).
  static func arm(_ control: UInt32, length: Int, pid: inout UInt32, in isIn: Bool) {
    let value = UInt32(length) | (pid != 0 ? data1 : 0) | (isIn ? full : 0)
    rp2040_usb_buffer_arm(dpram + control, value | available)
    pid ^= 1
  }

  // MARK: USBController

  public mutating func poll() -> USBEvent? {
    typealias C = USBDeviceController
    if waitingIn >= 0 && C.mayArmBulkIn() {
      C.arm(C.bufferControl(2, out: false), length: waitingIn, pid: &pid.bulkIn, in: true)
      waitingIn = -1
    }
    let status = MMIO.read(C.SIE_STATUS)
    if status & C.busResetSeen != 0 {
      MMIO.write(C.SIE_STATUS, C.busResetSeen)
      return .busReset
    }
    if (status & C.suspendedState != 0) != suspended {
      suspended.toggle()
      MMIO.write(C.SIE_STATUS, C.suspendedState)  // clears INTR.DEV_SUSPEND
      return suspended ? .suspended : .resumed
    }
    // Buffers first: anything completed before a SETUP belongs to the transfer before it.
    let buffers = MMIO.read(C.BUFF_STATUS)
    if buffers & 1 != 0 {
      MMIO.write(C.BUFF_STATUS, 1)
      return .controlInDone
    }
    if buffers & 2 != 0 {
      MMIO.write(C.BUFF_STATUS, 2)
      return .controlOutDone(count: Int(C.word(C.bufferControl(0, out: true)) & 0x3FF))
    }
    if MMIO.read(C.SIE_STATUS) & C.setupReceived != 0 {
      MMIO.write(C.SIE_STATUS, C.setupReceived)
      return .setup(SetupPacket(low: C.word(0), high: C.word(4)))
    }
    let bulkIn: UInt32 = 1 << 4  // endpoint 2 IN
    let bulkOut: UInt32 = 1 << 5  // endpoint 2 OUT
    if buffers & bulkIn != 0 {
      MMIO.write(C.BUFF_STATUS, bulkIn)
      return .bulkInDone
    }
    if buffers & bulkOut != 0 {
      MMIO.write(C.BUFF_STATUS, bulkOut)
      return .bulkOutDone(count: Int(C.word(C.bufferControl(2, out: true)) & 0x3FF))
    }
    let reportIn: UInt32 = 1 << 6  // endpoint 3 IN
    if buffers & reportIn != 0 {
      MMIO.write(C.BUFF_STATUS, reportIn)
      return .reportInDone
    }
    if buffers != 0 { MMIO.write(C.BUFF_STATUS, buffers) }  // the notification endpoint: never armed
    return nil
  }

  public mutating func busReset() {
    USBDeviceController.forgetFrames()
    setAddress(0)
    configure(false)
    resetControl()
  }

  public mutating func setAddress(_ address: UInt8) {
    MMIO.write(USBDeviceController.ADDR_ENDP, UInt32(address))
  }

  public mutating func resetControl() {
    typealias C = USBDeviceController
    MMIO.write(C.EP_STALL_ARM, 0)
    C.setWord(C.bufferControl(0, out: false), 0)
    C.setWord(C.bufferControl(0, out: true), 0)
    MMIO.write(C.BUFF_STATUS, 3)
    pid.controlIn = 1
    pid.controlOut = 1
  }

  public mutating func controlIn(_ bytes: UnsafeRawBufferPointer) {
    typealias C = USBDeviceController
    C.copy(bytes, to: C.controlBuffer)
    C.arm(C.bufferControl(0, out: false), length: bytes.count, pid: &pid.controlIn, in: true)
  }

  public mutating func controlOut() {
    typealias C = USBDeviceController
    C.arm(C.bufferControl(0, out: true), length: Descriptors.packetSize, pid: &pid.controlOut, in: false)
  }

  public func controlOutData(into buffer: UnsafeMutableRawBufferPointer) {
    for index in 0..<buffer.count {
      buffer[index] = USBDeviceController.byte(at: USBDeviceController.controlBuffer + UInt32(index))
    }
  }

  public mutating func stallControl() {
    typealias C = USBDeviceController
    MMIO.write(C.EP_STALL_ARM, 3)
    C.setWord(C.bufferControl(0, out: false), C.stall)
    C.setWord(C.bufferControl(0, out: true), C.stall)
  }

  public mutating func configure(_ open: Bool) {
    typealias C = USBDeviceController
    let enable = open ? C.endpointEnable | C.interruptPerBuffer : 0
    C.setWord(C.endpointControl(1, out: false), open ? enable | C.interruptType | C.notificationBuffer : 0)
    C.setWord(C.endpointControl(2, out: false), open ? enable | C.bulkType | C.bulkInBuffer : 0)
    C.setWord(C.endpointControl(2, out: true), open ? enable | C.bulkType | C.bulkOutBuffer : 0)
    C.setWord(C.endpointControl(3, out: false), open ? enable | C.interruptType | C.reportBuffer : 0)
    C.setWord(C.bufferControl(1, out: false), 0)
    C.setWord(C.bufferControl(2, out: false), 0)
    C.setWord(C.bufferControl(2, out: true), 0)
    C.setWord(C.bufferControl(3, out: false), 0)
    MMIO.write(C.BUFF_STATUS, 0xFFFF_FFFC)
    waitingIn = -1
    pid.bulkIn = 0
    pid.bulkOut = 0
    reportPID = 0
  }

  /// Copies the packet into its buffer and arms it now, or at the next start of frame
  /// when the frame is near its end (RP2040-E15; `poll` arms it).
  @inline(never)
  public mutating func bulkIn(_ bytes: UnsafeRawBufferPointer) {
    typealias C = USBDeviceController
    C.copy(bytes, to: C.bulkInBuffer)
    guard C.mayArmBulkIn() else {
      waitingIn = bytes.count
      return
    }
    C.arm(C.bufferControl(2, out: false), length: bytes.count, pid: &pid.bulkIn, in: true)
  }

  /// An interrupt IN packet waits for the host's poll, so it is armed at once (the
  /// E15 bulk rule is for bulk endpoints).
  public mutating func reportIn(_ bytes: UnsafeRawBufferPointer) {
    typealias C = USBDeviceController
    C.copy(bytes, to: C.reportBuffer)
    C.arm(C.bufferControl(3, out: false), length: bytes.count, pid: &reportPID, in: true)
  }

  public mutating func bulkOut() {
    typealias C = USBDeviceController
    C.arm(C.bufferControl(2, out: true), length: Descriptors.packetSize, pid: &pid.bulkOut, in: false)
  }

  public func bulkOutByte(at index: Int) -> UInt8 {
    USBDeviceController.byte(at: USBDeviceController.bulkOutBuffer + UInt32(index))
  }

  public mutating func halt(endpoint: UInt8, _ halted: Bool) {
    typealias C = USBDeviceController
    let number = UInt32(endpoint & 0x0F)
    let out = endpoint & 0x80 == 0
    let control = C.bufferControl(number, out: out)
    if halted {
      C.setWord(control, C.stall)
      return
    }
    C.setWord(control, 0)
    switch endpoint {
    case Descriptors.dataInEndpoint:
      waitingIn = -1
      pid.bulkIn = 0
    case Descriptors.dataOutEndpoint: pid.bulkOut = 0
    case Descriptors.reportEndpoint: reportPID = 0
    default: break
    }
  }
}

extension USBDeviceController {
  /// USBCTRL_IRQ's own work: a start of frame is stamped here, where the latency is
  /// smallest (reading SOF_RD clears it). Returns true when something else is pending
  /// for `poll`, and the handler masks the line until the loop has polled.
  public static func startOfFrameInterrupt() -> Bool {
    let status = MMIO.read(INTS)
    if status & deviceSOF != 0 {
      let frame = UInt16(truncatingIfNeeded: MMIO.read(SOF_RD) & 0x7FF)
      startOfFrame.record(frame: frame, at: Timer.now())
    }
    return status & ~deviceSOF != 0
  }

  /// Whether a bulk IN buffer armed now starts early enough in the frame, read with
  /// interrupts masked so the handler cannot stamp between the check's two fields.
  @inline(never)
  static func mayArmBulkIn() -> Bool {
    CPU.maskInterrupts()
    let may = startOfFrame.mayArm(at: Timer.now())
    CPU.unmaskInterrupts()
    return may
  }

  /// The bus was reset: the SOF stamps start again.
  static func forgetFrames() {
    CPU.maskInterrupts()
    startOfFrame.forget()
    CPU.unmaskInterrupts()
  }
}

/// The bus's frame clock: stamped by USBCTRL_IRQ, read by the loop with interrupts
/// masked (each access follows an external call, so none is cached).
nonisolated(unsafe) var startOfFrame = StartOfFrameClock()

/// Writes the buffer control word at `address` without AVAILABLE, waits 12 cycles and
/// writes it with AVAILABLE (Hardware/rp2040/usb.c).
@_silgen_name("rp2040_usb_buffer_arm")
func rp2040_usb_buffer_arm(_ address: UInt32, _ value: UInt32)
