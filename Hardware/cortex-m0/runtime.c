/*
 * Minimal freestanding runtime for the Cortex-M0 (ARMv6-M) firmware: the memory
 * functions, the AEABI integer helpers LLVM calls on a core without a divider,
 * 64-bit multiply/shift helpers, bit counting, and the __sync_* atomics Embedded
 * Swift uses (implemented with interrupts masked: single core, no LDREX/STREX).
 * No soft-float: the firmware is fixed-point; a Float in firmware code shows up
 * as an undefined __aeabi_f* symbol at link time.
 *
 * Built with -ffreestanding -fno-builtin so the loops below are not turned back
 * into calls to themselves. Compile with -DRUNTIME_HOST_TEST to test the
 * portable parts on the build host.
 */
#include <stddef.h>
#include <stdint.h>

#define USED __attribute__((used))

/* ---- memory ---------------------------------------------------------------- */

USED void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
  uint8_t *d = dst;
  const uint8_t *s = src;
  if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
    for (; n >= 4; n -= 4, d += 4, s += 4) *(uint32_t *)d = *(const uint32_t *)s;
  }
  while (n--) *d++ = *s++;
  return dst;
}

USED void *memmove(void *dst, const void *src, size_t n) {
  uint8_t *d = dst;
  const uint8_t *s = src;
  if (d == s || n == 0) return dst;
  if (d < s || d >= s + n) return memcpy(dst, src, n);
  d += n;
  s += n;
  while (n--) *--d = *--s;
  return dst;
}

USED void *memset(void *dst, int c, size_t n) {
  uint8_t *d = dst;
  uint8_t b = (uint8_t)c;
  for (; n && ((uintptr_t)d & 3); n--) *d++ = b;
  uint32_t w = b * 0x01010101u;
  for (; n >= 4; n -= 4, d += 4) *(uint32_t *)d = w;
  while (n--) *d++ = b;
  return dst;
}

USED int memcmp(const void *a, const void *b, size_t n) {
  const uint8_t *x = a, *y = b;
  for (; n; n--, x++, y++)
    if (*x != *y) return *x < *y ? -1 : 1;
  return 0;
}

USED size_t strlen(const char *s) {
  const char *p = s;
  while (*p) p++;
  return (size_t)(p - s);
}

/* AEABI memory helpers (note: __aeabi_memset takes (dest, n, c)). */
USED void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
USED void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
USED void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
USED void __aeabi_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }
USED void __aeabi_memmove4(void *d, const void *s, size_t n) { memmove(d, s, n); }
USED void __aeabi_memmove8(void *d, const void *s, size_t n) { memmove(d, s, n); }
USED void __aeabi_memset(void *d, size_t n, int c) { memset(d, c, n); }
USED void __aeabi_memset4(void *d, size_t n, int c) { memset(d, c, n); }
USED void __aeabi_memset8(void *d, size_t n, int c) { memset(d, c, n); }
USED void __aeabi_memclr(void *d, size_t n) { memset(d, 0, n); }
USED void __aeabi_memclr4(void *d, size_t n) { memset(d, 0, n); }
USED void __aeabi_memclr8(void *d, size_t n) { memset(d, 0, n); }

/* ---- bit counting (Thumb-1 has no CLZ) ------------------------------------ */

USED int __clzsi2(uint32_t x) {
  int n = 0;
  if (x == 0) return 32;
  if (!(x & 0xFFFF0000u)) { n += 16; x <<= 16; }
  if (!(x & 0xFF000000u)) { n += 8; x <<= 8; }
  if (!(x & 0xF0000000u)) { n += 4; x <<= 4; }
  if (!(x & 0xC0000000u)) { n += 2; x <<= 2; }
  if (!(x & 0x80000000u)) { n += 1; }
  return n;
}

USED int __ctzsi2(uint32_t x) {
  int n = 0;
  if (x == 0) return 32;
  if (!(x & 0x0000FFFFu)) { n += 16; x >>= 16; }
  if (!(x & 0x000000FFu)) { n += 8; x >>= 8; }
  if (!(x & 0x0000000Fu)) { n += 4; x >>= 4; }
  if (!(x & 0x00000003u)) { n += 2; x >>= 2; }
  if (!(x & 0x00000001u)) { n += 1; }
  return n;
}

USED int __popcountsi2(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (int)((x * 0x01010101u) >> 24);
}

USED int __clzdi2(uint64_t x) {
  uint32_t hi = (uint32_t)(x >> 32);
  return hi ? __clzsi2(hi) : 32 + __clzsi2((uint32_t)x);
}

USED int __ctzdi2(uint64_t x) {
  uint32_t lo = (uint32_t)x;
  return lo ? __ctzsi2(lo) : 32 + __ctzsi2((uint32_t)(x >> 32));
}

