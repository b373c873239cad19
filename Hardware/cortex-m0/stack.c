/*
 * The stack's high-water mark, for both boards (Cortex-M0 and M0+).
 *
 * Reset_Handler calls stack_paint before anything uses the stack: it fills the
 * whole stack region (__stack_bottom .. __stack_top, from the board's linker
 * script) with STACK_PAINT, using registers only. stack_high_water then finds the
 * deepest word overwritten since, which the boards report in `info` and
 * `benchResult`.
 */
#include <stdint.h>

extern uint32_t __stack_bottom[], __stack_top[];

#define STACK_PAINT 0x5AC3C35Au

/* Naked and register-only (r0-r2): safe before the stack pointer is set. */
__attribute__((naked)) void stack_paint(void) {
  __asm volatile(
      "ldr r0, =__stack_bottom \n"
      "ldr r1, =__stack_top    \n"
      "ldr r2, =0x5AC3C35A     \n"
      "1: str r2, [r0]         \n"
      "adds r0, #4             \n"
      "cmp r0, r1              \n"
      "blo 1b                  \n"
      "bx lr                   \n"
      ".ltorg                  \n");
}

/* Bytes of the stack used since reset: from the first word, scanning up from the
 * far end, that no longer holds the paint, to the top. */
uint32_t stack_high_water(void) {
  const uint32_t *p = __stack_bottom;
  while (p < __stack_top && *p == STACK_PAINT) p++;
  return (uint32_t)((const char *)__stack_top - (const char *)p);
}
