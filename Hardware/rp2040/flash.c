/*
 * RP2040 flash erase and program through the boot ROM's routines, the flash chip's
 * unique ID, and the ROM's reboot into BOOTSEL mode (reset_usb_boot).
 *
 * While the flash chip is being erased or programmed it cannot be read, so no
 * code may run from flash (XIP) meanwhile: the sequence connect_internal_flash,
 * flash_exit_xip, then flash_range_erase, flash_range_program or the unique ID
 * command, then flash_flush_cache, flash_enter_cmd_xip runs from RAM (section
 * .ramfunc, copied there at reset), with interrupts masked, and the data it
 * programs is staged in RAM too. The ROM's XIP mode after flash_enter_cmd_xip is
 * serial 03h reads, the same mode boot2.S sets up, so nothing is slower after a
 * write than before.
 *
 * The ROM routines are found through the ROM's function table (rom_func_lookup
 * at 0x18, the table at 0x14, two-letter codes). Tools/lib/stack-depth.py cannot see
 * into the ROM: the build grants rp2040_flash_ram_op 256 bytes of stack for the
 * flash routines, rom_resolve 64 for the table lookup and rp2040_reset_usb_boot 64
 * for the lookup and reset_usb_boot (--indirect in Tools/build-firmware). The
 * deepest stack the ROM actually used during a save in the emulator is what
 * Tests/Emulators/pico-emulator.py reports as rom_stack_bytes.
 */
#include <stddef.h>
#include <stdint.h>

#define FLASH_PAGE_SIZE 256u    /* program granularity */
#define FLASH_SECTOR_SIZE 4096u /* erase granularity */
#define FLASH_BLOCK_SIZE 65536u
#define FLASH_BLOCK_ERASE_CMD 0xd8u
#define XIP_BASE 0x10000000u

/* The unique ID (RUID, 4Bh): the command, four dummy bytes, then 8 bytes of ID,
 * clocked through the SSI by hand with the chip select forced low, as the boot ROM
 * does when it reads the ID for its USB serial number in BOOTSEL mode. */
#define FLASH_RUID_CMD 0x4bu
#define FLASH_RUID_DUMMY_BYTES 4u
#define FLASH_RUID_BYTES 8u
#define SSI_SR (*(volatile uint32_t *)0x18000028u)
#define SSI_DR0 (*(volatile uint32_t *)0x18000060u)
#define SSI_SR_TFNF 0x2u
#define SSI_SR_RFNE 0x8u
/* IO_QSPI GPIO_QSPI_SS_CTRL: OUTOVER (bits 8-9) 2 drives the chip select low, 3 high. */
#define QSPI_SS_CTRL (*(volatile uint32_t *)0x4001800cu)
#define QSPI_SS_OUTOVER_MASK (3u << 8)
#define QSPI_SS_LOW (2u << 8)
#define QSPI_SS_HIGH (3u << 8)

enum flash_op { FLASH_OP_ERASE, FLASH_OP_PROGRAM, FLASH_OP_UNIQUE_ID };

typedef void (*rom_void_fn)(void);
typedef void (*rom_erase_fn)(uint32_t addr, size_t count, uint32_t block_size, uint8_t block_cmd);
typedef void (*rom_program_fn)(uint32_t addr, const uint8_t *data, size_t count);
typedef void *(*rom_lookup_fn)(const uint16_t *table, uint32_t code);

/* In RAM (.bss): read by the RAM routine while flash is unavailable. */
static struct {
  rom_void_fn connect_internal_flash;
  rom_void_fn flash_exit_xip;
  rom_erase_fn flash_range_erase;
  rom_program_fn flash_range_program;
  rom_void_fn flash_flush_cache;
  rom_void_fn flash_enter_cmd_xip;
} rom;
static uint8_t page_buffer[FLASH_PAGE_SIZE];

static void *rom_lookup(char c1, char c2) {
  const uint16_t table = *(const volatile uint16_t *)0x14;
  const uint16_t lookup = *(const volatile uint16_t *)0x18;
  return ((rom_lookup_fn)(uintptr_t)lookup)((const uint16_t *)(uintptr_t)table,
                                            (uint32_t)c1 | ((uint32_t)c2 << 8));
}

static void rom_resolve(void) {
  if (rom.flash_enter_cmd_xip) return;
  rom.connect_internal_flash = (rom_void_fn)rom_lookup('I', 'F');
  rom.flash_exit_xip = (rom_void_fn)rom_lookup('E', 'X');
  rom.flash_range_erase = (rom_erase_fn)rom_lookup('R', 'E');
  rom.flash_range_program = (rom_program_fn)rom_lookup('R', 'P');
  rom.flash_flush_cache = (rom_void_fn)rom_lookup('F', 'C');
  rom.flash_enter_cmd_xip = (rom_void_fn)rom_lookup('C', 'X');
}

static inline __attribute__((always_inline)) void qspi_select(uint32_t level) {
  QSPI_SS_CTRL = (QSPI_SS_CTRL & ~QSPI_SS_OUTOVER_MASK) | level;
}

