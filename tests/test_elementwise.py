"""Elementwise functions and operators against NumPy, over dtypes, shapes and layouts."""

import math
import operator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
REAL_FLOATS = ["float16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
KINDS = {
    "float": REAL_FLOATS + COMPLEX,
    "real_float": REAL_FLOATS,
    "numeric": INTS + REAL_FLOATS + COMPLEX,
    "real": INTS + REAL_FLOATS,
    "int": INTS,
    "int_bool": INTS + ["bool"],
    "bool": ["bool"],
    "any": ["bool"] + INTS + REAL_FLOATS + COMPLEX,
}

# name -> (NumPy function, dtype kinds)
UNARY = {
    "abs": (np.abs, "numeric"),
    "acos": (np.arccos, "float"),
    "acosh": (np.arccosh, "float"),
    "asin": (np.arcsin, "float"),
    "asinh": (np.arcsinh, "float"),
    "atan": (np.arctan, "float"),
    "atanh": (np.arctanh, "float"),
    "bitwise_invert": (np.invert, "int_bool"),
    "ceil": (np.ceil, "real_float"),
    "conj": (np.conj, "numeric"),
    "cos": (np.cos, "float"),
    "cosh": (np.cosh, "float"),
    "exp": (np.exp, "float"),
    "expm1": (np.expm1, "float"),
    "floor": (np.floor, "real_float"),
    "imag": (np.imag, "float"),
    "isfinite": (np.isfinite, "numeric"),
    "isinf": (np.isinf, "numeric"),
    "isnan": (np.isnan, "numeric"),
    "log": (np.log, "float"),
    "log1p": (np.log1p, "float"),
    "log2": (np.log2, "float"),
    "log10": (np.log10, "float"),
    "logical_not": (np.logical_not, "bool"),
    "negative": (np.negative, "numeric"),
    "positive": (np.positive, "numeric"),
    "real": (np.real, "float"),
    "reciprocal": (np.reciprocal, "float"),
    "round": (np.round, "numeric"),
    "sign": (np.sign, "numeric"),
    "signbit": (np.signbit, "real_float"),
    "sin": (np.sin, "float"),
    "sinh": (np.sinh, "float"),
    "square": (np.square, "numeric"),
    "sqrt": (np.sqrt, "float"),
    "tan": (np.tan, "float"),
    "tanh": (np.tanh, "float"),
    "trunc": (np.trunc, "real_float"),
}

BINARY = {
    "add": (np.add, "numeric"),
    "atan2": (np.arctan2, "real_float"),
    "bitwise_and": (np.bitwise_and, "int_bool"),
    "bitwise_left_shift": (np.left_shift, "int"),
    "bitwise_or": (np.bitwise_or, "int_bool"),
    "bitwise_right_shift": (np.right_shift, "int"),
    "bitwise_xor": (np.bitwise_xor, "int_bool"),
    "copysign": (np.copysign, "real_float"),
    "divide": (np.divide, "float"),
    "equal": (np.equal, "any"),
    "floor_divide": (np.floor_divide, "real"),
    "greater": (np.greater, "real"),
    "greater_equal": (np.greater_equal, "real"),
    "hypot": (np.hypot, "real_float"),
    "less": (np.less, "real"),
    "less_equal": (np.less_equal, "real"),
    "logaddexp": (np.logaddexp, "real_float"),
    "logical_and": (np.logical_and, "bool"),
    "logical_or": (np.logical_or, "bool"),
    "logical_xor": (np.logical_xor, "bool"),
    "maximum": (np.maximum, "real"),
    "minimum": (np.minimum, "real"),
    "multiply": (np.multiply, "numeric"),
    "nextafter": (np.nextafter, "real_float"),
    "not_equal": (np.not_equal, "any"),
    "pow": (np.power, "numeric"),
    "remainder": (np.remainder, "real"),
    "subtract": (np.subtract, "numeric"),
}

RTOL = {"float16": 2e-3, "float32": 2e-5, "complex64": 2e-5, "float64": 1e-12, "complex128": 1e-12}


def elements(dtype, name):
    """Values that keep NumPy free of undefined behaviour for `name`."""
    if dtype == "bool":
        return st.booleans()
    if dtype in INTS:
        info = np.iinfo(dtype)
        if name in ("bitwise_left_shift", "bitwise_right_shift"):
            return st.integers(0, info.bits - 1)
        if name == "pow":
            return st.integers(0, 5)
        return st.integers(int(info.min), int(info.max))
    width = {"float16": 16, "float32": 32, "float64": 64, "complex64": 32, "complex128": 64}[dtype]
    finite = st.floats(-1e3, 1e3, width=width)
    if dtype in COMPLEX:
        # Magnitudes where NumPy's complex64 exp does not overflow inside float32
        # (NumPy then returns inf + nan j where the standard asks for inf + 0j).
        magnitude = 50 if dtype == "complex64" else 700
        return st.complex_numbers(max_magnitude=magnitude, width=2 * width, allow_nan=False)
    return finite


def layouts(a):
    """The same values as a contiguous array, a reversed view and a transposed copy."""
    yield a
    if a.ndim >= 1:
        rev = np.ascontiguousarray(a[..., ::-1])[..., ::-1]
        yield rev
    if a.ndim >= 2:
        yield np.ascontiguousarray(a.T).T


def check_close(got, expected, dtype_name):
    expected = np.asarray(expected)
    got_np = np.asarray(got)
    assert got.shape == expected.shape
    assert str(got.dtype) == str(expected.dtype), (got.dtype, expected.dtype)
    if expected.dtype.kind == "c":
        # Compare parts separately: complex infinities make |a - b| NaN.
        # Errors of complex results are relative to |z|, not to each part.
        rtol = RTOL.get(str(expected.dtype), 1e-12)
        finite = np.abs(expected[np.isfinite(expected)])
        atol = rtol * max(1.0, float(finite.max()) if finite.size else 1.0)
        for part in (np.real, np.imag):
            np.testing.assert_allclose(
                part(got_np), part(expected), rtol=rtol, atol=atol, equal_nan=True
            )
    elif expected.dtype.kind == "f":
        rtol = RTOL.get(str(expected.dtype), 1e-12)
        np.testing.assert_allclose(got_np, expected, rtol=rtol, atol=rtol, equal_nan=True)
    else:
        np.testing.assert_array_equal(got_np, expected)


@pytest.mark.parametrize("name", sorted(UNARY))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_unary_against_numpy(name, data):
    np_func, kind = UNARY[name]
    dtype = data.draw(st.sampled_from(KINDS[kind]))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    a = data.draw(hnp.arrays(dtype, shape, elements=elements(dtype, name)))
    if name == "reciprocal" and dtype in COMPLEX:
        # NumPy gives nan + nan j for 1 / 0j; pyarray follows C99 (an infinity).
        a = np.where(a == 0, 1, a).astype(a.dtype)
    with np.errstate(all="ignore"):
        expected = np_func(a)
    if name == "sign" and dtype in COMPLEX:
        with np.errstate(all="ignore"):
            wide = a.astype(np.complex128)  # float32 |z| of subnormals is inexact
            expected = np.where(a == 0, 0, wide / np.abs(wide)).astype(a.dtype)
    for view in layouts(a):
        check_close(getattr(xp, name)(xp.asarray(view)), expected, dtype)


@pytest.mark.parametrize("name", sorted(BINARY))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_binary_against_numpy(name, data):
    np_func, kind = BINARY[name]
    dtype = data.draw(st.sampled_from(KINDS[kind]))
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3))
    shape1, shape2 = shapes.input_shapes
    a = data.draw(hnp.arrays(dtype, shape1, elements=elements(dtype, name)))
    b = data.draw(hnp.arrays(dtype, shape2, elements=elements(dtype, name)))
    with np.errstate(all="ignore"):
        expected = np_func(a, b)
        if dtype == "complex64" and expected.dtype == np.complex64:
            # NumPy's float32 complex division loses subnormal divisors (0 / 1e-45
            # gives nan); the reference is computed in double precision.
            wide = np_func(a.astype(np.complex128), b.astype(np.complex128))
            expected = wide.astype(np.complex64)
    for left in layouts(a):
        check_close(getattr(xp, name)(xp.asarray(left), xp.asarray(b)), expected, dtype)


