#include "ir/npy.h"

#include "support/atomic_file.h"
#include "support/limits.h"
#include "support/text_cursor.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <bit>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <vector>

namespace vf {
namespace {

static_assert(std::endian::native == std::endian::little,
              ".npy I/O copies little-endian data as is");

constexpr std::string_view kMagic = "\x93NUMPY";
constexpr size_t kAlign = 64;  // numpy aligns the data start to 64 bytes

std::string_view descr_of(DType t) {
  switch (t) {
    case DType::F32: return "<f4";
    case DType::F64: return "<f8";
    case DType::I8: return "|i1";
    case DType::U8: return "|u1";
    case DType::I32: return "<i4";
    case DType::I64: return "<i8";
    case DType::Bool: return "|b1";
  }
  return "?";
}

// Maps a descr to a dtype. Byte order is irrelevant for one-byte types; multi-byte ones
// must be little-endian ('<', or '=' native on this little-endian host).
Result<DType> dtype_of(std::string_view d, const std::string& name) {
  if (d.size() == 3 && d[0] == '>' && d[2] != '1')
    return Error{fmt::format("{}: big-endian dtype '{}' is not supported", name, d)};
  struct Entry {
    std::string_view code;
    DType t;
  };
  static constexpr Entry kTable[] = {{"f4", DType::F32}, {"f8", DType::F64}, {"i1", DType::I8},
                                     {"u1", DType::U8},  {"i4", DType::I32}, {"i8", DType::I64},
                                     {"b1", DType::Bool}};
  if (d.size() == 3 && (d[0] == '<' || d[0] == '=' || d[0] == '|' || d[0] == '>')) {
    for (const auto& e : kTable) {
      if (d.substr(1) != e.code) continue;
      if (d[0] == '|' && dtype_size(e.t) != 1) break;  // '|' means "no byte order"
      return e.t;
    }
  }
  return Error{
      fmt::format("{}: unsupported dtype '{}' (supported: <f4 <f8 |i1 |u1 <i4 <i8 |b1)", name, d)};
}

// The header is a Python dict literal, e.g.
//   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class HeaderParser : TextCursor {
 public:
  HeaderParser(std::string_view text, const std::string& name) : TextCursor(text), name_(name) {}

  struct Header {
    std::string descr;
    bool fortran_order = false;
    Shape shape;
  };

  Result<Header> parse() {
    Header h;
    bool has_descr = false, has_order = false, has_shape = false;
    skip_ws();
    if (!eat('{')) return fail("expected '{'");
    while (true) {
      skip_ws();
      if (eat('}')) break;
      auto key = string();
      if (!key) return fail("expected a quoted key");
      skip_ws();
      if (!eat(':')) return fail("expected ':'");
      skip_ws();
      if (*key == "descr") {
        auto v = string();
        if (!v) return fail("'descr' must be a string");
        h.descr = *v;
        has_descr = true;
      } else if (*key == "fortran_order") {
        if (s_.substr(i_).starts_with("True")) {
          h.fortran_order = true;
          i_ += 4;
        } else if (s_.substr(i_).starts_with("False")) {
          i_ += 5;
        } else {
          return fail("'fortran_order' must be True or False");
        }
        has_order = true;
      } else if (*key == "shape") {
        auto sh = tuple();
        if (!sh) return fail("'shape' must be a tuple of non-negative integers");
        h.shape = std::move(*sh);
        has_shape = true;
      } else {
        return Error{fmt::format("{}: bad header: unexpected key '{}'", name_, *key)};
      }
      skip_ws();
      if (eat(',')) continue;
      skip_ws();
      if (eat('}')) break;
      return fail("expected ',' or '}'");
    }
    skip_ws();
    if (i_ != s_.size()) return fail("unexpected text after the dict");
    if (!has_descr || !has_order || !has_shape)
      return Error{
          fmt::format("{}: bad header: it must have the keys 'descr', 'fortran_order' "
                      "and 'shape'",
                      name_)};
    return h;
  }

 private:
  Error fail(std::string_view what) {
    return Error{fmt::format("{}: bad header: {} at header byte {}", name_, what, i_)};
  }
  std::optional<std::string> string() {
    if (i_ >= s_.size() || (s_[i_] != '\'' && s_[i_] != '"')) return std::nullopt;
    char q = s_[i_];
    size_t end = s_.find(q, i_ + 1);
    if (end == std::string_view::npos) return std::nullopt;
    std::string v(s_.substr(i_ + 1, end - i_ - 1));
    i_ = end + 1;
    return v;
  }
  std::optional<Shape> tuple() {
    if (!eat('(')) return std::nullopt;
    Shape shape;
    while (true) {
      skip_ws();
      if (eat(')')) return shape;
      size_t start = i_;
      int64_t v = 0;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') {
        if (v > (std::numeric_limits<int64_t>::max() - 9) / 10) return std::nullopt;
        v = v * 10 + (s_[i_++] - '0');
      }
      if (i_ == start) return std::nullopt;
      eat('L');  // written by Python 2 numpy
      shape.push_back(v);
      skip_ws();
      if (eat(',')) continue;
      skip_ws();
      if (eat(')')) return shape;
      return std::nullopt;
    }
  }

