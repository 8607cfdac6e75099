//! The `linalg` extension (submodule `_core._linalg`, bound by name in
//! `pyarray/linalg.py`): decompositions with named-tuple results, solvers,
//! norms, and `LinAlgError`. matmul, tensordot, vecdot and matrix_transpose
//! are the main namespace's functions, bound in `pyarray/linalg.py`.

use crate::args::{reduction_axes, run};
use crate::array::PyArray;
use crate::convert::{named, namedtuple_type};
use crate::dtypes::parse_optional_dtype;
use crate::errors::IntoPyResult;
use crate::linear_algebra::product_work;
use pyarray_core::linalg::{self as la, MatrixOrd};
use pyarray_core::{Array, DType, Scalar};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

pyo3::create_exception!(
    pyarray.linalg,
    LinAlgError,
    PyValueError,
    "A linear algebra routine failed on valid input.\n\nRaised for a singular matrix (inv, solve, negative matrix_power), a matrix\nthat is not positive definite (cholesky) or a decomposition that does not\nconverge (e.g. input with inf or NaN). A subclass of ValueError.\n\nParameters\n----------\nmessage : str\n    What failed.\n\nReturns\n-------\nLinAlgError\n    The exception instance.\n\nExamples\n--------\n>>> try:\n...     xp.linalg.inv(xp.zeros((2, 2)))\n... except xp.linalg.LinAlgError as e:\n...     print(type(e).__name__)\nLinAlgError"
);

/// The result types, made once with `collections.namedtuple`.
struct ResultTypes {
    eig: Py<PyAny>,
    eigh: Py<PyAny>,
    qr: Py<PyAny>,
    slogdet: Py<PyAny>,
    svd: Py<PyAny>,
}

static RESULT_TYPES: PyOnceLock<ResultTypes> = PyOnceLock::new();

fn result_types(py: Python<'_>) -> PyResult<&ResultTypes> {
    RESULT_TYPES.get_or_try_init(py, || {
        let make = |name, fields: &[&str]| namedtuple_type(py, "pyarray.linalg", name, fields);
        Ok(ResultTypes {
            eig: make("EigResult", &["eigenvalues", "eigenvectors"])?,
            eigh: make("EighResult", &["eigenvalues", "eigenvectors"])?,
            qr: make("QRResult", &["Q", "R"])?,
            slogdet: make("SlogdetResult", &["sign", "logabsdet"])?,
            svd: make("SVDResult", &["U", "S", "Vh"])?,
        })
    })
}

/// Rough work of a matrix routine on `x` (elements × matrix size), which
/// decides whether the GIL is released.
fn work(x: &Array) -> usize {
    product_work(x, x)
}

/// An `rtol` argument: None, a Python float/int, or an array.
fn rtol_arg(rtol: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Array>> {
    let Some(r) = rtol.filter(|r| !r.is_none()) else {
        return Ok(None);
    };
    if let Ok(a) = r.cast::<PyArray>() {
        return Ok(Some(a.get().inner.clone()));
    }
    let v: f64 = r
        .extract()
        .map_err(|_| PyTypeError::new_err("rtol must be a float or an array"))?;
    Array::from_scalar(Scalar::Float(v), DType::Float64)
        .py()
        .map(Some)
}

/// Cholesky decomposition of Hermitian positive-definite matrices.
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M); only the lower triangle is read.
/// upper : bool
///     Return the upper factor U (``x = Uᴴ U``) instead of the lower L
///     (``x = L Lᴴ``).
///
/// Returns
/// -------
/// array
///     The triangular factor, shaped like `x`.
///
/// Raises
/// ------
/// LinAlgError
///     If a matrix is not positive definite.
///
/// Examples
/// --------
/// >>> xp.linalg.cholesky(xp.asarray([[4.0, 2.0], [2.0, 3.0]]))[0, 0]
/// Array(2., dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, upper = false))]
pub fn cholesky(py: Python<'_>, x: &PyArray, upper: bool) -> PyResult<PyArray> {
    let x = &x.inner;
    run(py, work(x), || la::cholesky(x, upper)).map(PyArray::new)
}

