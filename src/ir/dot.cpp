#include "ir/dot.h"

#include "support/atomic_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace vf {
namespace {

// Contents of a DOT double-quoted string; `\n` in `s` becomes a centred line break.
std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': break;
      default: out += c;
    }
  }
  return out;
}

// Shape, with the dtype when it is not the usual float32.
std::string type_label(const TensorType& t) {
  if (t.dtype == DType::F32) return shape_string(t.shape);
  return fmt::format("{} {}", shape_string(t.shape), dtype_name(t.dtype));
}

std::string label(std::string_view a, std::string_view b, std::string_view c) {
  return fmt::format("\"{}\\n{}\\n{}\"", escape(a), escape(b), escape(c));
}

}  // namespace

std::string graph_to_dot(const Graph& g, const DotOptions& opts) {
  std::string out = "digraph vfuse {\n";
  out += "  rankdir=TB;\n";
  out += "  node [fontname=\"Helvetica\", fontsize=10];\n";
  out += "  edge [fontname=\"Helvetica\", fontsize=8];\n";
  // Weights (Relay's parameters of @main) are drawn and hidden like constants.
  auto is_constant_like = [&](const Node& n) {
    return n.op == OpKind::Constant || (n.op == OpKind::Input && n.weight);
  };
  auto hidden = [&](NodeId id) { return !opts.show_constants && is_constant_like(g.node(id)); };
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input && !n.weight) {
      out += fmt::format("  n{} [shape=ellipse, style=filled, fillcolor=\"#cfe2f3\", label={}];\n",
                         i, label(n.name, "input", type_label(n.type)));
    } else if (is_constant_like(n)) {
      if (!opts.show_constants) continue;
      out += fmt::format(
          "  n{} [shape=box, style=filled, fillcolor=\"#eeeeee\", fontsize=8, height=0.2, "
          "label={}];\n",
          i, label(n.name, n.op == OpKind::Constant ? "constant" : "weight", type_label(n.type)));
    } else {
      std::string op(op_name(n.op));
      int hidden_consts = 0;
      for (NodeId in : n.inputs) hidden_consts += hidden(in) ? 1 : 0;
      if (hidden_consts > 0)
        op += fmt::format(" (+{} constant{})", hidden_consts, hidden_consts == 1 ? "" : "s");
      std::string fill = "#fff2cc";
      if (i < opts.node_marks.size() && !opts.node_marks[i].first.empty()) {
        fill = opts.node_marks[i].first;
        op += " | " + opts.node_marks[i].second;
      }
      out += fmt::format(
          "  n{} [shape=box, style=\"rounded,filled\", fillcolor=\"{}\", label={}];\n", i,
          fill, label(n.name, op, type_label(n.type)));
    }
  }
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    for (NodeId in : n.inputs) {
      if (hidden(in)) continue;
      out += fmt::format("  n{} -> n{} [label=\"{}\"];\n", in.index, i,
                         escape(type_label(g.node(in).type)));
    }
  }
  for (size_t k = 0; k < g.outputs().size(); ++k) {
    NodeId o = g.outputs()[k];
    out += fmt::format("  out{} [shape=doubleoctagon, label=\"output {}\"];\n", k, k);
    if (hidden(o)) continue;
    out += fmt::format("  n{} -> out{} [label=\"{}\"];\n", o.index, k,
                       escape(type_label(g.node(o).type)));
  }
  out += "}\n";
  return out;
}

Result<void> write_dot(const Graph& g, const std::string& path, const DotOptions& opts) {
  return write_file_atomically(path, graph_to_dot(g, opts));
}

}  // namespace vf
