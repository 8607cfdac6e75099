//! Creation functions of the standard (`from_dlpack` lives in `dlpack.rs`).

use crate::array::{check_scalar_kind, PyArray};
use crate::convert::{check_fits, default_dtype, from_buffer, from_nested, py_scalar};
use crate::device::parse_device;
use crate::dtypes::parse_optional_dtype;
use crate::errors::IntoPyResult;
use pyarray_core::layout::Dims;
use pyarray_core::{creation, Array, DType, Scalar};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

/// A diagonal offset `k`: any Python int; values beyond the machine range are
/// clamped (they select no diagonal either way).
pub struct DiagonalOffset(isize);

impl<'py> FromPyObject<'_, 'py> for DiagonalOffset {
    type Error = PyErr;
    fn extract(k: pyo3::Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(v) = k.extract::<isize>() {
            return Ok(DiagonalOffset(v));
        }
        let v: i128 = match k.extract::<i128>() {
            Ok(v) => v,
            Err(_) if k.is_instance_of::<pyo3::types::PyInt>() => {
                if k.lt(0)? {
                    i128::MIN
                } else {
                    i128::MAX
                }
            }
            Err(e) => return Err(e),
        };
        Ok(DiagonalOffset(
            v.clamp(isize::MIN as i128, isize::MAX as i128) as isize,
        ))
    }
}

/// Read a shape argument: an int or a sequence of non-negative ints.
pub fn parse_shape(shape: &Bound<'_, PyAny>) -> PyResult<Dims> {
    // i64 first: pyo3 reads an i128 through _PyLong_AsByteArray (~120
    // instructions a dimension); i128 then catches the too-large ones.
    if let Some(dims) = crate::args::int_or_ints::<i64>(shape) {
        return checked_dims(&dims);
    }
    let dims = crate::args::int_or_ints::<i128>(shape).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "shape must be an int or a sequence of ints, not {}",
            shape.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })?;
    checked_dims(&dims)
}

/// Dimensions that are non-negative and fit an isize, as a shape.
fn checked_dims<T: Copy + Into<i128> + std::fmt::Debug>(dims: &[T]) -> PyResult<Dims> {
    let mut shape = Dims::new();
    for &d in dims {
        let d: i128 = d.into();
        if d < 0 {
            return Err(PyValueError::new_err(format!(
                "negative dimensions are not allowed: {dims:?}"
            )));
        }
        let d = isize::try_from(d).map_err(|_| {
            PyValueError::new_err(format!("array is too big: dimension {d} in {dims:?}"))
        })?;
        shape.push(d as usize);
    }
    Ok(shape)
}

/// `asarray` without the device argument: the shared path from any object to an array.
pub fn asarray_impl(
    obj: &Bound<'_, PyAny>,
    dtype: Option<DType>,
    copy: Option<bool>,
) -> PyResult<Array> {
    let (array, fresh) = if let Ok(a) = obj.cast::<PyArray>() {
        (a.get().inner.clone(), false)
    } else if let Some(a) = buffer_source(obj)? {
        (a, false)
    } else if let Some(a) = crate::dlpack::dlpack_source(obj)? {
        (a, false)
    } else {
        (from_nested(obj, dtype)?, true)
    };
    let needs_cast = dtype.is_some_and(|d| d != array.dtype());
    if copy == Some(false) && (fresh || needs_cast) {
        return Err(PyValueError::new_err(
            "asarray(copy=False) would need a copy (conversion from a Python object or to another dtype)",
        ));
    }
    match dtype {
        Some(d) if needs_cast => array.astype_keeping_layout(d).py(),
        _ if copy == Some(true) && !fresh => array.astype_keeping_layout(array.dtype()).py(),
        _ => Ok(array),
    }
}

