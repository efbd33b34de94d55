#include "ir/text_parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/printer.h"
#include "ir/shape_inference.h"
#include "ir/text_lexer.h"
#include "support/limits.h"

namespace vf {
namespace {

using ir_text::Lexer;
using ir_text::Tok;
using ir_text::Token;

// ---------------------------------------------------------------------------------------
// Parser.

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::Eof: return "end of input";
    case Tok::String: return "a string";
    default: break;
  }
  if (t.text.size() > 24) return fmt::format("'{}...'", t.text.substr(0, 24));
  return fmt::format("'{}'", t.text);
}

// A value reference in an operand position, resolved.
struct Operand {
  Token tok;
  NodeId id;  // invalid if the value is undefined or broken
};

// An attribute as written, with where its name and value are.
struct ParsedAttr {
  std::string name;
  size_t name_offset, name_length;
  size_t value_offset, value_length;
  AttrValue value;
};

// A tensor type as written, with its extent in the text.
struct ParsedType {
  TensorType type;
  size_t offset, length;
};

template <class T>
void append_value(std::vector<unsigned char>& out, T v) {
  unsigned char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.insert(out.end(), b, b + sizeof(T));
}

bool looks_like_float(std::string_view s) {
  if (s.starts_with("0x") || s.starts_with("-0x")) return false;
  return s.find_first_of(".eEin") != std::string_view::npos;
}

class Parser {
 public:
  Parser(const SourceFile& src, DiagnosticSink& diags, const ParseOptions& opts)
      : src_(src), diags_(diags), opts_(opts), lex_(src, diags) {
    advance();
  }

  std::optional<Graph> parse() {
    size_t errors_before = diags_.error_count();
    parse_graph();
    if (diags_.error_count() != errors_before) return std::nullopt;
    return std::move(g_);
  }

 private:
  // ---- token stream -------------------------------------------------------------------

  void advance() {
    if (cur_.kind != Tok::Eof) last_end_ = cur_.offset + cur_.length;
    cur_ = lex_.next();
    ++index_;
  }
  Token take() {
    Token t = cur_;
    advance();
    return t;
  }
  bool at(Tok k) const { return cur_.kind == k; }
  bool at_ident(std::string_view s) const { return cur_.kind == Tok::Ident && cur_.text == s; }

  // Reports at a token; lexical errors were reported by the lexer, and the end of input
  // only once (a truncated file would otherwise yield one error per open construct).
  void error_at(const Token& t, std::string msg) {
    if (t.kind == Tok::Error) return;
    if (t.kind == Tok::Eof) {
      if (eof_reported_) return;
      eof_reported_ = true;
      diags_.error(src_, last_end_, 1, std::move(msg));
      return;
    }
    diags_.error(src_, t.offset, t.length, std::move(msg));
  }
  void error_range(size_t offset, size_t length, std::string msg) {
    diags_.error(src_, offset, length, std::move(msg));
  }
  // Consumes a token of kind k or reports "expected WHAT, found ...".
  bool expect(Tok k, std::string_view what) {
    if (at(k)) {
      advance();
      return true;
    }
    error_found(what);
    return false;
  }
  // Reports "expected WHAT, found <current token>". When the current token starts a new
  // line, the caret goes just after the previous token, where the missing text belongs.
  void error_found(std::string_view what) {
    if (cur_.kind == Tok::Error) return;
    std::string msg = fmt::format("expected {}, found {}", what, describe(cur_));
    if (cur_.kind != Tok::Eof && cur_.line_start && last_end_ > 0)
      diags_.error(src_, last_end_, 1, std::move(msg));
    else
      error_at(cur_, std::move(msg));
  }

  // Skips the rest of a broken statement: up to the first token that starts a line after
  // the statement's first token.
  void skip_statement(size_t stmt_index) {
    while (!at(Tok::Eof) && !(cur_.line_start && index_ > stmt_index)) advance();
  }

  // ---- values -------------------------------------------------------------------------

