/*
 * Second-stage boot (boot2) for the Raspberry Pi Pico's W25Q16JV (any SPI NOR
 * flash that answers the JEDEC 03h read command does).
 *
 * The boot ROM copies the first 256 bytes of flash to SRAM at 0x20041F00, checks
 * the CRC32 that Tools/lib/rp2040-image.py appends, and calls this code with
 * lr = 0. It sets up the SSI for execute-in-place with plain serial 03h reads
 * (24-bit address, 32-bit words, no mode bits or dummy cycles) at clk_sys / 4,
 * which stays within the 03h command's 50 MHz limit once clk_sys runs at
 * 125 MHz. Then it points VTOR at the firmware's vector table at 0x10000100,
 * loads the stack pointer from it and jumps to Reset_Handler. Called with a
 * non-zero lr (as a function, after a flash write), it returns instead.
 *
 * Position-independent: literal loads are PC-relative, so the same code runs
 * from SRAM (as the ROM runs it) or from flash.
 */
    .syntax unified
    .cpu cortex-m0plus
    .thumb

    .equ SSI_BASE,        0x18000000
    .equ SSI_CTRLR0,      0x00
    .equ SSI_CTRLR1,      0x04
    .equ SSI_SSIENR,      0x08
    .equ SSI_BAUDR,       0x14
    .equ SSI_SPI_CTRLR0,  0xf4
    /* CTRLR0: SPI_FRF = 0 (standard SPI), DFS_32 = 31 (32-bit frames),
     * TMOD = 3 (EEPROM read: send the command and address, then read). */
    .equ CTRLR0_XIP,      (31 << 16) | (3 << 8)
    /* SPI_CTRLR0: XIP_CMD = 0x03, INST_L = 2 (8-bit instruction),
     * ADDR_L = 6 (24-bit address), WAIT_CYCLES = 0, TRANS_TYPE = 0 (all serial). */
    .equ SPI_CTRLR0_XIP,  (0x03 << 24) | (2 << 8) | (6 << 2)
    .equ CLOCK_DIVIDER,   4
    .equ VTOR,            0xe000ed08
    .equ VECTOR_TABLE,    0x10000100

    .section .text
    .global _boot2
    .type _boot2, %function
    .thumb_func
_boot2:
    push {lr}
    ldr r3, =SSI_BASE
    movs r1, #0
    str r1, [r3, #SSI_SSIENR]      /* the SSI must be off to reconfigure it */
    movs r1, #CLOCK_DIVIDER
    str r1, [r3, #SSI_BAUDR]
    ldr r1, =CTRLR0_XIP
    str r1, [r3, #SSI_CTRLR0]
    ldr r1, =SPI_CTRLR0_XIP
    ldr r2, =(SSI_BASE + SSI_SPI_CTRLR0)
    str r1, [r2]
    movs r1, #0
    str r1, [r3, #SSI_CTRLR1]      /* NDF = 0: one 32-bit word per XIP access */
    movs r1, #1
    str r1, [r3, #SSI_SSIENR]

    pop {r0}
    cmp r0, #0
    beq vector_into_flash
    bx r0                          /* called as a function: return */
vector_into_flash:
    ldr r0, =VECTOR_TABLE
    ldr r1, =VTOR
    str r0, [r1]
    ldmia r0, {r0, r1}             /* initial SP, Reset_Handler */
    msr msp, r0
    bx r1

    .ltorg
