#include "independent/program.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <vector>

#include "ir/op.h"

namespace vf::independent {
namespace {

using lir::Buffer;
using lir::BufferKind;
using lir::Instr;
using lir::Program;
using lir::View;

/// A value sitting in memory: graph node `value` (a base value, see `Checker::base_`) held
/// by buffer `buffer` in words [lo, hi) of memory `space` (-1: the arena; else the
/// buffer's own memory, which the caller passes).
struct Held {
  uint32_t buffer;
  uint32_t value;
  int64_t space, lo, hi;
};

/// An operand an instruction reads: index in Instr::in and the graph node it must be.
struct Read {
  size_t operand;
  NodeId node;
};

class Checker {
 public:
  Checker(const Graph& g, const Program& p) : g_(g), p_(p) {
    // A view (reshape, flatten, ...) is its input's elements in the same order: it lives
    // in the buffer of the first non-view value down its chain.
    base_.resize(g.size());
    for (size_t i = 0; i < g.size(); ++i) {
      const Node& n = g.nodes()[i];
      base_[i] = op_class(n.op) == OpClass::View && n.inputs.size() == 1 ? base_[n.inputs[0].index]
                                                                         : static_cast<uint32_t>(i);
    }
  }

  Result<ProgramSummary> run() {
    if (auto r = check_buffers(); !r) return r.error();
    std::vector<std::vector<Read>> reads(p_.instrs.size());
    for (size_t i = 0; i < p_.instrs.size(); ++i) {
      auto r = reads_of(i);
      if (!r) return r.error();
      reads[i] = std::move(*r);
    }
    // Liveness, from the graph and the instruction list alone: the last instruction that
    // reads each value; a graph output is read after the last one.
    const int64_t end = static_cast<int64_t>(p_.instrs.size());
    last_read_.assign(g_.size(), -1);
    for (size_t i = 0; i < reads.size(); ++i)
      for (const Read& r : reads[i])
        last_read_[base_[r.node.index]] = std::max<int64_t>(last_read_[base_[r.node.index]], i);
    for (NodeId o : g_.outputs()) last_read_[base_[o.index]] = end;
    // Inputs and constants are in their own memory before the first instruction.
    for (const Buffer& b : p_.buffers)
      if (b.kind == BufferKind::Input || b.kind == BufferKind::Constant)
        held_.push_back(Held{b.id, base_[b.node.index], b.id, 0, words(b)});
    ProgramSummary s;
    for (size_t i = 0; i < p_.instrs.size(); ++i) {
      if (auto r = step(i, reads[i]); !r) return r.error();
      s.in_place += p_.instrs[i].in_place;
      s.stages += p_.instrs[i].stages.size();
    }
    if (auto r = check_outputs(); !r) return r.error();
    s.instructions = p_.instrs.size();
    s.buffers = p_.buffers.size();
    s.arena_words = p_.arena_elements;
    return s;
  }

 private:
  std::string buf(uint32_t b) const { return fmt::format("b{} ('{}')", b, p_.buffers[b].name); }
  std::string instr(size_t i) const {
    return fmt::format("instruction {} ('{}')", i, g_.node(p_.instrs[i].node).name);
  }
  const std::string& name(uint32_t node) const { return g_.nodes()[node].name; }

  /// The 4-byte words a buffer occupies, from its element count and type.
  static int64_t words(const Buffer& b) {
    return (b.elements * static_cast<int64_t>(dtype_size(b.dtype)) + 3) / 4;
  }

  /// Each buffer's kind against its node; arena placement inside the arena; the inputs.
  Result<void> check_buffers() const {
    if (p_.arena_elements < 0) return Error{"the arena has a negative size"};
    size_t n_inputs = 0;
    for (size_t k = 0; k < p_.buffers.size(); ++k) {
      const Buffer& b = p_.buffers[k];
      if (b.id != k) return Error{fmt::format("buffer {} has id {}", k, b.id)};
      if (b.node.index >= g_.size() || b.elements < 0)
        return Error{fmt::format("buffer b{} names no node of the graph", k)};
      const Node& n = g_.node(b.node);
      const bool leaf = b.kind == BufferKind::Input || b.kind == BufferKind::Constant;
      if (leaf && (n.op != (b.kind == BufferKind::Input ? OpKind::Input : OpKind::Constant) ||
                   b.elements != n.type.size() || b.dtype != n.type.dtype))
        return Error{fmt::format("{} is an input or constant buffer but not of its node '{}'",
                                 buf(b.id), n.name)};
      n_inputs += b.kind == BufferKind::Input;
      if (b.kind == BufferKind::Activation &&
          (b.offset < 0 || b.offset > p_.arena_elements - words(b)))
        return Error{fmt::format("{} at offset {} ({} words) is outside the arena of {} words",
                                 buf(b.id), b.offset, words(b), p_.arena_elements)};
    }
    const std::vector<NodeId> data = g_.data_inputs();
    if (p_.inputs.size() != data.size() || n_inputs != data.size())
      return Error{fmt::format("the program has {} input buffers, the graph {} data inputs",
                               n_inputs, data.size())};
    for (size_t k = 0; k < data.size(); ++k)
      if (p_.inputs[k] >= p_.buffers.size() || p_.buffers[p_.inputs[k]].kind != BufferKind::Input ||
          p_.buffers[p_.inputs[k]].node != data[k])
        return Error{fmt::format("program input {} is not the buffer of graph input '{}'", k,
                                 g_.node(data[k]).name)};
    return {};
  }

