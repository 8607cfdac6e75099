"""DLPack: __dlpack__, __dlpack_device__, from_dlpack, and asarray of DLPack producers.

Raw capsules are inspected with ctypes (tests/dlpack_abi.py mirrors dlpack.h 1.1).
The export design under test: a capsule holds the array's *storage* (not the
Python object), so sys.getrefcount(x) does not change while a capsule lives,
and pyarray._dlpack_live_exports() counts exported tensors not yet deleted.
"""

import ctypes
import gc
import inspect
import os
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest
from dlpack_abi import (
    IS_COPIED,
    READ_ONLY,
    USED_VERSIONED,
    capsule_name,
    managed,
    pythonapi,
    tensor_fields,
)

import pyarray as xp
from pyarray._dlpack import DLDeviceType


class Producer:
    """Hands out a prepared capsule, whatever the consumer asks for."""

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)


class Forward:
    """A DLPack producer that is not a buffer and not a pyarray (forwards to `base`)."""

    def __init__(self, base):
        self.base = base
        self.calls = []

    def __dlpack__(self, **kwargs):
        self.calls.append(kwargs)
        return self.base.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.base.__dlpack_device__()


class LegacyOnly:
    """A producer from before DLPack 1.0 (knows only `stream`)."""

    def __init__(self, base):
        self.base = base

    def __dlpack__(self, stream=None):
        return self.base.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return (1, 0)


NUMPY_DTYPES = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]
ALL_DTYPES = NUMPY_DTYPES + ["bfloat16"]
DLPACK_CODES = {
    "bool": (6, 8),
    "int8": (0, 8),
    "int16": (0, 16),
    "int32": (0, 32),
    "int64": (0, 64),
    "uint8": (1, 8),
    "uint16": (1, 16),
    "uint32": (1, 32),
    "uint64": (1, 64),
    "float16": (2, 16),
    "bfloat16": (4, 16),
    "float32": (2, 32),
    "float64": (2, 64),
    "complex64": (5, 64),
    "complex128": (5, 128),
}


def np_sample(dtype, shape=(2, 3)):
    n = int(np.prod(shape))
    values = np.arange(n) % 7 - 2
    if dtype.startswith("complex"):
        return (values + 0.5j * values).astype(dtype).reshape(shape)
    if dtype.startswith("uint"):
        values = np.abs(values)
    return values.astype(dtype).reshape(shape)


def np_view(a):
    """NumPy view of a pyarray array (buffer protocol; not for bfloat16)."""
    return np.asarray(a)


@pytest.fixture(autouse=True)
def no_leaked_exports():
    """Every test must leave no exported tensor alive."""
    gc.collect()
    before = xp._dlpack_live_exports()
    yield
    gc.collect()
    assert xp._dlpack_live_exports() == before


# ---------------------------------------------------------------------------
# Round trips, every dtype


@pytest.mark.parametrize("dtype", NUMPY_DTYPES)
def test_numpy_to_pyarray_every_dtype(dtype):
    x = np_sample(dtype)
    y = xp.from_dlpack(x)
    assert y.dtype == getattr(xp, dtype)
    assert y.shape == x.shape
    assert y.writeable
    np.testing.assert_array_equal(np_view(y), x)
    assert np.shares_memory(np_view(y), x)


@pytest.mark.parametrize("dtype", NUMPY_DTYPES)
def test_pyarray_to_numpy_every_dtype(dtype):
    a = xp.asarray(np_sample(dtype), copy=True)
    n = np.from_dlpack(a)
    assert n.dtype == np.dtype(dtype)
    assert n.flags.writeable
    np.testing.assert_array_equal(n, np_sample(dtype))
    assert np.shares_memory(n, np_view(a))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("max_version", [None, (1, 0)])
def test_own_capsule_round_trip_every_dtype(dtype, max_version):
    a = xp.astype(xp.asarray([[1.0, -2.0, 3.5], [0.0, 4.0, 1.0]]), getattr(xp, dtype))
    capsule = a.__dlpack__(max_version=max_version)
    t, shape, strides = tensor_fields(capsule)
    assert (t.dtype.code, t.dtype.bits, t.dtype.lanes) == (*DLPACK_CODES[dtype], 1)
    b = xp.from_dlpack(Producer(capsule))
    assert capsule_name(capsule).startswith("used_")
    assert b.dtype == a.dtype
    assert b.tolist() == a.tolist()
    # Legacy imports are read-only (see docs/dlpack.md); versioned ones keep writeability.
    assert b.writeable == (max_version is not None)


