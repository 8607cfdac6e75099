//! Unpickling: arrays travel as raw C-order bytes plus dtype name and shape.

use crate::array::PyArray;
use crate::convert::from_buffer;
use crate::errors::IntoPyResult;
use pyarray_core::DType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// Rebuild an array from pickled bytes (a `PickleBuffer` or `bytes`).
#[pyfunction]
#[pyo3(signature = (data, dtype, shape, /))]
pub fn _rebuild(data: &Bound<'_, PyAny>, dtype: &str, shape: Vec<usize>) -> PyResult<PyArray> {
    let dtype = DType::from_name(dtype)
        .ok_or_else(|| PyValueError::new_err(format!("unknown dtype {dtype:?}")))?;
    let bytes = from_buffer(data)?
        .ok_or_else(|| PyTypeError::new_err("pickled array data must be a buffer"))?;
    let n = bytes.size() * bytes.itemsize();
    let raw = bytes.reinterpret(DType::UInt8, &[n]).py()?;
    // Writable aligned buffers (protocol 5) are used in place; read-only
    // in-band bytes or unaligned data are copied, so the result is writable.
    let aligned = if raw.writeable() && (raw.data_ptr() as usize).is_multiple_of(dtype.itemsize()) {
        raw
    } else {
        raw.to_contiguous().py()?
    };
    aligned.reinterpret(dtype, &shape).py().map(PyArray::new)
}
