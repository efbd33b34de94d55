#include "smt/solver.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_set>
#include <utility>

#include "smt/z3_access.h"

namespace vf::smt {
namespace {

/// While a query with a CancelFn runs (the outermost Solver::check of this thread): a
/// thread that polls the CancelFn every 10 ms and, once it asks to stop, interrupts the
/// context's Z3 check when one is running (Running), at every tick: an interrupt before
/// the check starts is dropped by it, and check_once polls too. Only during a check: an
/// interrupt while Z3 is idle stays set and makes its next simplification throw
/// "canceled" until a check clears it, which ~Running does with an empty check whenever
/// the watcher fired (it may have fired just after the check returned).
class Interrupter {
 public:
  Interrupter(z3::context& c, const CancelFn& cancelled) : c_(c) {
    if (!cancelled || current_) return;
    current_ = this;
    thread_ = std::thread([this, cancelled] {
      std::unique_lock lock(m_);
      while (!cv_.wait_for(lock, std::chrono::milliseconds(10), [this] { return done_; }))
        if (running_ && cancelled()) {
          c_.interrupt();
          fired_ = true;
        }
    });
  }
  ~Interrupter() {
    if (current_ != this) return;
    {
      std::lock_guard lock(m_);
      done_ = true;
    }
    cv_.notify_one();
    thread_.join();
    current_ = nullptr;
  }
  Interrupter(const Interrupter&) = delete;
  Interrupter& operator=(const Interrupter&) = delete;

  /// A Z3 check of this thread under way, for the watcher of its outermost query.
  class Running {
   public:
    Running() : i_(current_) { set(true); }
    ~Running() {
      if (!set(false)) return;
      try {
        z3::solver(i_->c_).check();  // clears an interrupt left set
      } catch (const z3::exception&) {  // the next call fails closed (Unknown) then
      }
    }
    Running(const Running&) = delete;
    Running& operator=(const Running&) = delete;

   private:
    /// Sets running_; returns whether the watcher has fired.
    bool set(bool on) {
      if (!i_) return false;
      std::lock_guard lock(i_->m_);
      i_->running_ = on;
      return std::exchange(i_->fired_, false) && !on;
    }
    Interrupter* i_;
  };

