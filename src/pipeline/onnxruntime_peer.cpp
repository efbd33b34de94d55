#include "pipeline/onnxruntime_peer.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>

#include "frontend/onnx_export.h"
#include "ir/npy.h"
#include "pipeline/check.h"
#include "support/json_reader.h"

extern char** environ;

namespace vf::pipeline {
namespace fs = std::filesystem;

namespace {

constexpr const char* kNotInstalled = "ONNX Runtime is not installed (run `make onnxruntime`)";

/// The first executable `name` in a folder of $PATH, or "".
std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return "";
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string f = ((dir.empty() ? fs::path(".") : fs::path(dir)) / name).string();
    std::error_code ec;
    if (fs::is_regular_file(f, ec) && access(f.c_str(), X_OK) == 0) return f;
  }
  return "";
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The last non-empty line of `text`.
std::string last_line(const std::string& text) {
  size_t end = text.find_last_not_of("\r\n");
  if (end == std::string::npos) return "";
  const size_t nl = text.rfind('\n', end);
  const size_t begin = nl == std::string::npos ? 0 : nl + 1;
  return text.substr(begin, end + 1 - begin);
}

/// Runs argv[0] (a path) with argv, stdout and stderr into files; returns the exit status
/// (128 + signal when killed).
Result<int> spawn_and_wait(const std::vector<std::string>& argv, const std::string& out_file,
                           const std::string& err_file) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_file.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_file.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return Error{fmt::format("cannot start {}: {}", argv[0], std::strerror(rc))};
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return Error{fmt::format("waiting for {}: {}", argv[0], std::strerror(errno))};
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace

TempDir::TempDir(const std::string& prefix) {
  std::error_code ec;
  fs::path base = fs::temp_directory_path(ec);
  if (ec) base = "/tmp";
  std::string tmpl = (base / fmt::format("vfuse-{}-XXXXXX", prefix)).string();
  if (mkdtemp(tmpl.data())) path_ = tmpl;
}

TempDir::~TempDir() {
  if (path_.empty()) return;
  std::error_code ec;
  fs::remove_all(path_, ec);
}

Result<PeerLocation> find_onnxruntime() {
  PeerLocation loc;
  const fs::path source = fs::path(VFUSE_SOURCE_DIR) / "bench" / "onnxruntime";
  const char* env = std::getenv("VFUSE_ONNXRUNTIME_DIR");
  loc.ort_dir = env && *env ? std::string(env) : source.string();
  loc.runner = (source / "run.js").string();
  std::error_code ec;
  const fs::path module = fs::path(loc.ort_dir) / "node_modules" / "onnxruntime-node";
  if (!fs::is_regular_file(module / "package.json", ec))
    return Error{fmt::format("{}: no {}{}", kNotInstalled, module.string(),
                             env && *env ? " (from VFUSE_ONNXRUNTIME_DIR)" : "")};
  loc.node = find_on_path("node");
  if (loc.node.empty()) return Error{fmt::format("{}: 'node' is not on PATH", kNotInstalled)};
  if (!fs::is_regular_file(loc.runner, ec))
    return Error{fmt::format("{}: no runner {}", kNotInstalled, loc.runner)};
  return loc;
}

Result<PeerRun> run_onnxruntime(const std::string& onnx_path,
                                const std::map<std::string, Tensor>& inputs,
                                const PeerOptions& opts) {
  auto loc = find_onnxruntime();
  if (!loc) return loc.error();
  TempDir tmp("onnxruntime");
  if (!tmp.ok())
    return Error{fmt::format("cannot create a temporary folder: {}", std::strerror(errno))};
  const fs::path in_dir = fs::path(tmp.path()) / "inputs",
                 out_dir = fs::path(tmp.path()) / "outputs";
  std::error_code ec;
  fs::create_directories(in_dir, ec);
  if (ec) return Error{fmt::format("cannot create {}: {}", in_dir.string(), ec.message())};
  for (const auto& [name, t] : inputs)
    if (auto r = write_npy((in_dir / npy_file_name(name)).string(), t); !r) return r.error();

  const std::vector<std::string> argv = {loc->node,
                                         loc->runner,
                                         fs::absolute(onnx_path, ec).string(),
                                         "--inputs",
                                         in_dir.string(),
                                         "--outputs",
                                         out_dir.string(),
                                         "--threads",
                                         std::to_string(opts.threads),
                                         "--opt",
                                         opts.opt,
                                         "--warmup",
                                         std::to_string(opts.warmup),
                                         "--repeat",
                                         std::to_string(opts.repeat),
                                         "--ort-dir",
                                         loc->ort_dir};
  const std::string out_file = (fs::path(tmp.path()) / "stdout").string();
  const std::string err_file = (fs::path(tmp.path()) / "stderr").string();
  auto status = spawn_and_wait(argv, out_file, err_file);
  if (!status) return status.error();
  if (*status != 0) {
    std::string err = read_text(err_file);
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    return Error{fmt::format("onnxruntime runner failed (exit status {}){}{}", *status,
                             err.empty() ? "" : ": ", err)};
  }
  const std::string line = last_line(read_text(out_file));
  auto rec = parse_json_record(line);
  if (!rec)
    return Error{fmt::format("onnxruntime runner printed '{}': {}", line, rec.error().message)};
  const double* median = json_number(*rec, "median_ms");
  const double* min = json_number(*rec, "min_ms");
  const double* count = json_number(*rec, "output_count");
  if (!median || !min || !count)
    return Error{
        fmt::format("onnxruntime runner printed '{}': no median_ms, min_ms or output_count", line)};
  PeerRun run;
  run.median_ms = *median;
  run.min_ms = *min;
  if (const std::string* v = json_string(*rec, "version")) run.version = *v;
  for (int i = 0; i < static_cast<int>(*count); ++i) {
    const std::string* name = json_string(*rec, fmt::format("output_{}", i));
    if (!name) return Error{fmt::format("onnxruntime runner printed no output_{}", i)};
    auto t = read_npy((out_dir / npy_file_name(*name)).string());
    if (!t) return t.error();
    run.output_names.push_back(*name);
    run.outputs.push_back(std::move(*t));
  }
  return run;
}

Result<std::string> onnx_file_for(const std::string& model_path, const Graph& g,
                                  const std::string& scratch_dir) {
  if (fs::path(model_path).extension() == ".onnx") return model_path;
  const std::string out = (fs::path(scratch_dir) / "model.onnx").string();
  if (auto r = export_onnx_file(g, out); !r) return r.error();
  return out;
}

Result<std::vector<OutputAgreement>> compare_with_peer(const Graph& g,
                                                       const std::vector<Tensor>& ours,
                                                       const PeerRun& peer) {
  const std::vector<NodeId>& outs = g.outputs();
  std::vector<size_t> match(outs.size());
  bool by_name = true;
  for (size_t k = 0; k < outs.size(); ++k) {
    auto it = std::find(peer.output_names.begin(), peer.output_names.end(), g.node(outs[k]).name);
    if (it == peer.output_names.end())
      by_name = false;
    else
      match[k] = static_cast<size_t>(it - peer.output_names.begin());
  }
  if (!by_name) {
    if (peer.outputs.size() != outs.size())
      return Error{fmt::format("the model has {} outputs, onnxruntime returned {}", outs.size(),
                               peer.outputs.size())};
    for (size_t k = 0; k < outs.size(); ++k) match[k] = k;
  }
  std::vector<OutputAgreement> result;
  for (size_t k = 0; k < outs.size(); ++k) {
    const Tensor &a = ours[k], &b = peer.outputs[match[k]];
    const std::string& name = g.node(outs[k]).name;
    if (a.shape() != b.shape())
      return Error{fmt::format("output '{}' has shape {}, onnxruntime's '{}' has {}", name,
                               shape_string(a.shape()), peer.output_names[match[k]],
                               shape_string(b.shape()))};
    result.push_back({name, max_abs_difference(a, b)});
  }
  return result;
}

}  // namespace vf::pipeline
