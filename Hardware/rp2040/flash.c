/*
 * RP2040 flash erase and program through the boot ROM's routines.
 *
 * While the flash chip is being erased or programmed it cannot be read, so no
 * code may run from flash (XIP) meanwhile: the sequence connect_internal_flash,
 * flash_exit_xip, flash_range_erase or flash_range_program, flash_flush_cache,
 * flash_enter_cmd_xip runs from RAM (section .ramfunc, copied there at reset),
 * with interrupts masked, and the data it programs is staged in RAM too. The
 * ROM's XIP mode after flash_enter_cmd_xip is serial 03h reads, the same mode
 * boot2.S sets up, so nothing is slower after a write than before.
 *
 * The ROM routines are found through the ROM's function table (rom_func_lookup
 * at 0x18, the table at 0x14, two-letter codes). Tools/lib/stack-depth.py cannot see
 * into the ROM: the build grants rp2040_flash_ram_op 256 bytes of stack for the
 * flash routines and rom_resolve 64 for the table lookup (--indirect in
 * Tools/build-firmware). The deepest stack the ROM actually used during a save in
 * the emulator is what Tests/Emulators/pico-emulator.py reports as rom_stack_bytes.
 */
#include <stddef.h>
#include <stdint.h>

#define FLASH_PAGE_SIZE 256u    /* program granularity */
#define FLASH_SECTOR_SIZE 4096u /* erase granularity */
#define FLASH_BLOCK_SIZE 65536u
#define FLASH_BLOCK_ERASE_CMD 0xd8u
#define XIP_BASE 0x10000000u

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

/* Erases `count` bytes at flash offset `offset` (data == 0), or programs them from
 * `data` (in RAM). Runs from RAM; calls only the ROM. */
__attribute__((section(".ramfunc"), noinline, used)) void rp2040_flash_ram_op(
    uint32_t offset, const uint8_t *data, uint32_t count) {
  uint32_t primask;
  __asm volatile("mrs %0, primask\n cpsid i" : "=r"(primask)::"memory");
  rom.connect_internal_flash();
  rom.flash_exit_xip();
  if (data) {
    rom.flash_range_program(offset, data, count);
  } else {
    rom.flash_range_erase(offset, count, FLASH_BLOCK_SIZE, FLASH_BLOCK_ERASE_CMD);
  }
  rom.flash_flush_cache();
  rom.flash_enter_cmd_xip();
  __asm volatile("msr primask, %0" ::"r"(primask) : "memory");
}

/* Erases whole 4 KB sectors (offset and count multiples of 4096) to 0xFF. */
void rp2040_flash_erase(uint32_t offset, uint32_t count) {
  if ((offset | count) & (FLASH_SECTOR_SIZE - 1)) return;
  rom_resolve();
  rp2040_flash_ram_op(offset, 0, count);
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
    rp2040_flash_ram_op(page, page_buffer, FLASH_PAGE_SIZE);
    offset += n;
    src += n;
    count -= n;
  }
}
