"""Data types and data type functions: dtype objects, finfo, iinfo, isdtype,
result_type, can_cast, astype."""

import itertools
import math
import pickle

import numpy as np
import pytest
from conftest import (
    ALL_NAMES,
    COMPLEX_NAMES,
    INT_NAMES,
    INTEGER_NAMES,
    NUMPY_NAMES,
    REAL_FLOAT_NAMES,
    UINT_NAMES,
    assert_equal,
    bf16_round,
    kind_of,
    ndt,
    sample_array,
    to_numpy,
    xdt,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

# ---------------------------------------------------------------------------
# dtype objects


@pytest.mark.parametrize("name", ALL_NAMES)
def test_dtype_object_basics(name):
    d = xdt(name)
    assert d.name == name
    assert d == d
    assert d == xdt(name)
    assert not (d != xdt(name))
    assert hash(d) == hash(xdt(name))
    assert name in repr(d)
    for other in ALL_NAMES:
        if other != name:
            assert d != xdt(other)
            assert not (d == xdt(other))
    assert pickle.loads(pickle.dumps(d)) == d


def test_dtypes_as_dict_keys():
    table = {xdt(n): n for n in ALL_NAMES}
    assert len(table) == len(ALL_NAMES)
    for n in ALL_NAMES:
        assert table[xdt(n)] == n
    assert table[xp.asarray([1.0]).dtype] == "float64"


def test_array_dtype_is_the_module_dtype():
    assert xp.asarray([1, 2], dtype=xp.int16).dtype == xp.int16
    assert xp.asarray(True).dtype == xp.bool
    assert xp.zeros(2, dtype=xp.bfloat16).dtype == xp.bfloat16


# ---------------------------------------------------------------------------
# finfo / iinfo


@pytest.mark.parametrize("name", ["float16", "float32", "float64", "complex64", "complex128"])
def test_finfo_matches_numpy(name):
    fi, nfi = xp.finfo(xdt(name)), np.finfo(name)
    assert fi.bits == nfi.bits
    for attr in ("eps", "max", "min", "smallest_normal"):
        v = getattr(fi, attr)
        assert type(v) is float, attr
        assert v == float(getattr(nfi, attr)), attr
    real = {"complex64": "float32", "complex128": "float64"}.get(name, name)
    assert fi.dtype == xdt(real)


def test_finfo_of_array():
    assert xp.finfo(xp.asarray([1.0], dtype=xp.float32)).bits == 32
    assert xp.finfo(xp.zeros(2, dtype=xp.complex128)).eps == float(np.finfo(np.float64).eps)


def test_finfo_bfloat16():
    fi = xp.finfo(xp.bfloat16)
    assert fi.bits == 16
    assert fi.eps == 2.0**-7
    assert fi.max == (2 - 2.0**-7) * 2.0**127
    assert fi.min == -fi.max
    assert fi.smallest_normal == 2.0**-126
    assert fi.dtype == xp.bfloat16


@pytest.mark.parametrize("name", INTEGER_NAMES)
def test_iinfo_matches_numpy(name):
    ii, nii = xp.iinfo(xdt(name)), np.iinfo(name)
    assert ii.bits == nii.bits
    assert type(ii.max) is int and ii.max == int(nii.max)
    assert type(ii.min) is int and ii.min == int(nii.min)
    assert ii.dtype == xdt(name)
    assert xp.iinfo(xp.zeros(1, dtype=xdt(name))).max == int(nii.max)


@pytest.mark.parametrize("name", ["bool", *INTEGER_NAMES])
def test_finfo_rejects_non_floating(name):
    with pytest.raises((TypeError, ValueError)):
        xp.finfo(xdt(name))


@pytest.mark.parametrize("name", ["bool", *REAL_FLOAT_NAMES, *COMPLEX_NAMES])
def test_iinfo_rejects_non_integer(name):
    with pytest.raises((TypeError, ValueError)):
        xp.iinfo(xdt(name))


# ---------------------------------------------------------------------------
# isdtype

KINDS = {
    "bool": {"bool"},
    "signed integer": set(INT_NAMES),
    "unsigned integer": set(UINT_NAMES),
    "integral": set(INTEGER_NAMES),
    "real floating": set(REAL_FLOAT_NAMES),
    "complex floating": set(COMPLEX_NAMES),
    "numeric": set(INTEGER_NAMES) | set(REAL_FLOAT_NAMES) | set(COMPLEX_NAMES),
}


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("name", ALL_NAMES)
def test_isdtype_kind_strings(name, kind):
    r = xp.isdtype(xdt(name), kind)
    assert type(r) is bool
    assert r == (name in KINDS[kind])


@pytest.mark.parametrize("name", ALL_NAMES)
def test_isdtype_dtype_kind(name):
    for other in ALL_NAMES:
        assert xp.isdtype(xdt(name), xdt(other)) == (name == other)


@settings(max_examples=150)
@given(
    name=st.sampled_from(ALL_NAMES),
    kinds=st.lists(
        st.sampled_from(list(KINDS)) | st.sampled_from(ALL_NAMES), min_size=0, max_size=4
    ),
)
def test_isdtype_tuples(name, kinds):
    members = tuple(k if k in KINDS else xdt(k) for k in kinds)
    expected = any(name in KINDS[k] if k in KINDS else name == k for k in kinds)
    assert xp.isdtype(xdt(name), members) is expected


def test_isdtype_errors():
    with pytest.raises(ValueError):
        xp.isdtype(xp.int8, "integer")
    with pytest.raises(ValueError):
        xp.isdtype(xp.int8, ("bool", "no such kind"))
    with pytest.raises(TypeError):
        xp.isdtype(xp.int8, 1)
    with pytest.raises(TypeError):
        xp.isdtype(xp.asarray([1]), "integral")


# ---------------------------------------------------------------------------
# result_type: the standard's promotion tables, written out from the spec

_I = {"i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64"}
_U = {"u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64"}
_F = {"f4": "float32", "f8": "float64", "c8": "complex64", "c16": "complex128"}
_CODES = {**_I, **_U, **_F}


def _table(text):
    rows = [line.split() for line in text.strip().splitlines()]
    cols = rows[0]
    out = {}
    for row in rows[1:]:
        for col, res in zip(cols, row[1:], strict=True):
            out[(_CODES[row[0]], _CODES[col])] = _CODES[res]
    return out


SIGNED_TABLE = _table(
    """
        i1 i2 i4 i8
    i1  i1 i2 i4 i8
    i2  i2 i2 i4 i8
    i4  i4 i4 i4 i8
    i8  i8 i8 i8 i8
    """
)
UNSIGNED_TABLE = _table(
    """
        u1 u2 u4 u8
    u1  u1 u2 u4 u8
    u2  u2 u2 u4 u8
    u4  u4 u4 u4 u8
    u8  u8 u8 u8 u8
    """
)
MIXED_TABLE = _table(
    """
        u1 u2 u4
    i1  i2 i4 i8
    i2  i2 i4 i8
    i4  i4 i4 i8
    i8  i8 i8 i8
    """
)
FLOAT_TABLE = _table(
    """
         f4  f8  c8  c16
    f4   f4  f8  c8  c16
    f8   f8  f8  c16 c16
    c8   c8  c16 c8  c16
    c16  c16 c16 c16 c16
    """
)
STANDARD_PROMOTIONS = {("bool", "bool"): "bool"}
for _t in (SIGNED_TABLE, UNSIGNED_TABLE, MIXED_TABLE, FLOAT_TABLE):
    for (_a, _b), _r in _t.items():
        STANDARD_PROMOTIONS[(_a, _b)] = _r
        STANDARD_PROMOTIONS[(_b, _a)] = _r


@pytest.mark.parametrize("pair", sorted(STANDARD_PROMOTIONS), ids=lambda p: f"{p[0]}-{p[1]}")
def test_result_type_standard_table(pair):
    a, b = pair
    expected = xdt(STANDARD_PROMOTIONS[pair])
    assert xp.result_type(xdt(a), xdt(b)) == expected
    # arrays and dtypes mix freely, 0-d arrays follow the same rules
    assert xp.result_type(xp.zeros(2, dtype=xdt(a)), xdt(b)) == expected
    assert xp.result_type(xp.zeros((), dtype=xdt(a)), xp.zeros(3, dtype=xdt(b))) == expected


@settings(max_examples=150)
@given(
    st.lists(st.sampled_from(sorted({a for a, _ in STANDARD_PROMOTIONS})), min_size=1, max_size=5)
)
def test_result_type_many_args_associative(names):
    # fold with the table where it is defined; every order must agree
    def fold(seq):
        acc = seq[0]
        for n in seq[1:]:
            if (acc, n) not in STANDARD_PROMOTIONS:
                return None
            acc = STANDARD_PROMOTIONS[(acc, n)]
        return acc

    expected = fold(names)
    if expected is None:
        return
    assert xp.result_type(*[xdt(n) for n in names]) == xdt(expected)
    assert xp.result_type(*[xdt(n) for n in reversed(names)]) == xdt(expected)


@pytest.mark.parametrize("a", NUMPY_NAMES)
def test_result_type_all_pairs_follow_numpy_where_standard_is_silent(a):
    for b in NUMPY_NAMES:
        expected = np.result_type(a, b).name
        assert xp.result_type(xdt(a), xdt(b)) == xdt(expected), (a, b)


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("bfloat16", "bfloat16", "bfloat16"),
        ("bfloat16", "float16", "float32"),
        ("bfloat16", "float32", "float32"),
        ("bfloat16", "float64", "float64"),
        ("bfloat16", "complex64", "complex64"),
        ("bfloat16", "complex128", "complex128"),
    ],
)
def test_result_type_bfloat16(a, b, expected):
    assert xp.result_type(xdt(a), xdt(b)) == xdt(expected)
    assert xp.result_type(xdt(b), xdt(a)) == xdt(expected)


