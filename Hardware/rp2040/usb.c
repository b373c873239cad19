// Arms a buffer of the RP2040's USB controller (USBDeviceController.swift).
//
// The controller runs on clk_usb (48 MHz), the core on clk_sys (125 MHz): the
// datasheet (4.1.2.5.1) asks for the buffer control word to be written without
// AVAILABLE first and with it only after a delay, so the controller sees the
// length, PID and FULL bits before it may use the buffer. TinyUSB waits 12 clk_sys
// cycles; so does this, with 12 NOPs (one cycle each on the Cortex-M0+) between the
// two stores. Tools/build-firmware checks the gap on the disassembly
// (board.json "store_gaps", Tools/lib/store-gap.py), so no compiler change can
// shrink it unnoticed.
#include <stdint.h>

#define USB_BUF_CTRL_AVAILABLE (1u << 10)

__attribute__((noinline)) void rp2040_usb_buffer_arm(uint32_t address, uint32_t value) {
  volatile uint32_t *control = (volatile uint32_t *)address;
  *control = value & ~USB_BUF_CTRL_AVAILABLE;
  __asm volatile("nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop" ::: "memory");
  *control = value | USB_BUF_CTRL_AVAILABLE;
}
