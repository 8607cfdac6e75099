"""Interoperability: buffer protocol export, numpy.asarray zero copy,
__array__ with NumPy 2 semantics, and pickling (protocols 2..5, out of band)."""

import copy
import gc
import pickle
import sys
import weakref

import numpy as np
import pytest
from conftest import (
    ALL_NAMES,
    NUMPY_NAMES,
    arrays_and_numpy,
    assert_equal,
    from_numpy,
    sample_array,
    to_numpy,
    xdt,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

# ---------------------------------------------------------------------------
# buffer protocol

FORMATS = {
    "bool": {"?"},
    "int8": {"b"},
    "int16": {"h"},
    "int32": {"i"},
    "int64": {"q", "l"},
    "uint8": {"B"},
    "uint16": {"H"},
    "uint32": {"I"},
    "uint64": {"Q", "L"},
    "float16": {"e"},
    "float32": {"f"},
    "float64": {"d"},
    "complex64": {"Zf"},
    "complex128": {"Zd"},
}


@pytest.mark.parametrize("name", NUMPY_NAMES)
def test_memoryview_format(name):
    x = xp.zeros((2, 3), dtype=xdt(name))
    mv = memoryview(x)
    assert mv.format in FORMATS[name]
    assert mv.itemsize == np.dtype(name).itemsize
    assert mv.shape == (2, 3)
    assert mv.strides == (3 * mv.itemsize, mv.itemsize)
    assert mv.ndim == 2
    assert not mv.readonly
    assert mv.nbytes == 6 * mv.itemsize
    assert mv.c_contiguous


def test_memoryview_values_and_write_through():
    x = xp.asarray([1.5, 2.5, 3.5])
    mv = memoryview(x)
    assert mv.tolist() == [1.5, 2.5, 3.5]
    mv[0] = -1.0
    assert x.tolist()[0] == -1.0


def test_memoryview_0d():
    mv = memoryview(xp.asarray(7, dtype=xp.int32))
    assert mv.shape == () and mv.ndim == 0
    assert mv.format == "i"


def test_memoryview_strided_view():
    a = np.arange(24, dtype=np.int32).reshape(4, 6)
    x = xp.asarray(a.copy())[::-2, 1::2]
    mv = memoryview(x)
    expected = a[::-2, 1::2]
    assert mv.shape == expected.shape
    assert mv.strides == expected.strides
    assert mv.tolist() == expected.tolist()
    assert not mv.c_contiguous


def test_bytes_and_frombuffer():
    a = np.arange(12, dtype=np.int16).reshape(3, 4)
    x = xp.asarray(a.copy())
    assert bytes(x) == a.tobytes()
    assert bytes(x[::-1, 1::2]) == a[::-1, 1::2].tobytes()
    assert np.frombuffer(x, dtype=np.int16).tolist() == list(range(12))
    with pytest.raises(BufferError):
        np.frombuffer(x[:, ::2], dtype=np.int16)  # not contiguous, no strides asked


def test_memoryview_readonly():
    x = xp.asarray(b"\x01\x02")
    mv = memoryview(x)
    assert mv.readonly
    with pytest.raises(TypeError):
        mv[0] = 5


def test_memoryview_bfloat16_buffer_error():
    x = xp.zeros(3, dtype=xp.bfloat16)
    with pytest.raises(BufferError) as info:
        memoryview(x)
    assert "bfloat16" in str(info.value)
    with pytest.raises(BufferError):
        np.asarray(x)


# ---------------------------------------------------------------------------
# numpy.asarray(x): zero copy, writable only when x is


@settings(max_examples=150, deadline=None)
@given(
    arrays_and_numpy(names=st.sampled_from(NUMPY_NAMES)),
    st.data(),
)
def test_numpy_asarray_zero_copy(x_a_name, data):
    x, a, name = x_a_name
    key = data.draw(hnp.basic_indices(a.shape, allow_newaxis=True, allow_ellipsis=True))
    view = x[key]
    n = np.asarray(view)
    assert n.dtype == np.dtype(name)
    np.testing.assert_array_equal(n, np.asarray(a[key]))
    assert n.flags.writeable
    if n.size:
        assert np.shares_memory(n, np.asarray(x))


def test_numpy_asarray_write_through():
    x = xp.zeros((2, 3))
    n = np.asarray(x)
    n[1, 2] = 5.0
    assert x.tolist()[1][2] == 5.0
    x[0, 0] = 3.0
    assert n[0, 0] == 3.0


def test_numpy_roundtrip_shares_original_memory():
    base = np.arange(10.0)
    x = xp.asarray(base)
    assert np.shares_memory(np.asarray(x), base)
    assert np.shares_memory(np.asarray(x[::-3]), base)


def test_numpy_asarray_readonly():
    ro = np.arange(4)
    ro.flags.writeable = False
    for x in (xp.asarray(b"abcd"), xp.asarray(ro), xp.asarray(ro)[::2]):
        n = np.asarray(x)
        assert not n.flags.writeable
        with pytest.raises(ValueError):
            n[0] = 1


def test_numpy_keeps_array_alive():
    x = xp.asarray([1.0, 2.0, 3.0])
    n = np.asarray(x[1:])
    del x
    gc.collect()
    assert n.tolist() == [2.0, 3.0]


# ---------------------------------------------------------------------------
# __array__(dtype=None, copy=None)


def test_dunder_array_default_shares():
    x = xp.asarray([1.0, 2.0])
    n = x.__array__()
    assert isinstance(n, np.ndarray)
    assert n.dtype == np.float64
    n[0] = 10.0
    assert x.tolist()[0] == 10.0


def test_dunder_array_copy_true():
    x = xp.asarray([1.0, 2.0])
    n = x.__array__(copy=True)
    n[0] = 10.0
    assert x.tolist() == [1.0, 2.0]
    assert not np.shares_memory(n, np.asarray(x))


def test_dunder_array_copy_false():
    x = xp.asarray([1.0, 2.0])
    n = x.__array__(copy=False)
    assert np.shares_memory(n, np.asarray(x))
    with pytest.raises(ValueError):
        x.__array__(dtype=np.float32, copy=False)


def test_dunder_array_dtype():
    x = xp.asarray([1.0, 2.5])
    n = x.__array__(dtype=np.float32)
    assert n.dtype == np.float32 and n.tolist() == [1.0, 2.5]
    same = x.__array__(dtype=np.dtype("float64"))
    assert np.shares_memory(same, np.asarray(x))
    assert x.__array__(np.int64).tolist() == [1, 2]


def test_numpy_array_copy_keyword():
    x = xp.asarray([[1, 2], [3, 4]])
    c = np.array(x)  # copies by default
    c[0, 0] = 100
    assert x.tolist()[0][0] == 1
    v = np.array(x, copy=False)
    v[0, 0] = 100
    assert x.tolist()[0][0] == 100
    assert np.array(x, copy=None).flags.writeable
    with pytest.raises(ValueError):
        np.array(x, dtype=np.float32, copy=False)
    assert_equal(
        xp.asarray(np.array(x, dtype=np.float32)), np.array([[100, 2], [3, 4]], dtype=np.float32)
    )


# ---------------------------------------------------------------------------
# pickle


def _roundtrip_values(x):
    if x.dtype == xp.bfloat16:
        return xp.astype(x, xp.float32).tolist()
    return x.tolist()


def _pickle_case(name, shape):
    a = sample_array(name, shape)
    if name in ("float16", "float32", "float64", "bfloat16") and a.size:
        a.flat[0] = np.nan
    return from_numpy(a, name)


def _same(y, x):
    assert isinstance(y, xp.Array)
    assert y.dtype == x.dtype
    assert y.shape == x.shape
    got, expected = to_numpy(y), to_numpy(x)
    np.testing.assert_array_equal(got, expected)
    assert got.tobytes() == expected.tobytes()  # bit for bit, NaN payloads too


@pytest.mark.parametrize("protocol", [2, 3, 4, 5])
@pytest.mark.parametrize("name", ALL_NAMES)
def test_pickle_roundtrip_every_dtype(name, protocol):
    for shape in [(2, 3), (), (0,), (5,)]:
        x = _pickle_case(name, shape)
        y = pickle.loads(pickle.dumps(x, protocol=protocol))
        _same(y, x)


@pytest.mark.parametrize("protocol", [2, 3, 4, 5])
@pytest.mark.parametrize("name", ["float64", "int8", "bool", "complex64", "bfloat16"])
def test_pickle_result_is_writable_and_independent(name, protocol):
    # as NumPy: an unpickled array is an ordinary, writable array
    x = _pickle_case(name, (4,))
    y = pickle.loads(pickle.dumps(x, protocol=protocol))
    assert y.writeable
    y[...] = True if name == "bool" else 1
    assert _roundtrip_values(x) != _roundtrip_values(y)


@pytest.mark.parametrize("protocol", [2, 4, 5])
def test_pickle_non_contiguous(protocol):
    a = np.arange(24.0).reshape(4, 6)
    x = xp.asarray(a.copy())[::-1, 1::2]
    y = pickle.loads(pickle.dumps(x, protocol=protocol))
    assert_equal(y, a[::-1, 1::2])


@pytest.mark.parametrize("protocol", [2, 5])
def test_pickle_readonly_source(protocol):
    x = xp.asarray(b"\x01\x02\x03")
    y = pickle.loads(pickle.dumps(x, protocol=protocol))
    assert_equal(y, np.array([1, 2, 3], dtype=np.uint8))


@pytest.mark.parametrize("name", ALL_NAMES)
def test_pickle_protocol5_out_of_band(name):
    x = _pickle_case(name, (3, 4))
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    assert len(buffers) >= 1
    assert all(isinstance(b, pickle.PickleBuffer) for b in buffers)
    # the payload travels out of band: the pickle itself is small
    assert len(data) < 200 + x.size // 2
    y = pickle.loads(data, buffers=buffers)
    _same(y, x)


def test_pickle_protocol5_out_of_band_is_zero_copy():
    x = xp.asarray(np.arange(1000.0))
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    raw = buffers[0].raw()
    assert raw.nbytes == 8000
    assert np.shares_memory(np.asarray(raw), np.asarray(x))
    y = pickle.loads(data, buffers=buffers)
    assert np.shares_memory(np.asarray(y), np.asarray(x))


def test_pickle_protocol5_out_of_band_needs_buffers():
    x = xp.asarray([1.0, 2.0])
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    with pytest.raises(pickle.UnpicklingError):
        pickle.loads(data)


def test_pickle_protocol5_in_band_without_callback():
    x = xp.asarray(np.arange(100, dtype=np.int16))
    data = pickle.dumps(x, protocol=5)
    assert len(data) > 200
    assert_equal(pickle.loads(data), np.arange(100, dtype=np.int16))


def test_pickle_big_array_every_protocol():
    a = np.random.default_rng(0).standard_normal(100_000)
    x = xp.asarray(a)
    for protocol in (2, 4, 5):
        assert_equal(pickle.loads(pickle.dumps(x, protocol=protocol)), a)


def test_copy_and_deepcopy():
    x = xp.asarray([[1, 2], [3, 4]])
    for y in (copy.copy(x), copy.deepcopy(x)):
        assert_equal(y, np.array([[1, 2], [3, 4]]))
    d = copy.deepcopy(x)
    d[0, 0] = 100
    assert x.tolist()[0][0] == 1


# ---------------------------------------------------------------------------
# reference counting: exports and imports release what they hold


def test_buffer_exports_do_not_leak_references():
    x = xp.zeros(3)
    before = sys.getrefcount(x)
    for _ in range(50):
        mv = memoryview(x)
        mv.release()
        n = np.asarray(x[::-1])
        del n
        n = x.__array__()
        del n
    assert sys.getrefcount(x) == before


def test_buffer_imports_release_the_exporter():
    base = np.arange(5.0)
    before = sys.getrefcount(base)
    for _ in range(50):
        y = xp.asarray(base)[::2]
        z = np.asarray(y)
        del y, z
    gc.collect()
    assert sys.getrefcount(base) == before


def test_exported_memory_keeps_the_array_alive():
    x = xp.asarray([1.0, 2.0, 3.0])
    ref = weakref.ref(x)
    n = np.asarray(x)
    del x
    gc.collect()
    assert ref() is not None
    assert n.tolist() == [1.0, 2.0, 3.0]
    del n
    gc.collect()
    assert ref() is None


def test_misaligned_buffer_is_copied_to_aligned_memory():
    raw = np.zeros(8 * 4 + 1, dtype=np.uint8)
    raw[1:] = np.arange(4, dtype=np.float64).view(np.uint8)
    src = np.frombuffer(raw.data, dtype=np.float64, count=4, offset=1)
    assert src.ctypes.data % 8 != 0
    x = xp.asarray(src)
    assert x.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert (x + 1).tolist() == [1.0, 2.0, 3.0, 4.0]
