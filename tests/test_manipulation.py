"""Manipulation functions (moveaxis, repeat, roll, tile, unstack, and the
view-based ones), with NumPy as the oracle: values, dtypes, shapes, views
sharing memory, and the error paths."""

import inspect

import numpy as np
import pytest
from conftest import (
    ALL_NAMES,
    from_numpy,
    no_panic,
    sample_array,
)
from conftest import (
    assert_equal as _assert_equal,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp


def assert_equal(x, expected, name):
    _assert_equal(x, np.asarray(expected), dtype=name)


@st.composite
def arrays(draw, min_dims=0, max_dims=4):
    name = draw(st.sampled_from(ALL_NAMES))
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=0, max_side=4))
    a = sample_array(name, shape)
    x = from_numpy(a, name)
    if draw(st.booleans()) and a.ndim >= 2:
        axes = tuple(reversed(range(a.ndim)))
        return xp.permute_dims(x, axes), np.transpose(a, axes), name
    return x, a, name


def shares_memory(view, base):
    """Whether writing through `view` changes `base` (both pyarray arrays)."""
    if view.size == 0:
        return True
    before = np.array(xp.astype(base, xp.float64) if base.dtype == xp.bfloat16 else base)
    idx = (0,) * view.ndim
    old = xp.asarray(view[idx], copy=True)
    view[idx] = xp.logical_not(old) if view.dtype == xp.bool else old + 1
    after = np.array(xp.astype(base, xp.float64) if base.dtype == xp.bfloat16 else base)
    view[idx] = old
    return not np.array_equal(after, before, equal_nan=True)


# ---------------------------------------------------------------------------
# moveaxis


@settings(max_examples=200, deadline=None)
@given(arrays(min_dims=1), st.data())
def test_moveaxis(src, data):
    x, a, name = src
    n = a.ndim
    k = data.draw(st.integers(1, n))
    source = data.draw(st.permutations(range(n)))[:k]
    dest = data.draw(st.permutations(range(n)))[:k]
    source = [s - n if data.draw(st.booleans()) else s for s in source]
    if k == 1 and data.draw(st.booleans()):
        out = xp.moveaxis(x, source[0], dest[0])
        exp = np.moveaxis(a, source[0], dest[0])
    else:
        out = xp.moveaxis(x, tuple(source), tuple(dest))
        exp = np.moveaxis(a, source, dest)
    assert_equal(out, exp, name)


def test_moveaxis_is_a_view_and_errors():
    x = xp.zeros((2, 3, 4))
    v = xp.moveaxis(x, 0, -1)
    assert v.shape == (3, 4, 2)
    v[0, 0, 1] = 5.0
    assert float(x[1, 0, 0]) == 5.0
    with pytest.raises(IndexError):
        xp.moveaxis(x, 3, 0)
    with pytest.raises(ValueError):
        xp.moveaxis(x, (0, 0), (1, 2))
    with pytest.raises(ValueError):
        xp.moveaxis(x, (0, 1), (1,))


# ---------------------------------------------------------------------------
# repeat


@settings(max_examples=200, deadline=None)
@given(arrays(), st.data())
def test_repeat(src, data):
    x, a, name = src
    use_axis = a.ndim > 0 and data.draw(st.booleans())
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1)) if use_axis else None
    n = a.shape[axis] if use_axis else a.size
    form = data.draw(st.sampled_from(["int", "array1", "array"]))
    if form == "int":
        r = data.draw(st.integers(0, 3))
        out = xp.repeat(x, r, axis=axis)
    elif form == "array1":
        r = np.asarray([data.draw(st.integers(0, 3))])
        out = xp.repeat(x, xp.asarray(r), axis=axis)
    else:
        counts = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
        r = np.asarray(counts, dtype=np.int64)
        out = xp.repeat(x, xp.asarray(r), axis=axis)
    assert_equal(out, np.repeat(a, r, axis=axis), name)


def test_repeat_errors():
    x = xp.asarray([1, 2, 3])
    with pytest.raises(ValueError):
        xp.repeat(x, -1)
    with pytest.raises(ValueError):
        xp.repeat(x, xp.asarray([1, 2]))
    with pytest.raises(ValueError):
        xp.repeat(x, xp.asarray([1, -1, 1]))
    with pytest.raises(TypeError):
        xp.repeat(x, xp.asarray([1.0, 2.0, 3.0]))
    with pytest.raises(IndexError):
        xp.repeat(x, 2, axis=1)


