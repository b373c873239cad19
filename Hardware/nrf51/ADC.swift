/// ADC (0x4000_7000): 10-bit successive-approximation converter, one input per
/// conversion. The frame timer starts each frame's first conversion through PPI
/// (`ADC.startOnFrames`); the END interrupt (`ADC_IRQHandler`) reads it, switches
/// to the other cell and starts the second; the frame loop takes the finished pair.
///
/// Reference choice: each FSR is a voltage divider fed from the board's 3 V rail
/// (VDD), so its output is a fraction of VDD. Converting against a reference that
/// is itself a fixed fraction of VDD makes the reading ratiometric:
///   input  = AIN / 3   (INPSEL = AnalogInputOneThirdPrescaling)
///   ref    = VDD / 3   (REFSEL = SupplyOneThirdPrescaling)
///   result = 1023 * AIN / VDD
/// so a sagging battery does not change the force reading. The internal 1.2 V
/// band-gap (VBG) would make the reading follow VDD instead. VDD/3 stays inside
/// the reference's allowed 0.83-1.3 V for VDD 2.5-3.9 V, and AIN/3 never exceeds it.
struct ADC {
  static let base: UInt32 = 0x4000_7000
  static let TASKS_START = base + 0x000
  static let TASKS_STOP = base + 0x004
  static let EVENTS_END = base + 0x100
  static let INTENSET = base + 0x304
  static let ENABLE = base + 0x500
  static let CONFIG = base + 0x504
  static let RESULT = base + 0x508

  static let intEND: UInt32 = 1 << 0
  /// NVIC interrupt number.
  static let irq: UInt32 = 7

  // CONFIG fields.
  static let res10bit: UInt32 = 2 << 0
  static let inpselOneThird: UInt32 = 2 << 2
  static let refselSupplyOneThird: UInt32 = 3 << 5
  static func config(ain: UInt32) -> UInt32 { res10bit | inpselOneThird | refselSupplyOneThird | (1 << ain) << 8 }
  /// The supply: VDD/3 (INPSEL = SupplyOneThirdPrescaling, 6) against the 1.2 V
  /// band-gap (REFSEL = VBG, 0), so result = 1023 · VDD / 3.6 V.
  static let configSupply: UInt32 = res10bit | 6 << 2
  /// The first supply result that is not low: 712 · 225/64 = 2503 mV, the first at or
  /// above `DeviceInfo.lowSupplyMillivolts` (2.5 V) as `supplyMillivolts` converts,
  /// so the display and the host agree.
  static let lowSupply: UInt16 = 712

  // The board's inputs, `configLeft` and `configRight`: the micro:bit's in
  // Hardware/microbit/Wiring.swift.

  /// A 10-bit conversion takes 68 µs (~1100 CPU cycles); this bound is ~10x that.
  static let maxSpins: UInt32 = 2_000

  /// False when the converter never signals END (QEMU does not model the ADC).
  let present: Bool

  /// Enables the converter and runs one polled probe conversion: the supply's.
  init() {
    MMIO.write(ADC.ENABLE, 1)
    MMIO.write(ADC.CONFIG, ADC.configSupply)
    MMIO.trigger(ADC.TASKS_START)
    var spins: UInt32 = 0
    while MMIO.read(ADC.EVENTS_END) == 0 && spins < ADC.maxSpins { spins += 1 }
    present = spins < ADC.maxSpins
    if present { adcPair.supply = UInt16(truncatingIfNeeded: MMIO.read(ADC.RESULT)) }
    MMIO.trigger(ADC.TASKS_STOP)
    MMIO.write(ADC.CONFIG, ADC.configLeft)
    MMIO.write(ADC.EVENTS_END, 0)
  }

  /// From now on the frame timer's COMPARE[0] starts the left cell's conversion
  /// (PPI channel 0) and END raises the ADC interrupt, which NVIC passes on.
  func startOnFrames() {
    guard present else { return }
    MMIO.write(ADC.INTENSET, ADC.intEND)
    NVIC.enable(ADC.irq)
    PPI.connect(channel: 0, event: TIMER.EVENTS_COMPARE(FrameTimer.timer, 0), task: ADC.TASKS_START)
  }

  /// Takes the pair the interrupt finished, if it finished one since the last call.
  func takePair() -> Bool {
    guard adcPair.ready else { return false }
    adcPair.ready = false
    return true
  }

  /// The last finished pair, 0...1023 each; (0, 0) without an ADC.
  func readCells() -> (left: UInt16, right: UInt16) { (adcPair.left, adcPair.right) }
}

/// The pair `ADC_IRQHandler` builds. Interrupts are masked (PRIMASK) except inside
/// `CPU.sleep`'s call to `cpu_take_interrupts`, an external call, so the handler
/// never runs between the frame loop's reads and writes of it.
struct ADCPair {
  var left: UInt16 = 0
  var right: UInt16 = 0
  var ready = false
  /// The supply's last result (`ADC.configSupply`); 0 without an ADC.
  var supply: UInt16 = 0
  /// Pairs converted, counting up: every 256th is followed by the supply's.
  var pairs: UInt8 = 0
}

nonisolated(unsafe) var adcPair = ADCPair()

/// ADC END: keeps the result; after the left cell, converts the right one, and after
/// every 256th right one (about once a second at 200 Hz) the supply, 68 µs later.
@_cdecl("ADC_IRQHandler")
func adcIRQHandler() {
  guard MMIO.consume(ADC.EVENTS_END) else { return }  // not a conversion's end
  _ = MMIO.read(ADC.EVENTS_END)  // read back: the clear lands before the return
  let value = UInt16(truncatingIfNeeded: MMIO.read(ADC.RESULT))  // 10 bits (CONFIG.RES)
  let config = MMIO.read(ADC.CONFIG)
  if config == ADC.configLeft {
    adcPair.left = value
    MMIO.write(ADC.CONFIG, ADC.configRight)
    MMIO.trigger(ADC.TASKS_START)
    return
  }
  if config == ADC.configRight {
    adcPair.right = value
    adcPair.pairs &+= 1
    if adcPair.pairs == 0 {
      MMIO.write(ADC.CONFIG, ADC.configSupply)
      MMIO.trigger(ADC.TASKS_START)
      return
    }
  } else {
    adcPair.supply = value
  }
  adcPair.ready = true
  MMIO.write(ADC.CONFIG, ADC.configLeft)
}