/// Objects shared through the buffer protocol (NumPy arrays, memoryview, bytes, array.array).
fn buffer_source(obj: &Bound<'_, PyAny>) -> PyResult<Option<Array>> {
    // Sequences of Python objects never export buffers; skip the attempt for speed.
    if obj.is_instance_of::<pyo3::types::PyList>() || obj.is_instance_of::<PyTuple>() {
        return Ok(None);
    }
    if py_scalar(obj)?.is_some() && !obj.is_instance_of::<PyBytes>() {
        return Ok(None);
    }
    from_buffer(obj)
}

/// Convert the input to an array.
///
/// Parameters
/// ----------
/// obj : array, scalar, nested sequence, buffer or DLPack producer
/// dtype : dtype, optional
/// device : device, optional
/// copy : bool, optional
///     True always copies, False never copies (ValueError if one is needed),
///     None copies only if needed. Buffers and arrays are shared otherwise.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.asarray([[1, 2], [3, 4]])
/// Array([[1, 2],
///        [3, 4]], dtype=int64)
/// >>> xp.asarray([1.5, 2], dtype=xp.float32)
/// Array([1.5, 2. ], dtype=float32)
#[pyfunction]
#[pyo3(signature = (obj, /, *, dtype = None, device = None, copy = None))]
pub fn asarray<'py>(
    obj: &Bound<'py, PyAny>,
    dtype: Option<&Bound<'py, PyAny>>,
    device: Option<&Bound<'py, PyAny>>,
    copy: Option<bool>,
) -> PyResult<Bound<'py, PyArray>> {
    parse_device(device)?;
    let dtype = parse_optional_dtype(dtype)?;
    if let Ok(array) = obj.cast_exact::<PyArray>() {
        // An array that needs no copy and no cast is returned itself, as
        // NumPy does: libraries call asarray on every input they receive.
        let same_dtype = dtype.is_none_or(|d| d == array.get().inner.dtype());
        if same_dtype && copy != Some(true) {
            return Ok(array.clone());
        }
    }
    Bound::new(obj.py(), PyArray::new(asarray_impl(obj, dtype, copy)?))
}

fn filled(
    shape: &Bound<'_, PyAny>,
    value: Scalar,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let dtype = parse_optional_dtype(dtype)?.unwrap_or(DType::Float64);
    let shape = parse_shape(shape)?;
    creation::full(&shape, value, dtype).py().map(PyArray::new)
}

/// Return a new array of the given shape; pyarray fills it with zeros.
///
/// Parameters
/// ----------
/// shape : int or tuple of int
/// dtype : dtype, optional
///     Default float64.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.empty((2, 3)).shape
/// (2, 3)
#[pyfunction]
#[pyo3(signature = (shape, *, dtype = None, device = None))]
pub fn empty(
    shape: &Bound<'_, PyAny>,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    zeros(shape, dtype, device)
}

/// Return a new array of the given shape filled with zeros.
///
/// Parameters
/// ----------
/// shape : int or tuple of int
/// dtype : dtype, optional
///     Default float64.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.zeros((2, 2), dtype=xp.int32)
/// Array([[0, 0],
///        [0, 0]], dtype=int32)
#[pyfunction]
#[pyo3(signature = (shape, *, dtype = None, device = None))]
pub fn zeros(
    shape: &Bound<'_, PyAny>,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let dtype = parse_optional_dtype(dtype)?.unwrap_or(DType::Float64);
    Array::zeros_lazily(dtype, &parse_shape(shape)?)
        .py()
        .map(PyArray::new)
}

/// Return a new array of the given shape filled with ones.
///
/// Parameters
/// ----------
/// shape : int or tuple of int
/// dtype : dtype, optional
///     Default float64.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.ones(3)
/// Array([1., 1., 1.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (shape, *, dtype = None, device = None))]
pub fn ones(
    shape: &Bound<'_, PyAny>,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    filled(shape, Scalar::Int(1), dtype, device)
}

/// A Python scalar fill value and the dtype it implies by default.
fn fill_value(value: &Bound<'_, PyAny>) -> PyResult<Scalar> {
    if let Ok(a) = value.cast::<PyArray>() {
        return a.get().inner.item().py();
    }
    py_scalar(value)?
        .ok_or_else(|| PyTypeError::new_err("fill_value must be a bool, int, float or complex"))
}

