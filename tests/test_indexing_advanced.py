"""Advanced indexing (integer arrays, boolean masks, mixed with ints, slices,
None and Ellipsis), take and take_along_axis, with NumPy as the oracle."""

import numpy as np
import pytest
from conftest import (
    ALL_NAMES,
    INTEGER_NAMES,
    from_numpy,
    no_panic,
    sample_array,
    scalar_for,
    to_numpy,
)
from conftest import (
    assert_equal as _assert_equal,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

SIGNED_NAMES = ["int8", "int16", "int32", "int64"]


def assert_equal(x, expected, name):
    _assert_equal(x, np.asarray(expected), dtype=name)


def as_key_form(draw, a):
    """An index array `a` as pyarray array, NumPy array or nested list."""
    form = draw(st.sampled_from(["pyarray", "numpy", "list"]))
    if form == "pyarray":
        return xp.asarray(a)
    if form == "list" and a.ndim > 0 and a.size > 0:
        return a.tolist()
    return a


@st.composite
def source_arrays(draw, min_dims=1):
    """(pyarray array, NumPy oracle, dtype name); sometimes a non-contiguous view."""
    name = draw(st.sampled_from(ALL_NAMES))
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=4, min_side=0, max_side=5))
    a = sample_array(name, shape)
    x = from_numpy(a, name)
    if draw(st.booleans()) and a.ndim >= 2:
        # a transposed view: the gather must follow strides
        axes = tuple(reversed(range(a.ndim)))
        return xp.permute_dims(x, axes), np.transpose(a, axes), name
    return x, a, name


@st.composite
def mixed_keys(draw, shape):
    """A key mixing integer arrays, ints, slices, None and Ellipsis, as
    (pyarray key, NumPy key)."""
    bshape = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3))
    items, np_items = [], []
    n_adv = 0
    for n in shape:
        choices = ["slice", "full"] + (["int", "array", "array"] if n > 0 else [])
        kind = draw(st.sampled_from(choices))
        if kind == "array":
            dt = draw(st.sampled_from(INTEGER_NAMES))
            lo = 0 if dt.startswith("u") else -n
            hi = min(n - 1, 127)
            # a shape broadcastable to bshape: a suffix with some 1s
            nd = draw(st.integers(0, len(bshape)))
            sub = tuple(1 if draw(st.booleans()) else d for d in bshape[len(bshape) - nd :])
            idx = draw(hnp.arrays(dt, sub, elements=st.integers(max(lo, -128), hi)))
            items.append(as_key_form(draw, idx))
            np_items.append(idx)
            n_adv += 1
        elif kind == "int":
            i = draw(st.integers(-n, n - 1))
            items.append(i)
            np_items.append(i)
        elif kind == "slice":
            s = slice(
                draw(st.none() | st.integers(-6, 6)),
                draw(st.none() | st.integers(-6, 6)),
                draw(st.none() | st.sampled_from([-2, -1, 1, 2])),
            )
            items.append(s)
            np_items.append(s)
        else:
            items.append(slice(None))
            np_items.append(slice(None))
    assume(n_adv > 0)
    # drop a run of trailing full slices or replace a run by an Ellipsis
    if draw(st.booleans()):
        start = draw(st.integers(0, len(items)))
        stop = draw(st.integers(start, len(items)))
        if all(isinstance(k, slice) and k == slice(None) for k in np_items[start:stop]):
            items[start:stop] = [Ellipsis]
            np_items[start:stop] = [Ellipsis]
    for _ in range(draw(st.integers(0, 2))):
        pos = draw(st.integers(0, len(items)))
        items.insert(pos, None)
        np_items.insert(pos, None)
    return tuple(items), tuple(np_items)


# ---------------------------------------------------------------------------
# __getitem__


@settings(max_examples=300, deadline=None)
@given(source_arrays(), st.data())
def test_getitem_integer_arrays_mixed(src, data):
    x, a, name = src
    key, np_key = data.draw(mixed_keys(a.shape))
    with no_panic():
        out = x[key]
    assert_equal(out, a[np_key], name)