OPERATORS = {
    "__add__": operator.add,
    "__sub__": operator.sub,
    "__mul__": operator.mul,
    "__truediv__": operator.truediv,
    "__floordiv__": operator.floordiv,
    "__mod__": operator.mod,
    "__lt__": operator.lt,
    "__le__": operator.le,
    "__gt__": operator.gt,
    "__ge__": operator.ge,
    "__eq__": operator.eq,
    "__ne__": operator.ne,
}


@pytest.mark.parametrize("op", sorted(OPERATORS))
@pytest.mark.parametrize("dtype", ["int16", "uint8", "float32", "float64"])
def test_operators_with_arrays_and_scalars(op, dtype):
    f = OPERATORS[op]
    a = np.arange(1, 7, dtype=dtype).reshape(2, 3)
    b = np.array([3, 2, 1], dtype=dtype)
    x, y = xp.asarray(a), xp.asarray(b)
    with np.errstate(all="ignore"):
        check_close(f(x, y), f(a, b), dtype)
        check_close(f(x, 2), f(a, np.array(2, dtype=dtype)), dtype)
        check_close(f(2, x), f(np.array(2, dtype=dtype), a), dtype)


@pytest.mark.parametrize(
    "op", ["__iadd__", "__isub__", "__imul__", "__ifloordiv__", "__imod__", "__ipow__"]
)
def test_inplace_operators_write_into_left_operand(op):
    a = np.arange(1, 7, dtype="int64").reshape(2, 3)
    x = xp.asarray(a.copy())
    y = np.array([1, 2, 3])
    result = getattr(x, op)(xp.asarray(y))
    expected = getattr(a.copy(), op)(y)
    assert result is x
    np.testing.assert_array_equal(np.asarray(x), expected)


def test_inplace_rules():
    x = xp.asarray([1, 2, 3])
    with pytest.raises(TypeError):
        x += 1.5
    with pytest.raises(ValueError):
        x += xp.ones((2, 3), dtype=xp.int64)
    ro = xp.broadcast_to(xp.asarray([1.0]), (3,))
    with pytest.raises(ValueError):
        ro += 1.0


def test_overlapping_inplace_matches_numpy():
    a = np.arange(10)
    x = xp.asarray(a.copy())
    x[1:] += x[:-1]
    b = a.copy()
    b[1:] += b[:-1]
    np.testing.assert_array_equal(np.asarray(x), b)


def test_unary_operators():
    a = np.array([-2, 0, 3], dtype="int32")
    x = xp.asarray(a)
    np.testing.assert_array_equal(np.asarray(-x), -a)
    np.testing.assert_array_equal(np.asarray(+x), +a)
    np.testing.assert_array_equal(np.asarray(~x), ~a)
    np.testing.assert_array_equal(np.asarray(abs(x)), abs(a))


def test_eq_with_unrelated_object_is_not_implemented():
    x = xp.asarray([1, 2])
    assert x.__eq__("text") is NotImplemented
    assert (x == "text") is False
    assert (x != None) is True  # noqa: E711


