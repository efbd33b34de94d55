// Lowering a certified graph to the low-level IR (lir.h), then planning its memory
// (memory_plan.h).
#include <algorithm>
#include <cassert>
#include <climits>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "lower/lir.h"
#include "lower/memory_plan.h"

namespace vf::lir {
namespace {

/// How a node becomes part of a program.
enum class Lowering : uint8_t {
  Leaf,           ///< input / constant: a buffer, no instruction
  View,           ///< same elements in the same row-major order: its input's buffer
  UnaryInPlace,   ///< elementwise unary: may write over its input
  BinaryInPlace,  ///< elementwise binary: may write over in[0] when in[0] has its shape
  Compute,        ///< an instruction with a fresh output buffer
};

/// Read from the operator's class (ops.def). The fused ops are not in place: their
/// residual operand could be read later, and the accumulation reads a window of x, not one
/// element.
Lowering lowering_of(OpKind op) {
  switch (op_class(op)) {
    case OpClass::Leaf: return Lowering::Leaf;
    case OpClass::View: return Lowering::View;
    case OpClass::Unary: return Lowering::UnaryInPlace;
    case OpClass::Binary: return Lowering::BinaryInPlace;
    case OpClass::Channel:
    case OpClass::Reduction:
    case OpClass::Contraction:
    case OpClass::Window:
    case OpClass::Movement: return Lowering::Compute;
  }
  return Lowering::Compute;
}

std::string_view kind_name(BufferKind k) {
  switch (k) {
    case BufferKind::Input: return "input";
    case BufferKind::Output: return "output";
    case BufferKind::Constant: return "constant";
    case BufferKind::Activation: return "activation";
  }
  return "?";
}

/// How a binary stage's other operand is read: once (a scalar), element for element (the
/// result's shape), or one value per row of `inner` elements.
enum class Read : uint8_t { Scalar, Full, Row };

/// `w` broadcast over `out` as a stage operand reads it; nullopt when it is no RowBroadcast
/// or one the chain kernel does not take (a period shorter than the result, repeating
/// element for element).
std::optional<std::pair<Read, int64_t>> stage_read(const Shape& out, const Shape& w) {
  const auto rb = row_broadcast(out, w);
  if (!rb) return std::nullopt;
  if (rb->period == 1) return std::make_pair(Read::Scalar, int64_t{0});
  if (rb->inner == 1)
    return rb->period == num_elements(out) ? std::optional(std::make_pair(Read::Full, int64_t{0}))
                                           : std::nullopt;
  return std::make_pair(Read::Row, rb->inner);
}

/// A unary or binary elementwise operator over operands of shapes `in` with result shape
/// `out`, as the head of a chain: the index of the operand it starts from, and (binary)
/// the other operand's row length (0 when it is a scalar or full); nullopt when it cannot
/// head one.
std::optional<std::pair<size_t, int64_t>> chain_head(OpKind op, const Shape& out,
                                                     const std::vector<const Shape*>& in) {
  if (op_class(op) == OpClass::Unary) return std::make_pair(size_t{0}, int64_t{0});
  if (op_class(op) != OpClass::Binary || in.size() != 2) return std::nullopt;
  for (size_t x = 0; x < 2; ++x) {
    if (*in[x] != out) continue;
    const auto r = stage_read(out, *in[1 - x]);
    if (r) return std::make_pair(x, r->second);
  }
  return std::nullopt;
}

}  // namespace

bool is_view_op(OpKind op) { return lowering_of(op) == Lowering::View; }

std::optional<RowBroadcast> row_broadcast(const Shape& out, const Shape& operand) {
  if (operand.size() > out.size()) return std::nullopt;
  const size_t lead = out.size() - operand.size();
  // The operand's axes, right aligned: those not 1 must be one block equal to out's.
  size_t first = out.size(), last = 0;
  for (size_t k = 0; k < operand.size(); ++k) {
    if (operand[k] == 1) continue;
    if (operand[k] != out[lead + k]) return std::nullopt;
    first = std::min(first, lead + k);
    last = lead + k;
  }
  RowBroadcast rb;
  rb.inner = num_elements(out);
  if (first == out.size()) return rb;  // a scalar: every axis 1
  for (size_t k = first; k <= last; ++k)
    if (out[k] != operand[k - lead]) return std::nullopt;  // a 1 inside the block
  rb.period = 1;
  for (size_t k = first; k <= last; ++k) rb.period *= out[k];
  rb.inner = 1;
  for (size_t k = last + 1; k < out.size(); ++k) rb.inner *= out[k];
  return rb;
}

std::optional<PointwiseChain> pointwise_chain(const Instr& ins) {
  std::vector<const Shape*> shapes;
  for (const View& v : ins.in) shapes.push_back(&v.shape);
  if (op_class(ins.op) == OpClass::Binary) shapes.resize(std::min<size_t>(shapes.size(), 2));
  const auto head = chain_head(ins.op, ins.out.shape, shapes);
  if (!head) return std::nullopt;
  PointwiseChain c;
  c.x = head->first;
  c.row = head->second;
  Stage own{ins.node, ins.op, -1, true};
  if (op_class(ins.op) == OpClass::Binary) {
    own.operand = static_cast<int>(1 - c.x);
    own.value_first = c.x == 0;
  }
  c.stages.push_back(own);
  for (const Stage& st : ins.stages) {
    if (st.operand >= 0) {
      const auto r = stage_read(ins.out.shape, ins.in[static_cast<size_t>(st.operand)].shape);
      if (!r) return std::nullopt;
      if (r->second != 0) {
        if (c.row != 0 && c.row != r->second) return std::nullopt;
        c.row = r->second;
      }
    }
    c.stages.push_back(st);
  }
  return c;
}

namespace {

/// Why a graph cannot be lowered (a type the kernels do not take, an unbound weight);
/// nullopt when every node can be.
std::optional<Error> unlowerable(const Graph& g) {
  for (const Node& node : g.nodes()) {
    const DType t = node.type.dtype;
    if (t != DType::F32 && t != DType::I8 && t != DType::U8 && t != DType::I32 && t != DType::I64)
      return Error{fmt::format(
          "cannot lower '{}': its type is {} (float32, int8, uint8, int32 and int64 are "
          "lowered)",
          node.name, type_string(node.type))};
    if (node.op == OpKind::Input && node.weight)
      return Error{
          fmt::format("cannot lower '{}': a weight input not bound to a value", node.name)};
  }
  return std::nullopt;
}

/// Instructions' placement decided before any is built: which node computes as its own
/// instruction and which folds into another's chain, and when each value is last read.
struct Schedule {
  /// A graph output reads its value after the last instruction.
  static constexpr int32_t kAfterLast = INT32_MAX;
  std::vector<int> readers;         ///< per node: how many nodes read it
  std::vector<uint32_t> root;       ///< per node: the node whose buffer holds its value
  std::vector<int32_t> instr_index; ///< per node: the instruction computing it (a stage's: its chain's)
  std::vector<int32_t> last_reader; ///< per root: the last instruction reading it
  std::vector<bool> output_root;    ///< per node: a graph output's root
  std::vector<int> stage_operand;   ///< per node, a stage: which input is its running operand
  std::vector<bool> chain_ok;       ///< per instruction: heads a chain
  std::vector<int64_t> chain_row;   ///< per instruction: its row operands' length
  std::vector<bool> chain_output;   ///< per instruction: a stage is a graph output
  int32_t next_instr = 0;
};

/// The chain kernel computes in float32: an integer value, or an operator of quantized
/// inference (dequantize reads integers, quantize writes them), is never part of a chain.
bool float_only(const Graph& g, const Node& node) {
  if (is_quant_op(node.op) || node.type.dtype != DType::F32) return false;
  for (NodeId in : node.inputs)
    if (g.node(in).type.dtype != DType::F32) return false;
  return true;
}

/// Roots, readers and output roots: what fusion and in-place decisions read.
void find_roots(const Graph& g, Schedule& s) {
  const size_t n = g.size();
  s.readers.assign(n, 0);
  for (const Node& node : g.nodes())
    for (NodeId in : node.inputs) ++s.readers[in.index];
  s.root.assign(n, 0);
  s.instr_index.assign(n, -1);
  s.last_reader.assign(n, -1);
  s.output_root.assign(n, false);
  s.stage_operand.assign(n, -1);
  for (size_t i = 0; i < n; ++i) {
    const Node& node = g.nodes()[i];
    s.root[i] = lowering_of(node.op) == Lowering::View ? s.root[node.inputs[0].index]
                                                       : static_cast<uint32_t>(i);
  }
  for (NodeId o : g.outputs()) s.output_root[s.root[o.index]] = true;
}

/// Which input of elementwise node `node` it folds onto as a chain stage (-1: none) and the
/// row length its other operand brings (0: scalar or full). `shapes`: its inputs' shapes.
std::pair<int, int64_t> chain_fold(const Node& node, const std::vector<const Shape*>& shapes,
                                   const Schedule& s) {
  int fold_x = -1;
  int64_t fold_row = 0;
  for (size_t xi = 0; xi < node.inputs.size() && fold_x < 0; ++xi) {
    const NodeId x = node.inputs[xi];
    const int32_t host = s.instr_index[x.index];
    if (*shapes[xi] != node.type.shape || s.root[x.index] != x.index || host < 0 ||
        !s.chain_ok[static_cast<size_t>(host)] || s.readers[x.index] != 1 ||
        s.output_root[x.index])
      continue;
    int64_t row = 0;
    if (node.inputs.size() == 2) {
      const NodeId w = node.inputs[1 - xi];
      const auto r = stage_read(node.type.shape, *shapes[1 - xi]);
      if (!r || s.instr_index[s.root[w.index]] >= host) continue;
      row = r->second;
      const int64_t have = s.chain_row[static_cast<size_t>(host)];
      if (row != 0 && have != 0 && have != row) continue;
    }
    fold_x = static_cast<int>(xi);
    fold_row = row;
  }
  return {fold_x, fold_row};
}

/// A requantize folds into the int8 conv computing its sums when it is their only reader
/// (and they are no output): the int32 sums are then never stored.
bool requantize_folds(const Graph& g, const Node& node, const Schedule& s) {
  const NodeId acc = node.inputs[0], m = node.inputs[1];
  const Node& an = g.node(acc);
  const int32_t host = s.instr_index[acc.index];
  return (an.op == OpKind::QConv2d || an.op == OpKind::QDense) &&
         s.root[acc.index] == acc.index && host >= 0 && s.readers[acc.index] == 1 &&
         !s.output_root[acc.index] && s.instr_index[s.root[m.index]] < host;
}

/// Pointwise fusion: a unary or binary elementwise node whose running operand x (of its
/// own shape) is the last value of an elementwise instruction's chain, read by it alone
/// and not an output, is folded into that instruction as a stage, when its other operand
/// (if any) is a scalar, full or row operand (the row length the chain's own) computed
/// before the instruction. The instruction then runs at x's place in the program, so
/// every operand it reads must exist there.
Schedule schedule_instructions(const Graph& g) {
  Schedule s;
  find_roots(g, s);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& node = g.nodes()[i];
    const Lowering l = lowering_of(node.op);
    if (l == Lowering::Leaf || l == Lowering::View) continue;
    std::vector<const Shape*> shapes;
    for (NodeId in : node.inputs) shapes.push_back(&g.node(in).type.shape);
    const auto head =
        float_only(g, node) ? chain_head(node.op, node.type.shape, shapes) : std::nullopt;
    // Folded into the chain computing its running operand (either operand of a binary one).
    auto [fold_x, fold_row] = head ? chain_fold(node, shapes, s) : std::pair<int, int64_t>{-1, 0};
    if (node.op == OpKind::Requantize && requantize_folds(g, node, s)) fold_x = 0;
    if (fold_x >= 0) {
      const int32_t host = s.instr_index[node.inputs[static_cast<size_t>(fold_x)].index];
      s.instr_index[i] = host;
      s.stage_operand[i] = fold_x;
      if (fold_row != 0) s.chain_row[static_cast<size_t>(host)] = fold_row;
      if (s.output_root[i]) s.chain_output[static_cast<size_t>(host)] = true;
      for (NodeId in : node.inputs)
        s.last_reader[s.root[in.index]] = std::max(s.last_reader[s.root[in.index]], host);
      continue;
    }
    s.instr_index[i] = s.next_instr++;
    s.chain_ok.push_back(head.has_value());
    s.chain_row.push_back(head ? head->second : 0);
    s.chain_output.push_back(false);
    for (NodeId in : node.inputs) s.last_reader[s.root[in.index]] = s.instr_index[i];
  }
  for (NodeId o : g.outputs()) s.last_reader[s.root[o.index]] = Schedule::kAfterLast;
  return s;
}

/// Appends the buffer of node `node` (its size, type and name) to `p`; its id.
uint32_t add_buffer(Program& p, const Graph& g, BufferKind kind, size_t node) {
  Buffer b;
  b.id = static_cast<uint32_t>(p.buffers.size());
  b.kind = kind;
  b.elements = g.nodes()[node].type.size();
  b.dtype = g.nodes()[node].type.dtype;
  b.node = g.id(node);
  b.name = g.nodes()[node].name;
  p.buffers.push_back(std::move(b));
  return p.buffers.back().id;
}

/// Node `i` as a stage of the instruction computing its running operand: its other operand
/// (if any) becomes an input of that instruction, its value that instruction's buffer.
void append_stage(const Graph& g, size_t i, const Schedule& s, Program& p,
                  std::vector<uint32_t>& buffer_of) {
  const Node& node = g.nodes()[i];
  const size_t xi = static_cast<size_t>(s.stage_operand[i]);
  Instr& host = p.instrs[static_cast<size_t>(s.instr_index[i])];
  Stage st{g.id(i), node.op, -1, xi == 0};
  if (node.inputs.size() == 2) {
    const NodeId w = node.inputs[1 - xi];
    st.operand = static_cast<int>(host.in.size());
    host.in.push_back(View{buffer_of[w.index], g.node(w).type.shape});
  }
  host.stages.push_back(st);
  buffer_of[i] = host.out.buffer;
  p.buffers[host.out.buffer].dtype = node.type.dtype;  // a folded requantize: int8 / uint8
}

/// In place: an elementwise op over x, where x's value dies here and sits in an
/// activation buffer, writes over x. Not when the result is a graph output (that
/// buffer is the caller's memory and holds only the output).
bool writes_in_place(const Graph& g, size_t i, Lowering l, const Instr& ins, const Schedule& s,
                     const Program& p, const std::vector<uint32_t>& buffer_of) {
  const Node& node = g.nodes()[i];
  if ((l != Lowering::UnaryInPlace && l != Lowering::BinaryInPlace) || s.output_root[i] ||
      s.chain_output[static_cast<size_t>(s.instr_index[i])])
    return false;
  const NodeId x = node.inputs[0];
  const uint32_t xb = buffer_of[x.index];
  bool in_place = p.buffers[xb].kind == BufferKind::Activation && g.node(x).type == node.type &&
                  s.last_reader[s.root[x.index]] == s.instr_index[i];
  // Another operand in the same buffer is the same value (x itself or a view of it):
  // read element for element, so overwriting element j after reading it is safe.
  for (size_t k = 1; k < ins.in.size(); ++k)
    if (ins.in[k].buffer == xb && num_elements(ins.in[k].shape) != node.type.size())
      in_place = false;
  return in_place;
}

/// The buffers and instructions in node order, as `s` placed them; each node's buffer.
std::vector<uint32_t> build_instructions(const Graph& g, const Schedule& s, Program& p) {
  std::vector<uint32_t> buffer_of(g.size(), UINT32_MAX);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& node = g.nodes()[i];
    const Lowering l = lowering_of(node.op);
    if (l == Lowering::Leaf) {
      buffer_of[i] =
          add_buffer(p, g, node.op == OpKind::Input ? BufferKind::Input : BufferKind::Constant, i);
      continue;
    }
    if (l == Lowering::View) {
      assert(node.type.size() == g.node(node.inputs[0]).type.size());
      buffer_of[i] = buffer_of[node.inputs[0].index];
      continue;
    }
    if (s.stage_operand[i] >= 0) {  // a stage of the chain computing its running operand
      append_stage(g, i, s, p, buffer_of);
      continue;
    }
    Instr ins;
    ins.node = g.id(i);
    ins.op = node.op;
    for (NodeId in : node.inputs)
      ins.in.push_back(View{buffer_of[in.index], g.node(in).type.shape});
    ins.out.shape = node.type.shape;
    const bool in_place = writes_in_place(g, i, l, ins, s, p, buffer_of);
    ins.in_place = in_place;
    ins.out.buffer = in_place ? ins.in[0].buffer : add_buffer(p, g, BufferKind::Activation, i);
    buffer_of[i] = ins.out.buffer;
    p.instrs.push_back(std::move(ins));
  }
  return buffer_of;
}

