//! DLPack in Python: `Array.__dlpack__`, `Array.__dlpack_device__` and
//! `from_dlpack`. The ABI, the managed tensors and their deleters live in
//! `pyarray_core::dlpack`; this file wraps them in capsules and parses
//! arguments. Rules and rationale: `docs/dlpack.md`.

use crate::array::PyArray;
use crate::convert::py_scalar;
use crate::device::parse_device;
use crate::errors::IntoPyResult;
use pyarray_core::dlpack::{
    self, copy_unaligned, DLManagedTensor, DLManagedTensorVersioned, Managed, TensorInfo,
};
use pyarray_core::Array;
use pyo3::exceptions::{PyBufferError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyList, PyString, PyTuple};
use std::ffi::CStr;

// Capsule names: static C strings, as PyCapsule keeps the pointer.
const LEGACY: &CStr = c"dltensor";
const VERSIONED: &CStr = c"dltensor_versioned";
const USED_LEGACY: &CStr = c"used_dltensor";
const USED_VERSIONED: &CStr = c"used_dltensor_versioned";

// ---------------------------------------------------------------------------
// Export

/// `Array.__dlpack__`: export `array` as a DLPack capsule.
///
/// TypeError only for malformed arguments (consumers fall back to the legacy
/// call on it), ValueError for a stream, BufferError for what cannot be exported.
pub fn export<'py>(
    py: Python<'py>,
    array: &Array,
    stream: Option<&Bound<'py, PyAny>>,
    max_version: Option<&Bound<'py, PyAny>>,
    dl_device: Option<&Bound<'py, PyAny>>,
    copy: Option<bool>,
) -> PyResult<Bound<'py, PyAny>> {
    let versioned = wants_versioned(max_version)?;
    let cpu_device = parse_dl_device(dl_device)?;
    if stream.is_some_and(|s| !s.is_none()) {
        return Err(PyValueError::new_err(
            "pyarray arrays live on the CPU, which has no streams; stream must be None",
        ));
    }
    if !cpu_device {
        return Err(PyBufferError::new_err(
            "pyarray can only export to dl_device=(1, 0) (kDLCPU, device 0)",
        ));
    }
    let managed = dlpack::export(array, versioned, copy).py()?;
    into_capsule(py, managed)
}

/// `max_version=None` or major < 1 → legacy struct; major ≥ 1 → versioned
/// (always at our own version, even if the consumer knows a newer one).
fn wants_versioned(max_version: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    let Some(v) = max_version.filter(|v| !v.is_none()) else {
        return Ok(false);
    };
    let (major, _minor): (i64, i64) = v.extract().map_err(|_| {
        PyTypeError::new_err("max_version must be None or a (major, minor) tuple of ints")
    })?;
    Ok(major >= 1)
}

/// Whether `dl_device` is None or `(kDLCPU, 0)`; TypeError if it is not a pair of ints.
fn parse_dl_device(dl_device: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    let Some(d) = dl_device.filter(|d| !d.is_none()) else {
        return Ok(true);
    };
    let (device_type, device_id): (i64, i64) = d.extract().map_err(|_| {
        PyTypeError::new_err("dl_device must be None or a (device_type, device_id) tuple of ints")
    })?;
    Ok((device_type, device_id) == (1, 0))
}

