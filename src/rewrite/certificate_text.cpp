#include "rewrite/certificate_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/op_attrs.h"
#include "rewrite/certify.h"

namespace vf::rewrite {
namespace {

/// "x, w, b": the names of a node's inputs.
std::string operand_names(const Graph& g, const Node& n) {
  std::string out;
  for (NodeId in : n.inputs) out += (out.empty() ? "" : ", ") + g.node(in).name;
  return out;
}

/// What a fused_conv2d / fused_dense node computes, in the order sem::epilogue_at does:
/// "fused_conv2d(x, w, b, activation=relu)[n,o,h,w] = relu(conv2d(x, w)[n,o,h,w] + b[o])".
std::string fused_definition(const Graph& g, const Node& n) {
  const bool conv = n.op == OpKind::FusedConv2d;
  const EpilogueAttrs e = epilogue_attrs(n.attrs);
  const std::string at = conv ? "[n,o,h,w]" : "[..,o]";
  auto in = [&](size_t k) { return g.node(n.inputs[k]).name; };
  std::string v = fmt::format("{}({}, {}){}", conv ? "conv2d" : "dense", in(0), in(1), at);
  size_t k = 2;
  if (e.has_bias) v = fmt::format("{} + {}[o]", v, in(k++));
  if (e.has_scale) v = fmt::format("({}) * {}[o]", v, in(k++));
  if (e.has_shift) v = fmt::format("{} + {}[o]", v, in(k++));
  if (e.has_residual) v = fmt::format("{} + {}{}", v, in(k++), at);
  const std::string_view act = activation_name(e.activation);
  switch (e.activation) {
    case Activation::None: break;
    case Activation::LeakyRelu: v = fmt::format("leaky_relu({}, act_alpha)", v); break;
    case Activation::Clip: v = fmt::format("clip({}, act_alpha, act_beta)", v); break;
    case Activation::HardSigmoid:
      v = fmt::format("hard_sigmoid({}, act_alpha, act_beta)", v);
      break;
    case Activation::Gelu:  // gelu with erf_divisor = act_alpha, erf_multiplier = act_beta
    case Activation::GeluTanh:  // tanh_scale = act_alpha, tanh_cubic = act_beta
      v = fmt::format("{}({}, act_alpha, act_beta)", act, v);
      break;
    case Activation::Relu:
    case Activation::Sigmoid:
    case Activation::HardSwish:
    case Activation::Silu:
    case Activation::Mish: v = fmt::format("{}({})", act, v); break;
  }
  return fmt::format("{}({}, activation={}){} = {}", op_name(n.op), operand_names(g, n), act, at,
                     v);
}

/// What one non-fused target operator computes, where a formula says more than its
/// name: the standalone activations (as src/semantics/scalar_ops.h states them), conv2d /
/// dense with a bias, the operators that only move elements.
std::string operator_definition(const Graph& g, const Node& n) {
  const std::string call = fmt::format("{}({})", op_name(n.op), operand_names(g, n));
  const std::string x = n.inputs.empty() ? "" : g.node(n.inputs[0]).name + "[i]";
  switch (n.op) {
    case OpKind::Relu: return fmt::format("{}[i] = {} < 0 ? 0 : {}", call, x, x);
    case OpKind::LeakyRelu: return fmt::format("{}[i] = {} < 0 ? alpha * {} : {}", call, x, x, x);
    case OpKind::Clip:
      return fmt::format("{}[i] = {} < min ? min : (max < {} ? max : {})", call, x, x, x);
    case OpKind::Sigmoid: return fmt::format("{}[i] = 1 / (1 + exp(-{}))", call, x);
    case OpKind::HardSigmoid: return fmt::format("{}[i] = clip(alpha * {} + beta, 0, 1)", call, x);
    case OpKind::HardSwish: return fmt::format("{}[i] = {} * clip({} + 3, 0, 6) / 6", call, x, x);
    case OpKind::Conv2d:
    case OpKind::Dense:
      if (n.inputs.size() == 3) {
        const std::string at = n.op == OpKind::Conv2d ? "[n,o,h,w]" : "[..,o]";
        return fmt::format("{}{} = {}({}, {}){} + {}[o]", call, at, op_name(n.op),
                           g.node(n.inputs[0]).name, g.node(n.inputs[1]).name, at,
                           g.node(n.inputs[2]).name);
      }
      return call;
    case OpKind::Transpose:
    case OpKind::Reshape:
    case OpKind::ExpandDims:
    case OpKind::Squeeze:
    case OpKind::Flatten:
    case OpKind::BatchFlatten: return call + " (its input's elements, moved)";
    default: return call;
  }
}

/// The scale e of a weight multiply(w, e): its name when a leaf, else its operator.
std::string scale_text(const Graph& g, NodeId e) {
  const Node& n = g.node(e);
  if (n.op == OpKind::Input || n.op == OpKind::Constant) return n.name;
  return fmt::format("{}({}) of shape {}", op_name(n.op), operand_names(g, n),
                     shape_string(n.type.shape));
}

/// One line of a comment: newlines of `text` become spaces.
std::string comment_line(std::string_view key, std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return fmt::format("; {}: {}\n", key, text);
}

}  // namespace

std::string definition_text(const verify::Instance& inst) {
  const Graph& g = inst.graph;
  std::string out;
  bool fused = false;
  for (size_t i = inst.source_end; i < inst.target_end; ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input || n.op == OpKind::Constant) continue;
    if (!out.empty()) out += "; ";
    fused = fused || n.op == OpKind::FusedConv2d || n.op == OpKind::FusedDense;
    out += n.op == OpKind::FusedConv2d || n.op == OpKind::FusedDense ? fused_definition(g, n)
                                                                     : operator_definition(g, n);
  }
  if (out.empty())
    return "the target is the source's input itself, by src/semantics (sem::eval_node)";
  return out + (fused ? " by src/semantics (sem::eval_reduction's epilogue, sem::epilogue_at)"
                      : " by src/semantics (sem::eval_node)");
}

