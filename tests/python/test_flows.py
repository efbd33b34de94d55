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