@settings(max_examples=200, deadline=None)
@given(source_arrays(), st.data())
def test_getitem_boolean_masks(src, data):
    x, a, name = src
    # the mask covers axes start .. start+k, full slices before, and maybe
    # an int, an index array or a slice after it
    start = data.draw(st.integers(0, a.ndim))
    k = data.draw(st.integers(0, a.ndim - start))
    mask = data.draw(hnp.arrays(bool, a.shape[start : start + k]))
    key = [slice(None)] * start + [mask]
    rest = a.shape[start + k :]
    if rest and rest[0] > 0:
        key.append(
            data.draw(st.sampled_from([0, -1, slice(None, None, -1), np.asarray([0, -1, 0])]))
        )
    if data.draw(st.booleans()) and start == 0:
        key.append(Ellipsis)
    np_key = tuple(key)
    xkey = tuple(as_key_form(data.draw, k) if isinstance(k, np.ndarray) else k for k in key)
    try:
        expected = a[np_key]
    except IndexError:
        # e.g. a 0-d False mask (length 0) against an index array of length 3
        with pytest.raises(IndexError), no_panic():
            x[xkey]
        return
    with no_panic():
        out = x[xkey]
    assert_equal(out, expected, name)


@settings(max_examples=100, deadline=None)
@given(source_arrays(min_dims=0))
def test_getitem_full_shape_mask(src):
    x, a, name = src
    mask = (np.arange(a.size) % 3 != 1).reshape(a.shape)
    assert_equal(x[xp.asarray(mask)], a[mask], name)
    assert_equal(x[mask], a[mask], name)


@pytest.mark.parametrize(
    "key",
    [True, False, (Ellipsis, True), (0, True), (True, slice(None)), (None, False)],
)
def test_getitem_boolean_scalars_follow_numpy(key):
    a = np.arange(6).reshape(2, 3)
    x = xp.asarray(a)
    assert_equal(x[key], a[key], "int64")
    k0 = key if not isinstance(key, bool) else (key,)
    np_k0 = tuple(np.asarray(k) if isinstance(k, bool) else k for k in k0)
    x_k0 = tuple(xp.asarray(k) if isinstance(k, bool) else k for k in k0)
    assert_equal(x[x_k0], a[np_k0], "int64")


def test_zero_d_array_bool_mask():
    x = xp.asarray(5.0)
    assert_equal(x[xp.asarray(True)], np.asarray([5.0]), "float64")
    assert_equal(x[xp.asarray(False)], np.zeros((0,)), "float64")


def test_non_adjacent_advanced_indices_go_first():
    a = np.arange(60).reshape(3, 4, 5)
    x = xp.asarray(a)
    assert x[[0, 1], :, [1, 2]].shape == (2, 4)
    assert_equal(x[[0, 1], :, [1, 2]], a[[0, 1], :, [1, 2]], "int64")
    # an integer counts as an advanced index: non-adjacent too
    assert_equal(x[0, :, [1, 2]], a[0, :, [1, 2]], "int64")
    assert x[0, :, [1, 2]].shape == (2, 4)
    # adjacent: result dims stay in place
    assert x[:, [0, 1], [1, 2]].shape == (3, 2)


def test_result_is_a_copy():
    a = np.arange(5)
    x = xp.asarray(a.copy())
    y = x[[0, 1]]
    y[0] = 99
    assert x[0] == 0
    m = x[x > 2]
    m[0] = 99
    assert x.tolist() == [0, 1, 2, 3, 4]


def test_basic_keys_stay_views():
    x = xp.asarray(np.arange(6))
    v = x[1:4]
    v[0] = 42
    assert x[1] == 42


def test_numpy_integer_scalars_and_empty_list():
    a = np.arange(10)
    x = xp.asarray(a)
    assert_equal(x[np.int64(3)], a[np.int64(3)], "int64")
    assert_equal(x[[]], a[np.asarray([], dtype=np.intp)], "int64")
    assert_equal(x[np.asarray([True] * 5 + [False] * 5)], a[:5], "int64")
    assert_equal(x[[[1, 2], [3, -1]]], a[[[1, 2], [3, -1]]], "int64")


# ---------------------------------------------------------------------------
# __setitem__


@settings(max_examples=200, deadline=None)
@given(source_arrays(), st.data())
def test_setitem_integer_arrays_mixed(src, data):
    x, a, name = src
    x, a = xp.asarray(x, copy=True), a.copy()
    key, np_key = data.draw(mixed_keys(a.shape))
    target = a[np_key].shape
    nd = data.draw(st.integers(0, len(target)))
    vshape = tuple(1 if data.draw(st.booleans()) else d for d in target[len(target) - nd :])
    v = sample_array(name, vshape)
    v = v.ravel()[::-1].reshape(vshape)
    with no_panic():
        x[key] = from_numpy(v, name)
    a[np_key] = v
    assert_equal(x, a, name)


