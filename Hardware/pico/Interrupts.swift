import RP2040

/// What the interrupt handlers share with the frame loop. The loop reads and clears
/// it only with interrupts masked (`PicoBoard.frameDue`), and every access from the
/// loop follows an external call (`CPU.maskInterrupts`), so none is cached.
struct FrameState {
  /// The frame alarm, re-armed by `TIMER_IRQ_0`.
  var alarm = FrameAlarm()
  /// The last finished pair, 12 bits each, left then right.
  var left: UInt16 = 0
  var right: UInt16 = 0
  /// A pair finished since the loop last took one.
  var ready = false
}

nonisolated(unsafe) var frameState = FrameState()

/// TIMER_IRQ_0, the frame alarm: arms the next frame and starts this one's pair.
@_cdecl("pico_timer_irq_0")
func timerIRQ0Handler() {
  frameState.alarm.fire()
  ADC.startPair()
}

/// ADC_IRQ_FIFO, two samples in the FIFO: keeps them as the frame's pair.
@_cdecl("pico_adc_irq_fifo")
func adcFIFOHandler() {
  guard let pair = ADC.finishPair() else { return }
  frameState.left = pair.first
  frameState.right = pair.second
  frameState.ready = true
}

/// UART0_IRQ: only wakes the core; the loop reads and writes the FIFOs.
@_cdecl("pico_uart0_irq")
func uart0IRQHandler() {
  UART.quiet(base: UART.uart0)
}

/// USBCTRL_IRQ: stamps a start of frame (RP2040-E15, `StartOfFrameClock`); for
/// anything else it only wakes the core, masking the line until the loop's `poll`
/// has cleared the cause.
@_cdecl("pico_usbctrl_irq")
func usbIRQHandler() {
  if USBDeviceController.startOfFrameInterrupt() { NVIC.disable(USBDeviceController.irq) }
}
