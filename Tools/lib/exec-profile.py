#!/usr/bin/env python3
"""Instructions per frame, by function, from a QEMU exec log of the micro:bit image.

    Tools/lib/exec-profile.py QEMU_LOG ELF_SYMBOLS PER_CALL_OF [TOP]

QEMU_LOG comes from `qemu-system-arm -d in_asm,exec,nochain -D QEMU_LOG`
(Tools/lib/qemu_exec_log.py reads it). ELF_SYMBOLS is `llvm-nm -n` of the
image. Every executed block is charged to the function holding its PC ("self"), and
to every function on the call stack followed from function entries and returns
("inclusive"). Both are divided by the executions of the entry of the function
named PER_CALL_OF (the engine's `step`: once a frame). Prints the TOP (default 25)
functions by inclusive count: INCLUSIVE SELF NAME.
"""
import bisect
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qemu_exec_log import executions  # noqa: E402


def main():
    log, symbol_file, per_call_of = sys.argv[1:4]
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 25
    symbols = []
    for line in open(symbol_file):
        fields = line.split(None, 2)
        if len(fields) == 3 and fields[1] in "tTwW":
            symbols.append((int(fields[0], 16), fields[2].strip()))
    symbols.sort()
    starts = [address for address, _ in symbols]
    entries = set(starts)
    entry = next(address for address, name in symbols if per_call_of in name)

    def function(pc):
        index = bisect.bisect_right(starts, pc) - 1
        return symbols[index][1] if index >= 0 else "?"

    own, inclusive, calls, stack = collections.Counter(), collections.Counter(), 0, []
    for pc, block in executions(log):
        size, name = len(block) if block else 1, function(pc)
        if pc in entries:
            stack.append(name)  # a call (or a tail call) enters `name`
        elif name in stack:
            while stack[-1] != name:
                stack.pop()  # returned into `name`
        else:
            stack = [name]  # an exception entry or a jump the stack missed
        del stack[:-64]
        own[name] += size
        for caller in set(stack):
            inclusive[caller] += size
        calls += pc == entry
    if calls == 0:
        sys.exit(f"exec-profile: {per_call_of} never ran")
    print(f"{calls} calls of {per_call_of}; instructions per call: inclusive, self, function")
    for name, total in inclusive.most_common(top):
        print(f"{total / calls:9.1f} {own[name] / calls:9.1f}  {name}")


if __name__ == "__main__":
    main()
