//! Data type functions: astype, can_cast, finfo, iinfo, isdtype, result_type.

use crate::array::PyArray;
use crate::convert::py_scalar;
use crate::device::parse_device;
use crate::dtypes::{dtype_object, parse_dtype, PyDType};
use crate::errors::IntoPyResult;
use pyarray_core::dtype::{can_cast as core_can_cast, promote, promote_weak};
use pyarray_core::{DType, Kind, Scalar};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Copy `x` to `dtype` (or return `x` itself when `copy=False` and no cast is needed).
///
/// Parameters
/// ----------
/// x : array
/// dtype : dtype
///     Target dtype.
/// copy : bool
///     False returns x itself when it already has `dtype`.
/// device : Device, optional
///     None or the CPU device.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.astype(xp.asarray([1.7, -2.2]), xp.int32)
/// Array([ 1, -2], dtype=int32)
#[pyfunction]
#[pyo3(signature = (x, dtype, /, *, copy = true, device = None))]
pub fn astype(
    x: Py<PyArray>,
    py: Python<'_>,
    dtype: &Bound<'_, PyAny>,
    copy: bool,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyArray>> {
    parse_device(device)?;
    let dtype = parse_dtype(dtype)?;
    let a = &x.get().inner;
    if !copy && a.dtype() == dtype {
        return Ok(x);
    }
    Py::new(py, PyArray::new(a.astype_keeping_layout(dtype).py()?))
}

/// dtype of an array or a dtype object.
fn dtype_of(obj: &Bound<'_, PyAny>) -> PyResult<DType> {
    match obj.cast::<PyArray>() {
        Ok(a) => Ok(a.get().inner.dtype()),
        Err(_) => parse_dtype(obj),
    }
}

/// Whether `from_` can be cast to `to` without loss, per the promotion rules.
///
/// Parameters
/// ----------
/// from_ : dtype or array
/// to : dtype
///
/// Returns
/// -------
/// bool
///
/// Examples
/// --------
/// >>> xp.can_cast(xp.int8, xp.int32)
/// True
/// >>> xp.can_cast(xp.float64, xp.float32)
/// False
#[pyfunction]
#[pyo3(signature = (from_, to, /))]
pub fn can_cast(from_: &Bound<'_, PyAny>, to: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(core_can_cast(dtype_of(from_)?, parse_dtype(to)?))
}

/// The dtype that results from applying the promotion rules to the arguments.
/// Python scalars are weak: they take the dtype of the arrays and dtypes.
///
/// Parameters
/// ----------
/// *arrays_and_dtypes : array, dtype or Python scalar
///
/// Returns
/// -------
/// dtype
///
/// Examples
/// --------
/// >>> xp.result_type(xp.int8, xp.uint8)
/// pyarray.int16
/// >>> xp.result_type(xp.asarray([1], dtype=xp.float32), 2.0)
/// pyarray.float32
#[pyfunction]
#[pyo3(signature = (*arrays_and_dtypes))]
pub fn result_type(
    py: Python<'_>,
    arrays_and_dtypes: &Bound<'_, PyTuple>,
) -> PyResult<Py<PyDType>> {
    let mut dtype: Option<DType> = None;
    let mut scalars = Vec::new();
    for item in arrays_and_dtypes.iter() {
        if !item.is_instance_of::<PyArray>() {
            if let Some(s) = py_scalar(&item)? {
                scalars.push(s);
                continue;
            }
        }
        let d = dtype_of(&item)?;
        dtype = Some(dtype.map_or(d, |acc| promote(acc, d)));
    }
    let Some(mut dtype) = dtype else {
        return Err(PyValueError::new_err(
            "result_type needs at least one array or dtype (Python scalars alone have no dtype)",
        ));
    };
    for s in scalars {
        dtype = promote_weak(dtype, scalar_kind(s));
    }
    Ok(dtype_object(py, dtype))
}

/// The dtype kind of a Python scalar.
pub fn scalar_kind(s: Scalar) -> Kind {
    match s {
        Scalar::Bool(_) => Kind::Bool,
        Scalar::Int(_) | Scalar::UInt(_) => Kind::SignedInteger,
        Scalar::Float(_) => Kind::RealFloating,
        Scalar::Complex(_) => Kind::ComplexFloating,
    }
}

fn kind_matches(dtype: DType, kind: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let Ok(name) = kind.extract::<String>() {
        let k = dtype.kind();
        return Ok(match name.as_str() {
            "bool" => k == Kind::Bool,
            "signed integer" => k == Kind::SignedInteger,
            "unsigned integer" => k == Kind::UnsignedInteger,
            "integral" => dtype.is_integer(),
            "real floating" => k == Kind::RealFloating,
            "complex floating" => k == Kind::ComplexFloating,
            "numeric" => dtype.is_numeric(),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown dtype kind {name:?}"
                )))
            }
        });
    }
    if let Ok(d) = kind.cast::<PyDType>() {
        return Ok(d.get().dtype == dtype);
    }
    Err(PyTypeError::new_err(format!(
        "kind must be a dtype, a kind name or a tuple of them, not {}",
        kind.repr()?
    )))
}

