// vfuse dot: a model as a Graphviz graph.
#include <fmt/format.h>

#include "cmd_common.h"
#include "commands.h"
#include "compile_model.h"
#include "ir/dot.h"
#include "target_report.h"

namespace vf::cli {
namespace {

int dot(const ParsedArgs& args) {
  auto out = args.get("output");
  if (!out) {
    print_error("dot", "missing -o FILE.dot");
    return kExitUsage;
  }
  int code = kExitOk;
  DotOptions opts;
  opts.show_constants = !args.has("hide-constants");
  if (auto spec = args.get("target")) {
    // The model as compiled and lowered for the target, each node coloured by its device.
    auto t = target::parse_target(*spec);
    if (!t) return print_error("dot", t.error().message), kExitUsage;
    auto c = compile_model("dot", args, false, code);
    if (!c) return code;
    auto low = lower_for_target("dot", c->result->graph, *t, c->rules_dir, c->proofs_dir);
    if (!low) return kExitFailure;
    const Graph& g = low->graph.graph();
    opts.node_marks.resize(g.size());
    for (const target::Placement& p : target::place(g, *t).nodes)
      opts.node_marks[p.node.index] =
          p.device == target::Device::Array
              ? std::pair<std::string, std::string>{"#b6d7a8", "array"}
          : p.device == target::Device::ScaleShift
              ? std::pair<std::string, std::string>{"#cfe2f3", "scale-shift unit"}
          : p.device == target::Device::Vector
              ? std::pair<std::string, std::string>{"#ead1dc", "vector unit"}
              : std::pair<std::string, std::string>{"#fff2cc", "host"};
    if (auto r = write_dot(g, *out, opts); !r)
      return print_error("dot", r.error().message), kExitFailure;
    fmt::print(
        "wrote {} (target {}: green on the array, blue on its scale-shift unit, pink on the vector "
        "unit, yellow on the host)\n",
        *out, t->spec);
    return kExitOk;
  }
  auto g = load_model_arg("dot", args, code);
  if (!g) return code;
  if (auto r = write_dot(*g, *out, opts); !r) {
    print_error("dot", r.error().message);
    return kExitFailure;
  }
  fmt::print("wrote {}\n", *out);
  return kExitOk;
}

}  // namespace

const Command kDotCommand{
    "dot",
    "write a model as a Graphviz DOT graph",
    "MODEL -o FILE.dot",
    "Writes MODEL as a Graphviz graph (render with `dot -Tsvg FILE.dot`).",
    {{"output", 'o', "FILE", "the .dot file to write"},
     {"hide-constants", 0, "", "leave out constants and weights (counted on their users)"},
     {"target", 0, "T",
      "draw the model compiled and lowered for target T (systolic:RxC[,...][,vpu=L]), each "
      "node coloured by the device it runs on: array, scale-shift unit, vector unit, host "
      "(docs/targets.md)"},
     shape_option(),
     trust_unverified_option(),
     help_option()},
    dot};

}  // namespace vf::cli
