//! Elementwise functions of the standard and the array operators built on them.

use crate::args::run;
use crate::array::PyArray;
use crate::convert::{py_scalar, weak_dtype};
use crate::creation::asarray_impl;
use crate::errors::IntoPyResult;
use pyarray_core::elementwise::{self as ew, BinaryOp, UnaryOp};
use pyarray_core::{Array, DType, Scalar};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::borrow::Cow;

/// Any array argument: a pyarray array, or something `asarray` accepts.
fn as_array(x: &Bound<'_, PyAny>) -> PyResult<Array> {
    match x.cast::<PyArray>() {
        Ok(a) => Ok(a.get().inner.clone()),
        Err(_) => asarray_impl(x, None, None),
    }
}

/// Operands of a binary function or operator. Arrays are borrowed, not
/// cloned (a clone costs ~50 ns, a third of a small call); a Python scalar
/// beside an array stays a scalar, with the weak dtype it takes against it.
enum Operands<'a> {
    Arrays(Cow<'a, Array>, Cow<'a, Array>),
    /// The array, the scalar, its weak dtype, and whether it is the left operand.
    Scalar(&'a Array, Scalar, DType, bool),
}

impl<'a> Operands<'a> {
    /// Elements of the larger operand (for the GIL-release decision).
    fn size(&self) -> usize {
        match self {
            Operands::Arrays(a, b) => a.size().max(b.size()),
            Operands::Scalar(x, ..) => x.size(),
        }
    }

    /// Both operands as arrays (a scalar as a 0-d array of its weak dtype),
    /// for functions that have no scalar form.
    fn into_arrays(self) -> PyResult<(Cow<'a, Array>, Cow<'a, Array>)> {
        match self {
            Operands::Arrays(a, b) => Ok((a, b)),
            Operands::Scalar(x, s, d, first) => {
                let s = Cow::Owned(Array::from_scalar(s, d).py()?);
                let x = Cow::Borrowed(x);
                Ok(if first { (s, x) } else { (x, s) })
            }
        }
    }

    fn apply(&self, op: BinaryOp) -> pyarray_core::Result<Array> {
        match self {
            Operands::Arrays(a, b) => ew::binary(op, a, b),
            Operands::Scalar(x, s, d, first) => ew::binary_scalar(op, x, *s, *d, *first),
        }
    }
}

/// The operands of `a op b`; None (with `strict`) when one is neither an
/// array nor a Python scalar (operators then return NotImplemented).
fn operands<'a>(
    a: &'a Bound<'_, PyAny>,
    b: &'a Bound<'_, PyAny>,
    strict: bool,
) -> PyResult<Option<Operands<'a>>> {
    let arr = |x: &'a Bound<'_, PyAny>| x.cast::<PyArray>().ok().map(|a| &a.get().inner);
    let owned = |x: Array| Cow::Owned(x);
    let pair = |x, y| Ok(Some(Operands::Arrays(x, y)));
    match (arr(a), arr(b)) {
        (Some(x), Some(y)) => pair(Cow::Borrowed(x), Cow::Borrowed(y)),
        (Some(x), None) => match py_scalar(b)? {
            Some(s) => Ok(Some(Operands::Scalar(x, s, weak_dtype(s, x)?, false))),
            None if strict => Ok(None),
            None => pair(Cow::Borrowed(x), owned(as_array(b)?)),
        },
        (None, Some(y)) => match py_scalar(a)? {
            Some(s) => Ok(Some(Operands::Scalar(y, s, weak_dtype(s, y)?, true))),
            None if strict => Ok(None),
            None => pair(owned(as_array(a)?), Cow::Borrowed(y)),
        },
        (None, None) => {
            if py_scalar(a)?.is_some() && py_scalar(b)?.is_some() {
                return Err(PyTypeError::new_err(
                    "at least one argument must be an array, not two Python scalars",
                ));
            }
            pair(owned(as_array(a)?), owned(as_array(b)?))
        }
    }
}