/// Cross product of 3-element vectors.
///
/// Parameters
/// ----------
/// x1, x2 : array
///     Arrays of the same number of dimensions that broadcast together and
///     have length 3 along `axis`.
/// axis : int
///     Axis holding the vectors.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.linalg.cross(xp.asarray([1, 0, 0]), xp.asarray([0, 1, 0]))
/// Array([0, 0, 1], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x1, x2, /, *, axis = -1), text_signature = "(x1, x2, /, *, axis=-1)")]
pub fn cross(py: Python<'_>, x1: &PyArray, x2: &PyArray, axis: isize) -> PyResult<PyArray> {
    let (a, b) = (&x1.inner, &x2.inner);
    run(py, a.size() + b.size(), || la::cross(a, b, axis)).map(PyArray::new)
}

/// Determinant of each square matrix.
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M).
///
/// Returns
/// -------
/// array
///     Shape (...); floating-point (integers give float64).
///
/// Examples
/// --------
/// >>> xp.linalg.det(xp.asarray([[1.0, 2.0], [3.0, 4.0]]))
/// Array(-2., dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn det(py: Python<'_>, x: &PyArray) -> PyResult<PyArray> {
    let x = &x.inner;
    run(py, work(x), || la::det(x)).map(PyArray::new)
}

/// The `offset`-th diagonal of each matrix (a view).
///
/// Parameters
/// ----------
/// x : array
///     At least two dimensions; the last two hold the matrices.
/// offset : int
///     Positive: above the main diagonal; negative: below.
///
/// Returns
/// -------
/// array
///     Shape (..., K) with K the diagonal's length.
///
/// Examples
/// --------
/// >>> xp.linalg.diagonal(xp.asarray([[1, 2], [3, 4]]))
/// Array([1, 4], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, offset = 0))]
pub fn diagonal(x: &PyArray, offset: isize) -> PyResult<PyArray> {
    la::diagonal(&x.inner, offset).py().map(PyArray::new)
}

/// Eigenvalues and eigenvectors of general square matrices.
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M).
///
/// Returns
/// -------
/// EigResult
///     ``(eigenvalues, eigenvectors)``, both complex; column i of
///     `eigenvectors` (unit norm) belongs to eigenvalue i.
///
/// Raises
/// ------
/// LinAlgError
///     If the input holds inf or NaN, or the iteration does not converge.
///
/// Examples
/// --------
/// >>> xp.linalg.eig(xp.asarray([[2.0, 0.0], [0.0, 3.0]])).eigenvalues.dtype
/// pyarray.complex128
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn eig<'py>(py: Python<'py>, x: &PyArray) -> PyResult<Bound<'py, PyAny>> {
    let x = &x.inner;
    let (w, v) = run(py, work(x), || la::eig(x))?;
    named(py, &result_types(py)?.eig, [w, v])
}

/// Eigenvalues and eigenvectors of Hermitian (real symmetric) matrices.
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M); only the lower triangle is read.
///
/// Returns
/// -------
/// EighResult
///     ``(eigenvalues, eigenvectors)``: real eigenvalues in ascending order,
///     orthonormal eigenvectors as columns.
///
/// Raises
/// ------
/// LinAlgError
///     If the input holds inf or NaN, or the iteration does not converge.
///
/// Examples
/// --------
/// >>> xp.linalg.eigh(xp.asarray([[2.0, 1.0], [1.0, 2.0]])).eigenvalues
/// Array([1., 3.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn eigh<'py>(py: Python<'py>, x: &PyArray) -> PyResult<Bound<'py, PyAny>> {
    let x = &x.inner;
    let (w, v) = run(py, work(x), || la::eigh(x))?;
    named(py, &result_types(py)?.eigh, [w, v])
}