@pytest.mark.parametrize(
    "dtype, scalar, expected",
    [
        ("int8", 1, "int8"),
        ("uint8", 1, "uint8"),
        ("int16", -5, "int16"),
        ("uint64", 7, "uint64"),
        ("float32", 1.0, "float32"),
        ("float32", 1, "float32"),
        ("float16", 2.5, "float16"),
        ("bfloat16", 2.5, "bfloat16"),
        ("float64", 1, "float64"),
        ("complex64", 1.0, "complex64"),
        ("complex64", 1, "complex64"),
        ("complex64", 1j, "complex64"),
        ("float32", 1j, "complex64"),
        ("float64", 1j, "complex128"),
        ("bool", True, "bool"),
    ],
)
def test_result_type_python_scalars_are_weak(dtype, scalar, expected):
    assert xp.result_type(xdt(dtype), scalar) == xdt(expected)
    assert xp.result_type(scalar, xdt(dtype)) == xdt(expected)
    assert xp.result_type(xp.zeros(2, dtype=xdt(dtype)), scalar) == xdt(expected)


def test_result_type_scalars_with_several_dtypes():
    assert xp.result_type(xp.int8, 1, xp.int16, 2) == xp.int16
    assert xp.result_type(xp.float32, 1.0, xp.float64) == xp.float64
    assert xp.result_type(xp.int8, xp.uint8, 3) == xp.int16


