//! Manipulation functions (views wherever the layout allows) and the
//! utility functions `all` and `any`.

use crate::args::{axes_arg, reduction_axes};
use crate::array::PyArray;
use crate::creation::parse_shape;
use crate::errors::IntoPyResult;
use pyarray_core::manipulation::{self as manip, normalize_axes, normalize_axis};
use pyarray_core::Array;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

fn inner(arrays: &[PyRef<'_, PyArray>]) -> Vec<Array> {
    arrays.iter().map(|a| a.inner.clone()).collect()
}

/// Reshape `x` (a view when the layout allows).
///
/// Parameters
/// ----------
/// x : array
/// shape : tuple of int
///     One entry may be -1 (inferred).
/// copy : bool, optional
///     True always copies; False never copies (ValueError if a view is impossible).
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.reshape(xp.arange(6), (2, 3))
/// Array([[0, 1, 2],
///        [3, 4, 5]], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, shape, *, copy = None))]
pub fn reshape(x: &PyArray, shape: &Bound<'_, PyAny>, copy: Option<bool>) -> PyResult<PyArray> {
    let dims: smallvec::SmallVec<[isize; 4]> = crate::args::int_or_ints(shape)
        .ok_or_else(|| PyTypeError::new_err("reshape: shape must be an int or a tuple of ints"))?;
    let size = x.inner.size();
    let unknown = dims.iter().filter(|&&d| d == -1).count();
    if unknown > 1 || dims.iter().any(|&d| d < -1) {
        return Err(PyValueError::new_err(format!("invalid shape {dims:?}")));
    }
    // None when the known dims overflow: no size can match them (the core
    // reshape then reports the shape as too big).
    let known: Option<usize> = dims
        .iter()
        .filter(|&&d| d >= 0)
        .try_fold(1usize, |n, &d| n.checked_mul(d as usize));
    let shape: pyarray_core::layout::Dims = dims
        .iter()
        .map(|&d| {
            if d >= 0 {
                Ok(d as usize)
            } else if let Some(k) = known.filter(|&k| k > 0 && size.is_multiple_of(k)) {
                Ok(size / k)
            } else {
                Err(PyValueError::new_err(format!(
                    "cannot reshape array of size {size} into shape {dims:?}"
                )))
            }
        })
        .collect::<PyResult<_>>()?;
    let out = match copy {
        Some(true) => x.inner.to_contiguous().py()?.reshape(&shape).py()?,
        Some(false) => x.inner.reshape_view(&shape).ok_or_else(|| {
            PyValueError::new_err("reshape(copy=False): the result cannot be a view")
        })?,
        None => x.inner.reshape(&shape).py()?,
    };
    Ok(PyArray::new(out))
}

/// Permute the axes of `x` (a view).
///
/// Parameters
/// ----------
/// x : array
/// axes : tuple of int
///     A permutation of ``range(x.ndim)``: result axis i is x's axis ``axes[i]``.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.permute_dims(xp.zeros((2, 3, 4)), (2, 0, 1)).shape
/// (4, 2, 3)
#[pyfunction]
#[pyo3(signature = (x, /, axes))]
pub fn permute_dims(x: &PyArray, axes: Vec<isize>) -> PyResult<PyArray> {
    if axes.len() != x.inner.ndim() {
        return Err(PyValueError::new_err("axes must list every axis once"));
    }
    let axes = normalize_axes(&axes, x.inner.ndim()).py()?;
    x.inner.permute(&axes).py().map(PyArray::new)
}

/// Insert length-1 axes at the given positions of the result (a view).
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int
///     Positions of the new axes in the result.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.expand_dims(xp.asarray([1, 2]), axis=1).shape
/// (2, 1)
/// >>> xp.expand_dims(xp.asarray([1, 2]), axis=(0, 2)).shape
/// (1, 2, 1)
#[pyfunction]
#[pyo3(signature = (x, /, axis = None))]
pub fn expand_dims(x: &PyArray, axis: Option<&Bound<'_, PyAny>>) -> PyResult<PyArray> {
    let axes = match axis {
        Some(a) => axes_arg(a)?,
        None => vec![0],
    };
    let out_ndim = x.inner.ndim() + axes.len();
    let mut positions = normalize_axes(&axes, out_ndim).py()?;
    positions.sort_unstable();
    let mut out = x.inner.clone();
    for p in positions {
        out = out.insert_axis(p);
    }
    Ok(PyArray::new(out))
}

/// Remove the given length-1 axes (a view).
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int
///     Axes to remove; each must have length 1.
///
/// Returns
/// -------
/// array
///
/// Raises
/// ------
/// ValueError
///     If an axis does not have length 1.
///
/// Examples
/// --------
/// >>> xp.squeeze(xp.zeros((1, 3, 1)), axis=(0, 2)).shape
/// (3,)
#[pyfunction]
#[pyo3(signature = (x, /, axis))]
pub fn squeeze(x: &PyArray, axis: &Bound<'_, PyAny>) -> PyResult<PyArray> {
    let axes = normalize_axes(&axes_arg(axis)?, x.inner.ndim()).py()?;
    x.inner.squeeze(&axes).py().map(PyArray::new)
}

/// Broadcast `x` to `shape` (a read-only view).
///
/// Parameters
/// ----------
/// x : array
/// shape : tuple of int
///
/// Returns
/// -------
/// array
///
/// Raises
/// ------
/// ValueError
///     If x's shape does not broadcast to `shape`.
///
/// Examples
/// --------
/// >>> xp.broadcast_to(xp.asarray([1, 2]), (2, 2))
/// Array([[1, 2],
///        [1, 2]], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, shape))]
pub fn broadcast_to(x: &PyArray, shape: &Bound<'_, PyAny>) -> PyResult<PyArray> {
    x.inner
        .broadcast_to(&parse_shape(shape)?)
        .py()
        .map(PyArray::new)
}

/// Broadcast arrays against each other (read-only views).
///
/// Parameters
/// ----------
/// *arrays : array
///
/// Returns
/// -------
/// list of array
///
/// Examples
/// --------
/// >>> a, b = xp.broadcast_arrays(xp.asarray([[1], [2]]), xp.asarray([10, 20, 30]))
/// >>> a.shape, b.shape
/// ((2, 3), (2, 3))
#[pyfunction]
#[pyo3(signature = (*arrays))]
pub fn broadcast_arrays<'py>(
    py: Python<'py>,
    arrays: Vec<PyRef<'py, PyArray>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let arrays = inner(&arrays);
    let shapes: Vec<&[usize]> = arrays.iter().map(|a| a.shape()).collect();
    let shape = manip::broadcast_all(&shapes).py()?;
    let views = arrays
        .iter()
        .map(|a| a.broadcast_to(&shape).map(PyArray::new))
        .collect::<pyarray_core::Result<Vec<_>>>()
        .py()?;
    PyTuple::new(py, views)
}

