"""Shared helpers and hypothesis strategies for the pyarray test suite.

NumPy is the oracle: every helper converts a pyarray array to NumPy (through
the buffer protocol, or through float32 for bfloat16, which NumPy lacks) and
compares values, shape and dtype.
"""

import contextlib
import math
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

# CI runs a derandomized profile (HYPOTHESIS_PROFILE=ci in scripts/test.sh) so a
# landing is reproducible; local runs keep exploring new examples.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# ---------------------------------------------------------------------------
# dtypes

BOOL_NAMES = ["bool"]
INT_NAMES = ["int8", "int16", "int32", "int64"]
UINT_NAMES = ["uint8", "uint16", "uint32", "uint64"]
INTEGER_NAMES = INT_NAMES + UINT_NAMES
REAL_FLOAT_NAMES = ["float16", "bfloat16", "float32", "float64"]
COMPLEX_NAMES = ["complex64", "complex128"]
FLOAT_NAMES = REAL_FLOAT_NAMES + COMPLEX_NAMES
ALL_NAMES = BOOL_NAMES + INTEGER_NAMES + FLOAT_NAMES
# dtypes NumPy knows (everything but bfloat16)
NUMPY_NAMES = [n for n in ALL_NAMES if n != "bfloat16"]
# dtypes of the standard itself
STANDARD_NAMES = [n for n in ALL_NAMES if n not in ("float16", "bfloat16")]


def xdt(name):
    """The pyarray dtype object called `name`."""
    return getattr(xp, name)


def ndt(name):
    """The NumPy dtype called `name` (bfloat16 maps to float32)."""
    return np.dtype("float32" if name == "bfloat16" else name)


def kind_of(name):
    if name == "bool":
        return "bool"
    if name in INTEGER_NAMES:
        return "int"
    if name in REAL_FLOAT_NAMES:
        return "float"
    return "complex"


# ---------------------------------------------------------------------------
# bfloat16 emulated in NumPy


def bf16_round(values):
    """Round float32 values to the nearest bfloat16 (ties to even), as float32."""
    a = np.asarray(values, dtype=np.float32)
    bits = a.view(np.uint32).astype(np.uint64)
    bias = ((bits >> 16) & 1) + 0x7FFF
    rounded = (((bits + bias) >> 16) << 16).astype(np.uint32).view(np.float32)
    return np.where(np.isnan(a), a, rounded)


# ---------------------------------------------------------------------------
# conversion and comparison


def to_numpy(x):
    """A NumPy copy of pyarray array `x` (bfloat16 -> float32)."""
    assert isinstance(x, xp.Array), f"expected a pyarray Array, got {type(x)!r}"
    if x.dtype == xp.bfloat16:
        return np.array(xp.astype(x, xp.float32))
    return np.array(x)


def from_numpy(a, dtype_name=None):
    """A pyarray array (own memory) equal to NumPy array `a`.

    With dtype_name="bfloat16", `a` is converted through float32.
    """
    a = np.asarray(a)
    if dtype_name == "bfloat16":
        return xp.astype(xp.asarray(a.astype(np.float32), copy=True), xp.bfloat16)
    if dtype_name is not None:
        a = a.astype(dtype_name)
    return xp.asarray(a, copy=True)


def assert_equal(x, expected, dtype=None):
    """Assert that pyarray `x` equals `expected` in dtype, shape and values.

    `dtype` is a dtype name; by default the dtype of `expected` (a NumPy array
    or anything np.asarray accepts). For dtype="bfloat16" the values are
    compared after rounding `expected` to bfloat16.
    """
    assert isinstance(x, xp.Array), f"expected a pyarray Array, got {type(x)!r}"
    exp = np.asarray(expected)
    name = dtype if dtype is not None else exp.dtype.name
    assert x.dtype == xdt(name), f"dtype {x.dtype!r}, expected {name}"
    assert isinstance(x.shape, tuple)
    assert x.shape == exp.shape, f"shape {x.shape}, expected {exp.shape}"
    got = to_numpy(x)
    if name == "bfloat16":
        exp = bf16_round(exp.astype(np.float32))
    np.testing.assert_array_equal(got, exp, strict=False)
    if name != "bfloat16":
        assert got.dtype == exp.dtype


def sample_values(name, n=6):
    """A few values of kind `name` exactly representable in that dtype."""
    k = kind_of(name)
    if k == "bool":
        return [True, False, True, True, False, False][:n]
    if name in UINT_NAMES:
        return [0, 1, 2, 100, 7, 42][:n]
    if k == "int":
        return [0, 1, -2, 100, -7, 42][:n]
    if k == "float":
        return [0.0, 1.0, -2.5, 100.75, 0.125, -3.0][:n]
    return [0j, 1 + 2j, -2.5 - 1j, 100.75j, 0.125, -3.0 + 0.5j][:n]


def sample_array(name, shape):
    """A NumPy array of `shape` (dtype `name`, float32 for bfloat16) with varied values."""
    size = math.prod(shape)
    vals = sample_values(name)
    data = [vals[i % len(vals)] for i in range(size)]
    return np.array(data, dtype=ndt(name)).reshape(shape)


# ---------------------------------------------------------------------------
# hypothesis strategies

dtype_names = st.sampled_from(ALL_NAMES)
numpy_dtype_names = st.sampled_from(NUMPY_NAMES)
shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5)
nonempty_shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=1, max_side=5)


@st.composite
def arrays_and_numpy(draw, names=dtype_names, shape=shapes):
    """(pyarray array, NumPy oracle array, dtype name) with matching contents."""
    name = draw(names)
    shp = draw(shape)
    a = sample_array(name, shp)
    return from_numpy(a, name), a, name


def scalar_for(name):
    """A Python scalar of the kind of dtype `name`, not found in sample_values."""
    return {"bool": True, "int": 9, "float": 6.5, "complex": 6.5 - 2j}[kind_of(name)]


# ---------------------------------------------------------------------------
# Rust panics


@contextlib.contextmanager
def no_panic():
    """Turn a pyo3 PanicException (a BaseException, which hypothesis does not
    shrink) into an AssertionError that hypothesis can shrink and report."""
    try:
        yield
    except BaseException as e:
        if type(e).__name__ == "PanicException":
            raise AssertionError(f"Rust panic reached Python: {e}") from None
        raise


# ---------------------------------------------------------------------------
# running code that might crash the interpreter


def run_isolated(code, timeout=60):
    """Run `code` in a fresh interpreter; return (returncode, stdout, stderr)."""
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return proc.returncode, proc.stdout, proc.stderr


@pytest.fixture
def isolated():
    return run_isolated
