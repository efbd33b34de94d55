#include "smt/claim_cache.h"

#include <z3++.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "smt/query.h"
#include "smt/z3_access.h"

namespace vf::smt {
namespace {

/// A table from AST ids to numbers, cleared in O(1) by a generation count: the keys of
/// every claim of every instance are computed with it, and a hash map per claim cost more
/// than the solver.
class IdTable {
 public:
  /// Forgets every entry.
  void clear() {
    if (++gen_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0), gen_ = 1;
  }
  /// The entry of `id`, or nullptr.
  const uint32_t* find(unsigned id) const {
    return id < stamp_.size() && stamp_[id] == gen_ ? &value_[id] : nullptr;
  }
  /// Sets the entry of `id`; false when it was there already.
  bool insert(unsigned id, uint32_t v) {
    if (id >= stamp_.size()) stamp_.resize(id + id / 2 + 1024, 0), value_.resize(stamp_.size());
    if (stamp_[id] == gen_) return false;
    stamp_[id] = gen_;
    value_[id] = v;
    return true;
  }

 private:
  std::vector<uint32_t> stamp_, value_;
  uint32_t gen_ = 1;
};

/// The uninterpreted constants (named variables and fresh symbols) of `e`, by AST id,
/// appended to `out` once each.
void symbols_of(Z3_context c, Z3_ast e, IdTable& seen, std::vector<unsigned>& out) {
  std::vector<Z3_ast> todo = {e};
  while (!todo.empty()) {
    Z3_ast x = todo.back();
    todo.pop_back();
    if (!seen.insert(Z3_get_ast_id(c, x), 1)) continue;
    if (Z3_get_ast_kind(c, x) != Z3_APP_AST) continue;
    const Z3_app a = Z3_to_app(c, x);
    const unsigned n = Z3_get_app_num_args(c, a);
    if (n == 0) {
      if (Z3_get_decl_kind(c, Z3_get_app_decl(c, a)) == Z3_OP_UNINTERPRETED)
        out.push_back(Z3_get_ast_id(c, x));
      continue;
    }
    for (unsigned k = 0; k < n; ++k) todo.push_back(Z3_get_app_arg(c, a, k));
  }
}

/// Top-level conjuncts of `e` (nested `and`s flattened).
void conjuncts(const z3::expr& e, std::vector<z3::expr>& out) {
  if (e.is_app() && e.decl().decl_kind() == Z3_OP_AND) {
    for (unsigned k = 0; k < e.num_args(); ++k) conjuncts(e.arg(k), out);
    return;
  }
  out.push_back(e);
}

/// Writes terms as a canonical sequence of numbers: every distinct subterm once, numbered
/// in post-order; a symbol is numbered (with its sort) in order of first occurrence, any
/// other function symbol and every numeral by its Z3 id (terms are hash-consed, so within
/// one Context equal ids are equal symbols and equal numerals). Two sequences are equal iff
/// the terms are equal up to a renaming of symbols. Walks the C API directly: the key is
/// computed for every claim of every instance.
class Canonical {
 public:
  /// `num` is cleared and used as the subterm numbering.
  Canonical(Z3_context c, IdTable& num) : c_(c), num_(num) { num_.clear(); }

  /// Appends `e` and returns its number.
  uint32_t add(Z3_ast e) {
    const unsigned id = Z3_get_ast_id(c_, e);
    if (const uint32_t* k = num_.find(id)) return *k;
    const Z3_ast_kind kind = Z3_get_ast_kind(c_, e);
    if (kind == Z3_NUMERAL_AST) {
      emit(kNumeral, id);
    } else if (kind == Z3_APP_AST) {
      const Z3_app a = Z3_to_app(c_, e);
      const Z3_func_decl d = Z3_get_app_decl(c_, a);
      const unsigned n = Z3_get_app_num_args(c_, a);
      if (n == 0 && Z3_get_decl_kind(c_, d) == Z3_OP_UNINTERPRETED) {
        emit(kSymbol, symbols_++);
        key_.push_back(Z3_get_sort_id(c_, Z3_get_sort(c_, e)));
      } else {
        // The arguments' numbers wait on a stack while their own subterms are written.
        for (unsigned k = 0; k < n; ++k) {
          const uint32_t x = add(Z3_get_app_arg(c_, a, k));
          stack_.push_back(x);
        }
        emit(kApp, Z3_get_func_decl_id(c_, d));
        key_.push_back(n);
        key_.insert(key_.end(), stack_.end() - n, stack_.end());
        stack_.resize(stack_.size() - n);
      }
    } else {
      emit(kOther, id);  // quantifiers and variables: not produced by the domains
    }
    const uint32_t k = count_++;
    num_.insert(id, k);
    return k;
  }
  /// Marks the end of one formula (the claim, then each hypothesis).
  void separator(uint32_t kind) { emit(kEnd, kind); }
  std::vector<uint32_t> take() { return std::move(key_); }

