// vfuse dot: a model as a Graphviz graph.
#include <fmt/format.h>

#include "cmd_common.h"
#include "commands.h"
#include "ir/dot.h"

namespace vf::cli {
namespace {

int dot(const ParsedArgs& args) {
  auto out = args.get("output");
  if (!out) {
    print_error("dot", "missing -o FILE.dot");
    return kExitUsage;
  }
  int code = kExitOk;
  auto g = load_model_arg("dot", args, code);
  if (!g) return code;
  DotOptions opts;
  opts.show_constants = !args.has("hide-constants");
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
     shape_option(), trust_unverified_option(), help_option()},
    dot};

}  // namespace vf::cli
