"""The fft extension (``xp.fft``) against NumPy: every function over dtypes,
norms, crop/pad lengths, axes (negative, transposed and strided inputs),
round trips, Parseval's identity, frequencies, shifts and error paths."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyarray as xp

NORMS = ["backward", "ortho", "forward"]
REAL = ["float32", "float64"]
COMPLEX = ["complex64", "complex128"]
# float32 results are compared at float32 tolerances, scaled by the input's size.
EPS = {"float32": 2e-6, "complex64": 2e-6, "float64": 1e-13, "complex128": 1e-13}
RESULT = {  # input dtype -> (complex result, real result)
    "float32": ("complex64", "float32"),
    "complex64": ("complex64", "float32"),
    "float64": ("complex128", "float64"),
    "complex128": ("complex128", "float64"),
}


def values(dtype, shape):
    """Bounded finite values of `dtype` in `shape`."""
    part = st.floats(-4, 4, width=32)
    if np.dtype(dtype).kind == "c":
        elements = st.builds(complex, part, part)
    else:
        elements = part
    return hnp.arrays(dtype, shape, elements=elements)


@st.composite
def inputs(draw, dtypes, min_dims=1):
    """(pyarray input, the same values in NumPy), sometimes a transposed or
    strided view so lanes are not contiguous."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=3, min_side=1, max_side=7))
    layout = draw(st.sampled_from(["c", "transposed", "strided"]))
    if layout == "strided":
        shape = shape[:-1] + (2 * shape[-1],)
    a = draw(values(dtype, shape))
    x = xp.asarray(a)
    if layout == "transposed":
        x = xp.permute_dims(x, tuple(reversed(range(a.ndim))))
        a = a.transpose()
    elif layout == "strided":
        x = x[..., ::2]
        a = a[..., ::2]
    return x, a


def assert_close(got, expected, in_dtype, scale):
    """Compare with a tolerance of the input's precision times the size of
    the values involved (`scale`: sum of |input| over a lane, roughly)."""
    got_np = np.asarray(got)
    assert got_np.shape == expected.shape
    atol = EPS[in_dtype] * 8 * (scale + 1)
    np.testing.assert_allclose(got_np, expected, rtol=EPS[in_dtype] * 8, atol=atol)


def lane_scale(a):
    return float(np.sum(np.abs(a.astype(np.complex128)))) if a.size else 0.0


ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
REAL_INPUT = {"rfft", "ihfft", "rfftn"}
REAL_OUTPUT = {"irfft", "hfft", "irfftn"}


@settings(max_examples=300)
@given(data=st.data(), func=st.sampled_from(ONE_D), norm=st.sampled_from(NORMS))
def test_one_dimensional_transforms(data, func, norm):
    dtypes = REAL if func in REAL_INPUT else REAL + COMPLEX
    x, a = data.draw(inputs(dtypes))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = data.draw(st.none() | st.integers(1, 12))
    kwargs = {"axis": axis, "norm": norm} | ({} if n is None else {"n": n})
    try:
        expected = getattr(np.fft, func)(a.astype(np.result_type(a, np.float64)), **kwargs)
    except ValueError:
        # e.g. irfft of a single term: no valid default length
        with pytest.raises(ValueError):
            getattr(xp.fft, func)(x, **kwargs)
        return
    got = getattr(xp.fft, func)(x, **kwargs)
    complex_out, real_out = RESULT[a.dtype.name]
    assert got.dtype == getattr(xp, real_out if func in REAL_OUTPUT else complex_out)
    assert_close(got, expected, a.dtype.name, lane_scale(a))


@st.composite
def axes_and_lengths(draw, ndim, shape):
    """`axes` (None or a non-empty list of distinct, possibly negative axes) and
    `s` (None or one length per axis, cropping or padding)."""
    axes = draw(
        st.none()
        | st.permutations(range(ndim)).flatmap(lambda p: st.integers(1, ndim).map(lambda k: p[:k]))
    )
    if axes is not None:
        axes = [a - ndim if draw(st.booleans()) else a for a in axes]
    used = range(ndim) if axes is None else axes
    s = draw(st.none() | st.tuples(*[st.integers(1, 2 * shape[a] + 1) for a in used]))
    if axes is None and s is not None:
        s = None  # s without axes is ambiguous in the standard; tested separately
    return axes, s


