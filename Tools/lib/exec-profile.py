#!/usr/bin/env python3
"""Instructions per frame, by function, from a QEMU exec log of the micro:bit image.

    Tools/lib/exec-profile.py QEMU_LOG ELF_SYMBOLS PER_CALL_OF [TOP]

QEMU_LOG comes from `qemu-system-arm -d in_asm,exec,nochain -D QEMU_LOG`: each
translated block (TB) is listed with its instructions when translated ("IN:"), and
each execution is logged ("Trace N: HOST [../PC/..]"). A block's size is that of its
latest translation at the same host address. ELF_SYMBOLS is `llvm-nm -n` of the
image. Every executed block is charged to the function holding its PC ("self"), and
to every function on the call stack followed from function entries and returns
("inclusive"). Both are divided by the executions of the entry of the function
named PER_CALL_OF (the engine's `step`: once a frame). Prints the TOP (default 25)
functions by inclusive count: INCLUSIVE SELF NAME.
"""
import bisect
import collections
import re
import sys


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
    entry = next(address for address, name in symbols if per_call_of in name)

    def function(pc):
        index = bisect.bisect_right(starts, pc) - 1
        return symbols[index][1] if index >= 0 else "?"

    trace = re.compile(r"Trace \d+: (0x[0-9a-f]+) \[[0-9a-f]+/([0-9a-f]+)/")
    sizes, pending, counting, count = {}, None, False, 0
    own, inclusive, calls, stack = collections.Counter(), collections.Counter(), 0, []
    for line in open(log, errors="replace"):
        if line.startswith("IN:"):
            counting, count = True, 0
        elif counting:
            if line.startswith("0x"):
                count += 1
            elif not line.strip():
                counting, pending = False, count
        elif line.startswith("Trace"):
            match = trace.match(line)
            host, pc = match.group(1), int(match.group(2), 16)
            if pending is not None:
                sizes[host], pending = pending, None
            size, name = sizes.get(host, 1), function(pc)
            if pc in starts:
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
