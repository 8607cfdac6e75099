"""sort and argsort against NumPy and Python's stable sort: every axis,
ascending and descending (stable in both directions), NaNs last, 0-d, empty
and non-contiguous input, and error paths."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stats_strategies import REALS, assert_same, pairs

import pyarray as xp


def stable_argsort_lane(lane, descending):
    """Python's sorted is stable also with reverse=True (equal elements keep
    their order); NaNs sort after every number (before, when descending)."""

    def key(i):
        v = lane[i]
        nan = isinstance(v, float) and math.isnan(v)
        return (nan, 0 if nan else v)

    return sorted(range(len(lane)), key=key, reverse=descending)


def oracle_argsort(a, axis, descending):
    moved = np.moveaxis(a, axis, -1)
    out = np.empty(moved.shape, dtype=np.int64)
    for idx in np.ndindex(moved.shape[:-1]):
        out[idx] = stable_argsort_lane(moved[idx].tolist(), descending)
    return np.moveaxis(out, -1, axis)


@settings(max_examples=300)
@given(data=st.data(), descending=st.booleans(), stable=st.booleans())
def test_argsort(data, descending, stable):
    x, a = data.draw(pairs(["bool"] + REALS, min_dims=1))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    got = xp.argsort(x, axis=axis, descending=descending, stable=stable)
    # Unstable sorts may order ties either way; this one breaks ties by index.
    assert_same(got, oracle_argsort(a, axis, descending))


@settings(max_examples=300)
@given(data=st.data(), descending=st.booleans(), stable=st.booleans())
def test_sort(data, descending, stable):
    x, a = data.draw(pairs(["bool"] + REALS, min_dims=1))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    exp = np.sort(a, axis=axis, kind="stable")
    if descending:
        # NumPy has no descending sort: take the stable oracle's order
        exp = np.take_along_axis(a, oracle_argsort(a, axis, True), axis=axis)
    assert_same(xp.sort(x, axis=axis, descending=descending, stable=stable), exp)


def test_defaults_are_stable_and_nan_last():
    a = np.array([2.0, np.nan, -1.0, 2.0, -0.0, 0.0, np.inf])
    x = xp.asarray(a)
    assert_same(xp.argsort(x), np.argsort(a, kind="stable"))
    assert_same(xp.sort(x), np.sort(a))
    assert_same(xp.argsort(x, descending=True), np.array([1, 6, 0, 3, 4, 5, 2]))


def test_large_sorts_match_numpy():
    rng = np.random.default_rng(1)
    for a in (rng.standard_normal(200_000), rng.integers(0, 1000, 200_000)):
        x = xp.asarray(a)
        assert_same(xp.sort(x), np.sort(a))
        assert_same(xp.argsort(x), np.argsort(a, kind="stable"))
        assert_same(xp.argsort(x, stable=False), np.argsort(a, kind="stable"))


def test_errors():
    with pytest.raises(TypeError):
        xp.sort(xp.ones(3, dtype=xp.complex128))
    with pytest.raises(TypeError):
        xp.argsort(xp.ones(3, dtype=xp.complex64))
    with pytest.raises(IndexError):
        xp.sort(xp.ones((2, 2)), axis=2)
    with pytest.raises(IndexError):
        xp.argsort(xp.ones(3), axis=-2)
    with pytest.raises(TypeError):
        xp.sort([3, 1])


@settings(max_examples=60)
@given(
    data=st.data(),
    dtype=st.sampled_from(
        ["float64", "float32", "float16", "int64", "uint64", "int32", "uint32", "uint8", "int16"]
    ),
    descending=st.booleans(),
    stable=st.booleans(),
)
def test_long_lanes_take_the_key_paths(data, dtype, descending, stable):
    """Lanes of 16+ elements sort as keys (vectorised quicksort with AVX-512,
    radix from 512 elsewhere), lanes holding -0.0 by comparison: check ties,
    NaNs, infinities and signed zeros there, across leaf and partition sizes."""
    pool = [0, 1, 2, 7, 100] if dtype.startswith("u") else [-3, 0, 1, 2, 7, -100]
    if dtype.startswith("float"):
        pool = pool + [np.nan, np.inf, -np.inf, 0.5]
        if data.draw(st.booleans()):
            pool.append(-0.0)
    n = data.draw(st.integers(16, 1500))
    values = data.draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
    a = (
        np.array(values, dtype=dtype).reshape(-1, 1)
        if data.draw(st.booleans())
        else np.array(values, dtype=dtype)
    )
    axis = 0
    x = xp.asarray(a)
    order = oracle_argsort(a, axis, descending)
    assert_same(xp.argsort(x, axis=axis, descending=descending, stable=stable), order)
    assert_same(
        xp.sort(x, axis=axis, descending=descending, stable=stable),
        np.take_along_axis(a, order, axis=axis),
    )


@pytest.mark.parametrize(
    "dtype", ["float64", "float32", "float16", "int64", "int32", "int8", "uint32", "uint16"]
)
@pytest.mark.parametrize("descending", [False, True])
def test_parallel_sorts_match_numpy(dtype, descending):
    """Lanes of 2^16+ keys sort their partitions on both threads (values of
    at most 4 bytes as u32 keys, 16 to a vector with AVX-512): random,
    few distinct, sorted and reversed inputs, NaNs and infinities included."""
    rng = np.random.default_rng(7)
    n = 300_001
    if dtype.startswith("float"):
        random = rng.standard_normal(n).astype(dtype)
        random[rng.integers(0, n, 500)] = np.nan
        random[:3] = [np.inf, -np.inf, np.nan]
    else:
        info = np.iinfo(dtype)
        random = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    few = rng.integers(0, 3, n).astype(dtype)
    for a in (random, few, np.sort(random), np.sort(random)[::-1].copy()):
        expected = np.sort(a)
        if descending:
            expected = expected[::-1]
            if dtype.startswith("float"):  # NaNs first when descending
                expected = np.concatenate([a[np.isnan(a)], np.sort(a[~np.isnan(a)])[::-1]])
        assert_same(xp.sort(xp.asarray(a), descending=descending), expected)


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", ["float64", "int64"])
def test_argsort_ties_below_the_packed_key_bits(dtype, descending):
    """Argsort packs each key, shortened to the bits left beside its index,
    with the index: keys spanning the whole range lose their low bits, so
    values differing only there tie in the packed sort and must still come
    out by value, then by index (stable, also when descending)."""
    rng = np.random.default_rng(3)
    n = 300_000
    if dtype == "float64":
        close = 1.0 + np.arange(50) * np.finfo(np.float64).eps
        extremes = [-1e300, 1e300]
    else:
        close = 2**40 + np.arange(50)
        extremes = [-(2**62), 2**62]
    a = rng.choice(close, n).astype(dtype)
    a[:2] = extremes
    expected = np.argsort(-a if descending else a, kind="stable")
    for stable in (True, False):
        got = xp.argsort(xp.asarray(a), descending=descending, stable=stable)
        assert_same(got, expected)
