#include "independent/check.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "independent/candidates.h"
#include "independent/term.h"
#include "ir/op_attrs.h"
#include "semantics/walk_graph.h"
#include "semantics/wrap_int_domain.h"
#include "smt/bv_domain.h"
#include "smt/query.h"
#include "smt/real_domain.h"
#include "smt/solver.h"

namespace vf::independent {
namespace {

using smt::Expr;

/// A subterm used more than once with at least this many term nodes (as a tree) is keyed
/// once (RegionProver::key_shared_subterms).
constexpr uint32_t kSharedSize = 64;

/// A model reduction and a compiled one that sum the same window of the same input value
/// (checked here): the compiled weights are the model's (`exact`) or, channel by channel
/// along axis 0, the model's times one ratio each, within [lo, hi] (exact rationals
/// num/den of float32 values; docs/independent.md, "Paired reductions").
struct Pair {
  NodeId orig, comp;
  bool exact = true;
  std::vector<std::pair<float, float>> lo, hi;  // per output channel: (num, den)
};

/// a/b < c/d for float32 values with b, d != 0, exactly: the products of two float32 are
/// exact in double.
bool ratio_less(std::pair<float, float> x, std::pair<float, float> y) {
  const double l = double(x.first) * double(y.second), r = double(y.first) * double(x.second);
  return (double(x.second) * double(y.second) > 0) ? l < r : l > r;
}

/// State shared by all regions: one solver context, and the exact value each folded
/// constant element was taken to stand for (the same in every region that reads it).
struct Shared {
  smt::Context ctx;
  smt::RealDomain rd{ctx};
  smt::BvDomain bv{ctx, 64};  // integer regions: the integers the interpreter computes in
  std::map<std::pair<uint32_t, uint32_t>, Expr> exact;  // (compiled node, element)
  std::vector<bool> folded;                             // per compiled node
  smt::ClaimCache claims;
};

bool is_conv(OpKind k) { return k == OpKind::Conv2d || k == OpKind::FusedConv2d; }

/// A node that sums windows of its first operand against constant float32 weights, the
/// weights read as a matrix [O, K]: row o is what output channel o (axis 1 of a conv's
/// output, the last axis of a dense's or a matmul's) sums its window against.
struct Contraction {
  const Tensor* w = nullptr;
  int64_t O = 0, K = 0;
  bool transposed = false;  // stored [K, O]: a matmul's second operand
  float at(int64_t o, int64_t k) const {
    return w->view<float>()[transposed ? k * O + o : o * K + k];
  }
};

/// `n` as a Contraction: a conv2d / fused_conv2d, a dense / fused_dense with weights [O, K],
/// a gemm (A not transposed) with a constant B, [O, K] when transposed, or a matmul whose
/// second operand is a constant [K, O], whose output is its first operand's rows by O
/// (out[..., i, o] = sum_k x[..., i, k] b[k, o], as dense reads w[o, k]); none otherwise.
std::optional<Contraction> contraction(const Graph& g, const Node& n) {
  const bool conv = is_conv(n.op), gemm = n.op == OpKind::Gemm,
             dense = n.op == OpKind::Dense || n.op == OpKind::FusedDense;
  if ((!conv && !dense && !gemm && n.op != OpKind::MatMul) || n.inputs.size() < 2)
    return std::nullopt;
  const Node& w = g.node(n.inputs[1]);
  if (w.op != OpKind::Constant || w.type.dtype != DType::F32 || w.type.size() == 0)
    return std::nullopt;
  const Shape& ws = w.type.shape;
  if (ws.size() != (conv ? 4u : 2u)) return std::nullopt;
  if (conv) return Contraction{&*w.data, ws[0], w.type.size() / ws[0], false};
  const Shape& xs = g.node(n.inputs[0]).type.shape;
  if (xs.size() < (dense ? 1u : 2u) || (gemm && (xs.size() != 2 || n.attrs.get_int("trans_a"))))
    return std::nullopt;
  const bool as_rows = dense || (gemm && n.attrs.get_int("trans_b"));  // stored [O, K]
  const Contraction c{&*w.data, ws[as_rows ? 0 : 1], ws[as_rows ? 1 : 0], !as_rows};
  Shape rows(xs.begin(), xs.end() - 1);
  rows.push_back(c.O);
  if (xs.back() != c.K || n.type.shape != rows) return std::nullopt;
  return c;
}

class RegionProver {
 public:
  RegionProver(const Tiling& t, int k, Shared& sh, const CheckOptions& o)
      : t_(t), k_(k), sh_(sh), o_(o) {}

  /// Proves the region; the detail says how, or why not.
  bool run(std::string& detail, CheckReport& rep) {
    if (identical()) {
      detail = "identical operators over the same values";
      ++rep.identical;
      return true;
    }
    if (auto e = value_types(); !e.empty()) return detail = e, false;
    if (!int_) pair_reductions();
    if (auto e = inexact_constant(); !e.empty()) return detail = e, false;
    if (auto e = estimate(); !e.empty()) return detail = e, false;
    std::vector<std::vector<uint32_t>> vo, vc;
    if (auto r = walk(t_.original, true, vo); !r) return detail = r.error().message, false;
    if (auto r = walk(t_.compiled, false, vc); !r) return detail = r.error().message, false;
    return prove(vo, vc, detail, rep);
  }

 private:
  const Graph& og() const { return *t_.original.graph; }
  const Graph& cg() const { return *t_.compiled.graph; }
  std::vector<NodeId> members(const Side& s) const {
    std::vector<NodeId> m;
    for (size_t i = 0; i < s.graph->size(); ++i)
      if (s.region[i] == k_) m.push_back(s.graph->id(i));
    return m;
  }

  /// One operator on each side, the same operator with the same attributes and type over
  /// the same values: non-constant operands by name (the tiling made them the same
  /// values), constant operands plain constants with the same data.
  bool identical() const {
    const auto a = members(t_.original), b = members(t_.compiled);
    if (a.size() != 1 || b.size() != 1) return false;
    const Node &x = og().node(a[0]), &y = cg().node(b[0]);
    if (x.op != y.op || !(x.attrs == y.attrs) || !(x.type == y.type) ||
        x.inputs.size() != y.inputs.size())
      return false;
    for (size_t j = 0; j < x.inputs.size(); ++j) {
      const Node &u = og().node(x.inputs[j]), &v = cg().node(y.inputs[j]);
      const bool ku = t_.original.konst[x.inputs[j].index],
                 kv = t_.compiled.konst[y.inputs[j].index];
      if (ku != kv) return false;
      if (!ku && u.name != v.name) return false;
      if (ku && (u.op != OpKind::Constant || v.op != OpKind::Constant || !(*u.data == *v.data)))
        return false;
    }
    return true;
  }

