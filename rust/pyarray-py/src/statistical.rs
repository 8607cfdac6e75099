//! Statistical functions: sum, prod, min, max, mean, var, std,
//! cumulative_sum, cumulative_prod.

use crate::args::{reduction_axes, run, single_axis};
use crate::array::PyArray;
use crate::dtypes::parse_optional_dtype;
use crate::errors::IntoPyResult;

use pyarray_core::statistical as st;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Sum of the elements over the given axes.
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int, optional
///     Axes to reduce; all by default.
/// dtype : dtype, optional
///     Accumulation and result dtype. By default integers sum in int64
///     (unsigned in uint64), bool in int64, floats in their own dtype.
/// keepdims : bool
///     Keep reduced axes with length 1.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.sum(xp.asarray([[1, 2], [3, 4]]), axis=0)
/// Array([4, 6], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, dtype = None, keepdims = false))]
pub fn sum(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    dtype: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
) -> PyResult<PyArray> {
    sum_prod(py, x, axis, dtype, keepdims, false)
}

/// Product of the elements over the given axes (see `sum` for the arguments).
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int, optional
///     Axes to reduce; all by default.
/// dtype : dtype, optional
///     Accumulation and result dtype (integers default to int64 or uint64).
/// keepdims : bool
///     Keep reduced axes with length 1.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.prod(xp.asarray([1, 2, 3, 4]))
/// Array(24, dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, dtype = None, keepdims = false))]
pub fn prod(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    dtype: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
) -> PyResult<PyArray> {
    sum_prod(py, x, axis, dtype, keepdims, true)
}

fn sum_prod(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    dtype: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
    prod: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axes = reduction_axes(axis, x.ndim())?;
    let dtype = parse_optional_dtype(dtype)?;
    run(py, x.size(), || {
        st::sum_prod(x, &axes, dtype, keepdims, prod)
    })
    .map(PyArray::new)
}

/// Maximum over the given axes; NaN propagates. ValueError for an empty reduction.
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int, optional
///     Axes to reduce; all by default.
/// keepdims : bool
///     Keep reduced axes with length 1.
///
/// Returns
/// -------
/// array
///
/// Raises
/// ------
/// ValueError
///     For an empty reduction (no identity).
///
/// Examples
/// --------
/// >>> xp.max(xp.asarray([[1, 5], [3, 2]]), axis=1)
/// Array([5, 3], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, keepdims = false))]
pub fn max(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axes = reduction_axes(axis, x.ndim())?;
    run(py, x.size(), || st::min_max(x, &axes, keepdims, true)).map(PyArray::new)
}

/// Minimum over the given axes; NaN propagates. ValueError for an empty reduction.
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int, optional
///     Axes to reduce; all by default.
/// keepdims : bool
///     Keep reduced axes with length 1.
///
/// Returns
/// -------
/// array
///
/// Raises
/// ------
/// ValueError
///     For an empty reduction (no identity).
///
/// Examples
/// --------
/// >>> xp.min(xp.asarray([[1, 5], [3, 2]]), axis=1)
/// Array([1, 2], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, keepdims = false))]
pub fn min(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axes = reduction_axes(axis, x.ndim())?;
    run(py, x.size(), || st::min_max(x, &axes, keepdims, false)).map(PyArray::new)
}

/// Arithmetic mean over the given axes (NaN for empty reductions). Integer
/// input gives float64.
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int, optional
///     Axes to reduce; all by default.
/// keepdims : bool
///     Keep reduced axes with length 1.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.mean(xp.asarray([1.0, 2.0, 4.5]))
/// Array(2.5, dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, keepdims = false))]
pub fn mean(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axes = reduction_axes(axis, x.ndim())?;
    run(py, x.size(), || st::mean(x, &axes, keepdims)).map(PyArray::new)
}

fn correction_arg(c: f64) -> PyResult<f64> {
    if c < 0.0 {
        return Err(PyValueError::new_err("correction must be non-negative"));
    }
    Ok(c)
}

