"""Ctrl-C during a long proof, check or compile: a child Python starts the call, gets SIGINT
about a second later, and must raise KeyboardInterrupt within a few seconds, having written
nothing (no proof record, no compile output)."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from conftest import CLASSIFIER, ROOT

# The child prints "started" just before the long call, then "finished" or
# "KeyboardInterrupt".
CHILD = textwrap.dedent("""
    import signal
    import vfuse
    # As in an interactive Python, whatever the test runner left (a background job
    # inherits SIGINT ignored).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print("started", flush=True)
    try:
        {call}
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("KeyboardInterrupt", flush=True)
""")


def interrupt(call, after=1.0, limit=30.0):
    """Runs `call` in a child, SIGINT `after` seconds after it started; returns its output
    lines and the seconds from the signal to the child's exit."""
    env = dict(os.environ)
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(call=call)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started", child.stderr.read()
    time.sleep(after)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        pytest.fail(f"no exit {limit} s after SIGINT")
    took = time.monotonic() - sent
    assert child.returncode == 0, err
    return out.split(), took


def test_ctrl_c_interrupts_prove_and_writes_no_record(tmp_path):
    proofs = tmp_path / "proofs"
    proofs.mkdir()
    # Every rule of the library, written: minutes of work if nothing stops it.
    out, took = interrupt(f"vfuse.prove('rules', proofs={str(proofs)!r}, write=True)")
    assert out[0] == "KeyboardInterrupt", out
    assert took < 10, took
    assert list(proofs.iterdir()) == []


def test_ctrl_c_interrupts_check(tmp_path):
    # No certificate cache: the classifier's certification alone takes several seconds.
    call = (f"vfuse.check({CLASSIFIER!r}, {{'x': [1, 3, 48, 192]}}, seeds=4, "
            f"cache_dir={str(tmp_path / 'cache')!r})")
    out, took = interrupt(call)
    assert out[0] == "KeyboardInterrupt", out
    assert took < 10, took


def test_ctrl_c_interrupts_compile_and_saves_nothing(tmp_path):
    target = tmp_path / "out"
    call = (f"vfuse.compile({CLASSIFIER!r}, {{'x': [1, 3, 48, 192]}}, "
            f"cache_dir={str(tmp_path / 'cache')!r}).save({str(target)!r})")
    out, took = interrupt(call)
    assert out[0] == "KeyboardInterrupt", out
    assert took < 10, took
    assert not target.exists()


def test_ctrl_c_interrupts_quantize_and_writes_nothing(tmp_path):
    target = tmp_path / "q"
    call = (f"vfuse.quantize({CLASSIFIER!r}, {str(target)!r}, {{'x': [1, 3, 48, 192]}}, "
            f"cache_dir={str(tmp_path / 'cache')!r})")
    out, took = interrupt(call)
    assert out[0] == "KeyboardInterrupt", out
    assert took < 10, took
    assert not target.exists()