/// Hand a managed tensor to a new capsule (freeing the tensor if that fails).
fn into_capsule(py: Python<'_>, managed: Managed) -> PyResult<Bound<'_, PyAny>> {
    let (name, destructor): (&CStr, ffi::PyCapsule_Destructor) = match managed {
        Managed::Legacy(_) => (LEGACY, destroy_legacy_capsule),
        Managed::Versioned(_) => (VERSIONED, destroy_versioned_capsule),
    };
    // SAFETY: a non-NULL pointer, a static name and a destructor matching the name.
    let capsule = unsafe { ffi::PyCapsule_New(managed.as_ptr(), name.as_ptr(), Some(destructor)) };
    if capsule.is_null() {
        // SAFETY: no capsule took the tensor, so we still own it.
        unsafe { managed.delete() };
        return Err(PyErr::fetch(py));
    }
    // SAFETY: PyCapsule_New returned a new reference.
    Ok(unsafe { Bound::from_owned_ptr(py, capsule) })
}

/// Destructor of our `dltensor` capsules: free the tensor unless a consumer
/// took it (renamed the capsule).
unsafe extern "C" fn destroy_legacy_capsule(capsule: *mut ffi::PyObject) {
    // SAFETY: called by CPython with the GIL on a live capsule; IsValid and
    // GetPointer with the matching name set no error. A capsule still named
    // `dltensor` holds the DLManagedTensor we put in it, not yet deleted.
    unsafe {
        if ffi::PyCapsule_IsValid(capsule, LEGACY.as_ptr()) == 0 {
            return;
        }
        let m = ffi::PyCapsule_GetPointer(capsule, LEGACY.as_ptr()) as *mut DLManagedTensor;
        if let Some(deleter) = (*m).deleter {
            deleter(m);
        }
    }
}

/// Destructor of our `dltensor_versioned` capsules (as above).
unsafe extern "C" fn destroy_versioned_capsule(capsule: *mut ffi::PyObject) {
    // SAFETY: as in `destroy_legacy_capsule`, for the versioned struct.
    unsafe {
        if ffi::PyCapsule_IsValid(capsule, VERSIONED.as_ptr()) == 0 {
            return;
        }
        let m =
            ffi::PyCapsule_GetPointer(capsule, VERSIONED.as_ptr()) as *mut DLManagedTensorVersioned;
        if let Some(deleter) = (*m).deleter {
            deleter(m);
        }
    }
}

/// `Array.__dlpack_device__`: `(DLDeviceType.CPU, 0)`, one cached tuple.
pub fn device(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    static CPU: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    let t = CPU.get_or_try_init(py, || -> PyResult<Py<PyTuple>> {
        let cpu = py
            .import("pyarray._dlpack")?
            .getattr("DLDeviceType")?
            .getattr("CPU")?;
        Ok(PyTuple::new(py, [cpu, 0i32.into_pyobject(py)?.into_any()])?.unbind())
    })?;
    Ok(t.bind(py).clone())
}

// ---------------------------------------------------------------------------
// Import

/// Create an array from an object with a ``__dlpack__`` method.
///
/// Parameters
/// ----------
/// x : object
///     A DLPack producer: a pyarray, NumPy, JAX, PyTorch, CuPy (host memory)
///     ... array, or anything implementing ``__dlpack__``.
/// device : Device, optional
///     None or ``CPU_DEVICE`` (or ``"cpu"``); anything else is a ValueError.
/// copy : bool, optional
///     True always copies; False never copies (BufferError when a copy would be
///     needed, e.g. for misaligned data); None shares memory when possible.
///
/// Returns
/// -------
/// Array
///     A view of the producer's memory, kept alive until the last view dies, or
///     a copy. Read-only if the producer says so (DLPack ≥ 1.0) or if it only
///     speaks legacy DLPack, which cannot say whether writing is allowed.
///
/// Raises
/// ------
/// BufferError
///     If the data cannot be imported (device, dtype, layout), or if
///     ``copy=False`` and a copy would be needed.
///
/// Examples
/// --------
/// >>> import numpy as np
/// >>> xp.from_dlpack(np.arange(3.0))
/// Array([0., 1., 2.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, device = None, copy = None))]
pub fn from_dlpack(
    x: &Bound<'_, PyAny>,
    device: Option<&Bound<'_, PyAny>>,
    copy: Option<bool>,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let device_given = device.is_some_and(|d| !d.is_none());
    import(x, device_given, copy).map(PyArray::new)
}

/// For `asarray`: an array from a DLPack producer that is not a buffer, or
/// None if `obj` has no `__dlpack__`.
pub fn dlpack_source(obj: &Bound<'_, PyAny>) -> PyResult<Option<Array>> {
    if obj.is_instance_of::<PyList>()
        || obj.is_instance_of::<PyTuple>()
        || py_scalar(obj)?.is_some()
    {
        return Ok(None);
    }
    if !obj.hasattr(intern!(obj.py(), "__dlpack__"))? {
        return Ok(None);
    }
    import(obj, false, None).map(Some)
}

/// The import proper. Our own arrays skip the capsule (same result: a view,
/// or a copy if asked).
fn import(x: &Bound<'_, PyAny>, device_given: bool, copy: Option<bool>) -> PyResult<Array> {
    if let Ok(a) = x.cast::<PyArray>() {
        let a = &a.get().inner;
        return if copy == Some(true) {
            a.to_contiguous().py()
        } else {
            Ok(a.clone())
        };
    }
    let capsule = request_capsule(x, device_given, copy)?;
    consume(&capsule, copy)
}

/// Call `x.__dlpack__(max_version=(1, 1), [dl_device=(1, 0)], [copy=...])`;
/// on TypeError (a producer from before DLPack 1.0) retry `x.__dlpack__()`.
fn request_capsule<'py>(
    x: &Bound<'py, PyAny>,
    device_given: bool,
    copy: Option<bool>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = x.py();
    match call_dlpack(x, device_given, copy) {
        Err(e) if e.is_instance_of::<PyTypeError>(py) => x.call_method0(intern!(py, "__dlpack__")),
        result => result,
    }
}

