#!/usr/bin/env python3
"""Prices a QEMU instruction trace with Cortex-M0 cycle costs, per call of a function.

    Tools/lib/m0-cycles.py [--every N] QEMU_LOG NAME=ADDRESS [NAME=ADDRESS ...]

QEMU_LOG comes from `qemu-system-arm -d in_asm,exec,nochain -D QEMU_LOG`: every
translated block (TB) is listed once with its instructions ("IN:"), and every
execution of a TB is logged ("Trace ... [../PC/..]"; `nochain` makes QEMU log each
one). For every NAME, each call of the function at ADDRESS (hex) is followed from
the TB at its entry to the first TB at its return address (the instruction after
the BL that entered it), callees included; the caller's argument set-up and the BL
itself are not counted, for every function alike. Prints one line per NAME:

    NAME CALLS CYCLES/CALL INSTRUCTIONS/CALL MAX-CYCLES

With `--every N`, each function's calls are taken N at a time, in order, and priced
apart: one line per group, named NAME.0, NAME.1, … (a bench that runs N frames at
each of several settings).

Cycle table: ARM Cortex-M0 Technical Reference Manual (ARM DDI 0432C), section 3.3,
Table 3-1 "Cortex-M0 instruction summary", zero wait states, the single-cycle
multiplier (the nRF51's):

    data processing, moves, compares, shifts, extends, ADR, MULS     1
    MOV PC, Rm / ADD PC, PC, Rm                                      3
    LDR*, STR* (every addressing mode, literal loads included)       2
    LDM, STM, PUSH (N registers)                                     1 + N
    POP without PC / POP with PC (N registers, PC counted)           1 + N / 4 + N
    B<cond> taken / not taken                                        3 / 1
    B (unconditional), BX, BLX                                       3
    BL                                                               4
    MRS, MSR, DMB, DSB, ISB                                          4
    WFI, WFE                                                         2 (without the wait)

A conditional branch at the end of a TB is taken when the next TB executed does not
start right after it. No interrupt may fire inside a priced call (the bench images
enable none).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qemu_exec_log import executions  # noqa: E402

CONDITIONS = {"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le"}


def register_count(operands):
    """Registers in a list such as {r4, r5, lr} or {r4-r7, pc}."""
    inside = operands[operands.index("{") + 1 : operands.index("}")]
    count = 0
    for item in inside.split(","):
        item = item.strip()
        if "-" in item:
            low, high = (int(r.strip()[1:]) for r in item.split("-"))
            count += high - low + 1
        elif item:
            count += 1
    return count


def cost(mnemonic, operands, taken):
    """Cycles of one instruction; `taken` says whether a branch left the straight line."""
    m = mnemonic.split(".")[0]
    if m == "bl":
        return 4
    if m in ("bx", "blx", "b"):
        return 3
    if m.startswith("b") and m[1:] in CONDITIONS:
        return 3 if taken else 1
    if m in ("push", "ldm", "stm", "ldmia", "stmia"):
        return 1 + register_count(operands)
    if m == "pop":
        n = register_count(operands)
        return 4 + n if "pc" in operands else 1 + n
    if m.startswith("ldr") or m.startswith("str"):
        return 2
    if m in ("mov", "add") and operands.split(",")[0].strip() == "pc":
        return 3
    if m in ("mrs", "msr", "dmb", "dsb", "isb"):
        return 4
    if m in ("wfi", "wfe"):
        return 2
    return 1


def main(argv):
    every = 0
    if len(argv) > 1 and argv[1].startswith("--every"):
        if argv[1] == "--every" and len(argv) > 2:
            every, argv = int(argv[2]), argv[:1] + argv[3:]
        else:
            every, argv = int(argv[1].partition("=")[2]), argv[:1] + argv[2:]
        if every < 1:
            sys.exit("m0-cycles: --every takes a count of calls, 1 or more")
    if len(argv) < 3:
        sys.exit("usage: m0-cycles.py [--every N] QEMU_LOG NAME=ADDRESS [NAME=ADDRESS ...]")
    entries = {}
    for spec in argv[2:]:
        name, _, address = spec.partition("=")
        if not address:
            sys.exit(f"m0-cycles: bad function {spec!r}: expected NAME=HEXADDRESS")
        entries[int(address, 16)] = name
    names = list(entries.values())
    stats = {}  # name (with its group under --every) -> calls, cycles, instructions, max cycles
    calls_of = {name: 0 for name in names}

    previous = None  # the TB executed before `pending`
    pending = None  # the TB executed last, priced once the next one is known
    frame = None  # [name, return address, cycles, instructions] while inside a call

    def settle(block, next_pc):
        nonlocal frame
        start = block[0][0]
        if frame is not None and start == frame[1]:
            name = frame[0]
            key = f"{name}.{calls_of[name] // every}" if every else name
            calls_of[name] += 1
            s = stats.setdefault(key, [0, 0, 0, 0])
            s[0] += 1
            s[1] += frame[2]
            s[2] += frame[3]
            s[3] = max(s[3], frame[2])
            frame = None
        if frame is None and start in entries:
            if previous is None:
                sys.exit("m0-cycles: a priced function runs first; no caller to return to")
            last = previous[-1]
            frame = [entries[start], last[0] + last[1], 0, 0]
        if frame is not None:
            for index, (address, size, mnemonic, operands) in enumerate(block):
                taken = index == len(block) - 1 and next_pc != address + size
                frame[2] += cost(mnemonic, operands, taken)
                frame[3] += 1

    for pc, block in executions(argv[1]):
        if block is None:
            sys.exit(f"m0-cycles: TB at {pc:#x} executed but never listed (need -d in_asm)")
        if pending is not None:
            settle(pending, pc)
        previous, pending = pending, block

    for name in names:
        if calls_of[name] == 0:
            sys.exit(f"m0-cycles: {name} was never called in the trace")
    for key in sorted(stats, key=lambda k: (names.index(k.rsplit(".", 1)[0] if every else k), k)):
        calls, cycles, instructions, worst = stats[key]
        print(f"{key} {calls} {cycles / calls:.0f} {instructions / calls:.0f} {worst}")


if __name__ == "__main__":
    main(sys.argv)