def test_wrong_kinds_raise_type_error():
    with pytest.raises(TypeError):
        xp.sin(xp.asarray([1, 2]))
    with pytest.raises(TypeError):
        xp.bitwise_and(xp.asarray([1.0]), xp.asarray([2.0]))
    with pytest.raises(TypeError):
        xp.add(1, 2)


def test_incompatible_shapes_raise_value_error():
    with pytest.raises(ValueError):
        xp.add(xp.ones(3), xp.ones(4))


def test_integer_edge_cases_follow_numpy():
    x = xp.asarray([5, -5, 7], dtype=xp.int32)
    zero = xp.zeros(3, dtype=xp.int32)
    assert xp.floor_divide(x, zero).tolist() == [0, 0, 0]
    assert xp.remainder(x, zero).tolist() == [0, 0, 0]
    assert (xp.asarray([250], dtype=xp.uint8) + 10).tolist() == [4]
    assert xp.bitwise_left_shift(xp.asarray([1], dtype=xp.int8), 9).tolist() == [0]
    assert xp.bitwise_right_shift(xp.asarray([-8], dtype=xp.int8), 100).tolist() == [-1]
    with pytest.raises(OverflowError):
        xp.asarray([1], dtype=xp.uint8) + 300


def test_float_special_cases():
    inf, nan = math.inf, math.nan
    assert xp.pow(xp.asarray([nan]), 0.0).tolist() == [1.0]
    q = xp.floor_divide(xp.asarray([5.0]), -inf).tolist()[0]
    assert q == 0 and math.copysign(1, q) == -1
    assert xp.atan2(xp.asarray([0.0, -0.0]), -1.0).tolist() == [math.pi, -math.pi]
    assert xp.isnan(xp.maximum(xp.asarray([1.0]), nan)).tolist() == [True]


def test_python_scalars_are_weak():
    assert (xp.asarray([1], dtype=xp.int8) + 1).dtype == xp.int8
    assert (xp.asarray([1.0], dtype=xp.float32) * 2.5).dtype == xp.float32
    assert (xp.asarray([1.0], dtype=xp.float32) + 1j).dtype == xp.complex64
    assert (xp.asarray([1], dtype=xp.int16) / 2).dtype == xp.float64


@pytest.mark.parametrize(
    "layout", ["contiguous", "stepped", "reversed", "transposed", "broadcast", "0-d"]
)
@pytest.mark.parametrize("dtype", ["int8", "uint64", "float16", "float32", "complex64"])
def test_scalar_operands_on_every_layout(layout, dtype):
    # Python scalars beside an array take a path without a 0-d array; strided
    # arrays fall back to the n-d walk. Both must equal NumPy with a 0-d array.
    base = np.arange(1, 13).astype(dtype).reshape(3, 4)
    views = {
        "contiguous": lambda a: a,
        "stepped": lambda a: a[:, ::2],
        "reversed": lambda a: a[::-1, ::-1],
        "transposed": lambda a: a.T,
        "broadcast": lambda a: a[:1],
        "0-d": lambda a: a[1, 2],
    }
    a = views[layout](base)
    x = views[layout](xp.asarray(base))
    if layout == "broadcast":
        a, x = np.broadcast_to(a, (3, 4)), xp.broadcast_to(x, (3, 4))
    two = np.array(2, dtype=dtype)
    ops = [operator.add, operator.sub, operator.mul, operator.eq]
    if dtype != "complex64":  # complex numbers have no order
        ops.append(operator.gt)
    with np.errstate(all="ignore"):
        for f in ops:
            check_close(f(x, 2), f(a, two), dtype)
            check_close(f(2, x), f(two, a), dtype)


@pytest.mark.parametrize("axes", [(1, 0), (2, 0, 1), (1, 2, 0)])
@pytest.mark.parametrize("dtype", ["int32", "float32", "float64", "complex64"])
def test_results_keep_the_memory_order_of_permuted_operands(axes, dtype):
    # NumPy's ufuncs write results in their inputs' memory order
    # (order="K"): abs(m.T) is F-ordered. pyarray maps such inputs in one
    # flat pass into a result laid out the same way; a C-ordered operand
    # beside a permuted one gives a C-ordered result, as in NumPy.
    shape = (2, 3, 4)[: len(axes)]
    size = math.prod(shape)
    a = (np.arange(size).reshape(shape) - 7).astype(dtype).transpose(axes)
    b = (np.arange(size).reshape(shape) % 5 + 1).astype(dtype).transpose(axes)
    x, y = xp.asarray(a), xp.asarray(b)
    cases = [
        (xp.abs(x), np.abs(a)),
        (xp.negative(x), np.negative(a)),
        (x + y, a + b),
        (x * 3, a * 3),
        (2 - x, 2 - a),
        (x == y, a == b),
        (xp.multiply(x, xp.asarray(b, dtype=xp.float64)), a * b.astype(np.float64)),
        (x - xp.asarray(np.ascontiguousarray(b)), a - np.ascontiguousarray(b)),
        (xp.astype(x, xp.complex128), a.astype(np.complex128)),
        (xp.asarray(x, copy=True), np.array(a, copy=True)),
    ]
    # A full-size permuted operand beside one broadcast along an axis: its
    # order; where and clip as well.
    v = np.arange(a.shape[-1]).astype(dtype)
    cases += [(x + xp.asarray(v), a + v), (xp.asarray(v) - x, v - a)]
    if dtype != "complex64":
        cases += [
            (xp.where(x > y, x, 0), np.where(a > b, a, 0).astype(dtype)),
            (xp.clip(x, -1, 3), np.clip(a, -1, 3)),
        ]
    for got, expected in cases:
        check_close(got, expected, dtype)
        assert np.from_dlpack(got).strides == expected.strides, expected
    z = xp.asarray(a.copy(order="K"))  # writeable, same memory order
    z += y
    np.testing.assert_array_equal(np.from_dlpack(z), a + b)