  const std::string& name_;
};

uint32_t read_le(std::span<const unsigned char> b, size_t at, size_t n) {
  uint32_t v = 0;
  for (size_t k = 0; k < n; ++k) v |= static_cast<uint32_t>(b[at + k]) << (8 * k);
  return v;
}

}  // namespace

Result<Tensor> parse_npy(std::span<const unsigned char> bytes, const std::string& name) {
  if (bytes.size() < kMagic.size() + 2 ||
      std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0)
    return Error{fmt::format("{}: not a .npy file (bad magic)", name)};
  unsigned major = bytes[6], minor = bytes[7];
  if ((major != 1 && major != 2 && major != 3) || minor != 0)
    return Error{fmt::format("{}: unsupported .npy format version {}.{}", name, major, minor)};
  size_t len_size = major == 1 ? 2 : 4;
  size_t header_start = 8 + len_size;
  if (bytes.size() < header_start)
    return Error{fmt::format("{}: truncated: the file ends inside the header length", name)};
  size_t header_len = read_le(bytes, 8, len_size);
  if (bytes.size() - header_start < header_len)
    return Error{
        fmt::format("{}: truncated: the header is {} bytes, the file has {} after the "
                    "preamble",
                    name, header_len, bytes.size() - header_start)};
  std::string_view header(reinterpret_cast<const char*>(bytes.data()) + header_start, header_len);
  auto h = HeaderParser(header, name).parse();
  if (!h) return h.error();
  if (h->fortran_order)
    return Error{
        fmt::format("{}: fortran_order True is not supported (write a C-order array)", name)};
  auto dtype = dtype_of(h->descr, name);
  if (!dtype) return dtype.error();

  // Checked before the multiplication by the element size, which must not wrap around.
  auto elements = limits::checked_num_elements(h->shape);
  if (!elements)
    return Error{fmt::format("{}: bad header: shape {} has more than {} elements", name,
                             shape_string(h->shape), limits::kMaxTensorElements)};
  uint64_t want = static_cast<uint64_t>(*elements) * dtype_size(*dtype);
  uint64_t have = bytes.size() - header_start - header_len;
  if (want != have)
    return Error{
        fmt::format("{}: size mismatch: shape {} of {} needs {} data bytes, the file has {}", name,
                    shape_string(h->shape), dtype_name(*dtype), want, have)};
  Tensor t(TensorType{*dtype, h->shape});
  if (want > 0) std::memcpy(t.bytes_mut().data(), bytes.data() + header_start + header_len, want);
  return t;
}

Result<Tensor> read_npy(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return Error{fmt::format("{}: is a directory", path)};
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return Error{fmt::format("{}: cannot open: {}", path, std::strerror(errno))};
  auto size = static_cast<std::streamoff>(in.tellg());
  if (size < 0) return Error{fmt::format("{}: cannot tell its size", path)};
  if (static_cast<uint64_t>(size) > limits::kMaxFileBytes)
    return Error{fmt::format("{}: the file has {} bytes, more than the limit of {}", path, size,
                             limits::format_bytes(limits::kMaxFileBytes))};
  in.seekg(0);
  std::vector<unsigned char> bytes(static_cast<size_t>(size));
  if (size > 0) in.read(reinterpret_cast<char*>(bytes.data()), size);
  if (in.bad() || (size > 0 && in.gcount() != size))
    return Error{fmt::format("{}: read error", path)};
  return parse_npy(bytes, path);
}

std::string npy_bytes(const Tensor& t) {
  const Shape& s = t.shape();
  std::string shape =
      s.size() == 1 ? fmt::format("({},)", s[0]) : fmt::format("({})", fmt::join(s, ", "));
  std::string dict = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}",
                                 descr_of(t.dtype()), shape);
  // Pad with spaces and end with '\n' so that the data starts at a multiple of 64.
  size_t len_size = 2;
  size_t total = (10 + dict.size() + 1 + kAlign - 1) / kAlign * kAlign;
  if (total - 10 > 0xffff) {
    len_size = 4;
    total = (12 + dict.size() + 1 + kAlign - 1) / kAlign * kAlign;
  }
  size_t header_len = total - 8 - len_size;
  dict.resize(header_len - 1, ' ');
  dict += '\n';

  std::string out(kMagic);
  out += static_cast<char>(len_size == 2 ? 1 : 2);
  out += '\0';
  for (size_t k = 0; k < len_size; ++k) out += static_cast<char>((header_len >> (8 * k)) & 0xff);
  out += dict;
  out.append(reinterpret_cast<const char*>(t.bytes().data()), t.bytes().size());
  return out;
}

Result<void> write_npy(const std::string& path, const Tensor& t) {
  return write_file_atomically(path, npy_bytes(t));
}

std::string npy_file_name(const std::string& name) {
  std::string s = name;
  for (char& c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) c = '_';
  return s + ".npy";
}

}  // namespace vf
