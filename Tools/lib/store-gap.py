#!/usr/bin/env python3
"""Checks that a function's first two stores are at least CYCLES apart.

    Tools/lib/store-gap.py DISASSEMBLY FUNCTION CYCLES

DISASSEMBLY is `llvm-objdump -d --no-show-raw-insn` of the image. The instructions
strictly between the function's first and second STR are priced with their least
Cortex-M0+ cost (ARM DDI 0484C, 3.3: NOP and data processing 1, B/BX 2, LDR/STR 2,
BL 3, anything else 1), and their sum must reach CYCLES. Used for the RP2040 USB
buffer control word (Hardware/rp2040/usb.c): AVAILABLE is written 12 clk_sys cycles
after the rest. Exits 2 when FUNCTION is not in the image (nothing to check).
"""
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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