def test_inplace_scalar_on_strided_view_writes_only_the_view():
    a = np.arange(12.0).reshape(3, 4)
    x = xp.asarray(a.copy())
    view = x[:, ::2]
    view *= 10.0
    a[:, ::2] *= 10.0
    np.testing.assert_array_equal(np.asarray(x), a)
    y = xp.asarray([1, 2], dtype=xp.int8)
    y -= 3
    assert y.tolist() == [-2, -1] and y.dtype == xp.int8


def test_weak_scalar_is_rounded_to_the_array_dtype_first():
    # float16 computes in float32, but the scalar is first a float16 (as in
    # NumPy): 1 + v rounds to 1.001 with v in float32, to 1.002 via float16.
    v = 0.0014647832391619584
    h = xp.asarray([1.0], dtype=xp.float16)
    expected = (np.asarray([1.0], dtype="float16") + v).tolist()
    assert expected == (np.asarray([1.0], dtype="float16") + np.float16(v)).tolist()
    assert (h + v).tolist() == expected
    assert (v + h).tolist() == expected
    assert (h + v).dtype == xp.float16


def test_float16_and_bfloat16_compute_in_float32():
    h = xp.asarray([1.0, 2.0, 3.0], dtype=xp.float16)
    assert xp.sqrt(h).dtype == xp.float16
    b = xp.asarray([1.0, 2.0, 4.0], dtype=xp.bfloat16)
    r = xp.astype(xp.multiply(b, b), xp.float32).tolist()
    assert r == [1.0, 4.0, 16.0]


def test_clip():
    x = xp.asarray([-3.0, 0.5, 9.0])
    assert xp.clip(x, -1.0, 1.0).tolist() == [-1.0, 0.5, 1.0]
    assert xp.clip(x, max=0.0).tolist() == [-3.0, 0.0, 0.0]
    assert xp.clip(xp.asarray([1, 5, 9]), xp.asarray([2, 2, 2]), 6).tolist() == [2, 5, 6]


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64", "float16", "float32", "float64"])
@pytest.mark.parametrize(
    "lo, hi",
    [(-1, 3), (2, None), (None, 2), (None, None), (3, -1), (0, 0)],
)
def test_clip_with_scalar_bounds_matches_numpy(dtype, lo, hi):
    a = (np.arange(-6, 18).reshape(4, 6) % 9 - 2).astype(dtype)
    if dtype.startswith("uint") and lo is not None and lo < 0:
        lo = 0
    if dtype.startswith("uint") and hi is not None and hi < 0:
        hi = 0
    for view in (a, a.T, a[::-1, ::2]):  # dense, F-ordered, strided
        got = xp.clip(xp.asarray(view), lo, hi)
        expected = np.clip(view, lo, hi)
        assert got.dtype == getattr(xp, dtype)
        np.testing.assert_array_equal(np.from_dlpack(got), expected)


def test_clip_propagates_nan_from_x_and_bounds():
    x = xp.asarray([np.nan, -2.0, 5.0], dtype=xp.float32)
    np.testing.assert_array_equal(np.asarray(xp.clip(x, 0.0, 1.0)), [np.nan, 0.0, 1.0])
    assert np.isnan(np.asarray(xp.clip(x, np.nan, 1.0))).all()
    assert np.isnan(np.asarray(xp.clip(x, 0.0, xp.asarray(np.nan, dtype=xp.float32)))).all()


def test_clip_casts_0d_bounds_of_another_dtype_to_x_dtype():
    # Cast as astype would: 0.1 rounds to float32, 70000 wraps in int16.
    x = xp.asarray([0.0, 0.5], dtype=xp.float32)
    lo = xp.asarray(0.1, dtype=xp.float64)
    got = xp.clip(x, lo, None)
    assert got.dtype == xp.float32
    assert np.asarray(got).tolist() == [np.float32(0.1), 0.5]
    i = xp.asarray([0, 5000, 9000], dtype=xp.int16)
    hi = xp.asarray(70000, dtype=xp.int64)  # 4464 as int16
    assert xp.clip(i, None, hi).tolist() == [0, 4464, 4464]


def test_clip_with_array_bounds_broadcasts_and_keeps_order():
    a = np.arange(12.0).reshape(3, 4)
    lo, hi = np.asarray([1.0, 2.0, 3.0, 4.0]), np.asarray([[5.0], [6.0], [7.0]])
    got = xp.clip(xp.asarray(a), xp.asarray(lo), xp.asarray(hi))
    np.testing.assert_array_equal(np.asarray(got), np.clip(a, lo, hi))
    col = np.asarray([[2.0], [3.0], [4.0], [5.0]])  # x broadcast to (4, 4) by a bound
    got = xp.clip(xp.asarray(a[0]), xp.asarray(col), None)
    np.testing.assert_array_equal(np.asarray(got), np.clip(a[0], col, None))
    t = xp.clip(xp.asarray(a.T), xp.asarray(lo[:3]), 8.0)
    np.testing.assert_array_equal(np.asarray(t), np.clip(a.T, lo[:3], 8.0))
    assert np.from_dlpack(t).strides == a.T.strides


