//! Python objects to arrays and back: scalars, nested sequences, the buffer
//! protocol (zero-copy import), and array elements as Python objects.

use crate::array::PyArray;
use crate::data_types::scalar_kind;
use crate::errors::IntoPyResult;
use pyarray_core::dtype::promote_weak;
use pyarray_core::layout::{Dims, Strides};
use pyarray_core::{Array, DType, Kind, Scalar};
use pyo3::exceptions::{PyBufferError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyComplex, PyFloat, PyInt, PySequence, PyString};
use std::sync::Arc;

/// A Python bool/int/float/complex as a scalar, or None for anything else.
pub fn py_scalar(obj: &Bound<'_, PyAny>) -> PyResult<Option<Scalar>> {
    if obj.is_instance_of::<PyBool>() {
        return Ok(Some(Scalar::Bool(obj.extract()?)));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(v) = obj.extract::<i64>() {
            return Ok(Some(Scalar::Int(v)));
        }
        if let Ok(v) = obj.extract::<u64>() {
            return Ok(Some(Scalar::UInt(v)));
        }
        return Err(PyOverflowError::new_err(format!(
            "Python integer {} is out of bounds for every integer dtype",
            obj.repr()?
        )));
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Some(Scalar::Float(obj.extract()?)));
    }
    if obj.is_instance_of::<PyComplex>() {
        let c = obj.cast::<PyComplex>()?;
        return Ok(Some(Scalar::Complex(num_complex::Complex64::new(
            c.real(),
            c.imag(),
        ))));
    }
    Ok(None)
}

/// The dtype a Python scalar gets on its own (the default dtypes).
pub fn default_dtype(s: Scalar) -> DType {
    match s {
        Scalar::Bool(_) => DType::Bool,
        Scalar::Int(_) => DType::Int64,
        Scalar::UInt(_) => DType::UInt64,
        Scalar::Float(_) => DType::Float64,
        Scalar::Complex(_) => DType::Complex128,
    }
}

/// Check that a Python integer fits an integer dtype (NumPy 2 raises
/// OverflowError rather than wrapping silently).
pub fn check_fits(s: Scalar, dtype: DType) -> PyResult<()> {
    let (lo, hi): (i128, i128) = match dtype {
        DType::Int8 => (i8::MIN as i128, i8::MAX as i128),
        DType::Int16 => (i16::MIN as i128, i16::MAX as i128),
        DType::Int32 => (i32::MIN as i128, i32::MAX as i128),
        DType::Int64 => (i64::MIN as i128, i64::MAX as i128),
        DType::UInt8 => (0, u8::MAX as i128),
        DType::UInt16 => (0, u16::MAX as i128),
        DType::UInt32 => (0, u32::MAX as i128),
        DType::UInt64 => (0, u64::MAX as i128),
        _ => return Ok(()),
    };
    let v = match s {
        Scalar::Int(v) => v as i128,
        Scalar::UInt(v) => v as i128,
        _ => return Ok(()),
    };
    if v < lo || v > hi {
        return Err(PyOverflowError::new_err(format!(
            "Python integer {v} out of bounds for {dtype}"
        )));
    }
    Ok(())
}

/// A Python scalar as an element of `dtype`.
pub fn scalar_to_py(py: Python<'_>, s: Scalar, dtype: DType) -> PyResult<Py<PyAny>> {
    Ok(match (s, dtype.is_complex()) {
        (Scalar::Bool(b), _) => PyBool::new(py, b).to_owned().into_any().unbind(),
        (Scalar::Int(v), _) => v.into_pyobject(py)?.into_any().unbind(),
        (Scalar::UInt(v), _) => v.into_pyobject(py)?.into_any().unbind(),
        (Scalar::Float(v), _) => v.into_pyobject(py)?.into_any().unbind(),
        (Scalar::Complex(c), _) => PyComplex::from_doubles(py, c.re, c.im).into_any().unbind(),
    })
}

// ---------------------------------------------------------------------------
// Nested sequences

/// Leaves and shape collected from a nested sequence.
struct Nested {
    shape: Vec<usize>,
    leaves: Vec<Scalar>,
    /// Depth at which scalars were found; every leaf must sit at the same depth.
    leaf_depth: Option<usize>,
    /// dtype of pyarray arrays found among the leaves, if any
    array_dtype: Option<DType>,
}