/// Eigenvalues of general square matrices (complex).
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M).
///
/// Returns
/// -------
/// array
///     Shape (..., M), complex.
///
/// Raises
/// ------
/// LinAlgError
///     If the input holds inf or NaN, or the iteration does not converge.
///
/// Examples
/// --------
/// >>> xp.linalg.eigvals(xp.asarray([[0.0, -1.0], [1.0, 0.0]])).dtype
/// pyarray.complex128
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn eigvals(py: Python<'_>, x: &PyArray) -> PyResult<PyArray> {
    let x = &x.inner;
    run(py, work(x), || la::eigvals(x)).map(PyArray::new)
}

/// Eigenvalues of Hermitian (real symmetric) matrices, ascending.
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M); only the lower triangle is read.
///
/// Returns
/// -------
/// array
///     Shape (..., M), real.
///
/// Raises
/// ------
/// LinAlgError
///     If the input holds inf or NaN, or the iteration does not converge.
///
/// Examples
/// --------
/// >>> xp.linalg.eigvalsh(xp.asarray([[2.0, 1.0], [1.0, 2.0]]))
/// Array([1., 3.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn eigvalsh(py: Python<'_>, x: &PyArray) -> PyResult<PyArray> {
    let x = &x.inner;
    run(py, work(x), || la::eigvalsh(x)).map(PyArray::new)
}

/// Inverse of each square matrix.
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M).
///
/// Returns
/// -------
/// array
///
/// Raises
/// ------
/// LinAlgError
///     If a matrix is singular.
///
/// Examples
/// --------
/// >>> xp.linalg.inv(xp.asarray([[2.0, 0.0], [0.0, 4.0]]))
/// Array([[0.5 , 0.  ],
///        [0.  , 0.25]], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn inv(py: Python<'_>, x: &PyArray) -> PyResult<PyArray> {
    let x = &x.inner;
    run(py, work(x), || la::inv(x)).map(PyArray::new)
}

/// Parse the `ord` of `matrix_norm`.
fn matrix_ord(ord: &Bound<'_, PyAny>) -> PyResult<MatrixOrd> {
    if let Ok(s) = ord.cast::<PyString>() {
        return match s.to_str()? {
            "fro" => Ok(MatrixOrd::Fro),
            "nuc" => Ok(MatrixOrd::Nuc),
            other => Err(PyValueError::new_err(format!(
                "invalid matrix norm order {other:?}"
            ))),
        };
    }
    let v: f64 = ord
        .extract()
        .map_err(|_| PyTypeError::new_err("ord must be 'fro', 'nuc', ±1, ±2 or ±inf"))?;
    let largest = v > 0.0;
    match v.abs() {
        1.0 => Ok(MatrixOrd::Columns { largest }),
        2.0 => Ok(MatrixOrd::Spectral { largest }),
        f64::INFINITY => Ok(MatrixOrd::Rows { largest }),
        _ => Err(PyValueError::new_err(format!(
            "invalid matrix norm order {v}"
        ))),
    }
}

/// Matrix norm of each matrix.
///
/// Parameters
/// ----------
/// x : array
///     At least two dimensions.
/// keepdims : bool
///     Keep the two matrix axes with length 1.
/// ord : {'fro', 'nuc', 1, -1, 2, -2, inf, -inf}
///     Frobenius, nuclear (sum of singular values), max/min column sum,
///     largest/smallest singular value, max/min row sum.
///
/// Returns
/// -------
/// array
///     Real floating-point.
///
/// Examples
/// --------
/// >>> xp.linalg.matrix_norm(xp.asarray([[3.0, 0.0], [0.0, 4.0]]))
/// Array(5., dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, keepdims = false, ord = None),
    text_signature = "(x, /, *, keepdims=False, ord='fro')"
)]
pub fn matrix_norm(
    py: Python<'_>,
    x: &PyArray,
    keepdims: bool,
    ord: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    let ord = match ord.filter(|o| !o.is_none()) {
        Some(o) => matrix_ord(o)?,
        None => MatrixOrd::Fro,
    };
    let x = &x.inner;
    run(py, work(x), || la::matrix_norm(x, keepdims, ord)).map(PyArray::new)
}