  /// Whether the region's values (its members on either side and the values it reads
  /// from outside) are all float32, read over the reals, or all integers, read over 64-bit
  /// bitvectors as the interpreter computes them (int_); a message naming a value of the
  /// other kind when they are mixed (such a region is covered only when identical).
  std::string value_types() {
    std::vector<std::pair<const std::string*, DType>> values;
    for (const Side* s : {&t_.original, &t_.compiled})
      for (NodeId m : members(*s))
        values.emplace_back(&s->graph->node(m).name, s->graph->node(m).type.dtype);
    for (const std::string& name : t_.inputs[static_cast<size_t>(k_)])
      if (const NodeId v = og().find(name); v.valid())
        values.emplace_back(&name, og().node(v).type.dtype);
    int_ = !values.empty() && is_integer(values[0].second);
    for (const auto& [name, t] : values)
      if (int_ ? !is_integer(t) : t != DType::F32)
        return fmt::format(
            "'{}' is {} in a region of {} values (a region mixing them must be identical)", *name,
            dtype_name(t), int_ ? "integer" : "float32");
    return "";
  }

  /// Pairs each model reduction with a compiled one over the same input value and window
  /// whose weights are the model's, or the model's scaled per output channel, element for
  /// element as [O, K] matrices (a matmul's [K, O] constant read transposed).
  void pair_reductions() {
    const auto cm = members(t_.compiled);
    std::vector<bool> used(cg().size(), false);
    for (NodeId a : members(t_.original)) {
      const Node& x = og().node(a);
      const auto cx = contraction(og(), x);
      if (!cx) continue;
      for (NodeId b : cm) {
        const Node& y = cg().node(b);
        if (used[b.index] || is_conv(x.op) != is_conv(y.op) || !(x.type == y.type)) continue;
        const auto cy = contraction(cg(), y);
        if (!cy || cx->O != cy->O || cx->K != cy->K) continue;
        const NodeId xi = x.inputs[0], yi = y.inputs[0];
        if (t_.original.konst[xi.index] || t_.compiled.konst[yi.index] ||
            t_.original.region[xi.index] == k_ || t_.compiled.region[yi.index] == k_ ||
            og().node(xi).name != cg().node(yi).name)
          continue;
        if (is_conv(x.op)) {
          const Conv2dAttrs p = conv2d_attrs(x.attrs), q = conv2d_attrs(y.attrs);
          if (p.strides != q.strides || p.padding != q.padding || p.dilation != q.dilation ||
              p.groups != q.groups || !(cx->w->type() == cy->w->type()))
            continue;
        }
        Pair p{a, b, true, {}, {}};
        if (!related(*cx, *cy, p)) continue;
        used[b.index] = true;
        pairs_.push_back(std::move(p));
        break;
      }
    }
    for (size_t p = 0; p < pairs_.size(); ++p) {
      pair_of_[pairs_[p].orig.index * 2] = p;
      pair_of_[pairs_[p].comp.index * 2 + 1] = p;
    }
  }

  /// Whether v[o, k] = w[o, k] bit for bit (p.exact), or v[o, k] = w[o, k] * r_o for one
  /// ratio range per o (zero exactly where w is zero, at least one nonzero per channel;
  /// fills p.lo / p.hi).
  static bool related(const Contraction& w, const Contraction& v, Pair& p) {
    for (int64_t o = 0; o < w.O && p.exact; ++o)
      for (int64_t k = 0; k < w.K && p.exact; ++k)
        p.exact = std::bit_cast<uint32_t>(w.at(o, k)) == std::bit_cast<uint32_t>(v.at(o, k));
    if (p.exact) return true;
    for (int64_t o = 0; o < w.O; ++o) {
      bool any = false;
      std::pair<float, float> lo{}, hi{};
      for (int64_t k = 0; k < w.K; ++k) {
        const float a = w.at(o, k), b = v.at(o, k);
        if ((a == 0) != (b == 0) || !std::isfinite(a) || !std::isfinite(b)) return false;
        if (a == 0) continue;
        const std::pair<float, float> r{b, a};
        if (!any || ratio_less(r, lo)) lo = r;
        if (!any || ratio_less(hi, r)) hi = r;
        any = true;
      }
      if (!any) return false;
      p.lo.push_back(lo);
      p.hi.push_back(hi);
    }
    return true;
  }

  /// Marks what a side's walk evaluates: the region's nodes, the constant-valued nodes
  /// they read (not the weights of paired reductions), and the values read from outside.
  void mark(const Side& s, bool orig, std::vector<char>& need, std::vector<char>& boundary) const {
    const Graph& g = *s.graph;
    need.assign(g.size(), 0);
    boundary.assign(g.size(), 0);
    for (size_t i = g.size(); i-- > 0;) {
      const bool member = s.region[i] == k_;
      if (member) need[i] = 1;
      if (!need[i] || boundary[i]) continue;
      const Node& n = g.nodes()[i];
      const bool paired = pair_of_.count(i * 2 + (orig ? 0 : 1)) > 0;
      for (size_t j = 0; j < n.inputs.size(); ++j) {
        const uint32_t u = n.inputs[j].index;
        if (paired && j == 1) continue;
        need[u] = 1;
        if (!s.konst[u] && s.region[u] != k_) boundary[u] = 1;
      }
    }
  }

  /// A message naming an int64 constant the walks read with an element beyond 2^53: the
  /// terms hold literals as doubles, which would merge it with its neighbours; "" when none.
  std::string inexact_constant() const {
    for (const Side* s : {&t_.original, &t_.compiled}) {
      std::vector<char> need, boundary;
      mark(*s, s == &t_.original, need, boundary);
      for (size_t i = 0; i < s->graph->size(); ++i) {
        const Node& n = s->graph->nodes()[i];
        if (!need[i] || n.op != OpKind::Constant || n.type.dtype != DType::I64) continue;
        for (int64_t v : n.data->view<int64_t>())
          if (v > (int64_t{1} << 53) || v < -(int64_t{1} << 53))
            return fmt::format(
                "int64 constant '{}' holds {}, which the checker's terms (literals in double) do "
                "not hold exactly",
                n.name, v);
      }
    }
    return "";
  }

