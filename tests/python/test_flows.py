"""vfuse.prove and vfuse.export: the CLI's flows from Python."""

import subprocess

import pytest

from conftest import CLASSIFIER, RELAY, ROOT, SHAPES


def test_prove_refutes_must_refute_rules_with_counterexamples(vfuse):
    r = vfuse.prove(ROOT / "tests" / "rules" / "unsound" / "activations.rules", jobs=2)
    assert r and r.ok and r.rules
    for v in r.rules:
        assert v.expected == "refuted" and v.verdict == "refuted" and v.as_expected
        assert v.counterexample and v.counterexample["instance"]
        assert v.counterexample["violations"] and v.counterexample["values"]
    assert r.summary["refuted"] == len(r.rules)


def test_prove_check_finds_the_stored_proofs_current(vfuse):
    r = vfuse.prove("rules", check=True, reprove=False)
    assert r.ok and r.rules == []
    assert r.summary["current"] == len(r.status) > 100
    assert all(s["status"] == "current" for s in r.status)


def test_prove_writes_nothing_by_default(vfuse, tmp_path):
    r = vfuse.prove(ROOT / "tests" / "rules" / "unsound" / "activations.rules",
                    proofs=tmp_path / "proofs")
    assert r.ok and not (tmp_path / "proofs").exists()


def test_prove_malformed_rule_file(vfuse):
    bad = ROOT / "tests" / "dsl" / "errors" / "arity.rules"
    expected = (ROOT / "tests" / "dsl" / "errors" / "arity.expected").read_text().splitlines()[0]
    with pytest.raises(vfuse.VfuseError) as e:
        vfuse.prove(bad)
    assert "nothing was proved" in str(e.value)
    assert expected.split(": ", 1)[-1] in str(e.value)


def test_prove_missing_path(vfuse):
    with pytest.raises(vfuse.VfuseError, match="no such file or directory"):
        vfuse.prove("no/such/rules")
    with pytest.raises(vfuse.InvalidArgument, match="grid"):
        vfuse.prove("rules", grid="huge")


def test_export_is_the_cli_export(vfuse, vfuse_bin, tmp_path):
    r = vfuse.export(RELAY, tmp_path / "py.onnx", seed=3)
    subprocess.run([vfuse_bin, "export", RELAY, "-o", str(tmp_path / "cli.onnx"), "--seed", "3"],
                   check=True, capture_output=True)
    assert (tmp_path / "py.onnx").read_bytes() == (tmp_path / "cli.onnx").read_bytes()
    assert r["seeded_weights"] > 0 and r["inputs"]


def test_export_classifier_runs_again(vfuse, tmp_path, classifier, x):
    vfuse.export(CLASSIFIER, tmp_path / "c.onnx", SHAPES)
    again = vfuse.InferenceSession(tmp_path / "c.onnx", optimize=False, engine="interpreter")
    ref = vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES, optimize=False, engine="interpreter")
    assert again.run(None, {"x": x})[0].tobytes() == ref.run(None, {"x": x})[0].tobytes()


def cli_check_json(vfuse_bin, *args):
    import json
    r = subprocess.run([vfuse_bin, "check", CLASSIFIER, "--shape", "x=1x3x48x192", "--json", *args],
                       capture_output=True, text=True)
    return json.loads(r.stdout)


def test_check_matches_the_cli(vfuse, vfuse_bin):
    import numpy as np
    cli = cli_check_json(vfuse_bin)
    r = vfuse.check(CLASSIFIER, SHAPES)
    assert r.ok == cli["ok"] and r.runs == cli["runs"] == 1
    for ce in cli["engines"]:
        e = r.engines[ce["engine"]]
        assert e.ok == ce["ok"]
        assert e.output_names == [o["name"] for o in ce["outputs"]]
        assert np.array_equal(e.output_error, [o["exact"]["max_abs"] for o in ce["outputs"]])
        assert np.array_equal(e.output_bound, [o["exact"]["bound"] for o in ce["outputs"]])
        assert e.layers == [l["node"] for l in ce["layers"]]
        assert np.array_equal(e.layer_bound, [l["end_to_end"]["bound"] for l in ce["layers"]])
        assert np.array_equal(e.layer_error, [l["end_to_end"]["max_abs"] for l in ce["layers"]])
        assert (e.layer_error <= e.layer_bound).all()


