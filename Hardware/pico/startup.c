/*
 * Reset entry and vector table for the RP2040 (Cortex-M0+) on the Raspberry Pi Pico.
 *
 * boot2 (boot2.S) leaves VTOR at this table (0x10000100), loads the stack pointer
 * from entry 0 and jumps to Reset_Handler, which copies .data (the flash routines
 * that must run from RAM included: .ramfunc) from flash, zeroes .bss and calls
 * `main` (emitted by the Swift `@main` entry). The firmware is a super-loop that
 * sleeps between frames (PicoBoard.sleepUntilWork); four interrupts have handlers
 * (Interrupts.swift): TIMER_IRQ_0 (the frame alarm, which starts the ADC pair),
 * ADC_IRQ_FIFO (the pair converted), UART0_IRQ and USBCTRL_IRQ (wake-ups only).
 * Every other exception lands in a parking loop that the watchdog turns into a
 * reset.
 */
#include <stdint.h>

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

extern int main(int argc, char **argv);
void stack_paint(void); /* Hardware/armv6m/stack.c */

void Reset_Handler(void);
void Default_Handler(void);
/* The handlers in Interrupts.swift, entered through a register branch: `bx` drops
 * the Thumb bit of the address. The core does that on exception entry too, but
 * rp2040py (Tools/pico-emulator.py) keeps it in the PC, which puts a handler's
 * PC-relative arithmetic (`add rN, pc`) one byte off; two instructions a handler. */
#define IRQ_VECTOR(name, target)                                               \
  __attribute__((naked)) void name(void) {                                     \
    __asm volatile("ldr r0, =" #target "\n bx r0\n .ltorg");                   \
  }
IRQ_VECTOR(TIMER_IRQ_0_Handler, pico_timer_irq_0)
IRQ_VECTOR(USBCTRL_IRQ_Handler, pico_usbctrl_irq)
IRQ_VECTOR(UART0_IRQ_Handler, pico_uart0_irq)
IRQ_VECTOR(ADC_IRQ_FIFO_Handler, pico_adc_irq_fifo)

/* PRIMASK and WFI for Hardware/rp2040/Interrupts.swift (CPU). */
void cpu_mask_interrupts(void) { __asm volatile("cpsid i" ::: "memory"); }
void cpu_unmask_interrupts(void) { __asm volatile("cpsie i\n isb" ::: "memory"); }
void cpu_wait_for_interrupt(void) { __asm volatile("wfi" ::: "memory"); }

__attribute__((noreturn, used)) static void start(void) {
  uint32_t *src = __data_load;
  for (uint32_t *dst = __data_start; dst < __data_end;) *dst++ = *src++;
  for (uint32_t *dst = __bss_start; dst < __bss_end;) *dst++ = 0;
  __asm volatile("cpsie i" ::: "memory"); /* boot2 and the boot ROM may leave it set */
  (void)main(0, 0);
  for (;;) __asm volatile("wfe");
}

/* boot2 has set SP already; set it again so that a debugger "jump to
 * Reset_Handler" also starts on a clean stack. Before anything uses the stack,
 * paint all of it (stack_paint, which uses registers only). */
__attribute__((naked, noreturn)) void Reset_Handler(void) {
  __asm volatile(
      "bl stack_paint       \n"
      "ldr r0, =__stack_top \n"
      "mov sp, r0           \n"
      "b start              \n"
      ".ltorg               \n");
}

__attribute__((noreturn)) void Default_Handler(void) {
  for (;;) {
  }
}

typedef void (*vector_t)(void);

/* Cortex-M0+ system vectors (16) followed by the 26 RP2040 IRQs (TIMER_IRQ_0 ...
 * RTC_IRQ). VTOR needs the table 256-byte aligned: pico.ld places it at 0x10000100. */
__attribute__((section(".isr_vector"), used)) const vector_t vector_table[16 + 26] = {
    (vector_t)__stack_top, /* initial MSP */
    Reset_Handler,
    Default_Handler, /* NMI */
    Default_Handler, /* HardFault */
    0, 0, 0, 0, 0, 0, 0, /* reserved */
    Default_Handler,     /* SVCall */
    0, 0,                /* reserved */
    Default_Handler,     /* PendSV */
    Default_Handler,     /* SysTick: never enabled */
    /* IRQ 0..25: TIMER_IRQ_0..3 PWM_IRQ_WRAP USBCTRL_IRQ XIP_IRQ PIO0_IRQ_0/1 PIO1_IRQ_0/1
     * DMA_IRQ_0/1 IO_IRQ_BANK0 IO_IRQ_QSPI SIO_IRQ_PROC0/1 CLOCKS_IRQ SPI0/1_IRQ UART0/1_IRQ
     * ADC_IRQ_FIFO I2C0/1_IRQ RTC_IRQ. */
    [16 + 0] = TIMER_IRQ_0_Handler,
    [16 + 1 ... 16 + 4] = Default_Handler,
    [16 + 5] = USBCTRL_IRQ_Handler,
    [16 + 6 ... 16 + 19] = Default_Handler,
    [16 + 20] = UART0_IRQ_Handler,
    [16 + 21] = Default_Handler,
    [16 + 22] = ADC_IRQ_FIFO_Handler,
    [16 + 23 ... 16 + 25] = Default_Handler,
};
