"""Main-namespace linear algebra: matmul (and ``@``), matrix_transpose,
tensordot, vecdot, against NumPy."""

import numpy as np
import pytest
from conftest import (
    COMPLEX_NAMES,
    FLOAT_NAMES,
    INTEGER_NAMES,
    assert_equal,
    from_numpy,
    ndt,
    to_numpy,
)
from hypothesis import given
from hypothesis import strategies as st

import pyarray as xp

NUMERIC_NAMES = INTEGER_NAMES + FLOAT_NAMES
TOLERANCE = {
    "float16": 1e-2,
    "bfloat16": 5e-2,
    "float32": 1e-5,
    "complex64": 1e-5,
    "float64": 1e-12,
    "complex128": 1e-12,
}


def random_array(rng, name, shape):
    """Small integers for integer dtypes (products stay exact), else uniform floats."""
    if name in INTEGER_NAMES:
        low = 0 if name.startswith("u") else -5
        return rng.integers(low, 6, size=shape).astype(name)
    values = rng.uniform(-1, 1, size=shape)
    if name in COMPLEX_NAMES:
        values = values + 1j * rng.uniform(-1, 1, size=shape)
    return values.astype(ndt(name))


def assert_close(x, expected, name):
    """Dtype and shape exact; values within the dtype's tolerance (exact for ints)."""
    assert x.dtype == getattr(xp, name)
    assert x.shape == expected.shape
    got = to_numpy(x)
    if name in INTEGER_NAMES:
        np.testing.assert_array_equal(got, expected.astype(name))
    else:
        scale = max(1.0, float(np.max(np.abs(expected), initial=0.0)))
        np.testing.assert_allclose(got, expected, rtol=0, atol=TOLERANCE[name] * scale * 4)


def reference_matmul(a, b, name):
    """NumPy's product computed in float64/complex128 (or int64), then cast."""
    wide = (
        "int64" if name in INTEGER_NAMES else ("complex128" if name in COMPLEX_NAMES else "float64")
    )
    return np.matmul(a.astype(wide), b.astype(wide))


batch_shapes = st.lists(st.integers(1, 3), min_size=0, max_size=2).map(tuple)


@st.composite
def matmul_shapes(draw):
    """Shapes of two matmul operands: 1-D vectors, matrices, broadcast stacks."""
    n, k, m = draw(st.integers(0, 6)), draw(st.integers(0, 6)), draw(st.integers(0, 6))
    kind1, kind2 = (
        draw(st.sampled_from(["vector", "matrix", "stack"])),
        draw(st.sampled_from(["vector", "matrix", "stack"])),
    )
    batch = draw(batch_shapes)
    # Each stack keeps some batch axes as 1 to exercise broadcasting.
    b1 = tuple(d if draw(st.booleans()) else 1 for d in batch)
    b2 = tuple(d if draw(st.booleans()) else 1 for d in batch)
    s1 = {"vector": (k,), "matrix": (n, k), "stack": b1 + (n, k)}[kind1]
    s2 = {"vector": (k,), "matrix": (k, m), "stack": b2 + (k, m)}[kind2]
    return s1, s2


@given(shapes=matmul_shapes(), name=st.sampled_from(NUMERIC_NAMES), seed=st.integers(0, 2**32 - 1))
def test_matmul_matches_numpy(shapes, name, seed):
    rng = np.random.default_rng(seed)
    a, b = random_array(rng, name, shapes[0]), random_array(rng, name, shapes[1])
    expected = reference_matmul(a, b, name)
    assert_close(xp.matmul(from_numpy(a, name), from_numpy(b, name)), expected, name)
    assert_close(from_numpy(a, name) @ from_numpy(b, name), expected, name)


@pytest.mark.parametrize("name", ["float32", "float64", "complex128", "int32"])
@pytest.mark.parametrize("layout", ["transposed", "reversed", "strided", "broadcast"])
# Small products take the plain loop, larger float ones faer's gemm.
@pytest.mark.parametrize("shape", [(6, 8), (96, 80)], ids=["loop", "gemm"])
def test_matmul_non_contiguous_operands(name, layout, shape):
    rng = np.random.default_rng(1)
    a = random_array(rng, name, shape)
    b = random_array(rng, name, shape)
    x, y = from_numpy(a, name), from_numpy(b, name)
    if layout == "transposed":
        xa, ya, na, nb = xp.matrix_transpose(x), y, a.T, b
    elif layout == "reversed":
        xa, ya, na, nb = x[::-1, ::-1], xp.matrix_transpose(y)[::-1, :], a[::-1, ::-1], b.T[::-1, :]
    elif layout == "strided":
        xa, ya, na, nb = x[::2, ::2], xp.matrix_transpose(y)[::2, ::3], a[::2, ::2], b.T[::2, ::3]
    else:
        stacked = (3, 1, shape[1])
        xa = xp.broadcast_to(x[:1, :], stacked)
        ya, na, nb = xp.matrix_transpose(y), np.broadcast_to(a[:1, :], stacked), b.T
    assert_close(xa @ ya, reference_matmul(na, nb, name), name)


