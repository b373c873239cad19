"""QEMU's exec log, read once for every tool that needs it (Tools/lib/m0-cycles.py,
Tools/lib/exec-profile.py).

The log comes from `qemu-system-arm -d in_asm,exec,nochain -D LOG`: each
translated block (TB) is listed with its instructions when it is translated
("IN:", then lines "0xADDRESS:  HALFWORD [HALFWORD]  MNEMONIC OPERANDS"), and each
execution is logged ("Trace N: HOST [../PC/..]"; `nochain` makes QEMU log every
one). A block translated again at the same host address replaces the old one.
"""
import re

INSTRUCTION = re.compile(r"^0x([0-9a-f]+):\s+([0-9a-f]{4})(?: ([0-9a-f]{4}))?\s+(\S+)\s*(.*)$")
EXECUTION = re.compile(r"^Trace \d+: (\S+) \[[0-9a-f]+/([0-9a-f]+)/")


def executions(path):
    """Yields (pc, instructions) for each executed TB, in order: its start address
    and its instructions as (address, size, mnemonic, operands), or None when the
    log never listed it (the log lacks in_asm)."""
    blocks = {}  # host address -> instructions of the latest translation there
    defining = None  # instructions of the block being listed
    listed = None  # a block listed, waiting for its first execution (its host address)
    with open(path, errors="replace") as log:
        for line in log:
            if line.startswith("IN:"):
                defining = []
                continue
            if defining is not None:
                match = INSTRUCTION.match(line)
                if match:
                    size = 4 if match.group(3) else 2
                    defining.append((int(match.group(1), 16), size, match.group(4), match.group(5)))
                    continue
                listed, defining = defining or None, None
            match = EXECUTION.match(line)
            if match:
                host = match.group(1)
                if listed is not None:
                    blocks[host], listed = listed, None
                yield int(match.group(2), 16), blocks.get(host)
