//! The device object. pyarray computes on the CPU only.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A device on which arrays live; pyarray has exactly one, the CPU.
///
/// Examples
/// --------
/// >>> xp.asarray([1]).device == xp.CPU_DEVICE
/// True
#[pyclass(frozen, eq, hash, name = "Device", module = "pyarray")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyDevice {}

impl PyDevice {
    pub fn cpu() -> Self {
        PyDevice {}
    }
}

#[pymethods]
impl PyDevice {
    fn __repr__(&self) -> &'static str {
        "Device('cpu')"
    }
    fn __str__(&self) -> &'static str {
        "cpu"
    }
}

/// Accept `device=None`, our CPU device, or the string "cpu"; reject others.
pub fn parse_device(device: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let Some(d) = device else { return Ok(()) };
    if d.is_none() || d.cast::<PyDevice>().is_ok() {
        return Ok(());
    }
    if d.extract::<String>().is_ok_and(|s| s == "cpu") {
        return Ok(());
    }
    Err(PyValueError::new_err(format!(
        "unsupported device {}; pyarray only has Device('cpu')",
        d.repr()?
    )))
}
