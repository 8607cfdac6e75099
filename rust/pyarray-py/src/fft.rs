//! The fft extension (`xp.fft`): a `_fft` submodule of `_core` that
//! `pyarray/fft.py` re-exports under the standard's names.

use crate::args::{axes_arg, run};
use crate::array::PyArray;
use crate::device::parse_device;
use crate::dtypes::parse_optional_dtype;
use crate::errors::IntoPyResult;
use pyarray_core::fft::{self as core, Norm};
use pyo3::prelude::*;

fn norm_arg(norm: &str) -> PyResult<Norm> {
    Norm::parse(norm).py()
}

/// Work estimate for the GIL decision: input plus output elements.
fn work(x: &PyArray, n: Option<isize>) -> usize {
    x.inner.size() + n.unwrap_or(0).max(0) as usize
}

/// One-dimensional discrete Fourier transform.
///
/// Parameters
/// ----------
/// x : array
///     Complex floating-point input. Real floating-point input is accepted
///     too (as by NumPy) and treated as complex with zero imaginary part;
///     integer and bool arrays raise TypeError.
/// n : int, optional
///     Transform length: the input is cropped or zero-padded to it along
///     `axis`. Defaults to the input's length.
/// axis : int
///     Axis to transform.
/// norm : {"backward", "ortho", "forward"}
///     Scaling: none ("backward"), 1/sqrt(n) ("ortho") or 1/n ("forward").
///
/// Returns
/// -------
/// array
///     Complex, of the input's precision (float32 and complex64 give
///     complex64; float16 and bfloat16 compute in float32).
///
/// Raises
/// ------
/// TypeError
///     For integer or bool input.
/// ValueError
///     For `n` < 1, an axis out of range, a 0-d input or an unknown `norm`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.fft(xp.asarray([1.0, 0.0, 0.0, 0.0]))
/// Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex128)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, n = None, axis = -1, norm = "backward"),
    text_signature = "(x, /, *, n=None, axis=-1, norm='backward')"
)]
pub fn fft(
    py: Python<'_>,
    x: &PyArray,
    n: Option<isize>,
    axis: isize,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, work(x, n), || core::fft(&x.inner, n, axis, norm, false)).map(PyArray::new)
}

/// One-dimensional inverse discrete Fourier transform.
///
/// Parameters
/// ----------
/// x : array
///     Complex floating-point input (real floating-point accepted, as by
///     NumPy).
/// n : int, optional
///     Transform length (crop or zero-pad along `axis`).
/// axis : int
/// norm : {"backward", "ortho", "forward"}
///     Scaling of the inverse: 1/n ("backward"), 1/sqrt(n) or none ("forward").
///
/// Returns
/// -------
/// array
///     Complex, of the input's precision.
///
/// Raises
/// ------
/// TypeError
///     For integer or bool input.
/// ValueError
///     For `n` < 1, an axis out of range, a 0-d input or an unknown `norm`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.ifft(xp.asarray([4.0, 0.0, 0.0, 0.0]))
/// Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex128)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, n = None, axis = -1, norm = "backward"),
    text_signature = "(x, /, *, n=None, axis=-1, norm='backward')"
)]
pub fn ifft(
    py: Python<'_>,
    x: &PyArray,
    n: Option<isize>,
    axis: isize,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, work(x, n), || core::fft(&x.inner, n, axis, norm, true)).map(PyArray::new)
}

/// N-dimensional discrete Fourier transform.
///
/// Parameters
/// ----------
/// x : array
///     Complex floating-point input (real floating-point accepted, as by
///     NumPy).
/// s : sequence of int, optional
///     Transform length along each of `axes` (crop or zero-pad); -1 keeps
///     the input's length. Without `axes` it applies to the last ``len(s)``
///     axes.
/// axes : sequence of int, optional
///     Axes to transform; all by default. Repeats raise ValueError.
/// norm : {"backward", "ortho", "forward"}
///
/// Returns
/// -------
/// array
///     Complex, of the input's precision.
///
/// Raises
/// ------
/// TypeError
///     For integer or bool input.
/// ValueError
///     For lengths < 1, axes out of range or repeated, `s` and `axes` of
///     different lengths, a 0-d input or an unknown `norm`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.fftn(xp.ones((2, 2))).shape
/// (2, 2)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, s = None, axes = None, norm = "backward"),
    text_signature = "(x, /, *, s=None, axes=None, norm='backward')"
)]
pub fn fftn(
    py: Python<'_>,
    x: &PyArray,
    s: Option<Vec<isize>>,
    axes: Option<Vec<isize>>,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, x.inner.size(), || {
        core::fftn(&x.inner, s.as_deref(), axes.as_deref(), norm, false)
    })
    .map(PyArray::new)
}