USED int __popcountdi2(uint64_t x) {
  return __popcountsi2((uint32_t)x) + __popcountsi2((uint32_t)(x >> 32));
}

/* ---- 32-bit division -------------------------------------------------------- */

/* Shift-subtract, starting at the divisor's aligned position. d != 0 (Swift traps
 * on division by zero before calling; for C callers we return all-ones). */
static uint32_t udivmod32(uint32_t n, uint32_t d, uint32_t *rem) {
  if (d == 0) { *rem = n; return 0xFFFFFFFFu; }
  if (d > n) { *rem = n; return 0; }
  int shift = __clzsi2(d) - __clzsi2(n);
  uint32_t q = 0;
  d <<= shift;
  for (int i = 0; i <= shift; i++) {
    q <<= 1;
    if (n >= d) { n -= d; q |= 1; }
    d >>= 1;
  }
  *rem = n;
  return q;
}

USED uint32_t __aeabi_uidiv(uint32_t n, uint32_t d) {
  uint32_t r;
  return udivmod32(n, d, &r);
}

/* Returns quotient in r0, remainder in r1. */
USED uint64_t __aeabi_uidivmod(uint32_t n, uint32_t d) {
  uint32_t r;
  uint32_t q = udivmod32(n, d, &r);
  return ((uint64_t)r << 32) | q;
}

static int32_t sdivmod32(int32_t n, int32_t d, int32_t *rem) {
  uint32_t un = n < 0 ? 0u - (uint32_t)n : (uint32_t)n;
  uint32_t ud = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
  uint32_t ur;
  uint32_t uq = udivmod32(un, ud, &ur);
  *rem = (int32_t)(n < 0 ? 0u - ur : ur);
  return (int32_t)(((n < 0) != (d < 0)) ? 0u - uq : uq);
}

USED int32_t __aeabi_idiv(int32_t n, int32_t d) {
  int32_t r;
  return sdivmod32(n, d, &r);
}

USED uint64_t __aeabi_idivmod(int32_t n, int32_t d) {
  int32_t r;
  int32_t q = sdivmod32(n, d, &r);
  return ((uint64_t)(uint32_t)r << 32) | (uint32_t)q;
}

/* ---- 64-bit helpers (shifts written on 32-bit halves: no self-calls) ------- */

typedef union {
  uint64_t all;
  struct { uint32_t lo, hi; } s; /* little-endian */
} u64_parts;

USED uint64_t __aeabi_llsl(uint64_t v, int n) {
  u64_parts x = {.all = v}, r;
  if (n & 32) { r.s.hi = x.s.lo << (n & 31); r.s.lo = 0; }
  else if (n == 0) return v;
  else { r.s.hi = (x.s.hi << n) | (x.s.lo >> (32 - n)); r.s.lo = x.s.lo << n; }
  return r.all;
}

USED uint64_t __aeabi_llsr(uint64_t v, int n) {
  u64_parts x = {.all = v}, r;
  if (n & 32) { r.s.lo = x.s.hi >> (n & 31); r.s.hi = 0; }
  else if (n == 0) return v;
  else { r.s.lo = (x.s.lo >> n) | (x.s.hi << (32 - n)); r.s.hi = x.s.hi >> n; }
  return r.all;
}

USED int64_t __aeabi_lasr(int64_t v, int n) {
  u64_parts x = {.all = (uint64_t)v}, r;
  int32_t hi = (int32_t)x.s.hi;
  if (n & 32) { r.s.lo = (uint32_t)(hi >> (n & 31)); r.s.hi = (uint32_t)(hi >> 31); }
  else if (n == 0) return v;
  else { r.s.lo = (x.s.lo >> n) | (x.s.hi << (32 - n)); r.s.hi = (uint32_t)(hi >> n); }
  return (int64_t)r.all;
}

/* 32x32 -> 64 from 16-bit partial products (MULS gives only the low word). */
static uint64_t umul32x32(uint32_t a, uint32_t b) {
  uint32_t al = a & 0xFFFF, ah = a >> 16, bl = b & 0xFFFF, bh = b >> 16;
  uint32_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  uint32_t mid = (ll >> 16) + (lh & 0xFFFF) + (hl & 0xFFFF);
  u64_parts r;
  r.s.lo = (ll & 0xFFFF) | (mid << 16);
  r.s.hi = hh + (lh >> 16) + (hl >> 16) + (mid >> 16);
  return r.all;
}

USED uint64_t __aeabi_lmul(uint64_t a, uint64_t b) {
  u64_parts x = {.all = a}, y = {.all = b};
  u64_parts r = {.all = umul32x32(x.s.lo, y.s.lo)};
  r.s.hi += x.s.lo * y.s.hi + x.s.hi * y.s.lo;
  return r.all;
}

