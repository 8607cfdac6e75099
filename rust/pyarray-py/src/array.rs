//! The Python `Array` class: attributes, conversions, indexing, buffer
//! protocol, pickling. Operators live in `operators.rs`, DLPack in `dlpack.rs`.

use crate::args::run;
use crate::convert::{check_fits, py_scalar, scalar_to_py};
use crate::device::{parse_device, PyDevice};
use crate::dtypes::{dtype_object, PyDType};
use crate::elementwise as ew;
use crate::errors::IntoPyResult;
use crate::linear_algebra as la;
use pyarray_core::advanced::{advanced_assign, advanced_index, KeyItem};
use pyarray_core::elementwise::{BinaryOp, UnaryOp};
use pyarray_core::indexing::{basic_index, Index};
use pyarray_core::{format, Array, DType, Scalar};
use pyo3::exceptions::{PyBufferError, PyIndexError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyEllipsis, PyList, PySlice, PyTuple};
use smallvec::{smallvec, SmallVec};
use std::ffi::{c_int, CString};

/// An n-dimensional array of one dtype, laid out with strides over shared memory.
///
/// Arrays are made by the creation functions (``asarray``, ``zeros``, ...),
/// not by calling ``Array``. The standard's operators work elementwise with
/// broadcasting: ``+ - * / // % **``, ``@`` (``matmul``), the
/// comparisons ``== != < <= > >=``, the bitwise ``& | ^ ~ << >>``, unary
/// ``- + abs()``, their reflected forms and the in-place forms (``x += 1``
/// writes into ``x``). Each behaves as the function of the same meaning
/// (``add``, ``less``, ...); Python scalars take the array's dtype.
///
/// Examples
/// --------
/// >>> x = xp.asarray([[1, 2], [3, 4]])
/// >>> x.shape, x.dtype
/// ((2, 2), pyarray.int64)
/// >>> x + 1
/// Array([[2, 3],
///        [4, 5]], dtype=int64)
/// >>> x[0] * x[1]
/// Array([3, 8], dtype=int64)
#[pyclass(frozen, name = "Array", module = "pyarray", weakref)]
pub struct PyArray {
    pub inner: Array,
}

impl PyArray {
    pub fn new(inner: Array) -> Self {
        PyArray { inner }
    }
}

