/*
 * The RP2040's vector table (Cortex-M0+): the 16 system vectors and the 26 IRQs,
 * named as in the RP2040 datasheet (2.3.2). The system vectors and the parking
 * loop (Default_Handler) are Hardware/cortex-m0/vectors.h's. The IRQ handlers the Pico uses are weak aliases
 * of Default_Handler (the parking loop) here; the board defines them
 * (Hardware/pico/irq.c). VTOR needs the table 256-byte aligned: pico.ld places it
 * at 0x10000100, where boot2 (boot2.S) points VTOR.
 */
#include "../cortex-m0/vectors.h"

WEAK_HANDLER(TIMER_IRQ_0_Handler)
WEAK_HANDLER(USBCTRL_IRQ_Handler)
WEAK_HANDLER(UART0_IRQ_Handler)
WEAK_HANDLER(ADC_IRQ_FIFO_Handler)

/* Cortex-M0+ system vectors (16) followed by the 26 RP2040 IRQs (TIMER_IRQ_0 ...
 * RTC_IRQ). */
__attribute__((section(".isr_vector"), used)) const vector_t vector_table[16 + 26] = {
    CORTEX_M0_SYSTEM_VECTORS,
    /* IRQ 0..25: TIMER_IRQ_0..3 PWM_IRQ_WRAP USBCTRL_IRQ XIP_IRQ PIO0_IRQ_0/1 PIO1_IRQ_0/1
     * DMA_IRQ_0/1 IO_IRQ_BANK0 IO_IRQ_QSPI SIO_IRQ_PROC0/1 CLOCKS_IRQ SPI0/1_IRQ UART0/1_IRQ
     * ADC_IRQ_FIFO I2C0/1_IRQ RTC_IRQ. */
    [16 + 0] = TIMER_IRQ_0_Handler,
    [16 + 1 ... 16 + 4] = Default_Handler,
    [16 + 5] = USBCTRL_IRQ_Handler,
    [16 + 6 ... 16 + 19] = Default_Handler,
    [16 + 20] = UART0_IRQ_Handler,
    [16 + 21] = Default_Handler,
    [16 + 22] = ADC_IRQ_FIFO_Handler,
    [16 + 23 ... 16 + 25] = Default_Handler,
};