/// The shape that results from broadcasting the given shapes.
///
/// Parameters
/// ----------
/// *shapes : tuple of int
///
/// Returns
/// -------
/// tuple of int
///
/// Raises
/// ------
/// ValueError
///     If the shapes do not broadcast.
///
/// Examples
/// --------
/// >>> xp.broadcast_shapes((2, 1), (3,))
/// (2, 3)
#[pyfunction]
#[pyo3(signature = (*shapes))]
pub fn broadcast_shapes<'py>(
    py: Python<'py>,
    shapes: Vec<Vec<usize>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let refs: Vec<&[usize]> = shapes.iter().map(|s| s.as_slice()).collect();
    PyTuple::new(py, manip::broadcast_all(&refs).py()?)
}

/// Reverse the order of elements along the given axes (all by default); a view.
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int, optional
///     Axes to reverse; all by default.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.flip(xp.asarray([1, 2, 3]))
/// Array([3, 2, 1], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None))]
pub fn flip(x: &PyArray, axis: Option<&Bound<'_, PyAny>>) -> PyResult<PyArray> {
    let axes = reduction_axes(axis, x.inner.ndim())?;
    Ok(PyArray::new(manip::flip(&x.inner, &axes)))
}

/// Join arrays along an existing axis (``axis=None`` flattens first).
///
/// Parameters
/// ----------
/// arrays : tuple or list of array
///     Same shape except along `axis`.
/// axis : int or None
///     Axis to join along, 0 by default; None flattens the arrays first.
///
/// Returns
/// -------
/// array
///     The promoted dtype of the inputs.
///
/// Examples
/// --------
/// >>> xp.concat((xp.asarray([1, 2]), xp.asarray([3])))
/// Array([1, 2, 3], dtype=int64)
#[pyfunction]
#[pyo3(signature = (arrays, /, *, axis = Some(0)), text_signature = "(arrays, /, *, axis=0)")]
pub fn concat(
    py: Python<'_>,
    arrays: Vec<PyRef<'_, PyArray>>,
    axis: Option<isize>,
) -> PyResult<PyArray> {
    let mut arrays = inner(&arrays);
    let axis = match axis {
        None => {
            arrays = arrays
                .iter()
                .map(|a| a.reshape(&[a.size()]))
                .collect::<pyarray_core::Result<_>>()
                .py()?;
            0
        }
        Some(a) => normalize_axis(a, arrays.first().map_or(0, |a| a.ndim())).py()?,
    };
    py.detach(|| manip::concat(&arrays, axis))
        .py()
        .map(PyArray::new)
}