def test_integer_pow_with_negative_exponent_truncates():
    # Documented leniency (NumPy raises): 2**-1 -> 0, 1**-k -> 1, (-1)**-k -> +-1.
    got = xp.pow(xp.asarray([2, 1, -1, -1]), xp.asarray([-1, -2, -3, -2]))
    np.testing.assert_array_equal(np.asarray(got), [0, 1, -1, 1])


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_sign_of_subnormal_and_huge_values_has_unit_modulus(dtype):
    # |z| of the smallest subnormal pair rounds to the part itself, and of
    # the largest finite pair overflows: both are scaled before dividing.
    info = np.finfo(np.float32 if dtype == "complex64" else np.float64)
    tiny, huge = info.smallest_subnormal, info.max
    z = np.array([complex(tiny, tiny), complex(huge, -huge), complex(-tiny, 0)], dtype=dtype)
    got = np.asarray(xp.sign(xp.asarray(z)))
    h = np.sqrt(0.5)
    np.testing.assert_allclose(got, np.array([h + h * 1j, h - h * 1j, -1], dtype=dtype), rtol=1e-6)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_pow_of_zero_follows_numpy(dtype):
    # 0 ** y: 1 for y == 0, 0 when Re(y) > 0, else undefined (NaN + NaN j),
    # not the inf + nan j that exp(y * log 0) gives.
    exponents = np.array([0, 2, 1 + 1j, 0.5 - 3j, -1, -2 + 0j, -1 + 1j, 1j, -0.5], dtype=dtype)
    base = np.zeros_like(exponents)
    with np.errstate(all="ignore"):
        expected = np.power(base, exponents)
    got = np.asarray(xp.pow(xp.asarray(base), xp.asarray(exponents)))
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize(("name", "max_ulp"), [("sin", 2), ("cos", 2), ("tan", 2)])
def test_float32_trig_accurate_on_every_range(name, max_ulp):
    # float32 sin/cos/tan run as vectorised arithmetic for |x| <= 1e6 and fall
    # back to libm beyond; mix both ranges (and specials) inside one block.
    rng = np.random.default_rng(0)
    small = rng.uniform(-30, 30, 3000)
    large = rng.uniform(-1e7, 1e7, 300)
    near_limit = np.array([999_999.94, 1e6, 1.0000001e6, -1e6, 3.4e38, -2.5e30])
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -1e-38])
    values = np.concatenate([small, large, near_limit, special])
    rng.shuffle(values)
    x = values.astype(np.float32)
    expected = getattr(np, name)(x.astype(np.float64)).astype(np.float32)
    for view in (x, x[::-3]):
        got = np.asarray(getattr(xp, name)(xp.asarray(view)))
        want = expected if view is x else expected[::-3]
        nan = np.isnan(want)
        assert np.array_equal(np.isnan(got), nan)
        np.testing.assert_array_max_ulp(got[~nan], want[~nan], maxulp=max_ulp)
        # Signed zeros exactly (an ulp check treats -0.0 and 0.0 alike).
        zeros = want == 0
        assert np.array_equal(np.signbit(got[zeros]), np.signbit(want[zeros]))


def assert_logarithm_matches(name, x, want, max_ulp):
    """`xp.<name>` of `x`, contiguous and strided, against `want` (NaN where
    it is NaN). The values are shuffled so that the vectorised positive normal
    inputs and the libm ones (zeros, subnormals, negatives, inf, NaN) share
    blocks."""
    order = np.random.default_rng(2).permutation(x.size)
    x, want = x[order], want[order]
    for view, expected in ((x, want), (x[::-3], want[::-3])):
        got = np.asarray(getattr(xp, name)(xp.asarray(view)))
        nan = np.isnan(expected)
        assert np.array_equal(np.isnan(got), nan)
        np.testing.assert_array_max_ulp(got[~nan], expected[~nan], maxulp=max_ulp)


@pytest.mark.parametrize(
    ("name", "dtype"),
    [
        ("log", "float32"),
        ("sin", "float32"),
        ("cos", "float32"),
        ("tan", "float32"),
        ("exp", "float64"),
        ("sqrt", "float64"),
        ("isnan", "float32"),
        ("negative", "int16"),
        ("abs", "complex128"),
        ("exp", "complex64"),
    ],
)
def test_strided_inputs_give_the_contiguous_bits(name, dtype):
    # Strided runs are gathered in blocks into the contiguous kernel (runs of
    # 16 or more) or mapped element by element (shorter ones); both must give
    # the contiguous result bit for bit, across block boundaries, with the
    # libm fallbacks (huge |x|, zeros, negatives) mixed in. ln, sin, cos and
    # tan of float32 use fused multiply-adds, so this also checks that every
    # path runs in the same CPU tier.
    if np.dtype(dtype).kind == "i":
        x = np.arange(-15_000, 15_000) * 7
    else:
        x = np.geomspace(1e-30, 1e30, 30_000) * np.tile([1.0, -1.0, 3.0], 10_000)
        x[::97] = 0.0
        x[::101] = 1e7
        if np.dtype(dtype).kind == "c":
            x = x + 0.5j * x[::-1]
    x = x.astype(dtype)
    f = getattr(xp, name)
    want = np.asarray(f(xp.asarray(x)))
    views = {
        "every other": (xp.asarray(np.repeat(x, 2))[::2], want),
        "reversed": (xp.asarray(x[::-1].copy())[::-1], want),
        # Runs of 300 elements 100 apart, then runs of 3 elements 10^4 apart.
        "transposed long runs": (
            xp.asarray(x.reshape(100, 300).T.copy()).T,
            want.reshape(100, 300),
        ),
        "transposed short runs": (
            xp.asarray(x.reshape(10_000, 3).T.copy()).T,
            want.reshape(10_000, 3),
        ),
    }
    for what, (view, expected) in views.items():
        got = np.asarray(f(view))
        assert got.dtype == expected.dtype, what
        assert np.array_equal(got, expected, equal_nan=got.dtype.kind in "fc"), what