impl Nested {
    /// Record that a sequence of length `len` sits at `depth`.
    fn record_dim(&mut self, depth: usize, len: usize) -> PyResult<()> {
        if self.leaf_depth.is_some_and(|d| depth >= d) {
            return Err(ragged());
        }
        if self.shape.len() == depth {
            self.shape.push(len);
        } else if self.shape.len() < depth || self.shape[depth] != len {
            return Err(ragged());
        }
        Ok(())
    }

    /// Record leaves found at `depth`.
    fn record_leaves(
        &mut self,
        depth: usize,
        leaves: impl IntoIterator<Item = Scalar>,
    ) -> PyResult<()> {
        if self.shape.len() != depth || self.leaf_depth.is_some_and(|d| d != depth) {
            return Err(ragged());
        }
        self.leaf_depth = Some(depth);
        self.leaves.extend(leaves);
        Ok(())
    }
}

fn walk(obj: &Bound<'_, PyAny>, depth: usize, out: &mut Nested) -> PyResult<()> {
    if depth > 64 {
        return Err(PyValueError::new_err(
            "nested sequence is too deep (more than 64 levels)",
        ));
    }
    if let Some(s) = py_scalar(obj)? {
        return out.record_leaves(depth, [s]);
    }
    if let Ok(a) = obj.cast::<PyArray>() {
        let a = &a.get().inner;
        for (i, &d) in a.shape().iter().enumerate() {
            out.record_dim(depth + i, d)?;
        }
        out.array_dtype = Some(match out.array_dtype {
            Some(d) => pyarray_core::dtype::promote(d, a.dtype()),
            None => a.dtype(),
        });
        return out.record_leaves(depth + a.ndim(), a.to_scalars());
    }
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "strings cannot be converted to pyarray arrays",
        ));
    }
    if let Ok(seq) = obj.cast::<PySequence>() {
        out.record_dim(depth, seq.len()?)?;
        for item in seq.try_iter()? {
            walk(&item?, depth + 1, out)?;
        }
        return Ok(());
    }
    // NumPy scalars and other number-likes.
    for method in ["__index__", "__float__", "__complex__"] {
        if obj.hasattr(method)? {
            let v = obj.call_method0(method)?;
            if let Some(s) = py_scalar(&v)? {
                return out.record_leaves(depth, [s]);
            }
        }
    }
    Err(PyTypeError::new_err(format!(
        "cannot convert {} to a pyarray array",
        obj.get_type().name()?
    )))
}

fn ragged() -> PyErr {
    PyValueError::new_err(
        "setting an array element with a sequence: the nested sequence is ragged (inhomogeneous shape)",
    )
}

/// Build an array from a nested sequence (or a lone scalar).
pub fn from_nested(obj: &Bound<'_, PyAny>, dtype: Option<DType>) -> PyResult<Array> {
    let mut nested = Nested {
        shape: Vec::new(),
        leaves: Vec::new(),
        leaf_depth: None,
        array_dtype: None,
    };
    walk(obj, 0, &mut nested)?;
    let expected: usize = nested.shape.iter().product();
    if expected != nested.leaves.len() {
        return Err(ragged());
    }
    let dtype = match dtype {
        Some(d) => d,
        None => infer_dtype(&nested.leaves, nested.array_dtype)?,
    };
    for &s in &nested.leaves {
        check_fits(s, dtype)?;
        if matches!(s, Scalar::Complex(_)) && !dtype.is_complex() {
            return Err(PyTypeError::new_err(format!(
                "cannot store complex values in {dtype}"
            )));
        }
    }
    let out = Array::zeros(dtype, &nested.shape).py()?;
    pyarray_core::dispatch!(dtype, T => {
        // SAFETY: fresh contiguous array.
        let data = unsafe { out.slice_mut_unchecked::<T>() };
        for (o, &s) in data.iter_mut().zip(&nested.leaves) {
            *o = <T as pyarray_core::Element>::from_scalar(s);
        }
    });
    Ok(out)
}