/// Join arrays of one shape along a new axis.
///
/// Parameters
/// ----------
/// arrays : tuple or list of array
///     All of one shape.
/// axis : int
///     Position of the new axis in the result.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.stack((xp.asarray([1, 2]), xp.asarray([3, 4])), axis=1)
/// Array([[1, 3],
///        [2, 4]], dtype=int64)
#[pyfunction]
#[pyo3(signature = (arrays, /, *, axis = 0))]
pub fn stack(py: Python<'_>, arrays: Vec<PyRef<'_, PyArray>>, axis: isize) -> PyResult<PyArray> {
    let arrays = inner(&arrays);
    let axis = normalize_axis(axis, arrays.first().map_or(0, |a| a.ndim()) + 1).py()?;
    py.detach(|| manip::stack(&arrays, axis))
        .py()
        .map(PyArray::new)
}

fn all_any(
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
    any: bool,
) -> PyResult<PyArray> {
    let axes = reduction_axes(axis, x.inner.ndim())?;
    manip::all_any(&x.inner, &axes, keepdims, any)
        .py()
        .map(PyArray::new)
}

/// Test whether all elements along the given axes are true.
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
///     Boolean.
///
/// Examples
/// --------
/// >>> xp.all(xp.asarray([[True, False], [True, True]]), axis=1)
/// Array([False,  True], dtype=bool)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, keepdims = false))]
pub fn all(x: &PyArray, axis: Option<&Bound<'_, PyAny>>, keepdims: bool) -> PyResult<PyArray> {
    all_any(x, axis, keepdims, false)
}

/// Test whether any element along the given axes is true.
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
///     Boolean.
///
/// Examples
/// --------
/// >>> xp.any(xp.asarray([[True, False], [False, False]]), axis=1)
/// Array([ True, False], dtype=bool)
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = None, keepdims = false))]
pub fn any(x: &PyArray, axis: Option<&Bound<'_, PyAny>>, keepdims: bool) -> PyResult<PyArray> {
    all_any(x, axis, keepdims, true)
}

/// Move axes of `x` to new positions; the others keep their order (a view).
///
/// Parameters
/// ----------
/// x : array
/// source : int or tuple of int
///     Axes to move.
/// destination : int or tuple of int
///     Their positions in the result.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.moveaxis(xp.zeros((2, 3, 4)), 0, -1).shape
/// (3, 4, 2)
#[pyfunction]
#[pyo3(signature = (x, source, destination, /))]
pub fn moveaxis(
    x: &PyArray,
    source: &Bound<'_, PyAny>,
    destination: &Bound<'_, PyAny>,
) -> PyResult<PyArray> {
    let n = x.inner.ndim();
    let source = normalize_axes(&axes_arg(source)?, n).py()?;
    let destination = normalize_axes(&axes_arg(destination)?, n).py()?;
    manip::moveaxis(&x.inner, &source, &destination)
        .py()
        .map(PyArray::new)
}

/// Repeat each element of `x` (``axis=None``: of the flattened `x`).
///
/// Parameters
/// ----------
/// x : array
/// repeats : int or array
///     One count for every element, or one per element along `axis`.
/// axis : int, optional
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.repeat(xp.asarray([1, 2]), 2)
/// Array([1, 1, 2, 2], dtype=int64)
/// >>> xp.repeat(xp.asarray([1, 2]), xp.asarray([1, 3]))
/// Array([1, 2, 2, 2], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, repeats, /, *, axis = None))]
pub fn repeat(
    py: Python<'_>,
    x: &PyArray,
    repeats: &Bound<'_, PyAny>,
    axis: Option<isize>,
) -> PyResult<PyArray> {
    let counts = repeat_counts(repeats)?;
    let (x, axis) = match axis {
        None => (x.inner.reshape(&[x.inner.size()]).py()?, 0),
        Some(a) => (x.inner.clone(), normalize_axis(a, x.inner.ndim()).py()?),
    };
    py.detach(|| manip::repeat(&x, &counts, axis))
        .py()
        .map(PyArray::new)
}