  /// Term nodes the walks would build, roughly; a message when past the limit.
  std::string estimate() {
    double terms = 0;
    for (const Side* s : {&t_.original, &t_.compiled}) {
      std::vector<char> need, boundary;
      mark(*s, s == &t_.original, need, boundary);
      for (size_t i = 0; i < s->graph->size(); ++i) {
        if (!need[i]) continue;
        const Node& n = s->graph->nodes()[i];
        double per = 2;  // about 2 term nodes per element, a sum's length when expanded
        const bool expanded = !boundary[i] && !pair_of_.count(i * 2 + (s == &t_.original ? 0 : 1));
        if (expanded && (is_conv(n.op) || n.op == OpKind::QConv2d)) {
          const TensorType& w = s->graph->node(n.inputs[1]).type;
          per = 2.0 * static_cast<double>(w.size() / std::max<int64_t>(1, w.shape[0]));
        } else if (expanded && (n.op == OpKind::Dense || n.op == OpKind::FusedDense ||
                                n.op == OpKind::MatMul || n.op == OpKind::QDense)) {
          per = 2.0 * static_cast<double>(s->graph->node(n.inputs[0]).type.shape.back());
        }
        terms += per * static_cast<double>(n.type.size());
      }
    }
    if (terms <= static_cast<double>(o_.max_terms)) {
      td_.reserve(static_cast<size_t>(terms * 1.2) + 1024);
      return "";
    }
    return fmt::format(
        "too large to expand ({:.3g} term nodes): a reduction of it has no partner on the other "
        "side over the same input and window with the same or per-channel scaled weights",
        terms);
  }

  /// The In leaves of the value named `name` (shared by both sides).
  const std::vector<uint32_t>& in_leaves(const std::string& name, const TensorType& type) {
    auto [it, fresh] = in_.try_emplace(name);
    if (fresh) {
      const uint32_t id = static_cast<uint32_t>(in_names_.size());
      in_names_.push_back(name);
      in_types_.push_back(type.dtype);
      for (int64_t e = 0; e < type.size(); ++e)
        it->second.push_back(td_.leaf(LeafKind::In, id, static_cast<uint32_t>(e)));
    }
    return it->second;
  }

  /// Evaluates one side of the region into `values` (term ids per node).
  Result<void> walk(const Side& s, bool orig, std::vector<std::vector<uint32_t>>& values) {
    std::vector<char> need, boundary;
    mark(s, orig, need, boundary);
    values.assign(s.graph->size(), {});
    struct Hooks {
      RegionProver& p;
      bool orig;
      std::vector<char>& need;
      std::vector<char>& boundary;
      bool needed(size_t i) const { return need[i] != 0; }
      bool evaluate(size_t i, const Node& n, std::span<const sem::Operand<uint32_t>> ops,
                    sem::FloatAttrValues<uint32_t> fv, std::vector<uint32_t>& out) {
        if (boundary[i]) {
          out = p.in_leaves(n.name, n.type);
          return true;
        }
        if (auto it = p.pair_of_.find(i * 2 + (orig ? 0 : 1)); it != p.pair_of_.end()) {
          const size_t k = it->second;
          Pair& pr = p.pairs_[k];
          auto& acc = p.acc_[k];
          if (acc.empty())
            for (int64_t e = 0; e < n.type.size(); ++e)
              acc.push_back(
                  p.td_.leaf(LeafKind::Acc, static_cast<uint32_t>(k), static_cast<uint32_t>(e)));
          auto& scale = p.scale_[k];
          if (!orig && !pr.exact && scale.empty())
            for (size_t o = 0; o < pr.lo.size(); ++o)
              scale.push_back(
                  p.td_.leaf(LeafKind::Scale, static_cast<uint32_t>(k), static_cast<uint32_t>(o)));
          const bool conv = is_conv(n.op);
          const int64_t M = n.type.shape.back();
          auto sum = [&](int64_t flat, const int64_t* idx) {
            const uint32_t a = acc[static_cast<size_t>(flat)];
            if (orig || pr.exact) return a;
            const int64_t c = conv ? idx[1] : flat % M;
            return p.td_.mul(scale[static_cast<size_t>(c)], a);
          };
          if (n.op == OpKind::MatMul)  // no epilogue: the window sums are its elements
            sem::emit_each(n.type.shape, out, sum);
          else if (n.op == OpKind::Gemm)
            sem::eval_gemm(p.td_, n.attrs, ops, n.type.shape, out, fv, sum);
          else
            sem::eval_reduction(p.td_, n.op, n.attrs, ops, n.type.shape, out, fv, sum);
          return true;
        }
        if (!orig && n.op == OpKind::Constant && p.sh_.folded[i]) {
          for (int64_t e = 0; e < n.type.size(); ++e)
            out.push_back(p.td_.leaf(LeafKind::Folded, static_cast<uint32_t>(i),
                                     static_cast<uint32_t>(e), n.data->get(e)));
          return true;
        }
        return false;
      }
      Result<void> leaf(size_t, const Node& n, std::vector<uint32_t>& out) {
        if (n.op != OpKind::Constant) return Error{fmt::format("input '{}' unbound", n.name)};
        for (int64_t e = 0; e < n.type.size(); ++e) out.push_back(p.td_.lit(n.data->get(e)));
        return {};
      }
    } hooks{*this, orig, need, boundary};
    return sem::walk_graph(td_, *s.graph, 0, s.graph->size(), values, hooks);
  }

  // ---- classes: output elements whose claims are one formula up to renaming leaves ----

  /// Appends the structure of term `t` to `key_`: constants by id, In and Acc leaves by
  /// order of first appearance (a renaming), Folded and Scale leaves by identity, a shared
  /// subterm (key_shared_subterms) as its own key's number and the numbers its In and Acc
  /// leaves get here, in the order of its key.
  uint32_t serialize(uint32_t t) {
    if (stamp_[t] == epoch_) return local_[t];
    auto put = [this](uint32_t v) { key_.append(reinterpret_cast<const char*>(&v), sizeof v); };
    if (shared_[t] && t != shared_root_) {
      const SharedKey& s = shared_keys_.at(t);
      key_ += 'S';
      put(s.key);
      for (uint32_t l : s.leaves) put(number_leaf(l));
      stamp_[t] = epoch_;
      return local_[t] = next_local_++;
    }
    const Term& x = td_.at(t);
    if (x.konst) {
      key_ += 'K';
      put(t);
    } else if (x.op == TOp::Leaf) {
      const auto kind = static_cast<LeafKind>(x.fn);
      key_ += static_cast<char>('0' + x.fn);
      put(x.a);
      if (kind == LeafKind::Folded || kind == LeafKind::Scale) put(x.b);  // else renamed
      else if (leaves_) leaves_->push_back(t);
    } else {
      const uint32_t a = serialize(x.a);
      const uint32_t b = unary(x.op) ? 0 : serialize(x.b);
      const uint32_t c = x.op == TOp::Select ? serialize(x.c) : 0;
      key_ += static_cast<char>('a' + static_cast<int>(x.op));
      key_ += static_cast<char>(x.fn);
      put(a);
      put(b);
      put(c);
    }
    stamp_[t] = epoch_;
    return local_[t] = next_local_++;
  }