/// Outputs: an activation's buffer becomes the caller's memory. An output that is an
/// input, a constant or a value already output (twice in the list, or a view of another
/// output) is copied into its own output buffer.
void bind_outputs(const Graph& g, const std::vector<uint32_t>& buffer_of, Program& p) {
  for (NodeId o : g.outputs()) {
    const uint32_t b = buffer_of[o.index];
    if (p.buffers[b].kind == BufferKind::Activation) {
      p.buffers[b].kind = BufferKind::Output;
      p.outputs.push_back(b);
      continue;
    }
    Instr copy;
    copy.node = o;
    copy.op = OpKind::Reshape;
    copy.in.push_back(View{b, g.node(o).type.shape});
    copy.out = View{add_buffer(p, g, BufferKind::Output, o.index), g.node(o).type.shape};
    p.outputs.push_back(copy.out.buffer);
    p.instrs.push_back(std::move(copy));
  }
}

}  // namespace

Result<Program> lower_graph(const CertifiedGraph& cg) {
  const Graph& g = cg.graph();
  // Refused before anything is built: no half-lowered program.
  if (auto e = unlowerable(g)) return *e;
  // Placement first: fusion needs every node's readers before any instruction exists.
  const Schedule s = schedule_instructions(g);
  Program p;
  // Buffers and instructions in node order, so that every operand exists before its reader.
  const std::vector<uint32_t> buffer_of = build_instructions(g, s, p);
  p.inputs.reserve(g.data_inputs().size());
  for (NodeId in : g.data_inputs()) p.inputs.push_back(buffer_of[in.index]);
  // Outputs last: an output's copy (if it needs one) runs after every other instruction.
  bind_outputs(g, buffer_of, p);
  return p;
}