USED uint64_t __udivmoddi4(uint64_t n, uint64_t d, uint64_t *rem) {
  u64_parts N = {.all = n}, D = {.all = d};
  if (D.s.hi == 0 && N.s.hi == 0) {
    uint32_t r32;
    uint64_t q = udivmod32(N.s.lo, D.s.lo, &r32);
    if (D.s.lo == 0) q = ~(uint64_t)0;
    if (rem) *rem = r32;
    return q;
  }
  if (d == 0) { if (rem) *rem = n; return ~(uint64_t)0; }
  uint64_t q = 0, r = 0;
  for (int i = 63; i >= 0; i--) {
    r = (r << 1) | ((n >> 63) & 1); /* constant shifts are inlined */
    n <<= 1;
    q <<= 1;
    if (r >= d) { r -= d; q |= 1; }
  }
  if (rem) *rem = r;
  return q;
}

USED int64_t __divmoddi4(int64_t n, int64_t d, int64_t *rem) {
  uint64_t un = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
  uint64_t ud = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
  uint64_t ur;
  uint64_t uq = __udivmoddi4(un, ud, &ur);
  if (rem) *rem = (int64_t)(n < 0 ? 0 - ur : ur);
  return (int64_t)(((n < 0) != (d < 0)) ? 0 - uq : uq);
}

USED uint64_t __udivdi3(uint64_t n, uint64_t d) { return __udivmoddi4(n, d, 0); }
USED int64_t __divdi3(int64_t n, int64_t d) { return __divmoddi4(n, d, 0); }

#ifndef RUNTIME_HOST_TEST
/* {q, r} = n / d with q in r0:r1 and r in r2:r3 (AEABI): returned in registers,
 * which C cannot express, hence the assembly shims. */
__attribute__((naked, used)) void __aeabi_uldivmod(void) {
  __asm volatile(
      "push {r4, lr}        \n"
      "sub  sp, #16         \n"
      "add  r4, sp, #8      \n"
      "str  r4, [sp]        \n"
      "bl   __udivmoddi4    \n"
      "ldr  r2, [sp, #8]    \n"
      "ldr  r3, [sp, #12]   \n"
      "add  sp, #16         \n"
      "pop  {r4, pc}        \n");
}

__attribute__((naked, used)) void __aeabi_ldivmod(void) {
  __asm volatile(
      "push {r4, lr}        \n"
      "sub  sp, #16         \n"
      "add  r4, sp, #8      \n"
      "str  r4, [sp]        \n"
      "bl   __divmoddi4     \n"
      "ldr  r2, [sp, #8]    \n"
      "ldr  r3, [sp, #12]   \n"
      "add  sp, #16         \n"
      "pop  {r4, pc}        \n");
}

/* ---- __sync_* atomics (single core: mask interrupts) ------------------------ */

static inline uint32_t irq_save(void) {
  uint32_t primask;
  __asm volatile("mrs %0, primask\n cpsid i" : "=r"(primask)::"memory");
  return primask;
}

static inline void irq_restore(uint32_t primask) {
  __asm volatile("msr primask, %0" ::"r"(primask) : "memory");
}

#define SYNC_RMW(name, op)                                                          \
  uint32_t name##_impl(volatile uint32_t *p, uint32_t v) __asm__(#name);           \
  USED uint32_t name##_impl(volatile uint32_t *p, uint32_t v) {                     \
    uint32_t s = irq_save();                                                        \
    uint32_t old = *p;                                                              \
    *p = op;                                                                        \
    irq_restore(s);                                                                 \
    return old;                                                                     \
  }

SYNC_RMW(__sync_fetch_and_add_4, old + v)
SYNC_RMW(__sync_fetch_and_sub_4, old - v)
SYNC_RMW(__sync_fetch_and_and_4, old & v)
SYNC_RMW(__sync_fetch_and_or_4, old | v)
SYNC_RMW(__sync_fetch_and_xor_4, old ^ v)
SYNC_RMW(__sync_fetch_and_nand_4, ~(old & v))
SYNC_RMW(__sync_lock_test_and_set_4, v)

uint32_t sync_cas4(volatile uint32_t *p, uint32_t expected, uint32_t desired) __asm__(
    "__sync_val_compare_and_swap_4");
USED uint32_t sync_cas4(volatile uint32_t *p, uint32_t expected, uint32_t desired) {
  uint32_t s = irq_save();
  uint32_t old = *p;
  if (old == expected) *p = desired;
  irq_restore(s);
  return old;
}

void sync_synchronize(void) __asm__("__sync_synchronize");
USED void sync_synchronize(void) { __asm volatile("dmb" ::: "memory"); }
#endif
