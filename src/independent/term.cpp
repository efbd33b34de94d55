#include "independent/term.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "semantics/transcendental.h"

namespace vf::independent {

size_t TermDomain::KeyHash::operator()(const Term& t) const {
  uint64_t h = static_cast<uint64_t>(t.op) * 0x9e3779b97f4a7c15ull ^ t.fn;
  for (uint64_t x : {uint64_t(t.a), uint64_t(t.b), uint64_t(t.c), std::bit_cast<uint64_t>(t.v)})
    h = (h ^ x) * 0x100000001b3ull + (h >> 29);
  return static_cast<size_t>(h);
}

bool TermDomain::KeyEq::operator()(const Term& x, const Term& y) const {
  return x.op == y.op && x.fn == y.fn && x.a == y.a && x.b == y.b && x.c == y.c &&
         std::bit_cast<uint64_t>(x.v) == std::bit_cast<uint64_t>(y.v);
}

TermDomain::TermDomain() { terms_.reserve(1 << 16); }

TermDomain::Value TermDomain::lit(double x) {
  Term t{TOp::Lit, 0, true, 0, 0, 0, x};
  auto [it, fresh] = konst_.emplace(t, static_cast<Value>(terms_.size()));
  if (fresh) terms_.push_back(t);
  return it->second;
}

TermDomain::Value TermDomain::leaf(LeafKind k, uint32_t tensor, uint32_t element, double v) {
  terms_.push_back({TOp::Leaf, static_cast<uint8_t>(k), false, tensor, element, 0, v});
  return static_cast<Value>(terms_.size() - 1);
}

TermDomain::Value TermDomain::make(TOp op, Value a, Value b, Value c, uint8_t fn) {
  const bool ka = terms_[a].konst;
  const bool konst =
      ka && (unary(op) || (terms_[b].konst && (op != TOp::Select || terms_[c].konst)));
  Term t{op, fn, konst, a, b, c, 0};
  if (!konst) {
    terms_.push_back(t);
    return static_cast<Value>(terms_.size() - 1);
  }
  // A constant's value in double: only a hint for choosing candidates (term.h).
  const double x = terms_[a].v, y = terms_[b].v;
  switch (op) {
    case TOp::Add: t.v = x + y; break;
    case TOp::Sub: t.v = x - y; break;
    case TOp::Mul: t.v = x * y; break;
    case TOp::Div: t.v = x / y; break;
    case TOp::Neg: t.v = -x; break;
    case TOp::Sqrt: t.v = std::sqrt(x); break;
    case TOp::Exp: t.v = std::exp(x); break;
    case TOp::Fn: t.v = sem::fn_eval(static_cast<sem::Fn>(fn), x); break;
    case TOp::Lt: t.v = x < y; break;
    case TOp::Le: t.v = x <= y; break;
    case TOp::Select: t.v = x != 0 ? y : terms_[c].v; break;
    case TOp::Lit:
    case TOp::Leaf: break;
  }
  auto [it, fresh] = konst_.emplace(t, static_cast<Value>(terms_.size()));
  if (fresh) terms_.push_back(t);
  return it->second;
}

TermDomain::Value TermDomain::substitute(Value t, double acc,
                                         std::unordered_map<Value, Value>& memo) {
  const Term x = terms_[t];
  if (x.konst) return t;
  if (auto it = memo.find(t); it != memo.end()) return it->second;
  Value r = t;
  switch (x.op) {
    case TOp::Leaf:
      if (x.fn == static_cast<uint8_t>(LeafKind::In)) r = lit(0);
      if (x.fn == static_cast<uint8_t>(LeafKind::Acc)) r = lit(acc);
      break;
    case TOp::Lit: break;
    default:
      r = make(x.op, substitute(x.a, acc, memo), unary(x.op) ? 0 : substitute(x.b, acc, memo),
               x.op == TOp::Select ? substitute(x.c, acc, memo) : 0, x.fn);
  }
  memo.emplace(t, r);
  return r;
}

TermDomain::Value TermDomain::magnitude(Value t) {
  if (auto it = magnitude_.find(t); it != magnitude_.end()) return it->second;
  const Term x = terms_[t];
  Value r = t;
  switch (x.op) {
    case TOp::Lit: r = lit(std::abs(x.v)); break;
    case TOp::Sqrt: r = t; break;  // not negative
    case TOp::Add:
    case TOp::Sub: r = add(magnitude(x.a), magnitude(x.b)); break;
    case TOp::Mul: r = mul(magnitude(x.a), magnitude(x.b)); break;
    case TOp::Div: r = div(magnitude(x.a), magnitude(x.b)); break;
    case TOp::Neg: r = magnitude(x.a); break;
    default: r = abs(t);
  }
  magnitude_.emplace(t, r);
  return r;
}

TermDomain::Value TermDomain::at_acc(Value t, double acc) {
  std::unordered_map<Value, Value> memo;
  return substitute(t, acc, memo);
}

}  // namespace vf::independent
