// The low-level IR (after Glow's two phases): a certified graph lowered to buffers and
// instructions that read and write them. Reshape-like operators are views of their
// input's buffer (no copies); every activation buffer has a lifetime (first writer to
// last reader, in instruction order) and an offset in one arena from the static memory
// plan. The code emitter (src/codegen/) reads only this.
#pragma once

#include <cstdint>
#include <optional>
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

/// One buffer: `elements` values of type `dtype` (float32, or int8 / uint8 / int32 in
/// quantized graphs). Memory is counted in 4-byte words (an "arena element" is one word,
/// the size of a float), each buffer starting at a 64-byte boundary.
struct Buffer {
  uint32_t id = 0;
  BufferKind kind = BufferKind::Activation;
  int64_t elements = 0;
  DType dtype = DType::F32;
  /// The 4-byte words the buffer occupies (elements for float32 and int32).
  int64_t words() const {
    return dtype == DType::F32 ? elements
                               : (elements * static_cast<int64_t>(dtype_size(dtype)) + 3) / 4;
  }
  NodeId node;             ///< the graph node whose value it holds (first, for aliases)
  std::string name;        ///< that node's name
  int64_t offset = -1;     ///< Activation: word offset in the arena; -1 otherwise
  int32_t first_use = -1;  ///< Activation: index of the instruction that writes it
  int32_t last_use = -1;   ///< Activation: index of the last instruction that reads it
};

/// A buffer seen with a shape (row-major, as the whole buffer: views never offset).
struct View {
  uint32_t buffer = 0;
  Shape shape;
};

/// How the other operand of a binary pointwise stage is read at element i of the result:
/// `w[(i / inner) % period]` (numpy broadcasting of an operand that is contiguous over one
/// block of the result's axes: a scalar, per-channel constants [C, 1, 1], a squeeze-excite
/// gate [N, C, 1, 1], or the whole shape).
struct RowBroadcast {
  int64_t inner = 1;   ///< elements of the result per operand element (trailing axes)
  int64_t period = 1;  ///< operand elements (1: a scalar)
};

/// `operand` broadcast to `out` as a RowBroadcast, when it is one (its non-1 axes, right
/// aligned, form one block of axes equal to out's); nullopt otherwise.
std::optional<RowBroadcast> row_broadcast(const Shape& out, const Shape& operand);

/// One pointwise operator folded into an instruction (pointwise fusion, see lower_graph):
/// the running value v (the instruction's result so far) becomes `node`'s value, op(v)
/// or op(v, w) / op(w, v) with w the instruction's operand `operand`.
struct Stage {
  NodeId node;
  OpKind op;
  int operand = -1;         ///< binary: index in Instr::in of the other operand
  bool value_first = true;  ///< binary: v is the operator's first operand
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
  /// Pointwise operators applied after `node`'s own result, in order (their extra operands
  /// appended to `in`); `out` then holds the last stage's value. The instruction's meaning
  /// is the composition of its members' semantics: each stage rounds to float32 as the
  /// interpreter does.
  std::vector<Stage> stages;
};

/// A lowered model and its memory plan.
struct Program {
  std::vector<Buffer> buffers;
  std::vector<Instr> instrs;
  std::vector<uint32_t> inputs;     ///< buffer per graph data input, in graph order
  std::vector<uint32_t> outputs;    ///< buffer per graph output, in graph order
  int64_t arena_elements = 0;       ///< peak words: the arena holding every Activation buffer
  int64_t activation_elements = 0;  ///< the words of all Activation buffers (no sharing)
};

/// Reshape, flatten, batch_flatten, expand_dims, squeeze: lowered as views of their
/// input's buffer, never as instructions (as an instruction's op: a copy).
bool is_view_op(OpKind op);

/// An elementwise instruction read as a chain of stages over one full-shape operand.
struct PointwiseChain {
  size_t x = 0;               ///< index in Instr::in of the operand the chain starts from
  std::vector<Stage> stages;  ///< the instruction's own operator, then Instr::stages
  int64_t row = 0;            ///< `inner` of its row operands (scalar and full ones aside); 0: none
};

/// `ins` as a PointwiseChain when its operator is unary, or binary with one operand of the
/// result's shape and the other a RowBroadcast of it (and its stages' operands too);
/// nullopt otherwise.
std::optional<PointwiseChain> pointwise_chain(const Instr& ins);

/// Lowers `g` (every op node an instruction, reshape / flatten / batch_flatten /
/// expand_dims / squeeze as views, elementwise ops in place where the input dies there)
/// and plans its memory (memory_plan.h). Integer tensors (int8, uint8, int32: quantized
/// graphs) are lowered with their own element size, never into float pointwise chains or
/// in place over a value of another type. Errors: a float64, int64 or bool tensor, a
/// weight input not bound to a value. A graph output that is an input, a constant or another
/// output's buffer gets a copy instruction (see Instr).
Result<Program> lower(const CertifiedGraph& g);
/// The lowering step alone: `lower` without the memory plan (every activation at offset
/// 0 until plan_memory, memory_plan.h, places it). The back end's pipeline calls the two
/// steps by name (codegen/pipeline.h).
Result<Program> lower_graph(const CertifiedGraph& g);

/// Human-readable listing of a program (buffers with lifetimes and offsets, then
/// instructions), for `vfuse compile --emit` and tests.
std::string to_string(const Program& p, const Graph& g);

}  // namespace vf::lir
