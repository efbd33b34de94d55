#include "smt/smtlib_printer.h"

#include <z3++.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "smt/z3_access.h"

namespace vf::smt {
namespace {

[[noreturn]] void broken(const std::string& what) {
  std::fprintf(stderr, "vf::smt printer: %s\n", what.c_str());
  std::abort();
}

/// A term nested deeper than this inside one definition gets a definition of its own:
/// parsers recurse on nesting, and a window sum of thousands of taps is a chain.
constexpr uint32_t kMaxInlineHeight = 24;

bool symbol_char(char ch, bool first) {
  if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) return true;
  if (ch >= '0' && ch <= '9') return !first;
  return std::string_view("~!@$%^&*_-+=<>.?/").find(ch) != std::string_view::npos;
}

/// SMT-LIB's reserved words (2.6, section 3.1) and command names: such a name is quoted.
bool reserved_word(std::string_view s) {
  static const std::unordered_set<std::string_view> words = {"!",
                                                             "_",
                                                             "as",
                                                             "BINARY",
                                                             "DECIMAL",
                                                             "exists",
                                                             "HEXADECIMAL",
                                                             "forall",
                                                             "let",
                                                             "match",
                                                             "NUMERAL",
                                                             "par",
                                                             "STRING",
                                                             "assert",
                                                             "check-sat",
                                                             "declare-fun",
                                                             "declare-const",
                                                             "define-fun",
                                                             "declare-sort",
                                                             "define-sort",
                                                             "exit",
                                                             "get-model",
                                                             "get-value",
                                                             "pop",
                                                             "push",
                                                             "reset",
                                                             "set-info",
                                                             "set-logic",
                                                             "set-option"};
  return words.count(s) > 0;
}

/// The symbol `name` as SMT-LIB text: itself when simple, else |quoted|; empty when it
/// cannot be written (a '|' or '\' inside).
std::string symbol_text(std::string_view name) {
  bool simple = !name.empty() && !reserved_word(name);
  for (size_t i = 0; simple && i < name.size(); ++i) simple = symbol_char(name[i], i == 0);
  if (simple) return std::string(name);
  if (name.find_first_of("|\\") != std::string_view::npos) return {};
  return "|" + std::string(name) + "|";
}

/// "3/4" (Z3's numeral text) as "(/ 3.0 4.0)", "-7" as "(- 7.0)".
std::string real_numeral_text(std::string_view s) {
  const bool neg = !s.empty() && s[0] == '-';
  if (neg) s.remove_prefix(1);
  std::string out;
  if (auto slash = s.find('/'); slash != std::string_view::npos)
    out =
        "(/ " + std::string(s.substr(0, slash)) + ".0 " + std::string(s.substr(slash + 1)) + ".0)";
  else
    out = std::string(s) + ".0";
  return neg ? "(- " + out + ")" : out;
}

/// The SMT-LIB name of an interpreted operator, or nullptr when the decl's own name is
/// to be used (Z3 names its builtins as SMT-LIB does).
const char* operator_name(Z3_decl_kind k) {
  switch (k) {
    case Z3_OP_EQ: return "=";
    case Z3_OP_DISTINCT: return "distinct";
    case Z3_OP_ITE: return "ite";
    case Z3_OP_AND: return "and";
    case Z3_OP_OR: return "or";
    case Z3_OP_NOT: return "not";
    case Z3_OP_IMPLIES: return "=>";
    case Z3_OP_XOR: return "xor";
    case Z3_OP_ADD: return "+";
    case Z3_OP_SUB: return "-";
    case Z3_OP_MUL: return "*";
    case Z3_OP_DIV: return "/";
    case Z3_OP_UMINUS: return "-";
    case Z3_OP_LE: return "<=";
    case Z3_OP_LT: return "<";
    case Z3_OP_GE: return ">=";
    case Z3_OP_GT: return ">";
    case Z3_OP_BADD: return "bvadd";
    case Z3_OP_BSUB: return "bvsub";
    case Z3_OP_BMUL: return "bvmul";
    case Z3_OP_BSDIV: return "bvsdiv";
    case Z3_OP_BNEG: return "bvneg";
    case Z3_OP_SLT: return "bvslt";
    case Z3_OP_SLEQ: return "bvsle";
    case Z3_OP_SGT: return "bvsgt";
    case Z3_OP_SGEQ: return "bvsge";
    case Z3_OP_FPA_ADD: return "fp.add";
    case Z3_OP_FPA_SUB: return "fp.sub";
    case Z3_OP_FPA_MUL: return "fp.mul";
    case Z3_OP_FPA_DIV: return "fp.div";
    case Z3_OP_FPA_NEG: return "fp.neg";
    case Z3_OP_FPA_SQRT: return "fp.sqrt";
    case Z3_OP_FPA_LT: return "fp.lt";
    case Z3_OP_FPA_LE: return "fp.leq";
    case Z3_OP_FPA_GT: return "fp.gt";
    case Z3_OP_FPA_GE: return "fp.geq";
    case Z3_OP_FPA_EQ: return "fp.eq";
    case Z3_OP_FPA_FP: return "fp";
    default: return nullptr;
  }
}

/// Writes one query; holds the names given so far (leaves are named once per script).
class Printer {
 public:
  Printer(Context& ctx) : ctx_(ctx), c_(Access::z3_context(ctx)) {}