/// Integer power of each square matrix.
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M).
/// n : int
///     0 gives the identity; negative powers invert first.
///
/// Returns
/// -------
/// array
///
/// Raises
/// ------
/// LinAlgError
///     If `n` is negative and a matrix is singular.
///
/// Examples
/// --------
/// >>> xp.linalg.matrix_power(xp.asarray([[1.0, 1.0], [0.0, 1.0]]), 3)[0, 1]
/// Array(3., dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, n, /))]
pub fn matrix_power(py: Python<'_>, x: &PyArray, n: i64) -> PyResult<PyArray> {
    let x = &x.inner;
    run(py, work(x), || la::matrix_power(x, n)).map(PyArray::new)
}

/// Rank of each matrix: the number of singular values above
/// ``rtol * max(singular values)``.
///
/// Parameters
/// ----------
/// x : array
///     At least two dimensions.
/// rtol : float or array, optional
///     Relative tolerance (an array broadcasts against the batch shape);
///     default ``max(M, N) * eps``.
///
/// Returns
/// -------
/// array
///     int64, shape (...).
///
/// Examples
/// --------
/// >>> xp.linalg.matrix_rank(xp.asarray([[1.0, 2.0], [2.0, 4.0]]))
/// Array(1, dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, rtol = None))]
pub fn matrix_rank(
    py: Python<'_>,
    x: &PyArray,
    rtol: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    let rtol = rtol_arg(rtol)?;
    let x = &x.inner;
    run(py, work(x), || la::matrix_rank(x, rtol.as_ref())).map(PyArray::new)
}

/// Outer product of two vectors.
///
/// Parameters
/// ----------
/// x1 : array
///     1-D, length N.
/// x2 : array
///     1-D, length M.
///
/// Returns
/// -------
/// array
///     Shape (N, M), ``out[i, j] = x1[i] * x2[j]``.
///
/// Examples
/// --------
/// >>> xp.linalg.outer(xp.asarray([1, 2]), xp.asarray([3, 4]))
/// Array([[3, 4],
///        [6, 8]], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x1, x2, /))]
pub fn outer(py: Python<'_>, x1: &PyArray, x2: &PyArray) -> PyResult<PyArray> {
    let (a, b) = (&x1.inner, &x2.inner);
    run(py, a.size().saturating_mul(b.size()), || la::outer(a, b)).map(PyArray::new)
}

/// Moore–Penrose pseudo-inverse of each matrix.
///
/// Parameters
/// ----------
/// x : array
///     Stack of matrices (..., M, N).
/// rtol : float or array, optional
///     Singular values at or below ``rtol * max(singular values)`` count as
///     zero; default ``max(M, N) * eps``.
///
/// Returns
/// -------
/// array
///     Shape (..., N, M).
///
/// Examples
/// --------
/// >>> xp.linalg.pinv(xp.asarray([[2.0, 0.0], [0.0, 0.0]]))[0, 0]
/// Array(0.5, dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, rtol = None))]
pub fn pinv(py: Python<'_>, x: &PyArray, rtol: Option<&Bound<'_, PyAny>>) -> PyResult<PyArray> {
    let rtol = rtol_arg(rtol)?;
    let x = &x.inner;
    run(py, work(x), || la::pinv(x, rtol.as_ref())).map(PyArray::new)
}

