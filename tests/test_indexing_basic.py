"""Basic indexing: integers, slices (incl. negative steps), None and Ellipsis,
views, __setitem__ with scalars and broadcastable arrays, read-only arrays and
the error types, with NumPy indexing as the oracle."""

import numpy as np
import pytest
from conftest import (
    ALL_NAMES,
    from_numpy,
    kind_of,
    no_panic,
    sample_array,
    scalar_for,
    to_numpy,
    xdt,
)
from conftest import (
    assert_equal as _assert_equal,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

index_shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5)


def assert_equal(x, expected, name):
    _assert_equal(x, np.asarray(expected), dtype=name)


@st.composite
def array_and_key(draw, min_dims=0):
    name = draw(st.sampled_from(ALL_NAMES))
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=4, min_side=0, max_side=5))
    key = draw(hnp.basic_indices(shape, min_dims=0, allow_newaxis=True, allow_ellipsis=True))
    a = sample_array(name, shape)
    return from_numpy(a, name), a, name, key


@settings(max_examples=400, deadline=None)
@given(array_and_key())
def test_getitem_matches_numpy(case):
    x, a, name, key = case
    got = x[key]
    assert isinstance(got, xp.Array)
    assert_equal(got, a[key], name)


@settings(max_examples=200, deadline=None)
@given(array_and_key())
def test_getitem_returns_views(case):
    x, a, name, key = case
    view = x[key]
    value = scalar_for(name)
    view[...] = value
    a[key] = value
    assert_equal(x, a, name)


@settings(max_examples=100, deadline=None)
@given(array_and_key())
def test_getitem_views_share_memory_with_numpy_export(case):
    x, a, name, key = case
    if name == "bfloat16":
        return
    view = x[key]
    if view.size:
        assert np.shares_memory(np.asarray(view), np.asarray(x))


@settings(max_examples=100, deadline=None)
@given(array_and_key(), st.data())
def test_chained_getitem(case, data):
    x, a, name, key = case
    first, expected = x[key], np.asarray(a[key])
    key2 = data.draw(hnp.basic_indices(expected.shape, allow_newaxis=True, allow_ellipsis=True))
    assert_equal(first[key2], np.asarray(expected[key2]), name)


def test_negative_step_slices():
    a = np.arange(30).reshape(5, 6)
    x = xp.asarray(a.copy())
    for key in [
        (slice(None, None, -1),),
        (slice(None, None, -2), slice(4, 0, -3)),
        (slice(-1, -6, -2), Ellipsis),
        (Ellipsis, slice(100, -100, -4)),
        (slice(3, None, -1), None, 2),
        (slice(-100, 100, -1),),
    ]:
        assert_equal(x[key], a[key], "int64")


MACHINE_BOUNDS = [None, 0, 1, -1, 3, -3, 2**31, 2**63 - 1, -(2**63), -(2**63) + 1]
MACHINE_STEPS = [None, 1, -1, 2, -3, 2**63 - 1, -(2**63 - 1), -(2**63)]
HUGE = [2**70, -(2**70), 2**64]


def check_slice(start, stop, step):
    a = np.arange(7)
    x = xp.asarray(a.copy())
    key = slice(start, stop, step)
    b = np.arange(14).reshape(2, 7)
    with no_panic():
        assert_equal(x[key], a[key], "int64")
        assert_equal(xp.asarray(b.copy())[::-1, key], b[::-1, key], "int64")


@settings(max_examples=300)
@given(
    start=st.sampled_from(MACHINE_BOUNDS),
    stop=st.sampled_from(MACHINE_BOUNDS),
    step=st.sampled_from(MACHINE_STEPS),
)
def test_slices_with_int64_extreme_bounds_like_numpy(start, stop, step):
    # no overflow inside the slice arithmetic or the exported strides
    check_slice(start, stop, step)


@pytest.mark.parametrize(
    "start, stop, step",
    [(h, None, None) for h in HUGE]
    + [(None, h, None) for h in HUGE]
    + [(None, None, h) for h in HUGE]
    + [(h, -h, -1) for h in HUGE],
)
def test_slices_beyond_int64_clamp_like_numpy(start, stop, step):
    # Python and NumPy clamp slice bounds and steps beyond the machine range
    check_slice(start, stop, step)


def test_integer_like_keys():
    a = np.arange(12).reshape(3, 4)
    x = xp.asarray(a.copy())
    assert_equal(x[xp.asarray(1)], a[1], "int64")
    assert_equal(x[np.int64(2), xp.asarray(3, dtype=xp.uint8) : None], a[2, 3:], "int64")
    assert_equal(x[1, xp.asarray(-1)], a[1, -1], "int64")
    assert_equal(x[slice(xp.asarray(1), xp.asarray(3))], a[1:3], "int64")


def test_zero_d_indexing():
    x = xp.asarray(3.5)
    assert_equal(x[()], np.asarray(3.5), "float64")
    assert_equal(x[...], np.asarray(3.5), "float64")
    assert_equal(x[None], np.asarray([3.5]), "float64")
    assert_equal(x[None, ..., None], np.asarray([[3.5]]), "float64")
    with pytest.raises(IndexError):
        x[0]