/// Variance over the given axes.
///
/// Parameters
/// ----------
/// x : array
///     Real floating-point (integers are computed in float64).
/// axis : int or tuple of int, optional
/// correction : int or float
///     Subtracted from the number of elements in the divisor (1 gives the
///     unbiased sample variance).
/// keepdims : bool
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.var(xp.asarray([1.0, 2.0, 3.0, 4.0]))
/// Array(1.25, dtype=float64)
/// >>> xp.var(xp.asarray([1.0, 2.0, 3.0, 4.0]), correction=1)
/// Array(1.66666667, dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, correction = 0.0, keepdims = false))]
pub fn var(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    correction: f64,
    keepdims: bool,
) -> PyResult<PyArray> {
    var_std(py, x, axis, correction, keepdims, false)
}

/// Standard deviation over the given axes (see `var` for the arguments).
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int, optional
///     Axes to reduce; all by default.
/// correction : int or float
///     Subtracted from the number of elements in the divisor (1 for the sample estimate).
/// keepdims : bool
///     Keep reduced axes with length 1.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.std(xp.asarray([1.0, 3.0]))
/// Array(1., dtype=float64)
#[pyfunction]
#[pyo3(name = "std", signature = (x, /, *, axis = None, correction = 0.0, keepdims = false))]
pub fn std_dev(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    correction: f64,
    keepdims: bool,
) -> PyResult<PyArray> {
    var_std(py, x, axis, correction, keepdims, true)
}

fn var_std(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    correction: f64,
    keepdims: bool,
    std: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axes = reduction_axes(axis, x.ndim())?;
    let c = correction_arg(correction)?;
    run(py, x.size(), || st::var_std(x, &axes, c, keepdims, std)).map(PyArray::new)
}

/// Cumulative sum along `axis`.
///
/// Parameters
/// ----------
/// x : array
/// axis : int, optional
///     Required unless `x` has at most one dimension.
/// dtype : dtype, optional
///     As for `sum`.
/// include_initial : bool
///     Start each lane with 0 (the result is one longer along `axis`).
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.cumulative_sum(xp.asarray([1, 2, 3]))
/// Array([1, 3, 6], dtype=int64)
/// >>> xp.cumulative_sum(xp.asarray([1, 2, 3]), include_initial=True)
/// Array([0, 1, 3, 6], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, dtype = None, include_initial = false))]
pub fn cumulative_sum(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<isize>,
    dtype: Option<&Bound<'_, PyAny>>,
    include_initial: bool,
) -> PyResult<PyArray> {
    cumulative(py, x, axis, dtype, include_initial, false)
}

/// Cumulative product along `axis` (see `cumulative_sum`; the initial value is 1).
///
/// Parameters
/// ----------
/// x : array
/// axis : int, optional
///     Required unless x is one-dimensional.
/// dtype : dtype, optional
///     Accumulation and result dtype.
/// include_initial : bool
///     Start with the initial value 1 (the result is one longer along axis).
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.cumulative_prod(xp.asarray([1, 2, 3, 4]))
/// Array([ 1,  2,  6, 24], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, dtype = None, include_initial = false))]
pub fn cumulative_prod(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<isize>,
    dtype: Option<&Bound<'_, PyAny>>,
    include_initial: bool,
) -> PyResult<PyArray> {
    cumulative(py, x, axis, dtype, include_initial, true)
}

fn cumulative(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<isize>,
    dtype: Option<&Bound<'_, PyAny>>,
    include_initial: bool,
    prod: bool,
) -> PyResult<PyArray> {
    // A 0-d input behaves as a 1-element vector (NumPy).
    let x = if x.inner.ndim() == 0 {
        x.inner.reshape(&[1]).py()?
    } else {
        x.inner.clone()
    };
    let axis = match single_axis(axis, x.ndim())? {
        Some(a) => a,
        None if x.ndim() == 1 => 0,
        None => {
            return Err(PyValueError::new_err(
                "axis is required for arrays of more than one dimension",
            ))
        }
    };
    let dtype = parse_optional_dtype(dtype)?;
    run(py, x.size(), || {
        st::cumulative(&x, axis, dtype, include_initial, prod)
    })
    .map(PyArray::new)
}

/// Register the section's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),*) => {$( m.add_function(wrap_pyfunction!($f, m)?)?; )*};
    }
    add!(
        sum,
        prod,
        max,
        min,
        mean,
        var,
        std_dev,
        cumulative_sum,
        cumulative_prod
    );
    Ok(())
}