pub fn unary(py: Python<'_>, op: UnaryOp, x: &Bound<'_, PyAny>) -> PyResult<PyArray> {
    let x = as_array(x)?;
    run(py, x.size(), || ew::unary(op, &x)).map(PyArray::new)
}

pub fn binary(
    py: Python<'_>,
    op: BinaryOp,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<PyArray> {
    let pair = operands(a, b, false)?.expect("non-strict operands always convert");
    run(py, pair.size(), || pair.apply(op)).map(PyArray::new)
}

/// `a op b` for the operators: NotImplemented for unsupported right operands.
pub fn operator(
    py: Python<'_>,
    op: BinaryOp,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    match operands(a, b, true)? {
        Some(pair) => {
            let r = run(py, pair.size(), || pair.apply(op))?;
            Ok(Py::new(py, PyArray::new(r))?.into_any())
        }
        None => Ok(py.NotImplemented()),
    }
}

/// `a op= b`: writes into `a`.
pub fn inplace(
    py: Python<'_>,
    op: BinaryOp,
    a: &Bound<'_, PyArray>,
    b: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let pair = match operands(a.as_any(), b, true)? {
        Some(pair) => pair,
        None => {
            return Err(PyTypeError::new_err(format!(
                "unsupported operand type for in-place operation: {}",
                b.get_type().name()?
            )))
        }
    };
    match pair {
        Operands::Arrays(x, y) => run(py, x.size(), || ew::binary_inplace(op, &x, &y)),
        // `a` is an array, so a scalar is the right operand.
        Operands::Scalar(x, s, d, _) => {
            run(py, x.size(), || ew::binary_inplace_scalar(op, x, s, d))
        }
    }
}

macro_rules! unary_functions {
    ($($name:ident => $op:ident: $doc:literal, $example:literal;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = "Parameters\n----------\nx : array\n\nReturns\n-------\narray\n\nExamples\n--------"]
        #[doc = $example]
        #[pyfunction]
        #[pyo3(signature = (x, /))]
        pub fn $name(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<PyArray> {
            unary(py, UnaryOp::$op, x)
        }
    )*};
}

macro_rules! binary_functions {
    ($($name:ident => $op:ident: $doc:literal, $example:literal;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = "Parameters\n----------\nx1, x2 : array or Python scalar\n    Broadcast against each other; a Python scalar takes the array's dtype.\n\nReturns\n-------\narray\n\nExamples\n--------"]
        #[doc = $example]
        #[pyfunction]
        #[pyo3(signature = (x1, x2, /))]
        pub fn $name(py: Python<'_>, x1: &Bound<'_, PyAny>, x2: &Bound<'_, PyAny>) -> PyResult<PyArray> {
            binary(py, BinaryOp::$op, x1, x2)
        }
    )*};
}