@settings(max_examples=200, deadline=None)
@given(source_arrays(), st.data())
def test_setitem_masks_scalar_and_array(src, data):
    x, a, name = src
    x, a = xp.asarray(x, copy=True), a.copy()
    k = data.draw(st.integers(0, a.ndim))
    mask = data.draw(hnp.arrays(bool, a.shape[:k]))
    if data.draw(st.booleans()):
        value = scalar_for(name)
        x[xp.asarray(mask)] = value
        a[mask] = value
    else:
        vshape = a[mask].shape
        v = sample_array(name, vshape)[::-1] if vshape else sample_array(name, vshape)
        x[mask] = from_numpy(v, name)
        a[mask] = v
    assert_equal(x, a, name)


def test_setitem_repeated_indices_last_write_wins():
    x = xp.zeros(4, dtype=xp.int64)
    x[[1, 1, 3, 1]] = xp.asarray([5, 6, 7, 8])
    a = np.zeros(4, dtype=np.int64)
    a[[1, 1, 3, 1]] = [5, 6, 7, 8]
    assert_equal(x, a, "int64")
    assert x.tolist() == [0, 8, 0, 7]


def test_setitem_casts_and_broadcasts():
    x = xp.zeros((3, 4), dtype=xp.float32)
    x[[0, 2]] = xp.asarray([1, 2, 3, 4], dtype=xp.int8)
    assert x.dtype == xp.float32
    assert x.tolist() == [[1, 2, 3, 4], [0] * 4, [1, 2, 3, 4]]
    x[x > 2] = 0.5
    assert x.tolist() == [[1, 2, 0.5, 0.5], [0] * 4, [1, 2, 0.5, 0.5]]


def test_setitem_value_overlapping_target():
    x = xp.asarray(np.arange(5))
    x[[4, 3, 2, 1, 0]] = x
    assert x.tolist() == [4, 3, 2, 1, 0]


# ---------------------------------------------------------------------------
# errors


@settings(max_examples=100, deadline=None)
@given(
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4),
    data=st.data(),
)
def test_out_of_bounds_index_arrays(shape, data):
    axis = data.draw(st.integers(0, len(shape) - 1))
    n = shape[axis]
    bad = data.draw(st.integers(n, n + 5) | st.integers(-n - 5, -n - 1))
    key = (slice(None),) * axis + ([0 if n else bad, bad],)
    x = xp.zeros(shape)
    with pytest.raises(IndexError), no_panic():
        x[key]
    with pytest.raises(IndexError), no_panic():
        x[key] = 1.0
    with pytest.raises(IndexError), no_panic():
        xp.take(x, xp.asarray([bad]), axis=axis)


def test_index_errors():
    x = xp.zeros((3, 4))
    with pytest.raises(IndexError):
        x[xp.asarray([True, False])]  # mask shape mismatch
    with pytest.raises(IndexError):
        x[xp.ones((3, 4, 1), dtype=xp.bool)]  # too many dimensions
    with pytest.raises(IndexError):
        x[xp.asarray([0.0, 1.0])]  # float index array
    with pytest.raises(IndexError):
        x[[0, 1], [0, 1, 2]]  # index arrays do not broadcast
    with pytest.raises(IndexError):
        x[[0], ..., [0], ...]
    with pytest.raises(IndexError):
        x[[0], 0, 0]
    with pytest.raises(ValueError):
        x[[0, 1]] = xp.ones((3,))  # value does not broadcast


def test_read_only_target():
    x = xp.broadcast_to(xp.asarray([1.0, 2.0]), (2, 2))
    with pytest.raises(ValueError):
        x[[0]] = 3.0
    with pytest.raises(ValueError):
        x[xp.asarray([[True, False], [False, True]])] = 3.0


def test_setitem_scalar_kind_checked():
    x = xp.zeros(3, dtype=xp.int32)
    with pytest.raises(TypeError):
        x[[0]] = 1.5


# ---------------------------------------------------------------------------
# take


@settings(max_examples=200, deadline=None)
@given(source_arrays(), st.data())
def test_take(src, data):
    x, a, name = src
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = a.shape[axis]
    ishape = data.draw(hnp.array_shapes(min_dims=1, max_dims=2, min_side=0, max_side=4))
    if n == 0:
        ishape = (0,)
    dt = data.draw(st.sampled_from(SIGNED_NAMES))
    idx = data.draw(hnp.arrays(dt, ishape, elements=st.integers(-n, max(n - 1, -n))))
    with no_panic():
        out = xp.take(x, xp.asarray(idx), axis=axis)
    assert_equal(out, np.take(a, idx, axis=axis), name)
    if a.ndim == 1:
        assert_equal(xp.take(x, xp.asarray(idx)), np.take(a, idx), name)


