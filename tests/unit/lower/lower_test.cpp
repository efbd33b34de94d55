// Lowering on small graphs whose programs are known by hand (views, in-place chains,
// outputs that are views, inputs or repeated, residual diamonds, errors), and on seeded
// random DAGs: every plan verifies and every program, run on its planned arena with the
// interpreter's formulas, computes run_graph's outputs bit for bit.
#include <catch2/catch.hpp>

#include <algorithm>

#include "../semantics/op_case.h"
#include "ir/shape_inference.h"
#include "lower_test_util.h"
#include "support/rng.h"

namespace vf::lir {
namespace {

using vf::test::attrs;
using vf::test::f64;
using vf::test::ints;

const Shape kImage = {1, 3, 5, 5};

/// Type-checks `g`, binds its weights to seeded values and wraps it.
CertifiedGraph certified(Graph g) {
  auto r = infer_types(g);
  INFO((r ? std::string() : r.error().message));
  REQUIRE(r);
  for (NodeId id : std::vector<NodeId>(g.inputs()))
    if (g.node(id).weight) g.bind_input(id, generate_input(g, id, 3));
  return CertifiedGraph::unrewritten(std::move(g));
}

NodeId conv3x3(Graph& g, NodeId x, const std::string& name) {
  NodeId w = g.add_input(name + "_weight", TensorType{DType::F32, {3, 3, 3, 3}}, true);
  return g.add_node(OpKind::Conv2d, name, {x, w}, attrs({{"padding", ints({1, 1, 1, 1})}}));
}

const Instr& instr_of(const Program& p, const Graph& g, const std::string& name) {
  for (const Instr& i : p.instrs)
    if (g.node(i.node).name == name && !is_view_op(i.op)) return i;
  FAIL("no instruction computes " << name);
  throw 0;
}

int count_in_place(const Program& p) {
  return static_cast<int>(
      std::count_if(p.instrs.begin(), p.instrs.end(), [](const Instr& i) { return i.in_place; }));
}

TEST_CASE("lower: reshape-like nodes are views of their input's buffer", "[lower]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
  NodeId s = g.add_node(OpKind::Sigmoid, "s", {x}, {});
  NodeId v = g.add_node(OpKind::Reshape, "v", {s}, attrs({{"shape", ints({1, 75})}}));
  NodeId e = g.add_node(OpKind::ExpandDims, "e", {v}, attrs({{"axis", vf::test::i64(0)}}));
  NodeId q = g.add_node(OpKind::Squeeze, "q", {e}, attrs({{"axes", ints({0})}}));
  NodeId y = g.add_node(OpKind::Softmax, "y", {q}, {});
  g.add_output(y);
  const CertifiedGraph cg = certified(std::move(g));
  const Program p = test::lower_and_check(cg);
  REQUIRE(p.instrs.size() == 2);  // sigmoid, softmax: the views are no instructions
  const Instr& soft = p.instrs[1];
  CHECK(soft.in[0].buffer == p.instrs[0].out.buffer);  // through the chain of three views
  CHECK(soft.in[0].shape == Shape{1, 75});
  CHECK_FALSE(p.instrs[0].in_place);  // x is the caller's input
  const Buffer& sb = p.buffers[p.instrs[0].out.buffer];
  CHECK(sb.kind == BufferKind::Activation);
  CHECK(sb.first_use == 0);
  CHECK(sb.last_use == 1);  // extended to the view's reader
  CHECK(p.inputs == std::vector<uint32_t>{p.instrs[0].in[0].buffer});
  CHECK(p.buffers[p.outputs[0]].kind == BufferKind::Output);
  CHECK(p.arena_elements == 75);
}

TEST_CASE("lower: an elementwise chain runs in place in one buffer", "[lower]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
  NodeId c = conv3x3(g, x, "c");
  NodeId r = g.add_node(OpKind::Relu, "r", {c}, {});
  NodeId bias = g.add_input("bias", TensorType{DType::F32, {1, 3, 1, 1}}, true);
  NodeId a = g.add_node(OpKind::Add, "a", {r, bias}, {});
  NodeId s = g.add_node(OpKind::HardSwish, "s", {a}, {});
  NodeId b = g.add_node(OpKind::Multiply, "b", {bias, s}, {});  // in[0] broadcast: not in place
  NodeId m = g.add_node(OpKind::MaxPool2d, "m", {b},
                        attrs({{"pool_size", ints({3, 3})}, {"padding", ints({1, 1, 1, 1})}}));
  g.add_output(m);
  const CertifiedGraph cg = certified(std::move(g));
  const Graph& gr = cg.graph();
  const Program p = test::lower_and_check(cg);
  // relu heads one fused pointwise chain (relu, add, hard_swish, multiply), in place over
  // the conv's buffer: three instructions.
  REQUIRE(p.instrs.size() == 3);
  const uint32_t cb = instr_of(p, gr, "c").out.buffer;
  const Instr& ri = instr_of(p, gr, "r");
  CHECK(ri.in_place);
  CHECK(ri.out.buffer == cb);
  REQUIRE(ri.stages.size() == 3);
  CHECK(ri.stages[0].op == OpKind::Add);
  CHECK(ri.stages[0].value_first);
  CHECK(ri.stages[1].op == OpKind::HardSwish);
  CHECK(ri.stages[1].operand == -1);
  CHECK(ri.stages[2].op == OpKind::Multiply);
  CHECK_FALSE(ri.stages[2].value_first);  // bias * s: the running value second
  for (int k : {0, 2})
    CHECK(p.buffers[ri.in[static_cast<size_t>(ri.stages[static_cast<size_t>(k)].operand)].buffer]
              .name == "bias");
  for (const char* n : {"a", "s", "b"})
    for (const Instr& i : p.instrs) CHECK(gr.node(i.node).name != n);
  const auto chain = pointwise_chain(ri);
  REQUIRE(chain);
  CHECK(chain->x == 0);
  CHECK(chain->stages.size() == 4);
  CHECK(chain->row == 25);  // the per-channel bias: one value per 5x5 plane
  CHECK(p.buffers[cb].first_use == 0);
  CHECK(p.buffers[cb].last_use == 2);  // read by the max pool
  CHECK(count_in_place(p) == 1);
  // One activation buffer (the chain's); the max pool writes the output.
  CHECK(p.activation_elements == 75);
  CHECK(p.arena_elements == 75);
}

TEST_CASE(
    "lower: pointwise fusion stops where a value is read twice, is an output, or its "
    "operand comes later",
    "[lower]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
  NodeId c = conv3x3(g, x, "c");
  NodeId r = g.add_node(OpKind::Relu, "r", {c}, {});
  NodeId h = g.add_node(OpKind::Sigmoid, "h", {r}, {});    // folds into r
  NodeId o = g.add_node(OpKind::Tanh, "o", {h}, {});       // folds: an output
  NodeId t = g.add_node(OpKind::Negative, "t", {o}, {});   // o is an output: own head
  NodeId p1 = g.add_node(OpKind::Exp, "p1", {t}, {});      // t read twice: own head
  NodeId p2 = g.add_node(OpKind::Add, "p2", {t, p1}, {});  // p1's chain, t full
  NodeId gp = g.add_node(OpKind::GlobalAvgPool2d, "gp", {p2}, {});
  NodeId m = g.add_node(OpKind::Multiply, "m", {p2, gp}, {});  // p2 read twice; gp later
  NodeId q = g.add_node(OpKind::Multiply, "q", {gp, m}, {});   // the gate comes before m
  g.add_output(o);
  g.add_output(q);
  const CertifiedGraph cg = certified(std::move(g));
  const Graph& gr = cg.graph();
  const Program p = test::lower_and_check(cg);
  std::vector<std::string> heads;
  for (const Instr& i : p.instrs) heads.push_back(gr.node(i.node).name);
  CHECK(heads == std::vector<std::string>{"c", "r", "t", "p1", "gp", "m"});
  auto names = [&](const char* head) {
    std::vector<std::string> v;
    for (const Stage& st : instr_of(p, gr, head).stages) v.push_back(gr.node(st.node).name);
    return v;
  };
  CHECK(names("r") == std::vector<std::string>{"h", "o"});
  CHECK(names("t").empty());
  CHECK(names("p1") == std::vector<std::string>{"p2"});
  CHECK(names("m") == std::vector<std::string>{"q"});
  // The chain ending in an output writes the caller's memory, not over the conv.
  CHECK_FALSE(instr_of(p, gr, "r").in_place);
  CHECK(p.buffers[instr_of(p, gr, "r").out.buffer].kind == BufferKind::Output);
  CHECK(pointwise_chain(instr_of(p, gr, "m")));
}

TEST_CASE("lower: an output that is a view of an activation is that buffer", "[lower]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
  NodeId c = conv3x3(g, x, "c");
  NodeId r = g.add_node(OpKind::Relu, "r", {c}, {});
  NodeId o = g.add_node(OpKind::BatchFlatten, "o", {r}, {});
  g.add_output(o);
  const CertifiedGraph cg = certified(std::move(g));
  const Program p = test::lower_and_check(cg);
  REQUIRE(p.instrs.size() == 2);  // no copy
  // relu's result is the output: it gets the caller's memory instead of writing over c.
  CHECK_FALSE(p.instrs[1].in_place);
  const Buffer& out = p.buffers[p.outputs[0]];
  CHECK(out.kind == BufferKind::Output);
  CHECK(out.id == p.instrs[1].out.buffer);
  CHECK(out.offset == -1);
  CHECK(p.buffers[p.instrs[0].out.buffer].kind == BufferKind::Activation);
  CHECK(p.activation_elements == 75);
}

TEST_CASE("lower: outputs that are inputs, constants or repeated are copied", "[lower]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
  NodeId k = g.add_input("k", TensorType{DType::F32, kImage}, true);
  NodeId r = g.add_node(OpKind::Relu, "r", {x}, {});
  NodeId f = g.add_node(OpKind::Flatten, "f", {r}, {});
  NodeId xv = g.add_node(OpKind::Reshape, "xv", {x}, attrs({{"shape", ints({75})}}));
  g.add_output(x);   // an input: copied
  g.add_output(r);   // the relu's buffer
  g.add_output(f);   // a view of it: copied
  g.add_output(r);   // again: copied
  g.add_output(k);   // a constant: copied
  g.add_output(xv);  // a view of an input: copied
  const CertifiedGraph cg = certified(std::move(g));
  const Program p = test::lower_and_check(cg);
  REQUIRE(p.instrs.size() == 6);
  int copies = 0;
  for (const Instr& i : p.instrs)
    if (is_view_op(i.op)) {
      ++copies;
      CHECK(i.in[0].buffer != i.out.buffer);
      CHECK(p.buffers[i.out.buffer].kind == BufferKind::Output);
    }
  CHECK(copies == 5);
  CHECK(p.outputs[1] == p.instrs[0].out.buffer);
  std::vector<uint32_t> distinct = p.outputs;
  std::sort(distinct.begin(), distinct.end());
  CHECK(std::unique(distinct.begin(), distinct.end()) == distinct.end());
  CHECK(p.activation_elements == 0);
  CHECK(p.arena_elements == 0);
  CHECK(to_string(p, cg.graph()).find("copy(b") != std::string::npos);
}

TEST_CASE("lower: residual diamonds", "[lower]") {
  SECTION("add(conv(b), b): writes over the conv's buffer, b lives until the add") {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
    NodeId a = conv3x3(g, x, "a");
    NodeId b = g.add_node(OpKind::Relu, "b", {a}, {});
    NodeId c = conv3x3(g, b, "c");
    NodeId d = g.add_node(OpKind::Add, "d", {c, b}, {});
    NodeId e = g.add_node(OpKind::Relu, "e", {d}, {});
    NodeId y = g.add_node(OpKind::GlobalAvgPool2d, "y", {e}, {});
    g.add_output(y);
    const CertifiedGraph cg = certified(std::move(g));
    const Graph& gr = cg.graph();
    const Program p = test::lower_and_check(cg);
    CHECK(instr_of(p, gr, "b").in_place);
    CHECK(instr_of(p, gr, "d").in_place);
    CHECK(instr_of(p, gr, "d").out.buffer == instr_of(p, gr, "c").out.buffer);
    // relu e is a stage of d's chain (d is read by e alone).
    REQUIRE(instr_of(p, gr, "d").stages.size() == 1);
    CHECK(gr.node(instr_of(p, gr, "d").stages[0].node).name == "e");
    const Buffer& bb = p.buffers[instr_of(p, gr, "b").out.buffer];
    CHECK(bb.first_use == 0);
    CHECK(bb.last_use == 3);  // conv a, relu b, conv c, add d
    CHECK(count_in_place(p) == 2);
    CHECK(p.arena_elements == 80 + 75);
  }
  SECTION("add(b, conv(b)): writes over b, its last use") {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
    NodeId a = conv3x3(g, x, "a");
    NodeId b = g.add_node(OpKind::Relu, "b", {a}, {});
    NodeId c = conv3x3(g, b, "c");
    NodeId d = g.add_node(OpKind::Add, "d", {b, c}, {});
    g.add_output(d);
    const CertifiedGraph cg = certified(std::move(g));
    const Program p = test::lower_and_check(cg);
    // d is the output: it takes the caller's memory, nothing in place there.
    CHECK_FALSE(instr_of(p, cg.graph(), "d").in_place);
    CHECK(count_in_place(p) == 1);
  }
  SECTION("relu(a) with a read again later is not in place") {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
    NodeId a = conv3x3(g, x, "a");
    NodeId b = g.add_node(OpKind::Relu, "b", {a}, {});
    NodeId d = g.add_node(OpKind::Subtract, "d", {b, a}, {});
    NodeId e = g.add_node(OpKind::Sigmoid, "e", {d}, {});
    NodeId y = g.add_node(OpKind::Softmax, "y", {e}, {});
    g.add_output(y);
    const CertifiedGraph cg = certified(std::move(g));
    const Graph& gr = cg.graph();
    const Program p = test::lower_and_check(cg);
    // d = b - a and e fold into b's chain, which reads a last: relu(a) - a, then sigmoid,
    // in place over a (a is read element for element as the stage's operand).
    const Instr& bi = instr_of(p, gr, "b");
    CHECK(bi.in_place);
    REQUIRE(bi.stages.size() == 2);
    CHECK(bi.in[static_cast<size_t>(bi.stages[0].operand)].buffer == bi.in[0].buffer);
    CHECK(bi.stages[1].op == OpKind::Sigmoid);
  }
}

TEST_CASE("lower: a chain of convolutions reuses two buffers", "[lower]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
  NodeId v = x;
  for (int i = 0; i < 6; ++i) v = conv3x3(g, v, "c" + std::to_string(i));
  g.add_output(g.add_node(OpKind::Relu, "y", {v}, {}));
  const CertifiedGraph cg = certified(std::move(g));
  const Program p = test::lower_and_check(cg);
  CHECK(p.activation_elements == 6 * 75);
  CHECK(p.arena_elements == 80 + 75);
}

TEST_CASE("lower: errors", "[lower]") {
  SECTION("a tensor of a type the kernels do not take") {
    Graph g;
    NodeId x = g.add_input("ids", TensorType{DType::F64, {4}});
    g.add_output(g.add_node(OpKind::Reshape, "n", {x}, attrs({{"shape", ints({2, 2})}})));
    auto r = lower(certified(std::move(g)));
    REQUIRE_FALSE(r);
    CHECK(r.error().message.find("'ids'") != std::string::npos);
    CHECK(r.error().message.find("float64") != std::string::npos);
  }
  SECTION("a weight input not bound") {
    Graph g;
    NodeId x = g.add_input("x", TensorType{DType::F32, {4}});
    NodeId w = g.add_input("w", TensorType{DType::F32, {4}}, true);
    g.add_output(g.add_node(OpKind::Add, "a", {x, w}, {}));
    REQUIRE(infer_types(g));
    auto r = lower(CertifiedGraph::unrewritten(std::move(g)));
    REQUIRE_FALSE(r);
    CHECK(r.error().message.find("'w'") != std::string::npos);
  }
}

TEST_CASE("verify_plan: catches overlapping live buffers and wrong lifetimes", "[lower]") {
  Graph g;
  NodeId x = g.add_input("x", TensorType{DType::F32, kImage});
  NodeId a = conv3x3(g, x, "a");
  NodeId b = conv3x3(g, a, "b");
  NodeId c = g.add_node(OpKind::Add, "c", {b, a}, {});
  g.add_output(g.add_node(OpKind::Softmax, "y", {c}, {}));
  const CertifiedGraph cg = certified(std::move(g));
  const Program good = test::lower_and_check(cg);
  const uint32_t ab = instr_of(good, cg.graph(), "a").out.buffer;
  const uint32_t bb = instr_of(good, cg.graph(), "b").out.buffer;
  {
    Program p = good;
    p.buffers[bb].offset = p.buffers[ab].offset;  // a is still read by c
    auto r = verify_plan(p);
    REQUIRE_FALSE(r);
    CHECK(r.error().message.find("overlap") != std::string::npos);
  }
  {
    Program p = good;
    p.buffers[ab].last_use = 1;  // a lifetime that ignores c's read
    CHECK_FALSE(verify_plan(p));
  }
  {
    Program p = good;
    p.buffers[ab].offset = 8;  // misaligned
    CHECK_FALSE(verify_plan(p));
  }
  {
    Program p = good;
    p.instrs[1].out.buffer = ab;  // b written over its own input, not in place
    CHECK_FALSE(verify_plan(p));
  }
}

// A random DAG over [1, 3, 5, 5] values and their [1, 75] views: elementwise ops (often
// in place), broadcasts, convolutions, pools, softmax, view chains, several outputs
// (inputs, views and repeats among them).
Graph random_dag(uint64_t seed) {
  SplitMix64 rng(seed);
  auto pick = [&](size_t n) { return static_cast<size_t>(rng.next() % n); };
  Graph g;
  std::vector<NodeId> image, flat;  // values by shape
  image.push_back(g.add_input("x", TensorType{DType::F32, kImage}));
  if (pick(2)) image.push_back(g.add_input("x2", TensorType{DType::F32, kImage}));
  auto recent = [&](const std::vector<NodeId>& v) {
    const size_t k = std::min<size_t>(v.size(), 4);
    return pick(4) != 0 ? v[v.size() - 1 - pick(k)] : v[pick(v.size())];
  };
  const OpKind unary[] = {OpKind::Relu,      OpKind::Sigmoid,   OpKind::Negative,
                          OpKind::HardSwish, OpKind::LeakyRelu, OpKind::HardSigmoid};
  const OpKind binary[] = {OpKind::Add, OpKind::Multiply, OpKind::Maximum, OpKind::Subtract};
  const int steps = 8 + static_cast<int>(pick(30));
  for (int i = 0; i < steps; ++i) {
    const std::string name = "n" + std::to_string(i);
    const bool use_flat = !flat.empty() && pick(4) == 0;
    std::vector<NodeId>& pool = use_flat ? flat : image;
    switch (pick(9)) {
      case 0:
      case 1: pool.push_back(g.add_node(unary[pick(6)], name, {recent(pool)}, {})); break;
      case 2:
      case 3:
        pool.push_back(g.add_node(binary[pick(4)], name, {recent(pool), recent(pool)}, {}));
        break;
      case 4: {  // a broadcast operand, on either side
        NodeId bias = g.add_input(name + "_bias", TensorType{DType::F32, {1, 3, 1, 1}}, true);
        NodeId v = recent(image);
        image.push_back(g.add_node(OpKind::Add, name,
                                   pick(2) ? std::vector{v, bias} : std::vector{bias, v}, {}));
        break;
      }
      case 5: image.push_back(conv3x3(g, recent(image), name)); break;
      case 6:
        image.push_back(
            g.add_node(OpKind::MaxPool2d, name, {recent(image)},
                       attrs({{"pool_size", ints({3, 3})}, {"padding", ints({1, 1, 1, 1})}})));
        break;
      case 7:  // a view, one way or the other
        if (use_flat)
          image.push_back(g.add_node(OpKind::Reshape, name, {recent(flat)},
                                     attrs({{"shape", ints({1, 3, 5, 5})}})));
        else
          flat.push_back(g.add_node(OpKind::BatchFlatten, name, {recent(image)}, {}));
        break;
      case 8:
        if (use_flat)
          flat.push_back(g.add_node(OpKind::Softmax, name, {recent(flat)}, {}));
        else
          image.push_back(g.add_node(OpKind::Clip, name, {recent(image)},
                                     attrs({{"min", f64(-1)}, {"max", f64(1)}})));
        break;
    }
  }
  g.add_output(g.id(g.size() - 1));
  for (size_t k = pick(3); k-- > 0;) g.add_output(g.id(pick(g.size())));
  return g;
}

TEST_CASE("lower: random DAGs plan, verify and compute run_graph's outputs", "[lower]") {
  int in_place = 0, copies = 0, shared = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    INFO("seed " << seed);
    const CertifiedGraph cg = certified(random_dag(seed));
    const Program p = test::lower_and_check(cg, seed);
    in_place += count_in_place(p);
    for (const Instr& i : p.instrs) copies += is_view_op(i.op);
    shared += p.arena_elements < p.activation_elements;
  }
  // The generator reaches every case it is there for.
  CHECK(in_place > 300);
  CHECK(copies > 20);
  CHECK(shared > 200);
}

}  // namespace
}  // namespace vf::lir
