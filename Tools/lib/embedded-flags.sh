# shellcheck shell=bash
# The toolchain and the Embedded Swift flags for the Cortex-M0 images, for the shell
# scripts. Source this file; it only sets variables and never runs anything. The
# flags themselves live in Hardware/flags.json (read by Tools/lib/build_facts.py).
#
#   source "$ROOT/Tools/lib/embedded-flags.sh"
#   "$SWIFTC" "${EMBEDDED_SWIFT_FLAGS[@]}" -module-name X ...
#
# Override the toolchain location with SWIFT_TOOLCHAIN=/path/to/usr (default /opt/swift/usr).

SWIFT_TOOLCHAIN="${SWIFT_TOOLCHAIN:-/opt/swift/usr}"
SWIFTC="${SWIFTC:-$SWIFT_TOOLCHAIN/bin/swiftc}"
CLANG="${CLANG:-$SWIFT_TOOLCHAIN/bin/clang}"
LLD="${LLD:-$SWIFT_TOOLCHAIN/bin/ld.lld}"
LLVM_NM="${LLVM_NM:-$SWIFT_TOOLCHAIN/bin/llvm-nm}"
LLVM_OBJCOPY="${LLVM_OBJCOPY:-$SWIFT_TOOLCHAIN/bin/llvm-objcopy}"
LLVM_OBJDUMP="${LLVM_OBJDUMP:-$SWIFT_TOOLCHAIN/bin/llvm-objdump}"
BUILD_FACTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/build_facts.py"

# EMBEDDED_TARGET, EMBEDDED_SWIFT_FLAGS, EMBEDDED_C_FLAGS, MODULE_OPT (the modules
# compiled with -O instead of -Osize) and EMBEDDED_FORBIDDEN_SYMBOLS_RE (symbols that
# mean an image or a module allocates or refcounts).
eval "$(python3 "$BUILD_FACTS" flags armv6m)"
