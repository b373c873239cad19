/*
 * Build facts the firmware reads at run time, from Hardware/pico/board.json through
 * Tools/lib/build_facts.py (as -D defines): the one home of each is board.json.
 */
#include <stdint.h>

#ifndef XOSC_STARTUP_DELAY_MULTIPLIER
#error "XOSC_STARTUP_DELAY_MULTIPLIER comes from Hardware/pico/board.json (xosc_startup_delay_multiplier)"
#endif

/* The crystal's start-up delay in units of the ~1 ms default (the Pico SDK's
 * PICO_XOSC_STARTUP_DELAY_MULTIPLIER): 1 on a Pico, more on boards whose crystal
 * starts slowly. Clocks.start. */
uint32_t pico_xosc_startup_multiplier(void) { return XOSC_STARTUP_DELAY_MULTIPLIER; }
