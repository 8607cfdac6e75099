"""Statistical functions (sum, prod, min, max, mean, var, std, cumulative_sum,
cumulative_prod) against NumPy: values, dtypes, shapes (0-d, empty,
non-contiguous), axis combinations, keepdims and error paths."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stats_strategies import COMPLEX, FLOATS, REALS, assert_same, axes, pairs

import pyarray as xp

ALL = ["bool"] + REALS + COMPLEX


def tolerance(a, dtype):
    """(rtol, atol) for a float reduction of `a` in `dtype`: summation order
    differs from NumPy's for axis reductions, so errors scale with sum(|a|)."""
    eps = {"float16": 1e-2, "float32": 1e-5, "complex64": 1e-5}.get(np.dtype(dtype).name, 1e-12)
    # Widen first: np.abs of the most negative int16 wraps to a negative value
    finite = np.abs(a[np.isfinite(a)].astype(np.complex128)) if a.size else np.zeros(0)
    return eps, eps * (float(np.sum(finite)) + 1.0)


@settings(max_examples=300)
@given(data=st.data(), func=st.sampled_from(["sum", "prod"]), keepdims=st.booleans())
def test_sum_prod(data, func, keepdims):
    x, a = data.draw(pairs(ALL))
    axis = data.draw(axes(a.ndim))
    if func == "prod" and a.dtype.kind == "f":
        # keep products finite and comparable
        a = np.clip(a, -2, 2)
        x = xp.asarray(a.copy())
    got = getattr(xp, func)(x, axis=axis, keepdims=keepdims)
    exp = getattr(np, func)(a, axis=axis, keepdims=keepdims)
    if a.dtype.kind in "fc":
        rtol, atol = tolerance(a, a.dtype)
        assert_same(got, exp, rtol, atol)
    else:
        assert_same(got, exp)


@given(data=st.data(), dtype=st.sampled_from(["int8", "uint16", "float32", "float64", "int64"]))
def test_sum_dtype_argument(data, dtype):
    # no NaN or inf: their casts to integers are implementation-defined
    x, a = data.draw(pairs(["bool", "int8", "uint8", "int32", "float32"], nan=False))
    got = xp.sum(x, dtype=getattr(xp, dtype))
    exp = np.sum(a, dtype=dtype)
    if np.dtype(dtype).kind == "f":
        assert_same(got, exp, *tolerance(a.astype(dtype), dtype))
    else:
        assert_same(got, exp)


@settings(max_examples=300)
@given(data=st.data(), func=st.sampled_from(["min", "max"]), keepdims=st.booleans())
def test_min_max(data, func, keepdims):
    x, a = data.draw(pairs(["bool"] + REALS))
    axis = data.draw(axes(a.ndim))
    try:
        exp = getattr(np, func)(a, axis=axis, keepdims=keepdims)
    except ValueError:
        with pytest.raises(ValueError):
            getattr(xp, func)(x, axis=axis, keepdims=keepdims)
        return
    assert_same(getattr(xp, func)(x, axis=axis, keepdims=keepdims), exp)


@settings(max_examples=300)
@given(data=st.data(), keepdims=st.booleans())
def test_mean(data, keepdims):
    x, a = data.draw(pairs(FLOATS + COMPLEX + ["int32", "bool"]))
    axis = data.draw(axes(a.ndim))
    with _quiet():
        exp = np.mean(a, axis=axis, keepdims=keepdims)
    assert_same(xp.mean(x, axis=axis, keepdims=keepdims), exp, *tolerance(a, exp.dtype))


@settings(max_examples=300)
@given(
    data=st.data(),
    func=st.sampled_from(["var", "std"]),
    correction=st.sampled_from([0, 1, 0.5, 2.0]),
    keepdims=st.booleans(),
)
def test_var_std(data, func, correction, keepdims):
    x, a = data.draw(pairs(FLOATS + ["int16"]))
    axis = data.draw(axes(a.ndim))
    with _quiet():
        exp = getattr(np, func)(a, axis=axis, ddof=correction, keepdims=keepdims)
    got = getattr(xp, func)(x, axis=axis, correction=correction, keepdims=keepdims)
    # squared deviations of values up to 1e3: scale the tolerance accordingly
    rtol, atol = tolerance(a, exp.dtype)
    assert_same(got, exp, rtol * 100, atol * 2000)


