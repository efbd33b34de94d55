"""vfuse: a compiler for neural-network inference graphs whose every rewrite is proved.

The API follows ONNX Runtime's where it has an equivalent::

    import numpy as np, vfuse
    sess = vfuse.InferenceSession("models/ppocr_mobilenetv3_cls.onnx",
                                  shapes={"x": [1, 3, 48, 192]})
    x = np.random.rand(1, 3, 48, 192).astype(np.float32)
    (probs,) = sess.run(None, {"x": x})
    sess.rewrites[0].rule, sess.report["summary"], sess.save("out")

Every rewrite applied to the model carries a Z3 certificate (``sess.rewrites``); the
rewritten graph runs as native code (``engine="native"``, the default) or in the
reference interpreter (``engine="interpreter"``). Errors are ``vfuse.VfuseError``
(bad input arrays, names and options: ``vfuse.InvalidArgument``, also a ``ValueError``)
carrying vfuse's diagnostics. docs/python.md has a worked example.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence

import numpy as np

from . import _vfuse
from ._vfuse import InvalidArgument, VfuseError

__version__ = _vfuse.__version__
__all__ = [
    "InferenceSession", "CompiledModel", "NodeArg", "Rewrite", "VfuseError", "InvalidArgument",
    "compile", "verify", "VerifyReport", "prove", "ProofReport", "RuleVerdict", "export",
    "check", "CheckReport", "EngineCheck", "quantize", "load_session", "__version__",
]


@dataclass(frozen=True)
class NodeArg:
    """An input or output of a session, as ``onnxruntime.NodeArg``: its name, static shape
    and type (ONNX Runtime's spelling, ``"tensor(float)"``); ``dtype`` is numpy's."""

    name: str
    shape: List[int]
    type: str
    dtype: np.dtype


@dataclass(frozen=True)
class Rewrite:
    """One certification attempt of a compile (an entry of report.json's "rewrites"):
    the rule, the nodes it matched, the verdict ("proved", "by_definition", "refuted",
    ...), whether it was applied, the certified bound on how far the outputs may move, and
    the certificate's path inside a saved compile output (``certificates/...``)."""

    rule: str
    nodes: List[str]
    verdict: str
    applied: bool
    bound: float
    certificate: str
    reason: str


def _node_args(infos) -> List[NodeArg]:
    return [NodeArg(n, list(s), t, np.dtype(d)) for n, s, t, d in infos]


def _shapes(shapes: Optional[Mapping[str, Sequence[int]]]) -> Dict[str, List[int]]:
    if shapes is None:
        return {}
    if not isinstance(shapes, Mapping):
        raise InvalidArgument("shapes must be a dict {input name: [d0, d1, ...]}")
    out = {}
    for name, dims in shapes.items():
        dims = [int(d) for d in dims]
        if not dims or any(d <= 0 for d in dims):
            raise InvalidArgument(f"shape of '{name}' needs positive dimensions, got {dims}")
        out[str(name)] = dims
    return out


class CompiledModel:
    """A model compiled with certified rewrites (``vfuse.compile``): its rewrites, its
    report, ``save(dir)`` for the compile output, ``session()`` to run it."""

    def __init__(self, compiled):
        self._compiled = compiled
        self._report = None

    @property
    def report(self) -> dict:
        """report.json of ``vfuse compile`` as a dict (the "hashes" of an output
        directory's files are filled in by ``save``)."""
        if self._report is None:
            self._report = json.loads(self._compiled.report_json())
        return self._report

    @property
    def rewrites(self) -> List[Rewrite]:
        """Every certification attempt, applied or rejected, in order."""
        return [
            Rewrite(r["rule"], list(r["nodes"]), r["verdict"], r["applied"], r["bound"],
                    r["certificate"], r["reason"])
            for r in self.report["rewrites"]
        ]

    def save(self, path: str | os.PathLike) -> None:
        """Writes the compile output into ``path`` (replaced if it exists): model.vfg,
        model.weights, model.dot, certificates/ and report.json, as ``vfuse compile -o``.
        ``vfuse verify path`` checks it; ``InferenceSession(path)`` loads it."""
        self._compiled.save(os.fspath(path))

    def session(self, engine: str = "native", threads: int = 1, target: Optional[str] = None,
                rules: str = "rules", proofs: str = "proofs"):
        """The low-level session on the rewritten graph (InferenceSession wraps it); on a
        ``target`` the graph lowered for it by the lowering rules under ``rules``."""
        return self._compiled.session(engine, int(threads), target or "", rules, proofs)


def compile(path: str | os.PathLike, shapes: Optional[Mapping[str, Sequence[int]]] = None, *,
            seed: int = 0, rules: str = "rules", proofs: str = "proofs",
            disabled: Sequence[str] = (), timeout_ms: int = 10000,
            cache_dir: Optional[str] = None, trust_unverified: bool = False) -> CompiledModel:
    """Loads the model at ``path`` (ONNX, TVM Relay text, a .vfg or a compile output) and
    compiles it as ``vfuse compile`` does: every match of the proved rule library is
    certified by Z3 before it is applied. ``shapes`` fixes ONNX inputs with symbolic
    dimensions; ``seed`` generates Relay weights; ``disabled`` rules are not applied;
    ``cache_dir`` is the certificate cache ("" for none; default ``$VFUSE_CACHE_DIR`` or
    ``~/.cache/vfuse/certificates``). The GIL is released while it compiles; Ctrl-C stops
    it between two certifications and raises ``KeyboardInterrupt`` (docs/python.md)."""
    model = _vfuse.load(os.fspath(path), _shapes(shapes), int(seed), bool(trust_unverified))
    return CompiledModel(_vfuse.compile(model, rules, proofs, list(disabled), int(timeout_ms),
                                        cache_dir))


class InferenceSession:
    """A model compiled with certified rewrites and ready to run, as
    ``onnxruntime.InferenceSession``::

        sess = vfuse.InferenceSession("model.onnx", shapes={"x": [1, 3, 48, 192]})
        outputs = sess.run(None, {"x": array})

    ``path``: ONNX, TVM Relay text (.relay), vfuse IR (.vfg) or a compile output directory.
    ``shapes``: static shapes of ONNX inputs with symbolic dimensions.
    ``engine``: "native" (the graph emitted as C++, compiled by the system compiler and
    cached) or "interpreter" (the reference interpreter, float32).
    ``threads``: OpenMP threads of the native code. ``optimize=False`` runs the model as
    imported (no rewrites). ``target``: None or "cpu" (the engine above), or a hardware
    target as ``vfuse run --target`` takes it, e.g. "systolic:16x16" or
    "systolic:8x8,dtype=f32,vpu=8" (docs/targets.md): the graph is lowered for it by the
    certified lowering rules when the session opens, and each ``run`` computes the array's
    layers by the target's model, checking every one against the interpreter on the same
    operands within its bound; a layer outside it raises ``vfuse.Error``. ``engine`` is
    then not used. The remaining keywords are ``vfuse.compile``'s.

    ``run`` may be called from several threads at once; the GIL is released while it runs.
    """

    def __init__(self, path: str | os.PathLike, shapes: Optional[Mapping[str, Sequence[int]]] = None,
                 engine: str = "native", threads: int = 1, optimize: bool = True,
                 target: Optional[str] = None, *, seed: int = 0, rules: str = "rules",
                 proofs: str = "proofs", disabled: Sequence[str] = (), timeout_ms: int = 10000,
                 cache_dir: Optional[str] = None, trust_unverified: bool = False):
        if target is not None and not isinstance(target, str):
            raise InvalidArgument(f"target must be None or a string, got {target!r}")
        on_target = target not in (None, "", "cpu")
        if engine not in ("native", "interpreter"):
            raise InvalidArgument(f"engine must be 'native' or 'interpreter', got {engine!r}")
        if not isinstance(threads, int) or not 1 <= threads <= 256:
            raise InvalidArgument(f"threads must be an int in 1..256, got {threads!r}")
        self._path = os.fspath(path)
        model = _vfuse.load(self._path, _shapes(shapes), int(seed), bool(trust_unverified))
        self._compiled: Optional[CompiledModel] = None
        if optimize:
            self._compiled = CompiledModel(_vfuse.compile(model, rules, proofs, list(disabled),
                                                          int(timeout_ms), cache_dir))
            self._sess = self._compiled.session(engine, threads, target or "", rules, proofs)
        else:
            self._sess = model.session(engine, threads, target or "", rules, proofs)
        self._engine, self._threads = ("target" if on_target else engine), threads
        self._target = target if on_target else None
        self._inputs = _node_args(self._sess.inputs())
        self._outputs = _node_args(self._sess.outputs())
        self._output_index = {o.name: k for k, o in enumerate(self._outputs)}

    @property
    def engine(self) -> str:
        """The engine that runs the session: "native", "interpreter" or "target"."""
        return self._engine

    @property
    def target(self) -> Optional[str]:
        """The hardware target the session runs on (None: the CPU)."""
        return self._target

    @property
    def lowerings(self) -> int:
        """On a target: how many certified lowerings the graph took (0 on the CPU)."""
        return self._sess.lowerings()

    @property
    def threads(self) -> int:
        return self._threads

    def get_inputs(self) -> List[NodeArg]:
        """The data inputs (weights are part of the model), in the model's order."""
        return list(self._inputs)

    def get_outputs(self) -> List[NodeArg]:
        """The outputs, in the model's order."""
        return list(self._outputs)

    def get_providers(self) -> List[str]:
        return [{"native": "VfuseNativeExecutionProvider",
                 "interpreter": "VfuseInterpreterExecutionProvider",
                 "target": "VfuseTargetExecutionProvider"}[self._engine]]

    def run(self, output_names: Optional[Sequence[str]], input_feed: Mapping[str, np.ndarray],
            run_options=None) -> List[np.ndarray]:
        """Runs the model: ``input_feed`` maps every input's name to a numpy array of its
        dtype and shape (a C-contiguous array is read in place, without a copy); returns
        the outputs named in ``output_names`` (None: all), in that order, as fresh arrays.
        A missing, unknown or mistyped input raises ``vfuse.InvalidArgument``."""
        if not isinstance(input_feed, Mapping):
            raise InvalidArgument("input_feed must be a dict {input name: numpy array}")
        arrays = []
        for i in self._inputs:
            if i.name not in input_feed:
                raise InvalidArgument(f"missing input '{i.name}'")
            a = input_feed[i.name]
            arrays.append(a if isinstance(a, np.ndarray) else np.asarray(a))
        if len(input_feed) != len(self._inputs):
            known = {i.name for i in self._inputs}
            extra = sorted(str(n) for n in input_feed if n not in known)
            raise InvalidArgument(f"'{extra[0]}' is not an input of the model (inputs: "
                                  f"{', '.join(sorted(known))})")
        outs = self._sess.run(arrays)
        if output_names is None:
            return outs
        picked = []
        for name in output_names:
            k = self._output_index.get(name)
            if k is None:
                raise InvalidArgument(f"'{name}' is not an output of the model (outputs: "
                                      f"{', '.join(self._output_index)})")
            picked.append(outs[k])
        return picked

    @property
    def rewrites(self) -> List[Rewrite]:
        """Every certification attempt of the compile (empty with optimize=False)."""
        return self._compiled.rewrites if self._compiled else []

    @property
    def report(self) -> dict:
        """report.json of the compile as a dict (empty with optimize=False)."""
        return self._compiled.report if self._compiled else {}

    def save(self, path: str | os.PathLike) -> None:
        """Writes the compile output into ``path``, as ``vfuse compile -o path``: loadable
        by ``InferenceSession(path)`` and ``vfuse run path``, checked by ``vfuse verify``."""
        if self._compiled is None:
            raise InvalidArgument("save needs a session built with optimize=True")
        self._compiled.save(path)

    def __repr__(self) -> str:
        on = f", target={self._target!r}" if self._target else ""
        return (f"vfuse.InferenceSession({self._path!r}, engine={self._engine!r}{on}, "
                f"threads={self._threads}, rewrites={sum(r.applied for r in self.rewrites)})")


@dataclass(frozen=True)
class VerifyReport:
    """What ``vfuse.verify`` established: ``ok``, the checks that held in order (name,
    detail, milliseconds), the first that failed and why."""

    dir: str
    model: str
    ok: bool
    replayed: bool
    steps: List[tuple]
    failed_step: str
    failure: str
    rewrites: int
    ms: float
    diagnostics: str

    def __bool__(self) -> bool:
        return self.ok


def verify(path: str | os.PathLike, replay: str = "z3", model: Optional[str] = None,
           solver_seconds: int = 120, jobs: int = 0, independent: bool = False) -> VerifyReport:
    """Checks a compile output directory as ``vfuse verify`` does: the model and the rule
    library match their recorded hashes, every recorded rewrite re-applies and certifies
    again, model.vfg / model.weights / each certificate equal the re-derived ones byte for
    byte, every file matches its hash, and (``replay`` "z3", "cvc5", "both"; "none" skips)
    the command-line solvers answer unsat for every certificate. With ``independent``, as
    ``vfuse verify --independent``: the independent checker proves model.vfg region by
    region against the model (a quantize output: against its quantized.vfg) and checks the
    lowered program; ``replay`` is not used. Returns the report (its truth value is
    ``ok``); a failed check is not an exception."""
    solvers = {"z3": ["z3"], "cvc5": ["cvc5"], "both": ["z3", "cvc5"], "none": []}.get(replay)
    if solvers is None:
        raise InvalidArgument(f"replay must be z3, cvc5, both or none, got {replay!r}")
    path = os.path.normpath(os.fspath(path))
    if os.path.basename(path) == "model.vfg":
        path = os.path.dirname(path) or "."
    if not os.path.isdir(path):
        raise InvalidArgument(f"'{path}' is not a directory")
    jobs = jobs or max(1, min(os.cpu_count() or 1, 64))
    return VerifyReport(**_vfuse.verify(path, model or "", solvers, int(solver_seconds), int(jobs),
                                        bool(independent)))


@dataclass(frozen=True)
class RuleVerdict:
    """One rule proved: ``verdict`` "proved" / "refuted" / "unknown", what its file
    ``expected`` and whether it got it, the ``scope`` ("unbounded" or "bounded") and the
    instances tried; a refuted rule's ``counterexample`` (a dict: ``instance``, ``values``
    by variable, ``violations``, the interpreter's ``replay``)."""

    name: str
    file: str
    verdict: str
    expected: str
    as_expected: bool
    scope: str
    grid: str
    instances: int
    ms: float
    reason: str
    lemma: str
    internal_error: str
    counterexample: Optional[dict]


@dataclass(frozen=True)
class ProofReport:
    """``vfuse.prove``'s result: ``ok`` (every rule as expected; with ``check``, every
    stored record current or proved again), the ``rules`` proved, the ``status`` of each
    stored record (with ``check``: dicts name, file, status, reason, proof), a summary."""

    ok: bool
    rules: List[RuleVerdict]
    status: List[dict]
    summary: dict
    ms: float

    def __bool__(self) -> bool:
        return self.ok


def _verdict(d: dict) -> RuleVerdict:
    return RuleVerdict(**d)


def prove(paths: str | os.PathLike | Sequence[str | os.PathLike] = "rules", *,
          proofs: str = "proofs", check: bool = False, reprove: bool = True,
          write: bool = False, timeout_ms: int = 10000, jobs: int = 0,
          grid: str = "default") -> ProofReport:
    """Proves every rule of the rule files (directories: every *.rules below them) with Z3,
    as ``vfuse prove`` does, and returns the verdicts with their counterexamples. Unlike
    the CLI it writes no proof records unless ``write=True``. ``check=True`` checks the
    stored records in ``proofs`` by hash and proves only the stale ones (``reprove``).
    Malformed rule files raise ``VfuseError`` with every diagnostic. Ctrl-C stops it before
    the next rule and raises ``KeyboardInterrupt``; no record is then written."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    jobs = jobs or max(1, os.cpu_count() or 1)
    r = _vfuse.prove([os.fspath(p) for p in paths], os.fspath(proofs), bool(check),
                     bool(reprove), bool(write), int(timeout_ms), int(jobs), grid)
    status = [dict(s, proof=_verdict(s["proof"]) if s["proof"] else None) for s in r["status"]]
    return ProofReport(r["ok"], [_verdict(d) for d in r["rules"]], status, r["summary"], r["ms"])


def export(path: str | os.PathLike, out: str | os.PathLike,
           shapes: Optional[Mapping[str, Sequence[int]]] = None, *, seed: int = 0,
           trust_unverified: bool = False) -> dict:
    """Writes the model at ``path`` as standard ONNX (opset 13) to ``out``, as ``vfuse
    export``: weights without data get the values ``seed`` generates (as sessions give
    them), so ONNX Runtime runs the same model. Returns the path, the number of seeded
    weights and the graph's inputs."""
    return _vfuse.export(os.fspath(path), os.fspath(out), _shapes(shapes), int(seed),
                         bool(trust_unverified))


@dataclass(frozen=True)
class EngineCheck:
    """One engine's numeric check: per output its largest error against the exact value of
    the original model and the certified bound (``output_error``, ``output_bound``, in
    ``output_names`` order), per named layer of the compiled graph the same end to end
    (``layer_error``, ``layer_bound``, in ``layers`` order, ``ops`` their operators) and
    against the original region on the engine's own inputs (``local_error``,
    ``local_bound``), and how much each layer multiplies the bound (``growth``); ``ok``
    when no element exceeds its bound, else ``first_failure`` names where. ``raw`` holds
    every figure (min / median ratios, exceeded and unbounded counts)."""

    engine: str
    ok: bool
    first_failure: str
    output_names: List[str]
    output_error: np.ndarray
    output_bound: np.ndarray
    layers: List[str]
    ops: List[str]
    layer_error: np.ndarray
    layer_bound: np.ndarray
    local_error: np.ndarray
    local_bound: np.ndarray
    growth: np.ndarray
    raw: dict


@dataclass(frozen=True)
class CheckReport:
    """``vfuse.check``'s result: ``ok``, per engine ("interpreter", "native") its
    ``EngineCheck``, the runs (input sets), and with ``per_rewrite`` / ``against`` their
    dicts (each rewrite alone and the drift bound; ONNX Runtime's deviation per output,
    ``skipped`` with the reason when the peer is not installed)."""

    ok: bool
    engines: Dict[str, EngineCheck]
    runs: int
    exact: bool
    per_rewrite: Optional[dict]
    against: Optional[dict]

    def __bool__(self) -> bool:
        return self.ok


def _engine_check(e: dict) -> EngineCheck:
    col = lambda rows, part, key: np.array([r[part][key] for r in rows], dtype=np.float64)
    outs, layers = e["outputs"], e["layers"]
    return EngineCheck(
        e["engine"], e["ok"], e["first_failure"], [o["name"] for o in outs],
        col(outs, "exact", "max_abs"), col(outs, "exact", "bound"),
        [l["node"] for l in layers], [l["op"] for l in layers],
        col(layers, "end_to_end", "max_abs"), col(layers, "end_to_end", "bound"),
        col(layers, "local", "max_abs"), col(layers, "local", "bound"),
        np.array([l["growth"] for l in layers], dtype=np.float64), e)


def check(path: str | os.PathLike, shapes: Optional[Mapping[str, Sequence[int]]] = None, *,
          inputs: Optional[Mapping[str, np.ndarray] | Sequence[Mapping[str, np.ndarray]]] = None,
          seeds: int = 1, engines: Sequence[str] = ("interpreter", "native"), threads: int = 1,
          per_rewrite: bool = False, against: Optional[str] = None, seed: int = 0,
          rules: str = "rules", proofs: str = "proofs", disabled: Sequence[str] = (),
          timeout_ms: int = 10000, cache_dir: Optional[str] = None) -> CheckReport:
    """Compiles the model and checks it as ``vfuse check`` does: the compiled model run by
    the interpreter and the native code on ``inputs`` (a dict of arrays, or a list of
    them; default: ``seeds`` seeded input sets), every output and every named layer
    against a rigorous per-input error bound around the exact output of the original
    model (docs/check.md). ``per_rewrite`` adds each rewrite alone and the drift bound;
    ``against="onnxruntime"`` puts ONNX Runtime's deviation beside it (the Node.js peer of
    ``make onnxruntime``). A check that fails is a report with ``ok`` False, not an
    exception; the GIL is released while it runs. Ctrl-C stops it (between two
    certifications or two input sets) and raises ``KeyboardInterrupt``."""
    if against not in (None, "onnxruntime"):
        raise InvalidArgument(f"against must be None or 'onnxruntime', got {against!r}")
    unknown = set(engines) - {"interpreter", "native"}
    if unknown or not engines:
        raise InvalidArgument(f"engines must be among 'interpreter', 'native', got {list(engines)}")
    if not 1 <= int(seeds) <= 1000:
        raise InvalidArgument("seeds must be in 1..1000")
    sets = [] if inputs is None else [inputs] if isinstance(inputs, Mapping) else list(inputs)
    model = _vfuse.load(os.fspath(path), _shapes(shapes), int(seed), False)
    r = _vfuse.check(model, rules, proofs, list(disabled), int(timeout_ms), cache_dir,
                     [dict(s) for s in sets], int(seeds), "interpreter" in engines,
                     "native" in engines, int(threads), bool(per_rewrite), against is not None)
    return CheckReport(r["ok"], {e["engine"]: _engine_check(e) for e in r["engines"]}, r["runs"],
                       r["exact"], r["per_rewrite"], r["against"])


def quantize(path: str | os.PathLike, out: str | os.PathLike,
             shapes: Optional[Mapping[str, Sequence[int]]] = None, *, seeds: int = 8,
             calibrate: Optional[str] = None, percentile: Optional[float] = None,
             mse: bool = False, compare: int = 100, engine: str = "native", seed: int = 0, rules: str = "rules",
             proofs: str = "proofs", timeout_ms: int = 10000,
             cache_dir: Optional[str] = None) -> dict:
    """Post-training int8 quantization, as ``vfuse quantize -o out``: the model compiled in
    float32 with the rules, calibrated on ``seeds`` seeded inputs (or the .npy inputs of
    the directory ``calibrate``; ``percentile`` clips the ranges, ``mse`` chooses them by the
    least mean squared error), its conv / dense layers
    quantized (uint8 activations, int8 weights per channel), the quantized graph compiled
    with the rules and written to ``out`` with report.json's "quantization" section; its
    agreement with float32 measured on ``compare`` inputs by ``engine``. Returns the layer
    count, the agreement (top-1 rate, SNR, largest difference) and ``compiled``, a
    ``CompiledModel`` of the quantized graph (``.session()`` runs it). Ctrl-C stops its
    compiles and raises ``KeyboardInterrupt``; ``out`` is then not written."""
    if engine not in ("native", "interpreter"):
        raise InvalidArgument(f"engine must be 'native' or 'interpreter', got {engine!r}")
    if calibrate is not None and seeds != 8:
        raise InvalidArgument("seeds and calibrate exclude each other")
    if not 1 <= int(seeds) <= 100000 or not 0 <= int(compare) <= 100000:
        raise InvalidArgument("seeds needs 1..100000 and compare 0..100000 inputs")
    if percentile is not None and not 0 < float(percentile) <= 100:
        raise InvalidArgument(f"percentile needs a number in (0, 100], got {percentile!r}")
    if mse and percentile is not None:
        raise InvalidArgument("mse and percentile exclude each other")
    model = _vfuse.load(os.fspath(path), _shapes(shapes), int(seed), False)
    r = _vfuse.quantize(model, os.fspath(out), rules, proofs, int(timeout_ms), cache_dir,
                        int(seeds), calibrate, None if percentile is None else float(percentile),
                        int(compare), engine == "native", bool(mse))
    r["compiled"] = CompiledModel(r["compiled"])
    return r


def load_session(path: str | os.PathLike, **kwargs) -> InferenceSession:
    """``InferenceSession(path, **kwargs)``."""
    return InferenceSession(path, **kwargs)