/// N-dimensional inverse discrete Fourier transform.
///
/// Parameters
/// ----------
/// x : array
///     Complex floating-point input (real floating-point accepted).
/// s : sequence of int, optional
///     Transform length along each of `axes`; -1 keeps the input's length.
/// axes : sequence of int, optional
///     Axes to transform; all by default.
/// norm : {"backward", "ortho", "forward"}
///
/// Returns
/// -------
/// array
///     Complex, of the input's precision.
///
/// Raises
/// ------
/// TypeError
///     For integer or bool input.
/// ValueError
///     As for `fftn`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.ifftn(xp.fft.fftn(xp.ones((2, 2)))).shape
/// (2, 2)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, s = None, axes = None, norm = "backward"),
    text_signature = "(x, /, *, s=None, axes=None, norm='backward')"
)]
pub fn ifftn(
    py: Python<'_>,
    x: &PyArray,
    s: Option<Vec<isize>>,
    axes: Option<Vec<isize>>,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, x.inner.size(), || {
        core::fftn(&x.inner, s.as_deref(), axes.as_deref(), norm, true)
    })
    .map(PyArray::new)
}

/// One-dimensional discrete Fourier transform of a real signal.
///
/// Parameters
/// ----------
/// x : array
///     Real floating-point input (complex input raises TypeError).
/// n : int, optional
///     Length of the real signal (crop or zero-pad along `axis`).
/// axis : int
/// norm : {"backward", "ortho", "forward"}
///
/// Returns
/// -------
/// array
///     The ``n // 2 + 1`` non-negative frequency terms; complex64 for
///     float32 (and float16, bfloat16) input, complex128 for float64.
///
/// Raises
/// ------
/// TypeError
///     For complex, integer or bool input.
/// ValueError
///     For `n` < 1, an axis out of range, a 0-d input or an unknown `norm`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.real(xp.fft.rfft(xp.asarray([1.0, 1.0, 1.0, 1.0])))
/// Array([4., 0., 0.], dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, n = None, axis = -1, norm = "backward"),
    text_signature = "(x, /, *, n=None, axis=-1, norm='backward')"
)]
pub fn rfft(
    py: Python<'_>,
    x: &PyArray,
    n: Option<isize>,
    axis: isize,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, work(x, n), || core::rfft(&x.inner, n, axis, norm)).map(PyArray::new)
}

/// Inverse of `rfft`: a real signal from its non-negative frequency terms.
///
/// Parameters
/// ----------
/// x : array
///     Complex floating-point input (real floating-point accepted). The
///     imaginary parts of the zero-frequency term (and of the Nyquist term
///     for even `n`) are ignored.
/// n : int, optional
///     Length of the output; defaults to ``2 * (m - 1)`` for ``m`` input
///     terms. The input is cropped or zero-padded to ``n // 2 + 1`` terms.
/// axis : int
/// norm : {"backward", "ortho", "forward"}
///
/// Returns
/// -------
/// array
///     Real, of the input's precision (complex64 gives float32).
///
/// Raises
/// ------
/// TypeError
///     For integer or bool input.
/// ValueError
///     For an output length < 1, an axis out of range, a 0-d input or an
///     unknown `norm`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.irfft(xp.asarray([4.0 + 0j, 0j, 0j]))
/// Array([1., 1., 1., 1.], dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, n = None, axis = -1, norm = "backward"),
    text_signature = "(x, /, *, n=None, axis=-1, norm='backward')"
)]
pub fn irfft(
    py: Python<'_>,
    x: &PyArray,
    n: Option<isize>,
    axis: isize,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, work(x, n), || core::irfft(&x.inner, n, axis, norm)).map(PyArray::new)
}

/// N-dimensional discrete Fourier transform of a real signal.
///
/// Parameters
/// ----------
/// x : array
///     Real floating-point input.
/// s : sequence of int, optional
///     Signal length along each of `axes` (-1: the input's).
/// axes : sequence of int, optional
///     Axes to transform (all by default); the real transform runs on the
///     last of them, which gets ``s[-1] // 2 + 1`` terms.
/// norm : {"backward", "ortho", "forward"}
///
/// Returns
/// -------
/// array
///     Complex, of the input's precision.
///
/// Raises
/// ------
/// TypeError
///     For complex, integer or bool input.
/// ValueError
///     As for `fftn`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.rfftn(xp.ones((2, 4))).shape
/// (2, 3)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, s = None, axes = None, norm = "backward"),
    text_signature = "(x, /, *, s=None, axes=None, norm='backward')"
)]
pub fn rfftn(
    py: Python<'_>,
    x: &PyArray,
    s: Option<Vec<isize>>,
    axes: Option<Vec<isize>>,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, x.inner.size(), || {
        core::rfftn(&x.inner, s.as_deref(), axes.as_deref(), norm)
    })
    .map(PyArray::new)
}