 private:
  static thread_local Interrupter* current_;  // this thread's watched outermost query
  z3::context& c_;
  bool done_ = false, running_ = false, fired_ = false;
  std::mutex m_;
  std::condition_variable cv_;
  std::thread thread_;
};
thread_local Interrupter* Interrupter::current_ = nullptr;

std::string decimal_to_string(z3::context& c, Z3_ast numeral) {
  std::string s = Z3_get_numeral_decimal_string(c, numeral, 20);
  if (!s.empty() && s.back() == '?') s.pop_back();  // Z3 marks a truncated expansion
  return s;
}

/// The value of term `t` in model `m` (completed: unconstrained terms get a value).
ModelValue value_of(z3::context& c, const z3::model& m, Expr t) {
  const Sort sort = t.sort();
  const z3::expr term = Access::z3_expr(t);
  const z3::expr v = m.eval(term, true);
  ModelValue out{sort, v.to_string(), std::nan("")};
  switch (sort.kind) {
    case SortKind::Bool: out.approx = v.is_true() ? 1 : 0; break;
    case SortKind::Real:
      if (v.is_algebraic()) {  // irrational, e.g. a square root: exact is Z3's root-obj
        const z3::expr lower = z3::to_expr(c, Z3_get_algebraic_number_lower(c, v, 20));
        out.approx = std::strtod(decimal_to_string(c, lower).c_str(), nullptr);
      } else if (v.is_numeral()) {
        out.exact = Z3_get_numeral_string(c, v);
        out.approx = std::strtod(decimal_to_string(c, v).c_str(), nullptr);
      }
      break;
    case SortKind::BitVec: {
      uint64_t u = 0;
      if (v.is_numeral() && Z3_get_numeral_uint64(c, v, &u)) {
        int64_t s = static_cast<int64_t>(u);
        if (sort.width < 64 && (u >> (sort.width - 1)) & 1)
          s = static_cast<int64_t>(u) - (int64_t{1} << sort.width);
        out.exact = std::to_string(s);
        out.approx = static_cast<double>(s);
      }
      break;
    }
    case SortKind::Float32: {
      uint64_t bits = 0;
      if (Z3_fpa_is_numeral_nan(c, v)) {
        bits = 0x7fc00000u;  // SMT-LIB has one NaN; show the quiet one
      } else {
        const z3::expr b = m.eval(z3::to_expr(c, Z3_mk_fpa_to_ieee_bv(c, term)), true);
        if (!b.is_numeral() || !Z3_get_numeral_uint64(c, b, &bits)) break;
      }
      const uint32_t b32 = static_cast<uint32_t>(bits);
      float f;
      std::memcpy(&f, &b32, sizeof f);
      char hex[16];
      std::snprintf(hex, sizeof hex, "#x%08x", b32);
      out.exact = hex;
      out.approx = f;
      break;
    }
  }
  return out;
}

/// The conjunction of `es` without a one-argument `and` (not SMT-LIB), true when empty.
z3::expr conjunction(z3::context& c, const z3::expr_vector& es) {
  if (es.empty()) return c.bool_val(true);
  return es.size() == 1 ? es[0] : z3::mk_and(es);
}

/// The uninterpreted constants (by AST id) that occur in `es`.
std::unordered_set<unsigned> constants_in(const z3::expr_vector& es) {
  std::unordered_set<unsigned> seen, out;
  std::vector<z3::expr> todo;
  for (unsigned i = 0; i < es.size(); ++i) todo.push_back(es[i]);
  while (!todo.empty()) {
    z3::expr e = todo.back();
    todo.pop_back();
    if (!seen.insert(e.id()).second) continue;
    if (e.is_const() && !e.is_numeral() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED)
      out.insert(e.id());
    if (e.is_app())
      for (unsigned k = 0; k < e.num_args(); ++k) todo.push_back(e.arg(k));
  }
  return out;
}

/// The query with every product of two non-constant bitvector terms, and every division or
/// remainder of a non-constant one, replaced by a fresh variable (one per distinct term):
/// an over-approximation — every model of the query gives one of the abstraction — so that
/// a proof of it proves the query, without bit-blasting a 64-bit multiplier or divider.
/// Two sides that compute the same product and rounding (a rewrite that keeps
/// requantize's round_shift(acc * m)) are then compared on the rest; a claim that needs
/// what a division is falls through to the full query. The claims keep their
/// names; nullopt when the query has no such product.
std::optional<Query> abstract_bv_products(Context& ctx, const Query& q) {
  z3::context& c = Access::z3_context(ctx);
  z3::expr_vector from(c), to(c);
  std::unordered_set<unsigned> visited;
  std::vector<z3::expr> todo;
  for (Expr h : q.hypotheses) todo.push_back(Access::z3_expr(h));
  for (Expr h : q.definitions) todo.push_back(Access::z3_expr(h));
  for (const Claim& cl : q.claims) todo.push_back(Access::z3_expr(cl.holds));
  while (!todo.empty()) {
    const z3::expr e = todo.back();
    todo.pop_back();
    if (!visited.insert(e.id()).second || !e.is_app()) continue;
    const Z3_decl_kind kind = e.decl().decl_kind();
    unsigned symbolic = 0;
    for (unsigned k = 0; k < e.num_args(); ++k) symbolic += !e.arg(k).is_numeral();
    const bool division = kind == Z3_OP_BSDIV || kind == Z3_OP_BUDIV || kind == Z3_OP_BSREM ||
                          kind == Z3_OP_BUREM || kind == Z3_OP_BSMOD || kind == Z3_OP_BSDIV_I ||
                          kind == Z3_OP_BUDIV_I || kind == Z3_OP_BSREM_I || kind == Z3_OP_BUREM_I ||
                          kind == Z3_OP_BSMOD_I;
    {
      // A product by a constant other than 0, +-1 or a power of two is a multiplier circuit
      // too; by a power of two it is a shift, which the rounding's remainder reads.
      bool by_shift = false;
      if (kind == Z3_OP_BMUL && symbolic == 1)
        for (unsigned k = 0; k < e.num_args(); ++k)
          if (e.arg(k).is_numeral()) {  // 0, a power of two, or -1 (all ones)
            const z3::expr a = e.arg(k);
            const std::string bits = Z3_get_numeral_binary_string(a.ctx(), a);
            const auto ones = std::count(bits.begin(), bits.end(), '1');
            by_shift = ones <= 1 || ones == static_cast<long>(a.get_sort().bv_size());
          }
      if ((kind == Z3_OP_BMUL && (symbolic >= 2 || (symbolic == 1 && !by_shift))) ||
          (division && symbolic >= 1)) {
        from.push_back(e);
        to.push_back(
            Access::z3_expr(ctx.fresh("vf_product", Sort::bitvec(e.get_sort().bv_size()))));
        continue;
      }
    }
    for (unsigned k = 0; k < e.num_args(); ++k) todo.push_back(e.arg(k));
  }
  if (from.empty()) return std::nullopt;
  auto abstracted = [&](Expr e) {
    z3::expr x = Access::z3_expr(e);
    return Access::wrap(ctx, x.substitute(from, to));
  };
  Query a;
  for (Expr h : q.hypotheses) a.hypotheses.push_back(abstracted(h));
  for (Expr h : q.definitions) a.definitions.push_back(abstracted(h));
  for (const Claim& cl : q.claims) a.claims.push_back({cl.what, abstracted(cl.holds), {}, {}});
  return a;
}

/// One Z3 call: hypotheses (and definitions when `exact`), the `extra` constraints,
/// and not(claims[i] for i in idx).
/// A Z3 solver with the options' limits holding the query's hypotheses (and definitions
/// when `exact`) and the `extra` constraints.
z3::solver solver_with_hypotheses(Context& ctx, const SolverOptions& opts, const Query& q,
                                  bool exact, const z3::expr_vector& extra) {
  z3::context& c = Access::z3_context(ctx);
  z3::solver s(c);
  z3::params p(c);
  // Z3 would install its own SIGINT handler around each call, process-wide and swapped
  // without a lock by concurrent calls; cancelling is SolverOptions::cancelled's job.
  p.set("ctrl_c", false);
  if (opts.timeout_ms) p.set("timeout", opts.timeout_ms);
  if (opts.rlimit) p.set("rlimit", opts.rlimit);
  s.set(p);
  for (Expr h : q.hypotheses) s.add(Access::z3_expr(h));
  if (exact)
    for (Expr h : q.definitions) s.add(Access::z3_expr(h));
  for (unsigned i = 0; i < extra.size(); ++i) s.add(extra[i]);
  return s;
}

/// A Z3 exception as a verdict: "interrupted" when the caller asked to stop (the watcher
/// cancels an assertion's simplification by making it throw), else Z3's message.
Unknown z3_failure(const z3::exception& e, const CancelFn& cancelled) {
  if (cancel_requested(cancelled)) return Unknown{kInterrupted};
  return Unknown{std::string("z3 error: ") + e.msg()};
}

Verdict check_once(Context& ctx, const SolverOptions& opts, const Query& q, bool exact,
                   const z3::expr_vector& extra, const std::vector<size_t>& idx) {
  z3::context& c = Access::z3_context(ctx);
  if (cancel_requested(opts.cancelled)) return Unknown{kInterrupted};
  // Asserting simplifies (seconds on a large instance), so the watcher may interrupt
  // from the first assertion to the end of the check, not only during the check.
  std::optional<Interrupter::Running> running(std::in_place);
  z3::solver s = solver_with_hypotheses(ctx, opts, q, exact, extra);
  z3::expr_vector goals(c);
  for (size_t i : idx) goals.push_back(Access::z3_expr(q.claims[i].holds));
  s.add(!conjunction(c, goals));
  const z3::check_result res = s.check();
  running.reset();
  switch (res) {
    case z3::unsat: return Proved{};
    case z3::unknown:
      if (cancel_requested(opts.cancelled)) return Unknown{kInterrupted};
      return Unknown{"z3: " + s.reason_unknown()};
    case z3::sat: break;
  }
  const z3::model m = s.get_model();
  Refuted r;
  // The model of the variables this query mentions (a Context may hold many queries').
  const std::unordered_set<unsigned> mentioned = constants_in(s.assertions());
  for (Expr v : ctx.variables())
    if (mentioned.count(Access::z3_expr(v).id()))
      r.model.values.emplace_back(*ctx.symbol_name(v), value_of(c, m, v));
  // The claims checked here first (in split mode, the one that is known to be false).
  std::vector<size_t> order = idx;
  for (size_t i = 0; i < q.claims.size(); ++i)
    if (std::find(idx.begin(), idx.end(), i) == idx.end()) order.push_back(i);
  for (size_t i : order) {
    if (r.violations.size() >= opts.max_violations) break;
    const Claim& cl = q.claims[i];
    if (m.eval(Access::z3_expr(cl.holds), true).is_true()) continue;
    Violation x{cl.what, std::nullopt, std::nullopt};
    if (cl.lhs.valid() && cl.rhs.valid()) {
      x.lhs = value_of(c, m, cl.lhs);
      x.rhs = value_of(c, m, cl.rhs);
    }
    r.violations.push_back(std::move(x));
  }
  return r;
}

std::vector<size_t> all_claims(const Query& q) {
  std::vector<size_t> all;
  for (size_t i = 0; i < q.claims.size(); ++i) all.push_back(i);
  return all;
}

/// All claims at once, or each on its own (split): Proved when every call is, the first
/// counterexample found, else Unknown with the first reason.
Verdict check_claims(Context& ctx, const SolverOptions& opts, const Query& q, bool exact,
                     const z3::expr_vector& extra) {
  const std::vector<size_t> all = all_claims(q);
  if (!opts.split_claims || all.size() <= 1) return check_once(ctx, opts, q, exact, extra, all);
  std::vector<size_t> open = all;
  if (opts.incremental_claims) {
    std::optional<Interrupter::Running> running(std::in_place);  // as in check_once
    z3::solver s = solver_with_hypotheses(ctx, opts, q, exact, extra);
    open.clear();
    for (size_t i : all) {
      if (cancel_requested(opts.cancelled)) return Unknown{kInterrupted};
      s.push();
      s.add(!Access::z3_expr(q.claims[i].holds));
      if (s.check() != z3::unsat) open.push_back(i);  // asked again alone below
      s.pop();
    }
  }
  std::optional<Unknown> unknown;
  for (size_t i : open) {
    Verdict v = check_once(ctx, opts, q, exact, extra, {i});
    if (is_refuted(v)) return v;  // a counterexample decides, whatever else is unknown
    if (auto* u = std::get_if<Unknown>(&v); u && !unknown)
      unknown = Unknown{q.claims[i].what + ": " + u->reason};
  }
  if (unknown) return *unknown;
  return Proved{};
}

/// Probe k: every named variable equal to a small value (k = 0: all 0, k = 1: all 1,
/// then integers in [-2, 2] that vary with the variable and k).
z3::expr_vector probe(Context& ctx, unsigned k, const Query& q) {
  z3::context& c = Access::z3_context(ctx);
  z3::expr_vector fix(c);
  // Only the variables of this query: a Context shared by many queries (a rule's
  // instances) holds many more, and fixing them only slows the call down.
  z3::expr_vector terms(c);
  for (Expr h : q.hypotheses) terms.push_back(Access::z3_expr(h));
  for (Expr h : q.definitions) terms.push_back(Access::z3_expr(h));
  for (const Claim& cl : q.claims) terms.push_back(Access::z3_expr(cl.holds));
  const std::unordered_set<unsigned> mentioned = constants_in(terms);
  const auto& vars = ctx.variables();
  for (size_t i = 0; i < vars.size(); ++i) {
    if (!mentioned.count(Access::z3_expr(vars[i]).id())) continue;
    const int v = k == 0   ? 0
                  : k == 1 ? 1
                           : static_cast<int>((i * 2654435761u + k * 40503u) % 5) - 2;
    const Sort s = vars[i].sort();
    Expr val;
    switch (s.kind) {
      case SortKind::Bool: val = ctx.bool_val(v > 0); break;
      case SortKind::Real: val = ctx.real_val(static_cast<double>(v)); break;
      case SortKind::BitVec: val = ctx.bv_val(v, s.width); break;
      case SortKind::Float32: val = ctx.fp32_val(static_cast<float>(v)); break;
    }
    fix.push_back(Access::z3_expr(eq(vars[i], val)));
  }
  return fix;
}

/// Whether Z3's simplifier (sum of monomials) turns a Real or BitVec term into 0.
bool normalises_to_zero(z3::context& c, const z3::expr& e, const z3::params& som) {
  const z3::expr d = e.simplify(som);
  if (!d.is_numeral()) return false;
  if (d.get_sort().is_real()) return Z3_get_numeral_string(c, d) == std::string("0");
  uint64_t u = 1;
  return Z3_get_numeral_uint64(c, d, &u) && u == 0;
}

/// Whether two normalised terms are equal for all values by congruence: equal when
/// identical; two arithmetic terms when their difference normalises to 0 (a polynomial
/// identity); two applications of one function or connective (ite, <=, and, ...) when
/// their arguments are, pairwise. Sufficient, not necessary: false means "not shown".
bool same_function(z3::context& c, const z3::expr& a, const z3::expr& b, const z3::params& som) {
  if (z3::eq(a, b)) return true;
  const z3::sort sa = a.get_sort();
  if (!z3::eq(sa, b.get_sort())) return false;
  auto ite_free = [](const z3::expr& e) {
    std::vector<z3::expr> todo = {e};
    while (!todo.empty()) {
      z3::expr x = todo.back();
      todo.pop_back();
      if (!x.is_app()) return false;
      if (x.decl().decl_kind() == Z3_OP_ITE) return false;
      for (unsigned k = 0; k < x.num_args(); ++k) todo.push_back(x.arg(k));
    }
    return true;
  };
  if ((sa.is_real() || sa.is_bv()) && ite_free(a) && ite_free(b)) {
    return normalises_to_zero(c, a - b, som);
  }
  if (!a.is_app() || !b.is_app() || a.num_args() != b.num_args() || a.num_args() == 0) return false;
  if (!z3::eq(a.decl(), b.decl())) return false;
  for (unsigned k = 0; k < a.num_args(); ++k)
    if (!same_function(c, a.arg(k), b.arg(k), som)) return false;
  return true;
}

/// Stage 0: the claims that need no search are left out of the returned query.
Query without_trivial_claims(Context& ctx, const Query& q) {
  z3::context& c = Access::z3_context(ctx);
  std::unordered_set<unsigned> hyps;
  for (Expr h : q.hypotheses) hyps.insert(h.id());
  z3::params som(c);
  som.set("som", true);
  // Hypotheses `x = numeral` (conjuncts at the top level), substituted into the claims
  // before normalising: under the hypotheses the claim is unchanged.
  z3::expr_vector from(c), to(c);
  std::vector<z3::expr> todo;
  for (Expr h : q.hypotheses) todo.push_back(Access::z3_expr(h));
  while (!todo.empty()) {
    z3::expr h = todo.back();
    todo.pop_back();
    if (h.is_app() && h.decl().decl_kind() == Z3_OP_AND) {
      for (unsigned k = 0; k < h.num_args(); ++k) todo.push_back(h.arg(k));
      continue;
    }
    if (!h.is_app() || h.decl().decl_kind() != Z3_OP_EQ || h.num_args() != 2) continue;
    z3::expr a = h.arg(0), b = h.arg(1);
    if (a.is_numeral()) std::swap(a, b);
    if (a.is_const() && !a.is_numeral() && b.is_numeral() && !(a.get_sort().is_fpa())) {
      from.push_back(a);
      to.push_back(b);
    }
  }
  Query rest = q;
  rest.claims.clear();
  for (const Claim& cl : q.claims) {
    if (hyps.count(cl.holds.id())) continue;
    // One term on both sides first: simplify() walks the claim's whole term, and the
    // claims of a row (a layer norm's hidden size) all read the row's sums.
    if (cl.lhs.valid() && cl.rhs.valid() && identical(cl.lhs, cl.rhs)) continue;
    if (Access::z3_expr(cl.holds).simplify().is_true()) continue;
    if (cl.lhs.valid() && cl.rhs.valid()) {
      const Sort s = cl.lhs.sort();
      if (s.kind == SortKind::Real || s.kind == SortKind::BitVec) {
        z3::expr d0 = Access::z3_expr(cl.lhs) - Access::z3_expr(cl.rhs);
        if (!from.empty()) d0 = d0.substitute(from, to);
        if (normalises_to_zero(c, d0, som)) continue;
        // Piecewise sides (relu, clip: ite) are equal when both normalise to one term:
        // the simplifier rewrites the conditions and branches to the same normal form.
        z3::expr l = Access::z3_expr(cl.lhs), r = Access::z3_expr(cl.rhs);
        if (!from.empty()) l = l.substitute(from, to), r = r.substitute(from, to);
        if (same_function(c, l.simplify(som), r.simplify(som), som)) continue;
      }
    }
    rest.claims.push_back(cl);
  }
  return rest;
}

}  // namespace

std::string solver_version() {
  unsigned major = 0, minor = 0, build = 0, rev = 0;
  Z3_get_version(&major, &minor, &build, &rev);
  return "z3 " + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

Solver::Solver(Context& ctx, SolverOptions opts) : ctx_(ctx), opts_(opts) {}

Verdict Solver::check(const Query& q) {
  if (!q.unsupported.empty()) {
    std::string reason = "not encodable:";
    for (size_t i = 0; i < q.unsupported.size(); ++i) reason += (i ? "; " : " ") + q.unsupported[i];
    return Unknown{reason};
  }
  used_definitions_ = false;
  abstraction_.reset();
  if (q.claims.empty()) return Proved{};
  const Interrupter interrupter(Access::z3_context(ctx_), opts_.cancelled);
  try {
    // Products of symbols abstracted first: a proof of the abstraction is a proof.
    if (auto a = abstract_bv_products(ctx_, q)) {
      Solver inner(ctx_, opts_);
      if (Verdict v = inner.check(*a); is_proved(v)) {
        used_definitions_ = inner.used_definitions_;
        abstraction_ = std::move(*a);
        return v;
      }
    }
  } catch (const z3::exception& e) {
    return z3_failure(e, opts_.cancelled);
  }
  if (opts_.claim_cache && opts_.split_claims) return check_sliced(q);
  try {
    if (opts_.normalise_first) {
      Query rest = without_trivial_claims(ctx_, q);
      if (rest.claims.empty()) return Proved{};
      if (rest.claims.size() < q.claims.size()) {
        SolverOptions o = opts_;
        o.normalise_first = false;
        Solver inner(ctx_, o);
        Verdict v = inner.check(rest);
        used_definitions_ = inner.used_definitions_;
        return v;
      }
    }
    z3::context& c = Access::z3_context(ctx_);
    const z3::expr_vector none(c);
    if (opts_.conjunction_first && q.claims.size() > 1) {
      Verdict v = check_once(ctx_, opts_, q, true, none, all_claims(q));
      if (!is_unknown(v)) {  // with the definitions, a model is a real counterexample
        used_definitions_ = !q.definitions.empty();
        return v;
      }
    }
    if (opts_.abstract_first && !q.definitions.empty())
      if (Verdict v = check_claims(ctx_, opts_, q, false, none); is_proved(v)) return v;
    used_definitions_ = !q.definitions.empty();
    for (unsigned k = 0; k < opts_.probes; ++k) {
      Verdict v = check_once(ctx_, opts_, q, true, probe(ctx_, k, q), all_claims(q));
      if (is_refuted(v)) return v;
    }
    return check_claims(ctx_, opts_, q, true, none);
  } catch (const z3::exception& e) {
    return z3_failure(e, opts_.cancelled);
  }
}

Verdict Solver::check_sliced(const Query& q) {
  ClaimCache& cache = *opts_.claim_cache;
  SolverOptions inner_opts = opts_;
  inner_opts.claim_cache = nullptr;
  const QuerySlicer slicer(ctx_, q);
  std::optional<Unknown> unknown;
  for (size_t i = 0; i < q.claims.size(); ++i) {
    ClaimSlice sl = slicer.slice(i);
    // A claim proved before: its proof's need for the definitions is this query's too.
    if (bool defs = false; cache.proved(sl.key, defs)) {
      used_definitions_ = used_definitions_ || defs;
      continue;
    }
    Query one;
    one.hypotheses = std::move(sl.hypotheses);
    one.definitions = std::move(sl.definitions);
    one.claims.push_back(q.claims[i]);
    Solver inner(ctx_, inner_opts);
    Verdict v = inner.check(one);
    used_definitions_ = used_definitions_ || inner.used_definitions();
    if (is_proved(v)) {
      cache.add(sl.key, inner.used_definitions());
      continue;
    }
    if (is_refuted(v)) {
      // A model of the slice need not extend to the other hypotheses: ask it whole.
      Query whole = q;
      whole.claims = {q.claims[i]};
      Solver full(ctx_, inner_opts);
      v = full.check(whole);
      used_definitions_ = true;
      if (is_refuted(v)) return v;
      if (is_proved(v)) continue;  // only through hypotheses no other claim shares
    }
    if (auto* u = std::get_if<Unknown>(&v); u && !unknown)
      unknown = Unknown{q.claims[i].what + ": " + u->reason};
  }
  if (unknown) return *unknown;
  return Proved{};
}

Verdict Solver::check_valid(Expr goal, std::span<const Expr> hypotheses) {
  Query q;
  q.hypotheses.assign(hypotheses.begin(), hypotheses.end());
  q.claims.push_back({"goal", goal, {}, {}});
  return check(q);
}

std::string Solver::to_smtlib(const Query& q, const SmtlibOptions& o) {
  return print_smtlib(ctx_, q, o);
}
}  // namespace vf::smt