def test_bfloat16_values_survive_own_round_trip():
    a = xp.astype(xp.asarray([1.5, -2.0, 3.0, 0.0078125]), xp.bfloat16)
    b = xp.from_dlpack(Producer(a.__dlpack__(max_version=(1, 1))))
    assert b.tolist() == [1.5, -2.0, 3.0, 0.0078125]


def data_ptr(a):
    """Address of element [0, ...] of a pyarray array (any dtype), read from its capsule."""
    return managed(a.__dlpack__(max_version=(1, 0))).dl_tensor.data


@pytest.fixture(scope="module")
def jnp():
    jax = pytest.importorskip("jax")
    previous = jax.config.read("jax_enable_x64")
    jax.config.update("jax_enable_x64", True)
    yield pytest.importorskip("jax.numpy")
    jax.config.update("jax_enable_x64", previous)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_jax_round_trip_every_dtype(jnp, dtype):
    a = xp.astype(xp.asarray([[1.0, -2.0, 0.0], [3.5, 1.0, 4.0]]), getattr(xp, dtype))
    j = jnp.from_dlpack(a)  # JAX asks for a legacy capsule
    assert str(j.dtype) == dtype
    assert j.tolist() == a.tolist()
    assert j.unsafe_buffer_pointer() == data_ptr(a)  # zero-copy
    b = xp.from_dlpack(j)
    assert b.dtype == a.dtype
    assert b.tolist() == a.tolist()
    assert data_ptr(b) == j.unsafe_buffer_pointer()  # zero-copy
    assert not b.writeable  # JAX arrays are immutable (and JAX sends legacy capsules)


def test_jax_views_and_asarray(jnp):
    a = xp.asarray(np.arange(12.0).reshape(3, 4))
    assert jnp.from_dlpack(a.T).tolist() == a.T.tolist()  # JAX takes transpositions
    j = jnp.arange(6.0).reshape(2, 3)
    y = xp.asarray(j)  # no buffer protocol: goes through DLPack
    assert y.tolist() == j.tolist()
    assert data_ptr(y) == j.unsafe_buffer_pointer()
    assert xp.from_dlpack(j, copy=True).writeable


def test_torch_round_trip():
    torch = pytest.importorskip("torch")
    t = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    a = xp.from_dlpack(t)
    assert a.tolist() == t.tolist()
    assert data_ptr(a) == t.data_ptr()
    b = xp.asarray([[1, 2], [3, 4]], dtype=xp.int64)
    u = torch.from_dlpack(b)
    assert u.tolist() == b.tolist()
    assert u.data_ptr() == data_ptr(b)
    u[0, 0] = 10
    assert b.tolist()[0][0] == 10


# ---------------------------------------------------------------------------
# Layouts: views, 0-d, empty, many dimensions


def numpy_views():
    base = np.arange(60, dtype=np.float64).reshape(3, 4, 5)
    return {
        "step": base[:, :, ::2],
        "negative": base[::-1, :, ::-2],
        "transpose": base.T,
        "permuted": base.transpose(1, 0, 2)[:, 1:, 3:],
        "broadcast": np.broadcast_to(np.arange(5.0), (4, 3, 5)),
        "column": base[:, 1, :].T[::-1],
        "size1_odd_strides": np.ndarray(
            (10, 5, 1), dtype="f8", buffer=np.ones(1000, dtype=np.uint8), strides=(8, 80, 4)
        ),
    }


@pytest.mark.parametrize("name", list(numpy_views()))
def test_numpy_views_import_as_views(name):
    x = numpy_views()[name]
    y = xp.from_dlpack(x)
    assert y.shape == x.shape
    np.testing.assert_array_equal(np_view(y), x)
    assert np.shares_memory(np_view(y), x)
    if x.size > 1:
        expected = tuple(
            s // x.itemsize if d > 1 else ys
            for d, s, ys in zip(x.shape, x.strides, y._strides, strict=True)
        )
        assert y._strides == expected
    assert y.writeable == x.flags.writeable


def test_broadcast_import_is_read_only_and_reexports_zero_strides():
    x = np.broadcast_to(np.arange(3.0), (4, 3))
    y = xp.from_dlpack(x)
    assert not y.writeable
    assert y._strides == (0, 1)
    capsule = y.__dlpack__(max_version=(1, 0))
    m = managed(capsule)
    assert m.flags & READ_ONLY
    _, shape, strides = tensor_fields(capsule)
    assert (shape, strides) == ((4, 3), (0, 1))
    n = np.from_dlpack(Producer(capsule))
    assert not n.flags.writeable
    np.testing.assert_array_equal(n, x)
    with pytest.raises(BufferError):
        y.__dlpack__()


