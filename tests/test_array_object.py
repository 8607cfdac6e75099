"""The Array object: attributes, namespace, device, Python conversions,
len/iteration, tolist, repr/str, hashing, module attributes and constants."""

import math
import operator
import re

import numpy as np
import pytest
from conftest import (
    ALL_NAMES,
    INTEGER_NAMES,
    NUMPY_NAMES,
    arrays_and_numpy,
    assert_equal,
    bf16_round,
    from_numpy,
    sample_array,
    xdt,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

# ---------------------------------------------------------------------------
# attributes


@settings(max_examples=80)
@given(arrays_and_numpy())
def test_attributes(x_a_name):
    x, a, name = x_a_name
    assert x.dtype == xdt(name)
    assert x.ndim == a.ndim and isinstance(x.ndim, int)
    assert x.shape == a.shape and type(x.shape) is tuple
    assert all(type(d) is int for d in x.shape)
    assert x.size == a.size and isinstance(x.size, int)
    assert x.device == xp.CPU_DEVICE


def test_device_object():
    x = xp.asarray([1, 2])
    d = x.device
    assert d == xp.asarray(1.0).device
    assert "cpu" in repr(d).lower()
    assert hash(d) == hash(xp.CPU_DEVICE)


@settings(max_examples=60)
@given(arrays_and_numpy(shape=hnp.array_shapes(min_dims=2, max_dims=2, min_side=0, max_side=5)))
def test_T_two_dimensional(x_a_name):
    x, a, name = x_a_name
    assert_equal(x.T, a.T, dtype=name)


def test_T_is_a_view():
    x = xp.asarray([[1, 2, 3], [4, 5, 6]])
    t = x.T
    t[2, 0] = 30
    assert x.tolist() == [[1, 2, 30], [4, 5, 6]]


@pytest.mark.parametrize("shape", [(), (3,), (2, 3, 4), (1, 1, 1, 1)])
def test_T_not_two_dimensional_raises(shape):
    with pytest.raises(ValueError):
        _ = xp.zeros(shape).T


@settings(max_examples=60)
@given(arrays_and_numpy(shape=hnp.array_shapes(min_dims=2, max_dims=4, min_side=0, max_side=4)))
def test_mT(x_a_name):
    x, a, name = x_a_name
    assert_equal(x.mT, np.swapaxes(a, -1, -2), dtype=name)


@pytest.mark.parametrize("shape", [(), (3,)])
def test_mT_needs_two_dimensions(shape):
    with pytest.raises(ValueError):
        _ = xp.zeros(shape).mT


def test_mT_is_a_view():
    x = xp.zeros((2, 2, 3))
    x.mT[1, 2, 0] = 5.0
    assert x.tolist()[1][0][2] == 5.0


# ---------------------------------------------------------------------------
# __array_namespace__, to_device


def test_array_namespace_default():
    x = xp.asarray([1])
    assert x.__array_namespace__() is xp
    assert x.__array_namespace__(api_version=None) is xp


@pytest.mark.parametrize("version", ["2021.12", "2022.12", "2023.12", "2024.12", "2025.12"])
def test_array_namespace_known_versions(version):
    assert xp.asarray([1]).__array_namespace__(api_version=version) is xp


@pytest.mark.parametrize("version", ["2020.10", "2026.12", "2025.13", "foo", "", "2025.12 "])
def test_array_namespace_unknown_version(version):
    with pytest.raises(ValueError):
        xp.asarray([1]).__array_namespace__(api_version=version)


def test_to_device():
    x = xp.asarray([1.0, 2.0])
    for dev in (x.device, xp.CPU_DEVICE):
        y = x.to_device(dev)
        assert_equal(y, np.array([1.0, 2.0]))
        assert y.device == x.device
    with pytest.raises(ValueError):
        x.to_device("gpu")
    with pytest.raises(ValueError):
        x.to_device(object())


# ---------------------------------------------------------------------------
# __bool__, __int__, __float__, __complex__, __index__


@pytest.mark.parametrize(
    "value, dtype, expected",
    [
        (True, "bool", True),
        (False, "bool", False),
        (0, "int8", False),
        (-3, "int64", True),
        (0, "uint64", False),
        (0.0, "float64", False),
        (-0.0, "float64", False),
        (0.5, "float32", True),
        (math.nan, "float64", True),
        (math.inf, "float64", True),
        (-math.inf, "float16", True),
        (0j, "complex128", False),
        (complex(-0.0, -0.0), "complex64", False),
        (complex(0, math.nan), "complex128", True),
        (complex(0, 1), "complex64", True),
        (1.0, "bfloat16", True),
    ],
)
def test_bool(value, dtype, expected):
    b = bool(xp.asarray(value, dtype=xdt(dtype)))
    assert type(b) is bool and b is expected


@pytest.mark.parametrize("shape", [(2,), (2, 3), (0,)])
def test_bool_needs_one_element(shape):
    with pytest.raises((TypeError, ValueError)):
        bool(xp.zeros(shape))


@pytest.mark.parametrize(
    "value, dtype, expected",
    [
        (True, "bool", 1),
        (False, "bool", 0),
        (-128, "int8", -128),
        (2**63 - 1, "int64", 2**63 - 1),
        (2**64 - 1, "uint64", 2**64 - 1),
        (1.9, "float64", 1),
        (-1.9, "float64", -1),
        (-0.0, "float64", 0),
        (2.5, "float16", 2),
        (3.5, "bfloat16", 3),
        (1e20, "float64", 10**20),
    ],
)
def test_int(value, dtype, expected):
    r = int(xp.asarray(value, dtype=xdt(dtype)))
    assert type(r) is int and r == expected


def test_int_special_cases():
    with pytest.raises(ValueError):
        int(xp.asarray(math.nan))
    with pytest.raises(OverflowError):
        int(xp.asarray(math.inf))
    with pytest.raises(OverflowError):
        int(xp.asarray(-math.inf, dtype=xp.float32))
    with pytest.raises(TypeError):
        int(xp.asarray(1 + 0j))


@pytest.mark.parametrize(
    "value, dtype, expected",
    [
        (True, "bool", 1.0),
        (False, "bool", 0.0),
        (7, "int16", 7.0),
        (2**64 - 1, "uint64", float(2**64 - 1)),
        (0.1, "float32", float(np.float32(0.1))),
        (0.1, "float64", 0.1),
        (1 / 3, "float16", float(np.float16(1 / 3))),
        (1 / 3, "bfloat16", float(bf16_round(np.float32(1 / 3)))),
        (-math.inf, "float64", -math.inf),
    ],
)
def test_float(value, dtype, expected):
    r = float(xp.asarray(value, dtype=xdt(dtype)))
    assert type(r) is float and r == expected


def test_float_nan_and_complex():
    assert math.isnan(float(xp.asarray(math.nan)))
    with pytest.raises(TypeError):
        float(xp.asarray(1j))
    with pytest.raises(TypeError):
        float(xp.asarray(0j, dtype=xp.complex64))


@pytest.mark.parametrize(
    "value, dtype, expected",
    [
        (True, "bool", 1 + 0j),
        (False, "bool", 0j),
        (3, "int32", 3 + 0j),
        (2.5, "float64", 2.5 + 0j),
        (math.inf, "float64", complex(math.inf, 0)),
        (-math.inf, "float32", complex(-math.inf, 0)),
        (1 - 2j, "complex128", 1 - 2j),
        (0.5 + 0.25j, "complex64", 0.5 + 0.25j),
    ],
)
def test_complex(value, dtype, expected):
    r = complex(xp.asarray(value, dtype=xdt(dtype)))
    assert type(r) is complex and r == expected


def test_complex_of_nan_is_nan_nan():
    # the standard: "If self is NaN, the result is NaN + NaN j"
    r = complex(xp.asarray(math.nan))
    assert math.isnan(r.real) and math.isnan(r.imag)


@pytest.mark.parametrize("name", INTEGER_NAMES)
def test_index_integer_0d(name):
    x = xp.asarray(5, dtype=xdt(name))
    assert operator.index(x) == 5
    assert type(x.__index__()) is int
    assert [10, 20, 30, 40, 50, 60][x] == 60
    assert list(range(10))[xp.asarray(2, dtype=xdt(name)) : x] == [2, 3, 4]


@pytest.mark.parametrize(
    "x",
    [
        xp.asarray(1.0),
        xp.asarray(1.0, dtype=xp.float16),
        xp.asarray(True),
        xp.asarray(1j),
        xp.asarray([3]),
        xp.asarray([[3]]),
        xp.asarray([1, 2]),
    ],
    ids=["float64", "float16", "bool", "complex", "1-d one element", "2-d one element", "1-d"],
)
def test_index_rejects(x):
    with pytest.raises(TypeError):
        operator.index(x)


@pytest.mark.parametrize("conv", [int, float, complex])
@pytest.mark.parametrize("shape", [(2,), (2, 2), (0,)])
def test_conversions_need_one_element(conv, shape):
    with pytest.raises((TypeError, ValueError)):
        conv(xp.zeros(shape))


# ---------------------------------------------------------------------------
# __len__ and iteration


@settings(max_examples=60)
@given(arrays_and_numpy(shape=hnp.array_shapes(min_dims=1, max_dims=4, min_side=0, max_side=4)))
def test_len_and_iteration(x_a_name):
    x, a, name = x_a_name
    assert len(x) == len(a)
    items = list(x)
    assert len(items) == len(a)
    for item, expected in zip(items, a, strict=True):
        assert_equal(item, np.asarray(expected), dtype=name)


def test_iteration_yields_views():
    x = xp.asarray([[1, 2], [3, 4]])
    for row in x:
        row[0] = 0
    assert x.tolist() == [[0, 2], [0, 4]]


def test_iteration_1d_gives_0d_arrays():
    items = list(xp.asarray([1.5, 2.5]))
    assert all(isinstance(i, xp.Array) and i.shape == () for i in items)
    assert [float(i) for i in items] == [1.5, 2.5]


def test_len_and_iter_0d():
    with pytest.raises(TypeError):
        len(xp.asarray(1))
    with pytest.raises(TypeError):
        iter(xp.asarray(1))


# ---------------------------------------------------------------------------
# tolist


@settings(max_examples=100)
@given(
    name=st.sampled_from(NUMPY_NAMES),
    shape=hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4),
)
def test_tolist_matches_numpy(name, shape):
    a = sample_array(name, shape)
    got = xp.asarray(a).tolist()
    expected = a.tolist()
    assert got == expected

    def types(o):
        return [types(i) for i in o] if isinstance(o, list) else type(o)

    assert types(got) == types(expected)


