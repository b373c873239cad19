/*
 * Reset entry and vector table for the nRF51822 (Cortex-M0) on the BBC micro:bit v1.
 *
 * The reset handler sets the stack pointer, copies .data from flash, zeroes .bss
 * and calls `main` (emitted by the Swift `@main` entry) with interrupts masked
 * (PRIMASK). The firmware is a super-loop that sleeps between frames (Sleep.swift):
 * only there does it unmask interrupts, and only the ADC's handler (ADC.swift)
 * ever runs. Every other exception lands in a parking loop that the watchdog
 * (once started) turns into a reset.
 */
#include <stdint.h>

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

extern int main(int argc, char **argv);
void stack_paint(void); /* Hardware/armv6m/stack.c */

void Reset_Handler(void);
void Default_Handler(void);
/* ADC.swift; images without it (the benchmarks) get the parking loop. */
void ADC_IRQHandler(void) __attribute__((weak, alias("Default_Handler")));

__attribute__((noreturn, used)) static void start(void) {
  uint32_t *src = __data_load;
  for (uint32_t *dst = __data_start; dst < __data_end;) *dst++ = *src++;
  for (uint32_t *dst = __bss_start; dst < __bss_end;) *dst++ = 0;
  __asm volatile("cpsid i" ::: "memory");
  (void)main(0, 0);
  for (;;) __asm volatile("wfe");
}

/* The core loads SP from vector 0 before running this; set it again so that a
 * debugger "jump to Reset_Handler" also starts on a clean stack. Before anything
 * uses the stack, paint all of it (stack_paint, which uses registers only). */
__attribute__((naked, noreturn)) void Reset_Handler(void) {
  __asm volatile(
      "bl stack_paint       \n"
      "ldr r0, =__stack_top \n"
      "mov sp, r0           \n"
      "b start              \n"
      ".ltorg               \n");
}

/* Sleeps until an enabled interrupt is pending; PRIMASK keeps it from being taken. */
void cpu_wait_for_interrupt(void) { __asm volatile("wfi" ::: "memory"); }

/* Lets the pending handlers run, then masks interrupts again. */
void cpu_take_interrupts(void) { __asm volatile("cpsie i\n isb\n cpsid i" ::: "memory"); }

__attribute__((noreturn)) void Default_Handler(void) {
  for (;;) {
  }
}

typedef void (*vector_t)(void);

/* Cortex-M0 system vectors (16) followed by the 32 nRF51 peripheral IRQs. */
__attribute__((section(".isr_vector"), used)) const vector_t vector_table[16 + 32] = {
    (vector_t)__stack_top, /* initial MSP */
    Reset_Handler,
    Default_Handler, /* NMI */
    Default_Handler, /* HardFault */
    0, 0, 0, 0, 0, 0, 0, /* reserved */
    Default_Handler,     /* SVCall */
    0, 0,                /* reserved */
    Default_Handler,     /* PendSV */
    Default_Handler,     /* SysTick: the nRF51 has none; never enabled */
    /* IRQ 0..25: POWER_CLOCK RADIO UART0 SPI0_TWI0 SPI1_TWI1 - GPIOTE ADC TIMER0 TIMER1
     * TIMER2 RTC0 TEMP RNG ECB CCM_AAR WDT RTC1 QDEC LPCOMP SWI0..SWI5; 26..31 unused. */
    [16 ... 16 + 6] = Default_Handler,
    [16 + 7] = ADC_IRQHandler,
    [16 + 8 ... 16 + 31] = Default_Handler,
};
