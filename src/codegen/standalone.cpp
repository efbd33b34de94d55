// The standalone build of an emitted model: model.cpp and the weights written next to the
// kernel library, a driver (main.cpp) that reads .npy inputs and times runs, a Makefile and
// a README, so that the model builds and runs without vfuse.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "codegen/emit.h"

namespace vf::codegen {

namespace {

const char* kMain =
    R"(// Standalone driver of an emitted vfuse model: ./model [in0.npy ...] [--bench N]
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" int vf_abi_version();
extern "C" int64_t vf_arena_elements();
extern "C" int64_t vf_weights_elements();
extern "C" int vf_num_inputs();
extern "C" int vf_num_outputs();
extern "C" int64_t vf_input_elements(int k);
extern "C" int64_t vf_output_elements(int k);
extern "C" const char* vf_input_name(int k);
extern "C" const char* vf_output_name(int k);
extern "C" void vf_run(const float*, float*, const float* const*, float* const*);

static float* alloc(int64_t n) {
  size_t bytes = (static_cast<size_t>(n) * sizeof(float) + 63) / 64 * 64 + 64;
  float* p = static_cast<float*>(std::aligned_alloc(64, bytes));
  std::memset(p, 0, bytes);
  return p;
}

// The .npy dtypes and element sizes of VF_IN_TYPES' codes: 0 float32, 1 int8, 2 uint8,
// 3 int32, 4 int64.
static const char* const kDescr[] = {"'<f4'", "'|i1'", "'|u1'", "'<i4'", "'<i8'"};
static const size_t kSize[] = {4, 1, 1, 4, 8};

// A little-endian C-order .npy file of type code `type` with n elements.
static bool read_npy(const char* path, void* out, int64_t n, int type) {
  FILE* f = std::fopen(path, "rb");
  if (!f) return false;
  unsigned char head[10];
  bool ok = std::fread(head, 1, 10, f) == 10 && std::memcmp(head, "\x93NUMPY", 6) == 0;
  size_t hlen = 0, pre = 10;
  if (ok && head[6] == 1) hlen = head[8] | (head[9] << 8);
  else if (ok) {
    unsigned char ext[2];
    ok = std::fread(ext, 1, 2, f) == 2;
    hlen = head[8] | (head[9] << 8) | (ext[0] << 16) | (ext[1] << 24);
    pre = 12;
  }
  std::string h(hlen, ' ');
  ok = ok && std::fread(h.data(), 1, hlen, f) == hlen;
  ok = ok && h.find(kDescr[type]) != std::string::npos && h.find("'fortran_order': False") != std::string::npos;
  int64_t count = 1;
  if (ok) {
    size_t a = h.find('(', h.find("'shape'")), b = h.find(')', a);
    std::string dims = h.substr(a + 1, b - a - 1);
    for (size_t i = 0; i < dims.size();) {
      size_t j = dims.find(',', i);
      std::string d = dims.substr(i, j == std::string::npos ? std::string::npos : j - i);
      if (d.find_first_of("0123456789") != std::string::npos) count *= std::atoll(d.c_str());
      if (j == std::string::npos) break;
      i = j + 1;
    }
  }
  ok = ok && count == n && std::fread(out, kSize[type], static_cast<size_t>(n), f) == static_cast<size_t>(n);
  (void)pre;
  std::fclose(f);
  return ok;
}

int main(int argc, char** argv) {
  if (vf_abi_version() != 1) { std::fprintf(stderr, "ABI mismatch\n"); return 1; }
  int bench = 0;
  std::vector<const char*> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--bench") == 0 && i + 1 < argc) bench = std::atoi(argv[++i]);
    else files.push_back(argv[i]);
  }
  const int64_t nw = vf_weights_elements();
  float* weights = alloc(nw);
  FILE* wf = std::fopen("model.weights", "rb");
  if (!wf || std::fread(weights, sizeof(float), static_cast<size_t>(nw), wf) != static_cast<size_t>(nw)) {
    std::fprintf(stderr, "cannot read model.weights (%lld floats)\n", static_cast<long long>(nw));
    return 1;
  }
  std::fclose(wf);
  float* arena = alloc(vf_arena_elements());
  std::vector<float*> ins, outs;
  for (int k = 0; k < vf_num_inputs(); ++k) {
    static const int in_types[] = {VF_IN_TYPES};
    const int t = in_types[k];
    ins.push_back(alloc((vf_input_elements(k) * static_cast<int64_t>(kSize[t]) + 3) / 4));
    if (k < static_cast<int>(files.size()) && !read_npy(files[k], ins[k], vf_input_elements(k), t)) {
      std::fprintf(stderr, "%s: not a %s .npy of %lld elements for input '%s'\n", files[k],
                   kDescr[t], static_cast<long long>(vf_input_elements(k)), vf_input_name(k));
      return 1;
    }
  }
  for (int k = 0; k < vf_num_outputs(); ++k) outs.push_back(alloc(vf_output_elements(k)));
  vf_run(weights, arena, ins.data(), outs.data());
  // Element i of output k, of its own type (VF_OUT_TYPES: 0 float32, 1 int8, 2 uint8, 3 int32).
  auto out_value = [&](int k, int64_t i) -> double {
    static const int types[] = {VF_OUT_TYPES};
    const void* p = outs[k];
    switch (types[k]) {
      case 1: return static_cast<const int8_t*>(p)[i];
      case 2: return static_cast<const uint8_t*>(p)[i];
      case 3: return static_cast<const int32_t*>(p)[i];
      default: return static_cast<const float*>(p)[i];
    }
  };
  for (int k = 0; k < vf_num_outputs(); ++k) {
    double s = 0, a = 0;
    for (int64_t i = 0; i < vf_output_elements(k); ++i) { s += out_value(k, i); a += std::fabs(out_value(k, i)); }
    std::printf("%s: %lld elements, sum %.9g, sum|y| %.9g, first", vf_output_name(k),
                static_cast<long long>(vf_output_elements(k)), s, a);
    for (int64_t i = 0; i < vf_output_elements(k) && i < 5; ++i) std::printf(" %.7g", out_value(k, i));
    std::printf("\n");
  }
  if (bench > 0) {
    std::vector<double> ms;
    for (int r = 0; r < bench; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      vf_run(weights, arena, ins.data(), outs.data());
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("median %.3f ms over %d runs\n", ms[ms.size() / 2], bench);
  }
  return 0;
}
)";

}  // namespace

