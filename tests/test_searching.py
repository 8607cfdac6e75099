"""argmax, argmin, count_nonzero, nonzero and searchsorted against NumPy,
and their error paths (where is tested with the elementwise functions)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stats_strategies import COMPLEX, FLOATS, INTS, REALS, assert_same, axes, np_arrays, pairs

import pyarray as xp


@settings(max_examples=300)
@given(data=st.data(), func=st.sampled_from(["argmax", "argmin"]), keepdims=st.booleans())
def test_argmax_argmin(data, func, keepdims):
    x, a = data.draw(pairs(["bool"] + REALS))
    axis = data.draw(st.none() | st.integers(-a.ndim, a.ndim - 1)) if a.ndim else None
    try:
        exp = getattr(np, func)(a, axis=axis, keepdims=keepdims)
    except ValueError:
        with pytest.raises(ValueError):
            getattr(xp, func)(x, axis=axis, keepdims=keepdims)
        return
    assert_same(getattr(xp, func)(x, axis=axis, keepdims=keepdims), np.asarray(exp, dtype=np.int64))


@settings(max_examples=300)
@given(data=st.data(), keepdims=st.booleans())
def test_count_nonzero(data, keepdims):
    x, a = data.draw(pairs(["bool"] + REALS + COMPLEX))
    axis = data.draw(axes(a.ndim))
    exp = np.count_nonzero(a, axis=axis, keepdims=keepdims)
    assert_same(xp.count_nonzero(x, axis=axis, keepdims=keepdims), np.asarray(exp, dtype=np.int64))


@settings(max_examples=300)
@given(data=st.data())
def test_nonzero(data):
    x, a = data.draw(pairs(["bool"] + REALS + COMPLEX, min_dims=1))
    got = xp.nonzero(x)
    exp = np.nonzero(a)
    assert isinstance(got, tuple) and len(got) == len(exp)
    for g, e in zip(got, exp, strict=False):
        assert_same(g, e.astype(np.int64))


@settings(max_examples=300)
@given(data=st.data(), side=st.sampled_from(["left", "right"]), use_sorter=st.booleans())
def test_searchsorted(data, side, use_sorter):
    dtype = data.draw(st.sampled_from(INTS + FLOATS))
    a = data.draw(np_arrays([dtype], min_dims=1, max_dims=1, max_side=12))
    v = data.draw(np_arrays([dtype], max_dims=2))
    if use_sorter:
        sorter = np.argsort(a, kind="stable")
        got = xp.searchsorted(xp.asarray(a), xp.asarray(v), side=side, sorter=xp.asarray(sorter))
        exp = np.searchsorted(a, v, side=side, sorter=sorter)
    else:
        s = np.sort(a)
        got = xp.searchsorted(xp.asarray(s), xp.asarray(v), side=side)
        exp = np.searchsorted(s, v, side=side)
    assert_same(got, np.asarray(exp, dtype=np.int64))


def test_searchsorted_scalar_and_mixed_dtypes():
    a = np.array([1, 2, 2, 5], dtype=np.int16)
    x = xp.asarray(a)
    assert_same(xp.searchsorted(x, 2), np.asarray(np.searchsorted(a, 2), dtype=np.int64))
    assert_same(xp.searchsorted(x, 2, side="right"), np.asarray(3))
    assert_same(xp.searchsorted(x, 2.5), np.asarray(3))
    assert_same(xp.searchsorted(x, xp.asarray([0.5, 9.0])), np.array([0, 4]))


def test_errors():
    with pytest.raises(ValueError):
        xp.nonzero(xp.asarray(1))
    with pytest.raises(ValueError):
        xp.argmax(xp.zeros((0, 2)))
    with pytest.raises(ValueError):
        xp.argmin(xp.zeros((2, 0)), axis=1)
    with pytest.raises(IndexError):
        xp.argmax(xp.zeros((2, 2)), axis=2)
    with pytest.raises(TypeError):
        xp.argmax(xp.zeros(2, dtype=xp.complex64))
    with pytest.raises(ValueError):
        xp.searchsorted(xp.zeros((2, 2)), xp.zeros(2))
    with pytest.raises(ValueError):
        xp.searchsorted(xp.zeros(2), xp.zeros(2), side="middle")
    with pytest.raises(IndexError):
        xp.searchsorted(xp.zeros(2), 1.0, sorter=xp.asarray([0, 5]))
    with pytest.raises(IndexError):
        xp.count_nonzero(xp.zeros(2), axis=1)