def pyarray_views():
    a = xp.asarray(np.arange(24, dtype=np.int32).reshape(4, 6))
    return {
        "step": a[:, ::2],
        "negative": a[::-1, ::-3],
        "transpose": a.T,
        "matrix_transpose": a.mT[1:, :],
        "row": a[2],
        "scalar_index": a[1, 2],
    }


@pytest.mark.parametrize("name", list(pyarray_views()))
def test_pyarray_views_export_as_views(name):
    v = pyarray_views()[name]
    expected = np_view(v)
    capsule = v.__dlpack__(max_version=(1, 0))
    t, shape, strides = tensor_fields(capsule)
    assert shape == v.shape
    assert strides == v._strides  # always filled, in elements
    assert t.byte_offset == 0
    assert t.data == expected.__array_interface__["data"][0]
    n = np.from_dlpack(v)
    np.testing.assert_array_equal(n, expected)
    assert np.shares_memory(n, expected)
    del capsule


@pytest.mark.parametrize("shape", [(), (0,), (2, 0, 3), (0, 0)])
@pytest.mark.parametrize("direction", ["np_to_xp", "xp_to_np"])
def test_zero_d_and_empty(shape, direction):
    x = np.full(shape, 4.5, dtype=np.float32)
    if direction == "np_to_xp":
        y = xp.from_dlpack(x)
        assert y.shape == shape
        np.testing.assert_array_equal(np_view(y), x)
    else:
        a = xp.asarray(x, copy=True)
        n = np.from_dlpack(a)
        assert n.shape == shape
        np.testing.assert_array_equal(n, x)


def test_zero_d_capsule_fields():
    capsule = xp.asarray(3).__dlpack__(max_version=(1, 0))
    t = managed(capsule).dl_tensor
    assert t.ndim == 0
    assert t.data is not None


@pytest.mark.parametrize("ndim", range(33))
def test_many_dimensions_both_ways(ndim):
    shape = tuple(2 if i % 8 == 0 else 1 for i in range(ndim))
    x = np.arange(int(np.prod(shape)), dtype=np.int16).reshape(shape)
    y = xp.from_dlpack(x)
    assert y.shape == shape
    np.testing.assert_array_equal(np_view(y), x)
    n = np.from_dlpack(y)
    assert n.shape == shape
    np.testing.assert_array_equal(n, x)
    assert np.shares_memory(n, x)


# ---------------------------------------------------------------------------
# Memory sharing and writes


def test_writes_visible_both_ways_numpy_producer():
    x = np.zeros(5)
    y = xp.from_dlpack(x)
    y[1] = 7.0
    assert x[1] == 7.0
    x[2] = -3.0
    assert y.tolist()[2] == -3.0


def test_writes_visible_both_ways_pyarray_producer():
    a = xp.zeros((2, 3), dtype=xp.int64)
    n = np.from_dlpack(a)
    n[1, 2] = 9
    assert a.tolist()[1][2] == 9
    a[0, 0] = 4
    assert n[0, 0] == 4


def test_read_only_numpy_imports_read_only():
    x = np.arange(4.0)
    x.flags.writeable = False
    y = xp.from_dlpack(x)
    assert not y.writeable
    with pytest.raises(ValueError, match="read-only"):
        y[0] = 1.0
    # A copy is ours to write.
    z = xp.from_dlpack(x, copy=True)
    assert z.writeable
    z[0] = 1.0
    assert x[0] == 0.0


def test_legacy_producer_imports_read_only():
    x = np.arange(5)
    before = sys.getrefcount(x)
    y = xp.from_dlpack(LegacyOnly(x))
    assert not y.writeable
    np.testing.assert_array_equal(np_view(y), x)
    assert np.shares_memory(np_view(y), x)
    assert sys.getrefcount(x) == before + 1
    del y
    gc.collect()
    assert sys.getrefcount(x) == before


# ---------------------------------------------------------------------------
# Capsules, versions, flags, reference counts


