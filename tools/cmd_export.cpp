// vfuse export: a model (Relay text, ONNX, or a compiled model.vfg) written as standard ONNX.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <utility>
#include <vector>

#include "cmd_common.h"
#include "commands.h"
#include "frontend/onnx_export.h"
#include "interp/memory_need.h"
#include "interp/weights.h"

namespace vf::cli {
namespace {

constexpr const char* kCmd = "export";

int run(const ParsedArgs& args) {
  uint64_t seed = 0;
  if (auto s = args.get("seed")) {
    auto v = parse_uint("seed", *s);
    if (!v) return print_error(kCmd, v.error().message), kExitUsage;
    seed = *v;
  }
  auto out = args.get("output");
  if (!out) {
    print_error(kCmd, "missing -o FILE (the .onnx file to write)");
    fmt::print(stderr, "Run 'vfuse {} --help' for usage.\n", kCmd);
    return kExitUsage;
  }
  int code = kExitOk;
  auto g = load_model_arg(kCmd, args, code);
  if (!g) return code;
  if (auto r = check_weight_memory(*g, "generating the model's weights"); !r)
    return print_error(kCmd, r.error().message), kExitFailure;

  // Weights without data get the values `vfuse run --seed N` gives them, all drawn from
  // the unmodified graph (a value depends on the input's name and uses) before binding.
  std::vector<std::pair<NodeId, Tensor>> weights;
  for (NodeId id : g->inputs())
    if (g->node(id).weight) weights.emplace_back(id, generate_input(*g, id, seed));
  for (auto& [id, t] : weights) g->bind_input(id, std::move(t));

  if (auto r = export_onnx_file(*g, *out); !r) {
    print_error(kCmd, fmt::format("cannot export '{}' to '{}':\n{}", args.positional[0], *out,
                                  r.error().message));
    return kExitFailure;
  }
  std::vector<std::string> inputs;
  for (NodeId id : g->inputs()) inputs.push_back(g->node(id).name);
  fmt::print("wrote {} (ONNX opset 13; {} seeded weight{} (seed {}); inputs: {})\n", *out,
             weights.size(), weights.size() == 1 ? "" : "s", seed,
             inputs.empty() ? std::string("none") : fmt::format("{}", fmt::join(inputs, ", ")));
  return kExitOk;
}

}  // namespace

const Command kExportCommand{
    "export",
    "write a model as standard ONNX (opset 13)",
    "MODEL -o OUT.onnx [options]",
    "Writes MODEL (Relay text, ONNX, or a compiled .vfg) as an ONNX model (opset 13) that\n"
    "ONNX Runtime can run. Weights without data (Relay parameters) are stored as\n"
    "initializers holding the values 'vfuse run --seed N' generates for them, so both run\n"
    "the same model; data inputs stay graph inputs. Value names are the model's node\n"
    "names. Fused operators are written as Conv / Gemm followed by the standard ops of\n"
    "their epilogue. Nothing is written when an operator has no ONNX form.",
    {{"output", 'o', "FILE", "the .onnx file to write"},
     {"seed", 0, "N", "seed for the generated weights (default 0)"},
     shape_option(),
     trust_unverified_option(),
     help_option()},
    run};

}  // namespace vf::cli
