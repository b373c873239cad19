#!/usr/bin/env python3
"""Worst-case stack depth of a Cortex-M0 image, from its disassembly.

    Tools/lib/stack-depth.py IMAGE.dis ENTRY [LIMIT] [--indirect NAME=BYTES ...] [--interrupt NAME ...]

Reads `llvm-objdump -d --no-show-raw-insn` output. Each function's frame is what its
prologue reserves: 4 bytes per register pushed, plus `sub sp, #N`, plus a constant
loaded from the literal pool and added with `add sp, rX` (large frames). Calls are
`bl` targets, branches to another function's start (tail calls), and `blx rX` (or
`bx rX`, a tail call) where rX was set with `ldr rX, [pc, …]` + `add rX, pc`
(the compiler's long-range call) or with `ldr rX, [pc, …]` alone (an absolute address, as
for a `long_call` into RAM). `--indirect NAME=BYTES` accepts the other indirect calls in
function NAME (code outside the image, such as the RP2040 boot ROM's routines) and
counts BYTES of stack for them. The deepest path from ENTRY is printed; with LIMIT
the exit status is 1 when it is deeper. `swift_once` may call any global's one-time
initialiser. Recursion, or a `blx` whose target cannot be resolved, is reported and
fails the check: the figure would not be an upper bound.

`--interrupt NAME` names an interrupt handler the image enables. An interrupt may
arrive at the deepest point of ENTRY's path: the bound adds the deepest handler's own
path and the exception frame the core stacks for it (8 registers, 32 bytes, and up to
4 bytes to align the stack to 8). The handlers share one priority (none is set), so
none preempts another: one handler's frame at most.
"""
import re
import sys

EXCEPTION_FRAME = 32 + 4  # r0-r3, r12, lr, pc, xPSR, and the 8-byte alignment pad

def parse(path):
    functions, order, literals = {}, [], {}
    current = None
    for line in open(path, encoding="utf-8", errors="replace"):
        header = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if header:
            current = {"name": header.group(2), "start": int(header.group(1), 16), "lines": []}
            functions[current["start"]] = current
            order.append(current["start"])
            continue
        if current is None:
            continue
        body = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
        if not body:
            continue
        address, text = int(body.group(1), 16), body.group(2)
        word = re.match(r"^([0-9a-f]{2}) ([0-9a-f]{2}) ([0-9a-f]{2}) ([0-9a-f]{2})\s+\.word", text)
        if word:
            literals[address] = int(word.group(4) + word.group(3) + word.group(2) + word.group(1), 16)
        current["lines"].append((address, text))
    return functions, sorted(order), literals

def analyse(function, literals, starts):
    frame, calls, unresolved = 0, set(), []
    registers = {}  # register -> literal value loaded from the pool
    for address, text in function["lines"]:
        push = re.match(r"push\s+\{([^}]*)\}", text)
        if push:
            frame += 4 * len([r for r in push.group(1).split(",") if r.strip()])
        sub = re.match(r"sub\s+sp, #(0x[0-9a-f]+|\d+)", text)
        if sub:
            frame += int(sub.group(1), 0)
        load = re.match(r"ldr\s+(r\d+), \[pc, #[^\]]*\]\s+@ 0x([0-9a-f]+)", text)
        if load:
            registers[load.group(1)] = literals.get(int(load.group(2), 16))
        add_sp = re.match(r"add\s+sp, (r\d+)", text)
        if add_sp and registers.get(add_sp.group(1)) is not None:
            value = registers[add_sp.group(1)]
            if value >= 0x80000000:
                frame += 0x100000000 - value
        add_pc = re.match(r"add\s+(r\d+), pc", text)
        if add_pc and registers.get(add_pc.group(1)) is not None:
            registers[add_pc.group(1)] = ("pc", (registers[add_pc.group(1)] + address + 4) & 0xFFFFFFFF)
        call = re.match(r"bl\s+0x([0-9a-f]+)", text) or re.match(r"b(?:\.w)?\s+0x([0-9a-f]+)", text)
        if call:  # a call, or a tail call (a branch to another function's start)
            calls.add(int(call.group(1), 16))
        # `blx rX` calls through a register; `bx rX` other than `bx lr` is a tail call
        # through one (as the Pico's interrupt vectors enter their Swift handlers).
        indirect = re.match(r"blx\s+(r\d+)", text) or re.match(r"bx\s+(r\d+)", text)
        if indirect:
            value = registers.get(indirect.group(1))
            if isinstance(value, tuple):
                calls.add(value[1] & ~1)
            elif isinstance(value, int) and value & 1 and (value & ~1) in starts:  # absolute Thumb address
                calls.add(value & ~1)
            else:
                unresolved.append(address)
    return frame, {c for c in calls if c in starts}, unresolved