@pytest.mark.parametrize("dtype", ["int8", "bool", "int64", "uint8"])
@pytest.mark.parametrize("scalar", [True, 1, 1.0, 1j])
def test_result_type_cross_kind_scalars_follow_numpy(dtype, scalar):
    expected = np.result_type(np.dtype(dtype), scalar).name
    assert xp.result_type(xdt(dtype), scalar) == xdt(expected)


def test_result_type_errors():
    with pytest.raises((TypeError, ValueError)):
        xp.result_type()
    with pytest.raises((TypeError, ValueError)):
        xp.result_type(1, 2.0)
    with pytest.raises(TypeError):
        xp.result_type(xp.int8, "x")


# ---------------------------------------------------------------------------
# can_cast


@pytest.mark.parametrize("pair", sorted(STANDARD_PROMOTIONS), ids=lambda p: f"{p[0]}-{p[1]}")
def test_can_cast_standard(pair):
    a, b = pair
    expected = STANDARD_PROMOTIONS[pair] == b
    assert xp.can_cast(xdt(a), xdt(b)) is expected
    assert xp.can_cast(xp.zeros(1, dtype=xdt(a)), xdt(b)) is expected


@pytest.mark.parametrize("a", NUMPY_NAMES)
def test_can_cast_all_pairs_follow_numpy(a):
    for b in NUMPY_NAMES:
        assert xp.can_cast(xdt(a), xdt(b)) == bool(np.can_cast(a, b)), (a, b)


