// The trust boundary between rewriting and running: the interpreter and the code
// emitter accept a CertifiedGraph, never a bare Graph.
//
// A Graph can be edited by anyone; a rewrite that was not proved would change the
// model's meaning silently. So the types make an uncertified rewritten graph
// unrepresentable at the API of the consumers: a CertifiedGraph is either
//   - `unrewritten(g)`: a graph no vfuse rewrite touched (an imported model, a rule
//     instance built by the prover), whose meaning is its own, or
//   - built by rewrite::Driver, the only holder of a `Key`, from the graph it rewrote and
//     the log of the rewrites it applied, each with a proved instance certificate, plus a
//     bound on the error of every constant it folded.
// The graph is immutable once wrapped; editing it means leaving the boundary and coming
// back through one of the two doors.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/tensor.h"

namespace vf::rewrite {
class Driver;  // the only constructor of rewritten graphs
}  // namespace vf::rewrite

namespace vf {

/// One applied rewrite of a CertifiedGraph's log: a rule application whose instance
/// certificate was proved.
struct RewriteRecord {
  std::string rule;       ///< rule name
  std::string rule_hash;  ///< hash of the rule's proof record (proofs/*.json rule_hash)
  std::vector<std::string>
      nodes;  ///< names of the matched source nodes in the graph before the rewrite
  std::string
      certificate;   ///< file name of the SMT-LIB2 certificate (relative to the certificates dir)
  double ms = 0;     ///< solver time
  double bound = 0;  ///< certified bound on how far the rewritten outputs can move (absolute)
  double input_range = 0;  ///< the |x| bound of non-constant inputs the bound assumes
  double max_ulps = 0;  ///< folded constants are within this many float32 ulps of their exact value
};

/// A graph the interpreter and the code emitter accept: either a graph no vfuse rewrite
/// touched (an imported model, a rule instance), or the output of the rewrite driver,
/// whose every rewrite is in the log and was certified. Only rewrite::Driver can make the
/// second kind.
class CertifiedGraph {
 public:
  /// The capability to construct a rewritten CertifiedGraph; only rewrite::Driver can
  /// create one.
  class Key {
    friend class rewrite::Driver;
    Key() = default;
  };

  /// Wraps a graph no vfuse rewrite touched: empty log, no constant errors.
  static CertifiedGraph unrewritten(Graph g);

  /// A rewritten graph with its log of certified rewrites and, by node name, the error
  /// bound of each folded constant (an F64 tensor of the constant's shape, elements >= 0).
  CertifiedGraph(Key, Graph g, std::vector<RewriteRecord> log,
                 std::map<std::string, Tensor> constant_errors);

  /// The graph to run or emit.
  const Graph& graph() const { return graph_; }
  /// The certified rewrites that produced the graph, in the order they were applied
  /// (empty for an unrewritten graph).
  const std::vector<RewriteRecord>& log() const { return log_; }
  /// Folded constants by node name: per element, a bound on |stored float32 value - exact
  /// real value| (an F64 tensor of the constant's shape).
  const std::map<std::string, Tensor>& constant_errors() const { return constant_errors_; }

 private:
  CertifiedGraph(Graph g, std::vector<RewriteRecord> log,
                 std::map<std::string, Tensor> constant_errors);

  Graph graph_;
  std::vector<RewriteRecord> log_;
  std::map<std::string, Tensor> constant_errors_;
};

}  // namespace vf