Result<Program> lower(const CertifiedGraph& cg) {
  auto p = lower_graph(cg);
  if (p) plan_memory(*p);
  return p;
}

std::string to_string(const Program& p, const Graph& g) {
  auto mb = [](int64_t words) { return static_cast<double>(words) * 4 / (1 << 20); };
  int views = 0, in_place = 0;
  for (const Node& node : g.nodes()) views += is_view_op(node.op);
  for (const Instr& ins : p.instrs) in_place += ins.in_place;
  std::string s = fmt::format(
      "program: {} buffers, {} instructions ({} in place), {} views\n"
      "arena: {} words ({:.2f} MB); activations: {} words ({:.2f} MB)\n",
      p.buffers.size(), p.instrs.size(), in_place, views, p.arena_elements, mb(p.arena_elements),
      p.activation_elements, mb(p.activation_elements));
  s += "buffers:\n";
  for (const Buffer& b : p.buffers) {
    s += fmt::format("  b{:<4} {:<10} {:>10}  {}", b.id, kind_name(b.kind), b.elements, b.name);
    if (b.dtype != DType::F32) s += fmt::format(" ({})", dtype_name(b.dtype));
    if (b.kind == BufferKind::Activation)
      s += fmt::format("  @{} live [{}, {}]", b.offset, b.first_use, b.last_use);
    s += '\n';
  }
  s += "instructions:\n";
  auto view = [](const View& v) { return fmt::format("b{}{}", v.buffer, shape_string(v.shape)); };
  for (size_t i = 0; i < p.instrs.size(); ++i) {
    const Instr& ins = p.instrs[i];
    const bool copy = is_view_op(ins.op);
    s += fmt::format("  {:>4}: {} = {}(", i, view(ins.out), copy ? "copy" : op_name(ins.op));
    for (size_t k = 0; k < ins.in.size(); ++k) s += (k ? ", " : "") + view(ins.in[k]);
    s += ")";
    for (const Stage& st : ins.stages) {
      s += fmt::format(" -> {}(", op_name(st.op));
      if (st.operand >= 0)
        s += fmt::format("{}{}", st.value_first ? "_, " : "",
                         view(ins.in[static_cast<size_t>(st.operand)])) +
             (st.value_first ? "" : ", _");
      else
        s += "_";
      s += ")";
    }
    s += fmt::format("  # {}{}\n", g.node(ins.node).name, ins.in_place ? ", in place" : "");
    for (const Stage& st : ins.stages)
      s.insert(s.size() - 1, fmt::format(", {}", g.node(st.node).name));
  }
  return s;
}

}  // namespace vf::lir