def test_can_cast_bfloat16():
    assert xp.can_cast(xp.bfloat16, xp.float32)
    assert xp.can_cast(xp.bfloat16, xp.float64)
    assert xp.can_cast(xp.bfloat16, xp.complex64)
    assert not xp.can_cast(xp.float32, xp.bfloat16)
    assert not xp.can_cast(xp.bfloat16, xp.float16)
    assert not xp.can_cast(xp.float16, xp.bfloat16)


# ---------------------------------------------------------------------------
# astype


def _astype_pairs():
    for a, b in itertools.product(NUMPY_NAMES, NUMPY_NAMES):
        if kind_of(a) == "complex" and kind_of(b) != "complex":
            continue  # complex -> real is unspecified by the standard
        yield a, b


def _astype_source(a, b, shape):
    """Sample values of dtype `a` that dtype `b` can represent."""
    src = sample_array(a, shape)
    if b in UINT_NAMES and kind_of(a) in ("int", "float"):
        src = np.abs(src)  # negative values are not representable
    return src


@pytest.mark.parametrize("pair", list(_astype_pairs()), ids=lambda p: f"{p[0]}-{p[1]}")
def test_astype_all_pairs_vs_numpy(pair):
    a, b = pair
    src = _astype_source(a, b, (2, 3))
    x = xp.asarray(src.copy())
    y = xp.astype(x, xdt(b))
    assert_equal(y, src.astype(b))
    # strided and reversed input
    assert_equal(xp.astype(x[:, ::-2], xdt(b)), src[:, ::-2].astype(b))


@pytest.mark.parametrize("name", [n for n in NUMPY_NAMES if kind_of(n) != "complex"])
def test_astype_to_and_from_bfloat16(name):
    src = sample_array(name, (5,))
    x = xp.asarray(src)
    y = xp.astype(x, xp.bfloat16)
    assert y.dtype == xp.bfloat16
    np.testing.assert_array_equal(to_numpy(y), bf16_round(src.astype(np.float32)))
    back = xp.astype(y, xdt(name))
    assert_equal(back, bf16_round(src.astype(np.float32)).astype(name))


@settings(max_examples=300)
@given(
    hnp.arrays(
        np.float32,
        hnp.array_shapes(max_dims=1, max_side=20),
        elements=st.floats(width=32, allow_nan=False),
    )
)
def test_astype_float32_to_bfloat16_rounds_to_nearest_even(a):
    y = xp.astype(xp.asarray(a), xp.bfloat16)
    np.testing.assert_array_equal(to_numpy(y), bf16_round(a))


def test_astype_bfloat16_special_values():
    a = np.array(
        [np.nan, np.inf, -np.inf, -0.0, 1 + 2**-8, 1 + 3 * 2**-8, 3.4028235e38], dtype=np.float32
    )
    y = to_numpy(xp.astype(xp.asarray(a), xp.bfloat16))
    assert np.isnan(y[0])
    assert y[1] == np.inf and y[2] == -np.inf
    assert y[3] == 0 and np.signbit(y[3])
    assert y[4] == 1.0  # tie rounds to even
    assert y[5] == 1 + 2**-6  # tie rounds to even (upwards)
    assert y[6] == np.inf  # float32 max overflows bfloat16
    c = xp.astype(xp.asarray([1.5], dtype=xp.bfloat16), xp.complex64)
    assert c.dtype == xp.complex64 and c.tolist() == [1.5 + 0j]