#[pymethods]
impl PyArray {
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// Data type of the elements.
    #[getter]
    fn dtype(&self, py: Python<'_>) -> Py<PyDType> {
        dtype_object(py, self.inner.dtype())
    }
    /// The device holding the data (always the CPU).
    #[getter]
    fn device(&self) -> PyDevice {
        PyDevice::cpu()
    }
    /// Number of dimensions.
    #[getter]
    fn ndim(&self) -> usize {
        self.inner.ndim()
    }
    /// Length of each dimension.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.shape())
    }
    /// Number of elements.
    #[getter]
    fn size(&self) -> usize {
        self.inner.size()
    }
    /// Strides in elements (a pyarray extension; NumPy's are in bytes).
    #[getter]
    fn _strides<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.strides())
    }
    /// Whether the array may be written to.
    #[getter]
    fn writeable(&self) -> bool {
        self.inner.writeable()
    }
    /// Transpose of a 2-D array (all axes reversed); the standard allows only 2-D.
    #[getter(T)]
    fn transpose(&self) -> PyResult<PyArray> {
        if self.inner.ndim() != 2 {
            return Err(PyValueError::new_err(format!(
                "x.T requires a 2-D array, got {} dimensions; use permute_dims or mT",
                self.inner.ndim()
            )));
        }
        Ok(PyArray::new(self.inner.transpose()))
    }
    /// Transpose of the last two axes.
    #[getter(mT)]
    fn matrix_transpose(&self) -> PyResult<PyArray> {
        self.inner.matrix_transpose().py().map(PyArray::new)
    }

    /// The pyarray namespace.
    ///
    /// Parameters
    /// ----------
    /// api_version : str, optional
    ///     None or a supported version of the standard (2021.12 to 2025.12).
    ///
    /// Returns
    /// -------
    /// module
    ///     pyarray.
    ///
    /// Examples
    /// --------
    /// >>> xp.asarray([1]).__array_namespace__() is xp
    /// True
    #[pyo3(signature = (*, api_version = None))]
    fn __array_namespace__<'py>(
        &self,
        py: Python<'py>,
        api_version: Option<&str>,
    ) -> PyResult<Bound<'py, PyModule>> {
        const SUPPORTED: [&str; 5] = ["2021.12", "2022.12", "2023.12", "2024.12", "2025.12"];
        if let Some(v) = api_version {
            if !SUPPORTED.contains(&v) {
                return Err(PyValueError::new_err(format!(
                    "unsupported array API version {v:?}; supported: {SUPPORTED:?}"
                )));
            }
        }
        py.import("pyarray")
    }

    /// Copy or move to `device`; the CPU is the only device, so this returns self.
    ///
    /// Parameters
    /// ----------
    /// device : Device
    ///     The CPU device.
    /// stream : None
    ///     CPU arrays have no streams.
    ///
    /// Returns
    /// -------
    /// Array
    ///     x itself.
    ///
    /// Examples
    /// --------
    /// >>> x = xp.asarray([1, 2])
    /// >>> x.to_device(xp.CPU_DEVICE) is x
    /// True
    #[pyo3(signature = (device, /, *, stream = None))]
    fn to_device(
        slf: Py<PyArray>,
        device: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyArray>> {
        parse_device(Some(device))?;
        if stream.is_some_and(|s| !s.is_none()) {
            return Err(PyValueError::new_err(
                "the CPU device has no streams; stream must be None",
            ));
        }
        Ok(slf)
    }

    /// Export the array as a DLPack capsule, for another library's ``from_dlpack``.
    ///
    /// Parameters
    /// ----------
    /// stream : None
    ///     CPU arrays have no streams; anything but None is a ValueError.
    /// max_version : tuple of two ints, optional
    ///     None or major < 1: legacy ``dltensor`` capsule; otherwise a
    ///     ``dltensor_versioned`` capsule at DLPack 1.1.
    /// dl_device : tuple of two ints, optional
    ///     None or ``(1, 0)`` (kDLCPU); any other device is a BufferError.
    /// copy : bool, optional
    ///     True exports a fresh copy (flag IS_COPIED); False and None share memory.
    ///
    /// Returns
    /// -------
    /// PyCapsule
    ///
    /// Raises
    /// ------
    /// BufferError
    ///     For another device, or a read-only array asked for a legacy capsule.
    ///
    /// Examples
    /// --------
    /// >>> import numpy as np
    /// >>> np.from_dlpack(xp.asarray([1.0, 2.0]))
    /// array([1., 2.])
    #[pyo3(signature = (*, stream = None, max_version = None, dl_device = None, copy = None))]
    fn __dlpack__<'py>(
        &self,
        py: Python<'py>,
        stream: Option<&Bound<'py, PyAny>>,
        max_version: Option<&Bound<'py, PyAny>>,
        dl_device: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::dlpack::export(py, &self.inner, stream, max_version, dl_device, copy)
    }

    /// DLPack device of the data.
    ///
    /// Returns
    /// -------
    /// tuple
    ///     ``(DLDeviceType.CPU, 0)``.
    ///
    /// Examples
    /// --------
    /// >>> xp.asarray([1]).__dlpack_device__()
    /// (<DLDeviceType.CPU: 1>, 0)
    fn __dlpack_device__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        crate::dlpack::device(py)
    }

    fn __bool__(&self) -> PyResult<bool> {
        Ok(self.scalar_for("bool")?.as_bool())
    }
    fn __int__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.scalar_for("int")? {
            Scalar::Complex(_) => Err(PyTypeError::new_err(
                "cannot convert a complex array to int",
            )),
            Scalar::Float(f) if f.is_nan() => {
                Err(PyValueError::new_err("cannot convert NaN to int"))
            }
            Scalar::Float(f) if f.is_infinite() => Err(pyo3::exceptions::PyOverflowError::new_err(
                "cannot convert infinity to int",
            )),
            // Python's int() truncates and keeps values beyond 64 bits exact.
            Scalar::Float(f) => Ok(py.get_type::<pyo3::types::PyInt>().call1((f,))?.unbind()),
            Scalar::UInt(u) => Ok(u.into_pyobject(py)?.into_any().unbind()),
            s => Ok(s.as_i64().into_pyobject(py)?.into_any().unbind()),
        }
    }
    fn __float__(&self) -> PyResult<f64> {
        match self.scalar_for("float")? {
            Scalar::Complex(_) => Err(PyTypeError::new_err(
                "cannot convert a complex array to float",
            )),
            s => Ok(s.as_f64()),
        }
    }
    /// The single element of a one-element array as a Python complex.
    ///
    /// ``complex(x)`` calls this; the other conversions (``bool``, ``int``,
    /// ``float``, ``operator.index``) are slots and behave alike.
    ///
    /// Returns
    /// -------
    /// complex
    ///     A real NaN gives ``nan+nanj``, as the standard asks.
    ///
    /// Raises
    /// ------
    /// TypeError
    ///     If x has more than one element.
    ///
    /// Examples
    /// --------
    /// >>> complex(xp.asarray(1.5))
    /// (1.5+0j)
    fn __complex__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyComplex>> {
        let s = self.scalar_for("complex")?;
        // The standard: a real NaN converts to NaN + NaN j.
        let c = match s {
            Scalar::Float(f) if f.is_nan() => num_complex::Complex64::new(f, f),
            s => s.as_complex(),
        };
        Ok(pyo3::types::PyComplex::from_doubles(py, c.re, c.im))
    }
    fn __index__(&self) -> PyResult<Py<PyAny>> {
        if !self.inner.dtype().is_integer() {
            return Err(PyTypeError::new_err(format!(
                "only integer arrays can be used as an index, not {}",
                self.inner.dtype()
            )));
        }
        if self.inner.ndim() != 0 {
            return Err(PyTypeError::new_err(
                "only 0-d integer arrays can be used as an index",
            ));
        }
        Python::attach(|py| self.__int__(py))
    }

    fn __len__(&self) -> PyResult<usize> {
        match self.inner.shape().first() {
            Some(&n) => Ok(n),
            None => Err(PyTypeError::new_err("len() of a 0-d array")),
        }
    }

    /// Iterate over the first axis (as NumPy does).
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.__len__()?;
        let items: Vec<PyArray> = (0..n)
            .map(|i| PyArray::new(self.inner.index_axis(0, i)))
            .collect();
        PyList::new(py, items)?.try_iter().map(|it| it.into_any())
    }

    /// The data as nested Python lists of Python scalars (a scalar for 0-d).
    ///
    /// Returns
    /// -------
    /// list or scalar
    ///
    /// Examples
    /// --------
    /// >>> xp.asarray([[1, 2], [3, 4]]).tolist()
    /// [[1, 2], [3, 4]]
    fn tolist(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let scalars = self.inner.to_scalars();
        let dtype = self.inner.dtype();
        if self.inner.ndim() == 0 {
            return scalar_to_py(py, scalars[0], dtype);
        }
        let mut it = scalars.into_iter();
        build_list(py, self.inner.shape(), dtype, &mut it)
    }

    fn __repr__(&self) -> String {
        format::repr(&self.inner)
    }
    fn __str__(&self) -> String {
        format::str(&self.inner)
    }

    // ---- operators (see elementwise.rs) ----

    fn __add__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Add, slf.as_any(), other)
    }
    fn __radd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Add, other, slf.as_any())
    }
    fn __iadd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::Add, slf, other)
    }

    fn __sub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Subtract, slf.as_any(), other)
    }
    fn __rsub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Subtract, other, slf.as_any())
    }
    fn __isub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::Subtract, slf, other)
    }

    fn __mul__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Multiply, slf.as_any(), other)
    }
    fn __rmul__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Multiply, other, slf.as_any())
    }
    fn __imul__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::Multiply, slf, other)
    }

    fn __truediv__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Divide, slf.as_any(), other)
    }
    fn __rtruediv__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Divide, other, slf.as_any())
    }
    fn __itruediv__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::Divide, slf, other)
    }

    fn __floordiv__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::FloorDivide, slf.as_any(), other)
    }
    fn __rfloordiv__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::FloorDivide, other, slf.as_any())
    }
    fn __ifloordiv__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::FloorDivide, slf, other)
    }

    fn __mod__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Remainder, slf.as_any(), other)
    }
    fn __rmod__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Remainder, other, slf.as_any())
    }
    fn __imod__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::Remainder, slf, other)
    }

    fn __and__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseAnd, slf.as_any(), other)
    }
    fn __rand__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseAnd, other, slf.as_any())
    }
    fn __iand__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::BitwiseAnd, slf, other)
    }

    fn __or__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseOr, slf.as_any(), other)
    }
    fn __ror__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseOr, other, slf.as_any())
    }
    fn __ior__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::BitwiseOr, slf, other)
    }

    fn __xor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseXor, slf.as_any(), other)
    }
    fn __rxor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseXor, other, slf.as_any())
    }
    fn __ixor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::BitwiseXor, slf, other)
    }

    fn __lshift__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseLeftShift, slf.as_any(), other)
    }
    fn __rlshift__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseLeftShift, other, slf.as_any())
    }
    fn __ilshift__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::BitwiseLeftShift, slf, other)
    }

    fn __rshift__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseRightShift, slf.as_any(), other)
    }
    fn __rrshift__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::BitwiseRightShift, other, slf.as_any())
    }
    fn __irshift__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::BitwiseRightShift, slf, other)
    }

    fn __pow__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        _modulo: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Pow, slf.as_any(), other)
    }
    fn __rpow__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        _modulo: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Pow, other, slf.as_any())
    }
    fn __ipow__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        _modulo: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        ew::inplace(slf.py(), BinaryOp::Pow, slf, other)
    }
    fn __lt__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Less, slf.as_any(), other)
    }
    fn __le__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::LessEqual, slf.as_any(), other)
    }
    fn __gt__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Greater, slf.as_any(), other)
    }
    fn __ge__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::GreaterEqual, slf.as_any(), other)
    }
    // `@` takes arrays only: the standard excludes Python scalars, and
    // NotImplemented lets the other operand's __rmatmul__ try.
    fn __matmul__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        match other.cast::<PyArray>() {
            Ok(o) => Ok(
                Py::new(py, la::matmul_arrays(py, &slf.get().inner, &o.get().inner)?)?.into_any(),
            ),
            Err(_) => Ok(py.NotImplemented()),
        }
    }
    fn __rmatmul__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        match other.cast::<PyArray>() {
            Ok(o) => Ok(
                Py::new(py, la::matmul_arrays(py, &o.get().inner, &slf.get().inner)?)?.into_any(),
            ),
            Err(_) => Ok(py.NotImplemented()),
        }
    }
    /// `x @= y`: allowed when the product keeps x's shape and dtype.
    fn __imatmul__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = slf.py();
        let Ok(o) = other.cast::<PyArray>() else {
            return Err(PyTypeError::new_err(format!(
                "unsupported operand type for @=: {}",
                other.get_type().name()?
            )));
        };
        let x = &slf.get().inner;
        let product = la::matmul_arrays(py, x, &o.get().inner)?.inner;
        if product.shape() != x.shape() || product.dtype() != x.dtype() {
            return Err(PyValueError::new_err(format!(
                "@= would change the array from shape {:?} {} to shape {:?} {}",
                x.shape(),
                x.dtype(),
                product.shape(),
                product.dtype()
            )));
        }
        x.assign(&product).py()
    }
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::Equal, slf.as_any(), other)
    }
    fn __ne__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        ew::operator(slf.py(), BinaryOp::NotEqual, slf.as_any(), other)
    }
    fn __neg__(slf: &Bound<'_, Self>) -> PyResult<PyArray> {
        ew::unary(slf.py(), UnaryOp::Negative, slf.as_any())
    }
    fn __pos__(slf: &Bound<'_, Self>) -> PyResult<PyArray> {
        ew::unary(slf.py(), UnaryOp::Positive, slf.as_any())
    }
    fn __invert__(slf: &Bound<'_, Self>) -> PyResult<PyArray> {
        ew::unary(slf.py(), UnaryOp::BitwiseInvert, slf.as_any())
    }
    fn __abs__(slf: &Bound<'_, Self>) -> PyResult<PyArray> {
        ew::unary(slf.py(), UnaryOp::Abs, slf.as_any())
    }

    fn __getitem__(&self, key: &Bound<'_, PyAny>) -> PyResult<PyArray> {
        let py = key.py();
        if key.is_exact_instance_of::<pyo3::types::PyInt>() {
            // x[i], the commonest key: no key list to build (bool, an int
            // subclass, is a mask and takes the general path).
            let i = index_int(key)?;
            return basic_index(&self.inner, &[Index::Int(i)])
                .py()
                .map(PyArray::new);
        }
        if let Ok(s) = key.cast_exact::<PySlice>() {
            // x[a:b:c], the next commonest: no `Key` to build and move
            // (a tenth of a small `x[::2]`).
            return basic_index(&self.inner, &[parse_slice(s)?])
                .py()
                .map(PyArray::new);
        }
        match parse_key(key)? {
            Key::Basic(key) => basic_index(&self.inner, &key).py().map(PyArray::new),
            Key::Advanced(key) => {
                let x = &self.inner;
                run(py, x.size(), || advanced_index(x, &key)).map(PyArray::new)
            }
        }
    }

    fn __setitem__(&self, key: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        if !self.inner.writeable() {
            return Err(PyValueError::new_err("assignment destination is read-only"));
        }
        match parse_key(key)? {
            Key::Basic(key) => {
                let target = basic_index(&self.inner, &key).py()?;
                let src = value_for(value, self.inner.dtype())?;
                target.assign(&src).py()
            }
            Key::Advanced(key) => {
                let src = value_for(value, self.inner.dtype())?;
                let x = &self.inner;
                run(value.py(), x.size(), || advanced_assign(x, &key, &src))
            }
        }
    }

    /// NumPy interoperability: `numpy.asarray(x)`, honouring `dtype` and `copy`.
    ///
    /// Parameters
    /// ----------
    /// dtype : numpy dtype, optional
    /// copy : bool, optional
    ///     True always copies; False never copies; None shares memory when possible.
    ///
    /// Returns
    /// -------
    /// numpy.ndarray
    ///
    /// Examples
    /// --------
    /// >>> import numpy as np
    /// >>> np.asarray(xp.asarray([1, 2]))
    /// array([1, 2], dtype=int64)
    #[pyo3(signature = (dtype = None, copy = None))]
    fn __array__<'py>(
        slf: &Bound<'py, Self>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let np = py.import("numpy")?;
        // SAFETY: slf is a live object exporting the buffer protocol.
        let view = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyMemoryView_FromObject(slf.as_ptr()))?
        };
        let kwargs = pyo3::types::PyDict::new(py);
        if let Some(d) = dtype {
            kwargs.set_item("dtype", d)?;
        }
        kwargs.set_item("copy", copy)?;
        np.call_method(
            "array",
            (np.call_method1("asarray", (view,))?,),
            Some(&kwargs),
        )
    }

    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut ffi::Py_buffer,
        flags: c_int,
    ) -> PyResult<()> {
        fill_buffer(&slf, view, flags)
    }

    unsafe fn __releasebuffer__(&self, view: *mut ffi::Py_buffer) {
        // SAFETY: `internal` holds the BufferParts boxed in fill_buffer.
        drop(Box::from_raw((*view).internal as *mut BufferParts));
    }

    /// Pickle support: protocol 5 passes the data out of band without a copy.
    ///
    /// Parameters
    /// ----------
    /// protocol : int
    ///     Pickle protocol; 5 passes the data out of band.
    ///
    /// Returns
    /// -------
    /// tuple
    ///     The rebuild function and its arguments.
    ///
    /// Examples
    /// --------
    /// >>> import pickle
    /// >>> pickle.loads(pickle.dumps(xp.asarray([1, 2])))
    /// Array([1, 2], dtype=int64)
    fn __reduce_ex__<'py>(slf: &Bound<'py, Self>, protocol: u32) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let a = &slf.get().inner;
        let contiguous = a.contiguous().py()?;
        let nbytes = contiguous.size() * contiguous.itemsize();
        // Raw bytes as uint8, so every dtype (bfloat16 too) has a buffer format.
        let raw = Bound::new(
            py,
            PyArray::new(contiguous.reinterpret(DType::UInt8, &[nbytes]).py()?),
        )?;
        let data: Bound<'py, PyAny> = if protocol >= 5 {
            py.import("pickle")?
                .getattr("PickleBuffer")?
                .call1((raw,))?
        } else {
            pyo3::types::PyBytes::new(py, unsafe {
                std::slice::from_raw_parts(contiguous.data_ptr(), nbytes)
            })
            .into_any()
        };
        let rebuild = py.import("pyarray")?.getattr("_rebuild")?;
        let args = (data, a.dtype().name(), PyTuple::new(py, a.shape())?);
        (rebuild, args).into_pyobject(py).map(|t| t.into_any())
    }
}