@pytest.mark.parametrize(
    "max_version, name",
    [
        (None, "dltensor"),
        ((0, 0), "dltensor"),
        ((0, 8), "dltensor"),
        ((1, 0), "dltensor_versioned"),
        ((1, 1), "dltensor_versioned"),
        ((2, 0), "dltensor_versioned"),
        ((100, 3), "dltensor_versioned"),
    ],
)
def test_capsule_name_and_version(max_version, name):
    a = xp.asarray([1.0, 2.0])
    capsule = a.__dlpack__(max_version=max_version)
    assert capsule_name(capsule) == name
    m = managed(capsule)
    assert m.deleter  # never NULL
    if name == "dltensor_versioned":
        assert (m.major, m.minor) == (1, 1)
        assert m.flags == 0
    t = m.dl_tensor
    assert (t.device.device_type, t.device.device_id) == (1, 0)


def test_flags_read_only_and_is_copied():
    ro = xp.from_dlpack(np.broadcast_to(np.arange(3), (2, 3)))
    assert managed(ro.__dlpack__(max_version=(1, 0))).flags == READ_ONLY
    copied = ro.__dlpack__(max_version=(1, 0), copy=True)
    m = managed(copied)
    assert m.flags == IS_COPIED  # a fresh copy is writeable
    _, shape, strides = tensor_fields(copied)
    assert (shape, strides) == ((2, 3), (3, 1))
    assert m.dl_tensor.data != np_view(ro).__array_interface__["data"][0]
    # copy=True also lifts the legacy read-only restriction (the copy is writeable).
    assert capsule_name(ro.__dlpack__(copy=True)) == "dltensor"


def test_copy_false_never_copies():
    a = xp.asarray([1, 2, 3])
    t = managed(a.__dlpack__(max_version=(1, 0), copy=False))
    assert t.flags == 0
    assert t.dl_tensor.data == np_view(a).__array_interface__["data"][0]


@pytest.mark.parametrize("max_version", [None, (0, 0), (1, 0), (2, 0), (100, 3)])
def test_export_refcount_and_lifetime(max_version):
    x = xp.asarray([1.0, 2.0, 3.0])
    base_live = xp._dlpack_live_exports()
    start = sys.getrefcount(x)
    capsule = x.__dlpack__(max_version=max_version)
    # The capsule keeps the memory (shared storage) alive, not the Python object.
    assert sys.getrefcount(x) == start
    assert xp._dlpack_live_exports() == base_live + 1
    del capsule
    assert sys.getrefcount(x) == start
    assert xp._dlpack_live_exports() == base_live


@pytest.mark.parametrize("max_version", [None, (0, 0), (1, 0), (2, 0), (100, 3)])
def test_import_refcount_numpy_producer(max_version):
    x = np.arange(5.0)
    start = sys.getrefcount(x)
    producer = Producer(x.__dlpack__(max_version=max_version))
    assert sys.getrefcount(x) == start + 1  # NumPy's capsule holds x
    y = xp.from_dlpack(producer)
    del producer
    gc.collect()
    assert sys.getrefcount(x) == start + 1  # now our array holds NumPy's tensor
    del y
    gc.collect()
    assert sys.getrefcount(x) == start  # deleter ran exactly once


def test_dunder_dlpack_device():
    a = xp.asarray([1])
    device = a.__dlpack_device__()
    assert device == (1, 0)
    assert device[0] is DLDeviceType.CPU
    assert isinstance(device[0], int)
    assert DLDeviceType.CUDA == 2 and DLDeviceType.ONE_API == 14


def test_signatures():
    sig = inspect.signature(xp.from_dlpack)
    kinds = {p.name: p.kind for p in sig.parameters.values()}
    assert kinds == {
        "x": inspect.Parameter.POSITIONAL_ONLY,
        "device": inspect.Parameter.KEYWORD_ONLY,
        "copy": inspect.Parameter.KEYWORD_ONLY,
    }
    sig = inspect.signature(xp.Array.__dlpack__)
    names = [p.name for p in sig.parameters.values() if p.kind == p.KEYWORD_ONLY]
    assert names == ["stream", "max_version", "dl_device", "copy"]


# ---------------------------------------------------------------------------
# Lifetimes


def test_numpy_producer_deleted_before_consumer():
    x = np.arange(100_000, dtype=np.float64)
    y = xp.from_dlpack(x)
    del x
    gc.collect()
    np.testing.assert_array_equal(np_view(y), np.arange(100_000, dtype=np.float64))


def test_pyarray_producer_deleted_before_consumer():
    a = xp.asarray(np.arange(100_000, dtype=np.int64), copy=True)
    base_live = xp._dlpack_live_exports()
    n = np.from_dlpack(a)
    del a
    gc.collect()
    assert xp._dlpack_live_exports() == base_live + 1
    np.testing.assert_array_equal(n, np.arange(100_000))
    del n
    gc.collect()
    assert xp._dlpack_live_exports() == base_live