@settings(max_examples=300)
@given(
    data=st.data(),
    func=st.sampled_from(["fftn", "ifftn", "rfftn", "irfftn"]),
    norm=st.sampled_from(NORMS),
)
def test_n_dimensional_transforms(data, func, norm):
    dtypes = REAL if func in REAL_INPUT else REAL + COMPLEX
    x, a = data.draw(inputs(dtypes))
    axes, s = data.draw(axes_and_lengths(a.ndim, a.shape))
    kwargs = (
        {"norm": norm} | ({} if axes is None else {"axes": axes}) | ({} if s is None else {"s": s})
    )
    try:
        expected = getattr(np.fft, func)(a.astype(np.result_type(a, np.float64)), **kwargs)
    except ValueError:
        with pytest.raises(ValueError):
            getattr(xp.fft, func)(x, **kwargs)
        return
    got = getattr(xp.fft, func)(x, **kwargs)
    complex_out, real_out = RESULT[a.dtype.name]
    assert got.dtype == getattr(xp, real_out if func in REAL_OUTPUT else complex_out)
    assert_close(got, expected, a.dtype.name, lane_scale(a))


def test_s_minus_one_keeps_the_input_length():
    a = np.arange(12.0).reshape(3, 4) + 1j
    got = xp.fft.fftn(xp.asarray(a), s=(-1, 6), axes=(0, 1))
    assert_close(got, np.fft.fftn(a, s=(3, 6), axes=(0, 1)), "complex128", lane_scale(a))


def test_s_without_axes_uses_the_last_axes():
    a = np.arange(24.0).reshape(2, 3, 4)
    got = xp.fft.fftn(xp.asarray(a), s=(2, 5))
    assert_close(got, np.fft.fftn(a, s=(2, 5), axes=(1, 2)), "float64", lane_scale(a))


@given(data=st.data(), norm=st.sampled_from(NORMS))
def test_round_trips(data, norm):
    x, a = data.draw(inputs(REAL + COMPLEX))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    back = xp.fft.ifft(xp.fft.fft(x, axis=axis, norm=norm), axis=axis, norm=norm)
    assert_close(back, a.astype(np.complex128), a.dtype.name, lane_scale(a))
    back = xp.fft.ifftn(xp.fft.fftn(x, norm=norm), norm=norm)
    assert_close(back, a.astype(np.complex128), a.dtype.name, lane_scale(a))
    if a.dtype.kind == "f":
        n = a.shape[axis]
        spectrum = xp.fft.rfft(x, axis=axis, norm=norm)
        back = xp.fft.irfft(spectrum, n=n, axis=axis, norm=norm)
        assert back.dtype == x.dtype
        assert_close(back, a, a.dtype.name, lane_scale(a))
        back = xp.fft.hfft(xp.fft.ihfft(x, axis=axis, norm=norm), n=n, axis=axis, norm=norm)
        assert_close(back, a, a.dtype.name, lane_scale(a))


@given(x_a=inputs(["complex128", "float64"]))
def test_parseval_with_ortho(x_a):
    x, a = x_a
    spectrum = np.asarray(xp.fft.fftn(x, norm="ortho"))
    energy = np.sum(np.abs(a) ** 2)
    assert math.isclose(np.sum(np.abs(spectrum) ** 2), energy, rel_tol=1e-12, abs_tol=1e-12)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_precision_computes_in_float32(dtype):
    x = xp.asarray([1.0, 2.0, 0.5, -1.0], dtype=getattr(xp, dtype))
    a = np.asarray([1.0, 2.0, 0.5, -1.0])
    got = xp.fft.fft(x)
    assert got.dtype == xp.complex64
    assert_close(got, np.fft.fft(a), "float32", 5)
    assert xp.fft.rfft(x).dtype == xp.complex64
    assert xp.fft.irfft(x).dtype == xp.float32


def test_large_inputs_parallel_and_without_the_gil():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((512, 300)) + 1j * rng.standard_normal((512, 300))
    x = xp.asarray(a)
    assert_close(xp.fft.fft(x, axis=0), np.fft.fft(a, axis=0), "complex128", 600)
    assert_close(xp.fft.fftn(x), np.fft.fftn(a), "complex128", 6e4)
    r = rng.standard_normal(1 << 16)
    assert_close(xp.fft.rfft(xp.asarray(r)), np.fft.rfft(r), "float64", 3e4)


