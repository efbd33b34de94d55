"""vfuse.InferenceSession on the bundled models: the CLI's outputs bit for bit, the
ONNX-Runtime-like API, bad arrays and names as exceptions, threads."""

import concurrent.futures
import subprocess

import numpy as np
import pytest

from conftest import CLASSIFIER, RELAY, SHAPES, cli_run

OUT = "softmax_0.tmp_0"


def same_bits(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


# --- the API ---------------------------------------------------------------------------

def test_version_and_exceptions(vfuse):
    assert vfuse.__version__ == "0.1.0"
    assert issubclass(vfuse.VfuseError, RuntimeError)
    assert issubclass(vfuse.InvalidArgument, vfuse.VfuseError)
    assert issubclass(vfuse.InvalidArgument, ValueError)


def test_get_inputs(classifier):
    (i,) = classifier.get_inputs()
    assert (i.name, i.shape, i.type, i.dtype) == ("x", [1, 3, 48, 192], "tensor(float)",
                                                np.float32)


def test_get_outputs(classifier):
    (o,) = classifier.get_outputs()
    assert (o.name, o.shape, o.type) == (OUT, [1, 2], "tensor(float)")


def test_providers_engine_threads_repr(classifier):
    assert classifier.get_providers() == ["VfuseNativeExecutionProvider"]
    assert classifier.engine == "native" and classifier.threads == 1
    assert "ppocr_mobilenetv3_cls.onnx" in repr(classifier)


def test_docstrings_and_stub(vfuse):
    import pathlib
    assert "onnxruntime.InferenceSession" in vfuse.InferenceSession.__doc__
    assert "C-contiguous" in vfuse.InferenceSession.run.__doc__
    assert (pathlib.Path(vfuse.__file__).parent / "__init__.pyi").exists()


# --- bit for bit against the CLI -------------------------------------------------------

def test_run_matches_cli_native_bit_for_bit(classifier, cli_native, x):
    (probs,) = classifier.run(None, {"x": x})
    assert same_bits(probs, cli_native[1][OUT])


def test_run_by_output_name(classifier, cli_native, x):
    (probs,) = classifier.run([OUT], {"x": x})
    assert same_bits(probs, cli_native[1][OUT])


def test_threads_2_matches_cli(vfuse, vfuse_bin, tmp_path, x):
    _, out = cli_run(vfuse_bin, tmp_path, CLASSIFIER, "--shape", "x=1x3x48x192", "--engine",
                     "native", "--threads", "2")
    s = vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, threads=2)
    assert same_bits(s.run(None, {"x": x})[0], out[OUT])


def test_not_optimized_matches_cli_no_rewrite(vfuse, vfuse_bin, tmp_path, x):
    _, out = cli_run(vfuse_bin, tmp_path, CLASSIFIER, "--shape", "x=1x3x48x192", "--engine",
                     "native", "--no-rewrite")
    s = vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, optimize=False)
    assert s.rewrites == [] and s.report == {}
    assert same_bits(s.run(None, {"x": x})[0], out[OUT])


def test_interpreter_matches_cli_interpreter(vfuse, vfuse_bin, tmp_path, x):
    _, out = cli_run(vfuse_bin, tmp_path, CLASSIFIER, "--shape", "x=1x3x48x192")
    s = vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, engine="interpreter", optimize=False)
    assert s.get_providers() == ["VfuseInterpreterExecutionProvider"]
    assert same_bits(s.run(None, {"x": x})[0], out[OUT])


def test_interpreter_close_to_native(vfuse, classifier, x):
    s = vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, engine="interpreter")
    np.testing.assert_allclose(s.run(None, {"x": x})[0], classifier.run(None, {"x": x})[0],
                               atol=1e-5)


def test_relay_model_matches_cli(vfuse, vfuse_bin, tmp_path):
    ins, out = cli_run(vfuse_bin, tmp_path, RELAY, "--engine", "native")
    s = vfuse.InferenceSession(RELAY)
    feed = {i.name: ins[i.name] for i in s.get_inputs()}
    got = s.run(None, feed)
    assert len(got) == len(out)
    for o, g in zip(s.get_outputs(), got):
        assert same_bits(g, out[o.name])


def test_relay_seed_changes_the_weights(vfuse):
    a, b = vfuse.InferenceSession(RELAY), vfuse.InferenceSession(RELAY, seed=7)
    feed = {i.name: np.ones(i.shape, np.float32) for i in a.get_inputs()}
    assert not np.array_equal(a.run(None, feed)[0], b.run(None, feed)[0])


def test_onnxruntime_agrees(classifier, x):
    ort = pytest.importorskip("onnxruntime", reason="the onnxruntime Python package is not "
                              "installed: no comparison with ONNX Runtime")
    ref = ort.InferenceSession(CLASSIFIER, providers=["CPUExecutionProvider"])
    np.testing.assert_allclose(classifier.run(None, {"x": x})[0], ref.run(None, {"x": x})[0],
                               atol=1e-5)


# --- arrays in and out -----------------------------------------------------------------

