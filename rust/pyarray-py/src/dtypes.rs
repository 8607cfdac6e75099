//! The Python `dtype` objects (`xp.float64`, ...): one cached instance per dtype.

use pyarray_core::DType;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// A pyarray data type, such as `pyarray.float64`.
///
/// Examples
/// --------
/// >>> xp.float32.name, xp.float32.itemsize
/// ('float32', 4)
/// >>> xp.asarray([1]).dtype == xp.int64
/// True
#[pyclass(frozen, eq, hash, name = "dtype", module = "pyarray")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyDType {
    pub dtype: DType,
}

#[pymethods]
impl PyDType {
    /// The dtype's name, e.g. ``"float64"``.
    #[getter]
    fn name(&self) -> &'static str {
        self.dtype.name()
    }
    /// Size of one element in bytes.
    #[getter]
    fn itemsize(&self) -> usize {
        self.dtype.itemsize()
    }
    fn __repr__(&self) -> String {
        format!("pyarray.{}", self.dtype.name())
    }
    fn __str__(&self) -> &'static str {
        self.dtype.name()
    }
    /// Pickle as the module attribute of the same name (`pyarray.float64`).
    fn __reduce__(&self) -> &'static str {
        self.dtype.name()
    }
}

static INSTANCES: PyOnceLock<Vec<Py<PyDType>>> = PyOnceLock::new();

/// The shared Python object for `dtype`.
pub fn dtype_object(py: Python<'_>, dtype: DType) -> Py<PyDType> {
    let all = INSTANCES.get_or_init(py, || {
        DType::ALL
            .iter()
            .map(|&d| Py::new(py, PyDType { dtype: d }).expect("allocating a dtype object"))
            .collect()
    });
    all[dtype.index()].clone_ref(py)
}

/// Read a `dtype=` argument: a pyarray dtype or a dtype's name.
pub fn parse_dtype(obj: &Bound<'_, PyAny>) -> PyResult<DType> {
    if let Ok(d) = obj.cast::<PyDType>() {
        return Ok(d.get().dtype);
    }
    if let Ok(name) = obj.extract::<String>() {
        if let Some(d) = DType::from_name(&name) {
            return Ok(d);
        }
    }
    // Objects with a dtype-like `name` (NumPy dtypes and scalar types) are accepted
    // by name, for interoperability.
    if let Ok(name) = obj.getattr("name").and_then(|n| n.extract::<String>()) {
        if let Some(d) = DType::from_name(&name) {
            return Ok(d);
        }
    }
    if let Ok(name) = obj.getattr("__name__").and_then(|n| n.extract::<String>()) {
        if let Some(d) = DType::from_name(&name) {
            return Ok(d);
        }
    }
    Err(PyTypeError::new_err(format!(
        "{} is not a pyarray dtype",
        obj.repr()?
    )))
}

/// Read an optional `dtype=` argument.
pub fn parse_optional_dtype(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<DType>> {
    match obj {
        Some(o) if !o.is_none() => parse_dtype(o).map(Some),
        _ => Ok(None),
    }
}