unary_functions! {
    abs => Abs: "Absolute value (the modulus for complex input, as a real array).", ">>> xp.abs(xp.asarray([-1.5, 0.0, 2.0]))\nArray([1.5, 0. , 2. ], dtype=float64)";
    acos => Acos: "Inverse cosine.", ">>> xp.acos(xp.asarray([1.0, 0.0]))\nArray([0.        , 1.57079633], dtype=float64)";
    acosh => Acosh: "Inverse hyperbolic cosine.", ">>> xp.acosh(xp.asarray([1.0, 2.0]))\nArray([0.       , 1.3169579], dtype=float64)";
    asin => Asin: "Inverse sine.", ">>> xp.asin(xp.asarray([0.0, 1.0]))\nArray([0.        , 1.57079633], dtype=float64)";
    asinh => Asinh: "Inverse hyperbolic sine.", ">>> xp.asinh(xp.asarray([0.0, 1.0]))\nArray([0.        , 0.88137359], dtype=float64)";
    atan => Atan: "Inverse tangent.", ">>> xp.atan(xp.asarray([0.0, 1.0]))\nArray([0.        , 0.78539816], dtype=float64)";
    atanh => Atanh: "Inverse hyperbolic tangent.", ">>> xp.atanh(xp.asarray([0.0, 0.5]))\nArray([0.        , 0.54930614], dtype=float64)";
    bitwise_invert => BitwiseInvert: "Bitwise NOT of integers (logical NOT of booleans).", ">>> xp.bitwise_invert(xp.asarray([0, 5], dtype=xp.uint8))\nArray([255, 250], dtype=uint8)";
    ceil => Ceil: "Smallest integer-valued number not less than x.", ">>> xp.ceil(xp.asarray([-1.5, 1.2]))\nArray([-1.,  2.], dtype=float64)";
    conj => Conj: "Complex conjugate (x itself for real input).", ">>> xp.conj(xp.asarray([1 + 2j]))\nArray([1.-2.j], dtype=complex128)";
    cos => Cos: "Cosine.", ">>> xp.cos(xp.asarray([0.0, xp.pi]))\nArray([ 1., -1.], dtype=float64)";
    cosh => Cosh: "Hyperbolic cosine.", ">>> xp.cosh(xp.asarray([0.0, 1.0]))\nArray([1.        , 1.54308063], dtype=float64)";
    exp => Exp: "Exponential, e**x.", ">>> xp.exp(xp.asarray([0.0, 1.0]))\nArray([1.        , 2.71828183], dtype=float64)";
    expm1 => Expm1: "exp(x) - 1, accurate near zero.", ">>> xp.expm1(xp.asarray([0.0, 1e-10]))\nArray([0.               , 1.00000000005e-10], dtype=float64)";
    floor => Floor: "Largest integer-valued number not greater than x.", ">>> xp.floor(xp.asarray([-1.5, 1.7]))\nArray([-2.,  1.], dtype=float64)";
    imag => Imag: "Imaginary part (zeros for real input).", ">>> xp.imag(xp.asarray([1 + 2j, 3 - 4j]))\nArray([ 2., -4.], dtype=float64)";
    isfinite => IsFinite: "True where x is finite.", ">>> xp.isfinite(xp.asarray([1.0, xp.inf, xp.nan]))\nArray([ True, False, False], dtype=bool)";
    isinf => IsInf: "True where x is infinite.", ">>> xp.isinf(xp.asarray([1.0, -xp.inf, xp.nan]))\nArray([False,  True, False], dtype=bool)";
    isnan => IsNan: "True where x is NaN.", ">>> xp.isnan(xp.asarray([1.0, xp.nan]))\nArray([False,  True], dtype=bool)";
    log => Log: "Natural logarithm.", ">>> xp.log(xp.asarray([1.0, xp.e]))\nArray([0., 1.], dtype=float64)";
    log1p => Log1p: "log(1 + x), accurate near zero.", ">>> xp.log1p(xp.asarray([0.0, 1e-10]))\nArray([0.                   , 9.999999999500001e-11], dtype=float64)";
    log2 => Log2: "Base-2 logarithm.", ">>> xp.log2(xp.asarray([1.0, 8.0]))\nArray([0., 3.], dtype=float64)";
    log10 => Log10: "Base-10 logarithm.", ">>> xp.log10(xp.asarray([1.0, 1000.0]))\nArray([0., 3.], dtype=float64)";
    logical_not => LogicalNot: "Logical NOT.", ">>> xp.logical_not(xp.asarray([True, False]))\nArray([False,  True], dtype=bool)";
    negative => Negative: "Numerical negative, -x.", ">>> xp.negative(xp.asarray([1, -2]))\nArray([-1,  2], dtype=int64)";
    positive => Positive: "Numerical positive, +x (a copy).", ">>> xp.positive(xp.asarray([1, -2]))\nArray([ 1, -2], dtype=int64)";
    real => Real: "Real part (x itself for real input).", ">>> xp.real(xp.asarray([1 + 2j, 3 - 4j]))\nArray([1., 3.], dtype=float64)";
    reciprocal => Reciprocal: "1 / x.", ">>> xp.reciprocal(xp.asarray([2.0, 4.0]))\nArray([0.5 , 0.25], dtype=float64)";
    round => Round: "Round to the nearest integer-valued number, halves to even.", ">>> xp.round(xp.asarray([0.5, 1.5, 2.6]))\nArray([0., 2., 3.], dtype=float64)";
    sign => Sign: "Sign of x (``x / abs(x)`` for complex input; 0 at 0).", ">>> xp.sign(xp.asarray([-3.0, 0.0, 2.0]))\nArray([-1.,  0.,  1.], dtype=float64)";
    signbit => Signbit: "True where the sign bit of x is set (also for -0.0 and negative NaN).", ">>> xp.signbit(xp.asarray([-0.0, 0.0, -1.0]))\nArray([ True, False,  True], dtype=bool)";
    sin => Sin: "Sine.", ">>> xp.sin(xp.asarray([0.0, xp.pi / 2]))\nArray([0., 1.], dtype=float64)";
    sinh => Sinh: "Hyperbolic sine.", ">>> xp.sinh(xp.asarray([0.0, 1.0]))\nArray([0.        , 1.17520119], dtype=float64)";
    square => Square: "x * x.", ">>> xp.square(xp.asarray([2, -3]))\nArray([4, 9], dtype=int64)";
    sqrt => Sqrt: "Principal square root.", ">>> xp.sqrt(xp.asarray([4.0, 2.0]))\nArray([2.        , 1.41421356], dtype=float64)";
    tan => Tan: "Tangent.", ">>> xp.tan(xp.asarray([0.0, xp.pi / 4]))\nArray([0., 1.], dtype=float64)";
    tanh => Tanh: "Hyperbolic tangent.", ">>> xp.tanh(xp.asarray([0.0, 1.0]))\nArray([0.        , 0.76159416], dtype=float64)";
    trunc => Trunc: "Round towards zero.", ">>> xp.trunc(xp.asarray([-1.7, 1.7]))\nArray([-1.,  1.], dtype=float64)";
}