def test_take_errors():
    x = xp.zeros((2, 3))
    with pytest.raises(ValueError):
        xp.take(x, xp.asarray([0]))  # axis required for ndim > 1
    with pytest.raises(TypeError):
        xp.take(x, xp.asarray([0.0]), axis=0)
    with pytest.raises(IndexError):
        xp.take(x, xp.asarray([3]), axis=1)
    with pytest.raises(IndexError):
        xp.take(x, xp.asarray([0]), axis=2)


@pytest.mark.parametrize(
    "dtype", ["bool", "int8", "int16", "float32", "float64", "complex128", "uint64"]
)
def test_take_of_a_contiguous_vector_by_int64_indices(dtype):
    # The one-pass path (kernels/gather.rs gather_1d): every element size,
    # negative indices, more indices than one block of 256, an index array
    # of any shape, and out-of-bounds indices on either side.
    a = (np.arange(1000) % 7).astype(dtype)
    idx = np.random.default_rng(0).integers(-1000, 1000, (3, 300))
    assert_equal(xp.take(xp.asarray(a), xp.asarray(idx)), np.take(a, idx), dtype)
    for bad in (1000, -1001):
        idx[2, 299] = bad
        with pytest.raises(IndexError, match=f"index {bad} is out of bounds for axis 0"):
            xp.take(xp.asarray(a), xp.asarray(idx))
    empty = xp.asarray(np.zeros(0, dtype=dtype))
    assert xp.take(empty, xp.asarray(np.zeros(0, dtype=np.int64))).shape == (0,)
    with pytest.raises(IndexError):
        xp.take(empty, xp.asarray([0]))


# ---------------------------------------------------------------------------
# take_along_axis


@settings(max_examples=200, deadline=None)
@given(source_arrays(), st.data())
def test_take_along_axis(src, data):
    x, a, name = src
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = a.shape[axis]
    # other axes: as in x, or 1 (broadcast); the indexed axis: any length
    ishape = tuple(
        data.draw(st.integers(0, 4)) if i == axis % a.ndim else data.draw(st.sampled_from([d, 1]))
        for i, d in enumerate(a.shape)
    )
    if n == 0:
        ishape = tuple(0 if i == axis % a.ndim else d for i, d in enumerate(ishape))
    idx = data.draw(hnp.arrays(np.int64, ishape, elements=st.integers(-n, max(n - 1, -n))))
    with no_panic():
        out = xp.take_along_axis(x, xp.asarray(idx), axis=axis)
    assert_equal(out, np.take_along_axis(a, idx, axis=axis), name)


def test_take_along_axis_default_axis_and_errors():
    a = np.asarray([[3, 1, 2], [0, 5, 4]])
    x = xp.asarray(a)
    idx = np.argsort(a, axis=-1)
    assert_equal(xp.take_along_axis(x, xp.asarray(idx)), np.sort(a, axis=-1), "int64")
    with pytest.raises(ValueError):
        xp.take_along_axis(x, xp.asarray([0, 1]))  # ndim mismatch
    with pytest.raises(IndexError):
        xp.take_along_axis(x, xp.asarray([[3]]), axis=1)
    with pytest.raises(TypeError):
        xp.take_along_axis(x, xp.asarray([[0.5]]), axis=1)


def test_signatures_match_the_standard():
    import inspect

    p = inspect.signature(xp.take).parameters
    assert [(n, v.kind.name) for n, v in p.items()] == [
        ("x", "POSITIONAL_ONLY"),
        ("indices", "POSITIONAL_ONLY"),
        ("axis", "KEYWORD_ONLY"),
    ]
    p = inspect.signature(xp.take_along_axis).parameters
    assert p["axis"].default == -1 and p["axis"].kind.name == "KEYWORD_ONLY"


def test_large_inputs_release_and_match():
    a = np.arange(200_000, dtype=np.float64)
    x = xp.asarray(a)
    mask = a % 3 == 0
    assert_equal(x[xp.asarray(mask)], a[mask], "float64")
    x[xp.asarray(mask)] = -1.0
    a[mask] = -1.0
    assert_equal(x, a, "float64")
    idx = (np.arange(100_000) * 7919) % 200_000
    assert_equal(xp.take(x, xp.asarray(idx)), a[idx], "float64")
    assert to_numpy(x).shape == (200_000,)