 private:
  enum : uint32_t { kNumeral = 0xfff0, kSymbol, kApp, kOther, kEnd };
  void emit(uint32_t tag, uint32_t v) {
    key_.push_back(tag);
    key_.push_back(v);
  }

  Z3_context c_;
  IdTable& num_;
  uint32_t count_ = 0;
  uint32_t symbols_ = 0;
  std::vector<uint32_t> key_, stack_;
};

}  // namespace

struct QuerySlicer::Impl {
  Context* ctx = nullptr;
  z3::context* c = nullptr;
  const Query* q = nullptr;
  /// Conjuncts of the hypotheses, then of the definitions (from `first_definition` on).
  std::vector<z3::expr> parts;
  size_t first_definition = 0;
  std::vector<std::vector<unsigned>> part_symbols;
  std::unordered_map<unsigned, std::vector<size_t>> parts_of_symbol;
  /// The named variables (Context::variables()) by AST id; other symbols are fresh.
  std::unordered_map<unsigned, bool> named;
  /// Scratch tables of slice().
  IdTable seen, in_slice, numbering;
};

QuerySlicer::QuerySlicer(Context& ctx, const Query& q) : impl_(new Impl) {
  impl_->ctx = &ctx;
  impl_->c = &Access::z3_context(ctx);
  impl_->q = &q;
  for (Expr h : q.hypotheses) conjuncts(Access::z3_expr(h), impl_->parts);
  impl_->first_definition = impl_->parts.size();
  for (Expr v : ctx.variables()) impl_->named.emplace(Access::z3_expr(v).id(), true);
  for (Expr h : q.definitions) conjuncts(Access::z3_expr(h), impl_->parts);
  impl_->part_symbols.resize(impl_->parts.size());
  for (size_t p = 0; p < impl_->parts.size(); ++p) {
    impl_->seen.clear();
    symbols_of(*impl_->c, impl_->parts[p], impl_->seen, impl_->part_symbols[p]);
    for (unsigned s : impl_->part_symbols[p]) impl_->parts_of_symbol[s].push_back(p);
  }
}

QuerySlicer::~QuerySlicer() { delete impl_; }

ClaimSlice QuerySlicer::slice(size_t i) const {
  Impl& m = *impl_;
  const z3::expr claim = Access::z3_expr(m.q->claims[i].holds);
  // A hypothesis joins the slice when it constrains a fresh symbol the slice reads (the
  // definition of a square root or an inverse), or when every symbol it reads is in the
  // slice already (a precondition or an axiom about the claim's own inputs). Following
  // every shared variable instead would join all output elements of a convolution through
  // its weights, and make every slice the whole query.
  std::vector<unsigned> frontier;
  m.seen.clear();
  symbols_of(*m.c, claim, m.seen, frontier);
  m.in_slice.clear();
  for (unsigned s : frontier) m.in_slice.insert(s, 1);
  std::vector<bool> in(m.parts.size(), false);
  std::vector<size_t> covered(m.parts.size(), 0);
  auto include = [&](size_t p) {
    in[p] = true;
    for (unsigned t : m.part_symbols[p])
      if (m.in_slice.insert(t, 1)) frontier.push_back(t);
  };
  while (!frontier.empty()) {
    const unsigned s = frontier.back();
    frontier.pop_back();
    auto it = m.parts_of_symbol.find(s);
    if (it == m.parts_of_symbol.end()) continue;
    const bool fresh = !m.named.count(s);
    for (size_t p : it->second) {
      if (in[p]) continue;
      if (fresh || ++covered[p] == m.part_symbols[p].size()) include(p);
    }
  }
  ClaimSlice out;
  Canonical canon(*m.c, m.numbering);
  canon.add(claim);
  canon.separator(0);
  for (size_t p = 0; p < m.parts.size(); ++p) {
    if (!in[p]) continue;
    canon.add(m.parts[p]);
    const bool def = p >= m.first_definition;
    canon.separator(def ? 2 : 1);
    (def ? out.definitions : out.hypotheses).push_back(Access::wrap(*m.ctx, m.parts[p]));
  }
  const std::vector<uint32_t> key = canon.take();
  out.key.assign(reinterpret_cast<const char*>(key.data()), key.size() * sizeof(uint32_t));
  return out;
}

}  // namespace vf::smt