std::string certificate_header(const dsl::Rule& rule, std::string_view verdict,
                               const std::string& definition, const std::string& reason,
                               const std::string& split, const verify::Instance& encoded,
                               const verify::PointwiseCheck* check) {
  const Graph& g = encoded.graph;
  std::string h = "; vfuse instance certificate (docs/certificates.md)\n";
  h += comment_line("rule", rule.name);
  h += comment_line("verdict", std::string(verdict));
  if (!definition.empty()) h += comment_line("definition", definition);
  if (!reason.empty()) h += comment_line("reason", reason);
  h += comment_line("covers", split);
  if (check) {
    h += comment_line(
        "view",
        "a claim proved here for all values of the view's inputs holds at every output element "
        "of the actual instance (docs/certificates.md, Splitting: views); its side conditions "
        "(every operator pointwise or a shared accumulator, every output element reading each "
        "leaf at one element at most, also with the shrunk dimensions at 2) were checked by "
        "verify::check_pointwise (C++)");
    for (const verify::SharedReduction& r : check->reductions) {
      const Node& n = g.node(r.node);
      const bool source = r.node.index < encoded.source_end;
      const std::string acc = fmt::format("acc{}", r.group);
      const std::string x = g.node(n.inputs[0]).name;
      if (source && r.input_scale.valid()) {
        h += comment_line(
            acc, fmt::format("{}[...] is the window sum of the source's {} '{}' over {} = "
                             "multiply(x, s), s = {} one value per input channel, and {}; "
                             "the target's sum over x with the weight multiply(w, s) is the "
                             "same by lemma {} (proofs/lemmas/{}.smt2)",
                             acc, op_name(n.op), n.name, x, g.node(r.input_scale).name,
                             g.node(n.inputs[1]).name, kAccumulatorInputScaleLemma,
                             kAccumulatorInputScaleLemma));
      } else if (source && r.input_shift.valid()) {
        h += comment_line(
            acc, fmt::format("the source's unpadded {} '{}' over {} = add(x, t), t = {} one "
                             "value per input channel, computes {}[...] (the target's window "
                             "sum over x with the same weight {}) plus sum_k t[c_k] {}[o, k] "
                             "over the window, by lemma {} (proofs/lemmas/{}.smt2)",
                             op_name(n.op), n.name, x, g.node(r.input_shift).name, acc,
                             g.node(n.inputs[1]).name, g.node(n.inputs[1]).name,
                             kAccumulatorInputShiftLemma, kAccumulatorInputShiftLemma));
      } else if (source) {
        h += comment_line(
            acc, fmt::format("{}[...] is the window sum of the source's {} '{}' over {}, {} "
                             "(sem::conv2d_at / sem::dense_at), one symbol per element",
                             acc, op_name(n.op), n.name, x, g.node(n.inputs[1]).name));
      } else if (r.input_scale.valid()) {
        h +=
            comment_line(acc, fmt::format("the target's {} '{}' over {} with the weight {} = "
                                          "multiply(w, s): the same sum {}[...] (above)",
                                          op_name(n.op), n.name, x, g.node(n.inputs[1]).name, acc));
      } else if (!r.scale.valid()) {
        h += comment_line(acc, fmt::format("the target's {} '{}' reads the same x, w and window "
                                           "attributes: the same sum {}[...]",
                                           op_name(n.op), n.name, acc));
      } else {
        h += comment_line(
            acc,
            fmt::format("the target's {} '{}' reads the same x and window attributes and "
                        "the weight {} = multiply(w, e), e = {} one value per output "
                        "channel: its sum is e[o] * {}[...] by lemma {} "
                        "(proofs/lemmas/{}.smt2)",
                        op_name(n.op), n.name, g.node(n.inputs[1]).name, scale_text(g, r.scale),
                        acc, kAccumulatorScaleLemma, kAccumulatorScaleLemma));
      }
    }
    if (!check->reductions.empty())
      h += comment_line("checked in C++",
                        "the pairing of window sums (verify::check_pointwise: same x node, same "
                        "w node or multiply(w, e) with e of size 1 on every axis but the output "
                        "channel, equal strides, padding, dilation, groups and output shape)");
    if (std::any_of(check->reductions.begin(), check->reductions.end(),
                    [](const verify::SharedReduction& r) {
                      return r.input_scale.valid() || r.input_shift.valid();
                    }))
      h += comment_line("checked in C++",
                        "the input fold (verify::check_pointwise, input_fold): source x = "
                        "multiply(x, s) with target w = multiply(w, s), or source x = add(x, t) "
                        "with the same w, no padding, t and w constants of the model (and the "
                        "values computed from constants alone read as constants); s, t of size "
                        "1 on every axis but the input channel, one value when groups > 1");
  }
  h += "; every (check-sat) below answers unsat: z3 FILE, cvc5 --incremental FILE\n";
  return h;
}