/// Return a new array of the given shape filled with `fill_value`.
///
/// Parameters
/// ----------
/// shape : int or tuple of int
/// fill_value : bool, int, float or complex
/// dtype : dtype, optional
///     Default: from fill_value's kind (bool, int64, float64 or complex128).
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.full((2, 2), 7)
/// Array([[7, 7],
///        [7, 7]], dtype=int64)
#[pyfunction]
#[pyo3(signature = (shape, fill_value, *, dtype = None, device = None))]
pub fn full(
    shape: &Bound<'_, PyAny>,
    fill_value: &Bound<'_, PyAny>,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let value = self::fill_value(fill_value)?;
    let dtype = match parse_optional_dtype(dtype)? {
        Some(d) => d,
        None => match fill_value.cast::<PyArray>() {
            Ok(a) => a.get().inner.dtype(),
            Err(_) => default_dtype(value),
        },
    };
    check_fits(value, dtype)?;
    creation::full(&parse_shape(shape)?, value, dtype)
        .py()
        .map(PyArray::new)
}

fn like(
    x: &PyArray,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
    value: Scalar,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let dtype = parse_optional_dtype(dtype)?.unwrap_or(x.inner.dtype());
    creation::full(x.inner.shape(), value, dtype)
        .py()
        .map(PyArray::new)
}

/// Return a new array shaped like `x`; pyarray fills it with zeros.
///
/// Parameters
/// ----------
/// x : array
///     Shape (and by default dtype) of the result.
/// dtype : dtype, optional
///     Default: x's dtype.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.empty_like(xp.asarray([1, 2, 3])).dtype
/// pyarray.int64
#[pyfunction]
#[pyo3(signature = (x, /, *, dtype = None, device = None))]
pub fn empty_like(
    x: &PyArray,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    like(x, dtype, device, Scalar::Int(0))
}

/// Return an array of zeros shaped like `x`.
///
/// Parameters
/// ----------
/// x : array
/// dtype : dtype, optional
///     Default: x's dtype.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.zeros_like(xp.asarray([1.5, 2.5]))
/// Array([0., 0.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, dtype = None, device = None))]
pub fn zeros_like(
    x: &PyArray,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    like(x, dtype, device, Scalar::Int(0))
}

/// Return an array of ones shaped like `x`.
///
/// Parameters
/// ----------
/// x : array
/// dtype : dtype, optional
///     Default: x's dtype.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.ones_like(xp.asarray([[1, 2]]))
/// Array([[1, 1]], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, dtype = None, device = None))]
pub fn ones_like(
    x: &PyArray,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    like(x, dtype, device, Scalar::Int(1))
}

/// Return an array shaped like `x` filled with `fill_value`.
///
/// Parameters
/// ----------
/// x : array
/// fill_value : bool, int, float or complex
/// dtype : dtype, optional
///     Default: x's dtype.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.full_like(xp.asarray([1.0, 2.0]), 5)
/// Array([5., 5.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, fill_value, *, dtype = None, device = None))]
pub fn full_like(
    x: &PyArray,
    fill_value: &Bound<'_, PyAny>,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    let value = self::fill_value(fill_value)?;
    let target = parse_optional_dtype(dtype)?.unwrap_or(x.inner.dtype());
    check_scalar_kind(value, target)?;
    check_fits(value, target)?;
    like(x, dtype, device, value)
}