Result<void> emit_standalone(const EmittedModel& m, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{fmt::format("cannot create {}: {}", dir, ec.message())};
  auto write = [&](const std::string& name, const char* data, size_t n) -> Result<void> {
    std::ofstream f(fs::path(dir) / name, std::ios::binary);
    f.write(data, static_cast<std::streamsize>(n));
    if (!f) return Error{fmt::format("cannot write {}", (fs::path(dir) / name).string())};
    return {};
  };
  auto text = [&](const std::string& name, const std::string& s) {
    return write(name, s.data(), s.size());
  };
  std::string main_src = kMain;
  main_src.insert(main_src.find("#include <chrono>"), "#include <algorithm>\n");
  // The inputs' and outputs' element types (a quantized model's are integers, token ids
  // int64): each input is read as a .npy of its own type.
  auto types = [](const std::vector<DType>& v) {
    std::string r;
    for (DType t : v)
      r += fmt::format("{}, ", t == DType::I8    ? 1
                               : t == DType::U8  ? 2
                               : t == DType::I32 ? 3
                               : t == DType::I64 ? 4
                                                 : 0);
    return r + "0";
  };
  main_src.insert(main_src.find("extern \"C\" int vf_abi_version();"),
                  fmt::format("#define VF_IN_TYPES {}\n#define VF_OUT_TYPES {}\n",
                              types(m.input_dtypes), types(m.output_dtypes)));
  // The compiler flags of the Makefile and the README; emitted for several threads, OpenMP
  // (without it the loops run on one).
  const std::string flags = std::string("-O3 -march=native -std=c++20 -ffp-contract=off") +
                            (m.threads > 1 ? " -fopenmp" : "");
  const std::string make = fmt::format(
      "# Builds the emitted model without vfuse.\n"
      "CXX ?= g++\n"
      "model: main.cpp model.cpp vfrt.h\n"
      "\t$(CXX) {} main.cpp model.cpp -o model\n",
      flags);
  std::string readme = fmt::format(
      "A model emitted by vfuse. Build: g++ {} main.cpp model.cpp -o model (or make; without "
      "-ffp-contract=off the compiler may fuse a*b+c, which moves results by an ulp, still "
      "within vfuse's bound).\nRun: ./model [input.npy ...] [--bench N] (inputs: .npy files "
      "of each input's type in this order, zeros when absent; model.weights is read from the "
      "working directory).\n",
      flags);
  if (m.threads > 1)
    readme += fmt::format(
        "Threads: {} (OpenMP). On a machine where other processes use the cores, run with "
        "GOMP_SPINCOUNT=3000 (libgomp's workers then sleep after a short spin instead of ~3 ms "
        "of spinning; vfuse's native engine sets it); results are the same with any number of "
        "threads.\n",
        m.threads);
  for (size_t k = 0; k < m.input_names.size(); ++k)
    readme +=
        fmt::format("input {}: {} {}\n", k, m.input_names[k], shape_string(m.input_shapes[k]));
  for (size_t k = 0; k < m.output_names.size(); ++k)
    readme +=
        fmt::format("output {}: {} {}\n", k, m.output_names[k], shape_string(m.output_shapes[k]));
  for (auto r : {text("model.cpp", m.source), text("vfrt.h", runtime_header()),
                 text("main.cpp", main_src), text("Makefile", make), text("README.txt", readme),
                 write("model.weights", reinterpret_cast<const char*>(m.weights.data()),
                       m.weights.size() * sizeof(float))})
    if (!r) return r;
  return {};
}

}  // namespace vf::codegen