def test_consumer_deleted_before_producer():
    a = xp.asarray([1, 2, 3], copy=True)
    n = np.from_dlpack(a)
    del n
    gc.collect()
    assert a.tolist() == [1, 2, 3]
    x = np.arange(3)
    y = xp.from_dlpack(x)
    del y
    assert x.tolist() == [0, 1, 2]


def test_unconsumed_capsules_free_themselves():
    base_live = xp._dlpack_live_exports()
    a = xp.asarray(np.arange(10.0))
    capsules = [a.__dlpack__(max_version=v) for v in (None, (1, 0)) * 50]
    assert xp._dlpack_live_exports() == base_live + 100
    del capsules
    assert xp._dlpack_live_exports() == base_live


def _raise_with_capsule(a, max_version):
    _capsule = a.__dlpack__(max_version=max_version)  # noqa: F841
    raise RuntimeError("boom")


@pytest.mark.parametrize("max_version", [None, (1, 0)])
def test_capsule_dropped_during_exception(max_version):
    with pytest.raises(RuntimeError):
        _raise_with_capsule(xp.asarray([1.0]), max_version)


def test_deleter_runs_without_the_gil_on_another_thread():
    """A consumer may call our deleter from any thread, without the GIL.

    ctypes releases the GIL around calls through CFUNCTYPE pointers.
    """
    base_live = xp._dlpack_live_exports()
    a = xp.asarray(np.arange(1000.0))
    capsule = a.__dlpack__(max_version=(1, 0))
    m = managed(capsule)
    address = ctypes.addressof(m)
    deleter = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(m.deleter)
    assert pythonapi.PyCapsule_SetName(capsule, USED_VERSIONED) == 0  # consumed
    thread = threading.Thread(target=deleter, args=(address,))
    thread.start()
    thread.join()
    assert xp._dlpack_live_exports() == base_live
    del capsule  # renamed: its destructor must not free again
    assert xp._dlpack_live_exports() == base_live


def _rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def test_100k_round_trips_do_not_leak():
    x = np.arange(64, dtype=np.float32)
    a = xp.asarray(x, copy=True)

    def run(n):
        for _ in range(n):
            y = xp.from_dlpack(x)
            z = np.from_dlpack(y)
            w = np.from_dlpack(a)
            v = xp.from_dlpack(Forward(w))
            del y, z, w, v

    run(5_000)  # warm up allocator caches
    gc.collect()
    before = _rss_bytes()
    run(100_000)
    gc.collect()
    growth = _rss_bytes() - before
    assert growth < 4 * 2**20, f"RSS grew by {growth / 2**20:.1f} MiB"