  /// The number of In or Acc leaf `l` in the key being built (a new one on its first
  /// appearance).
  uint32_t number_leaf(uint32_t l) {
    if (stamp_[l] == epoch_) return local_[l];
    if (leaves_) leaves_->push_back(l);
    stamp_[l] = epoch_;
    return local_[l] = next_local_++;
  }

  /// Keys, once, every subterm used more than once with at least kSharedSize term nodes
  /// (as a tree): a layer norm's row mean and variance, a softmax's sum, read by every
  /// element of their row. Without this each element's key walks them again (98 304 walks
  /// of 768-term sums for a layer norm at BERT-base's size). A shared subterm's key is the
  /// key of its own formula, renamed from 0, and the list of its In and Acc leaves in the
  /// order of their numbers there; an element's key names that key and says which of its
  /// own numbers the leaves get, so equal keys still mean one formula up to renaming.
  void key_shared_subterms() {
    const size_t n = td_.size();
    shared_.assign(n, false);
    // local_ as scratch: per term its uses (top 8 bits, saturating), then its size as a
    // tree with every shared subterm below it counted as one node (low 24 bits, capped):
    // a term whose size is mostly a shared subterm's (a layer norm's x - mean) is not
    // shared itself. Operands precede the terms that read them.
    constexpr uint32_t kSize = (1u << 24) - 1;
    auto operands = [this](uint32_t t) {
      const Term& x = td_.at(t);
      return std::array<uint32_t, 3>{x.a, unary(x.op) ? UINT32_MAX : x.b,
                                     x.op == TOp::Select ? x.c : UINT32_MAX};
    };
    auto inner = [this](size_t t) { return !td_.at(t).konst && td_.at(t).op != TOp::Leaf; };
    for (size_t t = 0; t < n; ++t)
      if (inner(t))
        for (uint32_t u : operands(static_cast<uint32_t>(t)))
          if (u != UINT32_MAX && (local_[u] >> 24) < 255) local_[u] += 1u << 24;
    for (size_t t = 0; t < n; ++t) {
      uint32_t size = 1;
      if (inner(t))
        for (uint32_t u : operands(static_cast<uint32_t>(t)))
          if (u != UINT32_MAX) size = std::min(kSize, size + (shared_[u] ? 1 : local_[u] & kSize));
      local_[t] = (local_[t] & ~kSize) | size;
      shared_[t] = inner(t) && (local_[t] >> 24) >= 2 && size >= kSharedSize;
    }
    // local_ holds scratch now; serialize reads an entry only once its stamp is this
    // epoch's, which sets it first.
    std::unordered_map<std::string, uint32_t> keys;
    for (size_t t = 0; t < n; ++t) {
      if (!shared_[t]) continue;
      SharedKey s;
      ++epoch_;
      next_local_ = 0;
      key_.clear();
      leaves_ = &s.leaves;
      shared_root_ = static_cast<uint32_t>(t);
      serialize(static_cast<uint32_t>(t));
      s.key = keys.try_emplace(key_, static_cast<uint32_t>(keys.size())).first->second;
      shared_keys_.emplace(static_cast<uint32_t>(t), std::move(s));
    }
    leaves_ = nullptr;
    shared_root_ = UINT32_MAX;
  }

  /// Collects the constant subterms of `t` (into `out`) or its Folded / Scale leaves.
  void collect(uint32_t t, bool unknowns, std::vector<uint32_t>& out,
               std::unordered_set<uint32_t>& seen) {
    if (!seen.insert(t).second) return;
    const Term& x = td_.at(t);
    if (x.op == TOp::Leaf) {
      if (unknowns && (x.fn == uint8_t(LeafKind::Folded) || x.fn == uint8_t(LeafKind::Scale)))
        out.push_back(t);
      return;
    }
    if (!unknowns && x.konst) out.push_back(t);
    if (x.op == TOp::Lit) return;
    collect(x.a, unknowns, out, seen);
    if (!unary(x.op)) collect(x.b, unknowns, out, seen);
    if (x.op == TOp::Select) collect(x.c, unknowns, out, seen);
  }

  Expr encode(uint32_t t) { return int_ ? encode_in(sh_.bv, t) : encode_in(sh_.rd, t); }

  /// Term `t` in domain `d`: the reals (with the bounds of roots and inverses), or 64-bit
  /// bitvectors for an integer region, where an In leaf lies in its type's range (a
  /// hypothesis, as the rules' certificates assume of the source's values) and a compiled
  /// constant stands for its stored value.
  template <class D>
  Expr encode_in(D& d, uint32_t t) {
    if (auto it = memo_.find(t); it != memo_.end()) return it->second;
    constexpr bool real = std::is_same_v<D, smt::RealDomain>;
    const Term x = td_.at(t);
    Expr r;
    switch (x.op) {
      case TOp::Lit: r = d.lit(td_.value(t)); break;
      case TOp::Leaf: {
        const auto kind = static_cast<LeafKind>(x.fn);
        if (kind == LeafKind::In) {
          r = sh_.ctx.var(fmt::format("r{}.{}[{}]", k_ + 1, in_names_[x.a], x.b), d.value_sort());
          if constexpr (!real) {  // (int64's range is the bitvectors': no hypothesis)
            if (dtype_size(in_types_[x.a]) < 8) {
              const IntRange range = in_range(x.a);
              range_hyps_.push_back(d.lit(double(range.lo)) <= r && r <= d.lit(double(range.hi)));
            }
          }
        } else if (kind == LeafKind::Acc) {
          r = sh_.ctx.var(fmt::format("r{}.acc{}[{}]", k_ + 1, x.a, x.b), d.value_sort());
        } else if constexpr (real) {
          r = exact_of(t);
        } else {
          r = d.lit(td_.value(t));
        }
        break;
      }
      case TOp::Add: r = d.add(encode_in(d, x.a), encode_in(d, x.b)); break;
      case TOp::Sub: r = d.sub(encode_in(d, x.a), encode_in(d, x.b)); break;
      case TOp::Mul: r = d.mul(encode_in(d, x.a), encode_in(d, x.b)); break;
      case TOp::Div: {
        const Expr b = encode_in(d, x.b);
        r = d.div(encode_in(d, x.a), b);
        if constexpr (real) inverse_bounds(b);
        break;
      }
      case TOp::Neg: r = d.neg(encode_in(d, x.a)); break;
      case TOp::Sqrt: {
        const Expr v = encode_in(d, x.a);
        r = d.sqrt(v);
        if constexpr (real) root_bounds(r, v, x.a);
        break;
      }
      case TOp::Exp: r = d.exp(encode_in(d, x.a)); break;
      case TOp::Fn: r = d.fn(static_cast<sem::Fn>(x.fn), encode_in(d, x.a)); break;
      case TOp::Lt: r = d.lt(encode_in(d, x.a), encode_in(d, x.b)); break;
      case TOp::Le: r = d.le(encode_in(d, x.a), encode_in(d, x.b)); break;
      case TOp::Select:
        r = d.select(encode_in(d, x.a), encode_in(d, x.b), encode_in(d, x.c));
        break;
    }
    memo_.emplace(t, r);
    return r;
  }