def test_astype_copy_semantics():
    x = xp.asarray([1, 2, 3])
    assert xp.astype(x, xp.int64, copy=False) is x
    y = xp.astype(x, xp.int64)
    assert y is not x
    y[0] = 100
    assert x.tolist() == [1, 2, 3]
    z = xp.astype(x, xp.int64, copy=True)
    z[1] = 200
    assert x.tolist() == [1, 2, 3]
    w = xp.astype(x, xp.float32, copy=False)
    assert w.dtype == xp.float32 and w.tolist() == [1.0, 2.0, 3.0]
    # a copy of a read-only array is writable
    ro = xp.asarray(b"\x01\x02")
    c = xp.astype(ro, xp.uint8)
    c[0] = 9
    assert ro.tolist() == [1, 2] and c.tolist() == [9, 2]


@pytest.mark.parametrize(
    "name",
    ["uint8", "int16", "uint32", "int64", "uint64", "float16", "float32", "float64", "complex64"],
)
def test_same_dtype_copies_are_bit_exact(name):
    # Every byte pattern survives a copy, NaN payloads (a signalling float16
    # NaN, once quieted by a trip through float64) and -0.0 included.
    raw = np.random.default_rng(3).integers(0, 256, 8 * 64, dtype=np.uint8)
    raw[:2] = [0x01, 0x7C]  # float16 signalling NaN 0x7c01
    a = raw.view(name).reshape(8, -1)
    x = xp.asarray(a)
    for got, expected in [
        (xp.asarray(x, copy=True), a),
        (xp.astype(x, getattr(xp, name), copy=True), a),
        (x[::2, 1::3], a[::2, 1::3]),
        (xp.asarray(x.mT, copy=True), a.T),
    ]:
        got = np.asarray(xp.asarray(got, copy=True))
        assert got.tobytes() == np.ascontiguousarray(expected).tobytes()


def _saturating_cast(f, name):
    """pyarray's float-to-integer cast of one value: truncate, NaN to 0,
    saturate to int64 (negative values) or uint64, then wrap to the width."""
    if math.isnan(f):
        v = 0
    elif f < 0:
        v = max(int(f), -(2**63)) if math.isfinite(f) else -(2**63)
    else:
        top = 2**63 - 1 if name.startswith("int") else 2**64 - 1
        v = min(int(f), top) if math.isfinite(f) else top
    bits = np.iinfo(name).bits
    v %= 2**bits
    return v - 2**bits if name.startswith("int") and v >= 2 ** (bits - 1) else v


@pytest.mark.parametrize("src", ["float32", "float64", "complex128"])
@pytest.mark.parametrize(
    "dst", ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]
)
def test_astype_float_to_integer_is_defined_out_of_range(src, dst):
    # Contiguous runs long enough for the vectorised loop, and the edges:
    # NaN, infinities, 2^63 and 2^64 and their neighbours, negative values.
    edges = [np.nan, np.inf, -np.inf, 0.0, -0.0, 0.7, -0.7, -1.5, 255.9, -129.9, 1e30, -1e30]
    edges += [2.0**63, -(2.0**63), 2.0**64, 2.0**63 - 1024, 2.0**64 - 2048, -(2.0**63) - 2048]
    a = np.asarray(edges * 5, dtype=src)
    got = xp.astype(xp.asarray(a), getattr(xp, dst)).tolist()
    expected = [_saturating_cast(complex(v).real, dst) for v in a.tolist()]
    assert got == expected


def test_astype_device():
    x = xp.asarray([1.0])
    assert xp.astype(x, xp.float32, device=xp.CPU_DEVICE).dtype == xp.float32
    with pytest.raises(ValueError):
        xp.astype(x, xp.float32, device="gpu")


@settings(max_examples=100)
@given(
    src=st.sampled_from(NUMPY_NAMES),
    dst=st.sampled_from(NUMPY_NAMES),
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4),
)
def test_astype_shapes(src, dst, shape):
    if kind_of(src) == "complex" and kind_of(dst) != "complex":
        return
    a = _astype_source(src, dst, shape)
    assert_equal(xp.astype(xp.asarray(a), xdt(dst)), a.astype(ndt(dst)))