/// QR decomposition of each matrix.
///
/// Parameters
/// ----------
/// x : array
///     Stack of matrices (..., M, N).
/// mode : {'reduced', 'complete'}
///     'reduced': Q is (..., M, K) and R (..., K, N) with K = min(M, N);
///     'complete': Q is (..., M, M) and R (..., M, N).
///
/// Returns
/// -------
/// QRResult
///     ``(Q, R)`` with orthonormal columns in Q and upper-triangular R.
///
/// Examples
/// --------
/// >>> xp.linalg.qr(xp.asarray([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).R.shape
/// (2, 2)
#[pyfunction]
#[pyo3(signature = (x, /, *, mode = "reduced"))]
pub fn qr<'py>(py: Python<'py>, x: &PyArray, mode: &str) -> PyResult<Bound<'py, PyAny>> {
    let reduced = match mode {
        "reduced" => true,
        "complete" => false,
        other => {
            return Err(PyValueError::new_err(format!(
                "mode must be 'reduced' or 'complete', got {other:?}"
            )))
        }
    };
    let x = &x.inner;
    let (q, r) = run(py, work(x), || la::qr(x, reduced))?;
    named(py, &result_types(py)?.qr, [q, r])
}

/// Sign and natural log of the absolute value of each determinant.
///
/// Parameters
/// ----------
/// x : array
///     Stack of square matrices (..., M, M).
///
/// Returns
/// -------
/// SlogdetResult
///     ``(sign, logabsdet)``: sign is ±1 (unit modulus for complex input)
///     or 0 for a singular matrix, whose logabsdet is -inf.
///
/// Examples
/// --------
/// >>> xp.linalg.slogdet(xp.asarray([[0.0, 1.0], [1.0, 0.0]])).sign
/// Array(-1., dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn slogdet<'py>(py: Python<'py>, x: &PyArray) -> PyResult<Bound<'py, PyAny>> {
    let x = &x.inner;
    let (s, l) = run(py, work(x), || la::slogdet(x))?;
    named(py, &result_types(py)?.slogdet, [s, l])
}

/// Solve the linear systems ``x1 @ out = x2``.
///
/// Parameters
/// ----------
/// x1 : array
///     Coefficient matrices (..., M, M).
/// x2 : array
///     Right-hand sides: a vector (M,) when 1-D, else matrices (..., M, K);
///     batch dimensions broadcast with those of `x1`.
///
/// Returns
/// -------
/// array
///     Shaped (..., M) for a 1-D `x2`, else (..., M, K).
///
/// Raises
/// ------
/// LinAlgError
///     If a matrix of `x1` is singular.
///
/// Examples
/// --------
/// >>> xp.linalg.solve(xp.asarray([[2.0, 0.0], [0.0, 4.0]]), xp.asarray([1.0, 1.0]))
/// Array([0.5 , 0.25], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x1, x2, /))]
pub fn solve(py: Python<'_>, x1: &PyArray, x2: &PyArray) -> PyResult<PyArray> {
    let (a, b) = (&x1.inner, &x2.inner);
    run(py, work(a) + b.size(), || la::solve(a, b)).map(PyArray::new)
}

/// Singular value decomposition ``x = U @ diag(S) @ Vh``.
///
/// Parameters
/// ----------
/// x : array
///     Stack of matrices (..., M, N).
/// full_matrices : bool
///     Square U (..., M, M) and Vh (..., N, N) if true; else U is
///     (..., M, K) and Vh (..., K, N) with K = min(M, N).
///
/// Returns
/// -------
/// SVDResult
///     ``(U, S, Vh)``; S (real, descending) has shape (..., K).
///
/// Raises
/// ------
/// LinAlgError
///     If the input holds inf or NaN, or the iteration does not converge.
///
/// Examples
/// --------
/// >>> xp.linalg.svd(xp.asarray([[3.0, 0.0], [0.0, -4.0]])).S
/// Array([4., 3.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /, *, full_matrices = true))]
pub fn svd<'py>(py: Python<'py>, x: &PyArray, full_matrices: bool) -> PyResult<Bound<'py, PyAny>> {
    let x = &x.inner;
    let (u, s, vh) = run(py, work(x), || la::svd(x, full_matrices))?;
    named(py, &result_types(py)?.svd, [u, s, vh])
}

