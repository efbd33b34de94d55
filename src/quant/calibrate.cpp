#include "quant/calibrate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "interp/interpreter.h"
#include "interp/weights.h"
#include "ir/npy.h"

namespace vf::quant {

GraphRunner interpreter_runner() {
  return [](const CertifiedGraph& g, const InputSet& inputs) {
    RunOptions o;
    o.inputs = inputs;
    return run_graph(g, o);
  };
}

std::vector<InputSet> seeded_inputs(const Graph& g, uint64_t first_seed, size_t count) {
  std::vector<InputSet> out;
  for (size_t k = 0; k < count; ++k) {
    InputSet s;
    for (NodeId id : g.data_inputs())
      s.emplace(g.node(id).name, generate_input(g, id, first_seed + k));
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

Result<InputSet> read_set(const Graph& g, const std::filesystem::path& dir) {
  InputSet s;
  for (NodeId id : g.data_inputs()) {
    const Node& n = g.node(id);
    const std::filesystem::path f = dir / npy_file_name(n.name);
    std::error_code ec;
    if (!std::filesystem::exists(f, ec))
      return Error{fmt::format("missing input '{}': no file {}", n.name, f.string())};
    auto t = read_npy(f.string());
    if (!t) return t.error();
    if (t->type() != n.type)
      return Error{fmt::format("{}: input '{}' is {} {}, the model expects {} {}", f.string(),
                               n.name, dtype_name(t->dtype()), shape_string(t->shape()),
                               dtype_name(n.type.dtype), shape_string(n.type.shape))};
    s.emplace(n.name, std::move(*t));
  }
  return s;
}

}  // namespace

Result<std::vector<InputSet>> npy_inputs(const Graph& g, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Error{fmt::format("'{}' is not a directory", dir)};
  std::vector<fs::path> subs;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_directory()) subs.push_back(e.path());
  std::sort(subs.begin(), subs.end());
  if (subs.empty()) subs.push_back(dir);  // DIR/<input>.npy: one set
  std::vector<InputSet> out;
  for (const fs::path& d : subs) {
    auto s = read_set(g, d);
    if (!s) return s.error();
    out.push_back(std::move(*s));
  }
  return out;
}

Range mse_range(Range r, const std::vector<float>& values, DType dtype) {
  if (values.empty() || !(r.lo <= r.hi)) return r;
  const size_t n = std::min<size_t>(values.size(), size_t{1} << 16);
  const double step = static_cast<double>(values.size()) / static_cast<double>(n);
  auto error = [&](Range c) {
    const ActivationParams p = choose_activation(c, dtype);
    double sum = 0;
    for (size_t i = 0; i < n; ++i) {
      const double v = values[static_cast<size_t>(static_cast<double>(i) * step)];
      const double e = v - static_cast<double>(quantize_value(p, v) - p.zero_point) * p.scale;
      sum += e * e;
    }
    return sum;
  };
  // The high end first (the low one as given), then the low end with it: the two tails
  // are clipped independently (a relu's range has none below).
  Range best = r;
  for (double Range::* end : {&Range::hi, &Range::lo}) {
    Range c = best;
    double least = INFINITY, pick = best.*end;
    for (int k = 0; k <= 40; ++k) {
      c.*end = (r.*end) * (1 - 0.02 * k);
      if (const double e = error(c); e < least) least = e, pick = c.*end;
    }
    best.*end = pick;
  }
  return best;
}

Result<std::map<NodeId, Range>> calibrate(const PreparedGraph& p,
                                          const std::vector<InputSet>& inputs,
                                          const CalibrationOptions& opts, const GraphRunner& run) {
  if (inputs.empty()) return Error{"calibration needs at least one input set"};
  Graph g = p.graph;
  const size_t first = g.outputs().size();
  for (NodeId v : p.watched) g.add_output(v);
  // The prepared graph is the compiled one with epilogues split into the same float32
  // operations (quantize_graph.h): a model of its own, run as such.
  const CertifiedGraph cg = CertifiedGraph::unrewritten(std::move(g));
  std::vector<Range> ranges(p.watched.size(), Range{INFINITY, -INFINITY});
  const bool keep = opts.percentile || opts.mse;
  std::vector<std::vector<float>> seen(keep ? p.watched.size() : 0);
  for (const InputSet& in : inputs) {
    auto outs = run(cg, in);
    if (!outs) return outs.error();
    for (size_t k = 0; k < p.watched.size(); ++k) {
      const Tensor& t = (*outs)[first + k];
      Range& r = ranges[k];
      for (int64_t i = 0; i < t.size(); ++i) {
        const double v = t.get(i);
        if (std::isnan(v)) continue;
        r.lo = std::min(r.lo, v);
        r.hi = std::max(r.hi, v);
        if (keep) seen[k].push_back(static_cast<float>(v));
      }
    }
  }
  std::map<NodeId, Range> out;
  for (size_t k = 0; k < p.watched.size(); ++k) {
    Range r = ranges[k];
    if (r.lo > r.hi) r = Range{};  // every value NaN: nothing to scale by
    if (opts.percentile) {
      const double t = abs_percentile(seen[k], *opts.percentile);
      r.lo = std::max(r.lo, -t);
      r.hi = std::min(r.hi, t);
    }
    if (opts.mse) r = mse_range(r, seen[k]);
    out.emplace(p.watched[k], r);
  }
  return out;
}

}  // namespace vf::quant
