//! Argument handling shared by the section bindings: axis arguments and
//! running core work with the GIL released when it is large.

use crate::errors::IntoPyResult;
use pyarray_core::manipulation::{normalize_axes, normalize_axis};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// An `axis` argument that may be an int or a tuple of ints.
pub(crate) fn axes_arg(axis: &Bound<'_, PyAny>) -> PyResult<Vec<isize>> {
    if let Ok(a) = axis.extract::<isize>() {
        return Ok(vec![a]);
    }
    axis.extract::<Vec<isize>>()
        .map_err(|_| PyTypeError::new_err("axis must be an int or a tuple of ints"))
}

/// Work on at least this many elements runs with the GIL released
/// (releasing costs ~40 ns, so small calls keep it).
pub const RELEASE_GIL_ABOVE: usize = 1 << 15;

/// Run core work, without the GIL when it is large.
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
