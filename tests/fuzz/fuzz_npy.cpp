// libFuzzer target: the .npy reader (src/ir/npy.cpp): magic, version, header length, the
// header's Python dict, the dtype and the data size.
#include <cstddef>
#include <cstdint>
#include <span>

#include "ir/npy.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto t = vf::parse_npy(std::span<const unsigned char>(data, size), "fuzz.npy");
  // A tensor that parsed holds exactly its shape's bytes.
  if (t && t->bytes().size() != static_cast<size_t>(t->size()) * vf::dtype_size(t->dtype()))
    __builtin_trap();
  return 0;
}