# ---------------------------------------------------------------------------
# errors


@settings(max_examples=100)
@given(
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=5),
    data=st.data(),
)
def test_out_of_bounds_index_error(shape, data):
    axis = data.draw(st.integers(0, len(shape) - 1))
    n = shape[axis]
    i = data.draw(st.integers(n, n + 10) | st.integers(-n - 10, -n - 1))
    key = (slice(None),) * axis + (i,)
    x = xp.zeros(shape)
    with pytest.raises(IndexError):
        x[key]
    with pytest.raises(IndexError):
        x[key] = 1.0
    with pytest.raises(IndexError):
        x[(Ellipsis, i) + (slice(None),) * (len(shape) - 1 - axis)]


@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (2, 1, 2)])
def test_too_many_indices_index_error(shape):
    x = xp.zeros(shape)
    nd = len(shape)
    for key in [
        (0,) * (nd + 1),
        (slice(None),) * (nd + 1),
        (Ellipsis,) + (slice(None),) * (nd + 1),
        (None, 0) + (slice(None),) * nd,
    ]:
        with pytest.raises(IndexError):
            x[key]
        with pytest.raises(IndexError):
            x[key] = 0.0
    # None does not count as an index
    assert x[(None,) * 3 + (slice(None),) * nd].shape == (1, 1, 1) + shape


def test_bad_keys():
    x = xp.zeros((3, 3))
    with pytest.raises(IndexError):
        x[..., ...]
    with pytest.raises(ValueError):
        x[::0]
    with pytest.raises(IndexError):
        x[1.0]
    with pytest.raises(IndexError):
        x["a"]
    with pytest.raises((IndexError, TypeError)):
        x[0:1.5]


# ---------------------------------------------------------------------------
# __setitem__


@st.composite
def broadcastable_to(draw, shape):
    """A shape that broadcasts to `shape` (suffix of it, some dims set to 1)."""
    nd = draw(st.integers(0, len(shape)))
    tail = shape[len(shape) - nd :]
    return tuple(1 if draw(st.booleans()) else d for d in tail)


@settings(max_examples=200, deadline=None)
@given(array_and_key())
def test_setitem_scalar(case):
    x, a, name, key = case
    value = scalar_for(name)
    x[key] = value
    a[key] = value
    assert_equal(x, a, name)


@settings(max_examples=200, deadline=None)
@given(array_and_key(), st.data())
def test_setitem_broadcastable_array(case, data):
    x, a, name, key = case
    target_shape = np.asarray(a[key]).shape
    vshape = data.draw(broadcastable_to(target_shape))
    v = sample_array(name, vshape)
    v = v.ravel()[::-1].reshape(vshape)  # differ from x's own pattern
    x[key] = from_numpy(v, name)
    a[key] = v
    assert_equal(x, a, name)


PROMOTABLE = [
    ("int64", "int8"),
    ("int64", "uint32"),
    ("int16", "uint8"),
    ("int32", "int16"),
    ("uint64", "uint8"),
    ("float64", "float32"),
    ("float64", "float16"),
    ("float32", "float16"),
    ("complex128", "complex64"),
    ("complex128", "float64"),
    ("complex64", "float32"),
]


@pytest.mark.parametrize("target, source", PROMOTABLE)
def test_setitem_casts_to_target_dtype(target, source):
    a = np.zeros((3, 4), dtype=target)
    x = xp.asarray(a.copy())
    v = sample_array(source, (4,))
    x[1:] = xp.asarray(v)
    a[1:] = v
    assert_equal(x, a, target)
    assert x.dtype == xdt(target)


@pytest.mark.parametrize(
    "target, value",
    [
        ("float64", 3),
        ("float32", -2),
        ("complex128", 2),
        ("complex64", 1.5),
        ("int8", 127),
        ("uint8", 255),
    ],
)
def test_setitem_python_scalar_kinds(target, value):
    a = np.zeros(3, dtype=target)
    x = xp.asarray(a.copy())
    x[1] = value
    a[1] = value
    assert_equal(x, a, target)


def test_setitem_bfloat16():
    x = xp.zeros(3, dtype=xp.bfloat16)
    x[0] = 1.5
    x[1:] = xp.asarray([2.0, -3.0], dtype=xp.float32)
    assert x.dtype == xp.bfloat16
    assert x.tolist() == [1.5, 2.0, -3.0]


def test_setitem_overlapping_source_and_target():
    x = xp.asarray(np.arange(6))
    x[1:] = x[:-1]
    assert x.tolist() == [0, 0, 1, 2, 3, 4]
    y = xp.asarray(np.arange(6))
    y[:] = y[::-1]
    assert y.tolist() == [5, 4, 3, 2, 1, 0]
    z = xp.asarray(np.arange(6).reshape(2, 3))
    z[...] = z[::-1, ::-1]
    assert z.tolist() == [[5, 4, 3], [2, 1, 0]]