  /// The operands instruction `i` reads, each with the node it must hold: its node's
  /// inputs in order, then each binary stage's other operand; the stages checked as a
  /// chain (each stage's node reads the previous stage's value as the running operand).
  Result<std::vector<Read>> reads_of(size_t i) const {
    const Instr& ins = p_.instrs[i];
    if (ins.node.index >= g_.size()) return Error{fmt::format("instruction {} has no node", i)};
    for (const View& v : ins.in)
      if (v.buffer >= p_.buffers.size()) return Error{fmt::format("{} reads no buffer", instr(i))};
    if (ins.out.buffer >= p_.buffers.size())
      return Error{fmt::format("{} writes no buffer", instr(i))};
    const Node& n = g_.node(ins.node);
    std::vector<Read> reads;
    if (op_class(ins.op) == OpClass::View) {  // a copy of the node's value (an output)
      if (ins.in.size() != 1 || !ins.stages.empty() || ins.in_place)
        return Error{fmt::format("{} is a copy with more than one operand", instr(i))};
      reads.push_back({0, ins.node});
      return reads;
    }
    if (ins.op != n.op || op_class(n.op) == OpClass::Leaf)
      return Error{
          fmt::format("{} runs {}, its node is {}", instr(i), op_name(ins.op), op_name(n.op))};
    if (ins.in.size() < n.inputs.size())
      return Error{
          fmt::format("{} has {} operands, its node {}", instr(i), ins.in.size(), n.inputs.size())};
    for (size_t k = 0; k < n.inputs.size(); ++k) reads.push_back({k, n.inputs[k]});
    std::vector<bool> used(ins.in.size(), false);
    std::fill(used.begin(), used.begin() + static_cast<long>(n.inputs.size()), true);
    NodeId prev = ins.node;
    for (const lir::Stage& st : ins.stages) {
      if (st.node.index >= g_.size())
        return Error{fmt::format("{}: a stage has no node", instr(i))};
      const Node& s = g_.node(st.node);
      const size_t x = st.value_first ? 0 : 1;
      bool ok = s.op == st.op && s.type.shape == g_.node(prev).type.shape;
      if (st.operand < 0) {
        ok = ok && s.inputs.size() == 1 && s.inputs[0] == prev;
      } else {
        const auto k = static_cast<size_t>(st.operand);
        ok = ok && s.inputs.size() == 2 && s.inputs[x] == prev && k < ins.in.size() && !used[k];
        if (ok) {
          used[k] = true;
          reads.push_back({k, s.inputs[1 - x]});
        }
      }
      if (!ok)
        return Error{fmt::format("{}: stage '{}' ({}) is not its node over the value before it",
                                 instr(i), s.name, op_name(st.op))};
      prev = st.node;
    }
    if (std::find(used.begin(), used.end(), false) != used.end())
      return Error{fmt::format("{} has an operand no node reads", instr(i))};
    return reads;
  }

  /// The words buffer `b` occupies: in the arena, or in its own memory.
  Held place(uint32_t b, uint32_t value) const {
    const Buffer& x = p_.buffers[b];
    if (x.kind == BufferKind::Activation) return Held{b, value, -1, x.offset, x.offset + words(x)};
    return Held{b, value, b, 0, words(x)};
  }

