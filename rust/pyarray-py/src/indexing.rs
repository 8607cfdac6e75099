//! Indexing functions: `take` and `take_along_axis`. (`x[key]` itself lives in
//! array.rs, next to the Array class.)

use crate::args::run;
use crate::array::PyArray;
use crate::errors::IntoPyResult;
use pyarray_core::indexing;
use pyarray_core::manipulation::normalize_axis;
use pyarray_core::Array;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// An index argument: a pyarray array, or anything `asarray` accepts.
fn index_array(indices: &Bound<'_, PyAny>) -> PyResult<Array> {
    if let Ok(a) = indices.cast::<PyArray>() {
        return Ok(a.get().inner.clone());
    }
    crate::creation::asarray_impl(indices, None, None)
}

/// Elements of `x` at `indices` along `axis`.
///
/// Parameters
/// ----------
/// x : array
/// indices : array
///     Integer indices; negative values count from the end.
/// axis : int, optional
///     Required when `x` has more than one dimension.
///
/// Returns
/// -------
/// array
///     `x`'s shape with `axis` replaced by `indices`' shape.
///
/// Examples
/// --------
/// >>> xp.take(xp.asarray([10, 20, 30]), xp.asarray([2, 0]))
/// Array([30, 10], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, indices, /, *, axis = None))]
pub fn take(
    py: Python<'_>,
    x: &PyArray,
    indices: &Bound<'_, PyAny>,
    axis: Option<isize>,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let indices = index_array(indices)?;
    let axis = match axis {
        Some(a) => normalize_axis(a, x.ndim()).py()?,
        None if x.ndim() == 1 => 0,
        None => {
            return Err(PyValueError::new_err(format!(
                "take: axis is required for an array of {} dimensions",
                x.ndim()
            )))
        }
    };
    run(py, indices.size(), || indexing::take(x, &indices, axis)).map(PyArray::new)
}

/// Elements of `x` at `indices` along `axis`, matched position by position
/// along the other axes (which broadcast).
///
/// Parameters
/// ----------
/// x : array
/// indices : array
///     Integer indices with as many dimensions as `x`.
/// axis : int
///     Default -1.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> x = xp.asarray([[3, 1], [2, 4]])
/// >>> xp.take_along_axis(x, xp.argsort(x, axis=1), axis=1)
/// Array([[1, 3],
///        [2, 4]], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, indices, /, *, axis = -1), text_signature = "(x, indices, /, *, axis=-1)")]
pub fn take_along_axis(
    py: Python<'_>,
    x: &PyArray,
    indices: &Bound<'_, PyAny>,
    axis: isize,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let indices = index_array(indices)?;
    let axis = normalize_axis(axis, x.ndim()).py()?;
    run(py, indices.size(), || {
        indexing::take_along_axis(x, &indices, axis)
    })
    .map(PyArray::new)
}

/// Register the section's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(take, m)?)?;
    m.add_function(wrap_pyfunction!(take_along_axis, m)?)?;
    Ok(())
}