def test_setitem_overlap_through_separately_imported_views():
    # two pyarray arrays importing the same NumPy memory overlap too
    base = np.arange(10)
    x, y = xp.asarray(base), xp.asarray(base[::-1])
    x[...] = y
    assert base.tolist() == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    base = np.arange(10.0)
    xp.asarray(base)[1:] = xp.asarray(base[:-1])
    assert base.tolist() == [0.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]


@settings(max_examples=200, deadline=None)
@given(
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=6),
    data=st.data(),
)
def test_setitem_from_overlapping_view_matches_numpy(shape, data):
    a = np.arange(int(np.prod(shape))).reshape(shape)
    x = xp.asarray(a.copy())
    key1 = data.draw(hnp.basic_indices(shape, allow_newaxis=False, allow_ellipsis=True))
    key2 = data.draw(hnp.basic_indices(shape, allow_newaxis=False, allow_ellipsis=True))
    target, source = np.asarray(a[key1]).shape, np.asarray(a[key2]).shape
    try:
        ok = np.broadcast_shapes(target, source) == target
    except ValueError:
        ok = False
    assume(ok)
    x[key1] = x[key2]
    a[key1] = a[key2].copy()  # NumPy semantics: as if the source were copied first
    assert_equal(x, a, "int64")


def test_setitem_0d():
    x = xp.asarray(1.0)
    x[()] = 2.0
    assert float(x) == 2.0
    x[...] = xp.asarray(3.0)
    assert float(x) == 3.0


def test_setitem_shape_mismatch_value_error_and_unchanged():
    x = xp.asarray([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(ValueError):
        x[0] = xp.asarray([1, 2])
    with pytest.raises(ValueError):
        x[...] = xp.asarray([[1, 2, 3]] * 3)
    assert x.tolist() == [[1, 2, 3], [4, 5, 6]]


def test_setitem_python_int_out_of_range():
    x = xp.zeros(3, dtype=xp.int8)
    with pytest.raises((OverflowError, ValueError)):
        x[0] = 128
    with pytest.raises((OverflowError, ValueError)):
        x[...] = -129
    y = xp.zeros(2, dtype=xp.uint8)
    with pytest.raises((OverflowError, ValueError)):
        y[0] = -1
    assert x.tolist() == [0, 0, 0] and y.tolist() == [0, 0]


def test_setitem_nested_list_and_numpy_values():
    x = xp.zeros((2, 3), dtype=xp.int32)
    x[0] = [1, 2, 3]
    x[1] = np.array([4, 5, 6])
    assert_equal(x, np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32), "int32")


# ---------------------------------------------------------------------------
# read-only arrays


def readonly_arrays():
    ro = np.arange(6.0).reshape(2, 3)
    ro.flags.writeable = False
    out = [
        ("bytes", xp.asarray(bytes(range(6))), "uint8"),
        ("readonly numpy", xp.asarray(ro), "float64"),
        ("memoryview of bytes", xp.asarray(memoryview(b"\x00\x01\x02\x03")), "uint8"),
    ]
    if hasattr(xp, "broadcast_to"):
        out.append(("broadcast_to", xp.broadcast_to(xp.asarray([1.0, 2.0]), (3, 2)), "float64"))
    return out


@pytest.mark.parametrize(
    "label, x, name", readonly_arrays(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_readonly_setitem_value_error_and_unchanged(label, x, name):
    before = to_numpy(x).copy()
    assert not x.writeable
    value = scalar_for(name) if kind_of(name) != "int" else 9
    with pytest.raises(ValueError):
        x[...] = value
    with pytest.raises(ValueError):
        x[0] = xp.asarray(value, dtype=xdt(name))
    # views of read-only arrays are read-only too
    view = x[::-1]
    assert not view.writeable
    with pytest.raises(ValueError):
        view[0] = value
    np.testing.assert_array_equal(to_numpy(x), before)


def test_readonly_numpy_export_is_readonly():
    x = xp.asarray(b"\x01\x02\x03")
    n = np.asarray(x)
    assert not n.flags.writeable
    with pytest.raises(ValueError):
        n[0] = 5
    assert x.tolist() == [1, 2, 3]


def test_single_integer_keys_match_tuple_keys_and_numpy():
    # x[i] takes a shortcut past the key parser: it must agree with x[(i,)]
    # and NumPy on every index, raise the same errors, and leave bools
    # (an int subclass) to the mask path.
    a = np.arange(12).reshape(3, 4)
    x = from_numpy(a)
    for i in range(-3, 3):
        np.testing.assert_array_equal(to_numpy(x[i]), a[i])
        np.testing.assert_array_equal(to_numpy(x[i]), to_numpy(x[(i,)]))
    for i in (3, -4, 2**70):
        with pytest.raises(IndexError):
            x[i]
    with pytest.raises(IndexError, match="0-dimensional"):
        xp.asarray(1.0)[0]
    assert x[True].shape == (1, 3, 4)
    assert x[False].shape == (0, 3, 4)
    assert x[np.int64(1)].shape == (4,)