def test_tolist_special_values():
    a = np.array([math.nan, math.inf, -0.0])
    got = xp.asarray(a).tolist()
    assert math.isnan(got[0]) and got[1] == math.inf and math.copysign(1, got[2]) == -1
    assert xp.asarray([2**64 - 1], dtype=xp.uint64).tolist() == [2**64 - 1]
    assert xp.asarray([-(2**63)], dtype=xp.int64).tolist() == [-(2**63)]


def test_tolist_bfloat16():
    x = xp.asarray([1.0, 2.5, 1 / 3], dtype=xp.bfloat16)
    got = x.tolist()
    assert all(type(v) is float for v in got)
    assert got == bf16_round(np.array([1.0, 2.5, 1 / 3], dtype=np.float32)).tolist()


def test_tolist_of_views():
    a = np.arange(24).reshape(2, 3, 4)
    x = xp.asarray(a)
    assert x[:, ::-1, 1::2].tolist() == a[:, ::-1, 1::2].tolist()
    assert x.mT.tolist() == np.swapaxes(a, -1, -2).tolist()


# ---------------------------------------------------------------------------
# repr / str


def numpy_style_repr(a, name=None):
    """NumPy's repr with 'array(' -> 'Array(' and the dtype always shown.

    NumPy 2 also appends ``shape=`` to summarized arrays; that part is not
    required (it is kept for empty arrays, where it disambiguates).
    """
    r = np.array_repr(a)
    if a.size:
        r = re.sub(r",\s*shape=\([0-9, ]*\)", "", r)
    assert r.startswith("array(")
    r = "Array(" + r[len("array(") :]
    if "dtype=" not in r:
        r = r[:-1] + f", dtype={name or a.dtype.name})"
    return r


