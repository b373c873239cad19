#!/usr/bin/env python3
"""Checks that a function's first two stores are at least CYCLES apart.

    Tools/lib/store-gap.py DISASSEMBLY FUNCTION CYCLES
    Tools/lib/store-gap.py --self-test

DISASSEMBLY is `llvm-objdump -d --no-show-raw-insn` of the image. The instructions
strictly between the function's first and second STR are priced with their least
Cortex-M0+ cost (ARM DDI 0484C, 3.3: NOP and data processing 1, B/BX 2, LDR/STR 2,
BL 3, anything else 1), and their sum must reach CYCLES. Used for the RP2040 USB
buffer control word (Hardware/rp2040/usb.c): AVAILABLE is written 12 clk_sys cycles
after the rest. Exits 1 when the gap is short, 2 when FUNCTION is not in the image
(board.json names the images that must hold it: a rename must not pass unseen).

--self-test runs the checker on made-up disassemblies (a gap of 12 NOPs passes, 11
and a load fail by one cycle, a missing function and a single store fail) and exits
1 if any verdict is wrong; Tools/build-firmware runs it before each check.
"""
import os
import tempfile
import re
import sys

COSTS = {"b": 2, "bx": 2, "ldr": 2, "ldrb": 2, "ldrh": 2, "str": 2, "strb": 2, "strh": 2, "bl": 3}


def main(path, function, cycles):
    body, inside = [], False
    with open(path) as f:
        for line in f:
            if re.match(rf"^[0-9a-f]+ <{re.escape(function)}>:", line):
                inside = True
                continue
            if inside:
                if not line.strip():
                    break
                parts = line.split("\t")
                if len(parts) >= 2:
                    body.append(parts[1].strip().split(".")[0] if parts[1].strip() else "")
    if not body:
        print(f"store-gap: {function} is not in the image")
        return 2
    stores = [i for i, op in enumerate(body) if op in ("str", "strb", "strh")]
    if len(stores) < 2:
        print(f"store-gap: FAIL: {function} has {len(stores)} store(s), expected two")
        return 1
    gap = sum(COSTS.get(op, 1) for op in body[stores[0] + 1:stores[1]])
    if gap < cycles:
        print(f"store-gap: FAIL: {function}: {gap} cycles between its two stores, need {cycles}")
        return 1
    print(f"{function}: {gap} cycles between its two stores (at least {cycles})")
    return 0


def disassembly(body):
    """An objdump listing of `arm` with `body` (mnemonic, operands) and a neighbour."""
    lines = ["10000100 <arm>:"]
    lines += [f"10000{0x100 + 2 * i:03x}:      \t{op}\t{args}" for i, (op, args) in enumerate(body)]
    return "\n".join(lines + ["", "10000200 <other>:", "10000200:      \tbx\tlr", ""])


def self_test():
    store = [("str", "r1, [r0]")]
    cases = [
        ("12 NOPs", store + [("nop", "")] * 12 + store + [("bx", "lr")], "arm", 0),
        ("11 NOPs", store + [("nop", "")] * 11 + store + [("bx", "lr")], "arm", 1),
        ("9 NOPs and a load", store + [("nop", "")] * 9 + [("ldr", "r2, [r0]")] + store, "arm", 1),
        ("a load and 10 NOPs", store + [("ldr", "r2, [r0]")] + [("nop", "")] * 10 + store, "arm", 0),
        ("one store", store + [("nop", "")] * 12, "arm", 1),
        ("another function", store + [("nop", "")] * 12 + store, "missing", 2),
    ]
    wrong = 0
    with tempfile.TemporaryDirectory(prefix="store-gap-") as scratch:
        path = os.path.join(scratch, "image.dis")
        for label, body, function, expected in cases:
            with open(path, "w") as f:
                f.write(disassembly(body))
            with open(os.devnull, "w") as quiet:
                stdout, sys.stdout = sys.stdout, quiet
                try:
                    verdict = main(path, function, 12)
                finally:
                    sys.stdout = stdout
            if verdict != expected:
                print(f"store-gap: self-test: {label}: exit {verdict}, expected {expected}")
                wrong += 1
    return 1 if wrong else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