  // Defines a value name; false (reported) if it already exists.
  bool check_new_name(const Token& name) {
    auto it = def_offset_.find(name.value);
    if (it == def_offset_.end()) return true;
    error_at(name, fmt::format("redefinition of value '{}'", value_ref(name.value)));
    diags_.note(src_, it->second.first, it->second.second, "previous definition is here");
    return false;
  }
  void define(const Token& name, NodeId id) {
    def_offset_[name.value] = {name.offset, name.length};
    values_[name.value] = id;
  }
  // A value whose definition had an error: later uses are not reported again.
  void poison(const Token& name) {
    if (def_offset_.count(name.value)) return;
    def_offset_[name.value] = {name.offset, name.length};
    poisoned_.insert(name.value);
  }
  // Resolves a reference; reports undefined values. Invalid id for undefined or broken.
  NodeId resolve(const Token& ref) {
    auto it = values_.find(ref.value);
    if (it != values_.end()) return it->second;
    if (!poisoned_.count(ref.value))
      error_at(ref, fmt::format("use of undefined value '{}'", value_ref(ref.value)));
    return {};
  }

  // ---- types --------------------------------------------------------------------------

  std::optional<ParsedType> parse_type() {
    size_t start = cur_.offset;
    if (!at_ident("Tensor")) {
      error_found("a tensor type 'Tensor[(...), dtype]'");
      return std::nullopt;
    }
    advance();
    if (!expect(Tok::LBracket, "'[' after 'Tensor'")) return std::nullopt;
    if (!expect(Tok::LParen, "'(' to start the shape")) return std::nullopt;
    ParsedType pt;
    int64_t elements = 1;
    bool ok = true;
    while (!at(Tok::RParen)) {
      if (!at(Tok::Number)) {
        error_found("a dimension");
        return std::nullopt;
      }
      Token d = take();
      int64_t v = 0;
      auto r = std::from_chars(d.text.data(), d.text.data() + d.text.size(), v);
      if (r.ec != std::errc() || r.ptr != d.text.data() + d.text.size() || v < 0) {
        error_at(d, fmt::format("invalid dimension {}", describe(d)));
        ok = false;
      } else if (v > 0 && elements > std::numeric_limits<int64_t>::max() / 16 / v) {
        error_at(d, "tensor type has too many elements");
        ok = false;
      } else {
        elements *= v;
      }
      pt.type.shape.push_back(v);
      if (at(Tok::Comma)) {
        advance();
        continue;
      }
      if (!at(Tok::RParen)) {
        error_found("',' or ')' in shape");
        return std::nullopt;
      }
    }
    advance();
    if (!expect(Tok::Comma, "',' after the shape")) return std::nullopt;
    if (!at(Tok::Ident)) {
      error_found("a dtype");
      return std::nullopt;
    }
    Token dt = take();
    auto dtype = parse_dtype(dt.text);
    if (!dtype) {
      error_at(dt, fmt::format("unknown dtype '{}'", dt.text));
      ok = false;
    } else {
      pt.type.dtype = *dtype;
    }
    if (!at(Tok::RBracket)) {
      error_found("']' to close the tensor type");
      return std::nullopt;
    }
    advance();
    pt.offset = start;
    pt.length = last_end_ - start;
    if (!ok) return std::nullopt;
    return pt;
  }

  // ---- attributes ---------------------------------------------------------------------

  std::optional<AttrValue> parse_attr_value() {
    if (at(Tok::String)) return AttrValue(take().value);
    if (at(Tok::LBracket)) {
      advance();
      std::vector<int64_t> list;
      while (!at(Tok::RBracket)) {
        auto v = parse_int("a list element");
        if (!v) return std::nullopt;
        list.push_back(*v);
        if (at(Tok::Comma)) {
          advance();
          continue;
        }
        if (!at(Tok::RBracket)) {
          error_found("',' or ']' in list");
          return std::nullopt;
        }
      }
      advance();
      return AttrValue(std::move(list));
    }
    if (at(Tok::Number) || at_ident("nan") || at_ident("inf")) {
      if (!looks_like_float(cur_.text)) {
        auto v = parse_int("an attribute value");
        if (!v) return std::nullopt;
        return AttrValue(*v);
      }
      Token t = take();
      std::vector<unsigned char> bytes;
      if (!parse_float_text<double, uint64_t>(t, bytes)) return std::nullopt;
      double d;
      std::memcpy(&d, bytes.data(), sizeof d);
      return AttrValue(d);
    }
    error_found("an attribute value");
    return std::nullopt;
  }