/// Singular values of each matrix, descending.
///
/// Parameters
/// ----------
/// x : array
///     Stack of matrices (..., M, N).
///
/// Returns
/// -------
/// array
///     Real, shape (..., min(M, N)).
///
/// Raises
/// ------
/// LinAlgError
///     If the input holds inf or NaN, or the iteration does not converge.
///
/// Examples
/// --------
/// >>> xp.linalg.svdvals(xp.asarray([[3.0, 0.0], [0.0, -4.0]]))
/// Array([4., 3.], dtype=float64)
#[pyfunction]
#[pyo3(signature = (x, /))]
pub fn svdvals(py: Python<'_>, x: &PyArray) -> PyResult<PyArray> {
    let x = &x.inner;
    run(py, work(x), || la::svdvals(x)).map(PyArray::new)
}

/// Sum along the `offset`-th diagonal of each matrix.
///
/// Parameters
/// ----------
/// x : array
///     At least two dimensions.
/// offset : int
///     Positive: above the main diagonal; negative: below.
/// dtype : dtype, optional
///     Accumulation and result dtype; by default as for `sum` (integers in
///     int64, unsigned in uint64, floats in their own dtype).
///
/// Returns
/// -------
/// array
///     Shape (...).
///
/// Examples
/// --------
/// >>> xp.linalg.trace(xp.asarray([[1, 2], [3, 4]]))
/// Array(5, dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, *, offset = 0, dtype = None))]
pub fn trace(x: &PyArray, offset: isize, dtype: Option<&Bound<'_, PyAny>>) -> PyResult<PyArray> {
    let dtype = parse_optional_dtype(dtype)?;
    la::trace(&x.inner, offset, dtype).py().map(PyArray::new)
}

/// Vector p-norm over the given axes.
///
/// Parameters
/// ----------
/// x : array
/// axis : int or tuple of int, optional
///     Axes forming each vector; all by default.
/// keepdims : bool
///     Keep reduced axes with length 1.
/// ord : int or float
///     p of the norm: 2 (Euclidean), 1, inf/-inf (largest/smallest
///     absolute value), 0 (number of non-zeros), or any other p
///     (``sum(abs(x)**p)**(1/p)``).
///
/// Returns
/// -------
/// array
///     Real floating-point.
///
/// Examples
/// --------
/// >>> xp.linalg.vector_norm(xp.asarray([3.0, -4.0]))
/// Array(5., dtype=float64)
#[pyfunction]
#[pyo3(
    signature = (x, /, *, axis = None, keepdims = false, ord = 2.0),
    text_signature = "(x, /, *, axis=None, keepdims=False, ord=2)"
)]
pub fn vector_norm(
    py: Python<'_>,
    x: &PyArray,
    axis: Option<&Bound<'_, PyAny>>,
    keepdims: bool,
    ord: f64,
) -> PyResult<PyArray> {
    let x = &x.inner;
    let axes = reduction_axes(axis, x.ndim())?;
    run(py, x.size(), || la::vector_norm(x, &axes, keepdims, ord)).map(PyArray::new)
}

/// Build the `_linalg` submodule and add it to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "_linalg")?;
    macro_rules! add {
        ($($f:ident),*) => {$( m.add_function(wrap_pyfunction!($f, &m)?)?; )*};
    }
    add!(
        cholesky,
        cross,
        det,
        diagonal,
        eig,
        eigh,
        eigvals,
        eigvalsh,
        inv,
        matrix_norm,
        matrix_power,
        matrix_rank,
        outer,
        pinv,
        qr,
        slogdet,
        solve,
        svd,
        svdvals,
        trace,
        vector_norm
    );
    m.add("LinAlgError", py.get_type::<LinAlgError>())?;
    // setattr, not add_submodule: that would list it in `_core.__all__`, and
    // `from pyarray._core import *` would then export it.
    parent.setattr("_linalg", m)
}
