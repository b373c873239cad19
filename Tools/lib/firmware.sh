# shellcheck shell=bash
# The micro:bit image and the emulator command line, for the shell scripts: where
# Tools/build-firmware writes the image and how QEMU boots it, both read from
# Hardware/microbit/board.json (as the host code's FirmwareImage and QEMU do).
# Source this file; it only sets variables.

_facts="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/build_facts.py"
FIRMWARE_ELF="$(python3 "$_facts" path microbit)"
read -ra _qemu <<<"$(python3 "$_facts" qemu)"
QEMU="${QEMU:-${_qemu[0]}}"
# The BBC micro:bit v1 model, headless; add -kernel IMAGE and a -serial backend.
QEMU_MACHINE_ARGS=("${_qemu[@]:1}")
unset _facts _qemu
