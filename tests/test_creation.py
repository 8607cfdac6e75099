"""Creation functions: arange, asarray, empty/zeros/ones/full (+ _like), eye,
linspace, meshgrid, tril/triu, with NumPy as the oracle."""

import array
import math

import numpy as np
import pytest
from conftest import (
    ALL_NAMES,
    NUMPY_NAMES,
    arrays_and_numpy,
    assert_equal,
    kind_of,
    ndt,
    numpy_dtype_names,
    sample_array,
    shapes,
    to_numpy,
    xdt,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

# ---------------------------------------------------------------------------
# arange


@settings(max_examples=200)
@given(
    start=st.integers(-50, 50),
    stop=st.integers(-50, 50),
    step=st.integers(-7, 7).filter(lambda s: s != 0),
)
def test_arange_ints(start, stop, step):
    assert_equal(xp.arange(start, stop, step), np.arange(start, stop, step))


@given(stop=st.integers(-5, 50))
def test_arange_stop_only(stop):
    assert_equal(xp.arange(stop), np.arange(stop))


def test_arange_keywords_and_negative_step():
    assert_equal(xp.arange(5, 0, -2), np.array([5, 3, 1]))
    assert_equal(xp.arange(0, stop=10, step=3), np.array([0, 3, 6, 9]))
    assert_equal(xp.arange(10, 0, 1), np.array([], dtype=np.int64))
    assert_equal(xp.arange(0), np.array([], dtype=np.int64))


@settings(max_examples=200)
@given(
    start=st.integers(-40, 40),
    stop=st.integers(-40, 40),
    step=st.sampled_from([0.25, 0.5, 1.5, -0.25, -0.5, -2.5]),
)
def test_arange_floats(start, stop, step):
    # quarters are exact in binary, so the length is unambiguous
    start, stop = start / 4, stop / 4
    x = xp.arange(start, stop, step)
    expected = np.arange(start, stop, step)
    assert x.dtype == xp.float64
    assert x.shape == (max(0, math.ceil((stop - start) / step)),)
    np.testing.assert_allclose(to_numpy(x), expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize(
    "name", ["int8", "int16", "int32", "uint8", "uint64", "float32", "float16"]
)
def test_arange_dtype(name):
    assert_equal(xp.arange(0, 10, 2, dtype=xdt(name)), np.arange(0, 10, 2, dtype=name))


def test_arange_float_default_and_length():
    x = xp.arange(0.5, 3)
    assert_equal(x, np.arange(0.5, 3))
    x = xp.arange(1, 0.0, -0.3)
    assert x.dtype == xp.float64
    np.testing.assert_allclose(to_numpy(x), np.arange(1, 0.0, -0.3))


def test_arange_zero_step():
    with pytest.raises((ValueError, ZeroDivisionError)):
        xp.arange(0, 1, 0)


# ---------------------------------------------------------------------------
# asarray: Python scalars and nested sequences


@pytest.mark.parametrize(
    "obj, name",
    [
        (True, "bool"),
        (False, "bool"),
        (3, "int64"),
        (-3, "int64"),
        (1.5, "float64"),
        (1 - 2j, "complex128"),
    ],
)
def test_asarray_python_scalars(obj, name):
    x = xp.asarray(obj)
    assert_equal(x, np.asarray(obj, dtype=name))
    assert x.ndim == 0


def test_asarray_big_python_ints():
    assert_equal(xp.asarray(2**63), np.asarray(2**63, dtype=np.uint64))
    with pytest.raises(OverflowError):
        xp.asarray(2**64)
    with pytest.raises(OverflowError):
        xp.asarray([2**70])


@settings(max_examples=100)
@given(
    name=st.sampled_from(["bool", "int64", "float64", "complex128"]),
    shape=hnp.array_shapes(min_dims=1, max_dims=4, min_side=1, max_side=4),
    as_tuple=st.booleans(),
)
def test_asarray_nested_sequences(name, shape, as_tuple):
    a = sample_array(name, shape)
    nested = a.tolist()
    if as_tuple:

        def tup(o):
            return tuple(tup(i) for i in o) if isinstance(o, list) else o

        nested = tup(nested)
    assert_equal(xp.asarray(nested), np.asarray(nested))


@pytest.mark.parametrize(
    "obj",
    [[1, 2.5], [True, 2], [1, 2j], [[1, 2], [3.5, 4]], [[True], [1.5j]]],
)
def test_asarray_mixed_kinds_take_widest(obj):
    assert_equal(xp.asarray(obj), np.asarray(obj))


def test_asarray_empty_sequences_default_float():
    # NumPy (the standard is silent): an empty sequence gives float64
    assert_equal(xp.asarray([]), np.asarray([]))
    assert_equal(xp.asarray([[], []]), np.asarray([[], []]))
    assert_equal(xp.asarray([[[]]]), np.asarray([[[]]]))


def test_asarray_empty_sequence_with_dtype():
    assert_equal(xp.asarray([], dtype=xp.int8), np.asarray([], dtype=np.int8))
    assert_equal(xp.asarray([[], []], dtype=xp.int32), np.zeros((2, 0), dtype=np.int32))


def test_asarray_other_sequences():
    assert_equal(xp.asarray(range(4)), np.arange(4))
    assert_equal(xp.asarray(((1, 2), [3, 4])), np.array([[1, 2], [3, 4]]))


@pytest.mark.parametrize(
    "obj",
    [
        [[1, 2], [3]],
        [1, [2]],
        [[1], 2],
        [[[1, 2]], [[3]]],
        [[1, 2], [3, 4, 5]],
        [[], [1]],
    ],
)
def test_asarray_ragged_raises_value_error(obj):
    with pytest.raises(ValueError):
        xp.asarray(obj)


@pytest.mark.parametrize("obj", ["abc", None, object(), [1, "a"], [None]])
def test_asarray_bad_objects_raise(obj):
    with pytest.raises((TypeError, ValueError)):
        xp.asarray(obj)


@pytest.mark.parametrize("name", NUMPY_NAMES)
def test_asarray_list_with_dtype(name):
    vals = [0, 1, 1, 0] if name == "bool" else [0, 1, 2, 100]
    assert_equal(xp.asarray(vals, dtype=xdt(name)), np.asarray(vals, dtype=name))


def test_asarray_list_with_dtype_bfloat16():
    x = xp.asarray([0.0, 1.5, -2.0, 100.75], dtype=xp.bfloat16)
    assert_equal(x, np.array([0.0, 1.5, -2.0, 100.75]), dtype="bfloat16")


def test_asarray_python_ints_out_of_range_for_dtype():
    with pytest.raises((OverflowError, ValueError)):
        xp.asarray([300], dtype=xp.uint8)
    with pytest.raises((OverflowError, ValueError)):
        xp.asarray([-1], dtype=xp.uint8)
    with pytest.raises((OverflowError, ValueError)):
        xp.asarray(128, dtype=xp.int8)


def test_asarray_complex_into_real_dtype_raises():
    # NumPy raises TypeError rather than silently dropping the imaginary part
    with pytest.raises(TypeError):
        xp.asarray([1j], dtype=xp.float64)
    with pytest.raises(TypeError):
        xp.asarray([1 + 1j, 2], dtype=xp.int64)


def test_asarray_list_of_pyarray_arrays():
    assert_equal(xp.asarray([xp.asarray([1, 2]), xp.asarray([3, 4])]), np.array([[1, 2], [3, 4]]))
    assert_equal(xp.asarray([[xp.asarray(1), 2]]), np.array([[1, 2]]))


def test_asarray_list_mixing_arrays_and_floats_keeps_values():
    # an int 0-d array next to a Python float must not truncate the float
    x = xp.asarray([xp.asarray(1), 2.5])
    assert x.tolist() == [1.0, 2.5]
    assert x.dtype in (xp.float64, xp.float32)
    # a float32 0-d array next to a complex must not drop the imaginary part
    y = xp.asarray([xp.asarray(1.5, dtype=xp.float32), 1j])
    assert y.tolist() == [1.5 + 0j, 1j]


def test_asarray_numpy_scalars():
    assert_equal(xp.asarray(np.float32(2)), np.asarray(np.float32(2)))
    assert_equal(xp.asarray(np.array(3.0)), np.array(3.0))
    assert_equal(xp.asarray([np.float64(1.5), 2]), np.array([1.5, 2.0]))


# ---------------------------------------------------------------------------
# asarray: buffer protocol, zero copy, copy semantics


@settings(max_examples=150)
@given(
    name=numpy_dtype_names,
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=6),
    data=st.data(),
)
def test_asarray_numpy_views_zero_copy(name, shape, data):
    base = sample_array(name, shape)
    key = data.draw(hnp.basic_indices(shape, allow_newaxis=False, allow_ellipsis=True))
    view = base[key]
    assume(isinstance(view, np.ndarray))
    x = xp.asarray(view)
    assert_equal(x, view)
    assert x.writeable
    if view.size:
        assert np.shares_memory(np.asarray(x), base)


def test_asarray_numpy_negative_strides_and_transpose():
    base = np.arange(12.0).reshape(3, 4)
    for view in (base[::-1], base[:, ::-2], base.T, base[::-2, 1::2].T):
        x = xp.asarray(view)
        assert_equal(x, view)
        base[...] += 1
        assert_equal(x, view)  # still a view after writes through NumPy


def test_asarray_numpy_write_both_ways():
    base = np.zeros(5)
    x = xp.asarray(base)
    base[1] = 7.0
    assert x.tolist()[1] == 7.0
    x[2] = 9.0
    assert base[2] == 9.0


def test_asarray_numpy_copy_true_is_independent():
    base = np.arange(4.0)
    x = xp.asarray(base, copy=True)
    base[0] = 100.0
    assert x.tolist() == [0.0, 1.0, 2.0, 3.0]
    x[1] = -1.0
    assert base[1] == 1.0


def test_asarray_numpy_copy_false_shares():
    base = np.arange(4)[::2]
    x = xp.asarray(base, copy=False)
    base[0] = 42
    assert x.tolist() == [42, 2]


def test_asarray_copy_false_needs_copy_raises():
    with pytest.raises(ValueError):
        xp.asarray([1, 2], copy=False)
    with pytest.raises(ValueError):
        xp.asarray(1.5, copy=False)
    with pytest.raises(ValueError):
        xp.asarray(np.arange(3), dtype=xp.float64, copy=False)
    with pytest.raises(ValueError):
        xp.asarray(xp.asarray([1, 2]), dtype=xp.int32, copy=False)


def test_asarray_dtype_conversion_from_buffer():
    base = np.arange(3.0)
    x = xp.asarray(base, dtype=xp.float32)
    assert_equal(x, base.astype(np.float32))
    base[0] = 5.0
    assert x.tolist()[0] == 0.0
    # same dtype requested: still zero copy
    y = xp.asarray(base, dtype=xp.float64, copy=False)
    base[1] = 6.0
    assert y.tolist()[1] == 6.0


def test_asarray_readonly_numpy_is_readonly():
    base = np.arange(3)
    base.flags.writeable = False
    x = xp.asarray(base)
    assert not x.writeable
    with pytest.raises(ValueError):
        x[0] = 1
    assert x.tolist() == [0, 1, 2]
    assert xp.asarray(base, copy=True).writeable


def test_asarray_pyarray_input_copy_semantics():
    x = xp.asarray([1, 2, 3])
    shared = xp.asarray(x)
    shared[0] = 10
    assert x.tolist()[0] == 10
    shared = xp.asarray(x, copy=False)
    shared[1] = 20
    assert x.tolist()[1] == 20
    copied = xp.asarray(x, copy=True)
    copied[2] = 30
    assert x.tolist() == [10, 20, 3]
    # No copy and no cast: the array itself, as NumPy returns it.
    assert xp.asarray(x) is x
    assert xp.asarray(x, dtype=x.dtype, copy=False) is x
    assert copied is not x and xp.asarray(x, dtype=xp.int32) is not x
    assert copied.tolist() == [10, 20, 30]
    assert_equal(xp.asarray(x, dtype=xp.float32), np.array([10, 20, 3], dtype=np.float32))


def test_asarray_bytes_is_readonly_uint8():
    x = xp.asarray(b"abc")
    assert_equal(x, np.frombuffer(b"abc", dtype=np.uint8))
    assert not x.writeable
    with pytest.raises(ValueError):
        x[0] = 1
    assert x.tolist() == [97, 98, 99]
    y = xp.asarray(b"abc", copy=True)
    assert y.writeable
    y[0] = 0
    assert y.tolist() == [0, 98, 99]


def test_asarray_bytearray_zero_copy():
    buf = bytearray(4)
    x = xp.asarray(buf)
    assert x.dtype == xp.uint8 and x.writeable
    x[0] = 7
    assert buf[0] == 7
    buf[1] = 9
    assert x.tolist()[1] == 9


def test_asarray_memoryview():
    buf = bytearray(np.arange(6, dtype=np.float64).tobytes())
    mv = memoryview(buf).cast("d", (2, 3))
    x = xp.asarray(mv)
    assert_equal(x, np.arange(6.0).reshape(2, 3))
    x[0, 0] = -1.0
    assert mv[0, 0] == -1.0
    # strided memoryview
    assert_equal(xp.asarray(memoryview(np.arange(10))[::3]), np.arange(10)[::3])
    # reversed memoryview (negative stride)
    assert_equal(xp.asarray(memoryview(b"abc")[::-1]), np.array([99, 98, 97], dtype=np.uint8))
    # read-only memoryview
    ro = xp.asarray(memoryview(b"\x01\x02"))
    assert not ro.writeable and ro.tolist() == [1, 2]


@pytest.mark.parametrize("typecode", [c for c in array.typecodes if c not in "uw"])
def test_asarray_array_array(typecode):
    arr = array.array(typecode, [1, 2, 3])
    x = xp.asarray(arr)
    assert_equal(x, np.asarray(arr))
    x[0] = 5
    assert arr[0] == 5


def test_asarray_ctypes_array_does_not_crash(isolated):
    # ctypes exports '<d' with NULL strides; this must give an array or raise,
    # never abort the interpreter
    code = """
        import ctypes, pyarray as xp
        buf = (ctypes.c_double * 3)(1, 2, 3)
        try:
            x = xp.asarray(buf)
            print("OK", x.tolist())
        except (BufferError, TypeError, ValueError) as e:
            print("RAISED", type(e).__name__)
    """
    rc, out, err = isolated(code)
    assert rc == 0, f"interpreter died (rc={rc}): {err[:700]}"
    assert out.startswith("RAISED") or out.strip() == "OK [1.0, 2.0, 3.0]", out


def test_asarray_ctypes_int_array_values(isolated):
    code = """
        import ctypes, pyarray as xp
        buf = (ctypes.c_int32 * 4)(1, 2, 3, 4)
        x = xp.asarray(buf)
        print(x.dtype, x.tolist())
    """
    rc, out, err = isolated(code)
    assert rc == 0, f"interpreter died (rc={rc}): {err[:700]}"
    assert out.strip() == "int32 [1, 2, 3, 4]"


def test_asarray_unsupported_buffer_formats_raise():
    # byte-swapped and structured buffers: raise rather than give wrong values
    big = np.arange(3, dtype=">i4")
    try:
        x = xp.asarray(big)
    except (BufferError, TypeError, ValueError):
        pass
    else:
        assert x.tolist() == [0, 1, 2]
    with pytest.raises((BufferError, TypeError, ValueError)):
        xp.asarray(np.zeros(3, dtype=[("a", "i4"), ("b", "f8")]))


def test_asarray_device():
    assert_equal(xp.asarray([1], device=xp.CPU_DEVICE), np.array([1]))
    assert_equal(xp.asarray([1], device=xp.asarray(0).device), np.array([1]))
    with pytest.raises(ValueError):
        xp.asarray([1], device="gpu")


# ---------------------------------------------------------------------------
# empty / zeros / ones / full and the _like variants


@settings(max_examples=100)
@given(shape=shapes, name=st.sampled_from(ALL_NAMES), as_list=st.booleans())
def test_zeros_ones(shape, name, as_list):
    arg = list(shape) if as_list else shape
    assert_equal(xp.zeros(arg, dtype=xdt(name)), np.zeros(shape, dtype=ndt(name)), dtype=name)
    assert_equal(xp.ones(arg, dtype=xdt(name)), np.ones(shape, dtype=ndt(name)), dtype=name)
    e = xp.empty(arg, dtype=xdt(name))
    assert e.shape == shape and e.dtype == xdt(name) and e.writeable


@settings(max_examples=100)
@given(shape=shapes, name=st.sampled_from(ALL_NAMES))
def test_full(shape, name):
    fill = {"bool": True, "int": 7, "float": -2.5, "complex": 1.5 - 2j}[kind_of(name)]
    assert_equal(
        xp.full(shape, fill, dtype=xdt(name)), np.full(shape, fill, dtype=ndt(name)), dtype=name
    )


def test_creation_int_shape_and_defaults():
    assert_equal(xp.zeros(3), np.zeros(3))
    assert_equal(xp.ones(()), np.ones(()))
    assert xp.empty(4).dtype == xp.float64
    assert xp.empty(4).shape == (4,)


@pytest.mark.parametrize(
    "fill, name", [(True, "bool"), (3, "int64"), (3.0, "float64"), (1j, "complex128")]
)
def test_full_default_dtype(fill, name):
    assert_equal(xp.full((2, 2), fill), np.full((2, 2), fill, dtype=name))


def test_full_fill_out_of_range():
    with pytest.raises((OverflowError, ValueError)):
        xp.full(2, 300, dtype=xp.int8)


@settings(max_examples=60)
@given(arrays_and_numpy(), st.sampled_from([None, *ALL_NAMES]))
def test_like_functions(x_a_name, target):
    x, a, name = x_a_name
    out_name = target or name
    kw = {} if target is None else {"dtype": xdt(target)}
    shape = a.shape
    nd = ndt(out_name)
    assert_equal(xp.zeros_like(x, **kw), np.zeros(shape, dtype=nd), dtype=out_name)
    assert_equal(xp.ones_like(x, **kw), np.ones(shape, dtype=nd), dtype=out_name)
    e = xp.empty_like(x, **kw)
    assert e.shape == shape and e.dtype == xdt(out_name)
    fill = {"bool": False, "int": 5, "float": 0.5, "complex": 2j}[kind_of(out_name)]
    assert_equal(xp.full_like(x, fill, **kw), np.full(shape, fill, dtype=nd), dtype=out_name)


def test_like_results_are_new_memory():
    x = xp.asarray([1.0, 2.0])
    for f in (xp.zeros_like, xp.ones_like, xp.empty_like):
        y = f(x)
        y[0] = 99.0
        assert x.tolist() == [1.0, 2.0]


@pytest.mark.parametrize("f", ["empty", "zeros", "ones"])
@pytest.mark.parametrize("shape", [(-1,), -1, (2, -3), (0, -1)])
def test_negative_dimensions_value_error(f, shape):
    with pytest.raises(ValueError):
        getattr(xp, f)(shape)


@pytest.mark.parametrize("shape", [(-1,), (3, -2)])
def test_full_negative_dimensions_value_error(shape):
    with pytest.raises(ValueError):
        xp.full(shape, 1.0)


@pytest.mark.parametrize("f", ["empty", "zeros", "ones"])
@pytest.mark.parametrize(
    "shape",
    [
        (2**62, 2**62),  # element count overflows
        (2**32, 2**32),  # element count overflows 64 bits
        (2**61,),  # byte size overflows (float64)
        (0, 2**62, 2**62),
        (2**63,),  # does not even fit a signed 64-bit dimension
        2**64,
    ],
)
def test_overflowing_shape_value_error(f, shape):
    with pytest.raises(ValueError):
        getattr(xp, f)(shape)


@pytest.mark.parametrize(
    "call",
    [
        lambda: xp.empty((2**40,)),
        lambda: xp.zeros((2**40,)),
        lambda: xp.ones((2**40,)),
        lambda: xp.full((2**40,), 1.0),
        lambda: xp.empty((2**20, 2**20), dtype=xp.int8),
        lambda: xp.arange(2**40),
        lambda: xp.linspace(0, 1, 2**40),
    ],
)
def test_huge_allocation_memory_error(call):
    with pytest.raises(MemoryError):
        call()


def test_bad_shape_types():
    with pytest.raises(TypeError):
        xp.zeros(3.0)
    with pytest.raises(TypeError):
        xp.zeros("3")


@pytest.mark.parametrize("f", ["empty", "zeros", "ones"])
def test_creation_dtype_and_device_arguments(f):
    fn = getattr(xp, f)
    assert fn(2, dtype=xp.int16).dtype == xp.int16
    assert fn(2, device=xp.CPU_DEVICE).shape == (2,)
    with pytest.raises(ValueError):
        fn(2, device="gpu")
    with pytest.raises(TypeError):
        fn(2, dtype="not a dtype")


# ---------------------------------------------------------------------------
# eye


@settings(max_examples=150)
@given(
    n_rows=st.integers(0, 6),
    n_cols=st.none() | st.integers(0, 6),
    k=st.integers(-8, 8),
    name=st.sampled_from(NUMPY_NAMES),
)
def test_eye(n_rows, n_cols, k, name):
    x = xp.eye(n_rows, n_cols, k=k, dtype=xdt(name))
    assert_equal(x, np.eye(n_rows, n_cols, k=k, dtype=name))


@pytest.mark.parametrize("k", [2**63 - 1, -(2**63), 2**62, -(2**63) + 1])
@pytest.mark.parametrize("n_cols", [None, 4])
def test_eye_extreme_k(k, n_cols):
    # no arithmetic overflow (a Rust panic) for diagonals far outside the matrix
    assert_equal(xp.eye(3, n_cols, k=k), np.eye(3, n_cols, k=k))


@pytest.mark.parametrize("k", [2**63 - 1, -(2**63)])
def test_tril_triu_extreme_k(k):
    a = np.arange(12.0).reshape(3, 4)
    small_k = 100 if k > 0 else -100  # same result; NumPy itself overflows on -2**63
    assert_equal(xp.tril(xp.asarray(a), k=k), np.tril(a, k=small_k))
    assert_equal(xp.triu(xp.asarray(a), k=k), np.triu(a, k=small_k))


def test_eye_default_dtype_and_errors():
    assert_equal(xp.eye(3), np.eye(3))
    assert_equal(xp.eye(2, 4, k=1), np.eye(2, 4, k=1))
    with pytest.raises(ValueError):
        xp.eye(-1)
    with pytest.raises(ValueError):
        xp.eye(2, -1)


# ---------------------------------------------------------------------------
# linspace


@settings(max_examples=150)
@given(
    start=st.floats(-1e6, 1e6),
    stop=st.floats(-1e6, 1e6),
    num=st.integers(0, 30),
    endpoint=st.booleans(),
)
def test_linspace(start, stop, num, endpoint):
    x = xp.linspace(start, stop, num, endpoint=endpoint)
    expected = np.linspace(start, stop, num, endpoint=endpoint)
    assert x.dtype == xp.float64 and x.shape == (num,)
    np.testing.assert_allclose(to_numpy(x), expected, rtol=1e-12, atol=1e-9)
    if num >= 1:
        assert to_numpy(x)[0] == start
    if num >= 2 and endpoint:
        assert to_numpy(x)[-1] == stop


def test_linspace_num_0_and_1():
    assert_equal(xp.linspace(0, 1, 0), np.linspace(0, 1, 0))
    assert_equal(xp.linspace(2, 5, 1), np.array([2.0]))
    assert_equal(xp.linspace(2, 5, 1, endpoint=False), np.array([2.0]))


def test_linspace_dtype_float32():
    x = xp.linspace(1, 2, 5, dtype=xp.float32)
    assert_equal(x, np.linspace(1, 2, 5, dtype=np.float32))


@pytest.mark.parametrize("endpoint", [True, False])
def test_linspace_complex(endpoint):
    x = xp.linspace(1 + 1j, 2 + 3j, 4, endpoint=endpoint)
    assert x.dtype == xp.complex128
    np.testing.assert_allclose(
        to_numpy(x), np.linspace(1 + 1j, 2 + 3j, 4, endpoint=endpoint), rtol=1e-14
    )
    y = xp.linspace(0, 1j, 3, dtype=xp.complex64)
    assert y.dtype == xp.complex64
    np.testing.assert_allclose(to_numpy(y), np.linspace(0, 1j, 3), rtol=1e-6)


def test_linspace_negative_num():
    with pytest.raises(ValueError):
        xp.linspace(0, 1, -1)


# ---------------------------------------------------------------------------
# meshgrid


@settings(max_examples=60)
@given(
    lengths=st.lists(st.integers(0, 4), min_size=1, max_size=3),
    indexing=st.sampled_from(["xy", "ij"]),
    name=st.sampled_from(["int64", "float32", "uint8", "complex128"]),
)
def test_meshgrid(lengths, indexing, name):
    arrays = [np.arange(n).astype(name) + i for i, n in enumerate(lengths)]
    got = xp.meshgrid(*[xp.asarray(a) for a in arrays], indexing=indexing)
    expected = np.meshgrid(*arrays, indexing=indexing)
    assert isinstance(got, (tuple, list)) and len(got) == len(expected)
    for g, e in zip(got, expected, strict=True):
        assert_equal(g, e)


def test_meshgrid_default_is_xy_and_bad_indexing():
    a, b = xp.asarray([1, 2]), xp.asarray([3, 4, 5])
    got = xp.meshgrid(a, b)
    for g, e in zip(got, np.meshgrid([1, 2], [3, 4, 5]), strict=True):
        assert_equal(g, e)
    with pytest.raises(ValueError):
        xp.meshgrid(a, b, indexing="ji")


# ---------------------------------------------------------------------------
# tril / triu


@settings(max_examples=100)
@given(
    shape=hnp.array_shapes(min_dims=2, max_dims=4, min_side=0, max_side=5),
    k=st.integers(-6, 6),
    name=st.sampled_from(["int32", "float64", "bool", "complex64", "bfloat16"]),
    flip=st.booleans(),
)
def test_tril_triu(shape, k, name, flip):
    a = sample_array(name, shape)
    x = xp.asarray(a) if name != "bfloat16" else xp.astype(xp.asarray(a), xp.bfloat16)
    if flip:
        x, a = x[..., ::-1], a[..., ::-1]
    assert_equal(xp.tril(x, k=k), np.tril(a, k=k), dtype=name)
    assert_equal(xp.triu(x, k=k), np.triu(a, k=k), dtype=name)


def test_tril_triu_return_new_arrays():
    x = xp.ones((3, 3))
    t = xp.tril(x)
    t[0, 0] = 5.0
    u = xp.triu(x)
    u[2, 2] = 7.0
    assert x.tolist() == [[1.0] * 3] * 3


@pytest.mark.parametrize("k", [2**63, 2**70, -(2**80)])
def test_huge_diagonal_offsets_clamp(k):
    assert xp.eye(3, k=k).tolist() == np.eye(3, k=min(max(k, -4), 4)).tolist()
    ones = xp.ones((2, 3))
    assert xp.tril(ones, k=k).tolist() == np.tril(np.ones((2, 3)), k=min(max(k, -4), 4)).tolist()
    assert xp.triu(ones, k=k).tolist() == np.triu(np.ones((2, 3)), k=min(max(k, -4), 4)).tolist()


@pytest.mark.parametrize("n", [3, 300, 10_000, 1_000_000, 3_000_000])
def test_empty_is_zero_filled_even_on_reused_memory(n):
    # docs/differences-from-numpy.md: `empty` never exposes old data. Freeing a
    # block of ones first makes the allocator likely to hand the same memory back.
    ones = xp.ones(n)
    del ones
    np.testing.assert_array_equal(np.asarray(xp.empty(n)), np.zeros(n))


@pytest.mark.parametrize("name", ["zeros", "empty", "full_zero", "zeros_like"])
def test_large_zero_arrays_are_zero_and_writable(name):
    # From 4 MiB these come from fresh mappings the kernel zeroes lazily.
    shape = (1500, 1000)
    make = {
        "zeros": lambda: xp.zeros(shape),
        "empty": lambda: xp.empty(shape),
        "full_zero": lambda: xp.full(shape, 0.0),
        "zeros_like": lambda: xp.zeros_like(xp.ones(shape)),
    }[name]
    x = make()
    assert not np.any(np.asarray(x))
    x[700:, ::3] = 2.5
    want = np.zeros(shape)
    want[700:, ::3] = 2.5
    np.testing.assert_array_equal(np.asarray(x), want)


def test_full_of_negative_zero_keeps_the_sign():
    # Only an all-zero-bytes fill takes the lazily zeroed path; -0.0 is not one.
    x = np.asarray(xp.full((1500, 1000), -0.0))
    assert np.all(x == 0) and np.all(np.signbit(x))
    assert np.all(np.asarray(xp.full(700_000, 3, dtype=xp.int16)) == 3)