  /// Runs instruction `i` over the abstract memory: its reads must find their values, its
  /// write may destroy only values no later instruction reads.
  Result<void> step(size_t i, const std::vector<Read>& reads) {
    const Instr& ins = p_.instrs[i];
    for (const Read& r : reads) {
      const View& v = ins.in[r.operand];
      const Node& x = g_.node(r.node);
      const Buffer& b = p_.buffers[v.buffer];
      if (v.shape != x.type.shape || b.elements != x.type.size() || b.dtype != x.type.dtype)
        return Error{fmt::format("{} reads '{}' as {} from {} of {} {} elements", instr(i), x.name,
                                 shape_string(v.shape), buf(v.buffer), b.elements,
                                 dtype_name(b.dtype))};
      const uint32_t want = base_[r.node.index];
      const auto h = std::find_if(held_.begin(), held_.end(), [&](const Held& e) {
        return e.buffer == v.buffer && e.value == want;
      });
      if (h == held_.end())
        return Error{fmt::format("{} reads '{}' from {}, which does not hold it there", instr(i),
                                 name(want), buf(v.buffer))};
    }
    // The value written: the node's, or the last stage's.
    const NodeId last = ins.stages.empty() ? ins.node : ins.stages.back().node;
    const Node& out = g_.node(last);
    const Buffer& ob = p_.buffers[ins.out.buffer];
    if (ob.kind != BufferKind::Activation && ob.kind != BufferKind::Output)
      return Error{fmt::format("{} writes {}, an input or constant", instr(i), buf(ob.id))};
    if (ins.out.shape != out.type.shape || ob.elements != out.type.size() ||
        ob.dtype != out.type.dtype)
      return Error{fmt::format("{} writes '{}' ({} of {}) as {} into {} of {} elements of {}",
                               instr(i), out.name, shape_string(out.type.shape),
                               dtype_name(out.type.dtype), shape_string(ins.out.shape), buf(ob.id),
                               ob.elements, dtype_name(ob.dtype))};
    // In place: only an elementwise instruction (and stages), into its first operand's
    // buffer, over a value of the same type.
    bool elementwise = op_class(ins.op) == OpClass::Unary || op_class(ins.op) == OpClass::Binary;
    for (const lir::Stage& st : ins.stages)
      elementwise =
          elementwise && (op_class(st.op) == OpClass::Unary || op_class(st.op) == OpClass::Binary);
    if (ins.in_place &&
        (!elementwise || ins.in.empty() || reads.empty() || ins.in[0].buffer != ins.out.buffer ||
         g_.node(reads[0].node).type.dtype != out.type.dtype))
      return Error{fmt::format(
          "{} is in place but not an elementwise write over its first operand's buffer", instr(i))};
    const Held w = place(ins.out.buffer, base_[last.index]);
    std::vector<Held> kept;
    for (const Held& h : held_) {
      const bool overlap = h.space == w.space && h.lo < w.hi && w.lo < h.hi;
      if (!overlap) {
        kept.push_back(h);
        continue;
      }
      const int64_t live_to = last_read_[h.value];
      const bool read_here = std::any_of(reads.begin(), reads.end(), [&](const Read& r) {
        return ins.in[r.operand].buffer == h.buffer && base_[r.node.index] == h.value;
      });
      // Element i of an elementwise result reads element i of an operand of its size only.
      const bool element_for_element = ins.in_place && h.buffer == w.buffer;
      if (live_to > static_cast<int64_t>(i) || (read_here && !element_for_element))
        return Error{fmt::format(
            "{} writes {} (words {}..{}) over {} (words {}..{}), whose value '{}' {}", instr(i),
            buf(w.buffer), w.lo, w.hi, buf(h.buffer), h.lo, h.hi, name(h.value),
            live_to >= static_cast<int64_t>(p_.instrs.size())
                ? std::string("is a graph output")
                : fmt::format("instruction {} still reads", std::max<int64_t>(live_to, i)))};
    }
    kept.push_back(w);
    held_ = std::move(kept);
    return {};
  }

  /// Every graph output in its own output buffer at the end.
  Result<void> check_outputs() const {
    const auto& outs = g_.outputs();
    if (p_.outputs.size() != outs.size())
      return Error{
          fmt::format("the program has {} outputs, the graph {}", p_.outputs.size(), outs.size())};
    for (size_t k = 0; k < outs.size(); ++k) {
      const uint32_t b = p_.outputs[k];
      const Node& o = g_.node(outs[k]);
      const bool distinct = std::count(p_.outputs.begin(), p_.outputs.end(), b) == 1;
      const bool holds = std::any_of(held_.begin(), held_.end(), [&](const Held& h) {
        return h.buffer == b && h.value == base_[outs[k].index];
      });
      if (b >= p_.buffers.size() || p_.buffers[b].kind != BufferKind::Output || !distinct ||
          !holds || p_.buffers[b].elements != o.type.size() || p_.buffers[b].dtype != o.type.dtype)
        return Error{fmt::format(
            "output {} ('{}') is not in an output buffer of its own at the end", k, o.name)};
    }
    return {};
  }

  const Graph& g_;
  const Program& p_;
  std::vector<uint32_t> base_;
  std::vector<int64_t> last_read_;
  std::vector<Held> held_;
};

}  // namespace

Result<ProgramSummary> check_program(const Graph& g, const lir::Program& p) {
  return Checker(g, p).run();
}

}  // namespace vf::independent