impl PyArray {
    /// The single element, for the scalar conversions (`bool(x)`, ...).
    fn scalar_for(&self, what: &str) -> PyResult<Scalar> {
        if self.inner.size() != 1 {
            return Err(PyTypeError::new_err(format!(
                "only one-element arrays can be converted to {what}, not shape {:?}",
                self.inner.shape()
            )));
        }
        self.inner.item().py()
    }
}

fn build_list(
    py: Python<'_>,
    shape: &[usize],
    dtype: DType,
    it: &mut impl Iterator<Item = Scalar>,
) -> PyResult<Py<PyAny>> {
    let list = PyList::empty(py);
    for _ in 0..shape[0] {
        let item = if shape.len() == 1 {
            scalar_to_py(py, it.next().unwrap_or(Scalar::Int(0)), dtype)?
        } else {
            build_list(py, &shape[1..], dtype, it)?
        };
        list.append(item)?;
    }
    Ok(list.into_any().unbind())
}

/// A parsed indexing key: basic keys give views, keys with arrays copies.
pub enum Key {
    Basic(SmallVec<[Index; 4]>),
    Advanced(Vec<KeyItem>),
}

/// Parse a `__getitem__` key: integers, slices, `None`, `...`, and index
/// arrays (pyarray or NumPy arrays, nested lists, booleans).
pub fn parse_key(key: &Bound<'_, PyAny>) -> PyResult<Key> {
    let Ok(t) = key.cast::<PyTuple>() else {
        // A single item (the commonest keys: one integer or slice) needs no
        // item list.
        return Ok(match parse_key_item(key)? {
            KeyItem::Basic(i) => Key::Basic(smallvec![i]),
            item => Key::Advanced(vec![item]),
        });
    };
    // Basic items go straight into the index list; the general item list is
    // built only once an index array turns up (building it for every tuple
    // key was most of the cost of `m[1:, 2]`).
    let mut basic: SmallVec<[Index; 4]> = SmallVec::new();
    for (n, k) in t.iter().enumerate() {
        match parse_key_item(&k)? {
            KeyItem::Basic(i) => basic.push(i),
            array => {
                let mut items: Vec<KeyItem> = basic.drain(..).map(KeyItem::Basic).collect();
                items.push(array);
                for k in t.iter().skip(n + 1) {
                    items.push(parse_key_item(&k)?);
                }
                return Ok(Key::Advanced(items));
            }
        }
    }
    Ok(Key::Basic(basic))
}

