// Lowering a certified graph to the low-level IR (lir.h), then planning its memory
// (memory_plan.h).
#include <algorithm>
#include <cassert>
#include <climits>

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

}  // namespace

bool is_view_op(OpKind op) { return lowering_of(op) == Lowering::View; }

Result<Program> lower_graph(const CertifiedGraph& cg) {
  const Graph& g = cg.graph();
  const size_t n = g.size();
  for (const Node& node : g.nodes()) {
    if (node.type.dtype != DType::F32)
      return Error{fmt::format("cannot lower '{}': its type is {} (only float32 is lowered)",
                               node.name, type_string(node.type))};
    if (node.op == OpKind::Input && node.weight)
      return Error{
          fmt::format("cannot lower '{}': a weight input not bound to a value", node.name)};
  }

  // Each value's root: the node whose buffer holds it (itself, or the start of its chain
  // of views). The last instruction reading each root; a graph output reads it after the
  // last instruction.
  constexpr int32_t kAfterLast = INT32_MAX;
  std::vector<uint32_t> root(n);
  std::vector<int32_t> instr_index(n, -1);
  std::vector<int32_t> last_reader(n, -1);
  std::vector<bool> output_root(n, false);
  int32_t next_instr = 0;
  for (size_t i = 0; i < n; ++i) {
    const Node& node = g.nodes()[i];
    const Lowering l = lowering_of(node.op);
    root[i] = l == Lowering::View ? root[node.inputs[0].index] : static_cast<uint32_t>(i);
    if (l == Lowering::Leaf || l == Lowering::View) continue;
    instr_index[i] = next_instr++;
    for (NodeId in : node.inputs) last_reader[root[in.index]] = instr_index[i];
  }
  for (NodeId o : g.outputs()) {
    last_reader[root[o.index]] = kAfterLast;
    output_root[root[o.index]] = true;
  }

  Program p;
  std::vector<uint32_t> buffer_of(n, UINT32_MAX);
  auto add_buffer = [&](BufferKind kind, size_t node) {
    Buffer b;
    b.id = static_cast<uint32_t>(p.buffers.size());
    b.kind = kind;
    b.elements = g.nodes()[node].type.size();
    b.node = g.id(node);
    b.name = g.nodes()[node].name;
    p.buffers.push_back(std::move(b));
    return p.buffers.back().id;
  };
  for (size_t i = 0; i < n; ++i) {
    const Node& node = g.nodes()[i];
    const Lowering l = lowering_of(node.op);
    if (l == Lowering::Leaf) {
      buffer_of[i] =
          add_buffer(node.op == OpKind::Input ? BufferKind::Input : BufferKind::Constant, i);
      continue;
    }
    if (l == Lowering::View) {
      assert(node.type.size() == g.node(node.inputs[0]).type.size());
      buffer_of[i] = buffer_of[node.inputs[0].index];
      continue;
    }
    Instr ins;
    ins.node = g.id(i);
    ins.op = node.op;
    for (NodeId in : node.inputs)
      ins.in.push_back(View{buffer_of[in.index], g.node(in).type.shape});
    ins.out.shape = node.type.shape;
    // In place: an elementwise op over x, where x's value dies here and sits in an
    // activation buffer, writes over x. Not when the result is a graph output (that
    // buffer is the caller's memory and holds only the output).
    bool in_place = false;
    if ((l == Lowering::UnaryInPlace || l == Lowering::BinaryInPlace) && !output_root[i]) {
      const NodeId x = node.inputs[0];
      const uint32_t xb = buffer_of[x.index];
      in_place = p.buffers[xb].kind == BufferKind::Activation &&
                 g.node(x).type.shape == node.type.shape &&
                 last_reader[root[x.index]] == instr_index[i];
      // Another operand in the same buffer is the same value (x itself or a view of it):
      // read element for element, so overwriting element j after reading it is safe.
      for (size_t k = 1; k < ins.in.size(); ++k)
        if (ins.in[k].buffer == xb && num_elements(ins.in[k].shape) != node.type.size())
          in_place = false;
    }
    ins.in_place = in_place;
    ins.out.buffer = in_place ? ins.in[0].buffer : add_buffer(BufferKind::Activation, i);
    buffer_of[i] = ins.out.buffer;
    p.instrs.push_back(std::move(ins));
  }
  p.inputs.reserve(g.data_inputs().size());
  for (NodeId in : g.data_inputs()) p.inputs.push_back(buffer_of[in.index]);

  // Outputs: an activation's buffer becomes the caller's memory. An output that is an
  // input, a constant or a value already output (twice in the list, or a view of another
  // output) is copied into its own output buffer.
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
    copy.out = View{add_buffer(BufferKind::Output, o.index), g.node(o).type.shape};
    p.outputs.push_back(copy.out.buffer);
    p.instrs.push_back(std::move(copy));
  }
  return p;
}

Result<Program> lower(const CertifiedGraph& cg) {
  auto p = lower_graph(cg);
  if (p) plan_memory(*p);
  return p;
}

std::string to_string(const Program& p, const Graph& g) {
  auto mb = [](int64_t elements) { return static_cast<double>(elements) * 4 / (1 << 20); };
  int views = 0, in_place = 0;
  for (const Node& node : g.nodes()) views += is_view_op(node.op);
  for (const Instr& ins : p.instrs) in_place += ins.in_place;
  std::string s = fmt::format(
      "program: {} buffers, {} instructions ({} in place), {} views\n"
      "arena: {} elements ({:.2f} MB); activations: {} elements ({:.2f} MB)\n",
      p.buffers.size(), p.instrs.size(), in_place, views, p.arena_elements, mb(p.arena_elements),
      p.activation_elements, mb(p.activation_elements));
  s += "buffers:\n";
  for (const Buffer& b : p.buffers) {
    s += fmt::format("  b{:<4} {:<10} {:>10}  {}", b.id, kind_name(b.kind), b.elements, b.name);
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
    s += fmt::format(")  # {}{}\n", g.node(ins.node).name, ins.in_place ? ", in place" : "");
  }
  return s;
}

}  // namespace vf::lir