@pytest.mark.parametrize("name", ["log", "log2", "log10"])
def test_float32_logarithms_within_one_ulp(name):
    # Vectorised float32 kernels: positive values from subnormals to the
    # largest float, and the special cases (0 -> -inf, negative -> nan).
    positive = np.geomspace(1e-45, 3e38, 20_000).astype(np.float32)
    special = np.array([0.0, -0.0, -1.0, np.inf, -np.inf, np.nan, 1.0], dtype=np.float32)
    x = np.concatenate([positive, special])
    with np.errstate(divide="ignore", invalid="ignore"):
        want = getattr(np, name)(x.astype(np.float64)).astype(np.float32)
    assert_logarithm_matches(name, x, want, 1)


@pytest.mark.parametrize(
    ("name", "max_ulp", "low", "high"),
    [
        ("exp", 1, -720.0, 720.0),
        ("sin", 1, -30.0, 30.0),
        ("cos", 1, -30.0, 30.0),
        ("tan", 2, -30.0, 30.0),
    ],
)
def test_float64_exp_and_trig_accurate_on_every_range(name, max_ulp, low, high):
    # float64 exp (|x| <= 708) and sin/cos/tan (|x| <= 1e6) run as vectorised
    # arithmetic and fall back to libm beyond; mix both ranges and the special
    # values inside one block, contiguous and strided.
    rng = np.random.default_rng(1)
    inline = rng.uniform(low, high, 3000)
    beyond = np.array([708.0, 708.01, 709.7, 710.0, -708.01, -740.0, -746.0, 1.1e6, -3e9, 1e300])
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-300, -5e-324])
    values = np.concatenate([inline, beyond, special])
    rng.shuffle(values)
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(values)
    for view, want in ((values, expected), (values[::-3], expected[::-3])):
        got = np.asarray(getattr(xp, name)(xp.asarray(view)))
        nan = np.isnan(want)
        assert np.array_equal(np.isnan(got), nan)
        np.testing.assert_array_max_ulp(got[~nan], want[~nan], maxulp=max_ulp)
        zeros = want == 0
        assert np.array_equal(np.signbit(got[zeros]), np.signbit(want[zeros]))


@pytest.mark.parametrize(("name", "max_ulp"), [("log", 1), ("log2", 1), ("log10", 2)])
def test_float64_logarithms_accurate_and_exact_at_powers(name, max_ulp):
    positive = np.geomspace(5e-324, 1.7e308, 20_000)
    near_one = np.linspace(0.5, 2.0, 5000)
    special = np.array([0.0, -0.0, -1.0, np.inf, -np.inf, np.nan, 1.0])
    x = np.concatenate([positive, near_one, special])
    with np.errstate(divide="ignore", invalid="ignore"):
        want = getattr(np, name)(x)
    assert_logarithm_matches(name, x, want, max_ulp)
    base = {"log2": 2.0, "log10": 10.0}.get(name)
    if base is not None:
        powers = np.arange(-20 if base == 10 else -1074, 23 if base == 10 else 1024)
        got = np.asarray(getattr(xp, name)(xp.asarray(base ** powers.astype(np.float64))))
        np.testing.assert_array_equal(got, powers.astype(np.float64))


# Binary functions whose large contiguous operands split across threads.
COMPUTE_BOUND_BINARY = {
    "pow": np.power,
    "atan2": np.arctan2,
    "hypot": np.hypot,
    "logaddexp": np.logaddexp,
    "remainder": np.remainder,
    "floor_divide": np.floor_divide,
}


@pytest.mark.parametrize("name", sorted(COMPUTE_BOUND_BINARY))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_compute_bound_binary_split_across_threads(name, dtype):
    # Above the parallel threshold (2**18) and not a multiple of the split,
    # so that every part and the short last one are checked.
    rng = np.random.default_rng(7)
    n = 2**19 + 5
    a = rng.uniform(0.5, 3.0, n).astype(dtype)
    b = rng.uniform(0.5, 3.0, n).astype(dtype)
    func, expected = getattr(xp, name), COMPUTE_BOUND_BINARY[name]
    tol = {"float32": 2e-6, "float64": 1e-14}[dtype]
    got = np.asarray(func(xp.asarray(a), xp.asarray(b)))
    np.testing.assert_allclose(got, expected(a, b), rtol=tol)
    # One operand a Python scalar: the scalar-run path splits too.
    got = np.asarray(func(xp.asarray(a), 1.5))
    np.testing.assert_allclose(got, expected(a, np.asarray(1.5, dtype)), rtol=tol)


def libm(name, *args):
    """The C library's `name` (through `math`) of each element, as float64:
    the reference for the vectorised float64 forms (NumPy's own SIMD
    kernels may differ from it by an ulp or more). Where `math` raises
    instead of returning the C function's infinity or NaN (poles, domain
    errors, overflow), NumPy gives that special value."""
    numpy_name = {"asinh": "arcsinh", "acosh": "arccosh", "atanh": "arctanh", "asin": "arcsin"}
    numpy_name |= {"acos": "arccos", "atan": "arctan", "atan2": "arctan2", "pow": "power"}
    special = getattr(np, numpy_name.get(name, name))

    def one(*values):
        try:
            return getattr(math, name)(*values)
        except (ValueError, OverflowError):
            with np.errstate(all="ignore"):
                return special(*values)

    return np.vectorize(one, otypes=[np.float64])(*args)