@pytest.mark.parametrize("rows", [1, 7, 8, 9, 16, 23])
@pytest.mark.parametrize("n", [None, 5, 8, 19])
def test_strided_lanes_of_every_length_around_the_copy_block(rows, n):
    # Transforms along axis 0 copy lanes in blocks of 8 rows (gather and
    # scatter): lengths and crops/pads below, at and past a block edge, and
    # a reversed, stepped view as input.
    rng = np.random.default_rng(rows)
    a = rng.standard_normal((rows, 37)) + 1j * rng.standard_normal((rows, 37))
    for view in (a, a[::-1, ::3]):
        got = xp.fft.fft(xp.asarray(view), n=n, axis=0)
        assert_close(got, np.fft.fft(view, n=n, axis=0), "complex128", 2 * (n or rows))
        back = xp.fft.ifft(got, axis=0)
        assert_close(back, np.fft.ifft(np.fft.fft(view, n=n, axis=0), axis=0), "complex128", 40)


# Lengths whose transforms are split into four-step passes when a single lane
# is that long (complex length from 2^18 points in float64, 2^21 in float32):
# 2^19 (512 x 1024), 840000 (real: 420000 = 625 x 672) and 2^23.
LAYOUTS = ["c", "row", "strided", "padded", "cropped"]
LONG = [("float64", 1 << 19, layout) for layout in LAYOUTS]
LONG += [("float64", 840_000, layout) for layout in LAYOUTS]
LONG += [("float32", 1 << 23, layout) for layout in ["c", "padded"]]


@pytest.mark.parametrize("func", ONE_D)
@pytest.mark.parametrize(("precision", "length", "layout"), LONG)
@pytest.mark.parametrize("norm", ["backward", "ortho"])
def test_long_single_lanes_match_numpy(func, precision, length, layout, norm):
    """One long lane (the threaded four-step path) in every layout the
    transforms accept: contiguous, a (1, n) row, strided, and `n` above or
    below the input's length."""
    rng = np.random.default_rng(length)
    dtype = precision if func in REAL_INPUT else RESULT[precision][0]
    # Real outputs of length `length` come from a half spectrum.
    size = length // 2 + 1 if func in REAL_OUTPUT else length
    size = {"strided": 2 * size, "cropped": size + 1000, "padded": size - 1000}.get(layout, size)
    a = rng.standard_normal(size)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(size)
    a = a.astype(dtype)
    x = xp.asarray(a)
    if layout == "row":
        x, a = xp.reshape(x, (1, size)), a.reshape(1, size)
    elif layout == "strided":
        x, a = x[::2], a[::2]
    n = length if layout in ("padded", "cropped") or func in REAL_OUTPUT else None
    got = np.asarray(getattr(xp.fft, func)(x, n=n, norm=norm))
    expected = getattr(np.fft, func)(
        a.astype(np.complex128 if a.dtype.kind == "c" else np.float64), n=n, norm=norm
    )
    assert got.shape == expected.shape
    assert got.dtype == (RESULT[precision][1] if func in REAL_OUTPUT else RESULT[precision][0])
    error = np.max(np.abs(got - expected)) / np.max(np.abs(expected))
    assert error < (1e-13 if precision == "float64" else 1e-5), error


@given(
    n=st.integers(1, 70), d=st.floats(0.1, 5), dtype=st.sampled_from([None, "float32", "float64"])
)
def test_frequencies(n, d, dtype):
    kwargs = {"d": d} | ({} if dtype is None else {"dtype": getattr(xp, dtype)})
    want = np.dtype(dtype or "float64")
    got = xp.fft.fftfreq(n, **kwargs)
    assert got.dtype == getattr(xp, want.name)
    np.testing.assert_array_equal(np.asarray(got), np.fft.fftfreq(n, d).astype(want))
    got = xp.fft.rfftfreq(n, **kwargs)
    np.testing.assert_array_equal(np.asarray(got), np.fft.rfftfreq(n, d).astype(want))


def test_frequencies_exact_values():
    np.testing.assert_array_equal(np.asarray(xp.fft.fftfreq(5, d=0.5)), [0.0, 0.4, 0.8, -0.8, -0.4])
    np.testing.assert_array_equal(np.asarray(xp.fft.rfftfreq(6)), [0.0, 1 / 6, 2 / 6, 0.5])
    assert xp.fft.fftfreq(3, device=xp.CPU_DEVICE).shape == (3,)