/// Repeat counts from an int or a 0-d/1-d integer array; negatives rejected.
fn repeat_counts(repeats: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let values: Vec<i64> = if let Ok(n) = repeats.extract::<i64>() {
        vec![n]
    } else {
        let a = match repeats.cast::<PyArray>() {
            Ok(a) => a.get().inner.clone(),
            Err(_) => crate::creation::asarray_impl(repeats, None, None)?,
        };
        if !a.dtype().is_integer() || a.ndim() > 1 {
            return Err(PyTypeError::new_err(
                "repeats must be an int or a 1-d integer array",
            ));
        }
        a.to_scalars().into_iter().map(|s| s.as_i64()).collect()
    };
    values
        .into_iter()
        .map(|v| {
            usize::try_from(v).map_err(|_| PyValueError::new_err("repeats must not be negative"))
        })
        .collect()
}

/// Roll elements along axes (``axis=None``: over the flattened `x`, then
/// restore the shape). Elements shifted past the end reappear at the start.
///
/// Parameters
/// ----------
/// x : array
/// shift : int or tuple of int
///     Number of places to shift (negative: towards the start).
/// axis : int or tuple of int, optional
///     Axes to roll, paired with `shift`; None rolls the flattened array.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.roll(xp.asarray([1, 2, 3, 4]), 1)
/// Array([4, 1, 2, 3], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, shift, *, axis = None))]
pub fn roll(
    py: Python<'_>,
    x: &PyArray,
    shift: &Bound<'_, PyAny>,
    axis: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    let shifts = axes_arg(shift)
        .map_err(|_| PyTypeError::new_err("shift must be an int or a tuple of ints"))?;
    let x = &x.inner;
    let axis = axis.filter(|a| !a.is_none());
    let Some(axis) = axis else {
        if shifts.len() != 1 {
            return Err(PyValueError::new_err(
                "roll: with axis=None, shift must be a single int",
            ));
        }
        let flat = x.reshape(&[x.size()]).py()?;
        let out = py.detach(|| manip::roll(&flat, &[(0, shifts[0])])).py()?;
        return out.reshape(x.shape()).py().map(PyArray::new);
    };
    // Repeated axes are allowed (their shifts add up), so no normalize_axes.
    let axes = axes_arg(axis)?
        .into_iter()
        .map(|a| normalize_axis(a, x.ndim()))
        .collect::<pyarray_core::Result<Vec<_>>>()
        .py()?;
    let pairs: Vec<(usize, isize)> = match (shifts.len(), axes.len()) {
        (1, _) => axes.iter().map(|&a| (a, shifts[0])).collect(),
        (s, a) if s == a => axes.iter().copied().zip(shifts.iter().copied()).collect(),
        _ => {
            return Err(PyValueError::new_err(
                "roll: shift and axis must have the same length",
            ))
        }
    };
    py.detach(|| manip::roll(x, &pairs)).py().map(PyArray::new)
}

/// Repeat `x` `repetitions[i]` times along each axis.
///
/// Parameters
/// ----------
/// x : array
/// repetitions : tuple of int
///     Repetitions per axis (aligned with x's trailing axes).
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.tile(xp.asarray([1, 2]), (2,))
/// Array([1, 2, 1, 2], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, repetitions, /))]
pub fn tile(py: Python<'_>, x: &PyArray, repetitions: Vec<i64>) -> PyResult<PyArray> {
    let reps = repetitions
        .into_iter()
        .map(|r| {
            usize::try_from(r)
                .map_err(|_| PyValueError::new_err("tile: repetitions must not be negative"))
        })
        .collect::<PyResult<Vec<_>>>()?;
    py.detach(|| manip::tile(&x.inner, &reps))
        .py()
        .map(PyArray::new)
}

/// Split `x` along `axis` into a tuple of views.
///
/// Parameters
/// ----------
/// x : array
/// axis : int
///     Axis to split along.
///
/// Returns
/// -------
/// tuple of array
///
/// Examples
/// --------
/// >>> xp.unstack(xp.asarray([[1, 2], [3, 4]]))
/// (Array([1, 2], dtype=int64), Array([3, 4], dtype=int64))
#[pyfunction]
#[pyo3(signature = (x, /, *, axis = 0))]
pub fn unstack<'py>(py: Python<'py>, x: &PyArray, axis: isize) -> PyResult<Bound<'py, PyTuple>> {
    let axis = normalize_axis(axis, x.inner.ndim()).py()?;
    let parts = manip::unstack(&x.inner, axis).py()?;
    PyTuple::new(py, parts.into_iter().map(PyArray::new))
}

/// Register the section's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),*) => {$( m.add_function(wrap_pyfunction!($f, m)?)?; )*};
    }
    add!(
        reshape,
        permute_dims,
        expand_dims,
        squeeze,
        broadcast_to,
        broadcast_arrays,
        broadcast_shapes,
        flip,
        concat,
        stack,
        all,
        any,
        moveaxis,
        repeat,
        roll,
        tile,
        unstack
    );
    Ok(())
}