def test_matmul_mixed_dtypes_promote():
    a = xp.asarray([[1, 2], [3, 4]], dtype=xp.int8)
    b = xp.asarray([[0.5, 0.0], [0.0, 0.5]], dtype=xp.float32)
    assert_equal(a @ b, np.array([[0.5, 1.0], [1.5, 2.0]], dtype=np.float32))
    c = xp.asarray([[1, 1], [1, 1]], dtype=xp.uint8)
    assert_equal(a @ c, np.array([[3, 3], [7, 7]], dtype=np.int16))


def test_matmul_integer_wraps():
    a = xp.asarray([[100, 100]], dtype=xp.int8)
    b = xp.asarray([[1], [1]], dtype=xp.int8)
    assert_equal(a @ b, np.array([[-56]], dtype=np.int8))


def test_matmul_large_parallel_path_matches_numpy():
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal((300, 200)), rng.standard_normal((200, 250))
    np.testing.assert_allclose(to_numpy(from_numpy(a) @ from_numpy(b)), a @ b, atol=1e-11)
    # A wide product splits its columns across threads instead of its rows.
    a, b = rng.standard_normal((50, 200)), rng.standard_normal((200, 901))
    np.testing.assert_allclose(to_numpy(from_numpy(a) @ from_numpy(b)), a @ b, atol=1e-11)
    # Integers always take the loop kernel; one large product splits its
    # rows across threads.
    ia, ib = rng.integers(-5, 6, (300, 200)), rng.integers(-5, 6, (200, 250))
    assert_equal(from_numpy(ia) @ from_numpy(ib), ia @ ib)
    stack = rng.standard_normal((500, 8, 8))
    np.testing.assert_allclose(
        to_numpy(from_numpy(stack) @ from_numpy(stack)), stack @ stack, atol=1e-12
    )


@pytest.mark.parametrize("name", ["float32", "float64", "int32", "complex128"])
@pytest.mark.parametrize(
    "layout",
    [
        "contiguous",
        "transposed",
        "transposed_large",
        "strided_vector",
        "column",
        "batched",
        "large_split",
    ],
)
def test_matrix_vector_products_match_numpy(name, layout):
    # Each layout reaches a different path: the row-dot kernel on one
    # thread; a small transposed matrix copied for it; a large transposed
    # one read through its strides by faer (floats; integers stay on the
    # loop); a copied strided vector; an explicit (k, 1) column; a batch of
    # products; and a product large enough that its rows split across
    # threads.
    rng = np.random.default_rng(3)
    # large_split: a matrix of more than 2 MiB for every dtype.
    n, k = {"large_split": (1001, 600), "transposed_large": (1100, 1000)}.get(layout, (37, 45))
    a = random_array(rng, name, (3, n, k) if layout == "batched" else (n, k))
    xa = from_numpy(a)
    if layout.startswith("transposed"):
        base = random_array(rng, name, (k, n))
        a, xa = base.T, xp.matrix_transpose(from_numpy(base))
    v = random_array(rng, name, 2 * k if layout == "strided_vector" else k)
    if layout == "strided_vector":
        v = v[::2]
    if layout == "column":
        v = v[:, None]
    assert_close(xa @ from_numpy(v), reference_matmul(a, v, name), name)


def test_matmul_errors():
    a = xp.ones((2, 3))
    with pytest.raises(ValueError, match="not aligned"):
        xp.matmul(a, a)
    with pytest.raises(ValueError, match="at least one dimension"):
        xp.matmul(xp.asarray(1.0), a)
    with pytest.raises(ValueError):
        xp.matmul(xp.ones((2, 2, 3)), xp.ones((3, 3, 2)))
    with pytest.raises(TypeError, match="numeric"):
        xp.matmul(xp.ones((2, 2), dtype=xp.bool), xp.ones((2, 2), dtype=xp.bool))
    with pytest.raises(TypeError):
        a @ 2
    with pytest.raises(TypeError):
        2 @ a


def test_rmatmul_puts_the_other_operand_on_the_left():
    # A row swap on the left permutes rows; on the right it would permute columns.
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    swap = xp.asarray([[0.0, 1.0], [1.0, 0.0]])
    assert_equal(x.__rmatmul__(swap), np.array([[3.0, 4.0], [1.0, 2.0]]))