/* Sends the unique ID command with the flash out of XIP and keeps the 8 ID bytes in
 * `id`, the first received first: one byte out, one byte in, so the SSI's FIFOs never
 * hold more than one. Inlined into the RAM routine. */
static inline __attribute__((always_inline)) void flash_read_unique_id(uint8_t *id) {
  qspi_select(QSPI_SS_LOW);
  for (uint32_t i = 0; i < 1u + FLASH_RUID_DUMMY_BYTES + FLASH_RUID_BYTES; i++) {
    while (!(SSI_SR & SSI_SR_TFNF)) {}
    SSI_DR0 = i == 0 ? FLASH_RUID_CMD : 0;
    while (!(SSI_SR & SSI_SR_RFNE)) {}
    uint8_t byte = (uint8_t)SSI_DR0;
    if (i > FLASH_RUID_DUMMY_BYTES) id[i - 1u - FLASH_RUID_DUMMY_BYTES] = byte;
  }
  qspi_select(QSPI_SS_HIGH);
}

/* With the flash out of XIP: erases `count` bytes at flash offset `offset`
 * (FLASH_OP_ERASE), programs them from `data` in RAM (FLASH_OP_PROGRAM), or reads
 * the chip's unique ID into `data` in RAM (FLASH_OP_UNIQUE_ID, 8 bytes). Runs from
 * RAM; calls only the ROM. */
__attribute__((section(".ramfunc"), noinline, used)) void rp2040_flash_ram_op(
    uint32_t op, uint32_t offset, uint8_t *data, uint32_t count) {
  uint32_t primask;
  __asm volatile("mrs %0, primask\n cpsid i" : "=r"(primask)::"memory");
  rom.connect_internal_flash();
  rom.flash_exit_xip();
  if (op == FLASH_OP_PROGRAM) {
    rom.flash_range_program(offset, data, count);
  } else if (op == FLASH_OP_ERASE) {
    rom.flash_range_erase(offset, count, FLASH_BLOCK_SIZE, FLASH_BLOCK_ERASE_CMD);
  } else {
    flash_read_unique_id(data);
  }
  rom.flash_flush_cache();
  rom.flash_enter_cmd_xip();
  __asm volatile("msr primask, %0" ::"r"(primask) : "memory");
}

/* Erases whole 4 KB sectors (offset and count multiples of 4096) to 0xFF. */
void rp2040_flash_erase(uint32_t offset, uint32_t count) {
  if ((offset | count) & (FLASH_SECTOR_SIZE - 1)) return;
  rom_resolve();
  rp2040_flash_ram_op(FLASH_OP_ERASE, offset, 0, count);
}

/* Programs `count` bytes from `src` at flash offset `offset`. Flash programs whole
 * 256-byte pages: each page touched is staged in RAM with 0xFF around the new
 * bytes (programming 0xFF leaves a byte as it is: program only clears bits). */
void rp2040_flash_write(uint32_t offset, const uint8_t *src, uint32_t count) {
  rom_resolve();
  while (count) {
    uint32_t page = offset & ~(FLASH_PAGE_SIZE - 1);
    uint32_t start = offset - page;
    uint32_t n = FLASH_PAGE_SIZE - start < count ? FLASH_PAGE_SIZE - start : count;
    for (uint32_t i = 0; i < FLASH_PAGE_SIZE; i++) page_buffer[i] = 0xff;
    for (uint32_t i = 0; i < n; i++) page_buffer[start + i] = src[i];
    rp2040_flash_ram_op(FLASH_OP_PROGRAM, page, page_buffer, FLASH_PAGE_SIZE);
    offset += n;
    src += n;
    count -= n;
  }
}

/* The flash chip's 64-bit unique ID, its first byte in the top eight bits: what the
 * boot ROM shows as its USB serial number in BOOTSEL mode (16 hex digits in the same
 * order). A chip without the command reads all ones. */
uint64_t rp2040_flash_unique_id(void) {
  uint8_t id[FLASH_RUID_BYTES];
  rom_resolve();
  rp2040_flash_ram_op(FLASH_OP_UNIQUE_ID, 0, id, FLASH_RUID_BYTES);
  uint64_t value = 0;
  for (uint32_t i = 0; i < FLASH_RUID_BYTES; i++) value = value << 8 | id[i];
  return value;
}

typedef void (*rom_reset_usb_boot_fn)(uint32_t gpio_activity_mask, uint32_t disable_interface_mask);

/* The boot ROM's reset_usb_boot ('UB'): reboots into BOOTSEL mode through the
 * watchdog. With interrupts masked, so no handler runs while it waits for the reboot.
 * Does not return. */
__attribute__((noreturn)) void rp2040_reset_usb_boot(uint32_t gpio_activity_mask,
                                                     uint32_t disable_interface_mask) {
  __asm volatile("cpsid i" ::: "memory");
  ((rom_reset_usb_boot_fn)rom_lookup('U', 'B'))(gpio_activity_mask, disable_interface_mask);
  for (;;) __asm volatile("wfi");
}