/// The Python objects of a `__dlpack__` call, made once.
struct CallObjects {
    max_version: Py<PyTuple>,
    cpu_device: Py<PyTuple>,
    /// Keyword names, indexed by `device_given | copy_given << 1`.
    kwnames: [Py<PyTuple>; 4],
}

fn call_objects(py: Python<'_>) -> PyResult<&CallObjects> {
    static OBJECTS: PyOnceLock<CallObjects> = PyOnceLock::new();
    OBJECTS.get_or_try_init(py, || {
        // Interned, so a C producer's keyword parser (NumPy's) matches the
        // names by identity instead of comparing strings.
        let names = |device: bool, copy: bool| {
            let mut n = vec!["max_version"];
            n.extend(device.then_some("dl_device"));
            n.extend(copy.then_some("copy"));
            PyTuple::new(py, n.into_iter().map(|s| PyString::intern(py, s))).map(Bound::unbind)
        };
        let v = dlpack::VERSION;
        Ok::<_, PyErr>(CallObjects {
            max_version: PyTuple::new(py, [v.major, v.minor])?.unbind(),
            cpu_device: PyTuple::new(py, [1, 0])?.unbind(),
            kwnames: [
                names(false, false)?,
                names(true, false)?,
                names(false, true)?,
                names(true, true)?,
            ],
        })
    })
}

/// `x.__dlpack__(max_version=..., ...)` through vectorcall with cached
/// keyword names: no kwargs dict, which C producers such as NumPy would
/// otherwise turn back into a vectorcall stack (~300 ns per call).
fn call_dlpack<'py>(
    x: &Bound<'py, PyAny>,
    device_given: bool,
    copy: Option<bool>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = x.py();
    let objects = call_objects(py)?;
    let mut args = [
        x.as_ptr(),
        objects.max_version.as_ptr(),
        std::ptr::null_mut(),
        std::ptr::null_mut(),
    ];
    let mut n = 2;
    if device_given {
        args[n] = objects.cpu_device.as_ptr();
        n += 1;
    }
    if let Some(c) = copy {
        args[n] = PyBool::new(py, c).as_ptr();
    }
    let kwnames = &objects.kwnames[device_given as usize | (copy.is_some() as usize) << 1];
    // SAFETY: `args` holds self then one value per name in `kwnames`, all
    // borrowed references that outlive the call (cached objects, `x`, the
    // True/False singletons).
    unsafe {
        let result = ffi::PyObject_VectorcallMethod(
            intern!(py, "__dlpack__").as_ptr(),
            args.as_ptr(),
            1,
            kwnames.as_ptr(),
        );
        Bound::from_owned_ptr_or_err(py, result)
    }
}