def test_imatmul():
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    before = x
    x @= xp.asarray([[0.0, 1.0], [1.0, 0.0]])
    assert x is before
    assert_equal(x, np.array([[2.0, 1.0], [4.0, 3.0]]))
    with pytest.raises(ValueError, match="shape"):
        x @= xp.ones((2, 3))
    y = xp.ones((2, 2), dtype=xp.int32)
    with pytest.raises(ValueError, match="float64"):
        y @= xp.ones((2, 2))


def test_matrix_transpose_is_a_view():
    a = np.arange(24.0).reshape(2, 3, 4)
    t = xp.matrix_transpose(from_numpy(a))
    assert_equal(t, np.swapaxes(a, -1, -2))
    with pytest.raises(ValueError):
        xp.matrix_transpose(xp.ones(3))


@st.composite
def tensordot_case(draw):
    """Shapes and axes for tensordot: a count or explicit (possibly negative) pairs."""
    contracted = draw(st.lists(st.integers(1, 4), min_size=0, max_size=3))
    free1 = draw(st.lists(st.integers(0, 3), max_size=2))
    free2 = draw(st.lists(st.integers(0, 3), max_size=2))
    if draw(st.booleans()):
        return tuple(free1 + contracted), tuple(contracted + free2), len(contracted)
    perm1 = draw(st.permutations(range(len(free1) + len(contracted))))
    perm2 = draw(st.permutations(range(len(free2) + len(contracted))))
    shape1 = free1 + contracted
    shape2 = contracted + free2
    s1 = tuple(shape1[p] for p in perm1)
    s2 = tuple(shape2[p] for p in perm2)
    ax1 = [perm1.index(len(free1) + i) for i in range(len(contracted))]
    ax2 = [perm2.index(i) for i in range(len(contracted))]
    ax1 = [a - len(s1) if draw(st.booleans()) else a for a in ax1]
    return s1, s2, (ax1, ax2)


@given(
    case=tensordot_case(),
    name=st.sampled_from(["int16", "float32", "float64", "complex128"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_tensordot_matches_numpy(case, name, seed):
    s1, s2, axes = case
    rng = np.random.default_rng(seed)
    a, b = random_array(rng, name, s1), random_array(rng, name, s2)
    wide = {"int16": "int64", "float32": "float64"}.get(name, name)
    expected = np.tensordot(a.astype(wide), b.astype(wide), axes=axes)
    assert_close(xp.tensordot(from_numpy(a, name), from_numpy(b, name), axes=axes), expected, name)


def test_tensordot_default_and_errors():
    a = np.arange(24.0).reshape(2, 3, 4)
    b = np.arange(24.0).reshape(3, 4, 2)
    assert_equal(xp.tensordot(from_numpy(a), from_numpy(b)), np.tensordot(a, b))
    x = from_numpy(a)
    with pytest.raises(ValueError, match="non-negative"):
        xp.tensordot(x, x, axes=-1)
    with pytest.raises(ValueError):
        xp.tensordot(x, x, axes=4)
    with pytest.raises(ValueError, match="elements"):
        xp.tensordot(x, x, axes=([0], [1]))
    with pytest.raises(ValueError, match="repeated"):
        xp.tensordot(x, x, axes=([0, 0], [0, 0]))
    with pytest.raises(ValueError, match="differ in length"):
        xp.tensordot(x, x, axes=([0], [0, 1]))
    with pytest.raises(TypeError):
        xp.tensordot(x, x, axes="bad")


@given(
    name=st.sampled_from(["int32", "float32", "float64", "complex64", "complex128"]),
    batch=batch_shapes,
    n=st.integers(0, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_vecdot_matches_numpy(name, batch, n, seed):
    rng = np.random.default_rng(seed)
    a = random_array(rng, name, batch + (n,))
    b = random_array(rng, name, (n,))
    expected = np.sum(np.conj(a) * b, axis=-1) if name in COMPLEX_NAMES else np.sum(a * b, axis=-1)
    assert_close(
        xp.vecdot(from_numpy(a, name), from_numpy(b, name)), expected.astype(a.dtype), name
    )


def test_vecdot_conjugates_first_argument_and_takes_axis():
    a = xp.asarray([1j, 2.0])
    b = xp.asarray([1j, 1.0])
    assert_equal(xp.vecdot(a, b), np.asarray(3.0 + 0j))
    m = np.arange(6.0).reshape(2, 3)
    assert_equal(xp.vecdot(from_numpy(m), from_numpy(m), axis=-2), np.sum(m * m, axis=0))
    with pytest.raises(ValueError, match="negative"):
        xp.vecdot(from_numpy(m), from_numpy(m), axis=0)
    with pytest.raises(ValueError):
        xp.vecdot(from_numpy(m), from_numpy(m), axis=-3)
    with pytest.raises(ValueError, match="elements"):
        xp.vecdot(from_numpy(m), xp.ones(2))