# ---------------------------------------------------------------------------
# roll


@settings(max_examples=200, deadline=None)
@given(arrays(), st.data())
def test_roll(src, data):
    x, a, name = src
    form = data.draw(st.sampled_from(["none", "int", "tuple"]) if a.ndim else st.just("none"))
    if form == "none":
        shift = data.draw(st.integers(-10, 10))
        out, exp = xp.roll(x, shift), np.roll(a, shift)
    elif form == "int":
        shift = data.draw(st.integers(-10, 10))
        axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
        out, exp = xp.roll(x, shift, axis=axis), np.roll(a, shift, axis=axis)
    else:
        k = data.draw(st.integers(1, 3))
        axes = tuple(data.draw(st.integers(-a.ndim, a.ndim - 1)) for _ in range(k))
        shifts = tuple(data.draw(st.integers(-10, 10)) for _ in range(k))
        if data.draw(st.booleans()):
            shifts = shifts[0]
        out, exp = xp.roll(x, shifts, axis=axes), np.roll(a, shifts, axis=axes)
    with no_panic():
        assert_equal(out, exp, name)


def test_roll_returns_a_copy_and_errors():
    x = xp.asarray([1, 2, 3])
    y = xp.roll(x, 0)
    y[0] = 9
    assert x.tolist() == [1, 2, 3]
    with pytest.raises(ValueError):
        xp.roll(xp.zeros((2, 2)), (1, 2), axis=(0, 1, 1))
    with pytest.raises(IndexError):
        xp.roll(x, 1, axis=1)
    with pytest.raises(ValueError):
        xp.roll(x, (1, 2))


# ---------------------------------------------------------------------------
# tile


@settings(max_examples=200, deadline=None)
@given(arrays(max_dims=3), st.lists(st.integers(0, 3), min_size=0, max_size=4))
def test_tile(src, reps):
    x, a, name = src
    with no_panic():
        out = xp.tile(x, tuple(reps))
    assert_equal(out, np.tile(a, tuple(reps)), name)


def test_tile_errors():
    with pytest.raises(ValueError):
        xp.tile(xp.zeros(2), (-1,))


# ---------------------------------------------------------------------------
# unstack


@settings(max_examples=200, deadline=None)
@given(arrays(min_dims=1), st.data())
def test_unstack(src, data):
    x, a, name = src
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    parts = xp.unstack(x, axis=axis)
    assert isinstance(parts, tuple)
    assert len(parts) == a.shape[axis]
    for i, p in enumerate(parts):
        assert_equal(p, np.take(a, i, axis=axis), name)


def test_unstack_gives_views_and_errors():
    x = xp.zeros((2, 3))
    first, second = xp.unstack(x)
    second[1] = 4.0
    assert float(x[1, 1]) == 4.0
    assert shares_memory(first, x)
    cols = xp.unstack(x, axis=-1)
    assert len(cols) == 3 and cols[0].shape == (2,)
    with pytest.raises(IndexError):
        xp.unstack(x, axis=2)
    with pytest.raises(IndexError):
        xp.unstack(xp.asarray(1.0))


# ---------------------------------------------------------------------------
# view-based functions from the foundation, checked for views and values


@settings(max_examples=100, deadline=None)
@given(arrays(min_dims=1), st.data())
def test_flip_and_permute_are_views(src, data):
    x, a, name = src
    x = xp.asarray(x, copy=True)
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    assert_equal(xp.flip(x, axis=axis), np.flip(a, axis=axis), name)
    perm = data.draw(st.permutations(range(a.ndim)))
    assert_equal(xp.permute_dims(x, tuple(perm)), np.transpose(a, perm), name)
    assert shares_memory(xp.flip(x, axis=axis), x)


@settings(max_examples=200, deadline=None)
@given(arrays(min_dims=1, max_dims=3), st.data())
def test_concat_and_stack(src, data):
    # contiguous inputs of one dtype take the byte-copy path; views (the
    # transposed draws) and promoted dtypes take the general one
    x, a, name = src
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    k = data.draw(st.integers(1, 4))
    parts = [a[::-1] if i % 2 else a for i in range(k)]
    xparts = [xp.flip(x, axis=0) if i % 2 else x for i in range(k)]
    assert_equal(xp.concat(xparts, axis=axis), np.concatenate(parts, axis=axis), name)
    assert_equal(xp.stack(xparts, axis=axis), np.stack(parts, axis=axis), name)
    copies = [xp.asarray(p, copy=True) for p in xparts]
    assert_equal(xp.concat(copies, axis=axis), np.concatenate(parts, axis=axis), name)
    assert_equal(xp.stack(copies, axis=0), np.stack(parts, axis=0), name)