def test_non_contiguous_input_same_result(classifier, x):
    f = np.asfortranarray(x)
    assert not f.flags.c_contiguous
    assert same_bits(classifier.run(None, {"x": f})[0], classifier.run(None, {"x": x})[0])
    strided = np.repeat(x, 2, axis=3)[..., ::2]
    assert same_bits(classifier.run(None, {"x": strided})[0], classifier.run(None, {"x": x})[0])


def test_input_untouched_outputs_fresh(classifier, x):
    before = x.copy()
    a = classifier.run(None, {"x": x})[0]
    b = classifier.run(None, {"x": x})[0]
    assert same_bits(x, before)
    assert a is not b and a.flags.writeable and a.flags.c_contiguous
    a[...] = 0
    assert not np.array_equal(a, b)


def test_different_inputs_different_outputs(classifier, x):
    assert not np.array_equal(classifier.run(None, {"x": x})[0],
                              classifier.run(None, {"x": -x})[0])


# --- errors ----------------------------------------------------------------------------

def test_missing_input(vfuse, classifier):
    with pytest.raises(vfuse.InvalidArgument, match="missing input 'x'"):
        classifier.run(None, {})


def test_unknown_input_name(vfuse, classifier, x):
    with pytest.raises(vfuse.InvalidArgument, match="'y' is not an input of the model"):
        classifier.run(None, {"x": x, "y": x})


def test_unknown_output_name(vfuse, classifier, x):
    with pytest.raises(vfuse.InvalidArgument, match="'nope' is not an output"):
        classifier.run(["nope"], {"x": x})


def test_wrong_dtype(vfuse, classifier, x):
    with pytest.raises(vfuse.InvalidArgument, match="input 'x' is float64, the model expects float32"):
        classifier.run(None, {"x": x.astype(np.float64)})
    with pytest.raises(vfuse.InvalidArgument, match="is int32"):
        classifier.run(None, {"x": x.astype(np.int32)})


def test_wrong_shape(vfuse, classifier):
    with pytest.raises(vfuse.InvalidArgument, match=r"has shape \(1, 3, 48, 96\), the model "
                       r"expects \(1, 3, 48, 192\)"):
        classifier.run(None, {"x": np.zeros((1, 3, 48, 96), np.float32)})
    with pytest.raises(ValueError, match="has shape"):
        classifier.run(None, {"x": np.zeros((3, 48, 192), np.float32)})
    with pytest.raises(ValueError, match="has shape"):
        classifier.run(None, {"x": np.float32(1)})


def test_not_an_array(vfuse, classifier):
    with pytest.raises(vfuse.InvalidArgument, match="float64"):
        classifier.run(None, {"x": [[1.0, 2.0]]})
    with pytest.raises(vfuse.InvalidArgument, match="input_feed must be a dict"):
        classifier.run(None, [1, 2])


def test_missing_model(vfuse):
    with pytest.raises(vfuse.VfuseError, match="1 error in 'no/such.onnx'"):
        vfuse.InferenceSession("no/such.onnx")


def test_malformed_relay_has_its_diagnostic(vfuse, tmp_path):
    bad = tmp_path / "bad.relay"
    bad.write_text('#[version = "0.0.5"]\ndef @main(%x: Tensor[(1, 2), float32]) {\n'
                   "  rellu(%x)\n}\n")
    with pytest.raises(vfuse.VfuseError) as e:
        vfuse.InferenceSession(str(bad))
    assert f"{bad}:3:" in str(e.value) and "error" in str(e.value)


def test_bad_options(vfuse):
    with pytest.raises(vfuse.InvalidArgument, match="engine must be"):
        vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, engine="gpu")
    with pytest.raises(vfuse.InvalidArgument, match="threads"):
        vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, threads=0)
    with pytest.raises(vfuse.VfuseError, match="geometry '0x8'"):
        vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, target="systolic:0x8")
    with pytest.raises(vfuse.InvalidArgument, match="target must be"):
        vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, target=16)
    with pytest.raises(vfuse.InvalidArgument, match="positive"):
        vfuse.InferenceSession(CLASSIFIER, shapes={"x": [1, 0, 48, 192]})


def test_shapes_for_a_static_model_are_an_error(vfuse):
    with pytest.raises(vfuse.VfuseError, match="--shape applies to ONNX models only"):
        vfuse.InferenceSession(RELAY, shapes={"data": [1, 3, 32, 32]})


def test_bad_rules_dir(vfuse):
    with pytest.raises(vfuse.VfuseError):
        vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, rules="no/such/rules")


# --- threads ---------------------------------------------------------------------------

def test_one_session_from_four_threads(classifier, x):
    feeds = [x * (k + 1) for k in range(4)]
    expected = [classifier.run(None, {"x": f})[0] for f in feeds]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda k: classifier.run(None, {"x": feeds[k % 4]})[0], range(24)))
    for k, g in enumerate(got):
        assert same_bits(g, expected[k % 4])


def test_interpreter_from_two_threads(vfuse, x):
    s = vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, engine="interpreter")
    expected = s.run(None, {"x": x})[0]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        got = list(pool.map(lambda _: s.run(None, {"x": x})[0], range(4)))
    assert all(same_bits(g, expected) for g in got)
