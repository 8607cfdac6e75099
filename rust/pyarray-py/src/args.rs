//! Argument handling shared by the section bindings: axis arguments and
//! running core work with the GIL released when it is large.

use crate::errors::IntoPyResult;
use pyarray_core::manipulation::{normalize_axes, normalize_axis};
use pyo3::conversion::FromPyObjectOwned;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use smallvec::{smallvec, SmallVec};

/// An `axis` argument that may be an int or a tuple of ints.
pub(crate) fn axes_arg(axis: &Bound<'_, PyAny>) -> PyResult<Vec<isize>> {
    int_or_ints(axis)
        .map(SmallVec::into_vec)
        .ok_or_else(|| PyTypeError::new_err("axis must be an int or a tuple of ints"))
}

/// One int or a sequence of ints (a shape, axes), or None when `obj` is
/// neither. Tuples and lists are read as sequences without first being
/// asked for an int: asking makes Python raise a TypeError that pyo3 then
/// fetches, ~300 ns of a 580 ns `reshape(x, (2, 5))`. Up to four values
/// stay inline (no allocation).
pub(crate) fn int_or_ints<'py, T: FromPyObjectOwned<'py>>(
    obj: &Bound<'py, PyAny>,
) -> Option<SmallVec<[T; 4]>> {
    if let Ok(t) = obj.cast::<PyTuple>() {
        // Pushes, not `collect`: SmallVec's generic extend cost ~130
        // instructions for a two-item tuple.
        let mut values = SmallVec::new();
        for item in t.iter() {
            values.push(item.extract::<T>().ok()?);
        }
        return Some(values);
    }
    if !obj.is_instance_of::<PyList>() {
        if let Ok(v) = obj.extract::<T>() {
            return Some(smallvec![v]);
        }
    }
    obj.extract::<Vec<T>>().ok().map(SmallVec::from_vec)
}

/// Work on at least this many elements runs with the GIL released
/// (releasing costs ~40 ns, so small calls keep it).
pub const RELEASE_GIL_ABOVE: usize = 1 << 15;

/// Run core work, without the GIL when it is large. Inlined: a wrapper of
/// every call, left out of line it cost ~10 ns of a 280 ns `x + y`.
#[inline(always)]
pub(crate) fn run<R: Send>(
    py: Python<'_>,
    size: usize,
    work: impl FnOnce() -> pyarray_core::Result<R> + Send,
) -> PyResult<R> {
    if size >= RELEASE_GIL_ABOVE {
        py.detach(work).py()
    } else {
        work().py()
    }
}

/// An `axis` argument of a reduction: None (all axes), an int or a tuple of ints.
pub(crate) fn reduction_axes(axis: Option<&Bound<'_, PyAny>>, ndim: usize) -> PyResult<Vec<usize>> {
    let Some(axis) = axis.filter(|a| !a.is_none()) else {
        return Ok((0..ndim).collect());
    };
    normalize_axes(&axes_arg(axis)?, ndim).py()
}

/// An optional single `axis`, normalized.
pub(crate) fn single_axis(axis: Option<isize>, ndim: usize) -> PyResult<Option<usize>> {
    axis.map(|a| normalize_axis(a, ndim)).transpose().py()
}
