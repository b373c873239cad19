#!/usr/bin/env python3
"""Reads the build facts: Hardware/flags.json (the Embedded Swift and C flags) and
Hardware/BOARD/board.json (one per board: modules, sources, linker script, defines,
budgets, images and where they go, the emulator's command line).

    build_facts.py flags TARGET                    bash assignments: EMBEDDED_TARGET,
                                                   EMBEDDED_SWIFT_FLAGS, EMBEDDED_C_FLAGS,
                                                   MODULE_OPT, EMBEDDED_FORBIDDEN_SYMBOLS_RE
    build_facts.py image BOARD [IMAGE] [OPTION...] bash assignments for one image of BOARD
                                                   (IMAGE: app by default; OPTION: e.g.
                                                   --serial uart, --adc gesture)
    build_facts.py path BOARD [IMAGE] [OPTION...]  the image's ELF, relative to the root
    build_facts.py qemu                            the micro:bit emulator's command line

Python callers import `board` and `image` instead. The host code reads the same
files (ForceDevice's FirmwareImage and QEMU).
"""
import json
import os
import shlex
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(path: str) -> dict:
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        return json.load(file)


def flags() -> dict:
    return load("Hardware/flags.json")


def board(name: str) -> dict:
    path = f"Hardware/{name}/board.json"
    if not os.path.exists(os.path.join(ROOT, path)):
        boards = sorted(d for d in os.listdir(os.path.join(ROOT, "Hardware"))
                        if os.path.exists(os.path.join(ROOT, "Hardware", d, "board.json")))
        raise SystemExit(f"unknown board: {name} ({' or '.join(boards)})")
    return load(path)


def image(board_name: str, name: str = "app", options: tuple = ()) -> dict:
    """The board's facts with those of one image laid over them."""
    facts = board(board_name)
    key = " ".join((name,) + tuple(options))
    images = facts["images"]
    if key not in images:
        choices = ", ".join(sorted(images))
        raise SystemExit(f"no image '{key}' for {board_name} (one of: {choices})")
    merged = {k: v for k, v in facts.items() if k != "images"}
    spec = images[key]
    for field, value in spec.items():
        if field in ("c_sources",):
            merged[field] = merged.get(field, []) + value
        else:
            merged[field] = value
    modules = [dict(m) for m in merged["modules"]]
    last = modules[-1]
    last["sources"] = last["sources"] + spec.get("support", []) + [spec["entry"]]
    if "module" in spec:
        last["name"] = spec["module"]
    merged["modules"] = modules
    merged["key"] = key
    return merged


def elf(facts: dict) -> str:
    return f"{facts['out']}/{facts['image']}.elf"


def bash_array(name: str, values) -> str:
    return f"{name}=({' '.join(shlex.quote(str(v)) for v in values)})"


def shell_flags(target: str) -> list:
    f = flags()
    t = f["targets"][target]
    lines = [
        f"EMBEDDED_TARGET={shlex.quote(t['triple'])}",
        bash_array("EMBEDDED_SWIFT_FLAGS", ["-target", t["triple"]] + f["swift"] + t.get("swift", [])),
        bash_array("EMBEDDED_C_FLAGS", t.get("c", [])),
        f"EMBEDDED_FORBIDDEN_SYMBOLS_RE={shlex.quote(f['forbidden_symbols'])}",
        "declare -gA MODULE_OPT=(" + " ".join(f"[{k}]={shlex.quote(v)}" for k, v in f["optimize"].items()) + ")",
    ]
    return lines


def c_defines(facts: dict) -> list:
    """The board's C defines, with the facts the firmware reads at run time
    (Hardware/pico/facts.c): xosc_startup_delay_multiplier, checked here."""
    defines = list(facts.get("c_defines", []))
    if "xosc_startup_delay_multiplier" in facts:
        multiplier = facts["xosc_startup_delay_multiplier"]
        # XOSC STARTUP.DELAY = 47 x the multiplier at 12 MHz, below 8192 as the Pico SDK requires.
        if not isinstance(multiplier, int) or isinstance(multiplier, bool) or not 1 <= multiplier <= 174:
            raise SystemExit(f"xosc_startup_delay_multiplier must be a whole number 1...174, not {multiplier!r}")
        defines.append(f"XOSC_STARTUP_DELAY_MULTIPLIER={multiplier}")
    return defines


def shell_image(facts: dict) -> list:
    budgets = facts.get("budgets", {})
    return [
        bash_array("PACKAGE_TARGETS", facts["package_targets"]),
        bash_array("BOARD_MODULES", [f"{m['name']}:{','.join(m['sources'])}" for m in facts["modules"]]),
        bash_array("C_SOURCES", facts["c_sources"]),
        bash_array("C_DEFINES", [f"-D{d}" for d in c_defines(facts)]),
        bash_array("C_EXTRA_FLAGS", facts.get("c_flags", [])),
        bash_array("INCLUDES", [f"-I{os.path.join(ROOT, d)}" for d in facts.get("include", [])]),
        bash_array("DEFINES", [x for d in facts.get("swift_defines", []) for x in ("-D", d)]),
        bash_array("LIBRARIES", facts.get("libraries", [])),
        f"BOOT2={shlex.quote(facts.get('boot2', ''))}",
        f"LINKER_SCRIPT={shlex.quote(facts['linker_script'])}",
        f"STACK_SIZE_OVERRIDE={facts.get('stack_size', '')}",
        f"IMAGE={shlex.quote(facts['image'])}",
        f"OUT_DEFAULT={shlex.quote(facts['out'])}",
        f"OUTPUTS={shlex.quote(','.join(facts['outputs']))}",
        f"FLASH_BUDGET={budgets.get('flash', '')}",
        f"RAM_BUDGET={budgets.get('ram', '')}",
        f"STACK_DEPTH_BUDGET={budgets.get('stack_depth', '')}",
        f"CHECK_NO_SYSTICK={1 if facts.get('no_systick') else 0}",
        bash_array("STACK_DEPTH_ARGS", facts.get("stack_depth_args", [])),
        bash_array("STORE_GAPS", [f"{g['function']}:{g['cycles']}" for g in facts.get("store_gaps", [])]),
    ]


def split_image_args(args: list) -> tuple:
    name = "app"
    if args and not args[0].startswith("--"):
        name, args = args[0], args[1:]
    return name, tuple(args)


def main(argv: list) -> int:
    if len(argv) < 1:
        print(__doc__, file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "flags" and len(rest) == 1:
        print("\n".join(shell_flags(rest[0])))
    elif command in ("image", "path") and rest:
        name, options = split_image_args(rest[1:])
        facts = image(rest[0], name, options)
        print("\n".join(shell_image(facts)) if command == "image" else elf(facts))
    elif command == "qemu" and not rest:
        print(" ".join(shlex.quote(a) for a in board("microbit")["emulator"]["qemu"]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
