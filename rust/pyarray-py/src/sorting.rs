//! Sorting functions: sort and argsort.

use crate::args::run;
use crate::array::PyArray;
use crate::errors::IntoPyResult;
use pyarray_core::manipulation::normalize_axis;
use pyarray_core::sorting as so;
use pyo3::prelude::*;

/// A sorted copy of `x` along `axis`.
///
/// Parameters
/// ----------
/// x : array
///     Real-valued or bool.
/// axis : int
/// descending : bool
/// stable : bool
///     Keep equal elements in input order (also when descending). NaNs sort
///     last (first when descending).
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.sort(xp.asarray([3, 1, 2]))
/// Array([1, 2, 3], dtype=int64)
/// >>> xp.sort(xp.asarray([3, 1, 2]), descending=True)
/// Array([3, 2, 1], dtype=int64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, axis = -1, descending = false, stable = true),
    text_signature = "(x, /, *, axis=-1, descending=False, stable=True)"
)]
pub fn sort(
    py: Python<'_>,
    x: &PyArray,
    axis: isize,
    descending: bool,
    stable: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axis = normalize_axis(axis, x.ndim().max(1)).py()?;
    if x.ndim() == 0 {
        return x.to_contiguous().py().map(PyArray::new);
    }
    run(py, x.size(), || so::sort(x, axis, descending, stable)).map(PyArray::new)
}

/// Indices (int64) that sort `x` along `axis` (see `sort` for the arguments).
///
/// Parameters
/// ----------
/// x : array
/// axis : int
///     Axis to sort along, the last by default.
/// descending : bool
///     Sort from largest to smallest.
/// stable : bool
///     Keep the order of equal elements (pyarray's sort is always stable).
///
/// Returns
/// -------
/// array
///     int64 indices, shaped like x.
///
/// Examples
/// --------
/// >>> xp.argsort(xp.asarray([30, 10, 20]))
/// Array([1, 2, 0], dtype=int64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, axis = -1, descending = false, stable = true),
    text_signature = "(x, /, *, axis=-1, descending=False, stable=True)"
)]
pub fn argsort(
    py: Python<'_>,
    x: &PyArray,
    axis: isize,
    descending: bool,
    stable: bool,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axis = normalize_axis(axis, x.ndim().max(1)).py()?;
    if x.ndim() == 0 {
        let zero = pyarray_core::Array::zeros(pyarray_core::DType::Int64, &[]);
        return zero.py().map(PyArray::new);
    }
    run(py, x.size(), || so::argsort(x, axis, descending, stable)).map(PyArray::new)
}

/// Register the section's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sort, m)?)?;
    m.add_function(wrap_pyfunction!(argsort, m)?)?;
    Ok(())
}
