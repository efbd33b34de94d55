// _vfuse: the extension module under the Python package vfuse (python/vfuse/__init__.py
// builds the ONNX-Runtime-like API on it). Only translation here: Python values into
// the pipeline's options, its results and errors back (src/pipeline does the work).
// The GIL is released while a model compiles and while a session runs.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <future>
#include <mutex>

#include "dsl/ast.h"
#include "pipeline/check.h"
#include "pipeline/compile_write.h"
#include "pipeline/export.h"
#include "pipeline/prove.h"
#include "pipeline/quantize.h"
#include "pipeline/verify.h"
#include "pipeline/vfuse.h"

namespace py = pybind11;

namespace vf::python {
namespace {

/// vfuse.VfuseError: every failure of the pipeline, its message the diagnostics;
/// vfuse.InvalidArgument (also a ValueError): a bad input array, name or option.
PyObject* g_error = nullptr;
PyObject* g_invalid = nullptr;

[[noreturn]] void raise(const Error& e, PyObject* type = g_error) {
  PyErr_SetString(type, e.message.c_str());
  throw py::error_already_set();
}

[[noreturn]] void invalid(const std::string& msg) { raise(Error{msg}, g_invalid); }

template <class T>
T take(Result<T> r) {
  if (!r) raise(r.error());
  return std::move(*r);
}

/// Runs `job(cancelled)` on a worker thread with the GIL released while this thread waits
/// for Ctrl-C, and returns its result. SIGINT is blocked here, and so in the job's threads
/// (they inherit the mask), for the time of the job, so that the signal stays pending for
/// this thread alone (src/smt keeps Z3's own SIGINT handler off: ctrl_c=false) and is
/// taken here (sigtimedwait, every 50 ms); Python's other signals are checked as
/// well (PyErr_CheckSignals). On Ctrl-C `cancelled` starts returning true, the job stops
/// at its next cancellation point or interrupted solver call (support/cancel.h) and, once
/// it has returned (nothing of
/// it keeps running or writing), the SIGINT is handed to Python's handler: the call raises
/// KeyboardInterrupt. SIGINT's handler and mask are restored as they were.
/// SIGINT's disposition before the first of the interruptible calls in progress (Python's
/// own), put back by the last one.
std::mutex g_sigint_mu;
int g_sigint_calls = 0;
struct sigaction g_sigint_action;

template <class Job>
auto interruptible(Job job) -> decltype(job(CancelFn{})) {
  auto flag = std::make_shared<std::atomic<bool>>(false);
  CancelFn cancelled = [flag] { return flag->load(); };
  // Python's SIGINT handler: a callable (default_int_handler raises KeyboardInterrupt),
  // SIG_IGN (a process started with SIGINT ignored: a Ctrl-C changes nothing) or SIG_DFL.
  py::object handler = py::module_::import("signal").attr("getsignal")(SIGINT);
  const bool handled = PyCallable_Check(handler.ptr()) != 0;
  const bool deadly =
      !handled && py::isinstance<py::int_>(handler) && handler.cast<long>() == 0;  // SIG_DFL
  bool seen = false;
  sigset_t sigint, old_mask;
  sigemptyset(&sigint);
  sigaddset(&sigint, SIGINT);
  {
    std::lock_guard<std::mutex> lock(g_sigint_mu);
    if (g_sigint_calls++ == 0) sigaction(SIGINT, nullptr, &g_sigint_action);
  }
  pthread_sigmask(SIG_BLOCK, &sigint, &old_mask);
  bool ctrl_c = false, raised = false;
  auto result = [&] {
    py::gil_scoped_release nogil;
    auto f = std::async(std::launch::async, [&job, cancelled] { return job(cancelled); });
    const timespec poll{0, 50'000'000};
    while (f.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
      if (sigtimedwait(&sigint, nullptr, &poll) == SIGINT) seen = true, ctrl_c = handled || deadly;
      if (!raised && !ctrl_c) {
        py::gil_scoped_acquire gil;
        raised = PyErr_CheckSignals() != 0;  // another signal's handler raised
      }
      if (ctrl_c || raised) flag->store(true);
    }
    return f.get();
  }();
  {
    std::lock_guard<std::mutex> lock(g_sigint_mu);
    if (--g_sigint_calls == 0) sigaction(SIGINT, &g_sigint_action, nullptr);
  }
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  if (seen && deadly) ::raise(SIGINT);                            // as SIG_DFL would have
  if (ctrl_c && handled && !raised) handler(SIGINT, py::none());  // raises, as a rule
  if (raised) throw py::error_already_set();
  return result;  // a handler that did not raise: the job's own result ("interrupted")
}

py::dtype numpy_dtype(DType t) {
  switch (t) {
    case DType::F32: return py::dtype::of<float>();
    case DType::F64: return py::dtype::of<double>();
    case DType::I8: return py::dtype::of<int8_t>();
    case DType::U8: return py::dtype::of<uint8_t>();
    case DType::I32: return py::dtype::of<int32_t>();
    case DType::I64: return py::dtype::of<int64_t>();
    case DType::Bool: return py::dtype::of<bool>();
  }
  return py::dtype::of<float>();
}

/// ONNX Runtime's spelling of a tensor type ("tensor(float)").
std::string onnx_type(DType t) {
  switch (t) {
    case DType::F32: return "tensor(float)";
    case DType::F64: return "tensor(double)";
    case DType::I8: return "tensor(int8)";
    case DType::U8: return "tensor(uint8)";
    case DType::I32: return "tensor(int32)";
    case DType::I64: return "tensor(int64)";
    case DType::Bool: return "tensor(bool)";
  }
  return "";
}

py::list infos(const std::vector<TensorInfo>& v) {
  py::list l;
  for (const TensorInfo& t : v)
    l.append(py::make_tuple(t.name, py::cast(t.shape), onnx_type(t.dtype),
                            py::str(std::string(dtype_name(t.dtype)))));
  return l;
}

/// A model as loaded (weights bound).
struct PyModel {
  Model model;
};

/// A compiled model and the path it was compiled from.
struct PyCompiled {
  pipeline::CompiledModel compiled;
  // Moved, never copied (pybind11 would otherwise try: the rule library holds unique_ptrs).
  explicit PyCompiled(pipeline::CompiledModel c) : compiled(std::move(c)) {}
  PyCompiled(PyCompiled&&) = default;
  PyCompiled(const PyCompiled&) = delete;
};

/// A session; `inputs` is what run() checks arrays against.
struct PySession {
  Session session;