fn parse_key_item(k: &Bound<'_, PyAny>) -> PyResult<KeyItem> {
    if k.is_none() {
        return Ok(KeyItem::Basic(Index::NewAxis));
    }
    if k.is_instance_of::<PyEllipsis>() {
        return Ok(KeyItem::Basic(Index::Ellipsis));
    }
    if let Ok(s) = k.cast::<PySlice>() {
        return parse_slice(s).map(KeyItem::Basic);
    }
    // As NumPy: a Python bool is a 0-d boolean mask (x[True] adds an axis).
    if let Ok(b) = k.cast::<pyo3::types::PyBool>() {
        let a = Array::from_scalar(Scalar::Bool(b.is_true()), DType::Bool).py()?;
        return Ok(KeyItem::Array(a));
    }
    if k.is_instance_of::<pyo3::types::PyInt>() {
        return Ok(KeyItem::Basic(Index::Int(index_int(k)?)));
    }
    if let Ok(a) = k.cast::<PyArray>() {
        return array_item(a.get().inner.clone(), false);
    }
    let sequence = k.is_instance_of::<PyList>() || k.is_instance_of::<PyTuple>();
    if sequence || k.hasattr("__array__")? || k.hasattr("__dlpack__")? {
        let a = crate::creation::asarray_impl(k, None, None).map_err(|e| {
            PyIndexError::new_err(format!("cannot use {} as an index: {e}", type_name(k)))
        })?;
        return array_item(a, sequence);
    }
    Ok(KeyItem::Basic(Index::Int(index_int(k)?)))
}

