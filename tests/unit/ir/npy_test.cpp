// .npy reading and writing: hand-made byte buffers for each format version and each
// failure, round trips for every dtype and rank, and (when python3 has numpy) a
// cross-check in both directions against numpy itself.
#include "ir/npy.h"

#include <fmt/format.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;

namespace vf {
namespace {

std::vector<unsigned char> bytes_of(std::string_view s) { return {s.begin(), s.end()}; }

// A .npy buffer with the given version and header dict (padded as numpy does), then data.
std::vector<unsigned char> npy_buffer(int major, std::string dict, std::string_view data) {
  size_t pre = major == 1 ? 10 : 12;
  size_t total = (pre + dict.size() + 1 + 63) / 64 * 64;
  dict.resize(total - pre - 1, ' ');
  dict += '\n';
  std::string out("\x93NUMPY", 6);
  out += static_cast<char>(major);
  out += '\0';
  size_t len = dict.size();
  for (size_t k = 0; k < pre - 8; ++k) out += static_cast<char>((len >> (8 * k)) & 0xff);
  out += dict;
  out += data;
  return bytes_of(out);
}

std::string floats(std::initializer_list<float> v) {
  return std::string(reinterpret_cast<const char*>(std::data(v)), v.size() * sizeof(float));
}

struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("vf_npy_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

TEST_CASE("npy: reads version 1.0 and 2.0 buffers", "[ir][npy]") {
  std::string data = floats({1, 2, 3, 4, 5, 6});
  for (int major : {1, 2, 3}) {
    auto buf =
        npy_buffer(major, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", data);
    auto t = parse_npy(buf, "a.npy");
    INFO("version " << major);
    REQUIRE(t.ok());
    CHECK(t->dtype() == DType::F32);
    CHECK(t->shape() == Shape{2, 3});
    CHECK(t->to_doubles() == std::vector<double>{1, 2, 3, 4, 5, 6});
  }
  // Key order, quotes and spacing are free; Python 2 long suffixes are accepted.
  auto buf =
      npy_buffer(1, "{\"shape\":(3L,),'fortran_order':False,'descr':'<f4'}", floats({7, 8, 9}));
  auto t = parse_npy(buf, "b.npy");
  REQUIRE(t.ok());
  CHECK(t->shape() == Shape{3});
  CHECK(t->get(2) == 9);
}

TEST_CASE("npy: every dtype, rank 0 and empty arrays", "[ir][npy]") {
  struct Case {
    const char* descr;
    DType dtype;
  };
  for (Case c : {Case{"<f4", DType::F32}, Case{"<f8", DType::F64}, Case{"|i1", DType::I8},
                 Case{"|u1", DType::U8}, Case{"<i4", DType::I32}, Case{"<i8", DType::I64},
                 Case{"|b1", DType::Bool}}) {
    INFO(c.descr);
    std::string data(dtype_size(c.dtype), '\x01');
    auto t = parse_npy(npy_buffer(1,
                                  fmt::format("{{'descr': '{}', 'fortran_order': False, "
                                              "'shape': (), }}",
                                              c.descr),
                                  data),
                       "s.npy");
    REQUIRE(t.ok());
    CHECK(t->dtype() == c.dtype);
    CHECK(t->shape().empty());
    CHECK(t->bytes() == std::vector<unsigned char>(data.begin(), data.end()));
  }
  auto e = parse_npy(
      npy_buffer(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (0, 5), }", ""), "e.npy");
  REQUIRE(e.ok());
  CHECK(e->shape() == Shape{0, 5});
  CHECK(e->size() == 0);
}

TEST_CASE("npy: malformed files name the file and the problem", "[ir][npy]") {
  std::string good_dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  auto err = [](const std::vector<unsigned char>& b) {
    auto t = parse_npy(b, "x.npy");
    REQUIRE(!t.ok());
    return t.error().message;
  };
  CHECK(err(bytes_of("PK\x03\x04 not numpy")) == "x.npy: not a .npy file (bad magic)");
  CHECK(err(bytes_of("")) == "x.npy: not a .npy file (bad magic)");
  CHECK(err(bytes_of(std::string("\x93NUMPY\x01\x00", 8))) ==
        "x.npy: truncated: the file ends inside the header length");
  CHECK(err(bytes_of(std::string("\x93NUMPY\x04\x00\x10\x00", 10))) ==
        "x.npy: unsupported .npy format version 4.0");
  CHECK(err(bytes_of(std::string("\x93NUMPY\x01\x00\x76\x00{'descr'", 17))) ==
        "x.npy: truncated: the header is 118 bytes, the file has 7 after the preamble");

  auto full = npy_buffer(1, good_dict, floats({1, 2}));
  full.pop_back();
  CHECK(err(full) ==
        "x.npy: size mismatch: shape (2) of float32 needs 8 data bytes, the file has 7");
  full = npy_buffer(1, good_dict, floats({1, 2, 3}));
  CHECK(err(full) ==
        "x.npy: size mismatch: shape (2) of float32 needs 8 data bytes, the file has 12");

  CHECK(err(npy_buffer(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }",
                       floats({1, 2}))) ==
        "x.npy: fortran_order True is not supported (write a C-order array)");
  CHECK(err(npy_buffer(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }",
                       floats({1, 2}))) == "x.npy: big-endian dtype '>f4' is not supported");
  CHECK(err(npy_buffer(1, "{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }", "abcd")) ==
        "x.npy: unsupported dtype '<f2' (supported: <f4 <f8 |i1 |u1 <i4 <i8 |b1)");
  CHECK(err(npy_buffer(1, "{'descr': '<f4', 'shape': (2,), }", floats({1, 2}))) ==
        "x.npy: bad header: it must have the keys 'descr', 'fortran_order' and 'shape'");
  CHECK(err(npy_buffer(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, -1), }", "")) ==
        "x.npy: bad header: 'shape' must be a tuple of non-negative integers at header byte 54");
  CHECK(err(npy_buffer(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}", "")) ==
        "x.npy: bad header: unexpected key 'x'");
  CHECK(err(npy_buffer(1, "['descr']", "")) == "x.npy: bad header: expected '{' at header byte 0");
  CHECK(err(npy_buffer(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } junk", "")) ==
        "x.npy: bad header: unexpected text after the dict at header byte 58");
}

TEST_CASE("npy: written files have numpy's layout and read back", "[ir][npy]") {
  Tensor t = Tensor::from_floats({2, 3}, std::vector<float>{1, -2, 3.5f, 0.1f, -0.0f, 6});
  std::string b = npy_bytes(t);
  CHECK(b.substr(0, 10) == std::string("\x93NUMPY\x01\x00\x76\x00", 10));
  CHECK(b.substr(10, 59) == "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }");
  CHECK(b.size() == 128 + 24);
  CHECK(b[127] == '\n');
  CHECK(npy_bytes(Tensor::scalar(DType::I64, 5)).find("'shape': (), }") != std::string::npos);
  CHECK(npy_bytes(Tensor(TensorType{DType::U8, {7}})).find("'shape': (7,), }") !=
        std::string::npos);

  TempDir dir;
  for (DType dt :
       {DType::F32, DType::F64, DType::I8, DType::U8, DType::I32, DType::I64, DType::Bool}) {
    for (const Shape& shape : {Shape{}, Shape{5}, Shape{2, 3}, Shape{1, 2, 1, 3, 2}, Shape{3, 0}}) {
      Tensor x(TensorType{dt, shape});
      for (int64_t i = 0; i < x.size(); ++i) x.set(i, dt == DType::Bool ? i % 2 : (i * 7 % 11) - 3);
      std::string path = (dir.path / "t.npy").string();
      REQUIRE(write_npy(path, x).ok());
      auto y = read_npy(path);
      INFO(dtype_name(dt) << " " << shape_string(shape));
      REQUIRE(y.ok());
      CHECK(*y == x);
    }
  }
  // No temporary files are left behind.
  CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 1);
}

TEST_CASE("npy: a header past 64 KiB is written as version 2.0", "[ir][npy]") {
  Tensor t(TensorType{DType::F32, Shape(30000, 1)});
  t.set(0, 42);
  std::string b = npy_bytes(t);
  CHECK(b[6] == '\x02');
  CHECK((b.size() - 4) % 64 == 0);
  auto back = parse_npy(bytes_of(b), "big.npy");
  REQUIRE(back.ok());
  CHECK(*back == t);
}

TEST_CASE("npy: file errors name the path", "[ir][npy]") {
  TempDir dir;
  auto r = read_npy((dir.path / "missing.npy").string());
  REQUIRE(!r.ok());
  CHECK(r.error().message ==
        (dir.path / "missing.npy").string() + ": cannot open: No such file or directory");
  std::string path = (dir.path / "bad.npy").string();
  std::ofstream(path) << "not numpy";
  r = read_npy(path);
  REQUIRE(!r.ok());
  CHECK(r.error().message == path + ": not a .npy file (bad magic)");
  auto w = write_npy((dir.path / "nodir" / "x.npy").string(), Tensor::scalar(DType::F32, 1));
  REQUIRE(!w.ok());
  CHECK(w.error().message.find("nodir/x.npy: cannot create file") != std::string::npos);
}

// A python3 that can import numpy, or empty.
std::string python_with_numpy() {
  for (const char* py : {"python3", "/usr/bin/python3"}) {
    std::string cmd = std::string(py) + " -c 'import numpy' >/dev/null 2>&1";
    if (std::system(cmd.c_str()) == 0) return py;
  }
  return {};
}

TEST_CASE("npy: agrees with numpy in both directions", "[ir][npy]") {
  std::string py = python_with_numpy();
  if (py.empty()) {
    WARN("python3 with numpy is not available; skipping the numpy cross-check");
    return;
  }
  TempDir dir;
  // vfuse writes, numpy checks.
  Tensor f = Tensor::from_floats({2, 3}, std::vector<float>{1, -2, 3.5f, 0.1f, -0.0f, 6});
  REQUIRE(write_npy((dir.path / "f.npy").string(), f).ok());
  Tensor i = Tensor::from_doubles({DType::I64, {4}}, std::vector<double>{-5, 0, 7, 1e15});
  REQUIRE(write_npy((dir.path / "i.npy").string(), i).ok());
  Tensor s = Tensor::scalar(DType::Bool, 1);
  REQUIRE(write_npy((dir.path / "s.npy").string(), s).ok());
  std::string script = (dir.path / "check.py").string();
  std::ofstream(script)
      << "import numpy as np, sys\n"
         "d = sys.argv[1]\n"
         "f = np.load(d + '/f.npy')\n"
         "assert f.dtype == np.float32 and f.shape == (2, 3), (f.dtype, f.shape)\n"
         "assert (f == np.array([[1, -2, 3.5], [0.1, -0.0, 6]], np.float32)).all()\n"
         "assert np.signbit(f[1, 1])\n"
         "i = np.load(d + '/i.npy')\n"
         "assert i.dtype == np.int64 and list(i) == [-5, 0, 7, 10**15]\n"
         "s = np.load(d + '/s.npy')\n"
         "assert s.dtype == np.bool_ and s.shape == () and bool(s)\n"
         "np.save(d + '/np_f8.npy', np.arange(24, dtype='<f8').reshape(2, 3, 4) / 7)\n"
         "np.save(d + '/np_u1.npy', np.array([0, 255, 128], dtype=np.uint8))\n"
         "np.save(d + '/np_b1.npy', np.array([[True, False]]))\n"
         "np.save(d + '/np_i4.npy', np.int32(-7))\n"
         "np.save(d + '/np_big.npy', np.zeros((1,) * 32, dtype='<i1'))\n"
         "np.save(d + '/np_fortran.npy', np.asfortranarray(np.ones((2, 3), 'f4')))\n"
         "np.lib.format.write_array(open(d + '/np_v2.npy', 'wb'), np.ones(3, 'f4'),"
         " version=(2, 0))\n";
  std::string cmd = py + " '" + script + "' '" + dir.path.string() + "'";
  REQUIRE(std::system(cmd.c_str()) == 0);

  // numpy writes, vfuse reads.
  auto f8 = read_npy((dir.path / "np_f8.npy").string());
  REQUIRE(f8.ok());
  CHECK(f8->dtype() == DType::F64);
  CHECK(f8->shape() == Shape{2, 3, 4});
  for (int64_t k = 0; k < 24; ++k) CHECK(f8->get(k) == static_cast<double>(k) / 7);
  auto u1 = read_npy((dir.path / "np_u1.npy").string());
  REQUIRE(u1.ok());
  CHECK(u1->to_doubles() == std::vector<double>{0, 255, 128});
  auto b1 = read_npy((dir.path / "np_b1.npy").string());
  REQUIRE(b1.ok());
  CHECK(b1->dtype() == DType::Bool);
  CHECK(b1->shape() == Shape{1, 2});
  CHECK(b1->to_doubles() == std::vector<double>{1, 0});
  auto i4 = read_npy((dir.path / "np_i4.npy").string());
  REQUIRE(i4.ok());
  CHECK(i4->shape().empty());
  CHECK(i4->get(0) == -7);
  auto big = read_npy((dir.path / "np_big.npy").string());
  REQUIRE(big.ok());
  CHECK(big->shape() == Shape(32, 1));
  auto v2 = read_npy((dir.path / "np_v2.npy").string());
  REQUIRE(v2.ok());
  CHECK(v2->to_doubles() == std::vector<double>{1, 1, 1});
  auto fortran = read_npy((dir.path / "np_fortran.npy").string());
  REQUIRE(!fortran.ok());
  CHECK(fortran.error().message.find("fortran_order True is not supported") != std::string::npos);
}

}  // namespace
}  // namespace vf
