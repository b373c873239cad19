/*
 * The nRF51822's vector table (Cortex-M0): the 16 system vectors and the 32
 * peripheral IRQs, named as in the nRF51 Series Reference Manual. The system
 * vectors and the parking loop (Default_Handler) are Hardware/cortex-m0/vectors.h's. Every IRQ handler is a
 * weak alias of Default_Handler (the parking loop); a board overrides the ones it
 * uses (the micro:bit: ADC_IRQHandler, Hardware/nrf51/ADC.swift).
 */
#include "../cortex-m0/vectors.h"

WEAK_HANDLER(ADC_IRQHandler)

/* Cortex-M0 system vectors (16) followed by the 32 nRF51 peripheral IRQs. */
__attribute__((section(".isr_vector"), used)) const vector_t vector_table[16 + 32] = {
    CORTEX_M0_SYSTEM_VECTORS,
    /* IRQ 0..25: POWER_CLOCK RADIO UART0 SPI0_TWI0 SPI1_TWI1 - GPIOTE ADC TIMER0 TIMER1
     * TIMER2 RTC0 TEMP RNG ECB CCM_AAR WDT RTC1 QDEC LPCOMP SWI0..SWI5; 26..31 unused.
     * Only ADC has a handler (the micro:bit's; images without it get the parking loop). */
    [16 ... 16 + 6] = Default_Handler,
    [16 + 7] = ADC_IRQHandler,
    [16 + 8 ... 16 + 31] = Default_Handler,
};
