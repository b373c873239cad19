/*
 * Reset entry for every Cortex-M0/M0+ image (the nRF51822 on the micro:bit, the
 * RP2040 on the Pico); each chip's vector table is its vectors.c.
 *
 * Reset_Handler paints the stack (stack.c), sets the stack pointer, copies .data
 * from flash (on the RP2040 with the flash routines that must run from RAM:
 * .ramfunc), zeroes .bss and calls `main` (emitted by the Swift `@main` entry).
 * With MAIN_INTERRUPTS_MASKED (the micro:bit) `main` starts with interrupts masked
 * (PRIMASK) and takes them only where it sleeps (CPU.takeInterrupts); otherwise it
 * starts with them unmasked (the Pico: boot2 and the boot ROM may leave them
 * masked).
 */
#include <stdint.h>

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

extern int main(int argc, char **argv);
void stack_paint(void); /* stack.c */

__attribute__((noreturn, used)) static void start(void) {
  uint32_t *src = __data_load;
  for (uint32_t *dst = __data_start; dst < __data_end;) *dst++ = *src++;
  for (uint32_t *dst = __bss_start; dst < __bss_end;) *dst++ = 0;
#ifdef MAIN_INTERRUPTS_MASKED
  __asm volatile("cpsid i" ::: "memory");
#else
  __asm volatile("cpsie i" ::: "memory");
#endif
  (void)main(0, 0);
  for (;;) __asm volatile("wfe");
}

/* The core (or boot2) has loaded SP already; set it again so that a debugger
 * "jump to Reset_Handler" also starts on a clean stack. Before anything uses the
 * stack, paint all of it (stack_paint, which uses registers only). */
__attribute__((naked, noreturn)) void Reset_Handler(void) {
  __asm volatile(
      "bl stack_paint       \n"
      "ldr r0, =__stack_top \n"
      "mov sp, r0           \n"
      "b start              \n"
      ".ltorg               \n");
}

/* PRIMASK and WFI for CPU.swift. */
void cpu_mask_interrupts(void) { __asm volatile("cpsid i" ::: "memory"); }
void cpu_unmask_interrupts(void) { __asm volatile("cpsie i\n isb" ::: "memory"); }
/* Lets the pending handlers run, then masks interrupts again. */
void cpu_take_interrupts(void) { __asm volatile("cpsie i\n isb\n cpsid i" ::: "memory"); }
/* Sleeps until an enabled interrupt is pending; PRIMASK keeps it from being taken. */
void cpu_wait_for_interrupt(void) { __asm volatile("wfi" ::: "memory"); }