@settings(max_examples=300)
@given(
    data=st.data(),
    func=st.sampled_from(["cumulative_sum", "cumulative_prod"]),
    include_initial=st.booleans(),
)
def test_cumulative(data, func, include_initial):
    x, a = data.draw(
        pairs(["bool", "int8", "uint32", "int64", "float64", "complex128"], min_dims=1)
    )
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1)) if a.ndim > 1 else None
    if func == "cumulative_prod" and a.dtype.kind in "fc":
        a = np.clip(a.real, -2, 2).astype(a.dtype)
        x = xp.asarray(a.copy())
    got = getattr(xp, func)(x, axis=axis, include_initial=include_initial)
    exp = getattr(np, func)(a, axis=axis, include_initial=include_initial)
    if a.dtype.kind in "fc":
        assert_same(got, exp, *tolerance(a, a.dtype))
    else:
        assert_same(got, exp)


def test_cumulative_dtype_and_0d():
    a = np.arange(1, 6, dtype=np.int8)
    assert_same(
        xp.cumulative_prod(xp.asarray(a), dtype=xp.float32), np.cumulative_prod(a, dtype=np.float32)
    )
    assert_same(xp.cumulative_sum(xp.asarray(np.int32(4))), np.cumulative_sum(np.int32(4)))


def test_large_contiguous_paths_match_numpy():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((300, 400))
    x = xp.asarray(a)
    for axis in (None, 0, 1, (0, 1)):
        np.testing.assert_allclose(np.array(xp.sum(x, axis=axis)), np.sum(a, axis=axis), rtol=1e-12)
        np.testing.assert_allclose(np.array(xp.std(x, axis=axis)), np.std(a, axis=axis), rtol=1e-12)
        np.testing.assert_array_equal(np.array(xp.max(x, axis=axis)), np.max(a, axis=axis))
    big = np.full(10**6 + 3, 0.1, dtype=np.float32)
    assert float(xp.sum(xp.asarray(big))) == pytest.approx(float(np.sum(big)), rel=1e-6)


def test_empty_reductions():
    e = xp.zeros((0, 3))
    assert_same(xp.sum(e, axis=0), np.zeros(3))
    assert_same(xp.prod(e), np.float64(1.0))
    assert np.isnan(float(xp.mean(e)))
    with pytest.raises(ValueError):
        xp.max(e)
    with pytest.raises(ValueError):
        xp.min(e, axis=0)
    assert_same(xp.max(e, axis=1), np.zeros(0))


def test_errors():
    x = xp.ones((2, 3))
    with pytest.raises(IndexError):
        xp.sum(x, axis=2)
    with pytest.raises(ValueError):
        xp.sum(x, axis=(0, -2))
    with pytest.raises(TypeError):
        xp.sum(x, axis=1.5)
    with pytest.raises(TypeError):
        xp.max(xp.ones(3, dtype=xp.complex64))
    with pytest.raises(TypeError):
        xp.var(xp.ones(3, dtype=xp.complex64))
    with pytest.raises(ValueError):
        xp.var(x, correction=-1)
    with pytest.raises(ValueError):
        xp.cumulative_sum(x)
    with pytest.raises(TypeError):
        xp.sum([1, 2])


class _quiet:
    """Silence NumPy's warnings about empty slices and zero divisors."""

    def __enter__(self):
        import warnings

        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore")
        self._e = np.errstate(all="ignore")
        self._e.__enter__()

    def __exit__(self, *exc):
        self._e.__exit__(*exc)
        self._w.__exit__(*exc)


def test_cumulative_sum_of_empty_lanes_and_views():
    # An empty axis with include_initial still gives one identity per lane.
    got = xp.cumulative_sum(xp.zeros((3, 0)), axis=1, include_initial=True)
    np.testing.assert_array_equal(np.asarray(got), np.zeros((3, 1)))
    got = xp.cumulative_prod(xp.zeros((0, 2)), axis=0, include_initial=True)
    np.testing.assert_array_equal(np.asarray(got), np.ones((1, 2)))
    # Contiguous lanes are read in place; transposed and cast ones from a copy.
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    for view, axis in ((a, 1), (a.T, 1), (a[:, ::-2], 0)):
        got = xp.cumulative_sum(xp.asarray(view), axis=axis)
        np.testing.assert_array_equal(np.asarray(got), np.cumulative_sum(view, axis=axis))
    x = xp.asarray(a)
    xp.cumulative_sum(x, axis=1)
    np.testing.assert_array_equal(np.asarray(x), a)  # the input is not scanned in place
