"""The committed type stubs are what scripts/gen_stubs.py generates today."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT.parent / "shared" / "spec" / "array_api_namespace.json"


def load_generator():
    spec = importlib.util.spec_from_file_location("gen_stubs", ROOT / "scripts" / "gen_stubs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not SPEC.exists(), reason="the standard's signature list is not checked out")
def test_committed_stubs_are_up_to_date():
    done = subprocess.run(
        [sys.executable, "scripts/gen_stubs.py", str(SPEC), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_annotations_use_the_stub_names():
    gen = load_generator()
    sig = "sum(x: array, /, *, dtype: Optional[dtype]=None, keepdims: bool=False) -> array"
    assert gen.annotate(sig) == (
        "sum(x: Array, /, *, dtype: Optional[_DType]=None, keepdims: _bool=False) -> Array"
    )
    norm = "n(x: array, /, *, ord: Optional[Union[int, float, Literal[inf, -inf, 'fro']]]='fro')"
    assert "inf" not in gen.annotate(norm).replace("'fro'", "")
    assert gen.annotate("f(obj: NestedSequence, /) -> PyCapsule") == (
        "f(obj: _NestedSequence, /) -> CapsuleType"
    )
