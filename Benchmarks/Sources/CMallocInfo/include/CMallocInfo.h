#include <malloc.h>

/// Bytes allocated with malloc and not yet freed (small and mmapped chunks).
static inline size_t yaru_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
