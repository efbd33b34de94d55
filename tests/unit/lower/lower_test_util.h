// Lowered programs run for real, for the lowering tests: every instruction evaluated with
// the interpreter's float32 formulas (semantics/eval_node.h), activations read from and
// written to one arena at their planned offsets, and each buffer poisoned with NaN right
// after its planned last use, so that a lifetime too short or two buffers sharing memory
// while both live changes the outputs. Compared bit for bit with run_graph.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "interp/interpreter.h"
#include "interp/weights.h"
#include "lower/lir.h"
#include "lower/memory_plan.h"
#include "semantics/domain.h"
#include "semantics/eval_node.h"

namespace vf::lir::test {

/// The outputs of `p` (lowered from `g`) on the inputs run_graph draws from `seed`.
inline std::vector<std::vector<float>> execute(const Program& p, const Graph& g, uint64_t seed) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  sem::FloatDomain<float> d;
  std::vector<float> arena(static_cast<size_t>(p.arena_elements), nan);
  std::vector<std::vector<float>> own(p.buffers.size());
  std::vector<std::vector<uint32_t>> dies_after(p.instrs.size());
  for (const Buffer& b : p.buffers) {
    std::span<const float> init;
    Tensor t;
    if (b.kind == BufferKind::Input) {
      t = generate_input(g, b.node, seed);
      init = t.view<float>();
    } else if (b.kind == BufferKind::Constant) {
      init = g.node(b.node).data->view<float>();
    }
    if (b.kind == BufferKind::Activation) {
      if (b.last_use >= 0) dies_after[static_cast<size_t>(b.last_use)].push_back(b.id);
      continue;
    }
    own[b.id].assign(static_cast<size_t>(b.elements), nan);
    if (!init.empty()) std::copy(init.begin(), init.end(), own[b.id].begin());
  }
  auto at = [&](uint32_t b) {
    return p.buffers[b].kind == BufferKind::Activation ? arena.data() + p.buffers[b].offset
                                                       : own[b].data();
  };
  std::vector<sem::Operand<float>> operands;
  std::vector<float> out;
  for (size_t i = 0; i < p.instrs.size(); ++i) {
    const Instr& ins = p.instrs[i];
    operands.clear();
    // The instruction's own operands (a fused chain's stage operands follow them).
    const size_t own_inputs = is_view_op(ins.op) ? 1 : g.node(ins.node).inputs.size();
    for (size_t k = 0; k < own_inputs; ++k)
      operands.push_back({at(ins.in[k].buffer), &ins.in[k].shape});
    out.clear();
    if (is_view_op(ins.op)) {  // a copy
      REQUIRE(ins.in.size() == 1);
      out.assign(operands[0].data, operands[0].data + p.buffers[ins.in[0].buffer].elements);
    } else {
      sem::eval_node(d, ins.op, g.node(ins.node).attrs,
                     std::span<const sem::Operand<float>>(operands), ins.out.shape, out);
      // A fused chain: the composition of its stages' semantics, each on the running value.
      for (const Stage& st : ins.stages) {
        std::vector<float> v = std::move(out);
        std::vector<sem::Operand<float>> ops = {{v.data(), &ins.out.shape}};
        if (st.operand >= 0) {
          const View& w = ins.in[static_cast<size_t>(st.operand)];
          ops.push_back({at(w.buffer), &w.shape});
          if (!st.value_first) std::swap(ops[0], ops[1]);
        }
        out.clear();
        sem::eval_node(d, st.op, g.node(st.node).attrs, std::span<const sem::Operand<float>>(ops),
                       ins.out.shape, out);
      }
    }
    REQUIRE(static_cast<int64_t>(out.size()) == p.buffers[ins.out.buffer].elements);
    std::copy(out.begin(), out.end(), at(ins.out.buffer));
    for (uint32_t b : dies_after[i])
      std::fill_n(at(b), static_cast<size_t>(p.buffers[b].elements), nan);
  }
  std::vector<std::vector<float>> outs;
  for (uint32_t b : p.outputs) outs.push_back(own[b]);
  return outs;
}

/// Lowers `g`, checks the plan, runs the program and checks its outputs are run_graph's,
/// bit for bit (NaN where run_graph has NaN). Returns the program.
inline Program lower_and_check(const CertifiedGraph& g, uint64_t seed = 7, bool run = true) {
  auto p = lower(g);
  INFO((p ? std::string() : p.error().message));
  REQUIRE(p);
  auto v = verify_plan(*p);
  INFO((v ? std::string() : v.error().message) << "\n" << to_string(*p, g.graph()));
  REQUIRE(v);
  // The plan never needs more than every buffer apart (each rounded up to the alignment).
  int64_t apart = 0;
  for (const Buffer& b : p->buffers)
    if (b.kind == BufferKind::Activation)
      apart += (b.elements + kArenaAlignment - 1) / kArenaAlignment * kArenaAlignment;
  CHECK(p->arena_elements <= apart);
  REQUIRE(p->outputs.size() == g.graph().outputs().size());
  if (!run) return std::move(*p);
  RunOptions o;
  o.seed = seed;
  auto expected = run_graph(g, o);
  REQUIRE(expected);
  const auto got = execute(*p, g.graph(), seed);
  for (size_t k = 0; k < got.size(); ++k) {
    auto e = (*expected)[k].view<float>();
    REQUIRE(e.size() == got[k].size());
    size_t bad = 0;
    for (size_t j = 0; j < e.size(); ++j)
      if (std::memcmp(&e[j], &got[k][j], sizeof(float)) != 0 &&
          !(std::isnan(e[j]) && std::isnan(got[k][j])))
        ++bad;
    INFO("output " << k << "\n" << to_string(*p, g.graph()));
    CHECK(bad == 0);
  }
  return std::move(*p);
}

}  // namespace vf::lir::test
