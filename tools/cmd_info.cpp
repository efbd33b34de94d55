// vfuse info: what a model contains.
#include <fmt/format.h>

#include "cmd_common.h"
#include "commands.h"
#include "ir/stats.h"
#include "support/json.h"

namespace vf::cli {
namespace {

int info(const ParsedArgs& args) {
  int code = kExitOk;
  auto g = load_model_arg("info", args, code);
  if (!g) return code;
  auto hist = op_histogram(*g);
  int64_t params = g->parameter_count();
  int64_t flops = graph_flops(*g);
  int64_t ops = 0;
  for (const auto& [name, n] : hist) ops += n;
  if (args.has("json")) {
    JsonWriter j;
    auto values = [&](const std::vector<NodeId>& ids) {
      j.begin_array();
      for (NodeId id : ids) {
        const Node& n = g->node(id);
        j.begin_object()
            .key("name")
            .value(n.name)
            .key("type")
            .value(type_string(n.type))
            .end_object();
      }
      j.end_array();
    };
    j.begin_object().key("model").value(args.positional[0]).key("inputs");
    values(g->data_inputs());
    j.key("outputs");
    values(g->outputs());
    j.key("ops").begin_object();
    for (const auto& [name, n] : hist) j.key(name).value(n);
    j.end_object()
        .key("nodes")
        .value(ops)
        .key("parameters")
        .value(params)
        .key("flops")
        .value(flops)
        .end_object();
    fmt::print("{}\n", j.str());
    return kExitOk;
  }
  fmt::print("model      {}\n", args.positional[0]);
  for (NodeId id : g->data_inputs())
    fmt::print("input      %{}: {}\n", g->node(id).name, type_string(g->node(id).type));
  for (NodeId id : g->outputs())
    fmt::print("output     %{}: {}\n", g->node(id).name, type_string(g->node(id).type));
  fmt::print("parameters {} ({:.2f} M)\n", params, static_cast<double>(params) / 1e6);
  fmt::print("flops      {} ({:.3f} GFLOP)\n", flops, static_cast<double>(flops) / 1e9);
  fmt::print("operators  {} nodes\n", ops);
  for (const auto& [name, n] : hist) fmt::print("  {:<20} {:>6}\n", name, n);
  return kExitOk;
}

}  // namespace

const Command kInfoCommand{
    "info",
    "operator histogram, parameter count and FLOPs of a model",
    "MODEL [--json]",
    "Prints a model's inputs and outputs, operator histogram, parameter count and FLOPs\n"
    "(2 per multiply-accumulate).",
    {{"json", 0, "", "print as JSON"}, shape_option(), trust_unverified_option(), help_option()},
    info};

}  // namespace vf::cli
