// ONNX converters of pointwise math (Exp, Log, Tanh, Erf, Softplus), reductions and
// normalisations: kept apart from onnx_import_ops.cpp, which adds them to its table.
#include <fmt/format.h>

#include <map>
#include <string>

#include "frontend/onnx_importer.h"

namespace vf::onnx_io {
namespace {

using onnx::NodeProto;

/// One IR node of `op` on input 0 with attributes `a`, bound to output 0.
bool one_node(Importer& im, const NodeProto& n, OpKind op, Attrs a = {}) {
  auto y = im.add(n, op, {im.node_of(n, 0)}, std::move(a));
  if (!y) return false;
  im.bind(n, 0, *y);
  return true;
}

OpConverter unary(OpKind op) {
  return [op](Importer& im, const NodeProto& n) { return one_node(im, n, op); };
}

}  // namespace

void add_math_converters(std::map<std::string, OpConverter>& t) {
  t["Exp"] = unary(OpKind::Exp);
  t["Log"] = unary(OpKind::Log);
  t["Tanh"] = unary(OpKind::Tanh);
  t["Erf"] = unary(OpKind::Erf);
  t["Softplus"] = unary(OpKind::Softplus);
}

int64_t math_converter_since(const std::string& op) {
  static const std::map<std::string, int64_t> since = {
      {"Exp", 6}, {"Log", 6}, {"Tanh", 6}, {"Erf", 9}, {"Softplus", 1}};
  auto it = since.find(op);
  return it == since.end() ? 0 : it->second;
}

}  // namespace vf::onnx_io
