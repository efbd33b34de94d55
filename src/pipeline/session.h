// A session: a certified graph ready to run many times, in the native engine (the graph
// emitted as C++, compiled and loaded; codegen/native.h), the reference interpreter, or a
// hardware target's model (the graph lowered for it once; every run checked, target/run.h).
//
//   auto s = Session::open(compiled.result->graph, {.engine = Engine::Native, .threads = 2});
//   auto outs = s->run({{"x", tensor}});
//
// Thread safety: run() and run_raw() may be called on one session from several threads at
// once. The interpreter is a pure function of the graph. The native engine's code is
// reentrant but its arena is not: each concurrent call takes a built model from a pool
// (the compiled library is shared, each pooled model has its own arena and weights) and
// builds another one (from the native cache) when all are busy. Copies of a Session share
// the graph and the pool; the last copy frees them.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ir/certified_graph.h"
#include "ir/tensor.h"
#include "support/result.h"

namespace vf {

/// Which engine runs a session.
enum class Engine { Native, Interpreter, Target };

/// How a session runs.
struct SessionOptions {
  Engine engine = Engine::Native;
  /// OpenMP threads of the native code, 1..256 (the interpreter runs on one).
  int threads = 1;
  /// Engine::Target: the target, as `vfuse run --target` takes it ("systolic:16x16",
  /// target/target.h). The session lowers the graph for it when it opens, by the
  /// lowering rules under `rules_dir` (proofs in `proofs_dir`; pipeline::data_dir resolves
  /// both), each lowering certified like a rewrite. Each run computes the array's layers
  /// by the target's model and checks every one against the interpreter on the same
  /// operands within its bound (target/run.h); a layer outside it fails the run.
  std::string target;
  std::string rules_dir = "rules", proofs_dir = "proofs";
};

/// An input or output of a session: name, static shape, element type.
struct TensorInfo {
  std::string name;
  Shape shape;
  DType dtype = DType::F32;
};

/// A certified graph ready to run (see the top of this file for thread safety).
class Session {
 public:
  /// Builds the engine for `g` (a native build compiles the model, or finds it in the
  /// native cache). Errors: the emitter's or the compiler's, threads out of 1..256.
  static Result<Session> open(const CertifiedGraph& g, const SessionOptions& opts = {});

  /// The data inputs and the outputs, in the graph's order.
  const std::vector<TensorInfo>& inputs() const;
  const std::vector<TensorInfo>& outputs() const;
  const SessionOptions& options() const;
  /// The graph the session runs (for Engine::Target, before its lowering).
  const CertifiedGraph& graph() const;
  /// Engine::Target: the lowerings applied when the session opened (0 otherwise).
  size_t lowerings() const;

  /// Runs on every data input by name (each of its TensorInfo's shape and type); returns
  /// the outputs in order. The Error names the missing, unknown or mistyped input.
  Result<std::vector<Tensor>> run(const std::map<std::string, Tensor>& inputs) const;
  /// Runs on raw row-major buffers, inputs() and outputs() in order, each of its
  /// TensorInfo's shape and type (unchecked: the caller checked them). No copy in the
  /// native engine.
  Result<void> run_raw(const void* const* inputs, void* const* outputs) const;

 private:
  struct State;
  explicit Session(std::shared_ptr<State> s) : s_(std::move(s)) {}
  std::shared_ptr<State> s_;
};

}  // namespace vf