  // ---- rational bounds of roots and inverses (docs/independent.md, "Bounds") ----

  /// For the root r of a constant v > 0: numerals a <= sqrt(v) <= b, the premises
  /// 0 <= a, a^2 <= v <= b^2, 0 <= b (checked on their own) and the hypothesis
  /// a <= r <= b that lemma kRootLemma draws from them.
  void root_bounds(Expr r, Expr v, uint32_t arg) {
    const double value = td_.value(arg);
    if (!td_.at(arg).konst || !(value > 0) || !std::isfinite(value) || bounds_.count(r.id()))
      return;
    const double m = std::sqrt(value);
    const double lo = m * (1 - 0x1p-30), hi = m * (1 + 0x1p-30);
    const Expr a = sh_.ctx.real_val(lo), b = sh_.ctx.real_val(hi), zero = sh_.ctx.real_val(0.0);
    premises_.push_back(
        {"root bounds", zero <= a && a * a <= v && v <= b * b && zero <= b, {}, {}});
    bound_hyps_.push_back(a <= r && r <= b);
    bounds_.emplace(r.id(), std::pair{lo, hi});
  }

  /// For a divisor y with bounds 0 < a <= y <= b: the hypothesis b i >= 1, a i <= 1 of its
  /// inverse i (kInverseLemma).
  void inverse_bounds(Expr y) {
    auto it = bounds_.find(y.id());
    if (it == bounds_.end() || !(it->second.first > 0) || inverses_.count(y.id())) return;
    const Expr one = sh_.ctx.real_val(1.0);
    const Expr i = sh_.rd.div(one, y);  // the same inverse symbol (one per divisor term)
    const Expr a = sh_.ctx.real_val(it->second.first), b = sh_.ctx.real_val(it->second.second);
    premises_.push_back({"inverse bounds", sh_.ctx.real_val(0.0) < a, {}, {}});
    bound_hyps_.push_back(b * i >= one && a * i <= one);
    inverses_.insert(y.id());
  }

  /// The exact value a Folded or Scale leaf stands for (chosen before encoding).
  Expr exact_of(uint32_t t) {
    if (auto it = chosen_.find(t); it != chosen_.end()) return encode(it->second);
    // No candidate: the value an earlier region gave it, else the stored value exactly.
    const Term& x = td_.at(t);
    return sh_.exact.try_emplace(std::pair{x.a, x.b}, sh_.rd.lit(td_.value(t))).first->second;
  }

  /// Chooses the exact value of each unknown leaf of class representative (o, c): the
  /// model's constant subterm or affine coefficient nearest its stored value.
  std::string choose(uint32_t o, uint32_t c) {
    std::vector<uint32_t> unknowns, subterms;
    std::unordered_set<uint32_t> seen;
    collect(c, true, unknowns, seen);
    if (unknowns.empty()) return "";
    seen.clear();
    collect(o, false, subterms, seen);
    const std::vector<uint32_t> roots = affine_roots(td_, o);
    std::vector<uint32_t> zeros, slopes;
    for (uint32_t p : roots) {
      zeros.push_back(td_.at_acc(p, 0));
      slopes.push_back(td_.sub(td_.at_acc(p, 1), zeros.back()));
    }
    const auto factors = scale_factors(td_, o);
    for (uint32_t u : unknowns) {
      const Term x = td_.at(u);
      const bool scale = x.fn == uint8_t(LeafKind::Scale);
      if (chosen_.count(u)) continue;
      double want = td_.value(u);
      if (scale) {
        const auto& lo = pairs_[x.a].lo[x.b];
        want = double(lo.first) / double(lo.second);
      }
      // A constant subterm of the model's formula (or one times or over a factor of it)
      // that is the stored value up to rounding first, the nearest; else the candidate
      // nearest the stored value, those or an affine coefficient.
      uint32_t best = UINT32_MAX;
      for (const double tolerance : {0x1p-18, 1e-2}) {  // hints; the solver checks the claim
        double best_d = tolerance;
        std::vector<uint32_t> cands = subterms;
        if (tolerance > 0x1p-18)
          for (uint32_t p : scale ? slopes : zeros) cands.push_back(p);
        auto consider = [&](double v) {
          const double dist = want == v ? 0 : std::abs(v - want) / std::abs(want);
          if (!(dist < best_d)) return false;
          best_d = dist;
          return true;
        };
        for (uint32_t cand : cands) {
          const Term& y = td_.at(cand);
          if (y.konst && std::isfinite(td_.value(cand)) && consider(td_.value(cand))) best = cand;
        }
        // A subterm times or over a factor of the formula (a weight that a division of
        // the result was folded into: attention's 1/sqrt(d) in the query's weights); for
        // a weight scale, 1 times or over a factor.
        std::optional<std::pair<uint32_t, std::pair<uint32_t, bool>>> product;
        for (uint32_t cand : scale ? std::vector<uint32_t>{td_.lit(1)} : subterms)
          for (const auto& [f, div] : factors) {
            const double a = td_.value(cand), b = td_.value(f);
            if (std::isfinite(a) && consider(div ? a / b : a * b))
              product = {cand, {f, div}}, best = UINT32_MAX - 1;
          }
        if (best == UINT32_MAX - 1)
          best = product->second.second ? td_.div(product->first, product->second.first)
                                        : td_.mul(product->first, product->second.first);
        if (best != UINT32_MAX) break;
      }
      if (best == UINT32_MAX) {
        if (scale)
          return fmt::format(
              "no value of the model's constants is the ratio {:.9g} of the weights of '{}' to the "
              "model's (channel {})",
              want, cg().node(pairs_[x.a].comp).name, x.b);
        continue;  // taken exactly as stored
      }
      chosen_.emplace(u, best);
      (scale ? scales_ : folded_).push_back(u);
      groups_.back().push_back(u);
    }
    return "";
  }