/// Evenly spaced values in the half-open interval ``[start, stop)``.
///
/// Parameters
/// ----------
/// start : int or float
///     First value; the stop when `stop` is None (then start is 0).
/// stop : int or float, optional
///     End of the interval, excluded.
/// step : int or float
///     Spacing between values, 1 by default.
/// dtype : dtype, optional
///     By default int64 if all arguments are integers, else float64.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///     One-dimensional, ``ceil((stop - start) / step)`` elements.
///
/// Examples
/// --------
/// >>> xp.arange(5)
/// Array([0, 1, 2, 3, 4], dtype=int64)
/// >>> xp.arange(1.0, 2.0, 0.25)
/// Array([1.  , 1.25, 1.5 , 1.75], dtype=float64)
#[pyfunction]
// step=None is accepted and means 1; the text signature shows the standard's default.
#[pyo3(
    signature = (start, /, stop = None, step = None, *, dtype = None, device = None),
    text_signature = "(start, /, stop=None, step=1, *, dtype=None, device=None)"
)]
pub fn arange(
    start: &Bound<'_, PyAny>,
    stop: Option<&Bound<'_, PyAny>>,
    step: Option<&Bound<'_, PyAny>>,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let number = |o: &Bound<'_, PyAny>| -> PyResult<Scalar> {
        match py_scalar(o)? {
            Some(Scalar::Complex(_)) | None => Err(PyTypeError::new_err(
                "arange arguments must be int or float",
            )),
            Some(s) => Ok(s),
        }
    };
    let (start, stop) = match stop.filter(|s| !s.is_none()) {
        Some(stop) => (number(start)?, number(stop)?),
        None => (Scalar::Int(0), number(start)?),
    };
    let step = match step.filter(|s| !s.is_none()) {
        Some(s) => number(s)?,
        None => Scalar::Int(1),
    };
    let all_int = [start, stop, step]
        .iter()
        .all(|s| matches!(s, Scalar::Int(_) | Scalar::Bool(_)));
    let dtype = parse_optional_dtype(dtype)?.unwrap_or(if all_int {
        DType::Int64
    } else {
        DType::Float64
    });
    let result = if all_int && !dtype.is_float() {
        creation::arange_int(start.as_i64(), stop.as_i64(), step.as_i64(), dtype)
    } else {
        creation::arange_float(start.as_f64(), stop.as_f64(), step.as_f64(), dtype)
    };
    result.py().map(PyArray::new)
}

/// ``num`` evenly spaced numbers from ``start`` to ``stop``.
///
/// Parameters
/// ----------
/// start, stop : int, float or complex
///     Interval ends.
/// num : int
///     Number of values.
/// dtype : dtype, optional
///     Default float64 (complex128 for complex ends).
/// device : Device, optional
///     None or the CPU device.
/// endpoint : bool
///     Include `stop` (True by default).
///
/// Returns
/// -------
/// array
///     One-dimensional, `num` elements.
///
/// Examples
/// --------
/// >>> xp.linspace(0, 1, 5)
/// Array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float64)
/// >>> xp.linspace(0, 1, 4, endpoint=False)
/// Array([0.  , 0.25, 0.5 , 0.75], dtype=float64)
#[pyfunction]
#[pyo3(signature = (start, stop, /, num, *, dtype = None, device = None, endpoint = true))]
pub fn linspace(
    start: &Bound<'_, PyAny>,
    stop: &Bound<'_, PyAny>,
    num: isize,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
    endpoint: bool,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let num = usize::try_from(num)
        .map_err(|_| PyValueError::new_err("linspace: num must be non-negative"))?;
    let value = |o: &Bound<'_, PyAny>| -> PyResult<Scalar> {
        py_scalar(o)?.ok_or_else(|| PyTypeError::new_err("linspace bounds must be numbers"))
    };
    let (a, b) = (value(start)?, value(stop)?);
    let complex = matches!(a, Scalar::Complex(_)) || matches!(b, Scalar::Complex(_));
    let dtype = parse_optional_dtype(dtype)?.unwrap_or(if complex {
        DType::Complex128
    } else {
        DType::Float64
    });
    if complex && !dtype.is_complex() {
        return Err(PyTypeError::new_err("complex bounds need a complex dtype"));
    }
    creation::linspace(a.as_complex(), b.as_complex(), num, endpoint, dtype)
        .py()
        .map(PyArray::new)
}