/// Default dtype for a list of Python scalars: the widest kind present.
fn infer_dtype(leaves: &[Scalar], array_dtype: Option<DType>) -> PyResult<DType> {
    let mut kind = 0; // 0 bool, 1 int, 2 float, 3 complex
    let mut needs_u64 = false;
    let mut has_negative = false;
    for s in leaves {
        match s {
            Scalar::Bool(_) => {}
            Scalar::Int(v) => {
                kind = kind.max(1);
                has_negative |= *v < 0;
            }
            Scalar::UInt(_) => {
                kind = kind.max(1);
                needs_u64 = true;
            }
            Scalar::Float(_) => kind = kind.max(2),
            Scalar::Complex(_) => kind = kind.max(3),
        }
    }
    if let Some(d) = array_dtype {
        // Python scalars next to arrays are weak, as in binary operations.
        let scalar = [
            Kind::Bool,
            Kind::SignedInteger,
            Kind::RealFloating,
            Kind::ComplexFloating,
        ][kind];
        return Ok(pyarray_core::dtype::promote_weak(d, scalar));
    }
    if leaves.is_empty() {
        return Ok(DType::Float64); // NumPy's choice for empty sequences
    }
    Ok(match kind {
        0 => DType::Bool,
        1 if needs_u64 && has_negative => {
            return Err(PyOverflowError::new_err(
                "integers do not fit one integer dtype",
            ))
        }
        1 if needs_u64 => DType::UInt64,
        1 => DType::Int64,
        2 => DType::Float64,
        _ => DType::Complex128,
    })
}

// ---------------------------------------------------------------------------
// Buffer protocol import (zero-copy)

/// Keeps a Python buffer alive; releases it (with the GIL) when the last view dies.
struct BufferKeeper(Box<ffi::Py_buffer>);

// SAFETY: the buffer is only touched on release, under the GIL.
unsafe impl Send for BufferKeeper {}
unsafe impl Sync for BufferKeeper {}

impl Drop for BufferKeeper {
    fn drop(&mut self) {
        // SAFETY: after finalization there is nothing left to release.
        if unsafe { ffi::Py_IsInitialized() } != 0 {
            Python::attach(|_| unsafe { ffi::PyBuffer_Release(&mut *self.0) });
        }
    }
}

/// View `obj`'s memory through the buffer protocol, without copying.
/// Returns None when `obj` does not export a buffer.
pub fn from_buffer(obj: &Bound<'_, PyAny>) -> PyResult<Option<Array>> {
    let mut view: Box<ffi::Py_buffer> = Box::new(unsafe { std::mem::zeroed() });
    let mut writeable = true;
    // SAFETY: obj is a valid object; view is zeroed storage for the result.
    unsafe {
        if ffi::PyObject_GetBuffer(obj.as_ptr(), &mut *view, ffi::PyBUF_RECORDS) != 0 {
            ffi::PyErr_Clear();
            writeable = false;
            if ffi::PyObject_GetBuffer(obj.as_ptr(), &mut *view, ffi::PyBUF_RECORDS_RO) != 0 {
                ffi::PyErr_Clear();
                return Ok(None);
            }
        }
    }
    let format = if view.format.is_null() {
        "B".to_string()
    } else {
        // SAFETY: format is a NUL-terminated string owned by the exporter.
        unsafe { std::ffi::CStr::from_ptr(view.format) }
            .to_string_lossy()
            .into_owned()
    };
    let keeper = BufferKeeper(view);
    let view = &keeper.0;
    let dtype = DType::from_buffer_format(&format)
        .filter(|d| d.itemsize() as isize == view.itemsize)
        .ok_or_else(|| PyBufferError::new_err(format!("unsupported buffer format {format:?}")))?;
    let ndim = view.ndim as usize;
    let itemsize = view.itemsize;
    // SAFETY: non-NULL shape and strides have ndim entries. Some exporters
    // (ctypes) leave strides NULL, meaning C-contiguous; NULL shape means 1-D bytes.
    let shape: Dims = if ndim == 0 {
        Dims::new()
    } else if view.shape.is_null() {
        smallvec::smallvec![(view.len / itemsize) as usize]
    } else {
        unsafe { std::slice::from_raw_parts(view.shape, ndim) }
            .iter()
            .map(|&d| d as usize)
            .collect()
    };
    let byte_strides: Strides = if view.strides.is_null() || ndim == 0 {
        pyarray_core::layout::c_strides(&shape)
            .iter()
            .map(|&s| s * itemsize)
            .collect()
    } else {
        Strides::from_slice(unsafe { std::slice::from_raw_parts(view.strides, ndim) })
    };
    if byte_strides.iter().any(|&s| s % itemsize != 0) {
        return Err(PyBufferError::new_err(
            "buffer strides are not multiples of the item size",
        ));
    }
    let strides: Strides = byte_strides.iter().map(|&s| s / itemsize).collect();
    let (lo, hi) = pyarray_core::array::byte_extent(&shape, &strides, itemsize as usize);
    let base = (view.buf as *mut u8).wrapping_offset(lo);
    let len = (hi - lo) as usize;
    // SAFETY: the exporter keeps [base, base+len) valid until the buffer is released,
    // which happens when the keeper is dropped with the storage.
    let storage = unsafe { pyarray_core::storage::Storage::foreign(base, len, Box::new(keeper)) };
    let array = Array::from_parts(
        Arc::new(storage),
        dtype,
        &shape,
        &strides,
        (-lo) as usize,
        writeable,
    )
    .py()?;
    // Kernels read elements as typed slices, which must be aligned: misaligned
    // buffers (e.g. np.frombuffer(..., offset=1)) are copied byte-wise.
    if !(array.data_ptr() as usize).is_multiple_of(dtype.alignment()) {
        return pyarray_core::dlpack::copy_unaligned(&array).py().map(Some);
    }
    Ok(Some(array))
}

