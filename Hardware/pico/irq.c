/*
 * The Pico's four interrupt handlers (the vector table is Hardware/rp2040/vectors.c):
 * TIMER_IRQ_0 (the frame alarm, which starts the ADC pair), ADC_IRQ_FIFO (the pair
 * converted), UART0_IRQ and USBCTRL_IRQ (wake-ups only), written in Swift
 * (Interrupts.swift) and entered through a register branch: `bx` drops the Thumb
 * bit of the address. The core does that on exception entry too, but rp2040py
 * (Tests/Emulators/pico-emulator.py) keeps it in the PC, which puts a handler's
 * PC-relative arithmetic (`add rN, pc`) one byte off; two instructions a handler.
 */
#define IRQ_VECTOR(name, target)                                               \
  __attribute__((naked)) void name(void) {                                     \
    __asm volatile("ldr r0, =" #target "\n bx r0\n .ltorg");                   \
  }
IRQ_VECTOR(TIMER_IRQ_0_Handler, pico_timer_irq_0)
IRQ_VECTOR(USBCTRL_IRQ_Handler, pico_usbctrl_irq)
IRQ_VECTOR(UART0_IRQ_Handler, pico_uart0_irq)
IRQ_VECTOR(ADC_IRQ_FIFO_Handler, pico_adc_irq_fifo)
