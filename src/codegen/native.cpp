// The native engine: emit, compile with the system compiler (fork/exec through
// posix_spawn, no shell), cache, dlopen.
#include "codegen/native.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "codegen/pipeline.h"
#include "support/atomic_file.h"

extern char** environ;

namespace vf::codegen {

namespace fs = std::filesystem;

using RunFn = void (*)(const float*, float*, const float* const*, float* const*);

struct NativeModel::Library {
  void* handle = nullptr;
  RunFn run = nullptr;
  ~Library() {
    if (handle) dlclose(handle);
  }
};

namespace {

uint64_t fnv(uint64_t h, const void* data, size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

std::string default_cache_dir() {
  if (const char* d = std::getenv("VFUSE_CACHE_DIR"); d && *d) return std::string(d) + "/native";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/vfuse/native";
  return (fs::temp_directory_path() / "vfuse-native").string();
}

std::shared_ptr<float> aligned_floats(int64_t n) {
  const size_t bytes =
      (static_cast<size_t>(std::max<int64_t>(n, 1)) * sizeof(float) + 63) / 64 * 64;
  auto* p = static_cast<float*>(std::aligned_alloc(64, bytes));
  std::memset(p, 0, bytes);
  return std::shared_ptr<float>(p, [](float* q) { std::free(q); });
}

/// Runs argv (no shell), stderr and stdout into `log`; the exit status or an error.
Result<int> spawn(const std::vector<std::string>& argv, const std::string& log) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 2, 1);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return Error{fmt::format("cannot run {}: {}", argv[0], std::strerror(rc))};
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return Error{fmt::format("waitpid: {}", std::strerror(errno))};
  return WIFEXITED(status) ? WEXITSTATUS(status)
                           : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

std::string read_text(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

/// The directory holding vfrt.h for a model compiled by `cxx` with `flags` and `threads`,
/// precompiled there as GCC's vfrt.h.gch when the compiler can: GCC then reads the
/// precompiled form instead of parsing the header (3-5 s of a model's 10-20 s compile), and
/// ignores it when it was built otherwise (other flags or macros), falling back to the
/// header beside it. Built once per header, compiler, flags and thread count, by a private
/// name renamed into place; a failed build leaves the header alone (and a marker, so that
/// it is not tried for every model).
Result<fs::path> runtime_header_dir(const fs::path& cache, const std::string& cxx,
                                    const std::vector<std::string>& flags, int threads) {
  std::vector<std::string> pch_flags;
  for (const auto& f : flags)
    if (f != "-shared") pch_flags.push_back(f);
  // The emitted model.cpp defines VFRT_THREADS before including vfrt.h: the same here.
  pch_flags.push_back(fmt::format("-DVFRT_THREADS={}", std::max(1, threads)));
  uint64_t h = 1469598103934665603ull;
  h = fnv(h, runtime_header().data(), runtime_header().size());
  h = fnv(h, cxx.data(), cxx.size());
  for (const auto& f : pch_flags) h = fnv(h, f.data(), f.size() + 1);
  const fs::path dir = cache / fmt::format("header-{:016x}", h);
  const fs::path gch = dir / "vfrt.h.gch", failed = dir / "vfrt.h.gch.failed";
  std::error_code ec;
  if (fs::exists(dir / "vfrt.h", ec) && (fs::exists(gch, ec) || fs::exists(failed, ec)))
    return dir;
  fs::create_directories(dir, ec);
  if (ec) return Error{fmt::format("cannot create {}: {}", dir.string(), ec.message())};
  if (auto r = write_file_atomically((dir / "vfrt.h").string(), runtime_header()); !r)
    return r.error();
  const std::string tmp = (dir / fmt::format("vfrt.h.gch.{}.tmp", getpid())).string();
  const std::string log = (dir / fmt::format("pch.{}.log", getpid())).string();
  std::vector<std::string> argv = {cxx};
  argv.insert(argv.end(), pch_flags.begin(), pch_flags.end());
  argv.insert(argv.end(), {"-x", "c++-header", "-o", tmp, (dir / "vfrt.h").string()});
  auto rc = spawn(argv, log);
  if (rc && *rc == 0) {
    fs::remove(log, ec);
    fs::rename(tmp, gch, ec);
  } else {
    fs::remove(tmp, ec);
    fs::rename(log, failed, ec);  // the compiler's message, for whoever looks
  }
  return dir;
}

}  // namespace

Result<NativeModel> NativeModel::build(const CertifiedGraph& g, const NativeOptions& opts) {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  EmitOptions eo;
  eo.threads = opts.threads;
  eo.profile = opts.profile;
  auto em = lower_and_emit(g, eo);
  if (!em) return em.error();
  NativeModel m;
  m.model_ = std::move(*em);
  m.emit_ms_ = std::chrono::duration<double, std::milli>(clock::now() - t0).count();

  std::string cxx = opts.compiler;
  if (cxx.empty()) {
    const char* env = std::getenv("CXX");
    cxx = env && *env ? env : "c++";
  }
  std::vector<std::string> flags = {"-O3",     "-std=c++20", "-ffp-contract=off",
                                    "-shared", "-fPIC",      "-w"};
  if (opts.march_native) flags.push_back("-march=native");
  if (opts.threads > 1) flags.push_back("-fopenmp");
  for (const auto& f : opts.extra_flags) flags.push_back(f);

  uint64_t h = 1469598103934665603ull;
  h = fnv(h, m.model_.source.data(), m.model_.source.size());
  h = fnv(h, runtime_header().data(), runtime_header().size());
  h = fnv(h, m.model_.weights.data(), m.model_.weights.size() * sizeof(float));
  h = fnv(h, cxx.data(), cxx.size());
  for (const auto& f : flags) h = fnv(h, f.data(), f.size() + 1);
  const fs::path dir = fs::path(opts.cache_dir.empty() ? default_cache_dir() : opts.cache_dir) /
                       fmt::format("{:016x}", h);
  const fs::path so = dir / "model.so";
  std::error_code ec;
  if (!fs::exists(so, ec)) {
    fs::create_directories(dir, ec);
    if (ec) return Error{fmt::format("cannot create {}: {}", dir.string(), ec.message())};
    if (auto r = write_file_atomically((dir / "model.cpp").string(), m.model_.source); !r)
      return r.error();
    const auto c0 = clock::now();  // the header's precompiling counts as compile time
    auto header = runtime_header_dir(dir.parent_path(), cxx, flags, opts.threads);
    if (!header) return header.error();
    // Compile to a private name, then rename: concurrent builds of one model never load a
    // half-written library.
    const std::string tmp = (dir / fmt::format("model.so.{}.tmp", getpid())).string();
    const std::string log = (dir / fmt::format("compile.{}.log", getpid())).string();
    std::vector<std::string> argv = {cxx};
    argv.insert(argv.end(), flags.begin(), flags.end());
    argv.insert(argv.end(), {"-I", header->string(), "-o", tmp, (dir / "model.cpp").string()});
    auto rc = spawn(argv, log);
    m.compile_ms_ = std::chrono::duration<double, std::milli>(clock::now() - c0).count();
    if (!rc) return rc.error();
    if (*rc != 0) {
      std::string text = read_text(log);
      if (text.size() > 4000) text = text.substr(0, 4000) + "\n...";
      fs::remove(tmp, ec);
      return Error{fmt::format("compiling {} failed (exit {}):\n{}", (dir / "model.cpp").string(),
                               *rc, text)};
    }
    fs::remove(log, ec);
    fs::rename(tmp, so, ec);
    if (ec) return Error{fmt::format("cannot rename {} to {}: {}", tmp, so.string(), ec.message())};
  }
  m.so_path_ = so.string();
  // OpenMP threads spin only briefly between parallel loops, then sleep (futex), unless the
  // user chose a policy: libgomp's default spins ~3 ms, and a worker spinning on a core
  // another process also wants is descheduled there, so every loop's barrier then waits
  // for the scheduler (ResNet-18, two threads, the second core busy: 270-690 ms instead of
  // ~1x the one-thread time). 3000 spins (~30 us by libgomp's estimate) bridge the gaps
  // between back-to-back loops on an idle machine (fully passive waiting cost ~25% there).
  // libgomp reads the variables once, when the first model built with -fopenmp loads it.
  if (opts.threads > 1 && !std::getenv("OMP_WAIT_POLICY"))
    setenv("GOMP_SPINCOUNT", "3000", /*overwrite=*/0);
  auto lib = std::make_shared<Library>();
  // RTLD_NODELETE: a model built with OpenMP leaves worker threads running libgomp code;
  // unmapping it (and libgomp with it) on dlclose would crash them.
  lib->handle = dlopen(m.so_path_.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!lib->handle) return Error{fmt::format("cannot load {}: {}", m.so_path_, dlerror())};
  auto abi = reinterpret_cast<int (*)()>(dlsym(lib->handle, "vf_abi_version"));
  auto arena = reinterpret_cast<int64_t (*)()>(dlsym(lib->handle, "vf_arena_elements"));
  auto weights = reinterpret_cast<int64_t (*)()>(dlsym(lib->handle, "vf_weights_elements"));
  lib->run = reinterpret_cast<RunFn>(dlsym(lib->handle, "vf_run"));
  if (!abi || !arena || !weights || !lib->run)
    return Error{fmt::format("{}: not an emitted vfuse model (missing vf_* symbols)", m.so_path_)};
  if (abi() != 1) return Error{fmt::format("{}: ABI version {}, expected 1", m.so_path_, abi())};
  if (arena() != m.model_.arena_elements ||
      weights() != static_cast<int64_t>(m.model_.weights.size()))
    return Error{
        fmt::format("{}: arena / weights sizes differ from the emitted model's", m.so_path_)};
  m.lib_ = std::move(lib);
  m.arena_ = aligned_floats(m.model_.arena_elements);
  m.weights_ = aligned_floats(static_cast<int64_t>(m.model_.weights.size()));
  std::memcpy(m.weights_.get(), m.model_.weights.data(), m.model_.weights.size() * sizeof(float));
  m.model_.weights = {};  // held once, aligned
  return m;
}

std::vector<std::pair<std::string, double>> NativeModel::profile() const {
  std::vector<std::pair<std::string, double>> r;
  auto size = reinterpret_cast<int (*)()>(dlsym(lib_->handle, "vf_profile_size"));
  auto name = reinterpret_cast<const char* (*)(int)>(dlsym(lib_->handle, "vf_profile_name"));
  auto ms = reinterpret_cast<double (*)(int)>(dlsym(lib_->handle, "vf_profile_ms"));
  if (!size || !name || !ms) return r;
  for (int k = 0; k < size(); ++k) r.emplace_back(name(k), ms(k));
  return r;
}

void NativeModel::reset_profile() {
  if (auto f = reinterpret_cast<void (*)()>(dlsym(lib_->handle, "vf_profile_reset"))) f();
}

void NativeModel::run_raw(const float* const* inputs, float* const* outputs) {
  lib_->run(weights_.get(), arena_.get(), inputs, outputs);
}

Result<std::vector<Tensor>> NativeModel::run(const std::map<std::string, Tensor>& inputs) {
  std::vector<const float*> in;
  for (size_t k = 0; k < model_.input_names.size(); ++k) {
    auto it = inputs.find(model_.input_names[k]);
    if (it == inputs.end()) return Error{fmt::format("missing input '{}'", model_.input_names[k])};
    const Tensor& t = it->second;
    const DType want = model_.input_dtypes[k];
    if (t.dtype() != want)
      return Error{fmt::format("input '{}' is {}, the model expects {}", model_.input_names[k],
                               dtype_name(t.dtype()), dtype_name(want))};
    if (t.shape() != model_.input_shapes[k])
      return Error{fmt::format("input '{}' has shape {}, the model expects {}",
                               model_.input_names[k], shape_string(t.shape()),
                               shape_string(model_.input_shapes[k]))};
    in.push_back(reinterpret_cast<const float*>(t.bytes().data()));  // of its own type
  }
  for (const auto& [name, t] : inputs)
    if (std::find(model_.input_names.begin(), model_.input_names.end(), name) ==
        model_.input_names.end())
      return Error{fmt::format("'{}' is not an input of the model", name)};
  std::vector<Tensor> outs;
  std::vector<float*> out;
  outs.reserve(model_.output_shapes.size());
  for (size_t k = 0; k < model_.output_shapes.size(); ++k)
    outs.emplace_back(TensorType{model_.output_dtypes[k], model_.output_shapes[k]});
  for (Tensor& t : outs) out.push_back(reinterpret_cast<float*>(t.bytes_mut().data()));
  run_raw(in.data(), out.data());
  return outs;
}

}  // namespace vf::codegen
