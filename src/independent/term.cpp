#include "independent/term.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "semantics/transcendental.h"

namespace vf::independent {

size_t TermDomain::KeyHash::operator()(const Key& k) const {
  const Term& t = k.t;
  uint64_t h = static_cast<uint64_t>(t.op) * 0x9e3779b97f4a7c15ull ^ t.fn;
  for (uint64_t x : {uint64_t(t.a), uint64_t(t.b), uint64_t(t.c), std::bit_cast<uint64_t>(k.v)})
    h = (h ^ x) * 0x100000001b3ull + (h >> 29);
  return static_cast<size_t>(h);
}

bool TermDomain::KeyEq::operator()(const Key& x, const Key& y) const {
  return x.t.op == y.t.op && x.t.fn == y.t.fn && x.t.a == y.t.a && x.t.b == y.t.b &&
         x.t.c == y.t.c && std::bit_cast<uint64_t>(x.v) == std::bit_cast<uint64_t>(y.v);
}

TermDomain::TermDomain() { terms_.reserve(1 << 16); }

TermDomain::Value TermDomain::add_konst(const Term& t, double v) {
  auto [it, fresh] = konst_.emplace(Key{t, v}, static_cast<Value>(terms_.size()));
  if (fresh) {
    terms_.push_back(t);
    values_.emplace(it->second, v);
  }
  return it->second;
}

TermDomain::Value TermDomain::lit(double x) { return add_konst({TOp::Lit, 0, true, 0, 0, 0}, x); }

TermDomain::Value TermDomain::leaf(LeafKind k, uint32_t tensor, uint32_t element, double v) {
  const auto id = static_cast<Value>(terms_.size());
  terms_.push_back({TOp::Leaf, static_cast<uint8_t>(k), false, tensor, element, 0});
  if (v != 0) values_.emplace(id, v);
  return id;
}

TermDomain::Value TermDomain::make(TOp op, Value a, Value b, Value c, uint8_t fn) {
  const bool ka = terms_[a].konst;
  const bool konst =
      ka && (unary(op) || (terms_[b].konst && (op != TOp::Select || terms_[c].konst)));
  const Term t{op, fn, konst, a, b, c};
  if (!konst) {
    terms_.push_back(t);
    return static_cast<Value>(terms_.size() - 1);
  }
  // A constant's value in double: only a hint for choosing candidates (term.h).
  const double x = value(a), y = value(b);
  double v = 0;
  switch (op) {
    case TOp::Add: v = x + y; break;
    case TOp::Sub: v = x - y; break;
    case TOp::Mul: v = x * y; break;
    case TOp::Div: v = x / y; break;
    case TOp::Neg: v = -x; break;
    case TOp::Sqrt: v = std::sqrt(x); break;
    case TOp::Exp: v = std::exp(x); break;
    case TOp::Fn: v = sem::fn_eval(static_cast<sem::Fn>(fn), x); break;
    case TOp::Lt: v = x < y; break;
    case TOp::Le: v = x <= y; break;
    case TOp::Select: v = x != 0 ? y : value(c); break;
    case TOp::Lit:
    case TOp::Leaf: break;
  }
  return add_konst(t, v);
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
    case TOp::Lit: r = lit(std::abs(value(t))); break;
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