fn type_name(k: &Bound<'_, PyAny>) -> String {
    k.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// An array used as an index: boolean masks and integer arrays are advanced
/// indices; 0-d integer arrays act as integers (as in NumPy).
fn array_item(a: Array, from_sequence: bool) -> PyResult<KeyItem> {
    if a.dtype() == DType::Bool && !(from_sequence && a.size() == 0) {
        return Ok(KeyItem::Array(a));
    }
    if a.dtype().is_integer() {
        if a.ndim() == 0 {
            let i = match a.item().py()? {
                Scalar::UInt(u) => isize::try_from(u).ok(),
                s => isize::try_from(s.as_i64()).ok(),
            };
            let i = i.ok_or_else(|| PyIndexError::new_err("index out of range"))?;
            return Ok(KeyItem::Basic(Index::Int(i)));
        }
        return Ok(KeyItem::Array(a));
    }
    // `x[[]]`: an empty list is an empty integer index, whatever its dtype.
    if from_sequence && a.size() == 0 {
        return Ok(KeyItem::Array(Array::zeros(DType::Int64, a.shape()).py()?));
    }
    Err(PyIndexError::new_err(format!(
        "arrays used as indices must be of integer or boolean type, not {}",
        a.dtype()
    )))
}

fn parse_slice(s: &Bound<'_, PySlice>) -> PyResult<Index> {
    // One C call (several times faster than reading the three attributes):
    // None becomes the extreme value for its position, out-of-range bounds
    // clamp, and resolve_slice treats both like Python does.
    let (mut start, mut stop, mut step): (ffi::Py_ssize_t, ffi::Py_ssize_t, ffi::Py_ssize_t) =
        (0, 0, 0);
    // SAFETY: `s` is a live slice object and the out-pointers are valid.
    let rc = unsafe { ffi::PySlice_Unpack(s.as_ptr(), &mut start, &mut stop, &mut step) };
    if rc < 0 {
        return Err(PyErr::fetch(s.py()));
    }
    Ok(Index::Slice {
        start: Some(start),
        stop: Some(stop),
        step: Some(step),
    })
}

/// An integer index from any object with `__index__` (ints, 0-d integer arrays).
fn index_int(k: &Bound<'_, PyAny>) -> PyResult<isize> {
    let i = unsafe { ffi::PyNumber_Index(k.as_ptr()) };
    if i.is_null() {
        // SAFETY: an exception is set; replace it with a clearer IndexError.
        unsafe { ffi::PyErr_Clear() };
        return Err(PyIndexError::new_err(format!(
            "only integers, slices (`:`), ellipsis (`...`) and None are valid indices, not {}",
            k.get_type().name()?
        )));
    }
    let i = unsafe { Bound::from_owned_ptr(k.py(), i) };
    i.extract::<isize>()
        .map_err(|_| PyIndexError::new_err("index out of range for a machine integer"))
}

/// A value to assign into an array of `dtype`: an array (cast later) or a scalar.
fn value_for(value: &Bound<'_, PyAny>, dtype: DType) -> PyResult<Array> {
    if let Ok(a) = value.cast::<PyArray>() {
        return Ok(a.get().inner.clone());
    }
    if let Some(s) = py_scalar(value)? {
        check_scalar_kind(s, dtype)?;
        check_fits(s, dtype)?;
        return Array::from_scalar(s, dtype).py();
    }
    crate::creation::asarray_impl(value, None, None)
}

/// A Python scalar must be of a kind the array's dtype can hold.
pub fn check_scalar_kind(s: Scalar, dtype: DType) -> PyResult<()> {
    let ok = match s {
        Scalar::Bool(_) => true,
        Scalar::Int(_) | Scalar::UInt(_) => !dtype.is_bool(),
        Scalar::Float(_) => dtype.is_float(),
        Scalar::Complex(_) => dtype.is_complex(),
    };
    if ok {
        Ok(())
    } else {
        Err(PyTypeError::new_err(format!(
            "a Python {} cannot be stored in an array of dtype {dtype}",
            match s {
                Scalar::Bool(_) => "bool",
                Scalar::Int(_) | Scalar::UInt(_) => "int",
                Scalar::Float(_) => "float",
                Scalar::Complex(_) => "complex",
            }
        )))
    }
}

// ---------------------------------------------------------------------------
// Buffer protocol export

/// Memory the exported Py_buffer points into: format, shape and strides.
struct BufferParts {
    format: CString,
    shape: Vec<ffi::Py_ssize_t>,
    strides: Vec<ffi::Py_ssize_t>,
}

unsafe fn fill_buffer(
    slf: &Bound<'_, PyArray>,
    view: *mut ffi::Py_buffer,
    flags: c_int,
) -> PyResult<()> {
    if view.is_null() {
        return Err(PyBufferError::new_err("Py_buffer view is NULL"));
    }
    let a = &slf.get().inner;
    let format = a.dtype().buffer_format().ok_or_else(|| {
        PyBufferError::new_err(format!(
            "{} has no buffer-protocol format; use DLPack (from_dlpack) to share it",
            a.dtype()
        ))
    })?;
    if (flags & ffi::PyBUF_WRITABLE) == ffi::PyBUF_WRITABLE && !a.writeable() {
        return Err(PyBufferError::new_err("the array is read-only"));
    }
    if (flags & ffi::PyBUF_STRIDES) != ffi::PyBUF_STRIDES && !a.is_c_contiguous() {
        return Err(PyBufferError::new_err(
            "the array is not C-contiguous and the consumer did not ask for strides",
        ));
    }
    let parts = Box::new(BufferParts {
        format: CString::new(format).expect("formats have no NUL"),
        shape: a.shape().iter().map(|&d| d as ffi::Py_ssize_t).collect(),
        strides: a
            .byte_strides()
            .iter()
            .map(|&s| s as ffi::Py_ssize_t)
            .collect(),
    });
    let v = &mut *view;
    v.obj = slf.clone().into_any().into_ptr();
    v.buf = a.data_ptr() as *mut std::ffi::c_void;
    v.len = (a.size() * a.itemsize()) as ffi::Py_ssize_t;
    v.readonly = (!a.writeable()) as c_int;
    v.itemsize = a.itemsize() as ffi::Py_ssize_t;
    v.ndim = a.ndim() as c_int;
    v.format = if (flags & ffi::PyBUF_FORMAT) == ffi::PyBUF_FORMAT {
        parts.format.as_ptr() as *mut _
    } else {
        std::ptr::null_mut()
    };
    v.shape = if (flags & ffi::PyBUF_ND) == ffi::PyBUF_ND {
        parts.shape.as_ptr() as *mut _
    } else {
        std::ptr::null_mut()
    };
    v.strides = if (flags & ffi::PyBUF_STRIDES) == ffi::PyBUF_STRIDES {
        parts.strides.as_ptr() as *mut _
    } else {
        std::ptr::null_mut()
    };
    v.suboffsets = std::ptr::null_mut();
    v.internal = Box::into_raw(parts) as *mut std::ffi::c_void;
    Ok(())
}
