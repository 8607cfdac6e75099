"""unique_all, unique_counts, unique_inverse, unique_values and isin against
NumPy: named-tuple fields, each NaN distinct, inverse shaped like x, and the
error paths."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stats_strategies import COMPLEX, INTS, REALS, assert_same, np_arrays, pairs

import pyarray as xp

SET_DTYPES = ["bool"] + REALS + COMPLEX


@settings(max_examples=300)
@given(data=st.data())
def test_unique_all(data):
    x, a = data.draw(pairs(SET_DTYPES))
    got = xp.unique_all(x)
    exp = np.unique_all(a)
    assert type(got).__name__ == "UniqueAllResult"
    assert got._fields == ("values", "indices", "inverse_indices", "counts")
    assert_same(got.values, exp.values)
    assert_same(got.indices, exp.indices.astype(np.int64))
    assert_same(got.inverse_indices, exp.inverse_indices.reshape(a.shape).astype(np.int64))
    assert_same(got.counts, exp.counts.astype(np.int64))


@settings(max_examples=200)
@given(data=st.data())
def test_unique_counts_inverse_values(data):
    x, a = data.draw(pairs(SET_DTYPES))
    full = np.unique_all(a)
    counts = xp.unique_counts(x)
    assert counts._fields == ("values", "counts")
    assert_same(counts.values, full.values)
    assert_same(counts.counts, full.counts.astype(np.int64))
    inverse = xp.unique_inverse(x)
    assert inverse._fields == ("values", "inverse_indices")
    assert_same(inverse.inverse_indices, full.inverse_indices.reshape(a.shape).astype(np.int64))
    # values rebuild x through the inverse indices
    rebuilt = np.asarray(inverse.values)[np.asarray(inverse.inverse_indices)]
    np.testing.assert_array_equal(rebuilt, a)
    assert_same(xp.unique_values(x), full.values)


def test_each_nan_is_distinct_and_zeros_equal():
    a = np.array([np.nan, 0.0, -0.0, np.nan, 1.0])
    v = xp.unique_values(xp.asarray(a))
    assert v.shape == (4,)
    counts = xp.unique_counts(xp.asarray(a)).counts
    assert np.array(counts).tolist() == [2, 1, 1, 1]


@settings(max_examples=300)
@given(data=st.data(), invert=st.booleans())
def test_isin(data, invert):
    x, a = data.draw(pairs(["bool"] + REALS))
    b = data.draw(np_arrays(["bool"] + REALS, max_side=6))
    got = xp.isin(x, xp.asarray(b), invert=invert)
    assert_same(got, np.isin(a, b, invert=invert))


def test_isin_scalars():
    a = np.array([[1, 2], [3, 4]], dtype=np.int8)
    assert_same(xp.isin(xp.asarray(a), 3), np.isin(a, 3))
    assert_same(xp.isin(2, xp.asarray(a)), np.asarray(True))
    assert_same(xp.isin(xp.asarray([np.nan, 1.0]), xp.asarray([np.nan])), np.array([False, False]))
    with pytest.raises(TypeError):
        xp.isin(1, 2)


@given(dtype=st.sampled_from(INTS))
def test_unique_of_0d_and_empty(dtype):
    x = xp.asarray(np.array(7, dtype=dtype))
    res = xp.unique_all(x)
    assert res.inverse_indices.shape == ()
    assert_same(res.values, np.array([7], dtype=dtype))
    e = xp.unique_inverse(xp.zeros((0, 3), dtype=getattr(xp, dtype)))
    assert e.values.shape == (0,)
    assert e.inverse_indices.shape == (0, 3)
