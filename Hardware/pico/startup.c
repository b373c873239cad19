/*
 * Reset entry and vector table for the RP2040 (Cortex-M0+) on the Raspberry Pi Pico.
 *
 * boot2 (boot2.S) leaves VTOR at this table (0x10000100), loads the stack pointer
 * from entry 0 and jumps to Reset_Handler, which copies .data (the flash routines
 * that must run from RAM included: .ramfunc) from flash, zeroes .bss and calls
 * `main` (emitted by the Swift `@main` entry). The firmware is a polled
 * super-loop: no interrupt is enabled, every exception lands in a parking loop
 * that the watchdog turns into a reset.
 */
#include <stdint.h>

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

extern int main(int argc, char **argv);

void Reset_Handler(void);
void Default_Handler(void);

__attribute__((noreturn, used)) static void start(void) {
  uint32_t *src = __data_load;
  for (uint32_t *dst = __data_start; dst < __data_end;) *dst++ = *src++;
  for (uint32_t *dst = __bss_start; dst < __bss_end;) *dst++ = 0;
  (void)main(0, 0);
  for (;;) __asm volatile("wfe");
}

/* boot2 has set SP already; set it again so that a debugger "jump to
 * Reset_Handler" also starts on a clean stack. */
__attribute__((naked, noreturn)) void Reset_Handler(void) {
  __asm volatile(
      "ldr r0, =__stack_top \n"
      "mov sp, r0           \n"
      "b start              \n");
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
    [16 ... 16 + 25] = Default_Handler,
};
