"""argmax, argmin, count_nonzero, nonzero and searchsorted against NumPy,
and their error paths, and where."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from stats_strategies import (
    COMPLEX,
    FLOATS,
    INTS,
    REALS,
    assert_same,
    axes,
    elements,
    np_arrays,
    pairs,
)

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


@st.composite
def where_operand(draw, dtype, shape):
    """(pyarray operand, NumPy operand) of `where`: an array of `shape` in a
    random layout, a one-element array, or a Python scalar of the dtype's kind."""
    kind = draw(st.sampled_from(["array", "one", "scalar"]))
    if kind == "array":
        a = draw(hnp.arrays(dtype, shape, elements=elements(dtype)))
        layout = draw(st.sampled_from(["c", "reversed", "strided"]))
        if layout == "reversed" and a.ndim:
            return xp.asarray(a[::-1].copy())[::-1], a
        if layout == "strided" and a.ndim:
            return xp.asarray(np.repeat(a, 2, axis=-1))[..., ::2], a
        return xp.asarray(a), a
    if kind == "one":
        a = draw(
            hnp.arrays(dtype, (1,) * draw(st.integers(0, len(shape))), elements=elements(dtype))
        )
        return xp.asarray(a), a
    value = draw(elements(dtype, nan=False))
    value = np.asarray(value, dtype=dtype).item()
    return value, value


@settings(max_examples=400)
@given(data=st.data(), dtype=st.sampled_from(["bool"] + REALS + COMPLEX))
def test_where_against_numpy(data, dtype):
    # Contiguous operands of the condition's shape and one-element operands
    # take kernels/loops.rs `select`; other layouts the n-d walk.
    c, cn = data.draw(pairs(["bool"]))
    x1, a1 = data.draw(where_operand(dtype, cn.shape))
    x2, a2 = data.draw(where_operand(dtype, cn.shape))
    if not isinstance(x1, xp.Array) and not isinstance(x2, xp.Array):
        x1, a1 = xp.asarray(a1, dtype=getattr(xp, dtype)), np.asarray(a1, dtype=dtype)
    assert_same(xp.where(c, x1, x2), np.where(cn, a1, a2).astype(dtype))


def test_where_broadcasts_and_reads_any_nonzero_mask_byte():
    c = xp.asarray(np.array([[True], [False]]))
    got = xp.where(c, xp.asarray([1.0, 2.0, 3.0]), -1.0)
    assert_same(got, np.array([[1.0, 2.0, 3.0], [-1.0, -1.0, -1.0]]))
    # A bool array whose bytes are 0 and 2 (as another library may store
    # them) arriving through DLPack: nonzero bytes select x1.
    raw = np.array([0, 2, 0, 2], dtype=np.uint8).view(np.bool_)
    got = xp.where(xp.from_dlpack(raw), xp.asarray([1, 2, 3, 4]), xp.asarray([5, 6, 7, 8]))
    assert_same(got, np.array([5, 2, 7, 4]))
