// The emitter: one kernel call per instruction of the lowered program, every shape and
// attribute spelled as a constant template argument, constants laid out (and packed)
// in one weights blob.
#include "codegen/emit.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <span>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "codegen/conv_algorithm.h"
// The kernel library itself: its packing functions define the weights blob's layouts, so
// the emitter packs constants by calling them, not by a copy of their loops. (Without
// -fopenmp its `omp` pragmas are inert here; only its plain C++ paths are used.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#include "codegen/runtime/vfrt.h"
#pragma GCC diagnostic pop
#include "ir/op_attrs.h"
#include "ir/op_plan.h"
#include "lower/lir.h"

namespace vf::codegen {

const std::string& runtime_header() {
  static const std::string text =
#include "vfrt_text.inc"
      ;
  return text;
}

namespace {

constexpr int kMaxRank = vfrt::MAXR;
constexpr int64_t kAlign = 16;  // floats: blob entries and arena regions on 64 bytes

int64_t round_up(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

/// A float as an exact C++ literal (hexadecimal), `inf` / `nan` spelled out.
std::string flit(float v) {
  if (std::isnan(v)) return "__builtin_nanf(\"\")";
  if (std::isinf(v)) return v > 0 ? "__builtin_inff()" : "(-__builtin_inff())";
  return fmt::format("{:a}f", v);
}

std::string blit(bool b) { return b ? "true" : "false"; }

// The epilogue's activation is passed to the kernels as vfrt::Act by its number.
static_assert(static_cast<int>(Activation::None) == static_cast<int>(vfrt::Act::None));
static_assert(static_cast<int>(Activation::Relu) == static_cast<int>(vfrt::Act::Relu));
static_assert(static_cast<int>(Activation::LeakyRelu) == static_cast<int>(vfrt::Act::LeakyRelu));
static_assert(static_cast<int>(Activation::Clip) == static_cast<int>(vfrt::Act::Clip));
static_assert(static_cast<int>(Activation::Sigmoid) == static_cast<int>(vfrt::Act::Sigmoid));
static_assert(static_cast<int>(Activation::HardSigmoid) ==
              static_cast<int>(vfrt::Act::HardSigmoid));
static_assert(static_cast<int>(Activation::HardSwish) == static_cast<int>(vfrt::Act::HardSwish));
static_assert(static_cast<int>(Activation::Silu) == static_cast<int>(vfrt::Act::Silu));
static_assert(static_cast<int>(Activation::Mish) == static_cast<int>(vfrt::Act::Mish));
static_assert(static_cast<int>(Activation::Gelu) == static_cast<int>(vfrt::Act::Gelu));
static_assert(static_cast<int>(Activation::GeluTanh) == static_cast<int>(vfrt::Act::GeluTanh));

/// A list `{a, b, ...}` padded with zeros to n entries.
std::string ilist(const std::vector<int64_t>& v, size_t n = 0) {
  std::string s = "{";
  for (size_t i = 0; i < std::max(n, v.size()); ++i)
    s += fmt::format("{}{}", i ? ", " : "", i < v.size() ? v[i] : 0);
  return s + "}";
}

/// The kernel library's description of a conv with input `xs`, weights `ws`, output `ys`.
vfrt::Conv conv_spec(const Shape& xs, const Shape& ws, const Shape& ys, const Conv2dAttrs& a) {
  auto i = [](int64_t v) { return static_cast<int>(v); };
  return vfrt::Conv{i(xs[0]),        i(xs[1]),         i(xs[2]),         i(xs[3]),
                    i(ws[0]),        i(ys[2]),         i(ys[3]),         i(ws[2]),
                    i(ws[3]),        i(a.strides[0]),  i(a.strides[1]),  i(a.padding[0]),
                    i(a.padding[1]), i(a.dilation[0]), i(a.dilation[1]), i(a.groups)};
}

/// The C++ spelling of `c`, a template argument of the emitted kernels.
std::string conv_literal(const vfrt::Conv& c) {
  return fmt::format("vfrt::Conv{{{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}}}",
                     c.N, c.C, c.H, c.W, c.O, c.OH, c.OW, c.KH, c.KW, c.sh, c.sw, c.pt, c.pl, c.dh,
                     c.dw, c.groups);
}

/// Dimensions merged where every operand steps through them contiguously, size-1
/// dimensions dropped; at least one dimension.
struct Collapsed {
  std::vector<int64_t> dims;
  std::vector<std::vector<int64_t>> strides;  // per operand
};

Collapsed collapse(const Shape& out, const std::vector<std::vector<int64_t>>& strides) {
  Collapsed c;
  c.strides.resize(strides.size());
  for (size_t k = 0; k < out.size(); ++k) {
    if (out[k] == 1) continue;
    bool merge = !c.dims.empty();
    for (size_t o = 0; o < strides.size() && merge; ++o)
      merge = c.strides[o].back() == strides[o][k] * out[k];
    if (merge) {
      c.dims.back() *= out[k];
      for (size_t o = 0; o < strides.size(); ++o) c.strides[o].back() = strides[o][k];
    } else {
      c.dims.push_back(out[k]);
      for (size_t o = 0; o < strides.size(); ++o) c.strides[o].push_back(strides[o][k]);
    }
  }
  if (c.dims.empty()) {
    c.dims.push_back(1);
    for (auto& s : c.strides) s.push_back(0);
  }
  return c;
}

/// An elementwise unary operator as the kernels name it (vfrt::Un) with its parameters
/// (as the f32 interpreter rounds them); nullopt for other operators.
struct UnaryKernel {
  const char* name;
  double alpha = 0, beta = 0;
};
std::optional<UnaryKernel> unary_kernel(OpKind op, const Attrs& a) {
  switch (op) {
    case OpKind::Negative: return UnaryKernel{"Neg"};
    case OpKind::Sqrt: return UnaryKernel{"Sqrt"};
    case OpKind::Rsqrt: return UnaryKernel{"Rsqrt"};
    case OpKind::Relu: return UnaryKernel{"Relu"};
    case OpKind::LeakyRelu: return UnaryKernel{"LeakyRelu", a.get_float("alpha")};
    case OpKind::Clip: return UnaryKernel{"Clip", a.get_float("min"), a.get_float("max")};
    case OpKind::Sigmoid: return UnaryKernel{"Sigmoid"};
    case OpKind::HardSigmoid:
      return UnaryKernel{"HardSigmoid", a.get_float("alpha"), a.get_float("beta")};
    case OpKind::HardSwish: return UnaryKernel{"HardSwish"};
    case OpKind::Exp: return UnaryKernel{"Exp"};
    case OpKind::Log: return UnaryKernel{"Log"};
    case OpKind::Tanh: return UnaryKernel{"Tanh"};
    case OpKind::Erf: return UnaryKernel{"Erf"};
    case OpKind::Softplus: return UnaryKernel{"Softplus"};
    case OpKind::Gelu: {
      const auto [p, q] = gelu_constants(a);
      return UnaryKernel{gelu_tanh(a) ? "GeluTanh" : "GeluErf", p, q};
    }
    case OpKind::Silu: return UnaryKernel{"Silu"};
    case OpKind::Mish: return UnaryKernel{"Mish"};
    default: return std::nullopt;
  }
}

/// An elementwise binary operator as the kernels name it (vfrt::Bin); null for others.
const char* binary_kernel(OpKind op) {
  switch (op) {
    case OpKind::Add: return "Add";
    case OpKind::Subtract: return "Sub";
    case OpKind::Multiply: return "Mul";
    case OpKind::Divide: return "Div";
    case OpKind::Minimum: return "Min";
    case OpKind::Maximum: return "Max";
    default: return nullptr;
  }
}

class Emitter {
 public:
  Emitter(const CertifiedGraph& cg, const lir::Program& p, const EmitOptions& o)
      : g_(cg.graph()), p_(p), opts_(o) {}

  Result<EmittedModel> run();

 private:
  /// The pointer expression of a buffer.
  std::string ptr(uint32_t b) {
    const lir::Buffer& buf = p_.buffers[b];
    switch (buf.kind) {
      case lir::BufferKind::Input: return fmt::format("inputs[{}]", input_index_.at(b));
      case lir::BufferKind::Output: return fmt::format("outputs[{}]", output_index_.at(b));
      case lir::BufferKind::Constant: return fmt::format("(weights + {})", raw_constant(b));
      case lir::BufferKind::Activation: return fmt::format("(arena + {})", buf.offset);
    }
    return "nullptr";
  }
  /// Offset of constant buffer b's data in the blob (added on first use): its bytes, of
  /// its own type.
  int64_t raw_constant(uint32_t b) {
    auto key = std::make_pair(b, std::string("raw"));
    if (auto it = blob_.find(key); it != blob_.end()) return it->second;
    const Tensor& t = *g_.node(p_.buffers[b].node).data;
    const int64_t off = append(p_.buffers[b].words());
    std::memcpy(weights_.data() + off, t.bytes().data(), t.bytes().size());
    blob_[key] = off;
    return off;
  }
  /// The pointer expression of buffer b as a pointer to its elements' C++ type.
  std::string tptr(uint32_t b) {
    const DType t = p_.buffers[b].dtype;
    if (t == DType::F32) return ptr(b);
    return fmt::format("vfrt::as<{}>({})", ctype(t), ptr(b));
  }
  /// The C++ type of the elements of a lowered tensor (int32 through vfrt's may_alias type).
  static const char* ctype(DType t) {
    switch (t) {
      case DType::I8: return "int8_t";
      case DType::U8: return "uint8_t";
      case DType::I32: return "vfrt::i32";
      case DType::I64: return "vfrt::i64";
      default: return "float";
    }
  }
  int64_t append(int64_t n) {
    const int64_t off = static_cast<int64_t>(weights_.size());
    weights_.resize(static_cast<size_t>(round_up(off + n, kAlign)), 0.f);
    return off;
  }
  std::string scratch(int64_t extra = 0) const {
    return fmt::format("(arena + {})", scratch_offset_ + extra);
  }
  void need_scratch(int64_t n) { scratch_ = std::max(scratch_, round_up(n, kAlign)); }

  Result<void> instr(const lir::Instr& ins);
  Result<void> conv_transpose(const lir::Instr& ins, const Node& node);
  Result<void> matmul(const lir::Instr& ins, const Node& node);
  Result<void> gemm(const lir::Instr& ins, const Node& node);
  Result<void> pool(const lir::Instr& ins, const Node& node);
  Result<void> reduce(const lir::Instr& ins, const Node& node);
  Result<void> conv(const lir::Instr& ins, const Node& node);
  Result<void> winograd(const lir::Instr& ins, const Node& node, ConvAlgorithm algo);
  std::string profile_label(const lir::Instr& ins) const;
  Result<void> dense(const lir::Instr& ins, const Node& node);
  Result<void> qconv(const lir::Instr& ins, const Node& node);
  Result<void> integer_instr(const lir::Instr& ins, const Node& node);
  void where(const lir::Instr& ins);
  bool copy_instr(const lir::Instr& ins);
  void strided(const Shape& dims, std::vector<int64_t> sx, std::vector<int64_t> sy,
               const std::string& x, const std::string& out);
  Result<void> pointwise(const lir::Instr& ins, const lir::PointwiseChain& c);
  std::string epi(const Node& node, bool fused, size_t n_in, std::string* args,
                  const lir::Instr& ins);

  const Graph& g_;
  const lir::Program& p_;
  EmitOptions opts_;
  std::map<uint32_t, int> input_index_, output_index_;
  std::map<std::pair<uint32_t, std::string>, int64_t> blob_;
  std::vector<float> weights_;
  int64_t scratch_offset_ = 0;
  int64_t scratch_ = 0;
  std::string globals_;  // file-scope tables
  std::string body_;     // vf_run's statements
  int table_ = 0;
};

std::string Emitter::epi(const Node& node, bool fused, size_t n_in, std::string* args,
                         const lir::Instr& ins) {
  EpilogueAttrs e;
  if (fused)
    e = epilogue_attrs(node.attrs);
  else
    e.has_bias = n_in == 3;
  std::string parts[4] = {"nullptr", "nullptr", "nullptr", "nullptr"};
  const bool has[4] = {e.has_bias, e.has_scale, e.has_shift, e.has_residual};
  size_t k = 2;
  for (int i = 0; i < 4; ++i)
    if (has[i]) parts[i] = ptr(ins.in[k++].buffer);
  *args = fmt::format("vfrt::EpiArgs{{{}, {}, {}, {}}}", parts[0], parts[1], parts[2], parts[3]);
  return fmt::format("vfrt::Epi{{{}, {}, {}, {}, vfrt::Act({}), {}, {}}}", blit(e.has_bias),
                     blit(e.has_scale), blit(e.has_shift), blit(e.has_residual),
                     static_cast<int>(e.activation), flit(static_cast<float>(e.act_alpha)),
                     flit(static_cast<float>(e.act_beta)));
}

Result<void> Emitter::conv(const lir::Instr& ins, const Node& node) {
  const Shape& xs = ins.in[0].shape;
  const Shape& ws = ins.in[1].shape;
  const Shape& ys = ins.out.shape;
  const Conv2dAttrs a = conv2d_attrs(node.attrs);
  const ConvAlgorithm algo = conv_algorithm(xs, ws, ys, a);
  if (is_winograd(algo)) return winograd(ins, node, algo);
  const bool small = algo == ConvAlgorithm::DirectSmall;
  const vfrt::Conv spec = conv_spec(xs, ws, ys, a);
  const std::string S = conv_literal(spec);
  const lir::Buffer& wb = p_.buffers[ins.in[1].buffer];
  if (algo == ConvAlgorithm::Patches && wb.kind == lir::BufferKind::Constant &&
      !(node.op == OpKind::FusedConv2d && epilogue_attrs(node.attrs).has_residual)) {
    auto key = std::make_pair(ins.in[1].buffer, std::string("conv-patches"));
    auto it = blob_.find(key);
    if (it == blob_.end()) {
      const int64_t K = int64_t{spec.C} * spec.KH * spec.KW;
      const int64_t off = append(vfrt::gemm_packed_elements(K, spec.O));
      std::vector<float> tmp(static_cast<size_t>(K * spec.O));
      vfrt::pack_conv2d_patches(spec, g_.node(wb.node).data->view<float>().data(), tmp.data(),
                                weights_.data() + off);
      it = blob_.emplace(key, off).first;
    }
    need_scratch(vfrt::conv2d_patches_scratch_elements(spec));
    std::string args;
    const std::string E = epi(node, node.op == OpKind::FusedConv2d, ins.in.size(), &args, ins);
    body_ += fmt::format("  vfrt::conv2d_patches<{}, {}>({}, (weights + {}), {}, {}, {});\n", S,
                         E, ptr(ins.in[0].buffer), it->second, ptr(ins.out.buffer), scratch(),
                         args);
    return {};
  }
  const int64_t packed =
      small ? vfrt::conv2d_small_packed_elements(spec) : vfrt::conv2d_packed_elements(spec);
  // Scratch: the padded input copy, sized for every target the source may be built for.
  const int64_t need =
      vfrt::conv2d_scratch_elements(spec, std::max(1, opts_.threads), vfrt::kMaxVL);
  need_scratch(need);

  std::string wp;
  if (wb.kind == lir::BufferKind::Constant) {
    auto key =
        std::make_pair(ins.in[1].buffer, fmt::format("conv{}{}", a.groups, small ? "s" : ""));
    auto it = blob_.find(key);
    if (it == blob_.end()) {
      const int64_t off = append(packed);
      const float* w = g_.node(wb.node).data->view<float>().data();
      if (small)
        vfrt::pack_conv2d_small(spec, w, weights_.data() + off);
      else
        vfrt::pack_conv2d(spec, w, weights_.data() + off);
      it = blob_.emplace(key, off).first;
    }
    wp = fmt::format("(weights + {})", it->second);
  } else {  // a computed weight: packed at run time after the input copy
    const int64_t at = round_up(need, kAlign);
    need_scratch(at + packed);
    body_ += fmt::format("  vfrt::pack_conv2d{}({}, {}, {});\n", small ? "_small" : "", S,
                         ptr(ins.in[1].buffer), scratch(at));
    wp = scratch(at);
  }
  std::string args;
  const std::string E = epi(node, node.op == OpKind::FusedConv2d, ins.in.size(), &args, ins);
  body_ += fmt::format("  vfrt::conv2d{}<{}, {}>({}, {}, {}, {}, {});\n", small ? "_small" : "", S,
                       E, ptr(ins.in[0].buffer), wp, ptr(ins.out.buffer), scratch(), args);
  return {};
}

Result<void> Emitter::winograd(const lir::Instr& ins, const Node& node, ConvAlgorithm algo) {
  const Shape& xs = ins.in[0].shape;
  const Shape& ws = ins.in[1].shape;
  const Shape& ys = ins.out.shape;
  const Conv2dAttrs a = conv2d_attrs(node.attrs);
  const vfrt::Conv spec = conv_spec(xs, ws, ys, a);  // 3x3, stride 1, one group
  const std::string S = conv_literal(spec);
  const bool lanes = algo == ConvAlgorithm::WinogradLanes;
  const int m = winograd_tile(algo);
  const std::string kernel = lanes ? "winograd_lanes" : m == 4 ? "winograd4" : "winograd";
  const int64_t packed = lanes ? vfrt::conv2d_winograd_lanes_packed_elements(spec)
                               : vfrt::conv2d_winograd_packed_elements(spec, m);
  // Scratch: the phase planes of the tile grid, their slack, then per thread V and M of the
  // largest tile block, or V and M of the whole layer.
  const int64_t need =
      vfrt::conv2d_winograd_scratch_elements(spec, std::max(1, opts_.threads), vfrt::kMaxVL, m);
  need_scratch(need);
  std::string wp;
  const lir::Buffer& wb = p_.buffers[ins.in[1].buffer];
  if (wb.kind == lir::BufferKind::Constant) {
    auto key = std::make_pair(ins.in[1].buffer, kernel);
    auto it = blob_.find(key);
    if (it == blob_.end()) {
      const int64_t off = append(packed);
      const float* w = g_.node(wb.node).data->view<float>().data();
      if (lanes)
        vfrt::pack_conv2d_winograd_lanes(spec, w, weights_.data() + off);
      else if (m == 4)
        vfrt::pack_conv2d_winograd4(spec, w, weights_.data() + off);
      else
        vfrt::pack_conv2d_winograd(spec, w, weights_.data() + off);
      it = blob_.emplace(key, off).first;
    }
    wp = fmt::format("(weights + {})", it->second);
  } else {  // a computed weight: transformed at run time after the scratch
    const int64_t at = round_up(need, kAlign);
    need_scratch(at + packed);
    body_ += fmt::format("  vfrt::pack_conv2d_{}({}, {}, {});\n", kernel, S, ptr(ins.in[1].buffer),
                         scratch(at));
    wp = scratch(at);
  }
  std::string args;
  const std::string E = epi(node, node.op == OpKind::FusedConv2d, ins.in.size(), &args, ins);
  body_ += fmt::format("  vfrt::conv2d_{}<{}, {}>({}, {}, {}, {}, {});\n", kernel, S, E,
                       ptr(ins.in[0].buffer), wp, ptr(ins.out.buffer), scratch(), args);
  return {};
}

std::string Emitter::profile_label(const lir::Instr& ins) const {
  const Node& node = g_.node(ins.node);
  auto dims = [](const Shape& sh) { return fmt::format("{}", fmt::join(sh, "x")); };
  std::string l = fmt::format("{} {} {} -> {}", op_name(ins.op), node.name,
                              ins.in.empty() ? "" : dims(ins.in[0].shape), dims(ins.out.shape));
  if (ins.op == OpKind::Conv2d || ins.op == OpKind::FusedConv2d) {
    const Conv2dAttrs a = conv2d_attrs(node.attrs);
    const Shape& ws = ins.in[1].shape;
    const char* k = "direct";
    switch (conv_algorithm(ins.in[0].shape, ws, ins.out.shape, a)) {
      case ConvAlgorithm::Direct: k = "direct"; break;
      case ConvAlgorithm::Winograd2x2: k = "winograd"; break;
      case ConvAlgorithm::DirectSmall: k = "small-plane"; break;
      case ConvAlgorithm::WinogradLanes: k = "winograd-lanes"; break;
      case ConvAlgorithm::Winograd4x4: k = "winograd4x4"; break;
      case ConvAlgorithm::Patches: k = "patches"; break;
    }
    l += fmt::format(" k{}x{} s{} g{} {}", ws[2], ws[3], a.strides[0], a.groups, k);
  }
  return l;
}

Result<void> Emitter::dense(const lir::Instr& ins, const Node& node) {
  const Shape& xs = ins.in[0].shape;
  const int64_t K = xs.back(), M = ins.out.shape.back();
  const int64_t rows = num_elements(xs) / std::max<int64_t>(K, 1);
  const vfrt::Dense spec{rows, K, M};
  const std::string S = fmt::format("vfrt::Dense{{{}, {}, {}}}", rows, K, M);
  // Scratch: the GEMM's packed rows of x, then a computed weight packed.
  const int64_t gs = round_up(vfrt::gemm_scratch_elements(rows, K), kAlign);
  std::string wp;
  const lir::Buffer& wb = p_.buffers[ins.in[1].buffer];
  if (wb.kind == lir::BufferKind::Constant) {
    auto key = std::make_pair(ins.in[1].buffer, std::string("dense"));
    auto it = blob_.find(key);
    if (it == blob_.end()) {
      const int64_t off = append(vfrt::dense_packed_elements(spec));
      vfrt::pack_dense(spec, g_.node(wb.node).data->view<float>().data(), weights_.data() + off);
      it = blob_.emplace(key, off).first;
    }
    wp = fmt::format("(weights + {})", it->second);
    need_scratch(gs);
  } else {
    need_scratch(gs + vfrt::dense_packed_elements(spec));
    body_ +=
        fmt::format("  vfrt::pack_dense({}, {}, {});\n", S, ptr(ins.in[1].buffer), scratch(gs));
    wp = scratch(gs);
  }
  std::string args;
  const std::string E = epi(node, node.op == OpKind::FusedDense, ins.in.size(), &args, ins);
  body_ += fmt::format("  vfrt::dense<{}, {}>({}, {}, {}, {}, {});\n", S, E, ptr(ins.in[0].buffer),
                       wp, ptr(ins.out.buffer), scratch(), args);
  return {};
}

Result<void> Emitter::conv_transpose(const lir::Instr& ins, const Node& node) {
  const Shape& ys = ins.out.shape;
  const std::string y = ptr(ins.out.buffer);
  auto in = [&](size_t k) { return ptr(ins.in[k].buffer); };
  const Shape& xs = ins.in[0].shape;
  const Shape& ws = ins.in[1].shape;
  const Conv2dTransposeAttrs a = conv2d_transpose_attrs(node.attrs);
  body_ += fmt::format(
      "  vfrt::conv2d_transpose<vfrt::ConvT{{{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, "
      "{}, {}, {}, {}, {}}}>({}, {}, {}, {});\n",
      xs[0], xs[1], xs[2], xs[3], ys[1], ys[2], ys[3], ws[2], ws[3], a.strides[0], a.strides[1],
      a.padding[0], a.padding[1], a.dilation[0], a.dilation[1], a.groups, blit(ins.in.size() == 3),
      in(0), in(1), ins.in.size() == 3 ? in(2) : "nullptr", y);
  return {};
}

Result<void> Emitter::matmul(const lir::Instr& ins, const Node& node) {
  const Shape& ys = ins.out.shape;
  const std::string y = ptr(ins.out.buffer);
  auto in = [&](size_t k) { return ptr(ins.in[k].buffer); };
  const MatMulPlan mp = matmul_plan(ins.in[0].shape, ins.in[1].shape, ys);
  const Shape ob(ys.begin(), ys.end() - 2);
  std::vector<int64_t> ao, bo;
  std::vector<int64_t> idx(ob.size(), 0);
  for (int64_t q = 0; q < mp.batches; ++q) {
    ao.push_back(offset_of(idx.data(), mp.a_batch));
    bo.push_back(offset_of(idx.data(), mp.b_batch));
    for (size_t k = ob.size(); k-- > 0;) {
      if (++idx[k] < ob[k]) break;
      idx[k] = 0;
    }
  }
  const vfrt::MatMul spec{mp.batches, mp.M, mp.K, mp.N};
  // One constant B for every batch, and A's batches one after the other: B packed here, and
  // one GEMM over all the batches' rows (x [B, S, K] times a weight [K, N]).
  const lir::Buffer& bb = p_.buffers[ins.in[1].buffer];
  bool one_gemm = bb.kind == lir::BufferKind::Constant;
  for (int64_t q = 0; q < mp.batches && one_gemm; ++q)
    one_gemm = bo[static_cast<size_t>(q)] == 0 && ao[static_cast<size_t>(q)] == q * mp.M * mp.K;
  if (one_gemm) {
    auto key = std::make_pair(ins.in[1].buffer, std::string("matmul"));
    auto it = blob_.find(key);
    if (it == blob_.end()) {
      const int64_t off = append(vfrt::gemm_packed_elements(mp.K, mp.N));
      vfrt::pack_panels(g_.node(bb.node).data->view<float>().data(), mp.K, mp.N, mp.N, 1,
                        weights_.data() + off);
      it = blob_.emplace(key, off).first;
    }
    need_scratch(vfrt::gemm_scratch_elements(mp.batches * mp.M, mp.K));
    body_ += fmt::format(
        "  vfrt::matmul_packed<vfrt::MatMul{{{}, {}, {}, {}}}>({}, (weights + {}), {}, {});\n",
        mp.batches, mp.M, mp.K, mp.N, in(0), it->second, y, scratch());
    return {};
  }
  const int t = table_++;
  globals_ +=
      fmt::format("static const int64_t vf_mma{}[] = {};\nstatic const int64_t vf_mmb{}[] = {};\n",
                  t, ilist(ao), t, ilist(bo));
  need_scratch(vfrt::matmul_scratch_elements(spec));
  body_ += fmt::format(
      "  vfrt::matmul<vfrt::MatMul{{{}, {}, {}, {}}}>({}, {}, {}, vf_mma{}, vf_mmb{}, {});\n",
      mp.batches, mp.M, mp.K, mp.N, in(0), in(1), y, t, t, scratch());
  return {};
}

Result<void> Emitter::gemm(const lir::Instr& ins, const Node& node) {
  const std::string y = ptr(ins.out.buffer);
  auto in = [&](size_t k) { return ptr(ins.in[k].buffer); };
  const bool has_c = ins.in.size() == 3;
  const GemmPlan gp =
      gemm_plan(node.attrs, ins.in[0].shape, ins.in[1].shape, has_c ? &ins.in[2].shape : nullptr);
  const double alpha = node.attrs.get_float("alpha"), beta = node.attrs.get_float("beta");
  body_ += fmt::format(
      "  vfrt::gemm<vfrt::Gemm{{{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}}}>({}, "
      "{}, "
      "{}, {});\n",
      gp.M, gp.N, gp.K, gp.lda, gp.ldb, blit(gp.trans_a), blit(gp.trans_b), blit(has_c),
      blit(alpha == 1), blit(beta == 1), flit(static_cast<float>(alpha)),
      flit(static_cast<float>(beta)), gp.c_strides[0], gp.c_strides[1], in(0), in(1),
      has_c ? in(2) : "nullptr", y);
  return {};
}

Result<void> Emitter::reduce(const lir::Instr& ins, const Node& node) {
  const ReducePlan p = reduce_plan(node.attrs, ins.in[0].shape);
  const int64_t n = num_elements(ins.out.shape);
  // Index tables, left out (null) where they are the identity of a reduction over
  // trailing contiguous axes.
  auto table = [&](const std::vector<int64_t>& v, int64_t step, const char* what) {
    bool plain = true;
    for (size_t k = 0; k < v.size(); ++k) plain = plain && v[k] == static_cast<int64_t>(k) * step;
    if (plain) return std::string("nullptr");
    const int t = table_++;
    globals_ += fmt::format("static const int64_t vf_{}{}[] = {};\n", what, t, ilist(v));
    return fmt::format("vf_{}{}", what, t);
  };
  const char* kind = node.op == OpKind::ReduceSum    ? "Sum"
                     : node.op == OpKind::ReduceMean ? "Mean"
                     : node.op == OpKind::ReduceMax  ? "Max"
                                                     : "L2";
  body_ += fmt::format("  vfrt::reduce<vfrt::Red::{}>({}, {}, {}, {}, {}, {});\n", kind,
                       ptr(ins.in[0].buffer), ptr(ins.out.buffer), n,
                       table(p.base, p.count, "base"), p.count, table(p.inner, 1, "inner"));
  return {};
}

/// The vfrt::Pool of a max / avg pool instruction, as a value and as its template argument.
static std::pair<vfrt::Pool, std::string> pool_spec(const lir::Instr& ins, const Node& node) {
  const Shape& xs = ins.in[0].shape;
  const Shape& ys = ins.out.shape;
  const Pool2dAttrs a = pool2d_attrs(node.attrs);
  const vfrt::Pool s{int(xs[0]),         int(xs[1]),
                     int(xs[2]),         int(xs[3]),
                     int(ys[2]),         int(ys[3]),
                     int(a.pool_size[0]), int(a.pool_size[1]),
                     int(a.strides[0]),   int(a.strides[1]),
                     int(a.padding[0]),   int(a.padding[1]),
                     int(a.padding[2]),   int(a.padding[3]),
                     int(a.dilation[0]),  int(a.dilation[1]),
                     ins.op == OpKind::AvgPool2d && a.count_include_pad};
  return {s, fmt::format("vfrt::Pool{{{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, "
                         "{}, {}}}",
                         s.N, s.C, s.H, s.W, s.OH, s.OW, s.KH, s.KW, s.sh, s.sw, s.pt, s.pl, s.pb,
                         s.pr, s.dh, s.dw, blit(s.count_include_pad))};
}

Result<void> Emitter::pool(const lir::Instr& ins, const Node& node) {
  const auto [spec, S] = pool_spec(ins, node);
  // One channel's planes per thread.
  need_scratch(std::max(1, opts_.threads) * vfrt::pool_scratch_elements(spec, vfrt::kMaxVL));
  body_ += fmt::format("  vfrt::pool2d<{}, {}>({}, {}, {});\n", S,
                       blit(ins.op == OpKind::MaxPool2d), ptr(ins.in[0].buffer),
                       ptr(ins.out.buffer), scratch());
  return {};
}

Result<void> Emitter::pointwise(const lir::Instr& ins, const lir::PointwiseChain& c) {
  const Shape& ys = ins.out.shape;
  const int64_t n = num_elements(ys);
  // Rows: the row operands' length, else chunks of 4096 elements (the threads' unit).
  const int64_t row = c.row > 0 ? c.row : std::max<int64_t>(1, std::min<int64_t>(n, 4096));
  std::string x = ptr(ins.in[c.x].buffer);
  const std::string y = ptr(ins.out.buffer);
  for (size_t s0 = 0; s0 < c.stages.size(); s0 += vfrt::kPwStages) {
    const size_t s1 = std::min(c.stages.size(), s0 + vfrt::kPwStages);
    std::string stages, args;
    for (size_t k = s0; k < s1; ++k) {
      const lir::Stage& st = c.stages[k];
      const Node& m = g_.node(st.node);
      std::string arg = "nullptr";
      if (st.operand < 0) {
        const auto u = unary_kernel(st.op, m.attrs);
        if (!u) return Error{fmt::format("'{}': not a pointwise operator", m.name)};
        stages +=
            fmt::format("vfrt::PwStage{{false, int(vfrt::Un::{}), {}, {}}}, ", u->name,
                        flit(static_cast<float>(u->alpha)), flit(static_cast<float>(u->beta)));
      } else {
        const char* b = binary_kernel(st.op);
        if (!b) return Error{fmt::format("'{}': not a pointwise operator", m.name)};
        const lir::View& w = ins.in[static_cast<size_t>(st.operand)];
        const auto rb = lir::row_broadcast(ys, w.shape);
        assert(rb);
        const char* read = rb->period == 1 ? "Scalar" : rb->inner == 1 ? "Full" : "Row";
        stages += fmt::format(
            "vfrt::PwStage{{true, int(vfrt::Bin::{}), 0, 0, vfrt::PwRead::{}, {}, {}}}, ", b, read,
            blit(st.value_first), rb->period);
        arg = ptr(w.buffer);
      }
      args += arg + ", ";
    }
    body_ += fmt::format(
        "  {{ const float* const a[] = {{{}}};\n"
        "    vfrt::pointwise<vfrt::Pw{{{}, {}, {}, {{{}}}}}>({}, {}, a); }}\n",
        args, n, row, s1 - s0, stages, x, y);
    x = y;  // the next calls continue in place
  }
  return {};
}

Result<void> Emitter::qconv(const lir::Instr& ins, const Node& node) {
  const Shape& xs = ins.in[0].shape;
  const Shape& ws = ins.in[1].shape;
  const Shape& ys = node.type.shape;  // the sums' shape (a fused requantize keeps it)
  vfrt::Conv spec{};
  if (node.op == OpKind::QConv2d) {
    spec = conv_spec(xs, ws, ys, conv2d_attrs(node.attrs));
  } else {  // qdense: a 1x1 qconv2d over rows of 1x1 planes
    const int64_t K = xs.back(), M = ws[0], rows = num_elements(xs) / std::max<int64_t>(K, 1);
    auto i = [](int64_t v) { return static_cast<int>(v); };
    spec = vfrt::Conv{i(rows), i(K), 1, 1, i(M), 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1};
  }
  const std::string S = conv_literal(spec);
  const vfrt::QIn qin{static_cast<int>(node.attrs.get_int("x_zero_point")),
                      p_.buffers[ins.in[0].buffer].dtype == DType::I8};
  const std::string QI = fmt::format("vfrt::QIn{{{}, {}}}", qin.zp, blit(qin.is_signed));
  const bool has_bias = node.inputs.size() == 3;
  // A requantize folded into the instruction (lowering: the sums' only reader).
  const lir::Stage* rq = nullptr;
  if (!ins.stages.empty()) {
    if (ins.stages.size() != 1 || ins.stages[0].op != OpKind::Requantize)
      return Error{fmt::format("'{}': a fused stage the int8 conv kernel cannot run", node.name)};
    rq = &ins.stages[0];
  }
  std::string QO = "vfrt::QOut{}";
  if (rq) {
    const Node& r = g_.node(rq->node);
    const QuantAttrs q = quant_attrs(r.attrs, false);
    QO = fmt::format("vfrt::QOut{{8, {}, {}, {}, {}, {}}}", blit(r.type.dtype == DType::I8),
                     q.shift, q.zero_point, q.qmin, q.qmax);
  }
  const size_t bias_in = 2;
  auto is_const = [&](size_t k) {
    return p_.buffers[ins.in[k].buffer].kind == lir::BufferKind::Constant;
  };
  auto const_data = [&](size_t k) { return g_.node(p_.buffers[ins.in[k].buffer].node).data; };
  const int64_t packed = vfrt::qconv2d_packed_words(spec);
  const int64_t xscratch =
      round_up(vfrt::qconv2d_scratch_words(spec, std::max(1, opts_.threads)), kAlign);
  int64_t extra = xscratch;  // scratch words past the input copy (run-time packings)
  std::string wp, mp = "nullptr";
  if (is_const(1) && (!has_bias || is_const(bias_in))) {
    const int64_t off = append(packed);
    vfrt::pack_qconv2d(spec, qin, const_data(1)->view<int8_t>().data(),
                       has_bias
                           ? reinterpret_cast<const vfrt::i32*>(const_data(bias_in)->bytes().data())
                           : nullptr,
                       weights_.data() + off);
    wp = fmt::format("(weights + {})", off);
  } else {
    wp = scratch(extra);
    body_ +=
        fmt::format("  vfrt::pack_qconv2d({}, {}, {}, {}, {});\n", S, QI, tptr(ins.in[1].buffer),
                    has_bias ? tptr(ins.in[bias_in].buffer) : std::string("nullptr"), wp);
    extra += round_up(packed, kAlign);
  }
  if (rq) {
    const size_t mk = static_cast<size_t>(rq->operand);
    const bool per_channel = ins.in[mk].shape[0] != 1;
    if (is_const(mk)) {
      const int64_t off = append(vfrt::qmultipliers_words(spec));
      vfrt::pack_qmultipliers(spec,
                              reinterpret_cast<const vfrt::i32*>(const_data(mk)->bytes().data()),
                              per_channel, weights_.data() + off);
      mp = fmt::format("vfrt::as<vfrt::i32>(weights + {})", off);
    } else {
      body_ += fmt::format("  vfrt::pack_qmultipliers({}, {}, {}, {});\n", S,
                           tptr(ins.in[mk].buffer), blit(per_channel), scratch(extra));
      mp = fmt::format("vfrt::as<vfrt::i32>({})", scratch(extra));
      extra += round_up(vfrt::qmultipliers_words(spec), kAlign);
    }
  }
  need_scratch(extra);
  body_ += fmt::format("  vfrt::qconv2d<{}, {}, {}>({}, {}, {}, {}, {});\n", S, QI, QO,
                       tptr(ins.in[0].buffer), wp, mp, tptr(ins.out.buffer), scratch());
  return {};
}

/// A strided copy of `dims` elements from x (strides sx) to out (strides sy), its axes
/// collapsed where both are contiguous.
void Emitter::strided(const Shape& dims, std::vector<int64_t> sx, std::vector<int64_t> sy,
                      const std::string& x, const std::string& out) {
  Collapsed c = collapse(dims, {std::move(sx), std::move(sy)});
  body_ += fmt::format("  vfrt::strided_copy<vfrt::Strided{{{}, {}, {}, {}}}>({}, {});\n",
                       c.dims.size(), ilist(c.dims, kMaxRank), ilist(c.strides[0], kMaxRank),
                       ilist(c.strides[1], kMaxRank), x, out);
}

/// The copies of an instruction, for tensors of any type: a view the memory plan did not
/// alias (reshape, flatten, batch_flatten, expand_dims, squeeze), transpose, concat and
/// split. False (nothing emitted) for other operators.
bool Emitter::copy_instr(const lir::Instr& ins) {
  const Node& node = g_.node(ins.node);
  const Shape& ys = ins.out.shape;
  const int64_t n = num_elements(ys);
  const std::string y = tptr(ins.out.buffer);
  auto in = [&](size_t k) { return tptr(ins.in[k].buffer); };
  const DType yt = p_.buffers[ins.out.buffer].dtype;
  switch (ins.op) {
    case OpKind::Reshape:
    case OpKind::Flatten:
    case OpKind::BatchFlatten:
    case OpKind::ExpandDims:
    case OpKind::Squeeze:
      if (ins.out.buffer != ins.in[0].buffer)
        body_ += fmt::format("  std::memcpy({}, {}, {});\n", y, in(0),
                             n * static_cast<int64_t>(dtype_size(yt)));
      return true;
    case OpKind::Transpose: {
      const Shape& xs = ins.in[0].shape;
      strided(ys, permuted_strides(xs, transpose_perm(node.attrs, xs.size())),
              row_major_strides(ys), in(0), y);
      return true;
    }
    case OpKind::Concat: {
      const size_t axis = axis_plan(ys, node.attrs.get_int("axis")).axis;
      const auto yst = row_major_strides(ys);
      int64_t start = 0;
      for (size_t k = 0; k < ins.in.size(); ++k) {
        const Shape& xs = ins.in[k].shape;
        if (num_elements(xs) > 0)
          strided(xs, row_major_strides(xs), yst, in(k),
                  fmt::format("({} + {})", y, start * yst[axis]));
        start += xs[axis];
      }
      return true;
    }
    case OpKind::Split: {
      const Shape& xs = ins.in[0].shape;
      const SplitPlan sp = split_plan(node.attrs, xs.size());
      const auto xst = row_major_strides(xs);
      if (n > 0)
        strided(ys, xst, row_major_strides(ys),
                fmt::format("({} + {})", in(0), sp.start * xst[sp.axis]), y);
      return true;
    }
    default: return false;
  }
}

/// where(c, a, b) over broadcast operands: c an int32 / int64 mask or a float32 constant.
void Emitter::where(const lir::Instr& ins) {
  const Shape& ys = ins.out.shape;
  auto in = [&](size_t k) { return tptr(ins.in[k].buffer); };
  const std::string y = tptr(ins.out.buffer);
  const Collapsed c = collapse(ys, {broadcast_strides(ins.in[0].shape, ys.size()),
                                    broadcast_strides(ins.in[1].shape, ys.size()),
                                    broadcast_strides(ins.in[2].shape, ys.size())});
  const int t = table_++;
  globals_ += fmt::format(
      "static const int64_t vf_wdims{0}[] = {1};\nstatic const int64_t vf_wc{0}[] = {2};\n"
      "static const int64_t vf_wa{0}[] = {3};\nstatic const int64_t vf_wb{0}[] = {4};\n",
      t, ilist(c.dims), ilist(c.strides[0]), ilist(c.strides[1]), ilist(c.strides[2]));
  body_ +=
      fmt::format("  vfrt::where({}, vf_wdims{}, vf_wc{}, vf_wa{}, vf_wb{}, {}, {}, {}, {});\n",
                  c.dims.size(), t, t, t, t, in(0), in(1), in(2), y);
}

Result<void> Emitter::integer_instr(const lir::Instr& ins, const Node& node) {
  const Shape& ys = ins.out.shape;
  const int64_t n = num_elements(ys);
  const std::string y = tptr(ins.out.buffer);
  auto in = [&](size_t k) { return tptr(ins.in[k].buffer); };
  const DType yt = p_.buffers[ins.out.buffer].dtype;
  auto no_kernel = [&] {
    return Error{fmt::format("'{}': no kernel for {} on {} tensors", node.name, op_name(ins.op),
                             dtype_name(yt))};
  };
  if (!ins.stages.empty() && ins.op != OpKind::QConv2d && ins.op != OpKind::QDense)
    return Error{fmt::format("'{}': a fused chain over integer tensors", node.name)};
  if (copy_instr(ins)) return {};
  switch (ins.op) {
    case OpKind::QConv2d:
    case OpKind::QDense: return qconv(ins, node);
    case OpKind::Quantize: {
      const QuantAttrs q = quant_attrs(node.attrs, true);
      body_ +=
          fmt::format("  vfrt::quantize({}, {}, {}, {}, {}, {}, {});\n", in(0), y, n,
                      flit(static_cast<float>(q.scale)), flit(static_cast<float>(q.zero_point)),
                      flit(static_cast<float>(q.qmin)), flit(static_cast<float>(q.qmax)));
      return {};
    }
    case OpKind::Dequantize: {
      const QuantAttrs q = quant_attrs(node.attrs, false);
      body_ +=
          fmt::format("  vfrt::dequantize({}, {}, {}, {}, {});\n", in(0), y, n,
                      flit(static_cast<float>(q.scale)), flit(static_cast<float>(q.zero_point)));
      return {};
    }
    case OpKind::Requantize: {
      const QuantAttrs q = quant_attrs(node.attrs, false);
      const AxisPlan ap = axis_plan(ys, node.attrs.get_int("axis"));
      body_ += fmt::format("  vfrt::requantize({}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});\n",
                           in(0), in(1), y, ap.outer, ap.len, ap.inner,
                           blit(ins.in[1].shape[0] != 1), q.shift, q.zero_point, q.qmin, q.qmax);
      return {};
    }
    case OpKind::QAdd: {
      const QuantAttrs q = quant_attrs(node.attrs, false);
      body_ += fmt::format("  vfrt::qadd({}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});\n", in(0),
                           in(1), in(2), in(3), y, n, node.attrs.get_int("a_zero_point"),
                           node.attrs.get_int("b_zero_point"), q.shift, q.zero_point, q.qmin,
                           q.qmax);
      return {};
    }
    case OpKind::Minimum:
    case OpKind::Maximum: {  // exact on integers (a relu / relu6 in the quantized domain)
      const Collapsed c = collapse(ys, {broadcast_strides(ins.in[0].shape, ys.size()),
                                        broadcast_strides(ins.in[1].shape, ys.size())});
      body_ += fmt::format(
          "  vfrt::binary<vfrt::Bin::{}, vfrt::Bcast{{{}, {}, {}, {}}}>({}, {}, {});\n",
          binary_kernel(ins.op), c.dims.size(), ilist(c.dims, kMaxRank),
          ilist(c.strides[0], kMaxRank), ilist(c.strides[1], kMaxRank), in(0), in(1), y);
      return {};
    }
    case OpKind::ResizeNearest: {
      const NearestPlan np = nearest_plan(ins.op, node.attrs, ins.in[0].shape, ys);
      const Shape& xs = ins.in[0].shape;
      const int t = table_++;
      globals_ += fmt::format(
          "static const int64_t vf_rows{}[] = {};\nstatic const int64_t vf_cols{}[] = {};\n", t,
          ilist(np.rows), t, ilist(np.cols));
      body_ +=
          fmt::format("  vfrt::gather_nearest({}, {}, {}, {}, {}, {}, {}, vf_rows{}, vf_cols{});\n",
                      in(0), y, xs[0] * xs[1], xs[2], xs[3], ys[2], ys[3], t, t);
      return {};
    }
    case OpKind::Gather: {  // token ids: one row copy per id
      const AxisPlan ap = axis_plan(ins.in[0].shape, node.attrs.get_int("axis"));
      body_ += fmt::format("  vfrt::gather({}, {}, {}, {}, {}, {}, {});\n", in(0), in(1), y,
                           ap.outer, ap.len, num_elements(ins.in[1].shape), ap.inner);
      return {};
    }
    case OpKind::MaxPool2d: {  // a quantized tensor's: exact (vfrt::qmax_pool2d)
      if (dtype_size(yt) != 1) return no_kernel();  // int8 / uint8 only
      const auto [spec, S] = pool_spec(ins, node);
      if (!vfrt::pool_windows_nonempty(spec))
        return Error{fmt::format("'{}': a max pool window with no tap in the input, on {} tensors",
                                 node.name, dtype_name(yt))};
      body_ += fmt::format("  vfrt::qmax_pool2d<{}>({}, {});\n", S, in(0), y);
      return {};
    }
    case OpKind::Cast:
      body_ += fmt::format("  vfrt::cast_to_float({}, {}, {});\n", in(0), y, n);
      return {};
    case OpKind::Where: where(ins); return {};
    default: return no_kernel();
  }
}

Result<void> Emitter::instr(const lir::Instr& ins) {
  const Node& node = g_.node(ins.node);
  const Shape& ys = ins.out.shape;
  for (const lir::View& v : ins.in)
    if (v.shape.size() > kMaxRank)
      return Error{fmt::format("'{}': rank {} > {}", node.name, v.shape.size(), kMaxRank)};
  if (ys.size() > kMaxRank)
    return Error{fmt::format("'{}': rank {} > {}", node.name, ys.size(), kMaxRank)};
  const std::string y = ptr(ins.out.buffer);
  auto in = [&](size_t k) { return ptr(ins.in[k].buffer); };
  body_ += fmt::format("  // {} {}\n", op_name(ins.op), node.name);
  // Quantized inference, and every instruction that reads or writes an integer tensor.
  bool integers = is_quant_op(ins.op) || p_.buffers[ins.out.buffer].dtype != DType::F32;
  for (const lir::View& v : ins.in) integers = integers || p_.buffers[v.buffer].dtype != DType::F32;
  if (integers) return integer_instr(ins, node);
  // Elementwise operators over a full-shape operand (and scalar, full or row operands) run
  // as one pass of the chain kernel, with the stages fused into them.
  if (const auto c = lir::pointwise_chain(ins)) return pointwise(ins, *c);
  if (!ins.stages.empty())
    return Error{fmt::format("'{}': a fused pointwise chain the kernel cannot run", node.name)};
  if (copy_instr(ins)) return {};
  auto binary = [&](const char* op) {
    const Collapsed c = collapse(ys, {broadcast_strides(ins.in[0].shape, ys.size()),
                                      broadcast_strides(ins.in[1].shape, ys.size())});
    body_ +=
        fmt::format("  vfrt::binary<vfrt::Bin::{}, vfrt::Bcast{{{}, {}, {}, {}}}>({}, {}, {});\n",
                    op, c.dims.size(), ilist(c.dims, kMaxRank), ilist(c.strides[0], kMaxRank),
                    ilist(c.strides[1], kMaxRank), in(0), in(1), y);
  };
  auto gather = [&](const std::vector<int64_t>& rows, const std::vector<int64_t>& cols) {
    const Shape& xs = ins.in[0].shape;
    const int t = table_++;
    globals_ += fmt::format(
        "static const int64_t vf_rows{}[] = {};\nstatic const int64_t vf_cols{}[] = {};\n", t,
        ilist(rows), t, ilist(cols));
    body_ +=
        fmt::format("  vfrt::gather_nearest({}, {}, {}, {}, {}, {}, {}, vf_rows{}, vf_cols{});\n",
                    in(0), y, xs[0] * xs[1], xs[2], xs[3], ys[2], ys[3], t, t);
  };
  switch (ins.op) {
    case OpKind::Input:
    case OpKind::Constant: return Error{"graph leaves are not instructions"};
    case OpKind::Conv2d:
    case OpKind::FusedConv2d: return conv(ins, node);
    case OpKind::Dense:
    case OpKind::FusedDense: return dense(ins, node);
    case OpKind::Conv2dTranspose: return conv_transpose(ins, node);
    case OpKind::MatMul: return matmul(ins, node);
    case OpKind::Gemm: return gemm(ins, node);
    case OpKind::BiasAdd: {
      const AxisPlan ap = axis_plan(ys, node.attrs.get_int("axis"));
      body_ += fmt::format("  vfrt::bias_add({}, {}, {}, {}, {}, {});\n", in(0), in(1), y, ap.outer,
                           ap.len, ap.inner);
      return {};
    }
    case OpKind::BatchNorm: {
      const AxisPlan ap = axis_plan(ys, node.attrs.get_int("axis"));
      body_ += fmt::format("  vfrt::batch_norm({}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});\n",
                           in(0), in(1), in(2), in(3), in(4), y, ap.outer, ap.len, ap.inner,
                           flit(static_cast<float>(node.attrs.get_float("epsilon"))),
                           blit(node.attrs.get_int("scale") != 0),
                           blit(node.attrs.get_int("center") != 0));
      return {};
    }
    case OpKind::Add:
    case OpKind::Subtract:
    case OpKind::Multiply:
    case OpKind::Divide:
    case OpKind::Minimum:
    case OpKind::Maximum: binary(binary_kernel(ins.op)); return {};
    case OpKind::MaxPool2d:
    case OpKind::AvgPool2d: return pool(ins, node);
    case OpKind::GlobalAvgPool2d: {
      const Shape& xs = ins.in[0].shape;
      body_ += fmt::format("  vfrt::global_avg_pool2d({}, {}, {}, {});\n", in(0), y, xs[0] * xs[1],
                           xs[2] * xs[3]);
      return {};
    }
    case OpKind::Pad: {
      const Shape& xs = ins.in[0].shape;
      const std::vector<int64_t> begin = pad_begins(node.attrs, xs.size());
      body_ += fmt::format("  vfrt::pad<vfrt::Pad{{{}, {}, {}, {}}}>({}, {}, {});\n", xs.size(),
                           ilist(xs, kMaxRank), ilist(ys, kMaxRank), ilist(begin, kMaxRank), in(0),
                           y, flit(static_cast<float>(node.attrs.get_float("value"))));
      return {};
    }
    case OpKind::Softmax: {
      const AxisPlan ap = axis_plan(ys, node.attrs.get_int("axis"));
      body_ += fmt::format("  vfrt::softmax({}, {}, {}, {}, {});\n", in(0), y, ap.outer, ap.len,
                           ap.inner);
      return {};
    }
    case OpKind::ReduceMean:
    case OpKind::ReduceSum:
    case OpKind::ReduceMax:
    case OpKind::ReduceL2: return reduce(ins, node);
    case OpKind::LayerNorm:
    case OpKind::RmsNorm: {
      const AxisPlan ap = norm_plan(ys, node.attrs.get_int("axis"));
      body_ +=
          fmt::format("  vfrt::norm_rows({}, {}, {}, {}, {}, {}, {});\n", in(0), in(1),
                      ins.op == OpKind::LayerNorm ? in(2) : std::string("nullptr"), y, ap.outer,
                      ap.len, flit(static_cast<float>(node.attrs.get_float("epsilon"))));
      return {};
    }
    case OpKind::Where: where(ins); return {};  // a condition known at import: float32
    case OpKind::Upsampling:
    case OpKind::ResizeNearest: {
      const NearestPlan np = nearest_plan(ins.op, node.attrs, ins.in[0].shape, ys);
      gather(np.rows, np.cols);
      return {};
    }
    default: break;  // the unary operators: pointwise chains, emitted above
  }
  return Error{fmt::format("'{}': no kernel for {}", node.name, op_name(ins.op))};
}

Result<EmittedModel> Emitter::run() {
  EmittedModel m;
  for (size_t k = 0; k < p_.inputs.size(); ++k) {
    input_index_.emplace(p_.inputs[k], static_cast<int>(k));
    const lir::Buffer& b = p_.buffers[p_.inputs[k]];
    m.input_names.push_back(b.name);
    m.input_shapes.push_back(g_.node(b.node).type.shape);
    m.input_dtypes.push_back(g_.node(b.node).type.dtype);
  }
  for (size_t k = 0; k < p_.outputs.size(); ++k) {
    output_index_.emplace(p_.outputs[k], static_cast<int>(k));
    m.output_names.push_back(g_.node(g_.outputs()[k]).name);
    m.output_shapes.push_back(g_.node(g_.outputs()[k]).type.shape);
    m.output_dtypes.push_back(g_.node(g_.outputs()[k]).type.dtype);
  }
  scratch_offset_ = round_up(p_.arena_elements, kAlign);
  std::vector<std::string> labels;
  for (const lir::Instr& ins : p_.instrs) {
    if (auto r = instr(ins); !r) return r.error();
    if (opts_.profile) {
      body_ += fmt::format("  vf_prof_mark({});\n", labels.size());
      labels.push_back(profile_label(ins));
    }
  }
  append(kAlign);  // a zeroed tail
  m.weights = std::move(weights_);
  m.plan_elements = p_.arena_elements;
  m.activation_elements = p_.activation_elements;
  m.threads = std::max(1, opts_.threads);
  m.arena_elements = scratch_offset_ + scratch_ + kAlign;

  std::string& s = m.source;
  s += "// Emitted by vfuse (issue 6): the whole model as calls into vfrt.h. Do not edit.\n";
  // vfrt.h first: the native engine's precompiled header is used only before any other
  // include (native.cpp, runtime_header_dir).
  s += fmt::format("#define VFRT_THREADS {}  // OpenMP threads (with -fopenmp)\n",
                   std::max(1, opts_.threads));
  s += "#include \"vfrt.h\"\n\n#include <cstdint>\n#include <cstring>\n\n";
  s += globals_;
  auto names = [](const std::vector<std::string>& v) {
    std::string r = "{";
    for (const auto& x : v) r += fmt::format("\"{}\", ", x);  // node names: no quotes or escapes
    return r + "nullptr}";
  };
  auto sizes = [](const std::vector<Shape>& v) {
    std::string r = "{";
    for (const auto& x : v) r += fmt::format("{}, ", num_elements(x));
    return r + "0}";
  };
  s += fmt::format("static const char* const vf_in_names[] = {};\n", names(m.input_names));
  s += fmt::format("static const char* const vf_out_names[] = {};\n", names(m.output_names));
  s += fmt::format("static const int64_t vf_in_sizes[] = {};\n", sizes(m.input_shapes));
  s += fmt::format("static const int64_t vf_out_sizes[] = {};\n\n", sizes(m.output_shapes));
  s += "extern \"C\" int vf_abi_version() { return 1; }\n";
  s += fmt::format("extern \"C\" int64_t vf_arena_elements() {{ return {}; }}\n", m.arena_elements);
  s += fmt::format("extern \"C\" int64_t vf_weights_elements() {{ return {}; }}\n",
                   m.weights.size());
  s += fmt::format("extern \"C\" int vf_num_inputs() {{ return {}; }}\n", m.input_names.size());
  s += fmt::format("extern \"C\" int vf_num_outputs() {{ return {}; }}\n", m.output_names.size());
  s += "extern \"C\" int64_t vf_input_elements(int k) { return vf_in_sizes[k]; }\n";
  s += "extern \"C\" int64_t vf_output_elements(int k) { return vf_out_sizes[k]; }\n";
  s += "extern \"C\" const char* vf_input_name(int k) { return vf_in_names[k]; }\n";
  s += "extern \"C\" const char* vf_output_name(int k) { return vf_out_names[k]; }\n\n";
  if (opts_.profile) {
    s += "\n#include <chrono>\n";
    s += fmt::format("static double vf_prof_ms[{}];\n", std::max<size_t>(1, labels.size()));
    s += "static const char* const vf_prof_names[] = {";
    for (const auto& l : labels) s += fmt::format("\"{}\", ", l);
    s += "nullptr};\n";
    s += "static std::chrono::steady_clock::time_point vf_prof_t;\n";
    s += "static void vf_prof_mark(int k) {\n"
         "  const auto t = std::chrono::steady_clock::now();\n"
         "  vf_prof_ms[k] += std::chrono::duration<double, std::milli>(t - vf_prof_t).count();\n"
         "  vf_prof_t = t;\n}\n";
    s += fmt::format("extern \"C\" int vf_profile_size() {{ return {}; }}\n", labels.size());
    s += "extern \"C\" const char* vf_profile_name(int k) { return vf_prof_names[k]; }\n";
    s += "extern \"C\" double vf_profile_ms(int k) { return vf_prof_ms[k]; }\n";
    s += "extern \"C\" void vf_profile_reset() { std::memset(vf_prof_ms, 0, sizeof vf_prof_ms); "
         "}\n\n";
  }
  s += "extern \"C\" void vf_run(const float* weights, float* arena, const float* const* inputs,\n"
       "                       float* const* outputs) {\n";
  s += "  (void)weights; (void)arena; (void)inputs; (void)outputs;\n";
  if (opts_.profile) s += "  vf_prof_t = std::chrono::steady_clock::now();\n";
  s += body_;
  s += "}\n";
  return m;
}

}  // namespace

Result<EmittedModel> emit_program(const CertifiedGraph& g, const lir::Program& p,
                                  const EmitOptions& opts) {
  return Emitter(g, p, opts).run();
}

}  // namespace vf::codegen