binary_functions! {
    add => Add: "Sum x1 + x2.", ">>> xp.add(xp.asarray([1, 2]), 10)\nArray([11, 12], dtype=int64)";
    atan2 => Atan2: "Angle of the point (x2, x1), quadrant-aware.", ">>> xp.atan2(xp.asarray([1.0, -1.0]), xp.asarray([0.0, 0.0]))\nArray([ 1.57079633, -1.57079633], dtype=float64)";
    bitwise_and => BitwiseAnd: "Bitwise AND of integers or booleans.", ">>> xp.bitwise_and(xp.asarray([12, 10]), 6)\nArray([4, 2], dtype=int64)";
    bitwise_left_shift => BitwiseLeftShift: "x1 shifted left by x2 bits (0 for shifts of the bit width or more).", ">>> xp.bitwise_left_shift(xp.asarray([1, 3]), 2)\nArray([ 4, 12], dtype=int64)";
    bitwise_or => BitwiseOr: "Bitwise OR of integers or booleans.", ">>> xp.bitwise_or(xp.asarray([12, 10]), 1)\nArray([13, 11], dtype=int64)";
    bitwise_right_shift => BitwiseRightShift: "x1 shifted right (arithmetically) by x2 bits.", ">>> xp.bitwise_right_shift(xp.asarray([-8, 8]), 1)\nArray([-4,  4], dtype=int64)";
    bitwise_xor => BitwiseXor: "Bitwise XOR of integers or booleans.", ">>> xp.bitwise_xor(xp.asarray([12, 10]), 6)\nArray([10, 12], dtype=int64)";
    copysign => Copysign: "Magnitude of x1 with the sign of x2.", ">>> xp.copysign(xp.asarray([1.0, 2.0]), -1.0)\nArray([-1., -2.], dtype=float64)";
    divide => Divide: "True division x1 / x2 (integers give float64).", ">>> xp.divide(xp.asarray([1, 3]), 2)\nArray([0.5, 1.5], dtype=float64)";
    equal => Equal: "x1 == x2.", ">>> xp.equal(xp.asarray([1, 2]), xp.asarray([1, 3]))\nArray([ True, False], dtype=bool)";
    floor_divide => FloorDivide: "Floor division x1 // x2 (integer division by zero gives 0).", ">>> xp.floor_divide(xp.asarray([7, -7]), 2)\nArray([ 3, -4], dtype=int64)";
    greater => Greater: "x1 > x2.", ">>> xp.greater(xp.asarray([1, 3]), 2)\nArray([False,  True], dtype=bool)";
    greater_equal => GreaterEqual: "x1 >= x2.", ">>> xp.greater_equal(xp.asarray([1, 2]), 2)\nArray([False,  True], dtype=bool)";
    hypot => Hypot: "sqrt(x1**2 + x2**2) without overflow.", ">>> xp.hypot(xp.asarray([3.0]), xp.asarray([4.0]))\nArray([5.], dtype=float64)";
    less => Less: "x1 < x2.", ">>> xp.less(xp.asarray([1, 3]), 2)\nArray([ True, False], dtype=bool)";
    less_equal => LessEqual: "x1 <= x2.", ">>> xp.less_equal(xp.asarray([1, 2]), 2)\nArray([True, True], dtype=bool)";
    logaddexp => Logaddexp: "log(exp(x1) + exp(x2)) without overflow.", ">>> xp.logaddexp(xp.asarray([0.0]), xp.asarray([0.0]))\nArray([0.69314718], dtype=float64)";
    logical_and => LogicalAnd: "Logical AND.", ">>> xp.logical_and(xp.asarray([True, True]), xp.asarray([True, False]))\nArray([ True, False], dtype=bool)";
    logical_or => LogicalOr: "Logical OR.", ">>> xp.logical_or(xp.asarray([False, False]), xp.asarray([True, False]))\nArray([ True, False], dtype=bool)";
    logical_xor => LogicalXor: "Logical XOR.", ">>> xp.logical_xor(xp.asarray([True, True]), xp.asarray([True, False]))\nArray([False,  True], dtype=bool)";
    maximum => Maximum: "Elementwise maximum; NaN if either is NaN.", ">>> xp.maximum(xp.asarray([1.0, 5.0]), xp.asarray([3.0, xp.nan]))\nArray([ 3., nan], dtype=float64)";
    minimum => Minimum: "Elementwise minimum; NaN if either is NaN.", ">>> xp.minimum(xp.asarray([1.0, 5.0]), 3.0)\nArray([1., 3.], dtype=float64)";
    multiply => Multiply: "Product x1 * x2.", ">>> xp.multiply(xp.asarray([1, 2]), xp.asarray([3, 4]))\nArray([3, 8], dtype=int64)";
    nextafter => Nextafter: "Next representable value after x1 towards x2.", ">>> xp.nextafter(xp.asarray([1.0], dtype=xp.float32), 2.0) > 1.0\nArray([True], dtype=bool)";
    not_equal => NotEqual: "x1 != x2.", ">>> xp.not_equal(xp.asarray([1, 2]), 2)\nArray([ True, False], dtype=bool)";
    pow => Pow: "x1 raised to the power x2.", ">>> xp.pow(xp.asarray([2, 3]), 2)\nArray([4, 9], dtype=int64)";
    remainder => Remainder: "Remainder of floor division, with the sign of x2.", ">>> xp.remainder(xp.asarray([7, -7]), 3)\nArray([1, 2], dtype=int64)";
    subtract => Subtract: "Difference x1 - x2.", ">>> xp.subtract(xp.asarray([5, 6]), 1)\nArray([4, 5], dtype=int64)";
}

