/*
 * What every Cortex-M0/M0+ vector table shares (ARMv6-M Architecture Reference
 * Manual, B1.5.2): the 16 system vectors, the parking loop every exception without
 * a handler lands in (the watchdog, once started, turns it into a reset), and weak
 * IRQ handlers a board overrides. Included once per image, by the chip's vectors.c.
 */
#include <stdint.h>

extern uint32_t __stack_top[];
void Reset_Handler(void); /* startup.c */

__attribute__((noreturn)) void Default_Handler(void) {
  for (;;) {
  }
}

/* An IRQ handler the board may define; the parking loop otherwise. */
#define WEAK_HANDLER(name) void name(void) __attribute__((weak, alias("Default_Handler")));

typedef void (*vector_t)(void);

/* Entries 0..15: the initial MSP, Reset, NMI, HardFault, SVCall, PendSV and SysTick
 * (never enabled: the nRF51 has none). */
#define CORTEX_M0_SYSTEM_VECTORS                                               \
  (vector_t) __stack_top, Reset_Handler, Default_Handler /* NMI */,            \
      Default_Handler /* HardFault */, 0, 0, 0, 0, 0, 0, 0,                    \
      Default_Handler /* SVCall */, 0, 0, Default_Handler /* PendSV */,        \
      Default_Handler /* SysTick */