def test_repr_examples_from_the_issue():
    assert repr(xp.asarray([1, 2, 3])) == "Array([1, 2, 3], dtype=int64)"
    assert str(xp.asarray([1, 2, 3])) == "[1 2 3]"
    assert repr(xp.asarray([1, 2], dtype=xp.int8)) == "Array([1, 2], dtype=int8)"
    assert repr(xp.asarray(5)) == "Array(5, dtype=int64)"
    assert repr(xp.asarray([[0, 1], [2, 3]])) == "Array([[0, 1],\n       [2, 3]], dtype=int64)"


INT_REPR_CASES = [
    np.array([1, 2, 3]),
    np.array(7),
    np.array([-1, 100, 5], dtype=np.int8),
    np.array([1, 2], dtype=np.uint64),
    np.arange(12).reshape(3, 4),
    np.arange(24).reshape(2, 3, 4),
    np.array([True, False]),
    np.array([[True], [False]]),
    np.arange(2000),
    np.arange(3000).reshape(30, 100),
    np.ones((40, 40), dtype=np.int8),
    np.arange(1001, dtype=np.uint16),
    np.arange(30),
    np.arange(60, dtype=np.int8),
    np.arange(3000).reshape(3, 1000),
]


@pytest.mark.parametrize("a", INT_REPR_CASES, ids=lambda a: f"{a.dtype}{a.shape}")
def test_repr_str_integers_and_bools_like_numpy(a):
    x = xp.asarray(a)
    assert repr(x) == numpy_style_repr(a)
    assert str(x) == str(a)


