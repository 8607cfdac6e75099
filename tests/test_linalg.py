"""The linalg extension against NumPy: values on random well-conditioned
inputs for every float dtype, batch shapes and non-contiguous layouts,
reconstruction identities of the decompositions, named-tuple results,
LinAlgError and the other error paths."""

import inspect

import numpy as np
import pytest

import pyarray as xp

FLOATS = ["float32", "float64", "complex64", "complex128"]
BATCHES = [(), (3,), (2, 2)]
LAYOUTS = ["contiguous", "transposed", "strided"]


def tol(dtype):
    """(rtol, atol) for results of well-conditioned problems in `dtype`."""
    single = np.dtype(dtype) in (np.float32, np.complex64, np.float16)
    return (2e-4, 2e-4) if single else (1e-10, 1e-10)


def rng_matrix(shape, dtype, seed=0, spd=False):
    """A random well-conditioned matrix stack (diagonally dominant; Hermitian
    positive definite with `spd`)."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    n = shape[-1]
    if spd:
        a = a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)
    elif shape[-1] == shape[-2]:
        a = a + 2 * n * np.eye(n)
    return a.astype(dtype)


def layout(a, kind):
    """`a` as a pyarray array with the given memory layout (same values)."""
    if kind == "contiguous":
        return xp.asarray(a)
    if kind == "transposed":
        t = xp.asarray(np.ascontiguousarray(np.swapaxes(a, -1, -2)))
        return xp.matrix_transpose(t)
    # every other element of a twice-as-wide buffer
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), dtype=a.dtype)
    wide[..., ::2] = a
    return xp.asarray(wide)[..., ::2]


def to_np(x):
    return np.asarray(x)


def check(got, exp, dtype=None):
    got = to_np(got)
    assert got.shape == exp.shape
    if dtype is not None:
        assert got.dtype == np.dtype(dtype)
    rtol, atol = tol(got.dtype)
    np.testing.assert_allclose(
        got, exp, rtol=rtol, atol=atol * max(1.0, np.abs(exp).max(initial=0))
    )


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("batch", BATCHES)
@pytest.mark.parametrize("kind", LAYOUTS)
def test_inv_det_slogdet_solve(dtype, batch, kind):
    a = rng_matrix(batch + (4, 4), dtype)
    x = layout(a, kind)
    check(xp.linalg.inv(x), np.linalg.inv(a), dtype)
    check(xp.linalg.det(x), np.linalg.det(a), dtype)
    sign, logabs = xp.linalg.slogdet(x)
    es, el = np.linalg.slogdet(a)
    check(sign, es, dtype)
    check(logabs, el, np.dtype(dtype).type(0).real.dtype)
    b = rng_matrix(batch + (4, 2), dtype, seed=1)
    check(xp.linalg.solve(x, layout(b, kind)), np.linalg.solve(a, b), dtype)


def test_solve_vector_rule_and_broadcasting():
    a = rng_matrix((2, 3, 3), "float64")
    v = np.arange(3.0)
    got = xp.linalg.solve(xp.asarray(a), xp.asarray(v))
    assert got.shape == (2, 3)
    check(got, np.stack([np.linalg.solve(m, v) for m in a]))
    # x2 of ndim >= 2 is a stack of matrices, batch dims broadcast
    b = rng_matrix((4, 1, 3, 2), "float64", seed=2)
    check(xp.linalg.solve(xp.asarray(a), xp.asarray(b)), np.linalg.solve(a, b))
    with pytest.raises(ValueError):
        xp.linalg.solve(xp.asarray(a), xp.asarray(np.ones(4)))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("kind", LAYOUTS)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dtype, kind, upper):
    a = rng_matrix((2, 5, 5), dtype, spd=True)
    f = xp.linalg.cholesky(layout(a, kind), upper=upper)
    exp = np.linalg.cholesky(a, upper=upper)
    check(f, exp, dtype)
    l_ = to_np(f)
    recon = (
        np.conj(np.swapaxes(l_, -1, -2)) @ l_ if upper else l_ @ np.conj(np.swapaxes(l_, -1, -2))
    )
    check(recon, a)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)])
@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr_reconstructs(dtype, shape, mode):
    a = rng_matrix(shape, dtype)
    res = xp.linalg.qr(layout(a, "transposed"), mode=mode)
    q, r = to_np(res.Q), to_np(res.R)
    eq, er = np.linalg.qr(a, mode=mode)
    assert q.shape == eq.shape and r.shape == er.shape and q.dtype == np.dtype(dtype)
    check(q @ r, a)
    k = q.shape[-1]
    check(np.conj(np.swapaxes(q, -1, -2)) @ q, np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k)))
    assert np.allclose(np.tril(r, -1), 0)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)])
@pytest.mark.parametrize("full", [True, False])
def test_svd_reconstructs(dtype, shape, full):
    a = rng_matrix(shape, dtype)
    u, s, vh = xp.linalg.svd(layout(a, "strided"), full_matrices=full)
    eu, es, evh = np.linalg.svd(a, full_matrices=full)
    u, s, vh = to_np(u), to_np(s), to_np(vh)
    assert (u.shape, s.shape, vh.shape) == (eu.shape, es.shape, evh.shape)
    assert s.dtype == es.dtype
    check(s, es)
    k = s.shape[-1]
    check((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :], a)
    check(xp.linalg.svdvals(xp.asarray(a)), es)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("kind", LAYOUTS)
def test_eigh_and_eigvalsh(dtype, kind):
    a = rng_matrix((3, 4, 4), dtype, spd=True)
    w, v = xp.linalg.eigh(layout(a, kind))
    ew = np.linalg.eigvalsh(a)
    check(w, ew, ew.dtype)
    v = to_np(v)
    check(a @ v, v * to_np(w)[..., None, :])
    check(xp.linalg.eigvalsh(xp.asarray(a)), ew, ew.dtype)


@pytest.mark.parametrize("dtype", FLOATS)
def test_eig_and_eigvals(dtype):
    a = rng_matrix((2, 4, 4), dtype)
    res = xp.linalg.eig(layout(a, "transposed"))
    w, v = to_np(res.eigenvalues), to_np(res.eigenvectors)
    cdtype = np.result_type(dtype, np.complex64)
    assert w.dtype == cdtype and v.dtype == cdtype
    check(a @ v, v * w[..., None, :])
    key = lambda z: np.sort_complex(np.round(z, 3))  # noqa: E731
    check(key(to_np(xp.linalg.eigvals(xp.asarray(a)))), key(np.linalg.eigvals(a).astype(cdtype)))


def test_eig_of_rotation_is_complex():
    w = to_np(xp.linalg.eigvals(xp.asarray([[0.0, -1.0], [1.0, 0.0]])))
    check(np.sort_complex(w), np.array([-1j, 1j]))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_precision_computes_in_float32_and_rounds_back(dtype):
    a = rng_matrix((3, 3), "float32", spd=True)
    x = xp.astype(xp.asarray(a), getattr(xp, dtype))
    for f in (
        xp.linalg.inv,
        xp.linalg.cholesky,
        xp.linalg.det,
        xp.linalg.svdvals,
        xp.linalg.matrix_norm,
    ):
        assert f(x).dtype == getattr(xp, dtype)
    back = np.asarray(xp.astype(x, xp.float32))
    got = np.asarray(xp.astype(xp.linalg.inv(x), xp.float32))
    np.testing.assert_allclose(got, np.linalg.inv(back), rtol=2e-2, atol=2e-2)
    assert xp.linalg.eigvals(x).dtype == xp.complex64


def test_integer_input_computes_in_float64():
    a = xp.asarray([[2, 1], [1, 3]])
    assert xp.linalg.inv(a).dtype == xp.float64
    check(xp.linalg.det(a), np.array(5.0))
    assert xp.linalg.matrix_power(a, 2).dtype == xp.int64
    check(xp.linalg.matrix_power(a, 2), np.array([[5, 5], [5, 10]]))
    assert xp.linalg.matrix_power(a, -1).dtype == xp.float64


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [0, 1, 2, 5, -1, -3])
def test_matrix_power(dtype, n):
    a = rng_matrix((2, 3, 3), dtype) / 6
    check(xp.linalg.matrix_power(layout(a, "transposed"), n), np.linalg.matrix_power(a, n), dtype)


@pytest.mark.parametrize("dtype", FLOATS)
def test_pinv_and_matrix_rank(dtype):
    a = rng_matrix((2, 5, 3), dtype)
    check(xp.linalg.pinv(xp.asarray(a)), np.linalg.pinv(a), dtype)
    low = a[..., :2] @ rng_matrix((2, 2, 3), dtype, seed=3)  # rank 2
    assert np.asarray(xp.linalg.matrix_rank(xp.asarray(low))).tolist() == [2, 2]
    assert xp.linalg.matrix_rank(xp.asarray(low)).dtype == xp.int64
    # a huge tolerance drops every singular value but the largest
    assert np.asarray(xp.linalg.matrix_rank(xp.asarray(low), rtol=0.999)).tolist() == [1, 1]
    rtol = xp.asarray([1e-3, 0.999])
    assert np.asarray(xp.linalg.matrix_rank(xp.asarray(low), rtol=rtol)).tolist() == [2, 1]
    check(xp.linalg.pinv(xp.asarray(low), rtol=1e-6), np.linalg.pinv(low, rtol=1e-6), dtype)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf])
@pytest.mark.parametrize("keepdims", [False, True])
def test_matrix_norm(dtype, ord, keepdims):
    a = rng_matrix((2, 3, 4), dtype)
    got = xp.linalg.matrix_norm(layout(a, "strided"), ord=ord, keepdims=keepdims)
    exp = np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims)
    check(got, exp, exp.dtype)


def test_matrix_norm_rejects_bad_ord():
    with pytest.raises(ValueError):
        xp.linalg.matrix_norm(xp.ones((2, 2)), ord=3)
    with pytest.raises(ValueError):
        xp.linalg.matrix_norm(xp.ones((2, 2)), ord="max")


@pytest.mark.parametrize("dtype", FLOATS + ["int32"])
@pytest.mark.parametrize("ord", [2, 1, 0, np.inf, -np.inf, 3, 0.5, -1])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), (2, 0)])
def test_vector_norm(dtype, ord, axis):
    a = rng_matrix((3, 4, 5), "float64" if dtype == "int32" else dtype)
    if dtype == "int32":
        a = (a * 10).astype(dtype)
    for keepdims in (False, True):
        got = xp.linalg.vector_norm(layout(a, "transposed"), axis=axis, keepdims=keepdims, ord=ord)
        with np.errstate(divide="ignore"):  # NumPy's own 0 ** negative
            exp = np.linalg.vector_norm(a, axis=axis, keepdims=keepdims, ord=ord)
        check(got, exp, exp.dtype)


def test_diagonal_and_trace():
    a = np.arange(2 * 3 * 4).reshape(2, 3, 4)
    for offset in (-3, -1, 0, 1, 3, 5):
        exp = np.diagonal(a, offset, axis1=-2, axis2=-1)
        got = xp.linalg.diagonal(layout(a, "transposed"), offset=offset)
        assert to_np(got).tolist() == exp.tolist()
        got = xp.linalg.trace(layout(a, "strided"), offset=offset)
        assert got.dtype == xp.int64
        assert to_np(got).tolist() == np.trace(a, offset, axis1=-2, axis2=-1).tolist()
    f = xp.linalg.trace(xp.asarray(a.astype(np.float32)), dtype=xp.float64)
    assert f.dtype == xp.float64
    assert xp.linalg.trace(xp.asarray(a.astype(np.uint8))).dtype == xp.uint64
    with pytest.raises(ValueError):
        xp.linalg.diagonal(xp.ones(3))


def test_outer_and_cross():
    u, v = np.array([1.0, 2.0, 3.0]), np.array([-1.0, 0.5, 4.0, 2.0])
    check(xp.linalg.outer(xp.asarray(u), xp.asarray(v)), np.outer(u, v))
    with pytest.raises(ValueError):
        xp.linalg.outer(xp.ones((2, 2)), xp.ones(2))
    a, b = rng_matrix((4, 3), "float64"), rng_matrix((1, 3), "float64", seed=1)
    check(xp.linalg.cross(xp.asarray(a), xp.asarray(b)), np.cross(a, b))
    at = rng_matrix((3, 5), "complex128")
    bt = rng_matrix((3, 5), "complex128", seed=2)
    check(xp.linalg.cross(xp.asarray(at), xp.asarray(bt), axis=0), np.cross(at, bt, axis=0))
    with pytest.raises(ValueError):
        xp.linalg.cross(xp.ones((2, 4)), xp.ones((2, 4)))


def test_named_tuple_fields():
    a = xp.asarray(rng_matrix((3, 3), "float64", spd=True))
    assert xp.linalg.eigh(a)._fields == ("eigenvalues", "eigenvectors")
    assert xp.linalg.eig(a)._fields == ("eigenvalues", "eigenvectors")
    assert xp.linalg.qr(a)._fields == ("Q", "R")
    assert xp.linalg.slogdet(a)._fields == ("sign", "logabsdet")
    assert xp.linalg.svd(a)._fields == ("U", "S", "Vh")


def test_namespace_exports_the_whole_extension_and_not_the_compiled_module():
    assert "_linalg" not in dir(xp)
    for name in ["matmul", "tensordot", "vecdot", "matrix_transpose"]:
        assert getattr(xp.linalg, name) is getattr(xp, name)
    assert len(xp.linalg.__all__) == 26  # the standard's 25 functions and LinAlgError


def test_singular_and_indefinite_inputs_raise_linalg_error():
    assert issubclass(xp.linalg.LinAlgError, ValueError)
    s = xp.asarray([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.inv(s)
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.solve(s, xp.ones(2))
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.matrix_power(s, -1)
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.cholesky(xp.asarray([[1.0, 2.0], [2.0, 1.0]]))
    nan = xp.asarray([[1.0, float("nan")], [0.0, 1.0]])
    for f in (xp.linalg.svd, xp.linalg.eig, xp.linalg.eigh, xp.linalg.svdvals):
        with pytest.raises(xp.linalg.LinAlgError):
            f(nan)
    # singular matrices still have a determinant
    check(xp.linalg.det(s), np.array(0.0))
    sign, logabs = xp.linalg.slogdet(s)
    assert float(sign) == 0.0 and float(logabs) == -np.inf


@pytest.mark.parametrize(
    "name", ["inv", "det", "cholesky", "eigh", "eig", "eigvals", "eigvalsh", "slogdet"]
)
def test_shape_errors(name):
    f = getattr(xp.linalg, name)
    with pytest.raises(ValueError):
        f(xp.ones((2, 3)))
    with pytest.raises(ValueError):
        f(xp.ones(3))


def test_qr_mode_and_bool_errors():
    with pytest.raises(ValueError):
        xp.linalg.qr(xp.ones((2, 2)), mode="r")
    with pytest.raises(TypeError):
        xp.linalg.matrix_power(xp.ones((2, 2), dtype=xp.bool), 2)
    with pytest.raises(TypeError):
        xp.linalg.trace(xp.ones((2, 2), dtype=xp.bool))


def test_empty_and_large_batches():
    assert xp.linalg.inv(xp.ones((0, 3, 3))).shape == (0, 3, 3)
    check(xp.linalg.det(xp.ones((2, 0, 0))), np.ones(2))
    # a batch big enough to run across threads gives the same answers
    a = rng_matrix((5000, 8, 8), "float64")
    check(xp.linalg.inv(xp.asarray(a)), np.linalg.inv(a))


def test_signatures_match_the_standard():
    sig = lambda f: str(inspect.signature(getattr(xp.linalg, f)))  # noqa: E731
    assert sig("matrix_norm") == "(x, /, *, keepdims=False, ord='fro')"
    assert sig("vector_norm") == "(x, /, *, axis=None, keepdims=False, ord=2)"
    assert sig("solve") == "(x1, x2, /)"
    assert sig("svd") == "(x, /, *, full_matrices=True)"
    assert sig("matrix_power") == "(x, n, /)"
    assert sig("trace") == "(x, /, *, offset=0, dtype=None)"


def test_cross_broadcasts_arrays_of_different_ndim():
    rng = np.random.default_rng(5)
    u, w = rng.standard_normal(3), rng.standard_normal((2, 4, 3))
    check(xp.linalg.cross(xp.asarray(u), xp.asarray(w)), np.cross(u, w))
    assert xp.linalg.cross(xp.ones(3), xp.ones((0, 3))).shape == (0, 3)
    # a length-1 axis does not broadcast into vectors
    with pytest.raises(ValueError):
        xp.linalg.cross(xp.ones((2, 1)), xp.ones((2, 3)))


@pytest.mark.parametrize(
    "dtype,scale",
    [("float64", 1e200), ("float64", 1e-200), ("float32", 1e19), ("complex64", 1e-19)],
)
def test_iterative_routines_scale_huge_and_tiny_entries(dtype, scale):
    a = rng_matrix((4, 4), dtype, spd=True)
    big = (a * np.asarray(scale, dtype=a.real.dtype)).astype(dtype)
    # Results are compared after scaling back, so an underflow to zero (or an
    # overflow) cannot hide inside the absolute tolerance.
    check(to_np(xp.linalg.svdvals(xp.asarray(big))) / scale, np.linalg.svd(a, compute_uv=False))
    check(to_np(xp.linalg.eigvalsh(xp.asarray(big))) / scale, np.linalg.eigvalsh(a))
    w = to_np(xp.linalg.eigvals(xp.asarray(big)))
    check(np.sort(w.real) / scale, np.linalg.eigvalsh(a))
    assert int(xp.linalg.matrix_rank(xp.asarray(big))) == 4
    u, s, vh = (to_np(r) for r in xp.linalg.svd(xp.asarray(big)))
    check((u * (s / scale)) @ vh, a.astype(np.complex128 if np.iscomplexobj(a) else np.float64))


@pytest.mark.parametrize("n", [1, 2, 15, 16, 17, 24])
@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_on_both_sides_of_the_small_matrix_path(n, dtype, upper):
    # Up to 16x16 kernels/small_cholesky.rs factors, larger matrices faer.
    # The upper triangle is not read: filling it with NaN changes nothing.
    a = rng_matrix((3, n, n), dtype, spd=True)
    junk = a.copy()
    junk[..., np.triu_indices(n, 1)[0], np.triu_indices(n, 1)[1]] = np.nan
    f = xp.linalg.cholesky(xp.asarray(junk), upper=upper)
    check(f, np.linalg.cholesky(a, upper=upper), dtype)


@pytest.mark.parametrize("n", [3, 20])
def test_cholesky_rejects_a_non_positive_definite_batch_entry(n):
    a = rng_matrix((4, n, n), "float64", spd=True)
    a[2, n - 1, n - 1] = -1e3  # the last leading minor turns negative
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.cholesky(xp.asarray(a))
    a[2] = rng_matrix((n, n), "float64", spd=True)
    a[2, 0, 0] = np.nan
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.cholesky(xp.asarray(a))


@pytest.mark.parametrize("n", [15, 16, 17, 24])
@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_lu_routines_on_both_sides_of_the_small_matrix_path(n, dtype):
    # Matrices up to 16x16 are factored by kernels/small_lu.rs, larger ones
    # by faer: inv, solve, det and slogdet agree with NumPy on both sides.
    a = rng_matrix((3, n, n), dtype)
    b = rng_matrix((3, n, 2), dtype, seed=1)
    x, y = xp.asarray(a), xp.asarray(b)
    check(xp.linalg.inv(x), np.linalg.inv(a), dtype)
    check(xp.linalg.solve(x, y), np.linalg.solve(a, b), dtype)
    check(xp.linalg.det(x), np.linalg.det(a), dtype)
    sign, logabs = xp.linalg.slogdet(x)
    exp_sign, exp_logabs = np.linalg.slogdet(a)
    check(sign, exp_sign, dtype)
    check(logabs, exp_logabs)
