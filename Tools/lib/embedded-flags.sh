# shellcheck shell=bash
# Shared Embedded Swift flags for the ForcePicker firmware (nRF51822 / Cortex-M0).
# Source this file; it only sets variables and never runs anything.
#
#   source "$(dirname "$0")/lib/embedded-flags.sh"
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

# Cortex-M0 (ARMv6-M), no FPU, no OS.
EMBEDDED_TARGET="armv6m-none-none-eabi"

EMBEDDED_SWIFT_FLAGS=(
  -target "$EMBEDDED_TARGET"
  -enable-experimental-feature Embedded
  -wmo
  -Osize
  -parse-as-library
  # One section per function so ld.lld --gc-sections drops what is unused
  # (including the weak Swift runtime every Embedded object carries).
  -Xfrontend -function-sections
  # No __stack_chk_guard/__stack_chk_fail: the linker script puts the stack at
  # the bottom of RAM, so an overflow faults instead of corrupting data.
  -Xfrontend -disable-stack-protector
  # ARMv6-M has no LDREX/STREX. Without this, _Volatile and global initialisers
  # pull in __atomic_* library calls; with it LLVM emits __sync_* calls, which
  # the board runtime implements with interrupts masked (single core).
  -Xcc -Xclang -Xcc -target-feature -Xcc -Xclang -Xcc +atomics-32
)

# C startup/runtime files for the board.
EMBEDDED_C_FLAGS=(
  --target=armv6m-none-eabi
  -mcpu=cortex-m0
  -mthumb
  -mfloat-abi=soft
  -Os
  -ffreestanding
  -fno-builtin
  -ffunction-sections
  -fdata-sections
  -fno-stack-protector
  -nostdlib
  -Wall
  -Werror
)

# Symbols that mean the image (or a module) allocates or refcounts.
# The build fails if any survives the final link.
EMBEDDED_FORBIDDEN_SYMBOLS_RE='^(malloc|calloc|realloc|posix_memalign|swift_allocObject|swift_retain|swift_release|swift_slowAlloc)$'
