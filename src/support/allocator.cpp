#include "support/allocator.h"

#include <cstdlib>  // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace vf {

void keep_freed_memory() {
#if defined(__GLIBC__)
  // Blocks below 1 GiB come from the heap, and the heap's top is not given back until
  // 1 GiB of it is free.
  (void)mallopt(M_MMAP_THRESHOLD, 1024 * 1024 * 1024);
  (void)mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
#endif
}

}  // namespace vf
