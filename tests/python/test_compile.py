"""vfuse.compile, rewrites, report and save: the compile output the CLI writes."""

import json
import subprocess

import numpy as np
import pytest

from conftest import CLASSIFIER, RELAY, SHAPES


def test_rewrites_are_certified(classifier):
    applied = [r for r in classifier.rewrites if r.applied]
    assert len(applied) >= 35
    assert all(r.verdict in ("proved", "by_definition") for r in applied)
    assert {"fold_bn_into_conv2d", "recognise_hard_swish"} <= {r.rule for r in applied}
    assert all(r.certificate.startswith("certificates/") for r in applied if r.certificate)
    assert all(r.nodes for r in applied)


def test_report(classifier):
    rep = classifier.report
    assert rep["model"] == CLASSIFIER
    assert rep["options"]["shape"] == ["x=1x3x48x192"]
    assert rep["summary"]["applied"] == sum(r.applied for r in classifier.rewrites)
    assert rep["ops_before"]["batch_norm"] == 35 and "batch_norm" not in rep["ops_after"]


def test_compile_function(vfuse, x):
    c = vfuse.compile(CLASSIFIER, SHAPES)
    assert isinstance(c, vfuse.CompiledModel)
    assert len(c.rewrites) == len(c.report["rewrites"])
    s = c.session()
    assert s.run([x])[0].shape == (1, 2)


def test_disabled_rule(vfuse):
    c = vfuse.compile(CLASSIFIER, SHAPES, disabled=["recognise_hard_swish"])
    assert "recognise_hard_swish" not in {r.rule for r in c.rewrites if r.applied}
    assert c.report["options"]["disable"] == ["recognise_hard_swish"]


def test_save_is_the_cli_compile_output(vfuse, vfuse_bin, classifier, tmp_path):
    classifier.save(tmp_path / "py")
    subprocess.run([vfuse_bin, "compile", CLASSIFIER, "--shape", "x=1x3x48x192", "-o",
                    str(tmp_path / "cli")], check=True, capture_output=True)
    for f in ("model.vfg", "model.weights", "model.dot"):
        assert (tmp_path / "py" / f).read_bytes() == (tmp_path / "cli" / f).read_bytes(), f
    py = json.loads((tmp_path / "py" / "report.json").read_text())
    cli = json.loads((tmp_path / "cli" / "report.json").read_text())
    assert py["hashes"]["output"] == cli["hashes"]["output"]
    assert [r["rule"] for r in py["rewrites"]] == [r["rule"] for r in cli["rewrites"]]


def test_saved_output_verifies_with_the_cli(vfuse_bin, classifier, tmp_path):
    classifier.save(tmp_path / "out")
    r = subprocess.run([vfuse_bin, "verify", str(tmp_path / "out")], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_saved_output_loads_and_runs_the_same(vfuse, classifier, tmp_path, x):
    classifier.save(tmp_path / "out")
    again = vfuse.InferenceSession(tmp_path / "out", optimize=False)
    assert again.run(None, {"x": x})[0].tobytes() == classifier.run(None, {"x": x})[0].tobytes()


def test_tampered_output_is_refused(vfuse, classifier, tmp_path):
    classifier.save(tmp_path / "out")
    w = tmp_path / "out" / "model.weights"
    data = bytearray(w.read_bytes())
    data[100] ^= 1
    w.write_bytes(bytes(data))
    with pytest.raises(vfuse.VfuseError, match="was changed after vfuse compile wrote it"):
        vfuse.InferenceSession(tmp_path / "out", optimize=False)
    vfuse.InferenceSession(tmp_path / "out", optimize=False, trust_unverified=True)


def test_verify_function(vfuse, classifier, tmp_path):
    classifier.save(tmp_path / "out")
    r = vfuse.verify(tmp_path / "out", replay="none")
    assert r and r.ok and not r.replayed
    assert [s[0] for s in r.steps][:4] == ["report", "model", "rules", "rewrites"]
    assert r.rewrites == sum(x.applied for x in classifier.rewrites)


def test_verify_independent(vfuse, tmp_path):
    # The independent checker from Python: the steps of vfuse verify --independent, and a
    # relu removed from model.vfg (hashes recomputed, so that only the checker can find it)
    # names its region. (A small ResNet: the classifier takes minutes there.)
    import hashlib
    vfuse.compile(RELAY).save(tmp_path / "out")
    r = vfuse.verify(tmp_path / "out", independent=True)
    assert r and r.ok
    assert [s[0] for s in r.steps] == ["report", "files", "model", "compiled", "regions", "program"]
    vfg = tmp_path / "out" / "model.vfg"
    text = vfg.read_text()
    assert 'activation="relu"' in text
    vfg.write_text(text.replace('activation="relu"', 'activation="none"', 1))
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    report["hashes"]["output"]["model.vfg"] = hashlib.sha256(vfg.read_bytes()).hexdigest()
    (tmp_path / "out" / "report.json").write_text(json.dumps(report))
    r = vfuse.verify(tmp_path / "out", independent=True)
    assert not r and r.failed_step == "regions"
    assert "is not proved: refuted" in r.failure


def test_verify_finds_a_tampered_graph(vfuse, classifier, tmp_path):
    classifier.save(tmp_path / "out")
    vfg = tmp_path / "out" / "model.vfg"
    vfg.write_text(vfg.read_text().replace("conv2d", "conv2d ", 1))
    r = vfuse.verify(tmp_path / "out", replay="none")
    assert not r and r.failed_step and r.failure
    with pytest.raises(vfuse.InvalidArgument, match="replay must be"):
        vfuse.verify(tmp_path / "out", replay="yices")