@given(
    data=st.data(),
    func=st.sampled_from(["fftshift", "ifftshift"]),
    dtype=st.sampled_from(["int32", "float64", "complex64"]),
)
def test_shifts(data, func, dtype):
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=6))
    a = np.arange(math.prod(shape)).reshape(shape).astype(dtype)
    ndim = len(shape)
    some_axes = st.lists(
        st.integers(-ndim, ndim - 1), min_size=1, max_size=ndim, unique_by=lambda i: i % ndim
    )
    axes = data.draw(st.none() | st.integers(-ndim, ndim - 1) | some_axes)
    got = getattr(xp.fft, func)(xp.asarray(a), axes=axes)
    expected = getattr(np.fft, func)(a, axes=axes)
    np.testing.assert_array_equal(np.asarray(got), expected)
    assert got.dtype == getattr(xp, dtype)


@pytest.mark.parametrize("func", ["fft", "ifft", "irfft", "hfft", "rfft", "ihfft"])
@pytest.mark.parametrize("dtype", ["int64", "uint8", "bool"])
def test_integer_and_bool_input_raise_type_error(func, dtype):
    x = xp.ones(4, dtype=getattr(xp, dtype))
    with pytest.raises(TypeError, match=func):
        getattr(xp.fft, func)(x)
    with pytest.raises(TypeError):
        xp.fft.fftn(xp.reshape(x, (2, 2)))


@pytest.mark.parametrize("func", ["rfft", "ihfft", "rfftn"])
def test_complex_input_to_real_transforms_raises(func):
    with pytest.raises(TypeError, match="real floating-point"):
        getattr(xp.fft, func)(xp.ones(4, dtype=xp.complex128))


def test_real_input_to_complex_transforms_is_accepted():
    a = np.asarray([1.0, 2.0, 3.0], dtype=np.float32)
    got = xp.fft.fft(xp.asarray(a))
    assert got.dtype == xp.complex64
    assert_close(got, np.fft.fft(a), "float32", 6)


@pytest.mark.parametrize(
    "call",
    [
        lambda x: xp.fft.fft(x, n=0),
        lambda x: xp.fft.rfft(x, n=-3),
        lambda x: xp.fft.fft(x, axis=2),
        lambda x: xp.fft.ifft(x, axis=-3),
        lambda x: xp.fft.fft(x, norm="none"),
        lambda x: xp.fft.fftn(x, axes=(0, -2)),
        lambda x: xp.fft.fftn(x, axes=(0, 1), s=(3,)),
        lambda x: xp.fft.fftn(x, s=(1, 2, 3)),
        lambda x: xp.fft.fftn(x, axes=(0,), s=(0,)),
        lambda x: xp.fft.irfftn(x, axes=(5,)),
        lambda x: xp.fft.irfft(x[:, :1]),
        lambda x: xp.fft.hfft(x, n=0),
        lambda x: xp.fft.fftshift(x, axes=3),
        lambda x: xp.fft.rfftn(x.mT, axes=()),
    ],
)
def test_invalid_arguments_raise_value_error(call):
    with pytest.raises(ValueError):
        call(xp.ones((2, 3), dtype=xp.float64))


def test_zero_dimensional_and_empty_inputs():
    with pytest.raises(ValueError, match="at least one dimension"):
        xp.fft.fft(xp.asarray(1.0))
    with pytest.raises(ValueError):
        xp.fft.fftn(xp.asarray(1.0 + 0j))
    with pytest.raises(ValueError):
        xp.fft.fft(xp.ones((0,)))  # no data points
    out = xp.fft.fft(xp.ones((0, 4)), axis=1)
    assert out.shape == (0, 4) and out.dtype == xp.complex128
    assert xp.fft.fftshift(xp.asarray(2.0)).shape == ()


def test_frequency_argument_errors():
    with pytest.raises(ValueError):
        xp.fft.fftfreq(0)
    with pytest.raises(ValueError):
        xp.fft.rfftfreq(-1)
    with pytest.raises(TypeError):
        xp.fft.fftfreq(4, dtype=xp.int64)
    with pytest.raises(TypeError):
        xp.fft.rfftfreq(4, dtype=xp.complex128)
    with pytest.raises(ValueError):
        xp.fft.fftfreq(4, device="gpu")


def test_namespace():
    assert set(xp.fft.__all__) == {
        "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn",
        "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
    }  # fmt: skip
    for name in xp.fft.__all__:
        assert getattr(xp.fft, name).__doc__
    assert "_fft" not in dir(xp)