  /// Runs on `arrays` (inputs() order): each must have its input's dtype and shape; a
  /// C-contiguous array is read in place, another is copied once. Outputs are fresh arrays
  /// the engine writes into.
  py::list run(const py::list& arrays) const {
    const auto& ins = session.inputs();
    if (arrays.size() != ins.size())
      invalid(fmt::format("expected {} inputs, got {}", ins.size(), arrays.size()));
    std::vector<py::array> keep;
    std::vector<const void*> in;
    for (size_t k = 0; k < ins.size(); ++k) {
      const TensorInfo& want = ins[k];
      if (!py::isinstance<py::array>(arrays[k]))
        invalid(fmt::format("input '{}' must be a numpy array, got {}", want.name,
                            std::string(py::str(arrays[k].get_type().attr("__name__")))));
      auto a = py::reinterpret_borrow<py::array>(arrays[k]);
      if (!a.dtype().is(numpy_dtype(want.dtype)))
        invalid(fmt::format("input '{}' is {}, the model expects {} (numpy {})", want.name,
                            std::string(py::str(a.dtype())), dtype_name(want.dtype),
                            std::string(py::str(numpy_dtype(want.dtype)))));
      Shape shape(a.shape(), a.shape() + a.ndim());
      if (shape != want.shape)
        invalid(fmt::format("input '{}' has shape {}, the model expects {}", want.name,
                            shape_string(shape), shape_string(want.shape)));
      if (!(a.flags() & py::array::c_style))
        a = py::array::ensure(a, py::array::c_style | py::array::forcecast);
      in.push_back(a.data());
      keep.push_back(std::move(a));
    }
    std::vector<py::array> outs;
    std::vector<void*> out;
    for (const TensorInfo& o : session.outputs()) {
      outs.emplace_back(numpy_dtype(o.dtype), o.shape);
      out.push_back(outs.back().mutable_data());
    }
    Result<void> r;
    {
      py::gil_scoped_release nogil;
      r = session.run_raw(in.data(), out.data());
    }
    if (!r) raise(r.error());
    py::list l;
    for (auto& a : outs) l.append(std::move(a));
    return l;
  }
};

Engine engine_of(const std::string& e) {
  if (e == "native") return Engine::Native;
  if (e == "interpreter" || e == "interp") return Engine::Interpreter;
  invalid(fmt::format("engine must be 'native' or 'interpreter', got '{}'", e));
}

/// A session on `g`: on `target` (a spec; "" or "cpu" for the CPU) its lowering rules
/// under `rules`, proofs under `proofs`.
PySession open(const CertifiedGraph& g, const std::string& engine, int threads,
               const std::string& target, const std::string& rules, const std::string& proofs) {
  SessionOptions o;
  o.engine = engine_of(engine), o.threads = threads;
  if (!target.empty() && target != "cpu") {
    o.engine = Engine::Target;
    o.target = target, o.rules_dir = rules, o.proofs_dir = proofs;
  }
  Result<Session> s = Error{};
  {
    py::gil_scoped_release nogil;
    s = Session::open(g, o);
  }
  return PySession{take(std::move(s))};
}

std::string report_of(const PyCompiled& c, const std::string& model) {
  auto rec = take(pipeline::compile_record(c.compiled, model));
  return pipeline::report_json(model, c.compiled, rec);
}

Result<void> write_output(const PyCompiled& c, const std::string& dir);

void save(const PyCompiled& c, const std::string& dir) {
  Result<void> r;
  {
    py::gil_scoped_release nogil;
    r = write_output(c, dir);
  }
  if (!r) raise(r.error());
}

Result<void> write_output(const PyCompiled& c, const std::string& dir) {
  auto rec = pipeline::compile_record(c.compiled, c.compiled.model);
  Result<void> r = rec ? Result<void>() : Result<void>(rec.error());
  if (r)
    r = pipeline::write_dir_atomically(dir, [&](const std::string& tmp) {
      std::string report;
      return pipeline::write_outputs(tmp, c.compiled.model, c.compiled, *rec, report);
    });
  return r;
}

py::dict proof_dict(const verify::RuleJob& job, const verify::RuleProof& p) {
  py::dict d;
  d["name"] = p.name, d["file"] = p.file;
  d["verdict"] = std::string(verify::outcome_name(p.outcome));
  d["expected"] = std::string(dsl::verdict_name(job.rule->expect));
  d["as_expected"] = verify::as_expected(*job.rule, p.outcome);
  d["scope"] = p.scope, d["grid"] = p.grid, d["instances"] = p.instances, d["ms"] = p.ms;
  d["reason"] = p.reason, d["lemma"] = p.lemma, d["internal_error"] = p.internal_error;
  if (p.counterexample) {
    const verify::Counterexample& c = *p.counterexample;
    py::dict values;
    for (const auto& [k, v] : c.values) values[py::str(k)] = v;
    py::dict cx;
    cx["instance"] = c.instance, cx["values"] = values, cx["violations"] = c.violations;
    cx["replay"] = c.replay, cx["reproduced"] = c.reproduced;
    d["counterexample"] = cx;
  } else {
    d["counterexample"] = py::none();
  }
  return d;
}

/// The prove flow's report as plain Python values.
py::dict proof_report(const pipeline::ProofReport& r) {
  py::list rules;
  for (size_t k = 0; k < r.results.size(); ++k) rules.append(proof_dict(r.jobs[k], r.results[k]));
  py::list status;
  for (const auto& s : r.status) {
    py::dict d;
    const verify::RuleJob& job = r.jobs[s.job];
    d["name"] = job.rule->name, d["file"] = job.path;
    d["status"] = !s.stale ? "current" : pipeline::status_ok(job, s) ? "reproved" : "stale";
    d["reason"] = s.stale ? py::object(py::str(*s.stale)) : py::object(py::none());
    d["proof"] = s.reproved ? py::object(proof_dict(job, *s.reproved)) : py::object(py::none());
    status.append(d);
  }
  py::dict out;
  out["ok"] = r.ok(), out["rules"] = rules, out["status"] = status, out["ms"] = r.wall_ms;
  py::dict t;
  t["proved"] = r.tally.proved, t["unbounded"] = r.tally.unbounded;
  t["refuted"] = r.tally.refuted, t["unknown"] = r.tally.unknown;
  t["unexpected"] = r.tally.unexpected;
  t["current"] = r.check.current, t["reproved"] = r.check.reproved, t["stale"] = r.check.stale;
  out["summary"] = t;
  return out;
}

py::dict comparison(const check::Comparison& c) {
  py::dict d;
  d["max_abs"] = c.max_abs, d["bound"] = c.bound, d["min_ratio"] = c.min_ratio;
  d["median_ratio"] = c.median_ratio, d["exceeded"] = c.exceeded, d["unbounded"] = c.unbounded;
  d["ok"] = c.ok();
  return d;
}

py::dict engine_check(const check::EngineCheck& e) {
  py::list outputs, layers;
  for (const auto& o : e.outputs) {
    py::dict d;
    d["name"] = o.name, d["exact"] = comparison(o.exact), d["f32"] = comparison(o.f32);
    outputs.append(d);
  }
  for (const auto& l : e.layers) {
    py::dict d;
    d["node"] = l.node, d["op"] = l.op, d["end_to_end"] = comparison(l.end_to_end);
    d["local"] = comparison(l.local), d["growth"] = l.growth;
    d["kernel_exceeded"] = l.kernel_exceeded, d["kernel_bounded"] = l.kernel_bounded;
    layers.append(d);
  }
  py::dict d;
  d["engine"] = e.engine, d["ok"] = e.ok, d["first_failure"] = e.first_failure;
  d["outputs"] = outputs, d["layers"] = layers, d["deployed_identical"] = e.deployed_identical;
  d["layers_checked"] = e.layers_checked, d["ms"] = e.ms;
  return d;
}

/// One input set from a dict of arrays: every data input of `g`, of its dtype and shape.
std::map<std::string, Tensor> input_set(const Graph& g, const py::dict& arrays) {
  std::map<std::string, Tensor> set;
  for (NodeId id : g.data_inputs()) {
    const Node& n = g.node(id);
    if (!arrays.contains(n.name)) invalid(fmt::format("missing input '{}'", n.name));
    auto a = py::array::ensure(arrays[py::str(n.name)], py::array::c_style);
    if (!a || !a.dtype().is(numpy_dtype(n.type.dtype)))
      invalid(
          fmt::format("input '{}' must be a numpy array of {}", n.name, dtype_name(n.type.dtype)));
    Shape shape(a.shape(), a.shape() + a.ndim());
    if (shape != n.type.shape)
      invalid(fmt::format("input '{}' has shape {}, the model expects {}", n.name,
                          shape_string(shape), shape_string(n.type.shape)));
    Tensor t(n.type);
    std::memcpy(t.bytes_mut().data(), a.data(), t.bytes().size());
    set.emplace(n.name, std::move(t));
  }
  for (auto item : arrays) {
    const std::string name = py::str(item.first);
    if (!set.count(name)) invalid(fmt::format("'{}' is not an input of the model", name));
  }
  return set;
}

}  // namespace
}  // namespace vf::python