std::string header_field(const std::string& smt2, std::string_view key) {
  const std::string tag = fmt::format("; {}: ", key);
  for (size_t at = 0; at < smt2.size() && smt2[at] == ';';) {
    const size_t end = std::min(smt2.find('\n', at), smt2.size());
    if (smt2.compare(at, tag.size(), tag) == 0)
      return smt2.substr(at + tag.size(), end - at - tag.size());
    at = end + 1;
  }
  return {};
}

std::string window_split_comment(const WindowSplit& split) {
  std::string h = comment_line(
      "window split",
      fmt::format("one query per class of output positions with the same in-bounds window "
                  "taps, on a crop of x (batch 1, all input channels, exactly the rows and "
                  "columns the class reads, the padding that leaves the same taps outside) and "
                  "a weight [1, C, KH, KW], both symbolic: each claim holds for all values of x "
                  "and w, so for the model's weights too (docs/certificates.md, Splitting: "
                  "window classes)"));
  h += comment_line(
      "checked in C++",
      fmt::format(
          "every claim of the instance at batch min(N, 2) and min(O, 2) output channels "
          "at the actual spatial sizes, and of each crop at the actual N and at the actual O, "
          "is its class's claim below with leaf elements renamed (verify::same_up_to_renaming "
          "on the terms of src/semantics read in verify::TermDomain): {} elements, {} term "
          "nodes",
          split.checked_elements, split.term_nodes));
  for (size_t k = 0; k < split.classes.size(); ++k)
    h += comment_line(fmt::format("class {}", k + 1), split.classes[k].description);
  return h;
}

}  // namespace vf::rewrite
