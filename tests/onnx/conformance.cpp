// The ONNX reference node tests as a conformance suite for the importer and the
// reference interpreter: every test under DATA_DIR (Debian's libonnx-testdata,
// /usr/share/libonnx-testdata/data/node) whose operators vfuse supports is imported, run
// in the interpreter (float32) on each test_data_set_*, and compared with the reference
// outputs at the ONNX backend tests' tolerance (rtol 1e-3, atol 1e-7). A supported test
// that fails is a failure unless kExcluded lists it with its reason.
//
// usage: vf_onnx_conformance [DATA_DIR] [--verbose]; exit 0 when every applicable test
// passes or is excluded and no exclusion is stale, 1 otherwise.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/onnx_import.h"
#include "interp/interpreter.h"
#include "ir/certified_graph.h"

namespace fs = std::filesystem;

namespace {

/// Tests of supported operators that vfuse does not run, each with why. Everything not
/// listed here must pass.
const std::map<std::string, std::string> kExcluded = {
    {"test_basic_convinteger", "uint8 weights (vfuse's integer weights are int8, zero point 0)"},
    {"test_convinteger_with_padding",
     "uint8 weights (vfuse's integer weights are int8, zero point 0)"},
    {"test_convinteger_without_padding",
     "uint8 weights (vfuse's integer weights are int8, zero point 0)"},
    {"test_matmulinteger", "uint8 weights (vfuse's integer weights are int8, zero point 0)"},
    {"test_qlinearconv", "a weight zero point of 255 (vfuse's integer weights have zero point 0)"},
    {"test_qlinearmatmul_2D", "a weight zero point of 114 (vfuse's weights have zero point 0)"},
    {"test_qlinearmatmul_3D", "a weight zero point of 114 (vfuse's weights have zero point 0)"},
    {"test_quantizelinear_axis", "per-axis QuantizeLinear (vfuse quantizes per tensor)"},
    {"test_add_uint8", "uint8 activations (vfuse computes float tensors)"},
    {"test_sub_uint8", "uint8 activations (vfuse computes float tensors)"},
    {"test_mul_uint8", "uint8 activations (vfuse computes float tensors)"},
    {"test_div_uint8", "uint8 activations (vfuse computes float tensors)"},
    {"test_cast_DOUBLE_to_FLOAT16", "float16 tensors (vfuse computes float32 / float64)"},
    {"test_identity_opt", "optional types (its input file is an onnx.OptionalProto)"},
    {"test_identity_sequence", "sequence types (its input file is an onnx.SequenceProto)"},
    {"test_averagepool_3d_default", "3-D windows (vfuse has 1-D and 2-D)"},
    {"test_convtranspose_3d", "3-D windows (vfuse has 1-D and 2-D)"},
    {"test_einsum_batch_diagonal",
     "an Einsum label twice in one operand (a diagonal; vfuse's Einsum contracts and sums)"},
    {"test_batchnorm_epsilon_training_mode", "training mode"},
    {"test_batchnorm_example_training_mode", "training mode"},
    {"test_cast_BFLOAT16_to_FLOAT", "bfloat16 tensors (vfuse computes float32 / float64)"},
    {"test_cast_FLOAT16_to_DOUBLE", "float16 tensors (vfuse computes float32 / float64)"},
    {"test_cast_FLOAT16_to_FLOAT", "float16 tensors (vfuse computes float32 / float64)"},
    {"test_cast_FLOAT_to_BFLOAT16", "bfloat16 tensors (vfuse computes float32 / float64)"},
    {"test_cast_FLOAT_to_DOUBLE", "a Cast to double at run time (only float32 activations)"},
    {"test_cast_FLOAT_to_FLOAT16", "a Cast to float16 at run time (only float32 activations)"},
    {"test_cast_FLOAT_to_STRING", "a Cast to string at run time (only float32 activations)"},
    {"test_cast_STRING_to_FLOAT", "string tensors (vfuse computes float32 / float64)"},
    {"test_castlike_BFLOAT16_to_FLOAT_expanded",
     "bfloat16 tensors (vfuse computes float32 / float64)"},
    {"test_castlike_DOUBLE_to_FLOAT16_expanded",
     "float16 tensors (vfuse computes float32 / float64)"},
    {"test_castlike_FLOAT16_to_DOUBLE_expanded",
     "float16 tensors (vfuse computes float32 / float64)"},
    {"test_castlike_FLOAT16_to_FLOAT_expanded",
     "float16 tensors (vfuse computes float32 / float64)"},
    {"test_castlike_FLOAT_to_BFLOAT16_expanded",
     "bfloat16 tensors (vfuse computes float32 / float64)"},
    {"test_castlike_FLOAT_to_DOUBLE_expanded",
     "a Cast to double at run time (only float32 activations)"},
    {"test_castlike_FLOAT_to_FLOAT16_expanded",
     "float16 tensors (vfuse computes float32 / float64)"},
    {"test_castlike_FLOAT_to_STRING_expanded", "string tensors (vfuse computes float32 / float64)"},
    {"test_castlike_STRING_to_FLOAT_expanded", "string tensors (vfuse computes float32 / float64)"},
    {"test_clip_default_int8_inbounds", "int8 activations (vfuse computes float tensors)"},
    {"test_clip_default_int8_max", "int8 activations (vfuse computes float tensors)"},
    {"test_clip_default_int8_min", "int8 activations (vfuse computes float tensors)"},
    {"test_dropout_default_mask", "Dropout's mask output (training)"},
    {"test_dropout_default_mask_ratio", "Dropout's mask output (training)"},
    {"test_max_float16", "float16 tensors (vfuse computes float32 / float64)"},
    {"test_max_int16", "int16 tensors (vfuse computes float32 / float64)"},
    {"test_max_int32", "int32 activations (vfuse computes float tensors)"},
    {"test_max_int64", "int64 activations (vfuse computes float tensors)"},
    {"test_max_int8", "int8 activations (vfuse computes float tensors)"},
    {"test_max_uint16", "uint16 tensors (vfuse computes float32 / float64)"},
    {"test_max_uint32", "uint32 tensors (vfuse computes float32 / float64)"},
    {"test_max_uint64", "uint64 tensors (vfuse computes float32 / float64)"},
    {"test_edge_pad", "int32 activations (vfuse computes float tensors)"},
    {"test_reflect_pad", "int32 activations (vfuse computes float tensors)"},
    {"test_where_long_example", "int64 outputs (vfuse computes float tensors)"},
    {"test_max_uint8", "uint8 activations (vfuse computes float tensors)"},
    {"test_maxpool_2d_uint8", "uint8 activations (vfuse computes float tensors)"},
    {"test_maxpool_3d_default", "3-D windows (vfuse has 1-D and 2-D)"},
    {"test_maxpool_with_argmax_2d_precomputed_pads", "MaxPool's Indices output"},
    {"test_maxpool_with_argmax_2d_precomputed_strides", "MaxPool's Indices output"},
    {"test_min_float16", "float16 tensors (vfuse computes float32 / float64)"},
    {"test_min_int16", "int16 tensors (vfuse computes float32 / float64)"},
    {"test_min_int32", "int32 activations (vfuse computes float tensors)"},
    {"test_min_int64", "int64 activations (vfuse computes float tensors)"},
    {"test_min_int8", "int8 activations (vfuse computes float tensors)"},
    {"test_min_uint16", "uint16 tensors (vfuse computes float32 / float64)"},
    {"test_min_uint32", "uint32 tensors (vfuse computes float32 / float64)"},
    {"test_min_uint64", "uint64 tensors (vfuse computes float32 / float64)"},
    {"test_min_uint8", "uint8 activations (vfuse computes float tensors)"},
    {"test_resize_downsample_scales_cubic", "Resize mode 'cubic' (only nearest)"},
    {"test_resize_downsample_scales_cubic_A_n0p5_exclude_outside",
     "Resize mode 'cubic' (only nearest)"},
    {"test_resize_downsample_scales_cubic_align_corners", "Resize mode 'cubic' (only nearest)"},
    {"test_resize_downsample_sizes_cubic", "Resize mode 'cubic' (only nearest)"},
    {"test_resize_tf_crop_and_resize",
     "Resize's tf_crop_and_resize extrapolates outside the image (no IR operator does)"},
    {"test_resize_upsample_scales_cubic", "Resize mode 'cubic' (only nearest)"},
    {"test_resize_upsample_scales_cubic_A_n0p5_exclude_outside",
     "Resize mode 'cubic' (only nearest)"},
    {"test_resize_upsample_scales_cubic_align_corners", "Resize mode 'cubic' (only nearest)"},
    {"test_resize_upsample_scales_cubic_asymmetric", "Resize mode 'cubic' (only nearest)"},
    {"test_resize_upsample_sizes_cubic", "Resize mode 'cubic' (only nearest)"},
    {"test_training_dropout", "training mode"},
    {"test_training_dropout_default", "training mode"},
    {"test_training_dropout_default_mask", "Dropout's mask output (training)"},
    {"test_training_dropout_mask", "Dropout's mask output (training)"},
    {"test_training_dropout_zero_ratio", "training mode"},
    {"test_training_dropout_zero_ratio_mask", "Dropout's mask output (training)"},
    {"test_pow", "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_bcast_array",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_example",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_float",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_float32_int32",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_float32_int64",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_int",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_int32_float32",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_int32_int32",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_int64_float32",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_int64_int64",
     "Pow with an exponent tensor (vfuse reads Pow with a known scalar 1 or 2)"},
    {"test_pow_types_float32_uint32", "uint32 tensors (vfuse computes float32 / float64)"},
    {"test_pow_types_float32_uint64", "uint64 tensors (vfuse computes float32 / float64)"},
};

struct Outcome {
  bool applicable = false;
  bool passed = false;
  std::string message;
};

bool close(double got, double want) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::fabs(got - want) <= 1e-7 + 1e-3 * std::fabs(want);
}