  std::optional<int64_t> parse_int(std::string_view what) {
    if (!at(Tok::Number)) {
      error_found(fmt::format("{} (an integer)", what));
      return std::nullopt;
    }
    Token t = take();
    int64_t v = 0;
    auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
    if (r.ec == std::errc::result_out_of_range) {
      error_at(t, fmt::format("integer {} does not fit in 64 bits", t.text));
      return std::nullopt;
    }
    if (r.ec != std::errc() || r.ptr != t.text.data() + t.text.size()) {
      error_at(t, fmt::format("expected {} (an integer), found {}", what, describe(t)));
      return std::nullopt;
    }
    return v;
  }

  // Locates the attribute that normalize_attrs complained about, for the caret.
  std::pair<size_t, size_t> attr_error_place(OpKind op, const std::vector<ParsedAttr>& attrs,
                                             const Token& op_tok) {
    const auto& specs = attr_specs(op);
    for (const ParsedAttr& a : attrs) {
      auto spec = std::find_if(specs.begin(), specs.end(),
                               [&](const AttrSpec& s) { return s.name == a.name; });
      if (spec == specs.end()) return {a.name_offset, a.name_length};
      AttrKind k = attr_kind(a.value);
      if (k != spec->kind && !(spec->kind == AttrKind::Float && k == AttrKind::Int))
        return {a.value_offset, a.value_length};
    }
    return {op_tok.offset, op_tok.length};
  }

  // Where a shape-inference error belongs: at the attribute it names ('strides'), at the
  // operand it numbers ("input 1"), else at the operator.
  std::pair<size_t, size_t> infer_error_place(std::string_view msg,
                                              const std::vector<Operand>& operands,
                                              const std::vector<ParsedAttr>& attrs,
                                              const Token& op_tok) {
    for (const ParsedAttr& a : attrs)
      if (msg.find(fmt::format("'{}'", a.name)) != std::string_view::npos)
        return {a.value_offset, a.value_length};
    if (msg.starts_with("input ")) {
      size_t k = 0;
      auto r = std::from_chars(msg.data() + 6, msg.data() + msg.size(), k);
      if (r.ec == std::errc() && k < operands.size())
        return {operands[k].tok.offset, operands[k].tok.length};
    }
    return {op_tok.offset, op_tok.length};
  }

  // ---- constant data ------------------------------------------------------------------

