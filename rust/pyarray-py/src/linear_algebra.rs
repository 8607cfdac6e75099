//! Linear-algebra functions of the main namespace: matmul (and the `@`
//! operator), matrix_transpose, tensordot, vecdot. The `linalg` extension
//! re-exports these under the same names.

use crate::args::run;
use crate::array::PyArray;
use crate::errors::IntoPyResult;
use pyarray_core::linear_algebra::{self as la, ContractAxes};
use pyarray_core::Array;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// Multiply-adds of a product, to decide whether to release the GIL.
pub(crate) fn product_work(a: &Array, b: &Array) -> usize {
    a.size()
        .saturating_mul(b.shape().last().copied().unwrap_or(1))
}

pub(crate) fn matmul_arrays(py: Python<'_>, a: &Array, b: &Array) -> PyResult<PyArray> {
    run(py, product_work(a, b), || la::matmul(a, b)).map(PyArray::new)
}

/// Matrix product of two arrays (the `@` operator).
///
/// Follows PEP 465: a 1-D `x1` is a row vector and a 1-D `x2` a column
/// vector, and that axis is removed from the result; the dimensions before
/// the last two are stacks of matrices and broadcast against each other.
/// Floating-point products use a blocked SIMD kernel (faer) and both cores
/// for large matrices; integer products are exact and wrap on overflow.
///
/// Parameters
/// ----------
/// x1 : array
///     Numeric array with at least one dimension, shape ``(..., N, K)`` or ``(K,)``.
/// x2 : array
///     Numeric array with at least one dimension, shape ``(..., K, M)`` or ``(K,)``.
///
/// Returns
/// -------
/// array
///     The products, in the promoted dtype of ``x1`` and ``x2``.
///
/// Raises
/// ------
/// ValueError
///     If either operand is 0-d, the contracted sizes differ, or the stacks
///     do not broadcast.
/// TypeError
///     If an operand is boolean.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> a = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
/// >>> xp.matmul(a, xp.asarray([1.0, 1.0]))
/// Array([3., 7.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x1, x2, /))]
pub fn matmul(py: Python<'_>, x1: &PyArray, x2: &PyArray) -> PyResult<PyArray> {
    matmul_arrays(py, &x1.inner, &x2.inner)
}

/// Transpose the last two axes of `x` (a view, no copy).
///
/// Parameters
/// ----------
/// x : array
///     Array with at least two dimensions, shape ``(..., M, N)``.
///
/// Returns
/// -------
/// array
///     View of shape ``(..., N, M)``.
///
/// Raises
/// ------
/// ValueError
///     If `x` has fewer than two dimensions.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.matrix_transpose(xp.asarray([[1, 2, 3]])).shape
/// (3, 1)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn matrix_transpose(x: &PyArray) -> PyResult<PyArray> {
    x.inner.matrix_transpose().py().map(PyArray::new)
}

/// The `axes` argument of tensordot: a non-negative int or a pair of
/// sequences of ints.
fn contract_axes(axes: &Bound<'_, PyAny>) -> PyResult<ContractAxes> {
    if axes.is_instance_of::<PyInt>() && !axes.is_instance_of::<PyBool>() {
        let count: isize = axes.extract()?;
        return usize::try_from(count)
            .map(ContractAxes::Count)
            .map_err(|_| {
                PyValueError::new_err(format!("tensordot: axes must be non-negative, got {count}"))
            });
    }
    let pair: (Vec<isize>, Vec<isize>) = axes.extract().map_err(|_| {
        PyTypeError::new_err(
            "tensordot: axes must be an int or a pair of sequences of ints (x1_axes, x2_axes)",
        )
    })?;
    Ok(ContractAxes::Pairs(pair.0, pair.1))
}

/// Tensor contraction of `x1` and `x2` over the given axes.
///
/// Parameters
/// ----------
/// x1 : array
///     Numeric array.
/// x2 : array
///     Numeric array; each contracted axis must have the size of the
///     corresponding axis of `x1` (contracted axes do not broadcast).
/// axes : int or tuple of two sequences of int
///     ``N`` contracts the last ``N`` axes of `x1` with the first ``N`` of
///     `x2` (0 gives the outer product); ``(x1_axes, x2_axes)`` names the
///     axes explicitly (negative values count from the end). Default 2.
///
/// Returns
/// -------
/// array
///     Shape: the free axes of `x1` followed by the free axes of `x2`; the
///     promoted dtype.
///
/// Raises
/// ------
/// ValueError
///     For negative counts, repeated or out-of-range axes, or sizes that differ.
/// TypeError
///     If `axes` has the wrong type or an operand is boolean.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> a = xp.reshape(xp.arange(6.0), (2, 3))
/// >>> xp.tensordot(a, a, axes=([0, 1], [0, 1]))
/// Array(55., dtype=float64)
#[pyfunction]
#[pyo3(signature = (x1, x2, /, *, axes = None), text_signature = "(x1, x2, /, *, axes=2)")]
pub fn tensordot(
    py: Python<'_>,
    x1: &PyArray,
    x2: &PyArray,
    axes: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    let axes = match axes {
        Some(a) => contract_axes(a)?,
        None => ContractAxes::Count(2),
    };
    let (a, b) = (&x1.inner, &x2.inner);
    run(py, a.size().max(b.size()), || la::tensordot(a, b, axes)).map(PyArray::new)
}

/// Dot products of the vectors along `axis`, conjugating `x1` if complex.
///
/// Parameters
/// ----------
/// x1 : array
///     Numeric array.
/// x2 : array
///     Numeric array; the axes other than `axis` broadcast against `x1`'s,
///     and the vectors along `axis` must have the same length in both.
/// axis : int
///     Negative axis, counted from the end of both arrays. Default -1.
///
/// Returns
/// -------
/// array
///     The dot products, with `axis` removed from the broadcast shape.
///
/// Raises
/// ------
/// ValueError
///     If `axis` is non-negative or out of range, or the lengths differ.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.vecdot(xp.asarray([[1.0, 2.0], [3.0, 4.0]]), xp.asarray([1.0, 1.0]))
/// Array([3., 7.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x1, x2, /, *, axis = -1), text_signature = "(x1, x2, /, *, axis=-1)")]
pub fn vecdot(py: Python<'_>, x1: &PyArray, x2: &PyArray, axis: isize) -> PyResult<PyArray> {
    let (a, b) = (&x1.inner, &x2.inner);
    run(py, a.size().max(b.size()), || la::vecdot(a, b, axis)).map(PyArray::new)
}

/// Register the section's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(matmul, m)?)?;
    m.add_function(wrap_pyfunction!(matrix_transpose, m)?)?;
    m.add_function(wrap_pyfunction!(tensordot, m)?)?;
    m.add_function(wrap_pyfunction!(vecdot, m)?)?;
    Ok(())
}
