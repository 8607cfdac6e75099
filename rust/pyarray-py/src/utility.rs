//! Utility functions: diff (`all` and `any` are bound with manipulation).

use crate::args::run;
use crate::array::PyArray;
use crate::errors::IntoPyResult;
use pyarray_core::manipulation::normalize_axis;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The `n`-th forward difference along `axis`.
///
/// Parameters
/// ----------
/// x : array
///     At least one dimension.
/// axis : int
/// n : int
///     Number of times to difference (non-negative).
/// prepend, append : array, optional
///     Joined to `x` along `axis` first; a 0-d array is repeated across the
///     other axes.
///
/// Returns
/// -------
/// array
///     Shorter by `n` along `axis`; bool input gives `x[i+1] != x[i]`.
///
/// Examples
/// --------
/// >>> xp.diff(xp.asarray([1, 4, 9, 16]))
/// Array([3, 5, 7], dtype=int64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, axis = -1, n = 1, prepend = None, append = None),
    text_signature = "(x, /, *, axis=-1, n=1, prepend=None, append=None)"
)]
pub fn diff(
    py: Python<'_>,
    x: &PyArray,
    axis: isize,
    n: isize,
    prepend: Option<&PyArray>,
    append: Option<&PyArray>,
) -> PyResult<PyArray> {
    let x = &x.inner;
    if x.ndim() == 0 {
        return Err(PyValueError::new_err("diff needs at least one dimension"));
    }
    if n < 0 {
        return Err(PyValueError::new_err(format!(
            "n must be non-negative, not {n}"
        )));
    }
    let axis = normalize_axis(axis, x.ndim()).py()?;
    let (p, a) = (
        prepend.map(|p| p.inner.clone()),
        append.map(|a| a.inner.clone()),
    );
    run(py, x.size(), || {
        pyarray_core::utility::diff(x, axis, n as usize, p.as_ref(), a.as_ref())
    })
    .map(PyArray::new)
}

/// Register the section's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(diff, m)?)?;
    Ok(())
}