/// Clamp each element of `x` to the range [min, max].
///
/// Parameters
/// ----------
/// x : array
/// min, max : array or Python scalar, optional
///     Bounds, cast to x's dtype; None leaves that side open.
///
/// Returns
/// -------
/// array
///     Same dtype as x.
///
/// Examples
/// --------
/// >>> xp.clip(xp.asarray([-2, 0, 5]), 0, 3)
/// Array([0, 0, 3], dtype=int64)
#[pyfunction]
#[pyo3(signature = (x, /, min = None, max = None))]
pub fn clip(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    min: Option<&Bound<'_, PyAny>>,
    max: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArray> {
    let x = as_array(x)?;
    let bound = |b: Option<&Bound<'_, PyAny>>| -> PyResult<Option<Array>> {
        match b {
            None => Ok(None),
            Some(b) if b.is_none() => Ok(None),
            Some(b) => match py_scalar(b)? {
                Some(s) => Array::from_scalar(s, x.dtype()).py().map(Some),
                None => as_array(b).map(Some),
            },
        }
    };
    let (lo, hi) = (bound(min)?, bound(max)?);
    run(py, x.size(), || ew::clip(&x, lo.as_ref(), hi.as_ref())).map(PyArray::new)
}

/// Elements of `x1` where `condition` is true, elements of `x2` elsewhere.
///
/// Parameters
/// ----------
/// condition : array
///     Boolean; broadcast with x1 and x2.
/// x1, x2 : array or Python scalar
///     A Python scalar takes the other operand's dtype.
///
/// Returns
/// -------
/// array
///
/// Examples
/// --------
/// >>> xp.where(xp.asarray([True, False]), xp.asarray([1, 2]), 0)
/// Array([1, 0], dtype=int64)
#[pyfunction]
#[pyo3(signature = (condition, x1, x2, /))]
pub fn r#where(
    py: Python<'_>,
    condition: &Bound<'_, PyAny>,
    x1: &Bound<'_, PyAny>,
    x2: &Bound<'_, PyAny>,
) -> PyResult<PyArray> {
    let cond = as_array(condition)?;
    let pair = operands(x1, x2, false)?.expect("non-strict operands always convert");
    let (a, b) = pair.into_arrays()?;
    run(py, cond.size().max(a.size()).max(b.size()), || {
        pyarray_core::searching::where_(&cond, &a, &b)
    })
    .map(PyArray::new)
}

/// Register every elementwise function on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),*) => {$( m.add_function(wrap_pyfunction!($f, m)?)?; )*};
    }
    add!(
        abs,
        acos,
        acosh,
        asin,
        asinh,
        atan,
        atanh,
        bitwise_invert,
        ceil,
        conj,
        cos,
        cosh,
        exp,
        expm1,
        floor,
        imag,
        isfinite,
        isinf,
        isnan,
        log,
        log1p,
        log2,
        log10,
        logical_not,
        negative,
        positive,
        real,
        reciprocal,
        round,
        sign,
        signbit,
        sin,
        sinh,
        square,
        sqrt,
        tan,
        tanh,
        trunc
    );
    add!(
        add,
        atan2,
        bitwise_and,
        bitwise_left_shift,
        bitwise_or,
        bitwise_right_shift,
        bitwise_xor,
        copysign,
        divide,
        equal,
        floor_divide,
        greater,
        greater_equal,
        hypot,
        less,
        less_equal,
        logaddexp,
        logical_and,
        logical_or,
        logical_xor,
        maximum,
        minimum,
        multiply,
        nextafter,
        not_equal,
        pow,
        remainder,
        subtract,
        clip,
        r#where
    );
    Ok(())
}
