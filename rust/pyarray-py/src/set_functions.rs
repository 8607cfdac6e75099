//! Set functions: unique_all, unique_counts, unique_inverse, unique_values
//! (named-tuple results with the standard's field names) and isin.

use crate::args::run;
use crate::array::PyArray;
use crate::convert::array_or_scalar;
use crate::convert::{named, namedtuple_type};
use pyarray_core::sets;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// The three result types, made once with `collections.namedtuple`.
struct ResultTypes {
    all: Py<PyAny>,
    counts: Py<PyAny>,
    inverse: Py<PyAny>,
}

static RESULT_TYPES: PyOnceLock<ResultTypes> = PyOnceLock::new();

fn result_types(py: Python<'_>) -> PyResult<&ResultTypes> {
    RESULT_TYPES.get_or_try_init(py, || {
        let make = |name, fields: &[&str]| namedtuple_type(py, "pyarray", name, fields);
        Ok(ResultTypes {
            all: make(
                "UniqueAllResult",
                &["values", "indices", "inverse_indices", "counts"],
            )?,
            counts: make("UniqueCountsResult", &["values", "counts"])?,
            inverse: make("UniqueInverseResult", &["values", "inverse_indices"])?,
        })
    })
}

/// Unique elements of `x` with the first index (into the flattened `x`) of
/// each, the inverse indices (shaped like `x`) and the counts.
///
/// Values are sorted (NaNs last); every NaN is distinct and -0.0 equals 0.0.
///
/// Parameters
/// ----------
/// x : array
///
/// Returns
/// -------
/// UniqueAllResult
///     ``(values, indices, inverse_indices, counts)``; indices are int64.
///
/// Examples
/// --------
/// >>> r = xp.unique_all(xp.asarray([3, 1, 3]))
/// >>> r.values, r.counts
/// (Array([1, 3], dtype=int64), Array([1, 2], dtype=int64))
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn unique_all<'py>(py: Python<'py>, x: &PyArray) -> PyResult<Bound<'py, PyAny>> {
    let x = &x.inner;
    let u = run(py, x.size(), || sets::unique_all(x))?;
    named(
        py,
        &result_types(py)?.all,
        [u.values, u.indices, u.inverse, u.counts],
    )
}

/// Unique elements of `x` and how often each occurs (see `unique_all`).
///
/// Parameters
/// ----------
/// x : array
///
/// Returns
/// -------
/// UniqueCountsResult
///     ``(values, counts)``; counts are int64.
///
/// Examples
/// --------
/// >>> xp.unique_counts(xp.asarray([2, 1, 2]))
/// UniqueCountsResult(values=Array([1, 2], dtype=int64), counts=Array([1, 2], dtype=int64))
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn unique_counts<'py>(py: Python<'py>, x: &PyArray) -> PyResult<Bound<'py, PyAny>> {
    let x = &x.inner;
    let u = run(py, x.size(), || sets::unique_all(x))?;
    named(py, &result_types(py)?.counts, [u.values, u.counts])
}

/// Unique elements of `x` and the inverse indices that rebuild `x` from them
/// (see `unique_all`).
///
/// Parameters
/// ----------
/// x : array
///
/// Returns
/// -------
/// UniqueInverseResult
///     ``(values, inverse_indices)``; ``values[inverse_indices]`` equals x.
///
/// Examples
/// --------
/// >>> v, inv = xp.unique_inverse(xp.asarray([5, 2, 5]))
/// >>> v[inv]
/// Array([5, 2, 5], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn unique_inverse<'py>(py: Python<'py>, x: &PyArray) -> PyResult<Bound<'py, PyAny>> {
    let x = &x.inner;
    let u = run(py, x.size(), || sets::unique_all(x))?;
    named(py, &result_types(py)?.inverse, [u.values, u.inverse])
}

/// The sorted unique elements of `x` (every NaN distinct).
///
/// Parameters
/// ----------
/// x : array
///
/// Returns
/// -------
/// array
///     One-dimensional.
///
/// Examples
/// --------
/// >>> xp.unique_values(xp.asarray([3, 1, 3, 2]))
/// Array([1, 2, 3], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn unique_values(py: Python<'_>, x: &PyArray) -> PyResult<PyArray> {
    let x = &x.inner;
    run(py, x.size(), || sets::unique_values(x)).map(PyArray::new)
}

/// Whether each element of `x1` occurs in `x2` (NaN never does).
///
/// Parameters
/// ----------
/// x1, x2 : array or Python int
///     Not both Python scalars. Compared after type promotion.
/// invert : bool
///     Return the negation (not in `x2`).
///
/// Returns
/// -------
/// array
///     bool, shaped like `x1`.
///
/// Examples
/// --------
/// >>> xp.isin(xp.asarray([1, 2, 3]), xp.asarray([2, 4]))
/// Array([False,  True, False], dtype=bool)
#[pyfunction]
#[pyo3(signature = (x1, x2, /, *, invert = false))]
pub fn isin(
    py: Python<'_>,
    x1: &Bound<'_, PyAny>,
    x2: &Bound<'_, PyAny>,
    invert: bool,
) -> PyResult<PyArray> {
    let (a, b) = match (x1.cast::<PyArray>(), x2.cast::<PyArray>()) {
        (Ok(a), _) => {
            let a = a.get().inner.clone();
            let b = array_or_scalar(x2, Some(&a))?;
            (a, b)
        }
        (Err(_), Ok(b)) => {
            let b = b.get().inner.clone();
            (array_or_scalar(x1, Some(&b))?, b)
        }
        _ => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "isin needs at least one array argument",
            ))
        }
    };
    run(py, a.size() + b.size(), || sets::isin(&a, &b, invert)).map(PyArray::new)
}

/// Register the section's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),*) => {$( m.add_function(wrap_pyfunction!($f, m)?)?; )*};
    }
    add!(
        unique_all,
        unique_counts,
        unique_inverse,
        unique_values,
        isin
    );
    Ok(())
}