PYBIND11_MODULE(_vfuse, m) {
  using namespace vf;
  using namespace vf::python;
  m.doc() = "vfuse's extension module; use the package vfuse (vfuse.InferenceSession).";
  g_error = PyErr_NewExceptionWithDoc(
      "vfuse.VfuseError",
      "A vfuse failure: a model that does not load (its diagnostics, file:line:col), a "
      "rule library that does not load, a compile or run that failed, a bad input array.",
      PyExc_RuntimeError, nullptr);
  m.attr("VfuseError") = py::handle(g_error);
  g_invalid = PyErr_NewExceptionWithDoc(
      "vfuse.InvalidArgument",
      "A bad argument: an input array of the wrong name, dtype or shape, an unknown engine.",
      py::make_tuple(py::handle(g_error), py::handle(PyExc_ValueError)).release().ptr(), nullptr);
  m.attr("InvalidArgument") = py::handle(g_invalid);
  m.attr("__version__") = pipeline::kVfuseVersion;

  py::class_<PyModel>(m, "Model", "A model as loaded, its weights bound.")
      .def_property_readonly("path", [](const PyModel& p) { return p.model.path; })
      .def(
          "session",
          [](const PyModel& p, const std::string& engine, int threads, const std::string& target,
             const std::string& rules, const std::string& proofs) {
            return open(CertifiedGraph::unrewritten(p.model.graph), engine, threads, target,
                        rules, proofs);
          },
          py::arg("engine") = "native", py::arg("threads") = 1, py::arg("target") = "",
          py::arg("rules") = "rules", py::arg("proofs") = "proofs",
          "A session on the model as imported (no rewrites).");

  py::class_<PyCompiled>(m, "Compiled", "A model compiled with certified rewrites.")
      .def_property_readonly("path", [](const PyCompiled& c) { return c.compiled.model; })
      .def(
          "session",
          [](const PyCompiled& c, const std::string& engine, int threads, const std::string& target,
             const std::string& rules, const std::string& proofs) {
            return open(c.compiled.result->graph, engine, threads, target, rules, proofs);
          },
          py::arg("engine") = "native", py::arg("threads") = 1, py::arg("target") = "",
          py::arg("rules") = "rules", py::arg("proofs") = "proofs",
          "A session on the rewritten graph (on `target`, lowered for it by its rules).")
      .def(
          "report_json", [](const PyCompiled& c) { return report_of(c, c.compiled.model); },
          "report.json of `vfuse compile` (without the output's hashes) as text.")
      .def("save", &save, py::arg("dir"),
           "Writes the compile output (model.vfg, model.weights, model.dot, certificates/, "
           "report.json) into dir, as `vfuse compile -o dir` does.");

  py::class_<PySession>(m, "Session", "A compiled model ready to run (thread-safe).")
      .def("inputs", [](const PySession& s) { return infos(s.session.inputs()); })
      .def("outputs", [](const PySession& s) { return infos(s.session.outputs()); })
      .def("run", &PySession::run, py::arg("arrays"),
           "Runs on one array per input (inputs() order); returns the outputs.")
      .def(
          "lowerings", [](const PySession& s) { return s.session.lowerings(); },
          "On a target: the certified lowerings applied when the session opened.");

  m.def(
      "load",
      [](const std::string& path, const std::map<std::string, Shape>& shapes, uint64_t seed,
         bool trust_unverified) {
        ModelOptions o{shapes, seed, trust_unverified};
        Result<Model> r = Error{};
        {
          py::gil_scoped_release nogil;
          r = vf::load(path, o);
        }
        return PyModel{take(std::move(r))};
      },
      py::arg("path"), py::arg("shapes") = std::map<std::string, Shape>{}, py::arg("seed") = 0,
      py::arg("trust_unverified") = false,
      "Loads a model (ONNX, Relay text, .vfg, a compile output).");
  m.def(
      "compile",
      [](const PyModel& model, const std::string& rules, const std::string& proofs,
         const std::vector<std::string>& disabled, unsigned timeout_ms,
         std::optional<std::string> cache_dir) {
        pipeline::CompileOptions o;
        o.rules_dir = rules;
        o.proofs_dir = proofs;
        o.disabled = disabled;
        o.timeout_ms = timeout_ms;
        o.cache_dir = cache_dir;
        auto r = interruptible([&](CancelFn cancelled) {
          o.cancelled = std::move(cancelled);
          return vf::compile(model.model, o);
        });
        return PyCompiled{take(std::move(r))};
      },
      py::arg("model"), py::arg("rules") = "rules", py::arg("proofs") = "proofs",
      py::arg("disabled") = std::vector<std::string>{}, py::arg("timeout_ms") = 10000,
      py::arg("cache_dir") = std::nullopt, "Compiles a loaded model with certified rewrites.");
  m.def(
      "verify",
      [](const std::string& dir, const std::string& model, const std::vector<std::string>& solvers,
         unsigned solver_seconds, int jobs, bool independent) {
        pipeline::VerifyOptions o;
        o.dir = dir;
        o.model = model;
        o.solvers = solvers;
        o.solver_seconds = solver_seconds;
        o.jobs = jobs;
        // Not cancellable (no cancellation point in the verify flow), but its Z3 calls run
        // with SIGINT blocked like the others': a Ctrl-C raises when it returns.
        pipeline::VerifyReport r = interruptible([&](const CancelFn&) {
          return independent ? pipeline::verify_independent(std::move(o))
                             : pipeline::verify(std::move(o));
        });
        py::list steps;
        for (const auto& st : r.steps) steps.append(py::make_tuple(st.name, st.detail, st.ms));
        py::dict d;
        d["dir"] = r.dir, d["model"] = r.model, d["ok"] = r.ok, d["replayed"] = r.replayed;
        d["steps"] = steps, d["failed_step"] = r.failed_step, d["failure"] = r.failure;
        d["rewrites"] = r.rewrites, d["ms"] = r.ms;
        d["diagnostics"] = r.diagnostics + fmt::format("{}", fmt::join(r.messages, "\n"));
        return d;
      },
      py::arg("dir"), py::arg("model") = "", py::arg("solvers") = std::vector<std::string>{"z3"},
      py::arg("solver_seconds") = 120, py::arg("jobs") = 1, py::arg("independent") = false,
      "Verifies a compile output directory (vfuse verify [--independent]).");
  m.def(
      "prove",
      [](const std::vector<std::string>& paths, const std::string& proofs, bool check, bool reprove,
         bool write, unsigned timeout_ms, unsigned threads, const std::string& grid) {
        pipeline::ProveOptions o;
        o.paths = paths, o.proofs_dir = proofs, o.check = check, o.reprove = reprove;
        o.write = write, o.threads = threads;
        o.prover.timeout_ms = timeout_ms;
        o.prover.keep_smt2 = write;
        if (grid == "deep")
          o.prover.grid = verify::Grid::Deep;
        else if (grid != "default")
          invalid(fmt::format("grid must be 'default' or 'deep', got '{}'", grid));
        DiagnosticSink diags;
        auto r = interruptible([&](CancelFn cancelled) {
          o.cancelled = std::move(cancelled);
          return pipeline::prove(o, diags);
        });
        if (!r) raise(Error{diags.render() + r.error().message});
        return proof_report(*r);
      },
      py::arg("paths"), py::arg("proofs") = "proofs", py::arg("check") = false,
      py::arg("reprove") = true, py::arg("write") = false, py::arg("timeout_ms") = 10000,
      py::arg("threads") = 1, py::arg("grid") = "default", "Proves rule files (vfuse prove).");
  m.def(
      "export",
      [](const std::string& path, const std::string& out,
         const std::map<std::string, Shape>& shapes, uint64_t seed, bool trust_unverified) {
        pipeline::LoadOptions lo;
        lo.input_shapes = shapes;
        lo.trust_unverified = trust_unverified;
        pipeline::ExportOptions o;
        o.seed = seed;
        DiagnosticSink diags;
        Result<pipeline::ExportResult> r = Error{};
        {
          py::gil_scoped_release nogil;
          auto g = pipeline::load(path, lo, diags);
          r = g ? pipeline::export_model(std::move(*g), path, out, o)
                : Result<pipeline::ExportResult>(Error{diags.render() + g.error().message});
        }
        auto e = take(std::move(r));
        py::dict d;
        d["path"] = out, d["seeded_weights"] = e.seeded_weights, d["inputs"] = e.inputs;
        return d;
      },
      py::arg("path"), py::arg("out"), py::arg("shapes") = std::map<std::string, Shape>{},
      py::arg("seed") = 0, py::arg("trust_unverified") = false,
      "Writes a model as ONNX opset 13 (vfuse export).");
  m.def(
      "check",
      [](const PyModel& model, const std::string& rules, const std::string& proofs,
         const std::vector<std::string>& disabled, unsigned timeout_ms,
         std::optional<std::string> cache_dir, const py::list& input_sets, size_t seeds,
         bool interpreter, bool native, int threads, bool per_rewrite, bool against) {
        pipeline::CompileOptions o;
        o.rules_dir = rules, o.proofs_dir = proofs, o.disabled = disabled;
        o.timeout_ms = timeout_ms, o.cache_dir = cache_dir;
        pipeline::PerRewrite pr;
        if (per_rewrite)
          o.on_applied = [&](const rewrite::Match& mt, const Graph& g,
                             const rewrite::Certificate& cert) {
            pr.locals.push_back(pipeline::make_local(mt, g, cert));
          };
        std::vector<std::map<std::string, Tensor>> sets(seeds);
        if (!input_sets.empty()) {
          sets.clear();
          for (auto d : input_sets)
            sets.push_back(input_set(model.model.graph, d.cast<py::dict>()));
        }
        pipeline::PeerCheck peer;
        peer.requested = against;
        bool ok = false;
        auto nc = interruptible([&](CancelFn cancelled) -> Result<check::NumericCheck> {
          Result<check::NumericCheck> nc = Error{};
          o.cancelled = cancelled;
          auto c = vf::compile(model.model, o);
          if (!c) {
            nc = c.error();
          } else {
            check::CheckOptions co;
            co.inputs = sets, co.interpreter = interpreter, co.native = native;
            co.threads = threads, co.cancelled = cancelled;
            const CertifiedGraph& rewritten = c->result->graph;
            nc = check::check_numerics(rewritten.graph(), rewritten.constant_errors(), c->original,
                                       co);
            if (nc) ok = nc->ok;
            if (nc && per_rewrite && cancel_requested(cancelled)) nc = Error{kInterrupted};
            if (nc && per_rewrite) {
              if (auto r = pipeline::run_per_rewrite(c->original, rewritten, sets, pr); !r)
                nc = r.error();
              ok = ok && pr.ok;
            }
            if (nc && against && cancel_requested(cancelled)) nc = Error{kInterrupted};
            if (nc && against) {
              pipeline::run_peer_check(model.model.path, c->original, sets, peer);
              ok = ok && peer.ok;
            }
          }
          return nc;
        });
        auto r = take(std::move(nc));
        py::list engines;
        for (const auto& e : r.engines) engines.append(engine_check(e));
        py::dict d;
        d["ok"] = ok, d["engines"] = engines, d["exact"] = r.exact, d["runs"] = sets.size();
        if (per_rewrite) {
          py::list locals, drift;
          for (const auto& lc : pr.locals) {
            py::dict x;
            x["rule"] = lc.rule, x["root"] = lc.root, x["max_abs"] = lc.max_abs;
            x["bound"] = lc.bound, x["ok"] = lc.ok;
            locals.append(x);
          }
          for (const auto& oc : pr.drift) {
            py::dict x;
            x["name"] = oc.name, x["precision"] = std::string(oc.precision);
            x["max_abs"] = oc.max_abs, x["bound"] = oc.bound, x["ok"] = oc.ok;
            drift.append(x);
          }
          py::dict p;
          p["ok"] = pr.ok, p["rewrites"] = locals, p["drift"] = drift;
          d["per_rewrite"] = p;
        } else {
          d["per_rewrite"] = py::none();
        }
        if (against) {
          py::dict p;
          py::list outs;
          for (const auto& a : peer.outputs) outs.append(py::make_tuple(a.name, a.max_abs));
          p["skipped"] = peer.skipped, p["error"] = peer.error, p["version"] = peer.version;
          p["outputs"] = outs, p["tolerance"] = peer.tolerance, p["ok"] = peer.ok;
          d["against"] = p;
        } else {
          d["against"] = py::none();
        }
        return d;
      },
      py::arg("model"), py::arg("rules") = "rules", py::arg("proofs") = "proofs",
      py::arg("disabled") = std::vector<std::string>{}, py::arg("timeout_ms") = 10000,
      py::arg("cache_dir") = std::nullopt, py::arg("input_sets") = py::list(), py::arg("seeds") = 1,
      py::arg("interpreter") = true, py::arg("native") = true, py::arg("threads") = 1,
      py::arg("per_rewrite") = false, py::arg("against") = false,
      "Compiles a loaded model and checks it numerically (vfuse check).");
  m.def(
      "quantize",
      [](const PyModel& model, const std::string& out, const std::string& rules,
         const std::string& proofs, unsigned timeout_ms, std::optional<std::string> cache_dir,
         uint64_t seeds, std::optional<std::string> calibrate, std::optional<double> percentile,
         uint64_t compare, bool native_compare, bool mse) {
        pipeline::CompileOptions co;
        co.rules_dir = rules, co.proofs_dir = proofs, co.timeout_ms = timeout_ms;
        co.cache_dir = cache_dir;
        pipeline::QuantizeOptions o;
        o.out = out, o.seeds = seeds, o.calibrate_dir = calibrate, o.compare = compare;
        o.calibration.percentile = percentile, o.native_compare = native_compare;
        o.calibration.mse = mse;
        auto r = interruptible([&](CancelFn cancelled) -> Result<pipeline::Quantized> {
          co.cancelled = cancelled;
          auto f32 = vf::compile(model.model, co);
          DiagnosticSink diags;
          if (!f32) return f32.error();
          co.shapes = model.model.shapes, co.seed = model.model.seed;
          auto r = pipeline::quantize(*f32, o, co, diags);
          if (!r) return Error{diags.render() + r.error().message};
          // Stopped before the output is written, or not at all: never half-written.
          if (cancel_requested(cancelled)) return Error{kInterrupted};
          r->compiled.model = model.model.path;
          auto rec = pipeline::compile_record(r->compiled, model.model.path);
          if (!rec) return rec.error();
          auto w = pipeline::write_dir_atomically(out, [&](const std::string& tmp) {
            std::string report;
            return pipeline::write_quantized(tmp, model.model.path, *r, o, *rec, report);
          });
          if (!w) return w.error();
          return r;
        });
        auto q = take(std::move(r));
        py::dict d;
        d["layers"] = q.graph.layers.size();
        d["calibration_inputs"] = q.facts.calibration_inputs;
        d["reference_rewrites"] = q.facts.reference_rewrites;
        if (q.agreement) {
          py::dict a;
          a["inputs"] = q.agreement->inputs, a["top1_agreement"] = q.agreement->top1_rate();
          a["snr_db"] = q.agreement->snr_db;
          a["max_abs_difference"] = q.agreement->max_abs_difference;
          d["agreement"] = a;
        } else {
          d["agreement"] = py::none();
        }
        d["compiled"] = PyCompiled(std::move(q.compiled));
        return d;
      },
      py::arg("model"), py::arg("out"), py::arg("rules") = "rules", py::arg("proofs") = "proofs",
      py::arg("timeout_ms") = 10000, py::arg("cache_dir") = std::nullopt, py::arg("seeds") = 8,
      py::arg("calibrate") = std::nullopt, py::arg("percentile") = std::nullopt,
      py::arg("compare") = 100, py::arg("native_compare") = true, py::arg("mse") = false,
      "Quantizes a loaded model to int8 and writes it (vfuse quantize).");
}