def test_check_given_inputs_and_per_rewrite(vfuse, x):
    r = vfuse.check(CLASSIFIER, SHAPES, inputs=[{"x": x}, {"x": -x}], engines=["interpreter"],
                    per_rewrite=True)
    assert r.ok and r.runs == 2 and list(r.engines) == ["interpreter"]
    assert r.per_rewrite["ok"] and len(r.per_rewrite["rewrites"]) >= 35
    assert all(p["max_abs"] <= p["bound"] for p in r.per_rewrite["rewrites"])


def test_check_bad_arguments(vfuse, x):
    import numpy as np
    with pytest.raises(vfuse.InvalidArgument, match="has shape"):
        vfuse.check(CLASSIFIER, SHAPES, inputs={"x": x[..., :96]})
    with pytest.raises(vfuse.InvalidArgument, match="float32"):
        vfuse.check(CLASSIFIER, SHAPES, inputs={"x": x.astype(np.float64)})
    with pytest.raises(vfuse.InvalidArgument, match="'y' is not an input"):
        vfuse.check(CLASSIFIER, SHAPES, inputs={"x": x, "y": x})
    with pytest.raises(vfuse.InvalidArgument, match="against"):
        vfuse.check(CLASSIFIER, SHAPES, against="tvm")
    with pytest.raises(vfuse.InvalidArgument, match="engines"):
        vfuse.check(CLASSIFIER, SHAPES, engines=["gpu"])


def test_check_against_onnxruntime(vfuse):
    r = vfuse.check(CLASSIFIER, SHAPES, engines=["interpreter"], against="onnxruntime")
    if r.against["skipped"]:
        pytest.skip(f"ONNX Runtime peer not installed: {r.against['skipped']}")
    assert r.against["ok"] and r.against["outputs"][0][1] <= r.against["tolerance"]


def test_quantize_is_the_cli_quantize(vfuse, vfuse_bin, tmp_path):
    import numpy as np
    r = vfuse.quantize(RELAY, tmp_path / "py", seeds=2, compare=2, engine="interpreter")
    subprocess.run([vfuse_bin, "quantize", RELAY, "-o", str(tmp_path / "cli"), "--seeds", "2",
                    "--compare", "2", "--engine", "interpreter"], check=True, capture_output=True)
    for f in ("model.vfg", "model.weights"):
        assert (tmp_path / "py" / f).read_bytes() == (tmp_path / "cli" / f).read_bytes(), f
    assert r["layers"] > 0 and r["agreement"]["inputs"] == 2
    s = vfuse.InferenceSession(tmp_path / "py", optimize=False)
    feed = {i.name: np.zeros(i.shape, i.dtype) for i in s.get_inputs()}
    assert s.run(None, feed)[0].shape == tuple(s.get_outputs()[0].shape)
    with pytest.raises(vfuse.InvalidArgument, match="percentile"):
        vfuse.quantize(RELAY, tmp_path / "x", percentile=0)
    with pytest.raises(vfuse.InvalidArgument, match="mse and percentile"):
        vfuse.quantize(RELAY, tmp_path / "x", mse=True, percentile=99)
    # --mse: the same files as the CLI's, and the quantizer's graph stored beside them.
    vfuse.quantize(RELAY, tmp_path / "pm", seeds=2, compare=0, mse=True)
    subprocess.run([vfuse_bin, "quantize", RELAY, "-o", str(tmp_path / "cm"), "--seeds", "2",
                    "--compare", "0", "--mse"], check=True, capture_output=True)
    for f in ("model.vfg", "model.weights", "quantized.vfg", "quantized.weights"):
        assert (tmp_path / "pm" / f).read_bytes() == (tmp_path / "cm" / f).read_bytes(), f
