#include "ir/op.h"

#include <array>

namespace vf {
namespace {

using namespace op_flag;  // the flags column names them bare

constexpr std::array<OpInfo, kNumOps> kOps = {{
#define VF_OP(id, name, min_in, max_in, cls, flags, attrs) \
  {OpKind::id, name, min_in, max_in, OpClass::cls, static_cast<uint8_t>(flags), attrs},
#include "ir/ops.def"
}};

}  // namespace

const OpInfo& op_info(OpKind k) { return kOps[static_cast<size_t>(k)]; }

std::optional<OpKind> op_from_name(std::string_view name) {
  for (const auto& op : kOps)
    if (op.name == name) return op.kind;
  return std::nullopt;
}

}  // namespace vf
