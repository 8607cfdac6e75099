//! The one error map: each core error variant becomes one Python exception.

use pyarray_core::Error;
use pyo3::exceptions::{
    PyBufferError, PyIndexError, PyMemoryError, PyOverflowError, PyTypeError, PyValueError,
};
use pyo3::PyErr;

/// Convert a core error into the matching Python exception.
pub fn to_py(err: Error) -> PyErr {
    match err {
        Error::Type(m) => PyTypeError::new_err(m),
        Error::Value(m) => PyValueError::new_err(m),
        Error::Index(m) => PyIndexError::new_err(m),
        Error::Memory(m) => PyMemoryError::new_err(m),
        Error::Buffer(m) => PyBufferError::new_err(m),
        Error::Overflow(m) => PyOverflowError::new_err(m),
        Error::LinAlg(m) => crate::linalg::LinAlgError::new_err(m),
    }
}

/// `?`-friendly conversion of core results.
pub trait IntoPyResult<T> {
    fn py(self) -> pyo3::PyResult<T>;
}

impl<T> IntoPyResult<T> for pyarray_core::Result<T> {
    fn py(self) -> pyo3::PyResult<T> {
        self.map_err(to_py)
    }
}
