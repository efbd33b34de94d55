// vfuse export: a model (Relay text, ONNX, or a compiled model.vfg) written as standard ONNX.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <utility>
#include <vector>

#include "cmd_common.h"
#include "commands.h"
#include "pipeline/export.h"

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
  pipeline::ExportOptions o;
  o.seed = seed;
  auto r = pipeline::export_model(std::move(*g), args.positional[0], *out, o);
  if (!r) return print_error(kCmd, r.error().message), kExitFailure;
  fmt::print(
      "wrote {} (ONNX opset 13; {} seeded weight{} (seed {}); inputs: {})\n", *out,
      r->seeded_weights, r->seeded_weights == 1 ? "" : "s", seed,
      r->inputs.empty() ? std::string("none") : fmt::format("{}", fmt::join(r->inputs, ", ")));
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