/// Inverse of `rfftn`.
///
/// Parameters
/// ----------
/// x : array
///     Complex floating-point input (real floating-point accepted).
/// s : sequence of int, optional
///     Output length along each of `axes`; the last defaults to
///     ``2 * (m - 1)`` for ``m`` input terms, the others to the input's.
/// axes : sequence of int, optional
///     Axes to transform; all by default.
/// norm : {"backward", "ortho", "forward"}
///
/// Returns
/// -------
/// array
///     Real, of the input's precision.
///
/// Raises
/// ------
/// TypeError
///     For integer or bool input.
/// ValueError
///     As for `fftn`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.irfftn(xp.fft.rfftn(xp.ones((2, 4)))).shape
/// (2, 4)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, s = None, axes = None, norm = "backward"),
    text_signature = "(x, /, *, s=None, axes=None, norm='backward')"
)]
pub fn irfftn(
    py: Python<'_>,
    x: &PyArray,
    s: Option<Vec<isize>>,
    axes: Option<Vec<isize>>,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, x.inner.size(), || {
        core::irfftn(&x.inner, s.as_deref(), axes.as_deref(), norm)
    })
    .map(PyArray::new)
}

/// Discrete Fourier transform of a signal with Hermitian symmetry (real spectrum).
///
/// Parameters
/// ----------
/// x : array
///     The non-negative half of a Hermitian-symmetric signal; complex
///     floating-point (real floating-point accepted).
/// n : int, optional
///     Length of the output; defaults to ``2 * (m - 1)`` for ``m`` inputs.
/// axis : int
/// norm : {"backward", "ortho", "forward"}
///     Scaling as for `fft` (the forward direction).
///
/// Returns
/// -------
/// array
///     Real, of the input's precision.
///
/// Raises
/// ------
/// TypeError
///     For integer or bool input.
/// ValueError
///     For an output length < 1, an axis out of range, a 0-d input or an
///     unknown `norm`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.hfft(xp.asarray([1.0 + 0j, 0j, 0j]))
/// Array([1., 1., 1., 1.], dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, n = None, axis = -1, norm = "backward"),
    text_signature = "(x, /, *, n=None, axis=-1, norm='backward')"
)]
pub fn hfft(
    py: Python<'_>,
    x: &PyArray,
    n: Option<isize>,
    axis: isize,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, work(x, n), || core::hfft(&x.inner, n, axis, norm)).map(PyArray::new)
}

/// Inverse of `hfft`: the non-negative half of a Hermitian signal from its real spectrum.
///
/// Parameters
/// ----------
/// x : array
///     Real floating-point input.
/// n : int, optional
///     Length of the real input used (crop or zero-pad along `axis`).
/// axis : int
/// norm : {"backward", "ortho", "forward"}
///     Scaling as for `ifft` (the inverse direction).
///
/// Returns
/// -------
/// array
///     The ``n // 2 + 1`` terms, complex of the input's precision.
///
/// Raises
/// ------
/// TypeError
///     For complex, integer or bool input.
/// ValueError
///     For `n` < 1, an axis out of range, a 0-d input or an unknown `norm`.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.real(xp.fft.ihfft(xp.asarray([4.0, 0.0, 0.0, 0.0])))
/// Array([1., 1., 1.], dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, n = None, axis = -1, norm = "backward"),
    text_signature = "(x, /, *, n=None, axis=-1, norm='backward')"
)]
pub fn ihfft(
    py: Python<'_>,
    x: &PyArray,
    n: Option<isize>,
    axis: isize,
    norm: &str,
) -> PyResult<PyArray> {
    let norm = norm_arg(norm)?;
    run(py, work(x, n), || core::ihfft(&x.inner, n, axis, norm)).map(PyArray::new)
}

/// Sample frequencies of a discrete Fourier transform.
///
/// Parameters
/// ----------
/// n : int
///     Transform length (at least 1).
/// d : float
///     Sample spacing.
/// dtype : dtype, optional
///     Real floating-point output dtype; float64 by default.
/// device : Device, optional
///     Must be None or the CPU device.
///
/// Returns
/// -------
/// array
///     ``[0, 1, ..., (n-1)//2, -(n//2), ..., -1] / (d*n)``.
///
/// Raises
/// ------
/// TypeError
///     For a dtype that is not real floating-point.
/// ValueError
///     For `n` < 1 or an unsupported device.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.fftfreq(4)
/// Array([ 0.  ,  0.25, -0.5 , -0.25], dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (n, /, *, d = 1.0, dtype = None, device = None),
    text_signature = "(n, /, *, d=1.0, dtype=None, device=None)"
)]
pub fn fftfreq(
    n: isize,
    d: f64,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let dtype = parse_optional_dtype(dtype)?;
    core::fftfreq(n, d, dtype, false).py().map(PyArray::new)
}