  /// Encodes the chosen exact values (their definedness is then the compiled side's to
  /// prove); a folded element must stand for the same exact value in every region.
  std::string encode_chosen() {
    for (uint32_t u : folded_) {
      const Term& x = td_.at(u);
      const Expr e = encode(chosen_.at(u));
      auto [it, fresh] = sh_.exact.emplace(std::pair{x.a, x.b}, e);
      if (!fresh && !smt::identical(it->second, e))
        return fmt::format(
            "folded '{}' element {} stands for another exact value in an earlier region",
            cg().nodes()[x.a].name, x.b);
    }
    for (uint32_t u : scales_) encode(chosen_.at(u));
    return "";
  }

  /// |stored - exact| <= kFoldedRelative * magnitude(exact) (term.h).
  Expr near_claim(Expr stored, uint32_t exact) {
    const Expr d = stored - encode(exact);
    const Expr abs_d = smt::ite(d >= sh_.ctx.real_val(0.0), d, -d);
    return abs_d <= sh_.ctx.real_val(kFoldedRelative) * encode(td_.magnitude(exact));
  }

  /// A class's representative: output `out` of the region, element `e`.
  struct Rep {
    size_t out;
    int64_t e;
    uint32_t o, c;  // the model's and the compiled term
  };

  bool prove(const std::vector<std::vector<uint32_t>>& vo,
             const std::vector<std::vector<uint32_t>>& vc, std::string& detail, CheckReport& rep) {
    stamp_.assign(td_.size(), 0);
    local_.assign(td_.size(), 0);
    key_shared_subterms();
    std::unordered_map<std::string, size_t> classes;
    std::vector<Rep> reps;
    int64_t elements = 0;
    const auto& outs = t_.outputs[static_cast<size_t>(k_)];
    for (size_t j = 0; j < outs.size(); ++j) {
      const auto& O = vo[og().find(outs[j]).index];
      const auto& C = vc[cg().find(outs[j]).index];
      for (size_t e = 0; e < O.size(); ++e) {
        ++epoch_;
        next_local_ = 0;
        key_.assign(reinterpret_cast<const char*>(&j), sizeof j);
        serialize(O[e]);
        key_ += '=';
        serialize(C[e]);
        if (classes.emplace(key_, reps.size()).second) reps.push_back({j, int64_t(e), O[e], C[e]});
      }
      elements += static_cast<int64_t>(O.size());
    }
    const size_t terms = td_.size();
    if (int_) return prove_int(reps, elements, terms, detail, rep);
    for (const Rep& r : reps) {
      groups_.emplace_back();
      if (auto m = choose(r.o, r.c); !m.empty()) return detail = m, false;
    }
    (void)sh_.rd.take_conditions();  // nothing is encoded yet: empty
    smt::SymTensor lhs{{int64_t(reps.size())}, {}}, rhs{{int64_t(reps.size())}, {}};
    for (const Rep& r : reps) lhs.elems.push_back(encode(r.o));
    const smt::Conditions co = sh_.rd.take_conditions();
    if (auto m = encode_chosen(); !m.empty()) return detail = m, false;
    // The folded constants' claims are encoded with the compiled side: their terms' side
    // conditions (roots, inverses) are hypotheses, their definedness is to be proved.
    std::vector<smt::Claim> extra;
    auto ratio = [&](std::pair<float, float> r) {
      return sh_.ctx.real_val(double(r.first)) / sh_.ctx.real_val(double(r.second));
    };
    // One claim per class: the exact values its elements introduced (one channel's bias and
    // weight scale share their roots; one solver call each).
    for (const auto& group : groups_) {
      if (group.empty()) continue;
      smt::Claim c{"", sh_.ctx.bool_val(true), {}, {}};
      for (uint32_t u : group) {
        const Term& x = td_.at(u);
        if (x.fn == uint8_t(LeafKind::Folded)) {
          c.what += fmt::format(
              "{}folded '{}' element {} = {:.9g} within 2^-20 of the magnitude of its exact value",
              c.what.empty() ? "" : "; ", cg().nodes()[x.a].name, x.b, td_.value(u));
          c.holds = c.holds && near_claim(sh_.ctx.real_val(td_.value(u)), chosen_.at(u));
          continue;
        }
        const Pair& p = pairs_[x.a];
        c.what += fmt::format(
            "{}weights '{}' of '{}', output channel {}: every element within 2^-20 of the model's "
            "weights '{}' times one exact scale",
            c.what.empty() ? "" : "; ", cg().node(cg().node(p.comp).inputs[1]).name,
            cg().node(p.comp).name, x.b, og().node(og().node(p.orig).inputs[1]).name);
        c.holds = c.holds && near_claim(ratio(p.lo[x.b]), chosen_.at(u)) &&
                  near_claim(ratio(p.hi[x.b]), chosen_.at(u));
      }
      extra.push_back(std::move(c));
    }
    for (const Rep& r : reps) rhs.elems.push_back(encode(r.c));
    const smt::Conditions cc = sh_.rd.take_conditions();
    smt::Query q = smt::equivalence_query(std::span(&lhs, 1), std::span(&rhs, 1), {}, co, cc);
    name_claims(q, reps, cc.obligations.size());
    q.claims.insert(q.claims.end(), extra.begin(), extra.end());
    // First: the claims from the axioms and the bounds of roots and inverses, without the
    // roots' definitions (linear for a batch norm's folds: one call for all channels),
    // when the bounds' premises hold. Then, for what that did not prove, claim by claim
    // with the definitions.
    smt::SolverOptions fast;
    fast.timeout_ms = o_.timeout_ms;
    fast.probes = 0;
    smt::Query pq;
    pq.claims = premises_;
    if (!premises_.empty() && smt::is_proved(smt::Solver(sh_.ctx, fast).check(pq)))
      q.hypotheses.insert(q.hypotheses.end(), bound_hyps_.begin(), bound_hyps_.end());
    smt::Query linear = q;
    linear.definitions.clear();  // fewer hypotheses: a stronger statement
    if (smt::is_proved(smt::Solver(sh_.ctx, fast).check(linear)))
      return proved(elements, reps.size(), terms, detail, rep);
    smt::SolverOptions so = fast;
    // Claim by claim, each with the hypotheses it shares symbols with (one channel's roots
    // and inverses): a region's channels are independent questions.
    so.split_claims = true;
    // The folded constants' claims need the roots' definitions: no abstraction first.
    so.abstract_first = false;
    so.claim_cache = &sh_.claims;
    smt::Solver solver(sh_.ctx, so);
    const smt::Verdict v = solver.check(q);
    if (!smt::is_proved(v)) return detail = not_proved(v), false;
    return proved(elements, reps.size(), terms, detail, rep);
  }