/// A result type built with `collections.namedtuple` (the standard's
/// named-tuple results, e.g. `UniqueAllResult`, `SVDResult`), shown as
/// defined in `module`.
pub(crate) fn namedtuple_type(
    py: Python<'_>,
    module: &str,
    name: &str,
    fields: &[&str],
) -> PyResult<Py<PyAny>> {
    let namedtuple = py.import("collections")?.getattr("namedtuple")?;
    let t = namedtuple.call1((name, fields.to_vec()))?;
    t.setattr("__module__", module)?;
    Ok(t.unbind())
}

/// An instance of a named-tuple result type holding `fields` as arrays.
pub(crate) fn named<'py, const N: usize>(
    py: Python<'py>,
    kind: &Py<PyAny>,
    fields: [Array; N],
) -> PyResult<Bound<'py, PyAny>> {
    kind.bind(py)
        .call1(pyo3::types::PyTuple::new(py, fields.map(PyArray::new))?)
}

/// A Python scalar as a 0-d array of `dtype`, if the value fits it.
fn scalar_array(s: Scalar, dtype: DType) -> PyResult<Array> {
    check_fits(s, dtype)?;
    Array::from_scalar(s, dtype).py()
}

/// A Python scalar as a 0-d array that adopts `like`'s dtype where kinds allow
/// (the standard's weak scalars).
pub(crate) fn weak_scalar(s: Scalar, like: &Array) -> PyResult<Array> {
    Array::from_scalar(s, weak_dtype(s, like)?).py()
}

/// The dtype a Python scalar takes against `like` (the standard's weak
/// scalars); OverflowError when its value does not fit that dtype.
pub(crate) fn weak_dtype(s: Scalar, like: &Array) -> PyResult<DType> {
    let dtype = promote_weak(like.dtype(), scalar_kind(s));
    check_fits(s, dtype)?;
    Ok(dtype)
}

/// An array operand, or a Python scalar as a 0-d array: weak against `like`
/// when given, else in the scalar's default dtype.
pub(crate) fn array_or_scalar(x: &Bound<'_, PyAny>, like: Option<&Array>) -> PyResult<Array> {
    if let Ok(a) = x.cast::<PyArray>() {
        return Ok(a.get().inner.clone());
    }
    let Some(s) = py_scalar(x)? else {
        return Err(PyTypeError::new_err(format!(
            "expected an array or a Python scalar, got {}",
            x.get_type().name()?
        )));
    };
    match like {
        Some(a) => weak_scalar(s, a),
        None => scalar_array(s, default_dtype(s)),
    }
}