def test_concat_promotes_mixed_dtypes():
    out = xp.concat([xp.asarray([1, 2], dtype=xp.int8), xp.asarray([0.5], dtype=xp.float32)])
    assert out.dtype == xp.float32
    assert out.tolist() == [1.0, 2.0, 0.5]


def test_signatures_match_the_standard():
    def kinds(f):
        return [(n, p.kind.name) for n, p in inspect.signature(f).parameters.items()]

    assert kinds(xp.moveaxis) == [
        ("x", "POSITIONAL_ONLY"),
        ("source", "POSITIONAL_ONLY"),
        ("destination", "POSITIONAL_ONLY"),
    ]
    assert kinds(xp.repeat) == [
        ("x", "POSITIONAL_ONLY"),
        ("repeats", "POSITIONAL_ONLY"),
        ("axis", "KEYWORD_ONLY"),
    ]
    assert kinds(xp.roll) == [
        ("x", "POSITIONAL_ONLY"),
        ("shift", "POSITIONAL_OR_KEYWORD"),
        ("axis", "KEYWORD_ONLY"),
    ]
    assert kinds(xp.tile) == [("x", "POSITIONAL_ONLY"), ("repetitions", "POSITIONAL_ONLY")]
    assert kinds(xp.unstack) == [("x", "POSITIONAL_ONLY"), ("axis", "KEYWORD_ONLY")]


def test_expand_dims_without_axis_inserts_at_front():
    # The pre-2025.12 default, kept as a leniency (docs/differences-from-numpy.md).
    assert xp.expand_dims(xp.ones(3)).shape == (1, 3)
    assert xp.expand_dims(xp.ones((2, 3))).shape == (1, 2, 3)


@pytest.mark.parametrize(
    "shape", [6, (6,), [2, 3], (np.int64(3), 2), np.int64(6), (-1, 2), (), (1, -1, 1)]
)
def test_shape_arguments_take_ints_sequences_and_index_objects(shape):
    empty = isinstance(shape, tuple) and len(shape) == 0
    a = np.asarray([5.0]) if empty else np.arange(6.0)
    x = xp.asarray(a)
    assert_equal(xp.reshape(x, shape), a.reshape(shape), "float64")
    if not empty and not (isinstance(shape, tuple) and -1 in shape):
        assert xp.zeros(shape).shape == np.zeros(shape).shape
        assert xp.ones(shape).shape == np.ones(shape).shape


@pytest.mark.parametrize("shape", [2.5, "6", (2.0, 3), None, {"a": 1}])
def test_shape_arguments_reject_non_integers(shape):
    x = xp.arange(6.0)
    with no_panic(), pytest.raises(TypeError):
        xp.reshape(x, shape)
    with no_panic(), pytest.raises(TypeError):
        xp.zeros(shape)


def test_axis_arguments_take_ints_tuples_and_index_objects():
    a = np.arange(24.0).reshape(2, 3, 4)
    x = xp.asarray(a)
    assert_equal(xp.sum(x, axis=(0, 2)), a.sum(axis=(0, 2)), "float64")
    assert_equal(xp.sum(x, axis=np.int64(1)), a.sum(axis=1), "float64")
    with no_panic(), pytest.raises(TypeError):
        xp.sum(x, axis=1.5)


def test_shapes_whose_size_overflows_are_rejected():
    # 2^32 x 2^32 elements wrap to a size of 0 in 64 bits: such a view would
    # claim to be empty while its shape says otherwise.
    with pytest.raises(ValueError, match="too big"):
        xp.reshape(xp.ones(0), (2**32, 2**32))
    with pytest.raises(ValueError, match="cannot be a view"):
        xp.reshape(xp.ones(0), (2**32, 2**32), copy=False)
    with pytest.raises(ValueError, match="cannot reshape"):
        xp.reshape(xp.ones(0), (2**32, 2**32, -1))
    with pytest.raises(ValueError, match="too big"):
        xp.broadcast_to(xp.ones(1), (2**32, 2**32))
    column = xp.broadcast_to(xp.ones((1, 1)), (2**32, 1))
    row = xp.broadcast_to(xp.ones(1), (2**32,))
    with pytest.raises(ValueError, match="too big"):
        xp.broadcast_arrays(column, row)