def main():
    args, allowances, handlers = [], {}, []
    argv = sys.argv[1:]
    while argv:
        if argv[0] == "--indirect" and len(argv) > 1:
            name, _, size = argv[1].partition("=")
            allowances[name] = int(size)
            argv = argv[2:]
        elif argv[0] == "--interrupt" and len(argv) > 1:
            handlers.append(argv[1])
            argv = argv[2:]
        else:
            args.append(argv.pop(0))
    path, entry = args[0], args[1]
    limit = int(args[2]) if len(args) > 2 else None
    functions, starts, literals = parse(path)
    info = {start: analyse(functions[start], literals, set(starts)) for start in starts}
    for start in starts:  # indirect calls accepted, with their stack allowance
        name = functions[start]["name"]
        if name in allowances and info[start][2]:
            frame, calls, _ = info[start]
            info[start] = (frame + allowances[name], calls, [])
    # swift_once calls a global's one-time initialiser through a pointer: all of them
    # (mangled names ending in WZ) are its possible callees.
    initialisers = {s for s in starts if functions[s]["name"].endswith("WZ")}
    for start in starts:
        if functions[start]["name"] == "swift_once":
            frame, calls, _ = info[start]
            info[start] = (frame, calls | initialisers, [])
    roots = [s for s in starts if functions[s]["name"] == entry]
    if not roots:
        sys.exit(f"stack-depth: no function named {entry}")
    problems, memo = [], {}

    def deepest(start, stack):
        once = functions[start]["name"] == "swift_once"  # nests, once per initialiser
        if start in stack and not once:
            problems.append("recursion through " + functions[start]["name"])
            return 0, []
        if start in memo and not once:
            return memo[start]
        frame, calls, unresolved = info[start]
        for address in unresolved:
            problems.append(f"unresolved indirect call at 0x{address:x} in {functions[start]['name']}")
        best = (0, [])
        for callee in calls:
            if once and callee in stack:
                continue  # an initialiser already running does not run again
            reported = len(problems)
            depth, path = deepest(callee, stack | {start})
            if once and any(p.startswith("recursion") for p in problems[reported:]):
                # swift_once's callees are every initialiser, a superset. One that
                # leads back into a function already on the stack is not the one
                # running here: globals are initialised on first use, before the
                # paths that reach swift_once again (the firmware global at the top
                # of main), so it has run already. Drop it instead of reporting.
                del problems[reported:]
                continue
            if depth > best[0]:
                best = (depth, path)
        result = (frame + best[0], [start] + best[1])
        if not once:
            memo[start] = result
        return result

    depth, path = deepest(roots[0], frozenset())
    interrupt, interrupt_path = 0, []
    for handler in handlers:
        starts_of = [s for s in starts if functions[s]["name"] == handler]
        if not starts_of:
            sys.exit(f"stack-depth: no interrupt handler named {handler}")
        handler_depth, handler_path = deepest(starts_of[0], frozenset())
        if EXCEPTION_FRAME + handler_depth > interrupt:
            interrupt, interrupt_path = EXCEPTION_FRAME + handler_depth, handler_path
    if handlers:
        print(f"deepest stack from {entry}: {depth + interrupt} bytes ({depth} and an interrupt's {interrupt})")
    else:
        print(f"deepest stack from {entry}: {depth} bytes")
    for start in path:
        print(f"  {info[start][0]:5d}  {functions[start]['name'][:100]}")
    if interrupt_path:
        print(f"  {EXCEPTION_FRAME:5d}  (exception frame)")
        for start in interrupt_path:
            print(f"  {info[start][0]:5d}  {functions[start]['name'][:100]}")
    depth += interrupt
    for problem in sorted(set(problems)):
        print("  problem:", problem)
    if problems or (limit is not None and depth > limit):
        sys.exit(1)

main()
