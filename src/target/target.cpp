#include "target/target.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

#include "ir/op_attrs.h"
#include "ir/op_plan.h"

namespace vf::target {
namespace {

std::optional<int64_t> to_int(std::string_view s) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

/// Whether `n` is a per-channel scale or shift of an NCHW tensor by constants: a multiply
/// or add whose second operand is a constant varying along axis 1 only ([C, 1, 1] or
/// [1, C, 1, 1]) — what a scale-shift unit computes.
bool per_channel_affine(const Graph& g, const Node& n) {
  if ((n.op != OpKind::Multiply && n.op != OpKind::Add) || n.type.rank() != 4) return false;
  const Node& c = g.node(n.inputs[1]);
  if (c.op != OpKind::Constant || g.node(n.inputs[0]).type.shape != n.type.shape) return false;
  const Shape& cs = c.type.shape;
  if (cs.size() < 3 || cs.size() > 4 || cs[cs.size() - 3] != n.type.shape[1]) return false;
  return cs[cs.size() - 1] == 1 && cs[cs.size() - 2] == 1 && (cs.size() == 3 || cs[0] == 1);
}

/// Why a node stays on the host of a target with an array.
std::string host_reason(const Target& t, const Node& n) {
  switch (n.op) {
    case OpKind::BatchNorm:
      return t.scale_shift_unit
                 ? "batch norm whose parameters are not constants: a call to the host's "
                   "kernel (vfrt::batch_norm)"
                 : "batch norm no rule folded, no scale-shift unit: a call to the host's "
                   "kernel (vfrt::batch_norm)";
    case OpKind::Im2col: return "im2col: the host lays out the matrix of a lowered conv2d (a copy)";
    case OpKind::Conv2d:
    case OpKind::FusedConv2d:
      if (t.conv_as_matmul)
        return fmt::format(
            "{} not lowered to im2col + dense (no rule matched or no certificate; see the "
            "lowerings above): the array multiplies matrices only",
            op_name(n.op));
      return fmt::format("{}: the array runs contractions only", op_name(n.op));
    default:
      if (t.vector_lanes == 0)
        return fmt::format("{}: the array runs contractions only", op_name(n.op));
      if (vector_op(n.op) == VectorOp::ReduceLast && n.type.dtype == DType::F32)
        return fmt::format("{} not over the last axis alone: the vector unit reduces rows only",
                           op_name(n.op));
      if (vector_op(n.op) != VectorOp::None)
        return fmt::format("{} on non-float32 values: the vector unit computes float32",
                           op_name(n.op));
      return fmt::format("{}: neither the array (contractions) nor the vector unit runs it",
                         op_name(n.op));
  }
}

/// What the host completes of an array node's value from the array's sums (empty: none).
std::string host_step(const Node& n) {
  switch (n.op) {
    case OpKind::Gemm: {
      const bool alpha = n.attrs.get_float("alpha") != 1, c = n.inputs.size() == 3;
      if (!alpha && !c) return "";
      return fmt::format("gemm epilogue {}{}{}", alpha ? "alpha * acc" : "acc", c ? " + " : "",
                         !c                               ? ""
                         : n.attrs.get_float("beta") != 1 ? "beta * C"
                                                          : "C");
    }
    case OpKind::Conv2dTranspose:
      return n.inputs.size() == 3
                 ? "conv2d_transpose col2im scatter-add of the array's columns, + bias"
                 : "conv2d_transpose col2im scatter-add of the array's columns";
    default: return "";
  }
}

/// The vector unit's operators: the one place its set is written.
constexpr std::pair<OpKind, VectorOp> kVectorOps[] = {
    {OpKind::Add, VectorOp::Elementwise},       {OpKind::Subtract, VectorOp::Elementwise},
    {OpKind::Multiply, VectorOp::Elementwise},  {OpKind::Divide, VectorOp::Elementwise},
    {OpKind::Minimum, VectorOp::Elementwise},   {OpKind::Maximum, VectorOp::Elementwise},
    {OpKind::Negative, VectorOp::Elementwise},  {OpKind::Sqrt, VectorOp::Elementwise},
    {OpKind::Relu, VectorOp::Elementwise},      {OpKind::Clip, VectorOp::Elementwise},
    {OpKind::ReduceMean, VectorOp::ReduceLast}, {OpKind::ReduceSum, VectorOp::ReduceLast},
};

/// The composites a vector unit's target wants lowered: each is a composition of the
/// unit's operators (rules/lowering/vector.rules; batch_norm: systolic.rules' per-channel
/// multiply and add).
constexpr OpKind kVectorComposites[] = {
    OpKind::LayerNorm,   OpKind::RmsNorm, OpKind::ReduceL2,  OpKind::HardSwish,
    OpKind::HardSigmoid, OpKind::Rsqrt,   OpKind::LeakyRelu, OpKind::BatchNorm,
};

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

}  // namespace

VectorOp vector_op(OpKind op) {
  for (const auto& [k, v] : kVectorOps)
    if (k == op) return v;
  return VectorOp::None;
}

bool vector_runs(const Graph& g, const Node& n) {
  const VectorOp v = vector_op(n.op);
  if (v == VectorOp::None || n.type.dtype != DType::F32) return false;
  for (NodeId in : n.inputs)
    if (g.node(in).type.dtype != DType::F32) return false;
  if (v == VectorOp::Elementwise) return true;
  const Shape& x = g.node(n.inputs[0]).type.shape;
  const std::vector<size_t> axes = reduce_axes(n.attrs, x.size());
  return !x.empty() && axes.size() == 1 && axes[0] == x.size() - 1;
}

int64_t vector_cycles(const Graph& g, const Node& n, int lanes) {
  const int64_t out = num_elements(n.type.shape);
  if (vector_op(n.op) == VectorOp::Elementwise) return ceil_div(out, lanes);
  // One row per lane: len - 1 additions in the row's order, then the mean's division.
  const int64_t len = g.node(n.inputs[0]).type.shape.back();
  const int64_t steps = ceil_div(out, lanes);
  return steps * std::max<int64_t>(len - 1 + (n.op == OpKind::ReduceMean ? 1 : 0), 1);
}

std::vector<MatmulShape> array_matmuls(const Node& n, const Shape& x, const Shape& w) {
  switch (n.op) {
    case OpKind::Conv2d:
    case OpKind::FusedConv2d:
    case OpKind::QConv2d: {
      const Shape& y = n.type.shape;
      const int64_t groups = conv2d_attrs(n.attrs).groups;  // w: [O, C / groups, KH, KW]
      const MatmulShape s{y[0] * y[2] * y[3], w[1] * w[2] * w[3], w[0] / groups};
      return std::vector<MatmulShape>(static_cast<size_t>(groups), s);
    }
    case OpKind::Dense:
    case OpKind::FusedDense:
    case OpKind::QDense: return {{num_elements(x) / x.back(), x.back(), n.type.shape.back()}};
    case OpKind::MatMul: {
      const Shape& y = n.type.shape;
      const size_t r = y.size();
      int64_t batches = 1;
      for (size_t k = 0; k + 2 < r; ++k) batches *= y[k];
      return std::vector<MatmulShape>(static_cast<size_t>(batches),
                                      MatmulShape{y[r - 2], x.back(), y[r - 1]});
    }
    case OpKind::Gemm: {
      const int64_t k = n.attrs.get_int("trans_a") != 0 ? x[0] : x[1];
      return {{n.type.shape[0], k, n.type.shape[1]}};
    }
    case OpKind::Conv2dTranspose: {
      const int64_t groups = conv2d_transpose_attrs(n.attrs).groups;  // w: [C, O / groups, KH, KW]
      const MatmulShape s{x[0] * x[2] * x[3], x[1] / groups, w[1] * w[2] * w[3]};
      return std::vector<MatmulShape>(static_cast<size_t>(groups), s);
    }
    default: return {};
  }
}

bool should_lower(const Target& t, OpKind op) {
  const bool vpu = t.vector_lanes > 0 &&
                   std::find(std::begin(kVectorComposites), std::end(kVectorComposites), op) !=
                       std::end(kVectorComposites);
  return t.systolic && (op == OpKind::FusedConv2d || op == OpKind::FusedDense ||
                        (op == OpKind::BatchNorm && t.scale_shift_unit) ||
                        (op == OpKind::Conv2d && t.conv_as_matmul) || vpu);
}

Result<Target> parse_target(std::string_view spec) {
  Target t;
  t.spec = std::string(spec);
  if (spec == "cpu") return t;
  constexpr std::string_view kSys = "systolic:";
  if (spec.substr(0, kSys.size()) != kSys)
    return Error{fmt::format("--target '{}': expected 'cpu' or 'systolic:RxC[,spm=KiB]'", spec)};
  std::string_view rest = spec.substr(kSys.size());
  const size_t comma = rest.find(',');
  const std::string_view geometry = rest.substr(0, comma);
  const size_t x = geometry.find('x');
  const auto r = x == std::string_view::npos ? std::nullopt : to_int(geometry.substr(0, x));
  const auto c = x == std::string_view::npos ? std::nullopt : to_int(geometry.substr(x + 1));
  if (!r || !c || *r < 1 || *c < 1 || *r > 1024 || *c > 1024)
    return Error{
        fmt::format("--target '{}': the array's geometry '{}' is not RxC with R and C "
                    "from 1 to 1024",
                    spec, geometry)};
  SystolicConfig cfg;
  cfg.rows = static_cast<int>(*r);
  cfg.cols = static_cast<int>(*c);
  std::set<std::string_view> seen;
  while (comma != std::string_view::npos && !rest.empty()) {
    rest = rest.substr(rest.find(',') + 1);
    const std::string_view opt = rest.substr(0, rest.find(','));
    const size_t eq = opt.find('=');
    const std::string_view key = opt.substr(0, eq);
    if (eq == std::string_view::npos || !seen.insert(key).second)
      return Error{
          fmt::format("--target '{}': option '{}' is not key=value or is repeated", spec, opt)};
    const std::string_view value = opt.substr(eq + 1);
    if (key == "spm") {
      const auto kib = to_int(value);
      if (!kib || *kib < 1 || *kib > (int64_t{1} << 30))
        return Error{fmt::format("--target '{}': spm={} is not a size in KiB", spec, value)};
      cfg.spm_bytes = *kib * 1024;
    } else if (key == "ssu") {
      if (value != "0" && value != "1")
        return Error{fmt::format("--target '{}': ssu={} is not 0 or 1", spec, value)};
      t.scale_shift_unit = value == "1";
    } else if (key == "im2col") {
      if (value != "0" && value != "1")
        return Error{fmt::format("--target '{}': im2col={} is not 0 or 1", spec, value)};
      t.conv_as_matmul = value == "1";
    } else if (key == "vpu") {
      const auto lanes = to_int(value);
      if (!lanes || *lanes < 0 || *lanes > 4096)
        return Error{fmt::format("--target '{}': vpu={} is not a number of lanes from 0 to 4096",
                                 spec, value)};
      t.vector_lanes = static_cast<int>(*lanes);
    } else if (key == "dtype") {
      if (value != "f32" && value != "int8")
        return Error{fmt::format("--target '{}': dtype={} is not f32 or int8", spec, value)};
      cfg.int8 = value == "int8";
    } else {
      return Error{fmt::format("--target '{}': unknown option '{}' (spm, ssu, dtype, im2col, vpu)",
                               spec, key)};
    }
    if (rest.find(',') == std::string_view::npos) break;
  }
  const int64_t need =
      (2 * int64_t{cfg.rows} * cfg.cols + cfg.rows) * cfg.operand_bytes() + int64_t{cfg.cols} * 4;
  if (cfg.spm_bytes < need)
    return Error{
        fmt::format("--target '{}': a {}x{} array needs a scratchpad of at least {} "
                    "bytes (two weight tiles, one activation row, its accumulators)",
                    spec, cfg.rows, cfg.cols, need)};
  t.systolic = cfg;
  return t;
}

TargetPlan place(const Graph& g, const Target& t) {
  TargetPlan plan;
  std::map<NodeId, Device> device;
  for (size_t i = 0; i < g.nodes().size(); ++i) {
    const NodeId id = g.id(i);
    const Node& n = g.node(id);
    if (n.op == OpKind::Input || n.op == OpKind::Constant) continue;
    Placement p;
    p.node = id;
    std::vector<MatmulShape> mm;
    const bool conv = n.op == OpKind::Conv2d || n.op == OpKind::FusedConv2d;
    if (t.systolic && n.inputs.size() >= 2 && !(t.conv_as_matmul && conv))
      mm = array_matmuls(n, g.node(n.inputs[0]).type.shape, g.node(n.inputs[1]).type.shape);
    if (!t.systolic) {
      p.why = "cpu: vfuse's native code";
    } else if (mm.empty() && t.scale_shift_unit && per_channel_affine(g, n)) {
      p.device = Device::ScaleShift;
      p.why = fmt::format("per-channel {} on the scale-shift unit", op_name(n.op));
    } else if (mm.empty() && t.vector_lanes > 0 && vector_runs(g, n)) {
      p.device = Device::Vector;
      p.cycles = vector_cycles(g, n, t.vector_lanes);
      p.why = vector_op(n.op) == VectorOp::ReduceLast
                  ? fmt::format(
                        "{} over the last axis on the vector unit (a row per lane, "
                        "serial in the row's order)",
                        op_name(n.op))
                  : fmt::format("elementwise {} on the vector unit", op_name(n.op));
    } else if (mm.empty()) {
      p.why = host_reason(t, n);
    } else if (is_quant_op(n.op) != t.systolic->int8) {
      // The array's arithmetic is one or the other: float32 sums of integers would round
      // beyond 2^24, and int8 operands do not hold floats.
      p.why = t.systolic->int8
                  ? fmt::format("{}: the int8 array runs qconv2d / qdense", op_name(n.op))
                  : fmt::format("{}: integer sums; the array is float32 (dtype=int8 runs them)",
                                op_name(n.op));
      mm.clear();
    } else {
      p.device = Device::Array;
      p.why = n.op == OpKind::FusedConv2d || n.op == OpKind::FusedDense
                  ? "not lowered: accumulators on the array, the epilogue on the host"
                  : "on the array";
      p.host_step = host_step(n);
      for (const MatmulShape& s : mm) {
        p.matmuls.push_back(plan_matmul(*t.systolic, s));
        const MatmulPlan& m = p.matmuls.back();
        p.cycles += m.cycles;
        p.ideal_cycles += m.ideal_cycles;
        p.macs += m.macs;
        p.bytes_in += m.bytes_in;
        p.bytes_out += m.bytes_out;
      }
    }
    // The scale-shift unit sits at the array's drain and the vector unit shares its
    // scratchpad: no transfer between them and the array. A node the host completes (a
    // host step) has its value on the host; the array's sums that it reads are the
    // layer's bytes_out.
    device[id] = p.device == Device::ScaleShift || p.device == Device::Vector ? Device::Array
                 : p.host_step.empty()                                        ? p.device
                                                                              : Device::Host;
    plan.nodes.push_back(std::move(p));
  }
  // A value moves once to every other device that reads it. Activation inputs start on
  // the host; constants and weights live where they are read (the array's weights are in
  // its bytes_in).
  for (size_t i = 0; i < g.nodes().size(); ++i)
    if (g.node(g.id(i)).op == OpKind::Input && !g.node(g.id(i)).weight)
      device[g.id(i)] = Device::Host;
  std::map<NodeId, std::set<Device>> moves;
  for (const Placement& q : plan.nodes)
    for (NodeId in : g.node(q.node).inputs) {
      auto it = device.find(in);
      const Device to = device[q.node];
      if (it != device.end() && it->second != to) moves[in].insert(to);
    }
  for (NodeId out : g.outputs())
    if (auto it = device.find(out); it != device.end() && it->second != Device::Host)
      moves[out].insert(Device::Host);
  for (const auto& [id, to] : moves)
    for (Device d : to) {
      plan.moves.push_back({id, d});
      plan.transfer_bytes += g.node(id).type.size() * static_cast<int64_t>(dtype_size(g.node(id).type.dtype));
    }
  plan.transfers = static_cast<int64_t>(plan.moves.size());
  return plan;
}

}  // namespace vf::target