/// A 2-D array with ones on the ``k``-th diagonal and zeros elsewhere.
///
/// Parameters
/// ----------
/// n_rows : int
/// n_cols : int, optional
///     Default: n_rows.
/// k : int
///     Diagonal: 0 the main one, positive above, negative below.
/// dtype : dtype, optional
///     Default float64.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///     Shape ``(n_rows, n_cols)``.
///
/// Examples
/// --------
/// >>> xp.eye(3, k=1)
/// Array([[0., 1., 0.],
///        [0., 0., 1.],
///        [0., 0., 0.]], dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (n_rows, n_cols = None, /, *, k = DiagonalOffset(0), dtype = None, device = None),
    text_signature = "(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None)"
)]
pub fn eye(
    n_rows: isize,
    n_cols: Option<isize>,
    k: DiagonalOffset,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let dim = |n: isize| {
        usize::try_from(n)
            .map_err(|_| PyValueError::new_err("eye: dimensions must be non-negative"))
    };
    let rows = dim(n_rows)?;
    let cols = dim(n_cols.unwrap_or(n_rows))?;
    let dtype = parse_optional_dtype(dtype)?.unwrap_or(DType::Float64);
    creation::eye(rows, cols, k.0, dtype).py().map(PyArray::new)
}

/// Lower triangle of a (stack of) matrices; elements above diagonal ``k`` are zeroed.
///
/// Parameters
/// ----------
/// x : array
///     At least two-dimensional.
/// k : int
///     Diagonal: 0 the main one, positive above, negative below.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.tril(xp.ones((3, 3)))
/// Array([[1., 0., 0.],
///        [1., 1., 0.],
///        [1., 1., 1.]], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, k = DiagonalOffset(0)), text_signature = "(x, /, *, k=0)")]
pub fn tril(x: &PyArray, k: DiagonalOffset) -> PyResult<PyArray> {
    creation::triangle(&x.inner, k.0, false)
        .py()
        .map(PyArray::new)
}

/// Upper triangle of a (stack of) matrices; elements below diagonal ``k`` are zeroed.
///
/// Parameters
/// ----------
/// x : array
///     At least two-dimensional.
/// k : int
///     Diagonal: 0 the main one, positive above, negative below.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.triu(xp.ones((3, 3)), k=1)
/// Array([[0., 1., 1.],
///        [0., 0., 1.],
///        [0., 0., 0.]], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, k = DiagonalOffset(0)), text_signature = "(x, /, *, k=0)")]
pub fn triu(x: &PyArray, k: DiagonalOffset) -> PyResult<PyArray> {
    creation::triangle(&x.inner, k.0, true)
        .py()
        .map(PyArray::new)
}

/// Coordinate matrices from one-dimensional coordinate arrays.
///
/// Parameters
/// ----------
/// *arrays : array
///     One-dimensional coordinate arrays of one dtype.
/// indexing : {'xy', 'ij'}
///     Cartesian ('xy', default: the first two axes swap) or matrix ('ij') indexing.
///
/// Returns
/// -------
/// tuple of array
///     One array per input, all of the same shape.
///
/// Examples
/// --------
/// >>> a, b = xp.meshgrid(xp.asarray([1, 2, 3]), xp.asarray([4, 5]))
/// >>> a
/// Array([[1, 2, 3],
///        [1, 2, 3]], dtype=int64)
/// >>> b
/// Array([[4, 4, 4],
///        [5, 5, 5]], dtype=int64)
#[pyfunction]
#[pyo3(signature = (*arrays, indexing = "xy"))]
pub fn meshgrid<'py>(
    py: Python<'py>,
    arrays: Vec<PyRef<'py, PyArray>>,
    indexing: &str,
) -> PyResult<Bound<'py, PyTuple>> {
    let xy = match indexing {
        "xy" => true,
        "ij" => false,
        _ => return Err(PyValueError::new_err("indexing must be 'xy' or 'ij'")),
    };
    let inputs: Vec<Array> = arrays.iter().map(|a| a.inner.clone()).collect();
    let grids = creation::meshgrid(&inputs, xy).py()?;
    PyTuple::new(py, grids.into_iter().map(PyArray::new))
}
