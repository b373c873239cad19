/*
 * Heap for the soft-float benchmark image only (the firmware has none): newlib's
 * malloc grows into the RAM between the end of .bss and the top of RAM, and Embedded
 * Swift's runtime asks for posix_memalign, which newlib-nano spells memalign.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

extern char __bss_end[];  /* from microbit.ld */
extern char __ram_end[];
extern void *memalign(size_t alignment, size_t size);

static char *heap_top;

void *_sbrk(ptrdiff_t increment) {
  if (heap_top == 0) heap_top = __bss_end;
  char *previous = heap_top;
  if (heap_top + increment > __ram_end) {
    errno = ENOMEM;
    return (void *)-1;
  }
  heap_top += increment;
  return previous;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  void *block = memalign(alignment < sizeof(void *) ? sizeof(void *) : alignment, size);
  if (block == 0) return ENOMEM;
  *result = block;
  return 0;
}