  // Converts the spelling of a float (shortest decimal, inf, nan, nan(0xBITS)) and appends
  // its bytes; may consume the `(0xBITS)` that follows a `nan` token.
  template <class F, class Bits>
  bool parse_float_text(const Token& t, std::vector<unsigned char>& out) {
    std::string_view s = t.text;
    constexpr std::string_view kName = sizeof(F) == 4 ? "float32" : "float64";
    if (s == "nan" || s == "-nan") {
      Bits bits = std::bit_cast<Bits>(std::numeric_limits<F>::quiet_NaN());
      if (s == "-nan") bits |= Bits{1} << (sizeof(Bits) * 8 - 1);
      if (s == "nan" && at(Tok::LParen)) {
        advance();
        if (!at(Tok::Number) || !cur_.text.starts_with("0x")) {
          error_found("the bit pattern of a NaN (0x...)");
          return false;
        }
        Token b = take();
        auto r = std::from_chars(b.text.data() + 2, b.text.data() + b.text.size(), bits, 16);
        if (r.ec != std::errc() || r.ptr != b.text.data() + b.text.size() || b.text.size() == 2 ||
            !std::isnan(std::bit_cast<F>(bits))) {
          error_at(b, fmt::format("{} is not the bit pattern of a {} NaN", b.text, kName));
          return false;
        }
        if (!expect(Tok::RParen, "')' after the NaN bit pattern")) return false;
      }
      append_value<Bits>(out, bits);
      return true;
    }
    F v{};
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec == std::errc::result_out_of_range) {
      error_at(t, fmt::format("value {} is out of range for {}", s, kName));
      return false;
    }
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) {
      error_at(t, fmt::format("invalid {} value {}", kName, describe(t)));
      return false;
    }
    append_value<F>(out, v);
    return true;
  }

  template <class T>
  bool parse_int_element(const Token& t, std::vector<unsigned char>& out, std::string_view dt) {
    int64_t v = 0;
    auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
    if (r.ec == std::errc() && r.ptr == t.text.data() + t.text.size() &&
        v >= std::numeric_limits<T>::min() && v <= std::numeric_limits<T>::max()) {
      append_value<T>(out, static_cast<T>(v));
      return true;
    }
    if (r.ec == std::errc::result_out_of_range ||
        (r.ec == std::errc() && r.ptr == t.text.data() + t.text.size()))
      error_at(t, fmt::format("value {} is out of range for {}", t.text, dt));
    else
      error_at(t, fmt::format("expected an integer ({} constant), found {}", dt, describe(t)));
    return false;
  }

  bool parse_element(DType dt, std::vector<unsigned char>& out) {
    std::string_view name = dtype_name(dt);
    if (dt == DType::Bool) {
      if (at_ident("true") || at_ident("false")) {
        out.push_back(take().text == "true" ? 1 : 0);
        return true;
      }
      error_found("true or false (bool constant)");
      return false;
    }
    bool number = at(Tok::Number) || (is_float(dt) && (at_ident("nan") || at_ident("inf")));
    if (!number) {
      error_found(fmt::format("a {} value", name));
      return false;
    }
    Token t = take();
    switch (dt) {
      case DType::F32: return parse_float_text<float, uint32_t>(t, out);
      case DType::F64: return parse_float_text<double, uint64_t>(t, out);
      case DType::I8: return parse_int_element<int8_t>(t, out, name);
      case DType::U8: return parse_int_element<uint8_t>(t, out, name);
      case DType::I32: return parse_int_element<int32_t>(t, out, name);
      case DType::I64: return parse_int_element<int64_t>(t, out, name);
      case DType::Bool: return false;  // handled above
    }
    return false;
  }

  // `[v, ...]` after `constant(type)`.
  std::optional<Tensor> parse_inline_data(const ParsedType& pt, const Token& name) {
    Token open = take();  // '['
    std::vector<unsigned char> bytes;
    int64_t count = 0;
    while (!at(Tok::RBracket)) {
      if (!parse_element(pt.type.dtype, bytes)) return std::nullopt;
      ++count;
      if (at(Tok::Comma)) {
        advance();
        continue;
      }
      if (!at(Tok::RBracket)) {
        error_found("',' or ']' in constant data");
        return std::nullopt;
      }
    }
    advance();
    if (count != pt.type.size()) {
      error_range(open.offset, last_end_ - open.offset,
                  fmt::format("constant '{}' has {} values, but {} has {}", value_ref(name.value),
                              count, type_string(pt.type), pt.type.size()));
      return std::nullopt;
    }
    Tensor t(pt.type);
    if (!bytes.empty()) std::memcpy(t.bytes_mut().data(), bytes.data(), bytes.size());
    return t;
  }

  // Loads the weights file once; false (reported once, at `at`) if it is unusable.
  bool load_weights(const Token& at) {
    if (weights_) return true;
    if (weights_failed_) return false;
    weights_failed_ = true;
    if (opts_.weights_path.empty()) {
      error_at(at,
               "constant data is in a weights file, but no weights file was given "
               "(ParseOptions::weights_path)");
      return false;
    }
    std::ifstream in(opts_.weights_path, std::ios::binary | std::ios::ate);
    if (!in) {
      error_at(at, fmt::format("cannot open weights file '{}': {}", opts_.weights_path,
                               std::strerror(errno)));
      return false;
    }
    if (auto size = static_cast<std::streamoff>(in.tellg());
        size > 0 && static_cast<uint64_t>(size) > limits::kMaxFileBytes) {
      error_at(at,
               fmt::format("weights file '{}' has {} bytes, more than the limit of {}",
                           opts_.weights_path, size, limits::format_bytes(limits::kMaxFileBytes)));
      return false;
    }
    in.seekg(0);
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
    if (bytes.size() < kWeightsMagic.size() ||
        std::memcmp(bytes.data(), kWeightsMagic.data(), kWeightsMagic.size()) != 0) {
      error_at(at, fmt::format("'{}' is not a vfuse weights file (bad magic)", opts_.weights_path));
      return false;
    }
    weights_ = std::move(bytes);
    weights_failed_ = false;
    return true;
  }

  // `external(offset, nbytes)` after `constant(type)`.
  std::optional<Tensor> parse_external_data(const ParsedType& pt) {
    Token ext = take();
    if (!expect(Tok::LParen, "'(' after 'external'")) return std::nullopt;
    auto offset = parse_int("a byte offset");
    if (!offset) return std::nullopt;
    if (!expect(Tok::Comma, "',' after the byte offset")) return std::nullopt;
    Token size_tok = cur_;
    auto nbytes = parse_int("a byte count");
    if (!nbytes) return std::nullopt;
    if (!expect(Tok::RParen, "')' after the byte count")) return std::nullopt;
    int64_t want = pt.type.size() * static_cast<int64_t>(dtype_size(pt.type.dtype));
    if (*nbytes != want) {
      error_at(size_tok,
               fmt::format("{} takes {} bytes, not {}", type_string(pt.type), want, *nbytes));
      return std::nullopt;
    }
    if (!load_weights(ext)) return std::nullopt;
    uint64_t size = weights_->size();
    if (*offset < 0 || static_cast<uint64_t>(*offset) > size ||
        static_cast<uint64_t>(*nbytes) > size - static_cast<uint64_t>(*offset)) {
      error_range(ext.offset, last_end_ - ext.offset,
                  fmt::format("bytes [{}, {}) lie outside the weights file '{}' ({} bytes)",
                              *offset, *offset + *nbytes, opts_.weights_path, size));
      return std::nullopt;
    }
    Tensor t(pt.type);
    if (*nbytes > 0) std::memcpy(t.bytes_mut().data(), weights_->data() + *offset, *nbytes);
    return t;
  }

  // `constant(type) data`, after `%name = constant`.
  bool parse_constant(const Token& name, bool name_ok) {
    if (!expect(Tok::LParen, "'(' after 'constant'")) return false;
    auto pt = parse_type();
    if (!pt) return false;
    if (!expect(Tok::RParen, "')' after the constant's type")) return false;
    std::optional<Tensor> data;
    if (at(Tok::LBracket)) {
      data = parse_inline_data(*pt, name);
    } else if (at_ident("external")) {
      data = parse_external_data(*pt);
    } else if (at(Tok::Less)) {
      size_t start = cur_.offset;
      while (!at(Tok::Eof) && !at(Tok::Greater) && !(cur_.line_start && cur_.offset > start))
        advance();
      if (at(Tok::Greater)) advance();
      error_range(start, last_end_ - start,
                  fmt::format("the data of constant '{}' was elided when printing; this text "
                              "cannot be parsed back (print without elide_constants_over)",
                              value_ref(name.value)));
      return false;
    } else {
      error_found("constant data ('[...]' or 'external(offset, nbytes)')");
      return false;
    }
    if (!data) return false;
    if (name_ok) define(name, g_.add_constant(name.value, std::move(*data)));
    return true;
  }

  // ---- statements ---------------------------------------------------------------------

  // `op(args) : type`, after `%name = op`.
  bool parse_op(const Token& name, bool name_ok, const Token& op_tok) {
    std::vector<Operand> operands;
    std::vector<ParsedAttr> attrs;
    bool broken_operand = false;
    if (!expect(Tok::LParen, fmt::format("'(' after '{}'", op_tok.text))) return false;
    while (!at(Tok::RParen)) {
      if (at(Tok::Value)) {
        Token ref = take();
        NodeId id = resolve(ref);
        broken_operand |= !id.valid();
        operands.push_back({std::move(ref), id});
      } else if (at(Tok::Ident)) {
        Token key = take();
        if (!expect(Tok::Equal, fmt::format("'=' after attribute name '{}'", key.text)))
          return false;
        size_t value_start = cur_.offset;
        auto value = parse_attr_value();
        if (!value) return false;
        attrs.push_back({std::string(key.text), key.offset, key.length, value_start,
                         last_end_ - value_start, std::move(*value)});
      } else {
        error_found("an operand or an attribute");
        return false;
      }
      if (at(Tok::Comma)) {
        advance();
        continue;
      }
      if (!at(Tok::RParen)) {
        error_found("',' or ')'");
        return false;
      }
    }
    advance();
    if (!expect(Tok::Colon, "':' and the node's type after the operands")) return false;
    auto stated = parse_type();
    if (!stated) return false;

    // The statement is well formed; now check it against the op table.
    auto op = op_from_name(op_tok.text);
    if (!op) {
      error_at(op_tok, fmt::format("unknown operator '{}'", op_tok.text));
      return false;
    }
    if (*op == OpKind::Input || *op == OpKind::Constant) {
      error_at(op_tok, fmt::format("'{}' cannot be called like an operator; {}", op_tok.text,
                                   *op == OpKind::Input ? "graph inputs are declared in the "
                                                          "graph's parameter list"
                                                        : "write 'constant(type) [values]'"));
      return false;
    }
    const OpInfo& info = op_info(*op);
    int n = static_cast<int>(operands.size());
    if (n < info.min_inputs || (info.max_inputs >= 0 && n > info.max_inputs)) {
      std::string range = info.max_inputs < 0 ? fmt::format("at least {}", info.min_inputs)
                          : info.min_inputs == info.max_inputs
                              ? fmt::format("{}", info.min_inputs)
                              : fmt::format("{} to {}", info.min_inputs, info.max_inputs);
      bool one = info.min_inputs == 1 && info.max_inputs <= 1;
      std::string msg =
          fmt::format("'{}' takes {} operand{}, got {}", info.name, range, one ? "" : "s", n);
      if (n > info.max_inputs && info.max_inputs >= 0)
        error_at(operands[static_cast<size_t>(info.max_inputs)].tok, std::move(msg));
      else
        error_at(op_tok, std::move(msg));
      return false;
    }
    Attrs attr_map;
    bool attrs_ok = true;
    for (size_t i = 0; i < attrs.size(); ++i) {
      if (attr_map.has(attrs[i].name)) {
        error_range(attrs[i].name_offset, attrs[i].name_length,
                    fmt::format("duplicate attribute '{}'", attrs[i].name));
        attrs_ok = false;
        continue;
      }
      attr_map.set(attrs[i].name, attrs[i].value);
    }
    if (!attrs_ok) return false;
    if (auto r = normalize_attrs(*op, attr_map); !r) {
      auto [off, len] = attr_error_place(*op, attrs, op_tok);
      error_range(off, len, r.error().message);
      return false;
    }
    if (broken_operand) return false;  // already reported where the operand was defined

    Node node;
    node.op = *op;
    node.name = name.value;
    for (const Operand& o : operands) node.inputs.push_back(o.id);
    node.attrs = std::move(attr_map);
    auto inferred = infer_node_type(g_, node);
    if (!inferred) {
      auto [off, len] = infer_error_place(inferred.error().message, operands, attrs, op_tok);
      error_range(off, len, fmt::format("invalid '{}': {}", info.name, inferred.error().message));
      return false;
    }
    if (*inferred != stated->type) {
      error_range(stated->offset, stated->length,
                  fmt::format("type mismatch: '{}' computes {}, but the text says {}", info.name,
                              type_string(*inferred), type_string(stated->type)));
      return false;
    }
    if (name_ok)
      define(name, g_.add_node(*op, name.value, std::move(node.inputs), std::move(node.attrs),
                               *inferred));
    return true;
  }

  // `%name = ...`: one node.
  void parse_statement() {
    size_t stmt = index_;
    Token name = take();
    bool name_ok = check_new_name(name);
    bool ok = false;
    if (expect(Tok::Equal, fmt::format("'=' after '{}'", value_ref(name.value)))) {
      if (!at(Tok::Ident)) {
        error_found("an operator name");
      } else {
        Token op = take();
        ok = op.text == "constant" ? parse_constant(name, name_ok) : parse_op(name, name_ok, op);
      }
    }
    if (!ok) {
      if (name_ok) poison(name);
      skip_statement(stmt);
    }
  }

  // `%name: type` in the parameter list.
  bool parse_param() {
    if (!at(Tok::Value)) {
      error_at(cur_, fmt::format("expected a parameter '%name: type', found {}", describe(cur_)));
      return false;
    }
    Token name = take();
    bool name_ok = check_new_name(name);
    bool ok = expect(Tok::Colon, "':' after the parameter name");
    bool weight = ok && at_ident("weight");
    if (weight) advance();
    std::optional<ParsedType> pt;
    if (ok) pt = parse_type();
    if (!pt) {
      if (name_ok) poison(name);
      return false;
    }
    if (name_ok) define(name, g_.add_input(name.value, pt->type, weight));
    return true;
  }

  // Skips a broken parameter: to the ',' or ')' that ends it, or the '{' of the body.
  void skip_param() {
    int depth = 0;
    while (!at(Tok::Eof) && !at(Tok::LBrace)) {
      if (depth == 0 && (at(Tok::Comma) || at(Tok::RParen))) return;
      if (at(Tok::LParen) || at(Tok::LBracket)) ++depth;
      if ((at(Tok::RParen) || at(Tok::RBracket)) && depth > 0) --depth;
      advance();
    }
  }

  void parse_return() {
    size_t stmt = index_;
    advance();  // 'return'
    bool ok = true;
    if (at(Tok::Value)) {
      while (true) {
        if (!at(Tok::Value)) {
          error_found("a value to return");
          ok = false;
          break;
        }
        Token ref = take();
        NodeId id = resolve(ref);
        if (id.valid()) g_.add_output(id);
        if (!at(Tok::Comma)) break;
        advance();
      }
    }
    if (ok && !at(Tok::RBrace) && !at(Tok::Eof) && !cur_.line_start) {
      error_found("',' or the end of the return list");
      ok = false;
    }
    if (!ok) skip_statement(stmt);
  }

  // The printer's first line names the format version; other versions are not guessed at.
  void check_version() {
    constexpr std::string_view kHeader = "# vfuse graph v";
    std::string_view text = src_.text();
    if (!text.starts_with(kHeader)) return;
    std::string_view version = text.substr(kHeader.size(), text.find('\n') - kHeader.size());
    if (version.ends_with('\r')) version.remove_suffix(1);
    if (version != "1")
      error_range(kHeader.size() - 1, version.size() + 1,
                  fmt::format("unsupported IR text version 'v{}' (this build reads v1)", version));
  }

  void parse_graph() {
    check_version();
    if (!at_ident("graph")) {
      error_at(cur_, fmt::format("expected 'graph', found {}", describe(cur_)));
      return;
    }
    advance();
    if (!expect(Tok::LParen, "'(' after 'graph'")) return;
    while (!at(Tok::RParen)) {
      if (!parse_param()) {
        skip_param();
        if (at(Tok::Eof) || at(Tok::LBrace)) break;
      }
      if (at(Tok::Comma)) {
        advance();
        continue;
      }
      if (!at(Tok::RParen)) {
        error_found("',' or ')' after a parameter");
        skip_param();
        if (at(Tok::Comma)) advance();
        if (at(Tok::Eof) || at(Tok::LBrace)) break;
      }
    }
    if (at(Tok::RParen)) advance();
    if (!expect(Tok::LBrace, "'{' to start the graph body")) {
      while (!at(Tok::Eof) && !at(Tok::LBrace) && !at(Tok::Value)) advance();
      if (at(Tok::LBrace)) advance();
    }

    bool returned = false;
    while (!at(Tok::Eof) && !at(Tok::RBrace)) {
      if (at(Tok::Value)) {
        if (returned) {
          error_at(cur_, "statement after 'return'");
          skip_statement(index_);
          continue;
        }
        if (g_.size() >= limits::kMaxNodes) {  // bounds the graph's memory
          error_at(cur_,
                   fmt::format("too many nodes: a graph may have at most {}", limits::kMaxNodes));
          return;
        }
        parse_statement();
      } else if (at_ident("return")) {
        if (returned) error_at(cur_, "a graph has one 'return'");
        returned = true;
        parse_return();
      } else {
        error_at(cur_, fmt::format("expected a statement '%name = ...' or 'return', found {}",
                                   describe(cur_)));
        skip_statement(index_);
      }
    }
    if (at(Tok::Eof)) {
      error_at(cur_, "unexpected end of input: the graph body is not closed with '}'");
      return;
    }
    if (!returned) error_at(cur_, "the graph has no 'return'");
    advance();  // '}'
    if (!at(Tok::Eof)) error_at(cur_, fmt::format("unexpected {} after the graph", describe(cur_)));
  }

  const SourceFile& src_;
  DiagnosticSink& diags_;
  const ParseOptions& opts_;
  Lexer lex_;
  Token cur_;
  size_t index_ = 0;     // number of tokens read, to tell statements apart
  size_t last_end_ = 0;  // end offset of the last consumed token
  bool eof_reported_ = false;

  Graph g_;
  std::unordered_map<std::string, NodeId> values_;
  std::unordered_map<std::string, std::pair<size_t, size_t>> def_offset_;  // name -> token
  std::unordered_set<std::string> poisoned_;
  std::optional<std::vector<unsigned char>> weights_;
  bool weights_failed_ = false;
};

}  // namespace

std::optional<Graph> parse_graph(const SourceFile& src, DiagnosticSink& diags,
                                 const ParseOptions& opts) {
  return Parser(src, diags, opts).parse();
}

}  // namespace vf