/// Sample frequencies of `rfft` (the non-negative ones).
///
/// Parameters
/// ----------
/// n : int
///     Transform length (at least 1).
/// d : float
///     Sample spacing.
/// dtype : dtype, optional
///     Real floating-point output dtype; float64 by default.
/// device : Device, optional
///     Must be None or the CPU device.
///
/// Returns
/// -------
/// array
///     ``[0, 1, ..., n//2] / (d*n)``.
///
/// Raises
/// ------
/// TypeError
///     For a dtype that is not real floating-point.
/// ValueError
///     For `n` < 1 or an unsupported device.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.rfftfreq(4)
/// Array([0.  , 0.25, 0.5 ], dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (n, /, *, d = 1.0, dtype = None, device = None),
    text_signature = "(n, /, *, d=1.0, dtype=None, device=None)"
)]
pub fn rfftfreq(
    n: isize,
    d: f64,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    parse_device(device)?;
    let dtype = parse_optional_dtype(dtype)?;
    core::fftfreq(n, d, dtype, true).py().map(PyArray::new)
}

fn shift_axes(axes: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<isize>>> {
    axes.filter(|a| !a.is_none()).map(axes_arg).transpose()
}

/// Move the zero-frequency term to the centre: roll each axis by half its length.
///
/// Parameters
/// ----------
/// x : array
///     Any dtype.
/// axes : int or sequence of int, optional
///     Axes to shift; all by default.
///
/// Returns
/// -------
/// array
///
/// Raises
/// ------
/// ValueError
///     For an axis out of range.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.fftshift(xp.fft.fftfreq(4))
/// Array([-0.5 , -0.25,  0.  ,  0.25], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axes = None), text_signature = "(x, /, *, axes=None)")]
pub fn fftshift(py: Python<'_>, x: &PyArray, axes: Option<&Bound<'_, PyAny>>) -> PyResult<PyArray> {
    let axes = shift_axes(axes)?;
    run(py, x.inner.size(), || {
        core::fftshift(&x.inner, axes.as_deref(), false)
    })
    .map(PyArray::new)
}

/// Inverse of `fftshift` (they differ for odd lengths).
///
/// Parameters
/// ----------
/// x : array
/// axes : int or sequence of int, optional
///     Axes to shift; all by default.
///
/// Returns
/// -------
/// array
///
/// Raises
/// ------
/// ValueError
///     For an axis out of range.
///
/// Examples
/// --------
/// >>> import pyarray as xp
/// >>> xp.fft.ifftshift(xp.fft.fftshift(xp.fft.fftfreq(5)))
/// Array([ 0. ,  0.2,  0.4, -0.4, -0.2], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, axes = None), text_signature = "(x, /, *, axes=None)")]
pub fn ifftshift(
    py: Python<'_>,
    x: &PyArray,
    axes: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    let axes = shift_axes(axes)?;
    run(py, x.inner.size(), || {
        core::fftshift(&x.inner, axes.as_deref(), true)
    })
    .map(PyArray::new)
}

/// Add the `_fft` submodule to `_core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let sub = PyModule::new(m.py(), "pyarray.fft")?;
    sub.add_function(wrap_pyfunction!(fft, &sub)?)?;
    sub.add_function(wrap_pyfunction!(ifft, &sub)?)?;
    sub.add_function(wrap_pyfunction!(fftn, &sub)?)?;
    sub.add_function(wrap_pyfunction!(ifftn, &sub)?)?;
    sub.add_function(wrap_pyfunction!(rfft, &sub)?)?;
    sub.add_function(wrap_pyfunction!(irfft, &sub)?)?;
    sub.add_function(wrap_pyfunction!(rfftn, &sub)?)?;
    sub.add_function(wrap_pyfunction!(irfftn, &sub)?)?;
    sub.add_function(wrap_pyfunction!(hfft, &sub)?)?;
    sub.add_function(wrap_pyfunction!(ihfft, &sub)?)?;
    sub.add_function(wrap_pyfunction!(fftfreq, &sub)?)?;
    sub.add_function(wrap_pyfunction!(rfftfreq, &sub)?)?;
    sub.add_function(wrap_pyfunction!(fftshift, &sub)?)?;
    sub.add_function(wrap_pyfunction!(ifftshift, &sub)?)?;
    // setattr, not add: `add` would list it in `_core.__all__`, and
    // `from pyarray._core import *` would then export it.
    m.setattr("_fft", sub)
}