def test_repr_summarizes_large_arrays():
    r = repr(xp.arange(2000))
    assert "..." in r and len(r) < 200
    assert "..." not in repr(xp.arange(1000))
    s = str(xp.zeros((100, 100)))
    assert "..." in s and len(s) < 1000


FLOAT_REPR_CASES = [
    np.array([1.5, 2.0, -3.25]),
    np.array([1.5, 2.0], dtype=np.float32),
    np.arange(0, 1, 0.25),
    np.array([1.0, 0.7, 0.4, 0.1]),
    np.arange(1, 0.0, -0.3),  # 0.10000000000000009 prints as 0.1 (8 digits)
    np.array([0.1, 0.2, 0.3]),
    np.array(2.0),
    np.array([1 + 2j, -0.5j]),
    np.array([complex(1, 2), complex(-0.0, -0.5), complex(np.nan, 1), complex(3.25, -np.inf)]),
    np.array([1 + 2j, -0.5j], dtype=np.complex64),
    np.array([1.5, np.nan, -10.0]),
    np.arange(40.0).reshape(2, 20),
    np.arange(24.0).reshape(2, 3, 4) / 7,
]


@pytest.mark.parametrize("a", FLOAT_REPR_CASES, ids=lambda a: repr(np.asarray(a).tolist())[:30])
def test_repr_float_formatting_and_wrapping_like_numpy(a):
    # the issue asks for NumPy-like text: NumPy pads floats to a common number
    # of decimals, prints 8 significant digits and wraps lines at 75 columns
    x = xp.asarray(a)
    assert repr(x) == numpy_style_repr(a)
    assert str(x) == str(a)


@pytest.mark.parametrize("shape", [(0,), (2, 0), (0, 3), (1, 0)])
def test_repr_empty_arrays_show_shape_like_numpy(shape):
    a = np.zeros(shape)
    assert repr(xp.zeros(shape)) == numpy_style_repr(a)


def test_repr_distinguishes_empty_shapes():
    assert repr(xp.zeros((2, 0))) != repr(xp.zeros((1, 0)))


def test_repr_bfloat16_and_float16():
    assert repr(xp.asarray([1.0, 2.0], dtype=xp.bfloat16)) == "Array([1., 2.], dtype=bfloat16)"
    a = np.array([1.0, -2.0], dtype=np.float16)
    assert repr(xp.asarray(a)) == numpy_style_repr(a)


# ---------------------------------------------------------------------------
# hashing, module attributes, constants


def test_unhashable():
    with pytest.raises(TypeError):
        hash(xp.asarray([1, 2]))
    with pytest.raises(TypeError):
        hash(xp.asarray(1))
    with pytest.raises(TypeError):
        {xp.asarray(1): 1}  # noqa: B018


def test_array_api_version():
    assert xp.__array_api_version__ == "2025.12"


def test_constants():
    assert type(xp.e) is float and xp.e == math.e
    assert type(xp.pi) is float and xp.pi == math.pi
    assert type(xp.inf) is float and xp.inf == math.inf
    assert type(xp.nan) is float and math.isnan(xp.nan)
    assert xp.newaxis is None
    x = xp.asarray([1, 2])
    assert x[xp.newaxis].shape == (1, 2)
    assert x[:, xp.newaxis].shape == (2, 1)


@pytest.mark.parametrize("name", ALL_NAMES)
def test_dtypes_exported(name):
    assert getattr(xp, name).name == name


def test_array_class_exported():
    assert isinstance(xp.asarray(1), xp.Array)
    assert isinstance(from_numpy(np.arange(3)), xp.Array)
