# Type stubs of the vfuse package (python/vfuse/__init__.py; docs/python.md).
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

__version__: str
_Path = Union[str, os.PathLike[str]]

class VfuseError(RuntimeError):
    """A vfuse failure; its message holds vfuse's diagnostics (file:line:col)."""

class InvalidArgument(VfuseError, ValueError):
    """A bad input array, name or option."""

@dataclass(frozen=True)
class NodeArg:
    name: str
    shape: List[int]
    type: str
    dtype: np.dtype

@dataclass(frozen=True)
class Rewrite:
    rule: str
    nodes: List[str]
    verdict: str
    applied: bool
    bound: float
    certificate: str
    reason: str

class _Session:
    def inputs(self) -> List[tuple]: ...
    def outputs(self) -> List[tuple]: ...
    def run(self, arrays: List[np.ndarray]) -> List[np.ndarray]: ...
    def lowerings(self) -> int: ...

class CompiledModel:
    @property
    def report(self) -> Dict[str, Any]: ...
    @property
    def rewrites(self) -> List[Rewrite]: ...
    def save(self, path: _Path) -> None: ...
    def session(self, engine: str = "native", threads: int = 1, target: Optional[str] = None,
                rules: str = "rules", proofs: str = "proofs") -> _Session: ...

def compile(path: _Path, shapes: Optional[Mapping[str, Sequence[int]]] = None, *,
            seed: int = 0, rules: str = "rules", proofs: str = "proofs",
            disabled: Sequence[str] = (), timeout_ms: int = 10000,
            cache_dir: Optional[str] = None, trust_unverified: bool = False) -> CompiledModel: ...

class InferenceSession:
    def __init__(self, path: _Path, shapes: Optional[Mapping[str, Sequence[int]]] = None,
                 engine: str = "native", threads: int = 1, optimize: bool = True,
                 target: Optional[str] = None, *, seed: int = 0, rules: str = "rules",
                 proofs: str = "proofs", disabled: Sequence[str] = (), timeout_ms: int = 10000,
                 cache_dir: Optional[str] = None, trust_unverified: bool = False) -> None: ...
    @property
    def engine(self) -> str: ...
    @property
    def target(self) -> Optional[str]: ...
    @property
    def lowerings(self) -> int: ...
    @property
    def threads(self) -> int: ...
    def get_inputs(self) -> List[NodeArg]: ...
    def get_outputs(self) -> List[NodeArg]: ...
    def get_providers(self) -> List[str]: ...
    def run(self, output_names: Optional[Sequence[str]], input_feed: Mapping[str, np.ndarray],
            run_options: Any = None) -> List[np.ndarray]: ...
    @property
    def rewrites(self) -> List[Rewrite]: ...
    @property
    def report(self) -> Dict[str, Any]: ...
    def save(self, path: _Path) -> None: ...

@dataclass(frozen=True)
class VerifyReport:
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
    def __bool__(self) -> bool: ...

def verify(path: _Path, replay: str = "z3", model: Optional[str] = None,
           solver_seconds: int = 120, jobs: int = 0) -> VerifyReport: ...

@dataclass(frozen=True)
class RuleVerdict:
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
    counterexample: Optional[Dict[str, Any]]

@dataclass(frozen=True)
class ProofReport:
    ok: bool
    rules: List[RuleVerdict]
    status: List[Dict[str, Any]]
    summary: Dict[str, Any]
    ms: float
    def __bool__(self) -> bool: ...

def prove(paths: Union[_Path, Sequence[_Path]] = "rules", *, proofs: str = "proofs",
          check: bool = False, reprove: bool = True, write: bool = False,
          timeout_ms: int = 10000, jobs: int = 0, grid: str = "default") -> ProofReport: ...

def export(path: _Path, out: _Path, shapes: Optional[Mapping[str, Sequence[int]]] = None, *,
           seed: int = 0, trust_unverified: bool = False) -> Dict[str, Any]: ...

@dataclass(frozen=True)
class EngineCheck:
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
    raw: Dict[str, Any]

@dataclass(frozen=True)
class CheckReport:
    ok: bool
    engines: Dict[str, EngineCheck]
    runs: int
    exact: bool
    per_rewrite: Optional[Dict[str, Any]]
    against: Optional[Dict[str, Any]]
    def __bool__(self) -> bool: ...

def check(path: _Path, shapes: Optional[Mapping[str, Sequence[int]]] = None, *,
          inputs: Optional[Union[Mapping[str, np.ndarray], Sequence[Mapping[str, np.ndarray]]]] = None,
          seeds: int = 1, engines: Sequence[str] = ("interpreter", "native"), threads: int = 1,
          per_rewrite: bool = False, against: Optional[str] = None, seed: int = 0,
          rules: str = "rules", proofs: str = "proofs", disabled: Sequence[str] = (),
          timeout_ms: int = 10000, cache_dir: Optional[str] = None) -> CheckReport: ...

def quantize(path: _Path, out: _Path, shapes: Optional[Mapping[str, Sequence[int]]] = None, *,
             seeds: int = 8, calibrate: Optional[str] = None, percentile: Optional[float] = None,
             compare: int = 100, engine: str = "native", seed: int = 0, rules: str = "rules",
             proofs: str = "proofs", timeout_ms: int = 10000,
             cache_dir: Optional[str] = None) -> Dict[str, Any]: ...

def load_session(path: _Path, **kwargs: Any) -> InferenceSession: ...