/// Whether `dtype` is of the given kind (a dtype, a kind name, or a tuple of these).
///
/// Parameters
/// ----------
/// dtype : dtype
/// kind : dtype, str or tuple
///     A dtype, a kind name ('bool', 'signed integer', 'unsigned integer',
///     'integral', 'real floating', 'complex floating', 'numeric') or a tuple of these.
///
/// Returns
/// -------
/// bool
///
/// Examples
/// --------
/// >>> xp.isdtype(xp.int32, 'integral')
/// True
/// >>> xp.isdtype(xp.float32, ('bool', 'complex floating'))
/// False
#[pyfunction]
#[pyo3(signature = (dtype, kind))]
pub fn isdtype(dtype: &Bound<'_, PyAny>, kind: &Bound<'_, PyAny>) -> PyResult<bool> {
    let d = dtype
        .cast::<PyDType>()
        .map_err(|_| PyTypeError::new_err("isdtype expects a pyarray dtype"))?
        .get()
        .dtype;
    if let Ok(t) = kind.cast::<PyTuple>() {
        for k in t.iter() {
            if kind_matches(d, &k)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    kind_matches(d, kind)
}

/// Machine limits of a floating-point dtype.
///
/// Examples
/// --------
/// >>> xp.finfo(xp.float64).max
/// 1.7976931348623157e+308
#[pyclass(frozen, name = "finfo_object", module = "pyarray")]
pub struct FInfo {
    /// Number of bits of the (real) type.
    #[pyo3(get)]
    bits: usize,
    /// Difference between 1.0 and the next larger representable number.
    #[pyo3(get)]
    eps: f64,
    /// Largest finite value.
    #[pyo3(get)]
    max: f64,
    /// Smallest (most negative) finite value.
    #[pyo3(get)]
    min: f64,
    /// Smallest positive normal value.
    #[pyo3(get)]
    smallest_normal: f64,
    /// The real floating dtype these limits describe.
    #[pyo3(get)]
    dtype: Py<PyDType>,
}

#[pymethods]
impl FInfo {
    fn __repr__(&self) -> String {
        format!(
            "finfo(bits={}, eps={:e}, max={:e}, min={:e}, smallest_normal={:e}, dtype={})",
            self.bits,
            self.eps,
            self.max,
            self.min,
            self.smallest_normal,
            self.dtype.get().dtype
        )
    }
}

/// Machine limits of a floating-point dtype (or array).
///
/// Parameters
/// ----------
/// type : dtype or array
///     A real or complex floating dtype (complex gives its real part's limits).
///
/// Returns
/// -------
/// finfo_object
///     ``bits``, ``eps``, ``max``, ``min``, ``smallest_normal`` and ``dtype``.
///
/// Raises
/// ------
/// ValueError
///     For a non-floating dtype.
///
/// Examples
/// --------
/// >>> xp.finfo(xp.float32).bits
/// 32
/// >>> xp.finfo(xp.float64).eps
/// 2.220446049250313e-16
#[pyfunction]
#[pyo3(signature = (r#type, /))]
pub fn finfo(py: Python<'_>, r#type: &Bound<'_, PyAny>) -> PyResult<FInfo> {
    let d = dtype_of(r#type)?;
    let real = d.real_dtype();
    let (bits, eps, max, smallest_normal) = match real {
        DType::Float16 => (16, 2f64.powi(-10), 65504.0, 2f64.powi(-14)),
        DType::BFloat16 => (16, 2f64.powi(-7), half::bf16::MAX.to_f64(), 2f64.powi(-126)),
        DType::Float32 => (
            32,
            f32::EPSILON as f64,
            f32::MAX as f64,
            f32::MIN_POSITIVE as f64,
        ),
        DType::Float64 => (64, f64::EPSILON, f64::MAX, f64::MIN_POSITIVE),
        _ => {
            return Err(PyValueError::new_err(format!(
                "finfo needs a floating dtype, not {d}"
            )))
        }
    };
    Ok(FInfo {
        bits,
        eps,
        max,
        min: -max,
        smallest_normal,
        dtype: dtype_object(py, real),
    })
}

/// Machine limits of an integer dtype.
///
/// Examples
/// --------
/// >>> xp.iinfo(xp.int16).max
/// 32767
#[pyclass(frozen, name = "iinfo_object", module = "pyarray")]
pub struct IInfo {
    /// Number of bits.
    #[pyo3(get)]
    bits: usize,
    /// Largest value.
    #[pyo3(get)]
    max: i128,
    /// Smallest value.
    #[pyo3(get)]
    min: i128,
    /// The integer dtype these limits describe.
    #[pyo3(get)]
    dtype: Py<PyDType>,
}

#[pymethods]
impl IInfo {
    fn __repr__(&self) -> String {
        format!(
            "iinfo(bits={}, max={}, min={}, dtype={})",
            self.bits,
            self.max,
            self.min,
            self.dtype.get().dtype
        )
    }
}

/// Machine limits of an integer dtype (or array).
///
/// Parameters
/// ----------
/// type : dtype or array
///     An integer dtype.
///
/// Returns
/// -------
/// iinfo_object
///     ``bits``, ``max``, ``min`` and ``dtype``.
///
/// Raises
/// ------
/// ValueError
///     For a non-integer dtype.
///
/// Examples
/// --------
/// >>> xp.iinfo(xp.int8).min
/// -128
/// >>> xp.iinfo(xp.uint16).max
/// 65535
#[pyfunction]
#[pyo3(signature = (r#type, /))]
pub fn iinfo(py: Python<'_>, r#type: &Bound<'_, PyAny>) -> PyResult<IInfo> {
    let d = dtype_of(r#type)?;
    if !d.is_integer() {
        return Err(PyValueError::new_err(format!(
            "iinfo needs an integer dtype, not {d}"
        )));
    }
    let bits = d.itemsize() * 8;
    let (min, max) = if d.kind() == Kind::SignedInteger {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    Ok(IInfo {
        bits,
        max,
        min,
        dtype: dtype_object(py, d),
    })
}
