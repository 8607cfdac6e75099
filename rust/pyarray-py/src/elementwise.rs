//! Elementwise functions of the standard and the array operators built on them.

use crate::args::run;
use crate::array::PyArray;
use crate::convert::{check_fits, py_scalar};
use crate::creation::asarray_impl;
use crate::data_types::scalar_kind;
use crate::errors::IntoPyResult;
use pyarray_core::dtype::promote_weak;
use pyarray_core::elementwise::{self as ew, BinaryOp, UnaryOp};
use pyarray_core::{Array, Scalar};
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

/// A Python scalar as a 0-d array that adopts `like`'s dtype where kinds allow
/// (the standard's weak scalars).
fn weak_scalar(s: Scalar, like: &Array) -> PyResult<Array> {
    let dtype = promote_weak(like.dtype(), scalar_kind(s));
    check_fits(s, dtype)?;
    Array::from_scalar(s, dtype).py()
}

/// Operand pair for a binary function; None when `b` is neither an array, a
/// Python scalar nor convertible (operators then return NotImplemented).
/// Arrays are borrowed, not cloned: a clone costs ~50 ns, a third of a small call.
type Operands<'a> = (Cow<'a, Array>, Cow<'a, Array>);

fn operands<'a>(
    a: &'a Bound<'_, PyAny>,
    b: &'a Bound<'_, PyAny>,
    strict: bool,
) -> PyResult<Option<Operands<'a>>> {
    let arr = |x: &'a Bound<'_, PyAny>| x.cast::<PyArray>().ok().map(|a| &a.get().inner);
    let owned = |x: Array| Cow::Owned(x);
    match (arr(a), arr(b)) {
        (Some(x), Some(y)) => Ok(Some((Cow::Borrowed(x), Cow::Borrowed(y)))),
        (Some(x), None) => match py_scalar(b)? {
            Some(s) => Ok(Some((Cow::Borrowed(x), owned(weak_scalar(s, x)?)))),
            None if strict => Ok(None),
            None => Ok(Some((Cow::Borrowed(x), owned(as_array(b)?)))),
        },
        (None, Some(y)) => match py_scalar(a)? {
            Some(s) => Ok(Some((owned(weak_scalar(s, y)?), Cow::Borrowed(y)))),
            None if strict => Ok(None),
            None => Ok(Some((owned(as_array(a)?), Cow::Borrowed(y)))),
        },
        (None, None) => {
            if py_scalar(a)?.is_some() && py_scalar(b)?.is_some() {
                return Err(PyTypeError::new_err(
                    "at least one argument must be an array, not two Python scalars",
                ));
            }
            Ok(Some((owned(as_array(a)?), owned(as_array(b)?))))
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
    let (a, b) = operands(a, b, false)?.expect("non-strict operands always convert");
    run(py, a.size().max(b.size()), || ew::binary(op, &a, &b)).map(PyArray::new)
}

/// `a op b` for the operators: NotImplemented for unsupported right operands.
pub fn operator(
    py: Python<'_>,
    op: BinaryOp,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    match operands(a, b, true)? {
        Some((a, b)) => {
            let r = run(py, a.size().max(b.size()), || ew::binary(op, &a, &b))?;
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
    let (x, y) = match operands(a.as_any(), b, true)? {
        Some(pair) => pair,
        None => {
            return Err(PyTypeError::new_err(format!(
                "unsupported operand type for in-place operation: {}",
                b.get_type().name()?
            )))
        }
    };
    run(py, x.size(), || ew::binary_inplace(op, &x, &y))
}

macro_rules! unary_functions {
    ($($name:ident => $op:ident: $doc:literal;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = "Parameters\n----------\nx : array\n\nReturns\n-------\narray"]
        #[pyfunction]
        #[pyo3(signature = (x, /))]
        pub fn $name(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<PyArray> {
            unary(py, UnaryOp::$op, x)
        }
    )*};
}

macro_rules! binary_functions {
    ($($name:ident => $op:ident: $doc:literal;)*) => {$(
        #[doc = $doc]
        #[doc = ""]
        #[doc = "Parameters\n----------\nx1, x2 : array or Python scalar\n    Broadcast against each other; a Python scalar takes the array's dtype.\n\nReturns\n-------\narray"]
        #[pyfunction]
        #[pyo3(signature = (x1, x2, /))]
        pub fn $name(py: Python<'_>, x1: &Bound<'_, PyAny>, x2: &Bound<'_, PyAny>) -> PyResult<PyArray> {
            binary(py, BinaryOp::$op, x1, x2)
        }
    )*};
}

unary_functions! {
    abs => Abs: "Absolute value (the modulus for complex input, as a real array).";
    acos => Acos: "Inverse cosine.";
    acosh => Acosh: "Inverse hyperbolic cosine.";
    asin => Asin: "Inverse sine.";
    asinh => Asinh: "Inverse hyperbolic sine.";
    atan => Atan: "Inverse tangent.";
    atanh => Atanh: "Inverse hyperbolic tangent.";
    bitwise_invert => BitwiseInvert: "Bitwise NOT of integers (logical NOT of booleans).";
    ceil => Ceil: "Smallest integer-valued number not less than x.";
    conj => Conj: "Complex conjugate (x itself for real input).";
    cos => Cos: "Cosine.";
    cosh => Cosh: "Hyperbolic cosine.";
    exp => Exp: "Exponential, e**x.";
    expm1 => Expm1: "exp(x) - 1, accurate near zero.";
    floor => Floor: "Largest integer-valued number not greater than x.";
    imag => Imag: "Imaginary part (zeros for real input).";
    isfinite => IsFinite: "True where x is finite.";
    isinf => IsInf: "True where x is infinite.";
    isnan => IsNan: "True where x is NaN.";
    log => Log: "Natural logarithm.";
    log1p => Log1p: "log(1 + x), accurate near zero.";
    log2 => Log2: "Base-2 logarithm.";
    log10 => Log10: "Base-10 logarithm.";
    logical_not => LogicalNot: "Logical NOT.";
    negative => Negative: "Numerical negative, -x.";
    positive => Positive: "Numerical positive, +x (a copy).";
    real => Real: "Real part (x itself for real input).";
    reciprocal => Reciprocal: "1 / x.";
    round => Round: "Round to the nearest integer-valued number, halves to even.";
    sign => Sign: "Sign of x (x / |x| for complex input; 0 at 0).";
    signbit => Signbit: "True where the sign bit of x is set (also for -0.0 and negative NaN).";
    sin => Sin: "Sine.";
    sinh => Sinh: "Hyperbolic sine.";
    square => Square: "x * x.";
    sqrt => Sqrt: "Principal square root.";
    tan => Tan: "Tangent.";
    tanh => Tanh: "Hyperbolic tangent.";
    trunc => Trunc: "Round towards zero.";
}

binary_functions! {
    add => Add: "Sum x1 + x2.";
    atan2 => Atan2: "Angle of the point (x2, x1), quadrant-aware.";
    bitwise_and => BitwiseAnd: "Bitwise AND of integers or booleans.";
    bitwise_left_shift => BitwiseLeftShift: "x1 shifted left by x2 bits (0 for shifts of the bit width or more).";
    bitwise_or => BitwiseOr: "Bitwise OR of integers or booleans.";
    bitwise_right_shift => BitwiseRightShift: "x1 shifted right (arithmetically) by x2 bits.";
    bitwise_xor => BitwiseXor: "Bitwise XOR of integers or booleans.";
    copysign => Copysign: "Magnitude of x1 with the sign of x2.";
    divide => Divide: "True division x1 / x2 (integers give float64).";
    equal => Equal: "x1 == x2.";
    floor_divide => FloorDivide: "Floor division x1 // x2 (integer division by zero gives 0).";
    greater => Greater: "x1 > x2.";
    greater_equal => GreaterEqual: "x1 >= x2.";
    hypot => Hypot: "sqrt(x1**2 + x2**2) without overflow.";
    less => Less: "x1 < x2.";
    less_equal => LessEqual: "x1 <= x2.";
    logaddexp => Logaddexp: "log(exp(x1) + exp(x2)) without overflow.";
    logical_and => LogicalAnd: "Logical AND.";
    logical_or => LogicalOr: "Logical OR.";
    logical_xor => LogicalXor: "Logical XOR.";
    maximum => Maximum: "Elementwise maximum; NaN if either is NaN.";
    minimum => Minimum: "Elementwise minimum; NaN if either is NaN.";
    multiply => Multiply: "Product x1 * x2.";
    nextafter => Nextafter: "Next representable value after x1 towards x2.";
    not_equal => NotEqual: "x1 != x2.";
    pow => Pow: "x1 raised to the power x2.";
    remainder => Remainder: "Remainder of floor division, with the sign of x2.";
    subtract => Subtract: "Difference x1 - x2.";
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
#[pyfunction]
#[pyo3(signature = (condition, x1, x2, /))]
pub fn r#where(
    py: Python<'_>,
    condition: &Bound<'_, PyAny>,
    x1: &Bound<'_, PyAny>,
    x2: &Bound<'_, PyAny>,
) -> PyResult<PyArray> {
    let cond = as_array(condition)?;
    let (a, b) = operands(x1, x2, false)?.expect("non-strict operands always convert");
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