Outcome run_test(const fs::path& dir) {
  Outcome o;
  auto ops = vf::onnx_operators_in_file((dir / "model.onnx").string());
  if (!ops) return {false, false, ops.error().message};
  const auto& supported = vf::onnx_supported_ops();
  for (const auto& op : *ops)
    if (!std::binary_search(supported.begin(), supported.end(), op))
      return {false, false, "unsupported operator " + op};
  o.applicable = true;
  std::vector<fs::path> sets;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_directory() && e.path().filename().string().rfind("test_data_set_", 0) == 0)
      sets.push_back(e.path());
  std::sort(sets.begin(), sets.end());
  if (sets.empty()) {
    o.message = "no test_data_set_*";
    return o;
  }
  for (const auto& set : sets) {
    std::vector<vf::Tensor> inputs;
    for (size_t k = 0;; ++k) {
      fs::path f = set / fmt::format("input_{}.pb", k);
      if (!fs::exists(f)) break;
      auto t = vf::read_onnx_tensor_file(f.string());
      if (!t) return o.message = t.error().message, o;
      inputs.push_back(std::move(*t));
    }
    auto names = vf::onnx_graph_input_names((dir / "model.onnx").string());
    if (!names) return o.message = names.error().message, o;
    if (names->size() != inputs.size())
      return o.message =
                 fmt::format("{} input files for {} graph inputs", inputs.size(), names->size()),
             o;
    // vfuse specializes a model on its shapes: inputs that are shape parameters (integer
    // tensors such as Reshape's target or Unsqueeze's axes; float ones such as Clip's
    // bounds or Resize's scales) are fixed at import, as --shape fixes dimensions. The
    // first import fixes the integer inputs; when the model needs more, all are fixed and
    // the interpreter still computes every node from constants.
    std::optional<vf::Graph> g;
    std::string errors;
    for (bool all_known : {false, true}) {
      vf::OnnxImportOptions io;
      for (size_t k = 0; k < inputs.size(); ++k)
        if (all_known || inputs[k].dtype() != vf::DType::F32)
          io.known_inputs.emplace((*names)[k], inputs[k]);
      vf::DiagnosticSink diags;
      g = vf::import_onnx_file((dir / "model.onnx").string(), io, diags);
      if (g) break;
      errors = diags.render();
      if (errors.find("must be known when the model is imported") == std::string::npos) break;
    }
    if (!g) return o.message = "import failed: " + errors, o;
    vf::RunOptions opts;
    for (size_t k = 0; k < inputs.size(); ++k)
      if (g->find((*names)[k]).valid() && g->node(g->find((*names)[k])).op == vf::OpKind::Input)
        opts.inputs.emplace((*names)[k], inputs[k]);
    const vf::CertifiedGraph model = vf::CertifiedGraph::unrewritten(*g);
    auto outs = vf::run_graph(model, opts);
    if (!outs) return o.message = "run failed: " + outs.error().message, o;
    for (size_t k = 0; k < outs->size(); ++k) {
      fs::path f = set / fmt::format("output_{}.pb", k);
      auto want = vf::read_onnx_tensor_file(f.string());
      if (!want) return o.message = want.error().message, o;
      const vf::Tensor& got = (*outs)[k];
      if (got.shape() != want->shape())
        return o.message =
                   fmt::format("output {}: shape {} but the reference has {}", k,
                               vf::shape_string(got.shape()), vf::shape_string(want->shape())),
               o;
      for (int64_t i = 0; i < got.size(); ++i)
        if (!close(got.get(i), want->get(i)))
          return o.message = fmt::format("{}: output {} element {}: {} but the reference has {}",
                                         set.filename().string(), k, i, got.get(i), want->get(i)),
                 o;
    }
  }
  o.passed = true;
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  std::string data = "/usr/share/libonnx-testdata/data/node";
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--verbose")
      verbose = true;
    else
      data = a;
  }
  if (!fs::is_directory(data)) {
    fmt::print(stderr, "vf_onnx_conformance: no test data at {} (install libonnx-testdata)\n",
               data);
    return 1;
  }
  std::vector<fs::path> tests;
  for (const auto& e : fs::directory_iterator(data))
    if (e.is_directory() && fs::exists(e.path() / "model.onnx")) tests.push_back(e.path());
  std::sort(tests.begin(), tests.end());
  int applicable = 0, passed = 0, excluded = 0, failed = 0;
  std::vector<std::string> stale;
  for (const auto& t : tests) {
    const std::string name = t.filename().string();
    Outcome o = run_test(t);
    auto ex = kExcluded.find(name);
    if (!o.applicable) {
      if (ex != kExcluded.end()) stale.push_back(name + " (not applicable: " + o.message + ")");
      continue;
    }
    ++applicable;
    if (ex != kExcluded.end()) {
      ++excluded;
      if (o.passed) stale.push_back(name + " (passes now)");
      if (verbose) fmt::print("EXCL {}: {}\n", name, ex->second);
      continue;
    }
    if (o.passed) {
      ++passed;
      if (verbose) fmt::print("PASS {}\n", name);
    } else {
      ++failed;
      fmt::print("FAIL {}: {}\n", name, o.message);
    }
  }
  for (const auto& s : stale) fmt::print("STALE exclusion {}\n", s);
  fmt::print(
      "ONNX node tests: {} of {} tests of supported operators pass; {} excluded with a reason, "
      "{} failed ({} tests in all)\n",
      passed, applicable, excluded, failed, tests.size());
  return failed == 0 && stale.empty() ? 0 : 1;
}
