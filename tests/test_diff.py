"""diff (the utility section's remaining function) against NumPy."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stats_strategies import COMPLEX, REALS, assert_same, pairs

import pyarray as xp


@settings(max_examples=300)
@given(
    data=st.data(),
    n=st.integers(0, 3),
    edges=st.sampled_from(["none", "prepend", "append", "both", "0d"]),
)
def test_diff(data, n, edges):
    x, a = data.draw(pairs(["bool"] + REALS + COMPLEX, min_dims=1, nan=False))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    kw, nkw = {}, {}
    if edges in ("prepend", "both"):
        shape = list(a.shape)
        shape[axis] = 2
        p = np.ones(shape, dtype=a.dtype)
        kw["prepend"], nkw["prepend"] = xp.asarray(p), p
    if edges in ("append", "both"):
        shape = list(a.shape)
        shape[axis] = 1
        q = np.zeros(shape, dtype=a.dtype)
        kw["append"], nkw["append"] = xp.asarray(q), q
    if edges == "0d":
        z = np.zeros((), dtype=a.dtype)
        kw["append"], nkw["append"] = xp.asarray(z), z
    with np.errstate(all="ignore"):
        exp = np.diff(a, n=n, axis=axis, **nkw)
    assert_same(xp.diff(x, axis=axis, n=n, **kw), exp)


def test_errors():
    with pytest.raises(ValueError):
        xp.diff(xp.asarray(1.0))
    with pytest.raises(ValueError):
        xp.diff(xp.ones(3), n=-1)
    with pytest.raises(IndexError):
        xp.diff(xp.ones(3), axis=1)
    with pytest.raises(ValueError):
        xp.diff(xp.ones((2, 2)), axis=0, prepend=xp.ones((2, 3)))