/// Take the tensor out of a capsule: validate, then either copy (leaving the
/// capsule to free the tensor) or rename the capsule and adopt the tensor.
/// Nothing is renamed unless the import has succeeded.
fn consume(capsule: &Bound<'_, PyAny>, copy: Option<bool>) -> PyResult<Array> {
    let py = capsule.py();
    let (versioned, name, used) = capsule_kind(capsule)?;
    // SAFETY: a live capsule with exactly this name.
    let ptr = unsafe { ffi::PyCapsule_GetPointer(capsule.as_ptr(), name.as_ptr()) };
    if ptr.is_null() {
        return Err(PyErr::fetch(py));
    }
    // SAFETY: a capsule named `dltensor[_versioned]` holds a live managed tensor
    // of that kind (the DLPack contract).
    let info = unsafe { TensorInfo::read(ptr, versioned) }.py()?;
    let aligned = info.is_aligned();
    if aligned && (copy != Some(true) || info.copied()) {
        // SAFETY: the rename takes the tensor; from here on only the storage
        // returned by `adopt` calls its deleter (also if `adopt` fails).
        if unsafe { ffi::PyCapsule_SetName(capsule.as_ptr(), used.as_ptr()) } != 0 {
            return Err(PyErr::fetch(py));
        }
        // SAFETY: renamed above, so the tensor is ours.
        return unsafe { info.adopt() }.py();
    }
    if copy == Some(false) {
        return Err(PyBufferError::new_err(
            "from_dlpack(copy=False): the data is not aligned for its dtype, so \
             pyarray would need a copy",
        ));
    }
    // SAFETY: `capsule` (and so the tensor) outlives `view`, dropped below.
    let view = unsafe { info.borrow() }.py()?;
    let out = if aligned {
        view.to_contiguous()
    } else {
        copy_unaligned(&view)
    };
    drop(view);
    out.py()
}

/// Whether the capsule holds a versioned tensor, and its current and "used" names.
fn capsule_kind(capsule: &Bound<'_, PyAny>) -> PyResult<(bool, &'static CStr, &'static CStr)> {
    // SAFETY: `capsule` is a live object; CheckExact only reads its type.
    if unsafe { ffi::PyCapsule_CheckExact(capsule.as_ptr()) } == 0 {
        return Err(PyTypeError::new_err(format!(
            "__dlpack__ returned {}, not a PyCapsule",
            capsule.get_type().name()?
        )));
    }
    // SAFETY: a capsule; a NULL name is legal (no error is set then).
    let name = unsafe { ffi::PyCapsule_GetName(capsule.as_ptr()) };
    if name.is_null() {
        let _ = PyErr::take(capsule.py());
        return Err(PyBufferError::new_err("the DLPack capsule has no name"));
    }
    // SAFETY: capsule names are NUL-terminated strings that outlive the capsule.
    let name = unsafe { CStr::from_ptr(name) };
    match name.to_bytes() {
        b"dltensor_versioned" => Ok((true, VERSIONED, USED_VERSIONED)),
        b"dltensor" => Ok((false, LEGACY, USED_LEGACY)),
        b"used_dltensor" | b"used_dltensor_versioned" => Err(PyBufferError::new_err(
            "the DLPack capsule was already consumed",
        )),
        other => Err(PyBufferError::new_err(format!(
            "a capsule named {:?} is not a DLPack tensor",
            String::from_utf8_lossy(other)
        ))),
    }
}

/// Number of managed tensors pyarray exported that are still alive (for tests).
#[pyfunction]
pub fn _dlpack_live_exports() -> isize {
    dlpack::live_exports()
}