# Unary functions with a vectorised float64 form (`vmath::InlineF64`):
# name -> (`math` name, values on the inline range, values the range check
# sends to libm, max ulp).
INLINE_UNARY = {
    "expm1": ("expm1", (-40.0, 40.0), [709.0, 709.8, 710.0, -750.0, 1e300], 1),
    # glibc's sinh and tanh err by up to 2 ulp themselves.
    "sinh": ("sinh", (-30.0, 30.0), [709.0, 710.4, 711.0, -711.0, 1e300], 2),
    "cosh": ("cosh", (-30.0, 30.0), [709.0, 710.4, 711.0, -711.0, 1e300], 1),
    "tanh": ("tanh", (-25.0, 25.0), [19.0, 22.0, 40.0, -1e300], 2),
    "log1p": ("log1p", (-0.999, 50.0), [-1.0, -2.0, 1e300, -1 + 2**-53], 1),
    # Next to 1 and above 9e307, Rust's own acosh and asinh are far off.
    "asinh": ("asinh", (-1e4, 1e4), [1e300, -1e300, 2.0**28, 2.0**29, 1.5e308, -1.7e308], 1),
    "acosh": ("acosh", (1.0, 1e4), [1.0, 1 + 2**-52, 1 + 2**-40, 0.5, -3.0, 1e300, 1.7e308], 1),
    "atanh": ("atanh", (-0.9999, 0.9999), [1.0, -1.0, 1 - 2**-53, 1.5, -3.0], 1),
    "atan": ("atan", (-50.0, 50.0), [1e300, -1e300, 2.0**60], 1),
    "asin": ("asin", (-1.0, 1.0), [1.0, -1.0, 1.5, -2.0, 0.5], 1),
    "acos": ("acos", (-1.0, 1.0), [1.0, -1.0, 1.5, -2.0, 0.5], 1),
}


def inline_values(low, high, edges, rng):
    """Values for the vectorised forms: uniform on the inline range, tiny
    ones, the edges, and the special values, shuffled so that the inline
    and libm inputs share blocks."""
    inline = rng.uniform(low, high, 4000)
    tiny = np.geomspace(1e-300, 1e-3, 400) * np.tile([1.0, -1.0], 200)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324])
    values = np.concatenate([inline, tiny, np.array(edges), special])
    rng.shuffle(values)
    return values


def assert_within_ulp(got, want, max_ulp):
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got), nan)
    np.testing.assert_array_max_ulp(got[~nan], want[~nan], maxulp=max_ulp)
    zeros = want == 0
    assert np.array_equal(np.signbit(got[zeros]), np.signbit(want[zeros]))


@pytest.mark.parametrize("name", sorted(INLINE_UNARY))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_vectorised_unary_within_an_ulp_of_libm(name, dtype):
    # float64 and float32 both run the float64 form (float32 rounds its
    # result once more), contiguous and strided, with the inputs out of its
    # range (overflow, domain edges, NaN) recomputed by libm in the same blocks.
    math_name, (low, high), edges, max_ulp = INLINE_UNARY[name]
    with np.errstate(over="ignore"):
        values = inline_values(low, high, edges, np.random.default_rng(5)).astype(dtype)
    expected = libm(math_name, values.astype(np.float64)).astype(dtype)
    for view, want in ((values, expected), (values[::-3], expected[::-3])):
        got = np.asarray(getattr(xp, name)(xp.asarray(view)))
        assert got.dtype == want.dtype
        assert_within_ulp(got, want, max_ulp)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_vectorised_pow_and_atan2_within_an_ulp_of_libm(dtype):
    # Positive finite bases run the vectorised pow; zeros, negatives (with
    # integer and fractional exponents), infinities and NaN go to libm in
    # the same blocks. atan2 over every quadrant, the axes and signed zeros.
    rng = np.random.default_rng(6)
    n = 3000
    x = np.exp(rng.uniform(-30, 30, n))
    y = rng.uniform(-20, 20, n)
    specials = np.array([0.0, -0.0, -2.0, -2.0, np.inf, -np.inf, np.nan, 1.0, 2.0, 10.0])
    powers = np.array([3.0, 0.5, 2.0, 3.0, -1.0, 2.0, 1.0, np.nan, 10.0, 3.0])
    with np.errstate(over="ignore"):
        x = np.concatenate([x, specials, [1e300, 1e-300, 0.5]]).astype(dtype)
        y = np.concatenate([y, powers, [2.0, 2.0, 2000.0]]).astype(dtype)
    order = rng.permutation(x.size)
    x, y = x[order], y[order]
    with np.errstate(all="ignore"):
        want = libm("pow", x.astype(np.float64), y.astype(np.float64)).astype(dtype)
    for a, b, w in ((x, y, want), (x[::-3], y[::-3], want[::-3])):
        assert_within_ulp(np.asarray(xp.pow(xp.asarray(a), xp.asarray(b))), w, 1)
    # A scalar exponent (2.5: 2, 0.5 and -1 take shortcuts, tested below),
    # and exact results at integer powers.
    got = np.asarray(xp.pow(xp.asarray(x), 2.5))
    with np.errstate(all="ignore"):
        assert_within_ulp(got, libm("pow", x.astype(np.float64), 2.5).astype(dtype), 1)
    got = np.asarray(xp.pow(xp.asarray(np.array([2.0, 10.0, 3.0], dtype)), 3.0))
    assert got.tolist() == [8.0, 1000.0, 27.0]

    quadrants = np.concatenate([rng.uniform(-5, 5, n), [0.0, -0.0, 0.0, -0.0, 1.0, -1.0]])
    other = np.concatenate([rng.uniform(-5, 5, n), [1.0, 1.0, -1.0, -1.0, 0.0, -0.0]])
    extra_y = np.array([np.inf, -np.inf, np.inf, 1.0, np.nan, 1e-300, 1e300])
    extra_x = np.array([np.inf, -np.inf, -np.inf, np.inf, 1.0, 1e300, 1e-300])
    with np.errstate(over="ignore"):
        yy = np.concatenate([quadrants, extra_y]).astype(dtype)
        xx = np.concatenate([other, extra_x]).astype(dtype)
    want = libm("atan2", yy.astype(np.float64), xx.astype(np.float64)).astype(dtype)
    for a, b, w in ((yy, xx, want), (yy[::-2], xx[::-2], want[::-2])):
        assert_within_ulp(np.asarray(xp.atan2(xp.asarray(a), xp.asarray(b))), w, 1)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_inplace_pow_with_libm_inputs_reads_them_before_writing(dtype):
    # `x **= y` writes into x; the inputs that the vectorised pow leaves to
    # libm (NaN, zeros, negatives, infinities) must be read before the fast
    # pass overwrites them, contiguous, strided and with a scalar exponent.
    base = np.array([np.nan, 2.0, -0.0, -2.0, 3.0, np.inf, 0.5, -np.inf] * 70, dtype=dtype)
    exponent = np.array([1.0, 3.0, 3.0, 3.0, -1.0, -1.0, 2.0, 2.0] * 70, dtype=dtype)
    with np.errstate(all="ignore"):
        expected = base**exponent
        expected_scalar = base ** np.asarray(3.0, dtype)
    x = xp.asarray(base.copy())
    x **= xp.asarray(exponent)
    np.testing.assert_array_equal(np.asarray(x), expected)
    x = xp.asarray(base.copy())
    x **= 3.0
    np.testing.assert_array_equal(np.asarray(x), expected_scalar)
    x = xp.asarray(np.repeat(base, 2))
    view = x[::2]
    view **= xp.asarray(exponent)
    np.testing.assert_array_equal(np.asarray(view), expected)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "int8", "uint8", "int64"])
