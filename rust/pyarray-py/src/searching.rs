//! Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted
//! (`where` is bound with the elementwise functions).

use crate::args::{reduction_axes, run, single_axis};
use crate::array::PyArray;
use crate::convert::array_or_scalar;
use pyarray_core::searching as se;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Index of the maximum along `axis` (of the flattened array when None).
///
/// The first occurrence wins; a NaN counts as the maximum. Returns an int64
/// array; ValueError when the searched axis is empty.
///
/// Parameters
/// ----------
/// x : array
/// axis : int, optional
///     Axis to search; the flattened array when None.
/// keepdims : bool
///     Keep reduced axes with length 1.
///
/// Returns
/// -------
/// array
///     int64 indices.
///
/// Raises
/// ------
/// ValueError
///     If the searched axis is empty.
///
/// Examples
/// --------
/// >>> xp.argmax(xp.asarray([1, 5, 2]))
/// Array(1, dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, keepdims = false))]
pub fn argmax(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<isize>,
    keepdims: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axis = single_axis(axis, x.ndim())?;
    run(py, x.size(), || se::argmax_argmin(x, axis, keepdims, true)).map(PyArray::new)
}

/// Index of the minimum along `axis` (see `argmax`; a NaN counts as the minimum).
///
/// Parameters
/// ----------
/// x : array
/// axis : int, optional
///     Axis to search; the flattened array when None.
/// keepdims : bool
///     Keep reduced axes with length 1.
///
/// Returns
/// -------
/// array
///     int64 indices.
///
/// Raises
/// ------
/// ValueError
///     If the searched axis is empty.
///
/// Examples
/// --------
/// >>> xp.argmin(xp.asarray([[4, 1], [0, 3]]), axis=1)
/// Array([1, 0], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, keepdims = false))]
pub fn argmin(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<isize>,
    keepdims: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axis = single_axis(axis, x.ndim())?;
    run(py, x.size(), || se::argmax_argmin(x, axis, keepdims, false)).map(PyArray::new)
}

/// Number of nonzero elements over the given axes (int64).
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
///     int64.
///
/// Examples
/// --------
/// >>> xp.count_nonzero(xp.asarray([0, 1, 2, 0]))
/// Array(2, dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, keepdims = false))]
pub fn count_nonzero(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axes = reduction_axes(axis, x.ndim())?;
    run(py, x.size(), || se::count_nonzero(x, &axes, keepdims)).map(PyArray::new)
}

/// Indices of the nonzero elements: a tuple of int64 arrays, one per axis.
/// ValueError for 0-d input.
///
/// Parameters
/// ----------
/// x : array
///     At least one-dimensional.
///
/// Returns
/// -------
/// tuple of array
///
/// Examples
/// --------
/// >>> xp.nonzero(xp.asarray([[0, 1], [2, 0]]))
/// (Array([0, 1], dtype=int64), Array([1, 0], dtype=int64))
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn nonzero<'py>(py: Python<'py>, x: &PyArray) -> PyResult<Bound<'py, PyTuple>> {
    let x = &x.inner;
    let parts = run(py, x.size(), || se::nonzero(x))?;
    PyTuple::new(py, parts.into_iter().map(PyArray::new))
}

/// Indices at which `x2`'s elements would be inserted into the sorted 1-D `x1`.
///
/// Parameters
/// ----------
/// x1 : array
///     One-dimensional, sorted ascending (NaNs last) unless `sorter` is given.
/// x2 : array or Python scalar
/// side : {'left', 'right'}
///     Which end of a run of equal elements.
/// sorter : array, optional
///     Integer indices that sort `x1`.
///
/// Returns
/// -------
/// array
///     int64, shaped like `x2`.
///
/// Examples
/// --------
/// >>> xp.searchsorted(xp.asarray([1, 3, 5]), xp.asarray([0, 3, 6]))
/// Array([0, 1, 3], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x1, x2, /, *, side = "left", sorter = None))]
pub fn searchsorted(
    py: Python<'_>,
    x1: &PyArray,
    x2: &Bound<'_, PyAny>,
    side: &str,
    sorter: Option<&PyArray>,
) -> PyResult<PyArray> {
    let right = match side {
        "left" => false,
        "right" => true,
        _ => {
            return Err(PyValueError::new_err(format!(
                "side must be 'left' or 'right', not {side:?}"
            )))
        }
    };
    let a = &x1.inner;
    let v = array_or_scalar(x2, Some(a))?;
    let sorter = sorter.map(|s| s.inner.clone());
    run(py, a.size() + v.size(), || {
        se::searchsorted(a, &v, right, sorter.as_ref())
    })
    .map(PyArray::new)
}

/// Register the section's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),*) => {$( m.add_function(wrap_pyfunction!($f, m)?)?; )*};
    }
    add!(argmax, argmin, count_nonzero, nonzero, searchsorted);
    Ok(())
}
