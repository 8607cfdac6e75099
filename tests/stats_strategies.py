"""Hypothesis strategies shared by the statistical, searching, sorting and
set tests: NumPy oracle arrays, the same data as pyarray arrays in several
memory layouts, and axis arguments."""

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64"]
REALS = INTS + FLOATS
COMPLEX = ["complex64", "complex128"]


def elements(dtype, nan=True):
    """Values of `dtype`: small integers (ties are likely) or moderate floats
    with the occasional NaN/inf, so float sums stay comparable to NumPy."""
    dt = np.dtype(dtype)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return st.integers(max(info.min, -100), min(info.max, 100)) | st.sampled_from(
            [info.min, info.max]
        )
    if dt.kind == "b":
        return st.booleans()
    width = 32 if dt in (np.float32, np.complex64) else 64
    if dt.kind == "c":
        part = st.floats(-100, 100, width=width)
        return st.builds(complex, part, part)
    values = st.floats(-1000, 1000, width=width)
    if nan:
        values = values | st.sampled_from([np.nan, np.inf, -np.inf, -0.0])
    return values


@st.composite
def np_arrays(draw, dtypes, min_dims=0, max_dims=3, min_side=0, max_side=5, nan=True):
    """A NumPy array of one of `dtypes`."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(
        hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side)
    )
    return draw(hnp.arrays(dtype, shape, elements=elements(dtype, nan)))


@st.composite
def laid_out(draw, a):
    """(pyarray array, NumPy array) with equal values; the pyarray one is
    C-contiguous, reversed along axis 0 or transposed (non-contiguous views)."""
    layout = draw(st.sampled_from(["c", "reversed", "transposed"]))
    x = xp.asarray(a.copy(order="C"), copy=True)
    if layout == "reversed" and a.ndim > 0:
        return x[::-1], a[::-1]
    if layout == "transposed":
        axes = tuple(reversed(range(a.ndim)))
        return xp.permute_dims(x, axes), np.transpose(a, axes)
    return x, a


@st.composite
def pairs(draw, dtypes, **kw):
    """(pyarray array, NumPy array) in a random layout."""
    return draw(laid_out(draw(np_arrays(dtypes, **kw))))


@st.composite
def axes(draw, ndim, allow_none=True):
    """None, one axis (maybe negative) or a tuple of distinct axes."""
    options = ["tuple"] + (["none"] if allow_none else []) + (["int"] if ndim else [])
    kind = draw(st.sampled_from(options))
    if kind == "none":
        return None
    if kind == "int":
        return draw(st.integers(-ndim, ndim - 1))
    chosen = draw(st.lists(st.integers(0, max(ndim - 1, 0)), unique=True, max_size=ndim))
    return tuple(a - ndim if draw(st.booleans()) else a for a in chosen)


def to_np(x):
    """A NumPy copy of a pyarray array."""
    return np.array(x)


def assert_same(x, expected, rtol=0.0, atol=0.0):
    """dtype, shape and values of pyarray `x` equal NumPy `expected` (NaNs
    equal; floats within the tolerances)."""
    expected = np.asarray(expected)
    assert isinstance(x, xp.Array)
    assert x.dtype == getattr(xp, expected.dtype.name), (x.dtype, expected.dtype)
    assert x.shape == expected.shape, (x.shape, expected.shape)
    got = to_np(x)
    if rtol or atol:
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, expected, strict=True)