@pytest.mark.parametrize("exponent", [2, 2.0, 0.5, -1.0, 1, 1.0, 0, 0.0, -0.0])
def test_pow_by_scalar_shortcuts_are_exact_with_pow_special_cases(dtype, exponent):
    # x ** 2, x ** 0.5, x ** -1, x ** 1 and x ** 0 take exact forms (x * x,
    # sqrt, 1 / x, x, 1), which must still give pow's special cases: -0 **
    # 0.5 is +0 and -inf ** 0.5 is +inf, where sqrt gives -0 and NaN;
    # NaN ** 0 is 1.
    kind = np.dtype(dtype).kind
    if kind in "iu" and not isinstance(exponent, int):
        pytest.skip("a float exponent makes an integer array's result float")
    rng = np.random.default_rng(11)
    if kind in "iu":
        info = np.iinfo(dtype)
        base = rng.integers(info.min, info.max, 500, dtype=dtype, endpoint=True)
    else:
        values = np.concatenate(
            [
                rng.uniform(-50, 50, 500),
                [0.0, -0.0, 1.0, -1.0, 0.25, 4.0, np.inf, -np.inf, np.nan, 1e-30],
            ]
        )
        base = values.astype(dtype)
    with np.errstate(all="ignore"):
        if exponent == 2:
            expected = base * base
        elif exponent == 0.5:
            expected = np.where(base == -np.inf, np.inf, np.sqrt(base) + 0.0)
        elif exponent == 1:
            expected = base.copy()
        elif exponent == 0:
            expected = np.ones_like(base)
        else:
            expected = np.reciprocal(base)
    expected = expected.astype(base.dtype)
    for x, want in ((base, expected), (base[::-3], expected[::-3])):
        got = np.asarray(xp.asarray(x) ** exponent)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)
        assert np.array_equal(np.signbit(got), np.signbit(want))
        inplace = xp.asarray(x.copy())
        inplace **= exponent
        np.testing.assert_array_equal(np.asarray(inplace), want)
        assert np.array_equal(np.signbit(np.asarray(inplace)), np.signbit(want))
    if kind == "f":
        signed = np.asarray(xp.asarray(np.array([-0.0, -np.inf], dtype)) ** exponent)
        want = {
            2: [0.0, np.inf],
            0.5: [0.0, np.inf],
            -1: [-np.inf, -0.0],
            1: [-0.0, -np.inf],
            0: [1.0, 1.0],
        }[exponent]
        want = np.array(want, dtype)
        np.testing.assert_array_equal(signed, want)
        assert np.array_equal(np.signbit(signed), np.signbit(want))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_pow_shortcuts_only_for_a_right_scalar_of_exactly_that_value(dtype):
    # A scalar base (2 ** x) and exponents next to the shortcut values take
    # the general kernel.
    x = xp.asarray(np.array([3.0, -1.0, 10.0, 0.5], dtype))
    assert (2**x).tolist() == [8.0, 0.5, 1024.0, float(np.sqrt(np.float64(2.0)).astype(dtype))]
    assert (0.5**x).tolist() == [
        0.125,
        2.0,
        2.0**-10,
        float(np.sqrt(np.float64(0.5)).astype(dtype)),
    ]
    base = np.array([0.3, 1.7, 4.0, 9.0, 123.0], dtype)
    # (1.0, once in this list, became a shortcut value itself: 1.5 instead.)
    near = [np.nextafter(np.array(2.0, dtype), np.array(3.0, dtype)), -0.5, 3.0, 1.5]
    for exponent in near:
        exponent = float(exponent)
        got = np.asarray(xp.asarray(base) ** exponent)
        want = libm("pow", base.astype(np.float64), exponent).astype(dtype)
        assert_within_ulp(got, want, 1)


def test_complex64_square_keeps_the_real_part_near_cancellation():
    # z ** 2 with |re| close to |im|: re^2 - im^2 cancels, which a complex64
    # product would round away; complex powers keep the general kernel,
    # which works in complex128 (2^-11 + 2^-24 is a float32).
    eps = 2.0**-12
    got = np.asarray(xp.asarray(np.array([complex(1 + eps, 1)], "complex64")) ** 2)
    assert got[0].real == 2 * eps + eps * eps
    assert got[0].imag == np.float32(2 * (1 + eps))
