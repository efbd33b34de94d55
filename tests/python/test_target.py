"""vfuse.InferenceSession(target=...): the graph lowered for a hardware target by the
certified lowering rules, run by the target's model with every array layer checked, the
same outputs as `vfuse run --target` bit for bit."""

import concurrent.futures
import re
import subprocess

import numpy as np
import pytest

from conftest import RELAY, cli_run

TARGETS = ["systolic:16x16", "systolic:16x16,im2col=1", "systolic:8x8,ssu=1,vpu=8"]


def same_bits(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def cli_lowerings(vfuse_bin, target):
    """The certified lowerings `vfuse run --target` reports."""
    out = subprocess.run([vfuse_bin, "run", RELAY, "--target", target], check=True,
                         capture_output=True, text=True).stdout
    return int(re.search(r"(\d+) certified lowerings", out).group(1))


@pytest.mark.parametrize("target", TARGETS)
def test_target_session_is_the_cli_run(vfuse, vfuse_bin, tmp_path, target):
    inputs, outputs = cli_run(vfuse_bin, tmp_path, RELAY, "--target", target)
    s = vfuse.InferenceSession(RELAY, target=target)
    assert (s.engine, s.target) == ("target", target)
    assert s.get_providers() == ["VfuseTargetExecutionProvider"]
    assert s.lowerings == cli_lowerings(vfuse_bin, target) > 0
    got = s.run(None, {i.name: inputs[i.name] for i in s.get_inputs()})
    for o, a in zip(s.get_outputs(), got):
        assert same_bits(a, outputs[o.name]), o.name
    assert f"target={target!r}" in repr(s)


def test_target_agrees_with_the_interpreter_and_runs_from_threads(vfuse):
    s = vfuse.InferenceSession(RELAY, target="systolic:16x16,im2col=1")
    ref = vfuse.InferenceSession(RELAY, engine="interpreter")
    name = s.get_inputs()[0].name
    rng = np.random.default_rng(1)
    xs = [rng.uniform(-1, 1, s.get_inputs()[0].shape).astype(np.float32) for _ in range(4)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda x: s.run(None, {name: x})[0], xs))
    for x, y in zip(xs, got):
        assert same_bits(y, s.run(None, {name: x})[0])  # the same from any thread
        want = ref.run(None, {name: x})[0]
        # The array sums in its own order: close to the interpreter, not equal to it.
        assert np.abs(y - want).max() <= 1e-5 * max(1.0, np.abs(want).max())


def test_target_cpu_is_the_engine(vfuse):
    s = vfuse.InferenceSession(RELAY, engine="interpreter", target="cpu")
    assert (s.engine, s.target, s.lowerings) == ("interpreter", None, 0)


def test_target_without_rewrites(vfuse):
    s = vfuse.InferenceSession(RELAY, target="systolic:16x16", optimize=False)
    assert s.engine == "target" and s.rewrites == []
    name = s.get_inputs()[0].name
    x = np.zeros(s.get_inputs()[0].shape, np.float32)
    assert s.run(None, {name: x})[0].shape == tuple(s.get_outputs()[0].shape)


def test_target_bad_inputs_raise(vfuse):
    s = vfuse.InferenceSession(RELAY, target="systolic:16x16")
    name = s.get_inputs()[0].name
    with pytest.raises(vfuse.InvalidArgument, match="shape"):
        s.run(None, {name: np.zeros((1, 2), np.float32)})