  /// Names the class claims of `q` by their representatives (after the target's
  /// `obligations`, which equivalence_query puts first).
  void name_claims(smt::Query& q, const std::vector<Rep>& reps, size_t obligations) const {
    const auto& outs = t_.outputs[static_cast<size_t>(k_)];
    for (size_t i = 0; i < reps.size() && obligations + i < q.claims.size(); ++i)
      q.claims[obligations + i].what =
          fmt::format("'{}' element {}", outs[reps[i].out], reps[i].e);
  }

  /// A verdict that is not a proof, as the region's detail (at most 600 characters).
  static std::string not_proved(const smt::Verdict& v) {
    std::string d = smt::describe(v);
    return d.size() > 600 ? d.substr(0, 600) + "..." : d;
  }

  /// The values an In leaf of tensor `a` may take: its type's range (int64's is the
  /// bitvectors' own).
  IntRange in_range(uint32_t a) const {
    const DType t = in_types_[a];
    return dtype_size(t) < 8 ? int_range(t) : IntRange{INT64_MIN, INT64_MAX};
  }

  /// An integer region: each class's two terms equal as 64-bit integers (the interpreter's
  /// reading, sem::WrapIntDomain(64)) wherever the values it reads lie in their types'
  /// ranges, and the compiled side defined (no division by zero) where the model's is.
  bool prove_int(const std::vector<Rep>& reps, int64_t elements, size_t terms,
                 std::string& detail, CheckReport& rep) {
    if (auto m = int_counterexample(reps); !m.empty()) return detail = m, false;
    (void)sh_.bv.take_conditions();
    smt::SymTensor lhs{{int64_t(reps.size())}, {}}, rhs{{int64_t(reps.size())}, {}};
    for (const Rep& r : reps) lhs.elems.push_back(encode(r.o));
    const smt::Conditions co = sh_.bv.take_conditions();
    for (const Rep& r : reps) rhs.elems.push_back(encode(r.c));
    const smt::Conditions cc = sh_.bv.take_conditions();
    smt::Query q = smt::equivalence_query(std::span(&lhs, 1), std::span(&rhs, 1), {}, co, cc);
    q.hypotheses.insert(q.hypotheses.end(), range_hyps_.begin(), range_hyps_.end());
    name_claims(q, reps, cc.obligations.size());
    smt::SolverOptions so;
    so.timeout_ms = o_.timeout_ms;
    so.probes = 0;  // they would fix every variable of the shared context
    so.split_claims = true;
    so.claim_cache = &sh_.claims;
    const smt::Verdict v = smt::Solver(sh_.ctx, so).check(q);
    if (!smt::is_proved(v)) return detail = not_proved(v), false;
    rep.elements += elements;
    rep.classes += static_cast<int64_t>(reps.size());
    detail = fmt::format(
        "{} output elements in {} classes (one formula up to renaming each), over 64-bit "
        "integers; {} term nodes",
        elements, reps.size(), terms);
    return true;
  }

  /// Before the solver: every value the region reads set to one integer v (0, +-1,
  /// +-2^k, +-(2^k - 1), within its type's range), both sides evaluated as the interpreter
  /// computes (sem::WrapIntDomain(64)); a difference where the model's side is defined is a
  /// counterexample, found without a search through 64-bit divisions. Never a proof.
  std::string int_counterexample(const std::vector<Rep>& reps) {
    std::vector<int64_t> vs = {0, 1, -1};
    for (int k = 1; k < 63; ++k)
      for (int64_t v : {int64_t{1} << k, (int64_t{1} << k) - 1}) vs.push_back(v), vs.push_back(-v);
    std::vector<int64_t> val(td_.size());
    std::vector<uint32_t> at(td_.size(), 0);
    uint32_t stamp = 0;
    sem::WrapIntDomain d(64);
    std::function<int64_t(uint32_t, int64_t)> eval = [&](uint32_t t, int64_t v) -> int64_t {
      if (at[t] == stamp) return val[t];
      const Term& x = td_.at(t);
      int64_t r = 0;
      switch (x.op) {
        case TOp::Lit: r = d.lit(td_.value(t)); break;
        case TOp::Leaf:
          if (static_cast<LeafKind>(x.fn) == LeafKind::In) {
            r = std::clamp(v, in_range(x.a).lo, in_range(x.a).hi);
          } else {
            r = d.lit(td_.value(t));  // a compiled constant, as stored
          }
          break;
        case TOp::Add: r = d.add(eval(x.a, v), eval(x.b, v)); break;
        case TOp::Sub: r = d.sub(eval(x.a, v), eval(x.b, v)); break;
        case TOp::Mul: r = d.mul(eval(x.a, v), eval(x.b, v)); break;
        case TOp::Div: r = d.div(eval(x.a, v), eval(x.b, v)); break;
        case TOp::Neg: r = d.neg(eval(x.a, v)); break;
        case TOp::Lt: r = d.lt(eval(x.a, v), eval(x.b, v)); break;
        case TOp::Le: r = d.le(eval(x.a, v), eval(x.b, v)); break;
        case TOp::Select: r = eval(x.a, v) ? eval(x.b, v) : eval(x.c, v); break;
        default: d.undefined = true;  // sqrt, exp, fn: not integers
      }
      at[t] = stamp, val[t] = r;
      return r;
    };
    const auto& outs = t_.outputs[static_cast<size_t>(k_)];
    for (int64_t v : vs)
      for (const Rep& r : reps) {
        ++stamp;
        d.undefined = false;
        const int64_t a = eval(r.o, v);
        if (d.undefined) continue;  // the model's side undefined there: no claim
        const int64_t b = eval(r.c, v);
        if (d.undefined || a != b)
          return fmt::format("refuted: '{}' element {} (source {}, target {}) with every value "
                             "the region reads {} (or its type's end)",
                             outs[r.out], r.e, a, d.undefined ? "undefined" : fmt::format("{}", b),
                             v);
      }
    return "";
  }

