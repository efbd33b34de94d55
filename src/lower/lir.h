// The low-level IR (after Glow's two phases): a certified graph lowered to buffers and
// instructions that read and write them. Reshape-like operators are views of their
// input's buffer (no copies); every activation buffer has a lifetime (first writer to
// last reader, in instruction order) and an offset in one arena from the static memory
// plan. The code emitter (src/codegen/) reads only this.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/certified_graph.h"
#include "ir/graph.h"
#include "support/result.h"

namespace vf::lir {

/// Where a buffer's bytes live.
enum class BufferKind : uint8_t {
  Input,       ///< a graph input (a data input: the caller passes it)
  Output,      ///< a graph output (the caller passes its memory); written by one instruction
  Constant,    ///< a constant (weights): read-only, passed by the caller as one blob
  Activation,  ///< an intermediate value: at `offset` in the arena
};

/// One buffer of float32 elements.
struct Buffer {
  uint32_t id = 0;
  BufferKind kind = BufferKind::Activation;
  int64_t elements = 0;
  NodeId node;             ///< the graph node whose value it holds (first, for aliases)
  std::string name;        ///< that node's name
  int64_t offset = -1;     ///< Activation: element offset in the arena; -1 otherwise
  int32_t first_use = -1;  ///< Activation: index of the instruction that writes it
  int32_t last_use = -1;   ///< Activation: index of the last instruction that reads it
};

/// A buffer seen with a shape (row-major, as the whole buffer: views never offset).
struct View {
  uint32_t buffer = 0;
  Shape shape;
};

/// One operation: the graph node it computes, read from `in` and written to `out`.
/// Attributes, epilogue flags and the operator are the node's (`node` in the graph).
/// A copy: an instruction whose `op` is reshape-like (`is_view_op`) copies its one input
/// into `out` (a different buffer, same elements in the same order); lowering adds one
/// per graph output that is an input, a constant or a value already output, with `node`
/// the output's node (whose own op may be anything).
struct Instr {
  NodeId node;
  OpKind op;
  std::vector<View> in;  ///< the node's inputs in order (constants included)
  View out;
  bool in_place = false;  ///< out.buffer is in[0].buffer (elementwise, its last use)
};

/// A lowered model and its memory plan.
struct Program {
  std::vector<Buffer> buffers;
  std::vector<Instr> instrs;
  std::vector<uint32_t> inputs;     ///< buffer per graph data input, in graph order
  std::vector<uint32_t> outputs;    ///< buffer per graph output, in graph order
  int64_t arena_elements = 0;       ///< peak: the arena holding every Activation buffer
  int64_t activation_elements = 0;  ///< the sum of all Activation buffers (no sharing)
};

/// Reshape, flatten, batch_flatten, expand_dims, squeeze: lowered as views of their
/// input's buffer, never as instructions (as an instruction's op: a copy).
bool is_view_op(OpKind op);

/// Lowers `g` (every op node an instruction, reshape / flatten / batch_flatten /
/// expand_dims / squeeze as views, elementwise ops in place where the input dies there)
/// and plans its memory (memory_plan.h). Errors: a non-float32 tensor, a weight input not
/// bound to a value. A graph output that is an input, a constant or another output's
/// buffer gets a copy instruction (see Instr).
Result<Program> lower(const CertifiedGraph& g);
/// The lowering step alone: `lower` without the memory plan (every activation at offset
/// 0 until plan_memory, memory_plan.h, places it). The back end's pipeline calls the two
/// steps by name (codegen/pipeline.h).
Result<Program> lower_graph(const CertifiedGraph& g);

/// Human-readable listing of a program (buffers with lifetimes and offsets, then
/// instructions), for `vfuse compile --emit` and tests.
std::string to_string(const Program& p, const Graph& g);

}  // namespace vf::lir
