#!/usr/bin/env python3
"""Prints the Embedded modules a firmware image needs, from the package's own graph.

    swift package describe --type json | Tools/lib/package-modules.py TARGET...

For the given SwiftPM targets and everything they depend on inside the package, one
line NAME:PATH each (PATH relative to the package root), dependencies before the
modules that import them, each module once. Package.swift stays the one place
that says which module imports which; Tools/build-firmware compiles them in this
order. Fails with a one-line message when a target is unknown, is not a Swift
library, or depends on another package's product (nothing outside the package is
Embedded-clean).
"""
import json
import sys


def main() -> int:
    try:
        package = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        print(f"package-modules: swift package describe gave no JSON: {error}", file=sys.stderr)
        return 1
    targets = {target["name"]: target for target in package["targets"]}
    order: list[str] = []

    def visit(name: str, chain: list[str]) -> None:
        if name in order:
            return
        if name in chain:
            raise SystemExit(f"package-modules: dependency cycle {' -> '.join(chain + [name])}")
        target = targets.get(name)
        if target is None:
            raise SystemExit(f"package-modules: no target {name} in Package.swift")
        if target.get("module_type") != "SwiftTarget" or target.get("type") != "library":
            raise SystemExit(f"package-modules: {name} is not a Swift library target")
        if target.get("product_dependencies"):
            products = ", ".join(target["product_dependencies"])
            raise SystemExit(f"package-modules: {name} depends on {products}, outside the package")
        for dependency in target.get("target_dependencies", []):
            visit(dependency, chain + [name])
        order.append(name)

    for root in sys.argv[1:]:
        visit(root, [])
    for name in order:
        print(f"{name}:{targets[name]['path']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