  bool proved(int64_t elements, size_t classes, size_t terms, std::string& detail,
              CheckReport& rep) {
    rep.elements += elements;
    rep.classes += static_cast<int64_t>(classes);
    rep.folded += static_cast<int64_t>(folded_.size());
    detail = fmt::format(
        "{} output elements in {} classes (one formula up to renaming each), {} paired reductions "
        "({} scaled), {} folded elements and {} weight scales within 2^-20; {} term nodes",
        elements, classes, pairs_.size(),
        std::count_if(pairs_.begin(), pairs_.end(), [](const Pair& p) { return !p.exact; }),
        folded_.size(), scales_.size(), terms);
    return true;
  }

  const Tiling& t_;
  int k_;
  Shared& sh_;
  const CheckOptions& o_;
  TermDomain td_;
  std::vector<Pair> pairs_;
  std::unordered_map<size_t, size_t> pair_of_;  // node index * 2 + side -> pair
  std::map<size_t, std::vector<uint32_t>> acc_, scale_;
  std::unordered_map<std::string, std::vector<uint32_t>> in_;
  std::vector<std::string> in_names_;
  std::vector<DType> in_types_;  // per In tensor
  bool int_ = false;             // an integer region (value_types)
  std::vector<Expr> range_hyps_;  // its In leaves within their types' ranges
  std::unordered_map<uint32_t, uint32_t> chosen_;  // unknown leaf -> its exact value's term
  std::vector<uint32_t> folded_, scales_;
  std::vector<std::vector<uint32_t>> groups_;  // per class: the unknowns it chose
  std::unordered_map<uint32_t, Expr> memo_;
  std::vector<smt::Claim> premises_;
  std::vector<Expr> bound_hyps_;
  std::unordered_map<uint32_t, std::pair<double, double>> bounds_;  // root id -> [lo, hi]
  std::set<uint32_t> inverses_;
  std::string key_;
  std::vector<uint32_t> stamp_, local_;
  uint32_t epoch_ = 0, next_local_ = 0;
  // Shared subterms (key_shared_subterms): which terms, their keys' numbers and leaves.
  struct SharedKey {
    uint32_t key = 0;
    std::vector<uint32_t> leaves;
  };
  std::vector<bool> shared_;
  std::unordered_map<uint32_t, SharedKey> shared_keys_;
  uint32_t shared_root_ = UINT32_MAX;     // the shared subterm being keyed, not read as one
  std::vector<uint32_t>* leaves_ = nullptr;  // its leaves, in order of first appearance
};

/// The two lemmas behind the bounds of roots and inverses (root_bounds, inverse_bounds),
/// proved once per run over free reals: the hypotheses a region query draws from them are
/// their instances, with premises that are facts about numerals checked on their own.
std::string prove_bound_lemmas(Shared& sh) {
  smt::Context& c = sh.ctx;
  const smt::Sort real = smt::Sort::real();
  const Expr r = c.var("lemma.r", real), v = c.var("lemma.v", real), a = c.var("lemma.a", real),
             b = c.var("lemma.b", real), i = c.var("lemma.i", real);
  const Expr zero = c.real_val(0.0), one = c.real_val(1.0);
  smt::SolverOptions so;
  so.timeout_ms = 10'000, so.probes = 0;
  smt::Solver solver(c, so);
  // kRootLemma: r the root of v (the real domain's axiom and definition) and a, b >= 0
  // with a^2 <= v <= b^2 put r in [a, b].
  const Expr root[] = {implies(v >= zero, r >= zero),
                       implies(v >= zero, eq(r * r, v)),
                       zero <= a,
                       a * a <= v,
                       v <= b * b,
                       zero <= b};
  if (!smt::is_proved(solver.check_valid(a <= r && r <= b, root)))
    return "the root bound lemma is not proved";
  // kInverseLemma: i the inverse of y = r in [a, b], a > 0 (the axioms and definition of
  // the real domain's inverse) has b i >= 1 and a i <= 1.
  const Expr inverse[] = {implies(r > zero, i > zero), implies(smt::ne(r, zero), eq(r * i, one)),
                          zero < a, a <= r, r <= b};
  if (!smt::is_proved(solver.check_valid(b * i >= one && a * i <= one, inverse)))
    return "the inverse bound lemma is not proved";
  return "";
}

}  // namespace

CheckReport check_translation(const Graph& original, const Graph& compiled,
                              std::span<const Region> regions, const CheckOptions& o) {
  CheckReport rep;
  auto tiling = check_tiling(original, compiled, regions);
  if (!tiling) {
    rep.failure = "regions: " + tiling.error().message;
    return rep;
  }
  Shared sh;
  if (auto m = prove_bound_lemmas(sh); !m.empty()) {
    rep.failure = m;
    return rep;
  }
  // A compiled constant is folded unless the model has a constant with the same data.
  auto bytes = [](const Node& n) {
    return std::string_view(reinterpret_cast<const char*>(n.data->bytes().data()),
                            n.data->bytes().size());
  };
  std::unordered_set<std::string_view> model_data;
  for (const Node& n : original.nodes())
    if (n.op == OpKind::Constant) model_data.insert(bytes(n));
  sh.folded.assign(compiled.size(), false);
  for (size_t i = 0; i < compiled.size(); ++i)
    if (compiled.nodes()[i].op == OpKind::Constant)
      sh.folded[i] = !model_data.count(bytes(compiled.nodes()[i]));
  for (int k : tiling->order) {
    const auto t0 = std::chrono::steady_clock::now();
    RegionOutcome out;
    out.name = region_name(*tiling, regions, k);
    RegionProver p(*tiling, k, sh, o);
    out.ok = p.run(out.detail, rep);
    if (out.ok && out.detail.rfind("identical", 0) != 0) ++rep.proved;
    out.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (o.on_region) o.on_region(fmt::format("{}: {} ({:.0f} ms)", out.name, out.detail, out.ms));
    rep.regions.push_back(out);
    if (!out.ok) {
      rep.failure = fmt::format("{} is not proved: {}", out.name, out.detail);
      return rep;
    }
  }
  rep.ok = true;
  return rep;
}

}  // namespace vf::independent
