"""Fixtures of the vfuse Python package's tests: the repository, the vfuse binary, the
bundled classifier compiled once, and the CLI's outputs to compare with."""

import os
import pathlib
import subprocess

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLASSIFIER = str(ROOT / "models" / "ppocr_mobilenetv3_cls.onnx")
SHAPES = {"x": [1, 3, 48, 192]}
RELAY = str(ROOT / "models" / "resnet_shallow_simplified.relay")


@pytest.fixture(scope="session", autouse=True)
def in_repo():
    os.chdir(ROOT)  # the rules/ and proofs/ the CLI reads


@pytest.fixture(scope="session")
def vfuse_bin():
    path = os.environ.get("VFUSE_BIN", str(ROOT / "build" / "tools" / "vfuse"))
    if not os.path.exists(path):
        pytest.skip(f"no vfuse binary at {path} (set VFUSE_BIN)")
    return path


def cli_run(vfuse_bin, tmp, model, *args):
    """`vfuse run MODEL ARGS --save-inputs --save-outputs`: its inputs and outputs."""
    d = pathlib.Path(tmp)
    subprocess.run([vfuse_bin, "run", model, *args, "--save-inputs", str(d / "in"),
                    "--save-outputs", str(d / "out")], check=True, capture_output=True)
    load = lambda sub: {p.stem: np.load(p) for p in sorted((d / sub).glob("*.npy"))}
    return load("in"), load("out")


@pytest.fixture(scope="session")
def vfuse():
    import vfuse
    return vfuse


@pytest.fixture(scope="session")
def classifier(vfuse):
    return vfuse.InferenceSession(CLASSIFIER, shapes=SHAPES)


@pytest.fixture(scope="session")
def cli_native(vfuse_bin, tmp_path_factory):
    return cli_run(vfuse_bin, tmp_path_factory.mktemp("cli_native"), CLASSIFIER,
                   "--shape", "x=1x3x48x192", "--engine", "native")


@pytest.fixture(scope="session")
def x(cli_native):
    return cli_native[0]["x"]