def test_eight_threads_round_trip():
    errors = []
    barrier = threading.Barrier(8)

    def work(seed):
        try:
            x = np.arange(seed, seed + 50, dtype=np.int64)
            barrier.wait()
            for _ in range(2_000):
                y = xp.from_dlpack(x)
                n = np.from_dlpack(y)
                z = xp.from_dlpack(Forward(n))
                assert n[0] == seed and z.shape == (50,)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i * 100,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_capsules_alive_at_interpreter_exit():
    code = textwrap.dedent(
        """
        import numpy as np, pyarray as xp
        a = xp.asarray(np.arange(10.0))
        KEEP = [a.__dlpack__(), a.__dlpack__(max_version=(1, 0)), np.from_dlpack(a),
                xp.from_dlpack(np.arange(5))]
        print("ok")
        """
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


# ---------------------------------------------------------------------------
# copy and device


def test_from_dlpack_copy_modes():
    x = np.arange(5)
    assert np.shares_memory(np_view(xp.from_dlpack(x)), x)
    assert np.shares_memory(np_view(xp.from_dlpack(x, copy=False)), x)
    y = xp.from_dlpack(x, copy=True)
    assert not np.shares_memory(np_view(y), x)
    np.testing.assert_array_equal(np_view(y), x)


def test_from_dlpack_forwards_arguments():
    f = Forward(np.arange(3))
    xp.from_dlpack(f)
    assert f.calls[-1] == {"max_version": (1, 1)}
    xp.from_dlpack(f, device=xp.CPU_DEVICE, copy=False)
    assert f.calls[-1] == {"max_version": (1, 1), "dl_device": (1, 0), "copy": False}
    xp.from_dlpack(f, device="cpu", copy=True)
    assert f.calls[-1]["copy"] is True


def test_is_copied_import_is_not_copied_again():
    a = xp.asarray([1.0, 2.0, 3.0])
    capsule = a.__dlpack__(max_version=(1, 0), copy=True)
    data = managed(capsule).dl_tensor.data
    b = xp.from_dlpack(Producer(capsule), copy=True)
    assert np_view(b).__array_interface__["data"][0] == data


def test_pyarray_input_to_from_dlpack():
    a = xp.asarray([1, 2, 3])
    assert np.shares_memory(np_view(xp.from_dlpack(a)), np_view(a))
    assert not np.shares_memory(np_view(xp.from_dlpack(a, copy=True)), np_view(a))


def test_numpy_consumer_copy_and_device():
    a = xp.asarray([1.0, 2.0])
    assert not np.shares_memory(np.from_dlpack(a, copy=True), np_view(a))
    assert np.shares_memory(np.from_dlpack(a, device="cpu"), np_view(a))


def test_misaligned_data_is_copied_unless_copy_false():
    raw = bytearray(8 * 5 + 1)
    x = np.frombuffer(raw, dtype=np.float64, offset=1, count=5)
    x[:] = [1.0, 2.0, 3.0, 4.0, 5.0]
    assert not x.flags.aligned
    y = xp.from_dlpack(x)
    np.testing.assert_array_equal(np_view(y), x)
    assert not np.shares_memory(np_view(y), x)
    with pytest.raises(BufferError, match="aligned"):
        xp.from_dlpack(x, copy=False)


# ---------------------------------------------------------------------------
# asarray of DLPack producers


def test_asarray_uses_dlpack_when_no_buffer():
    x = np.arange(6.0).reshape(2, 3)
    f = Forward(x)
    y = xp.asarray(f)
    assert f.calls  # went through __dlpack__
    assert np.shares_memory(np_view(y), x)
    z = xp.asarray(Forward(x), copy=True)
    assert not np.shares_memory(np_view(z), x)
    w = xp.asarray(Forward(x), dtype=xp.float32)
    assert w.dtype == xp.float32


# ---------------------------------------------------------------------------
# Errors


def test_export_argument_errors():
    a = xp.asarray([1, 2])
    for kwargs in [
        {"max_version": "1.0"},
        {"max_version": (1,)},
        {"max_version": [1, 0]},
        {"dl_device": "cpu"},
        {"dl_device": (1,)},
        {"copy": "yes"},
        {"copy": np.array([1, 2, 3])},
        {"unknown": 1},
    ]:
        with pytest.raises(TypeError):
            a.__dlpack__(**kwargs)
    with pytest.raises(TypeError):
        a.__dlpack__(None)  # keyword-only


def test_export_stream_rejected():
    a = xp.asarray([1, 2])
    a.__dlpack__(stream=None)
    for stream in (0, 1, 2, -1):
        with pytest.raises(ValueError, match="stream"):
            a.__dlpack__(stream=stream)


@pytest.mark.parametrize("dl_device", [(2, 0), (1, 1), (3, 0), (DLDeviceType.CUDA, 0)])
def test_export_bad_dl_device(dl_device):
    with pytest.raises(BufferError):
        xp.asarray([1]).__dlpack__(dl_device=dl_device)


def test_export_good_dl_device():
    a = xp.asarray([1])
    for d in [(1, 0), (DLDeviceType.CPU, 0), None]:
        assert capsule_name(a.__dlpack__(dl_device=d, max_version=(1, 0))) == "dltensor_versioned"


@pytest.mark.parametrize("max_version", [None, (0, 0)])
def test_read_only_legacy_export_rejected(max_version):
    ro = xp.from_dlpack(np.broadcast_to(np.arange(3), (2, 3)))
    with pytest.raises(BufferError, match="read-only"):
        ro.__dlpack__(max_version=max_version)


def test_import_device_errors():
    x = np.arange(3)
    for device in ["gpu", "cuda", 0, (1, 0)]:
        with pytest.raises(ValueError):
            xp.from_dlpack(x, device=device)


def test_import_producer_errors():
    class Raising:
        def __init__(self, exc):
            self.exc = exc

        def __dlpack__(self, **kwargs):
            raise self.exc

        def __dlpack_device__(self):
            return (1, 0)

    with pytest.raises(RuntimeError, match="nope"):
        xp.from_dlpack(Raising(RuntimeError("nope")))
    with pytest.raises(BufferError, match="unsupported"):
        xp.from_dlpack(Raising(BufferError("unsupported")))
    with pytest.raises(TypeError, match="twice"):
        xp.from_dlpack(Raising(TypeError("twice")))  # legacy retry fails too
    with pytest.raises(AttributeError):
        xp.from_dlpack(object())
    with pytest.raises(TypeError, match="PyCapsule"):
        xp.from_dlpack(Producer(42))


def test_import_rejects_used_and_foreign_capsules():
    capsule = np.arange(3).__dlpack__(max_version=(1, 0))
    xp.from_dlpack(Producer(capsule))
    with pytest.raises(BufferError, match="consumed"):
        xp.from_dlpack(Producer(capsule))
    # A capsule that is not a DLPack tensor.
    import _datetime

    with pytest.raises(BufferError, match="not a DLPack tensor"):
        xp.from_dlpack(Producer(_datetime.datetime_CAPI))


@pytest.mark.parametrize(
    "x",
    [
        np.asarray(np.datetime64("2021-05-27")),
        np.arange(3).astype(">i8"),
        np.zeros(3, dtype=np.longdouble) if np.dtype(np.longdouble).itemsize > 8 else None,
    ],
)
def test_numpy_refuses_what_it_cannot_export(x):
    if x is None:
        pytest.skip("longdouble is float64 here")
    with pytest.raises(BufferError):
        xp.from_dlpack(x)


def test_failed_import_leaves_capsule_to_free_itself():
    a = xp.asarray([1.0, 2.0])
    base_live = xp._dlpack_live_exports()
    capsule = a.__dlpack__(max_version=(1, 0))
    m = managed(capsule)
    m.dl_tensor.device.device_type = 2  # pretend CUDA
    with pytest.raises(BufferError, match="device"):
        xp.from_dlpack(Producer(capsule))
    assert capsule_name(capsule) == "dltensor_versioned"
    del capsule, m
    gc.collect()
    assert xp._dlpack_live_exports() == base_live


# ---------------------------------------------------------------------------
# Malformed capsules built with ctypes, in a subprocess (a crash fails the test)

FUZZ_SCRIPT = r"""
import ctypes, gc, random, sys

import pyarray as xp

sys.path.insert(0, sys.argv[1])
from dlpack_abi import DLManagedTensor, DLManagedTensorVersioned

api = ctypes.pythonapi
api.PyCapsule_New.restype = ctypes.py_object
api.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
api.PyCapsule_GetName.restype = ctypes.c_char_p
api.PyCapsule_GetName.argtypes = [ctypes.py_object]
# Capsules keep the name pointer: keep the names alive.
NAMES = {
    n: ctypes.c_char_p(n) for n in [b"dltensor", b"dltensor_versioned", b"foo", b"used_dltensor"]
}
DELETED = []
DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(DELETED.append)
KEEP = []


def make(name=b"dltensor_versioned", versioned=True, ndim=2, shape=(2, 3), strides=None,
         code=2, bits=64, lanes=1, device=1, data=True, byte_offset=0, major=1,
         deleter=True, null_shape=False):
    buf = (ctypes.c_double * 16)(*range(16))
    shp = (ctypes.c_int64 * max(len(shape), 1))(*shape)
    st = None if strides is None else (ctypes.c_int64 * len(strides))(*strides)
    m = (DLManagedTensorVersioned if versioned else DLManagedTensor)()
    t = m.dl_tensor
    t.data = ctypes.addressof(buf) if data else None
    t.device.device_type, t.device.device_id = device, 0
    t.ndim = ndim
    t.dtype.code, t.dtype.bits, t.dtype.lanes = code, bits, lanes
    if not null_shape:
        t.shape = ctypes.cast(shp, ctypes.POINTER(ctypes.c_int64))
    if st is not None:
        t.strides = ctypes.cast(st, ctypes.POINTER(ctypes.c_int64))
    t.byte_offset = byte_offset
    if versioned:
        m.major, m.minor = major, 0
    m.deleter = ctypes.cast(DELETER, ctypes.c_void_p).value if deleter else None
    KEEP.append((buf, shp, st, m))
    name_ptr = NAMES[name] if name is not None else None
    return api.PyCapsule_New(ctypes.addressof(m), name_ptr, None), ctypes.addressof(m)


class P:
    def __init__(self, c):
        self.c = c

    def __dlpack__(self, **kw):
        return self.c


def expect_error(**kw):
    capsule, addr = make(**kw)
    try:
        xp.from_dlpack(P(capsule))
    except BufferError:
        pass
    else:
        raise AssertionError(f"accepted {kw}")
    name = kw.get("name", b"dltensor_versioned")
    if name in (b"dltensor", b"dltensor_versioned"):
        assert api.PyCapsule_GetName(capsule) == name, kw  # not consumed
    assert addr not in DELETED, kw


# Each rejection.
expect_error(name=b"foo")
expect_error(name=b"used_dltensor")
expect_error(name=None)
for ndim in [-1, 65, 1000, 2**31 - 1]:
    expect_error(ndim=ndim)
for code, bits, lanes in [(2, 8, 1), (3, 64, 1), (7, 8, 1), (17, 4, 1), (255, 64, 1),
                          (2, 64, 4), (2, 64, 0), (6, 1, 1), (4, 32, 1)]:
    expect_error(code=code, bits=bits, lanes=lanes)
for device in [0, 2, 4, 10, 14, 99, -1]:
    expect_error(device=device)
expect_error(null_shape=True)
expect_error(data=False)
expect_error(shape=(-1, 3))
expect_error(shape=(2**62, 2**62))
expect_error(strides=(2**62, 1))
expect_error(strides=(-(2**62), 1))
expect_error(byte_offset=2**64 - 8)
expect_error(major=0)
expect_error(major=2)
expect_error(versioned=False, name=b"dltensor", device=2)

# Valid capsules: accepted, renamed, deleter called exactly once when the array dies.
for versioned, name in [(True, b"dltensor_versioned"), (False, b"dltensor")]:
    capsule, addr = make(name=name, versioned=versioned, strides=(1, 2), byte_offset=8)
    a = xp.from_dlpack(P(capsule))
    assert a.tolist() == [[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]], a.tolist()
    assert api.PyCapsule_GetName(capsule) == b"used_" + name
    assert DELETED.count(addr) == 0
    b = a[1:]
    del a
    gc.collect()
    assert DELETED.count(addr) == 0  # a view is still alive
    del b
    gc.collect()
    assert DELETED.count(addr) == 1

# A NULL deleter is legal (dlpack.h): accepted, nothing to call.
capsule, addr = make(deleter=False)
assert xp.from_dlpack(P(capsule)).shape == (2, 3)
# Empty tensor with NULL data; 0-d tensor with NULL shape.
capsule, addr = make(shape=(0, 3), data=False)
assert xp.from_dlpack(P(capsule)).shape == (0, 3)
capsule, addr = make(ndim=0, shape=(), null_shape=True)
assert xp.from_dlpack(P(capsule)).tolist() == 0.0

# Random combinations of the validated fields (the memory itself is always valid):
# start from a valid tensor and change each field with probability 0.15.
rng = random.Random(1234)
CHOICES = dict(
    name=[b"dltensor", b"dltensor_versioned", b"foo", None],
    versioned=[True, False],
    ndim=[0, 1, 2, -5, 70, 2**31 - 1],
    code=[0, 1, 2, 4, 5, 6, 9, 200],
    bits=[8, 16, 32, 64, 128, 0, 255],
    lanes=[1, 2, 0, 65535],
    device=[1, 2, 3, 13, 0, -7],
    data=[True, False],
    major=[1, 0, 2, 2**32 - 1],
    deleter=[True, False],
    null_shape=[False, True],
)
VALID = dict(name=b"dltensor_versioned", versioned=True, ndim=2, code=2, bits=64, lanes=1,
             device=1, data=True, major=1, deleter=True, null_shape=False)
accepted = 0
for _ in range(3000):
    kw = {k: rng.choice(CHOICES[k]) if rng.random() < 0.15 else v for k, v in VALID.items()}
    kw["shape"] = (2, 3)[: kw["ndim"]] if 0 <= kw["ndim"] <= 2 else (1, 1)
    capsule, addr = make(**kw)
    try:
        a = xp.from_dlpack(P(capsule))
    except BufferError:
        assert addr not in DELETED
        continue
    assert a.size <= 6 and a.ndim == kw["ndim"]
    a.tolist()
    accepted += 1
    del a
assert 300 < accepted < 2700, accepted  # both outcomes well exercised
print("fuzz ok", accepted, len(DELETED))
"""


def test_malformed_capsules_never_crash(tmp_path):
    script = tmp_path / "fuzz.py"
    script.write_text(FUZZ_SCRIPT)
    here = os.path.dirname(os.path.abspath(__file__))
    r = subprocess.run(
        [sys.executable, str(script), here], capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "fuzz ok" in r.stdout
