#include "ir/printer.h"

#include "support/atomic_file.h"

#include <fmt/format.h>

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

namespace vf {
namespace {

constexpr size_t kLineWidth = 100;

bool is_plain_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.';
}

// C-style quoting; bytes >= 0x80 pass through so UTF-8 names stay readable.
std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
          out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        else
          out += c;
    }
  }
  out += '"';
  return out;
}

// Shortest round-trip decimal; NaNs keep their bit pattern unless it is the default one.
template <class F, class Bits>
void append_float(std::string& out, F v) {
  if (std::isnan(v)) {
    Bits bits = std::bit_cast<Bits>(v);
    Bits quiet = std::bit_cast<Bits>(std::numeric_limits<F>::quiet_NaN());
    Bits sign = Bits{1} << (sizeof(Bits) * 8 - 1);
    if (bits == quiet)
      out += "nan";
    else if (bits == (quiet | sign))
      out += "-nan";
    else
      fmt::format_to(std::back_inserter(out), "nan(0x{:0{}x})", bits, sizeof(Bits) * 2);
    return;
  }
  fmt::format_to(std::back_inserter(out), "{}", v);
}

template <class T>
T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

void append_element(std::string& out, DType dt, const unsigned char* p) {
  auto it = std::back_inserter(out);
  switch (dt) {
    case DType::F32: append_float<float, uint32_t>(out, load<float>(p)); return;
    case DType::F64: append_float<double, uint64_t>(out, load<double>(p)); return;
    case DType::I8: fmt::format_to(it, "{}", load<int8_t>(p)); return;
    case DType::U8: fmt::format_to(it, "{}", load<uint8_t>(p)); return;
    case DType::I32: fmt::format_to(it, "{}", load<int32_t>(p)); return;
    case DType::I64: fmt::format_to(it, "{}", load<int64_t>(p)); return;
    case DType::Bool: out += *p ? "true" : "false"; return;
  }
}

std::string attr_text(const AttrValue& v) {
  // attr_value_string does not escape quotes inside strings; quote() does.
  if (attr_kind(v) == AttrKind::Str) return quote(std::get<std::string>(v));
  return attr_value_string(v);
}

uint64_t align_up(uint64_t x) { return (x + kWeightsAlign - 1) / kWeightsAlign * kWeightsAlign; }

// Offset of each constant's data in the weights file (indexed by node), and the file size.
struct WeightsLayout {
  std::vector<uint64_t> offset;
  uint64_t total = 0;
};

WeightsLayout weights_layout(const Graph& g) {
  WeightsLayout layout;
  layout.offset.assign(g.size(), 0);
  uint64_t cursor = align_up(kWeightsMagic.size());
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op != OpKind::Constant || !n.data) continue;
    cursor = align_up(cursor);
    layout.offset[i] = cursor;
    cursor += n.data->bytes().size();
  }
  layout.total = cursor;
  return layout;
}

void append_constant(std::string& out, const Node& n, const PrintOptions& opts, uint64_t offset) {
  out += fmt::format("constant({})", type_string(n.type));
  if (!n.data) {  // a constant without data breaks a graph invariant; print it visibly
    out += " <elided 0 values>";
    return;
  }
  const Tensor& t = *n.data;
  if (!opts.weights_path.empty()) {
    out += fmt::format(" external({}, {})", offset, t.bytes().size());
    return;
  }
  if (opts.elide_constants_over >= 0 && t.size() > opts.elide_constants_over) {
    out += fmt::format(" <elided {} values>", t.size());
    return;
  }
  out += " [";
  size_t width = dtype_size(t.dtype());
  const unsigned char* p = t.bytes().data();
  for (int64_t i = 0; i < t.size(); ++i) {
    if (i) out += ", ";
    append_element(out, t.dtype(), p + static_cast<size_t>(i) * width);
  }
  out += ']';
}

}  // namespace

std::string value_ref(std::string_view name) {
  bool plain = !name.empty();
  for (char c : name) plain = plain && is_plain_char(c);
  return plain ? fmt::format("%{}", name) : "%" + quote(name);
}

std::string print_graph(const Graph& g, const PrintOptions& opts) {
  std::string out = "# vfuse graph v1\n";

  std::vector<std::string> params;
  size_t one_line = 0;
  for (NodeId id : g.inputs()) {
    const Node& n = g.node(id);
    params.push_back(
        fmt::format("{}: {}{}", value_ref(n.name), n.weight ? "weight " : "", type_string(n.type)));
    one_line += params.back().size() + 2;
  }
  if (one_line + 7 <= kLineWidth) {  // "graph(" + ") {" - the last ", "
    out += "graph(";
    for (size_t i = 0; i < params.size(); ++i) out += (i ? ", " : "") + params[i];
    out += ") {\n";
  } else {
    out += "graph(\n";
    for (size_t i = 0; i < params.size(); ++i)
      out += fmt::format("    {}{}\n", params[i], i + 1 < params.size() ? "," : "");
    out += ") {\n";
  }

  WeightsLayout layout;
  if (!opts.weights_path.empty()) layout = weights_layout(g);
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op == OpKind::Input) continue;  // declared in the signature
    out += fmt::format("  {} = ", value_ref(n.name));
    if (n.op == OpKind::Constant) {
      append_constant(out, n, opts, layout.offset.empty() ? 0 : layout.offset[i]);
      out += '\n';
      continue;
    }
    out += fmt::format("{}(", op_name(n.op));
    bool first = true;
    for (NodeId in : n.inputs) {
      out += first ? "" : ", ";
      first = false;
      out += in.index < g.size() ? value_ref(g.node(in).name) : "%<invalid>";
    }
    for (const auto& [name, value] : n.attrs.entries()) {
      out += first ? "" : ", ";
      first = false;
      out += fmt::format("{}={}", name, attr_text(value));
    }
    out += fmt::format(") : {}\n", type_string(n.type));
  }

  out += "  return";
  for (size_t i = 0; i < g.outputs().size(); ++i)
    out += (i ? ", " : " ") + value_ref(g.node(g.outputs()[i]).name);
  out += "\n}\n";
  return out;
}

std::string weights_bytes(const Graph& g) {
  WeightsLayout layout = weights_layout(g);
  std::string bytes(layout.total, '\0');
  std::memcpy(bytes.data(), kWeightsMagic.data(), kWeightsMagic.size());
  for (size_t i = 0; i < g.size(); ++i) {
    const Node& n = g.nodes()[i];
    if (n.op != OpKind::Constant || !n.data || n.data->bytes().empty()) continue;
    std::memcpy(bytes.data() + layout.offset[i], n.data->bytes().data(), n.data->bytes().size());
  }
  return bytes;
}

Result<void> write_weights(const Graph& g, const std::string& weights_path) {
  return write_file_atomically(weights_path, weights_bytes(g));
}

Result<void> write_graph(const Graph& g, const std::string& path, const PrintOptions& opts) {
  if (!opts.weights_path.empty()) {
    if (auto r = write_weights(g, opts.weights_path); !r) return r;
  }
  return write_file_atomically(path, print_graph(g, opts));
}

}  // namespace vf
