# shellcheck shell=bash
# The micro:bit image and the emulator command line, for the shell scripts: where
# Tools/build-firmware writes the image and how QEMU boots it. Source this file; it
# only sets variables. The host code's copy is ForceDevice (FirmwareImage, QEMU);
# ForceDeviceTests keeps the two equal.

FIRMWARE_DIR=".build-firmware/microbit"
FIRMWARE_IMAGE="forcepicker-microbit"
FIRMWARE_ELF="$FIRMWARE_DIR/$FIRMWARE_IMAGE.elf"
QEMU="${QEMU:-qemu-system-arm}"
# The BBC micro:bit v1 model, headless; add -kernel IMAGE and a -serial backend.
QEMU_MACHINE_ARGS=(-M microbit -display none -monitor none)