  std::string print(const Query& q, const SmtlibOptions& o);

 private:
  /// A term of one namespace's DAG while it is printed.
  struct Node {
    uint32_t uses = 0;   // as an argument of terms of this namespace
    uint32_t roots = 0;  // as one of the namespace's roots
    uint32_t height = 0;
    bool done = false;
    bool defined = false;
    std::string text;  // its definition's name, or its inline text until consumed
  };

  bool is_leaf(Z3_ast a);
  const std::string& leaf_text(Z3_ast a);
  std::string fp_numeral_text(Z3_ast a);
  const std::string& sort_text(Z3_sort s);
  std::string op_text(Z3_func_decl d);
  std::string fresh_name(std::string prefix);
  void note_sort(Z3_sort s);
  std::vector<std::string> print_space(const char* prefix, const std::vector<Z3_ast>& roots,
                                       bool define_roots, std::string& defs);

  Context& ctx_;
  z3::context& c_;
  std::unordered_map<Z3_ast, std::string> leaves_;
  std::unordered_map<Z3_sort, std::string> sorts_;
  std::unordered_set<Z3_func_decl> functions_;
  std::unordered_map<std::string, uint32_t> fresh_counts_;
  std::unordered_set<std::string> names_;  // every name this script gives
  std::string decls_;
  bool real_ = false, bv_ = false, fp_ = false, uf_ = false;
};

void Printer::note_sort(Z3_sort s) {
  switch (Z3_get_sort_kind(c_, s)) {
    case Z3_REAL_SORT:
    case Z3_INT_SORT: real_ = true; break;
    case Z3_BV_SORT: bv_ = true; break;
    case Z3_FLOATING_POINT_SORT:
    case Z3_ROUNDING_MODE_SORT: fp_ = true; break;
    default: break;
  }
}

const std::string& Printer::sort_text(Z3_sort s) {
  auto it = sorts_.find(s);
  if (it != sorts_.end()) return it->second;
  std::string t;
  switch (Z3_get_sort_kind(c_, s)) {
    case Z3_BOOL_SORT: t = "Bool"; break;
    case Z3_REAL_SORT: t = "Real"; break;
    case Z3_INT_SORT: t = "Int"; break;
    case Z3_BV_SORT: t = "(_ BitVec " + std::to_string(Z3_get_bv_sort_size(c_, s)) + ")"; break;
    case Z3_FLOATING_POINT_SORT:
      t = "(_ FloatingPoint " + std::to_string(Z3_fpa_get_ebits(c_, s)) + " " +
          std::to_string(Z3_fpa_get_sbits(c_, s)) + ")";
      break;
    case Z3_ROUNDING_MODE_SORT: t = "RoundingMode"; break;
    default: broken("a sort the SMT layer does not create");
  }
  return sorts_.emplace(s, std::move(t)).first->second;
}

/// A numeral, a constant symbol, or a float literal fp(sign, exponent, significand).
bool Printer::is_leaf(Z3_ast a) {
  const Z3_ast_kind k = Z3_get_ast_kind(c_, a);
  if (k == Z3_NUMERAL_AST) return true;
  if (k != Z3_APP_AST) broken("a quantifier or bound variable in a query");
  const Z3_app app = Z3_to_app(c_, a);
  const unsigned n = Z3_get_app_num_args(c_, app);
  if (n == 0) return true;
  if (Z3_get_decl_kind(c_, Z3_get_app_decl(c_, app)) != Z3_OP_FPA_FP) return false;
  for (unsigned i = 0; i < n; ++i)
    if (Z3_get_ast_kind(c_, Z3_get_app_arg(c_, app, i)) != Z3_NUMERAL_AST) return false;
  return true;
}

std::string bv_numeral_text(Z3_context c, Z3_ast a, unsigned width) {
  std::string bits = Z3_get_numeral_binary_string(c, a);
  if (bits.size() < width) bits.insert(0, width - bits.size(), '0');
  return "#b" + bits;
}

std::string Printer::fp_numeral_text(Z3_ast a) {
  const Z3_sort s = Z3_get_sort(c_, a);
  const unsigned eb = Z3_fpa_get_ebits(c_, s), sb = Z3_fpa_get_sbits(c_, s);
  if (Z3_fpa_is_numeral_nan(c_, a))  // SMT-LIB has one NaN
    return "(_ NaN " + std::to_string(eb) + " " + std::to_string(sb) + ")";
  // The three fields as bitvector numerals (held by z3::expr: the context counts refs).
  const z3::expr sign(c_, Z3_fpa_get_numeral_sign_bv(c_, a));
  const z3::expr exponent(c_, Z3_fpa_get_numeral_exponent_bv(c_, a, true));
  const z3::expr significand(c_, Z3_fpa_get_numeral_significand_bv(c_, a));
  return "(fp " + bv_numeral_text(c_, sign, 1) + " " + bv_numeral_text(c_, exponent, eb) + " " +
         bv_numeral_text(c_, significand, sb - 1) + ")";
}

/// A fresh symbol's name: its prefix (Z3's "vf_sqrt!6918" without "!6918") numbered by
/// first appearance in this script, skipping names that are taken.
std::string Printer::fresh_name(std::string prefix) {
  if (auto bang = prefix.rfind('!');
      bang != std::string::npos && bang + 1 < prefix.size() &&
      prefix.find_first_not_of("0123456789", bang + 1) == std::string::npos)
    prefix.erase(bang);
  if (symbol_text(prefix) != prefix) prefix = "vf_sym";
  for (;;) {
    std::string name = prefix + "!" + std::to_string(fresh_counts_[prefix]++);
    if (!names_.count(name) && !ctx_.variable(name)) return name;
  }
}

const std::string& Printer::leaf_text(Z3_ast a) {
  auto it = leaves_.find(a);
  if (it != leaves_.end()) return it->second;
  const Z3_sort s = Z3_get_sort(c_, a);
  note_sort(s);
  std::string t;
  const Z3_sort_kind sk = Z3_get_sort_kind(c_, s);
  const Z3_app app = Z3_to_app(c_, a);
  const Z3_func_decl d = Z3_get_app_decl(c_, app);
  const Z3_decl_kind k = Z3_get_decl_kind(c_, d);
  if (k == Z3_OP_TRUE || k == Z3_OP_FALSE) {
    t = k == Z3_OP_TRUE ? "true" : "false";
  } else if (k == Z3_OP_UNINTERPRETED) {
    // A named variable keeps its name; anything else (a fresh symbol) is renumbered.
    const std::string name = Z3_get_symbol_string(c_, Z3_get_decl_name(c_, d));
    const auto var = ctx_.variable(name);
    t = var && static_cast<Z3_ast>(Access::z3_expr(*var)) == a ? symbol_text(name) : std::string();
    if (t.empty()) t = fresh_name(name);
    names_.insert(t);
    decls_ += "(declare-fun " + t + " () " + sort_text(s) + ")\n";
  } else if (k == Z3_OP_FPA_FP) {
    t = "(fp";
    for (unsigned i = 0; i < 3; ++i) {
      const Z3_ast f = Z3_get_app_arg(c_, app, i);
      t += " " + bv_numeral_text(c_, f, Z3_get_bv_sort_size(c_, Z3_get_sort(c_, f)));
    }
    t += ")";
  } else if (sk == Z3_FLOATING_POINT_SORT) {
    t = fp_numeral_text(a);
  } else if (sk == Z3_ROUNDING_MODE_SORT) {
    switch (k) {
      case Z3_OP_FPA_RM_NEAREST_TIES_TO_EVEN: t = "RNE"; break;
      case Z3_OP_FPA_RM_NEAREST_TIES_TO_AWAY: t = "RNA"; break;
      case Z3_OP_FPA_RM_TOWARD_POSITIVE: t = "RTP"; break;
      case Z3_OP_FPA_RM_TOWARD_NEGATIVE: t = "RTN"; break;
      case Z3_OP_FPA_RM_TOWARD_ZERO: t = "RTZ"; break;
      default: broken("an unknown rounding mode");
    }
  } else if (sk == Z3_BV_SORT) {
    t = bv_numeral_text(c_, a, Z3_get_bv_sort_size(c_, s));
  } else if (sk == Z3_REAL_SORT || sk == Z3_INT_SORT) {
    t = Z3_get_numeral_string(c_, a);
    if (sk == Z3_REAL_SORT) t = real_numeral_text(t);
  } else {
    broken("a constant the printer does not know");
  }
  return leaves_.emplace(a, std::move(t)).first->second;
}

std::string Printer::op_text(Z3_func_decl d) {
  const Z3_decl_kind k = Z3_get_decl_kind(c_, d);
  if (k == Z3_OP_UNINTERPRETED) {
    const std::string name = Z3_get_symbol_string(c_, Z3_get_decl_name(c_, d));
    const std::string t = symbol_text(name);
    if (t.empty()) broken("an uninterpreted function whose name cannot be written: " + name);
    if (functions_.insert(d).second) {
      uf_ = true;
      std::string decl = "(declare-fun " + t + " (";
      for (unsigned i = 0; i < Z3_get_domain_size(c_, d); ++i)
        decl += (i ? " " : "") + sort_text(Z3_get_domain(c_, d, i));
      decls_ += decl + ") " + sort_text(Z3_get_range(c_, d)) + ")\n";
      names_.insert(t);
    }
    return t;
  }
  if (const char* n = operator_name(k)) return n;
  // Another builtin: Z3 names its operators as SMT-LIB does; indexed ones get (_ f i j).
  std::string name = Z3_get_symbol_string(c_, Z3_get_decl_name(c_, d));
  const unsigned np = Z3_get_decl_num_parameters(c_, d);
  if (np == 0) return name;
  name = "(_ " + name;
  for (unsigned i = 0; i < np; ++i) {
    if (Z3_get_decl_parameter_kind(c_, d, i) != Z3_PARAMETER_INT)
      broken("an indexed operator with a non-integer index: " + name);
    name += " " + std::to_string(Z3_get_decl_int_parameter(c_, d, i));
  }
  return name + ")";
}

/// Prints the terms `roots` as one namespace: every term used twice (or a root, with
/// `define_roots`, or nested too deep) gets `(define-fun <prefix>!k () S ...)` in `defs`,
/// numbered in the order a left-to-right post-order walk of the roots completes them.
/// Returns each root's text (its name, or its inline text, or a leaf).
std::vector<std::string> Printer::print_space(const char* prefix, const std::vector<Z3_ast>& roots,
                                              bool define_roots, std::string& defs) {
  std::unordered_map<Z3_ast, Node> nodes;
  // Uses of every inner term by inner terms of this namespace.
  std::vector<Z3_ast> todo;
  for (Z3_ast r : roots) {
    if (is_leaf(r)) continue;
    auto [it, added] = nodes.try_emplace(r);
    ++it->second.roots;
    if (added) todo.push_back(r);
  }
  while (!todo.empty()) {
    const Z3_app app = Z3_to_app(c_, todo.back());
    todo.pop_back();
    const unsigned n = Z3_get_app_num_args(c_, app);
    for (unsigned i = 0; i < n; ++i) {
      const Z3_ast a = Z3_get_app_arg(c_, app, i);
      if (is_leaf(a)) continue;
      auto [it, added] = nodes.try_emplace(a);
      ++it->second.uses;
      if (added) todo.push_back(a);
    }
  }
  // Post-order, roots in order, arguments left to right.
  uint32_t count = 0;
  std::vector<std::pair<Z3_ast, unsigned>> stack;
  for (Z3_ast r : roots) {
    if (is_leaf(r) || nodes[r].done) continue;
    stack.emplace_back(r, 0);
    while (!stack.empty()) {
      auto& [a, next] = stack.back();
      const Z3_app app = Z3_to_app(c_, a);
      const unsigned n = Z3_get_app_num_args(c_, app);
      if (next < n) {
        const Z3_ast arg = Z3_get_app_arg(c_, app, next++);
        if (!is_leaf(arg) && !nodes[arg].done) stack.emplace_back(arg, 0);
        continue;
      }
      Node& node = nodes[a];
      const Z3_sort s = Z3_get_sort(c_, a);
      note_sort(s);
      std::string text = "(" + op_text(Z3_get_app_decl(c_, app));
      uint32_t height = 0;
      for (unsigned i = 0; i < n; ++i) {
        const Z3_ast arg = Z3_get_app_arg(c_, app, i);
        text += ' ';
        if (is_leaf(arg)) {
          text += leaf_text(arg);
          continue;
        }
        Node& an = nodes[arg];
        height = std::max(height, an.height);
        text += an.text;  // a definition's name, or the inline text of its only use
        if (!an.defined) std::string().swap(an.text);
      }
      text += ')';
      node.height = height + 1;
      node.done = true;
      const bool define = node.uses + node.roots > 1 || (define_roots && node.roots > 0) ||
                          node.height > kMaxInlineHeight;
      if (define) {
        std::string name;
        do name = std::string(prefix) + "!" + std::to_string(count++);
        while (ctx_.variable(name) || names_.count(name));
        names_.insert(name);
        defs += "(define-fun " + name + " () " + sort_text(s) + " " + text + ")\n";
        node.text = std::move(name);
        node.height = 0;
        node.defined = true;
      } else {
        node.text = std::move(text);
      }
      stack.pop_back();
    }
  }
  std::vector<std::string> out;
  out.reserve(roots.size());
  for (Z3_ast r : roots) out.push_back(is_leaf(r) ? leaf_text(r) : nodes[r].text);
  return out;
}

std::string conjunction_text(const std::vector<std::string>& cs) {
  if (cs.empty()) return "true";
  if (cs.size() == 1) return cs[0];
  std::string t = "(and";
  for (const std::string& c : cs) t += " " + c;
  return t + ")";
}

std::string Printer::print(const Query& q, const SmtlibOptions& o) {
  auto z = [](Expr e) { return static_cast<Z3_ast>(Access::z3_expr(e)); };
  std::vector<Z3_ast> hyps;
  for (Expr h : q.hypotheses) hyps.push_back(z(h));
  if (o.definitions)
    for (Expr h : q.definitions) hyps.push_back(z(h));
  // A claim lhs = rhs (as equivalence_query builds it) is printed as its two sides.
  std::vector<Z3_ast> lhs, rhs, other;
  std::vector<int> sided;  // per claim: index into lhs/rhs, or -(1 + index into other)
  for (const Claim& cl : q.claims) {
    const z3::expr& h = Access::z3_expr(cl.holds);
    if (cl.lhs.valid() && cl.rhs.valid() && h.is_app() && h.decl().decl_kind() == Z3_OP_EQ &&
        h.num_args() == 2 && z3::eq(h.arg(0), Access::z3_expr(cl.lhs)) &&
        z3::eq(h.arg(1), Access::z3_expr(cl.rhs))) {
      sided.push_back(static_cast<int>(lhs.size()));
      lhs.push_back(z(cl.lhs));
      rhs.push_back(z(cl.rhs));
    } else {
      sided.push_back(-1 - static_cast<int>(other.size()));
      other.push_back(z(cl.holds));
    }
  }
  std::string hdefs, sdefs, tdefs, cdefs;
  const std::vector<std::string> ht = print_space("h", hyps, false, hdefs);
  const std::vector<std::string> st = print_space("s", lhs, true, sdefs);
  const std::vector<std::string> tt = print_space("t", rhs, true, tdefs);
  const std::vector<std::string> ct = print_space("c", other, false, cdefs);
  std::vector<std::string> claims;
  claims.reserve(q.claims.size());
  for (int k : sided)
    claims.push_back(k >= 0 ? "(= " + st[static_cast<size_t>(k)] + " " +
                                  tt[static_cast<size_t>(k)] + ")"
                            : ct[static_cast<size_t>(-1 - k)]);

  std::string logic = "QF_";
  if (uf_) logic += "UF";
  if (bv_) logic += "BV";
  if (fp_) logic += "FP";
  if (real_) logic += "NRA";
  if (logic == "QF_") logic += "UF";  // propositional only
  std::string out;
  out.reserve(decls_.size() + hdefs.size() + sdefs.size() + tdefs.size() + cdefs.size() +
              64 * claims.size() + 256);
  if (o.logic_all) out += "; logic " + logic + "\n";
  out += "(set-logic " + (o.logic_all ? std::string("ALL") : logic) + ")\n";
  out += decls_;
  if (!ht.empty()) {
    out += "; hypotheses\n" + hdefs;
    for (const std::string& h : ht) out += "(assert " + h + ")\n";
  }
  if (!sdefs.empty()) out += "; source side\n" + sdefs;
  if (!tdefs.empty()) out += "; target side\n" + tdefs;
  if (!cdefs.empty()) out += "; claims without sides\n" + cdefs;
  out += "; claims\n";
  if (!o.split_claims || claims.size() <= 1) {
    out += "(assert (not " + conjunction_text(claims) + "))\n(check-sat)\n";
    return out;
  }
  for (const std::string& c : claims)
    out += "(push 1)\n(assert (not " + c + "))\n(check-sat)\n(pop 1)\n";
  return out;
}

}  // namespace

std::string print_smtlib(Context& ctx, const Query& q, const SmtlibOptions& o) {
  return Printer(ctx).print(q, o);
}

std::string run_smtlib_script(const std::string& script) {
  z3::context c;
  try {
    return Z3_eval_smtlib2_string(c, script.c_str());
  } catch (const z3::exception& e) {
    return std::string("(error \"") + e.msg() + "\")";
  }
}

}  // namespace vf::smt
