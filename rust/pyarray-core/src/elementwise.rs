//! Elementwise functions of the standard: argument kinds, type promotion and
//! the choice of kernel. The arithmetic itself is in `kernels::math`, the loops
//! in `kernels::loops`.

use crate::array::Array;
use crate::dtype::{promote, DType, Element, Scalar};
use crate::error::{Error, Result};
use crate::kernels::loops::{
    map1, map1_with_fallback, write2, write2_scalar, write2_scalar_with_fallback,
    write2_with_fallback, Fallback2,
};
#[allow(unused_imports)] // the traits provide the per-element methods used below
use crate::kernels::math::{Complex, Float, Int, Num, Real, RealFloat};
use crate::kernels::vmath;
use crate::layout::{broadcast_shapes, same_dims, same_layout};
use std::borrow::Cow;

/// Run `$body` with `$T` bound to the element type, for the listed dtypes only;
/// any other dtype evaluates `$other`.
macro_rules! dispatch_only {
    ($dtype:expr, $T:ident => $body:expr, $other:expr, [$($v:ident: $ty:ty),* $(,)?]) => {
        match $dtype {
            $(DType::$v => { type $T = $ty; $body })*
            _ => $other,
        }
    };
}
macro_rules! ints {
    ($d:expr, $T:ident => $b:expr, $o:expr) => {
        dispatch_only!($d, $T => $b, $o, [Int8: i8, Int16: i16, Int32: i32, Int64: i64,
            UInt8: u8, UInt16: u16, UInt32: u32, UInt64: u64])
    };
}
macro_rules! real_floats {
    ($d:expr, $T:ident => $b:expr, $o:expr) => {
        dispatch_only!($d, $T => $b, $o, [Float16: half::f16, BFloat16: half::bf16,
            Float32: f32, Float64: f64])
    };
}
macro_rules! complexes {
    ($d:expr, $T:ident => $b:expr, $o:expr) => {
        dispatch_only!($d, $T => $b, $o, [Complex64: num_complex::Complex32,
            Complex128: num_complex::Complex64])
    };
}
macro_rules! floats {
    ($d:expr, $T:ident => $b:expr, $o:expr) => {
        dispatch_only!($d, $T => $b, $o, [Float16: half::f16, BFloat16: half::bf16,
            Float32: f32, Float64: f64, Complex64: num_complex::Complex32,
            Complex128: num_complex::Complex64])
    };
}
macro_rules! reals {
    ($d:expr, $T:ident => $b:expr, $o:expr) => {
        dispatch_only!($d, $T => $b, $o, [Int8: i8, Int16: i16, Int32: i32, Int64: i64,
            UInt8: u8, UInt16: u16, UInt32: u32, UInt64: u64, Float16: half::f16,
            BFloat16: half::bf16, Float32: f32, Float64: f64])
    };
}
macro_rules! numerics {
    ($d:expr, $T:ident => $b:expr, $o:expr) => {
        dispatch_only!($d, $T => $b, $o, [Int8: i8, Int16: i16, Int32: i32, Int64: i64,
            UInt8: u8, UInt16: u16, UInt32: u32, UInt64: u64, Float16: half::f16,
            BFloat16: half::bf16, Float32: f32, Float64: f64,
            Complex64: num_complex::Complex32, Complex128: num_complex::Complex64])
    };
}

/// TypeError for a function applied to a dtype it does not support.
pub(crate) fn unsupported<T>(name: &str, dtype: DType) -> Result<T> {
    Err(Error::Type(format!(
        "{name} does not support input of dtype {dtype}"
    )))
}

// ---------------------------------------------------------------------------
// Unary

/// The unary elementwise functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Abs,
    Acos,
    Acosh,
    Asin,
    Asinh,
    Atan,
    Atanh,
    BitwiseInvert,
    Ceil,
    Conj,
    Cos,
    Cosh,
    Exp,
    Expm1,
    Floor,
    Imag,
    IsFinite,
    IsInf,
    IsNan,
    Log,
    Log1p,
    Log2,
    Log10,
    LogicalNot,
    Negative,
    Positive,
    Real,
    Reciprocal,
    Round,
    Sign,
    Signbit,
    Sin,
    Sinh,
    Square,
    Sqrt,
    Tan,
    Tanh,
    Trunc,
}

/// Apply a unary elementwise function.
pub fn unary(op: UnaryOp, x: &Array) -> Result<Array> {
    use UnaryOp as U;
    let d = x.dtype();
    // A closure, so the error message is only formatted on the error path.
    let name = || format!("{op:?}").to_lowercase();
    macro_rules! float_fn {
        ($m:ident) => {
            floats!(d, T => map1::<T, T>(x, true, |v| Float::$m(v)), unsupported(&name(), d))
        };
    }
    // exp, logarithms, sin, cos, tan: vectorised, with libm for the inputs out of its range.
    macro_rules! with_fallback {
        ($inline:ident, $out_of_range:ident, $exact:ident) => {
            floats!(d, T => map1_with_fallback::<T, T>(x, Float::$inline, Float::$out_of_range,
                Float::$exact), unsupported(&name(), d))
        };
    }
    // The same for the functions of `vmath::Vectorised`;
    // complex numbers go through their own formulas.
    macro_rules! via_f64 {
        ($F:ident, $exact:ident) => {
            real_floats!(d, T => map1_with_fallback::<T, T>(x, RealFloat::inline::<vmath::$F>,
                RealFloat::out_of_range::<vmath::$F>, Float::$exact),
                complexes!(d, T => map1::<T, T>(x, true, Float::$exact), unsupported(&name(), d)))
        };
    }
    match op {
        U::Abs => complexes!(d, T => map1::<T, <T as Complex>::Part>(x, false, |v| v.norm()),
            reals!(d, T => map1::<T, T>(x, false, Real::abs), unsupported(&name(), d))),
        U::Negative => numerics!(d, T => map1::<T, T>(x, false, Num::neg), unsupported(&name(), d)),
        U::Positive if d.is_numeric() => x.to_contiguous(),
        U::Positive => unsupported(&name(), d),
        U::Square => {
            numerics!(d, T => map1::<T, T>(x, false, |v| v.mul(v)), unsupported(&name(), d))
        }
        U::Sign => numerics!(d, T => map1::<T, T>(x, false, Num::sign), unsupported(&name(), d)),
        U::Reciprocal => float_fn!(recip),
        U::Sqrt => float_fn!(sqrt),
        U::Exp => with_fallback!(exp_inline, exp_out_of_range, exp),
        U::Expm1 => via_f64!(Expm1, expm1),
        U::Log => with_fallback!(ln_inline, log_out_of_range, ln),
        U::Log1p => via_f64!(Log1p, ln1p),
        U::Log2 => with_fallback!(log2_inline, log_out_of_range, log2),
        U::Log10 => with_fallback!(log10_inline, log_out_of_range, log10),
        U::Sin => with_fallback!(sin_inline, trig_out_of_range, sin),
        U::Cos => with_fallback!(cos_inline, trig_out_of_range, cos),
        U::Tan => with_fallback!(tan_inline, trig_out_of_range, tan),
        U::Asin => via_f64!(Asin, asin),
        U::Acos => via_f64!(Acos, acos),
        U::Atan => via_f64!(Atan, atan),
        U::Sinh => via_f64!(Sinh, sinh),
        U::Cosh => via_f64!(Cosh, cosh),
        U::Tanh => via_f64!(Tanh, tanh),
        U::Asinh => via_f64!(Asinh, asinh),
        U::Acosh => via_f64!(Acosh, acosh),
        U::Atanh => via_f64!(Atanh, atanh),
        U::Floor => reals!(d, T => map1::<T, T>(x, false, Real::floor), unsupported(&name(), d)),
        U::Ceil => reals!(d, T => map1::<T, T>(x, false, Real::ceil), unsupported(&name(), d)),
        U::Trunc => reals!(d, T => map1::<T, T>(x, false, Real::trunc), unsupported(&name(), d)),
        U::Round => {
            complexes!(d, T => map1::<T, T>(x, false, |v| T::from_parts(Real::round(v.re()), Real::round(v.im()))),
            reals!(d, T => map1::<T, T>(x, false, Real::round), unsupported(&name(), d)))
        }
        U::Signbit => {
            real_floats!(d, T => map1::<T, bool>(x, false, RealFloat::signbit), unsupported(&name(), d))
        }
        U::IsNan => {
            numerics!(d, T => map1::<T, bool>(x, false, Num::is_nan), unsupported(&name(), d))
        }
        U::IsInf => {
            numerics!(d, T => map1::<T, bool>(x, false, Num::is_inf), unsupported(&name(), d))
        }
        U::IsFinite => floats!(d, T => map1::<T, bool>(x, false, Float::is_finite),
            ints!(d, T => map1::<T, bool>(x, false, |_| true), unsupported(&name(), d))),
        U::LogicalNot => map1::<bool, bool>(&x.astype(DType::Bool)?, false, |v| !v),
        U::BitwiseInvert => ints!(d, T => map1::<T, T>(x, false, Int::not),
            if d == DType::Bool { map1::<bool, bool>(x, false, |v| !v) } else { unsupported(&name(), d) }),
        // conj, real and imag of real numbers (allowed since 2024.12): x, x and 0.
        U::Conj if !d.is_numeric() => unsupported(&name(), d),
        U::Conj => complexes!(d, T => map1::<T, T>(x, false, Complex::conj), x.to_contiguous()),
        U::Real | U::Imag if !d.is_float() => unsupported(&name(), d),
        U::Real => {
            complexes!(d, T => map1::<T, <T as Complex>::Part>(x, false, Complex::re), x.to_contiguous())
        }
        U::Imag => {
            complexes!(d, T => map1::<T, <T as Complex>::Part>(x, false, Complex::im), Array::zeros(d, x.shape()))
        }
    }
}

// ---------------------------------------------------------------------------
// Binary

/// The binary elementwise functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    FloorDivide,
    Remainder,
    Pow,
    Atan2,
    Hypot,
    Copysign,
    Nextafter,
    Logaddexp,
    Maximum,
    Minimum,
    Equal,
    NotEqual,
    Greater,
    GreaterEqual,
    Less,
    LessEqual,
    LogicalAnd,
    LogicalOr,
    LogicalXor,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
    BitwiseLeftShift,
    BitwiseRightShift,
}

impl BinaryOp {
    fn name(self) -> String {
        let camel = format!("{self:?}");
        let mut out = String::new();
        for (i, c) in camel.chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }

    fn is_comparison(self) -> bool {
        use BinaryOp as B;
        matches!(
            self,
            B::Equal | B::NotEqual | B::Greater | B::GreaterEqual | B::Less | B::LessEqual
        )
    }

    /// The dtype operands are converted to before the kernel runs, from the
    /// promoted dtype of the inputs.
    pub fn compute_dtype(self, promoted: DType) -> Result<DType> {
        use BinaryOp as B;
        let d = promoted;
        let ok = match self {
            B::Add | B::Subtract | B::Multiply | B::Pow => d.is_numeric(),
            // True division of integers gives float64, as NumPy.
            B::Divide => {
                return if d.is_float() {
                    Ok(d)
                } else {
                    Ok(DType::Float64)
                }
            }
            B::FloorDivide | B::Remainder | B::Maximum | B::Minimum => {
                d.is_integer() || d.is_real_float()
            }
            B::Atan2 | B::Hypot | B::Copysign | B::Nextafter | B::Logaddexp => d.is_real_float(),
            B::Equal | B::NotEqual => true,
            B::Greater | B::GreaterEqual | B::Less | B::LessEqual => !d.is_complex(),
            B::LogicalAnd | B::LogicalOr | B::LogicalXor => return Ok(DType::Bool),
            B::BitwiseAnd | B::BitwiseOr | B::BitwiseXor => d.is_integer() || d.is_bool(),
            B::BitwiseLeftShift | B::BitwiseRightShift => d.is_integer(),
        };
        if ok {
            Ok(d)
        } else {
            unsupported(&self.name(), d)
        }
    }

    /// The dtype of the result given the compute dtype.
    pub fn result_dtype(self, compute: DType) -> DType {
        let logical = matches!(
            self,
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor
        );
        if self.is_comparison() || logical {
            DType::Bool
        } else {
            compute
        }
    }
}

/// `x` converted to `dtype`; borrowed (no copy, no clone) when it already has it.
fn cast(x: &Array, dtype: DType) -> Result<Cow<'_, Array>> {
    if x.dtype() == dtype {
        Ok(Cow::Borrowed(x))
    } else {
        x.astype(dtype).map(Cow::Owned)
    }
}

/// `x` converted to `dtype` for an elementwise function writing `out`: laid
/// out like `out` when `x` has its shape and layout (an F-ordered `out` for
/// `m.T + n.T`), so the kernel still maps flat slices; else C order.
fn cast_for<'a>(x: &'a Array, dtype: DType, out: &Array) -> Result<Cow<'a, Array>> {
    if x.dtype() != dtype
        && same_dims(x.shape(), out.shape())
        && !out.is_c_contiguous()
        && same_layout(out.shape(), x.strides(), out.strides())
    {
        return x.astype_keeping_layout(dtype).map(Cow::Owned);
    }
    cast(x, dtype)
}

/// The operand whose layout the result of a binary function takes (NumPy's
/// order="K"): the one with the broadcast `shape` when the other is
/// broadcast along some axis or shares its strides (`m.T + 1`, `m.T + v`,
/// `m.T * m.T` give F order); None (C order) when both have the full shape
/// in different layouts, neither has it, or both are C-contiguous.
/// (`Array::for_overwrite_in_order_of` takes the layout only from a dense
/// operand.)
fn layout_source<'a>(shape: &[usize], a: &'a Array, b: &'a Array) -> Option<&'a Array> {
    if a.is_c_contiguous() && b.is_c_contiguous() {
        return None; // the common case, first
    }
    let full = |x: &Array| same_dims(x.shape(), shape);
    match (full(a), full(b)) {
        (true, true) if same_layout(shape, a.strides(), b.strides()) => Some(a),
        (true, false) => Some(a),
        (false, true) => Some(b),
        _ => None,
    }
}

/// Apply a binary elementwise function with broadcasting and promotion.
pub fn binary(op: BinaryOp, a: &Array, b: &Array) -> Result<Array> {
    let compute = op.compute_dtype(promote(a.dtype(), b.dtype()))?;
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    // SAFETY: run_binary writes every element of `out` (write2 over its shape).
    let like = layout_source(&shape, a, b);
    let out = unsafe { Array::for_overwrite_in_order_of(op.result_dtype(compute), &shape, like)? };
    let pair = Pair::Arrays(&*cast_for(a, compute, &out)?, &*cast_for(b, compute, &out)?);
    run_binary(op, compute, &out, &pair)?;
    Ok(out)
}

/// `binary` with one operand a scalar of dtype `scalar_dtype` (a Python
/// scalar made weak by the caller): `op(s, x)` when `scalar_first`, else
/// `op(x, s)`. Equal to `binary` with a 0-d array, without building one
/// (that was a fifth of a small `x + 1.0`).
pub fn binary_scalar(
    op: BinaryOp,
    x: &Array,
    s: Scalar,
    scalar_dtype: DType,
    scalar_first: bool,
) -> Result<Array> {
    let compute = op.compute_dtype(promote(x.dtype(), scalar_dtype))?;
    // SAFETY: run_binary writes every element of `out` (x's shape).
    let out = unsafe { Array::for_overwrite_like(op.result_dtype(compute), x)? };
    let s = in_dtype(s, scalar_dtype);
    run_binary(
        op,
        compute,
        &out,
        &Pair::Scalar(&*cast_for(x, compute, &out)?, s, scalar_first),
    )?;
    Ok(out)
}

/// `s` as an element of `dtype` holds it (rounded, as a 0-d array of that
/// dtype would store it before promotion to the compute dtype).
fn in_dtype(s: Scalar, dtype: DType) -> Scalar {
    crate::dispatch!(dtype, T => T::from_scalar(s).to_scalar())
}

/// In-place form (`a op= b`): the result must keep `a`'s dtype and shape.
pub fn binary_inplace(op: BinaryOp, a: &Array, b: &Array) -> Result<()> {
    let compute = inplace_compute_dtype(op, a, b.dtype())?;
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    if shape.as_slice() != a.shape() {
        return Err(Error::Value(format!(
            "in-place {}: operand of shape {:?} would broadcast the result to {shape:?}, not {:?}",
            op.name(),
            b.shape(),
            a.shape()
        )));
    }
    // A partially overlapping right operand (a[1:] += a[:-1]) is read from a copy;
    // the identical view (a += a) is safe element by element.
    let b_same = b.shape() == a.shape() && b.strides() == a.strides() && b.offset() == a.offset();
    let b = if a.may_overlap(b) && !b_same {
        b.to_contiguous()?
    } else {
        b.clone()
    };
    run_binary(
        op,
        compute,
        a,
        &Pair::Arrays(&*cast_for(a, compute, a)?, &*cast_for(&b, compute, a)?),
    )
}

/// `a op= s` for a scalar of dtype `scalar_dtype` (see `binary_scalar`).
pub fn binary_inplace_scalar(
    op: BinaryOp,
    a: &Array,
    s: Scalar,
    scalar_dtype: DType,
) -> Result<()> {
    let compute = inplace_compute_dtype(op, a, scalar_dtype)?;
    let s = in_dtype(s, scalar_dtype);
    run_binary(
        op,
        compute,
        a,
        &Pair::Scalar(&*cast_for(a, compute, a)?, s, false),
    )
}

/// The compute dtype of `a op= b` for `b` of dtype `other`; errors when `a`
/// is read-only or the result dtype is not `a`'s.
fn inplace_compute_dtype(op: BinaryOp, a: &Array, other: DType) -> Result<DType> {
    if !a.writeable() {
        return Err(Error::Value(
            "in-place operation on a read-only array".into(),
        ));
    }
    let compute = op.compute_dtype(promote(a.dtype(), other))?;
    let result = op.result_dtype(compute);
    if result != a.dtype() {
        return Err(Error::Type(format!(
            "{} result of dtype {result} cannot be stored in place in an array of dtype {}",
            op.name(),
            a.dtype()
        )));
    }
    Ok(compute)
}

/// What `run_binary` reads: two arrays, or an array and a scalar (whether
/// the scalar is the left operand in the bool).
enum Pair<'a> {
    Arrays(&'a Array, &'a Array),
    Scalar(&'a Array, Scalar, bool),
}

impl Pair<'_> {
    /// The exponent of `x ** s`: the scalar, when it is the right operand.
    fn scalar_exponent(&self) -> Option<Scalar> {
        match *self {
            Pair::Scalar(_, s, false) => Some(s),
            _ => None,
        }
    }

    /// `out = f(left, right)`, the operands in the compute dtype `T`.
    fn write<T: Element, U: Element>(
        &self,
        out: &Array,
        f: impl Fn(T, T) -> U + Sync,
    ) -> Result<()> {
        self.write_with(out, false, f)
    }

    /// `write` for compute-bound functions: large operands split across threads.
    fn write_split<T: Element, U: Element>(
        &self,
        out: &Array,
        f: impl Fn(T, T) -> U + Sync,
    ) -> Result<()> {
        self.write_with(out, true, f)
    }

    /// `write_split` of `F`'s vectorisable form, libm where it is out of range.
    fn write_split_inline<T: RealFloat, F: vmath::VectorisedBinary>(
        &self,
        out: &Array,
        exact: impl Fn(T, T) -> T + Sync,
    ) -> Result<()> {
        let fallback = Fallback2 {
            fast: RealFloat::inline2::<F>,
            use_slow: RealFloat::out_of_range2::<F>,
            slow: exact,
        };
        match *self {
            Pair::Arrays(a, b) => write2_with_fallback(out, a, b, true, &fallback),
            Pair::Scalar(x, s, first) => {
                write2_scalar_with_fallback(out, x, T::from_scalar(s), first, true, &fallback)
            }
        }
    }

    fn write_with<T: Element, U: Element>(
        &self,
        out: &Array,
        parallel: bool,
        f: impl Fn(T, T) -> U + Sync,
    ) -> Result<()> {
        match *self {
            Pair::Arrays(a, b) => write2(out, a, b, parallel, f),
            Pair::Scalar(x, s, first) => {
                write2_scalar(out, x, T::from_scalar(s), first, parallel, f)
            }
        }
    }
}

/// Exponents for which `x ** s` of a real dtype has a cheaper form that is
/// exact (one rounding, where `pow`'s kernels are within an ulp) and gives
/// the standard's special cases. NumPy takes the same shortcuts; `x ** 2`
/// is the commonest power by far. Complex dtypes keep the general kernel:
/// a plain complex product loses the real part of z^2 to cancellation
/// when |re| is close to |im|, where that kernel works in double width.
#[derive(Clone, Copy)]
enum PowShortcut {
    /// `x * x`, the same function as `multiply`, for integers and real floats.
    Square,
    /// `sqrt(x)` for real floats, except that pow gives +0 for -0 and +inf
    /// for -inf where sqrt gives -0 and NaN.
    Sqrt,
    /// `1 / x` for real floats.
    Reciprocal,
    /// `x` itself, copied (pow(x, 1) is x, NaN and signed zeros included).
    Identity,
    /// 1 everywhere (pow(x, +-0) is 1, NaN included).
    One,
}

impl PowShortcut {
    fn of(s: Scalar) -> Option<PowShortcut> {
        match s {
            Scalar::Int(2) | Scalar::UInt(2) | Scalar::Float(2.0) => Some(PowShortcut::Square),
            Scalar::Float(0.5) => Some(PowShortcut::Sqrt),
            Scalar::Float(-1.0) => Some(PowShortcut::Reciprocal),
            Scalar::Int(1) | Scalar::UInt(1) | Scalar::Float(1.0) => Some(PowShortcut::Identity),
            // The pattern 0.0 matches -0.0 as well.
            Scalar::Int(0) | Scalar::UInt(0) | Scalar::Float(0.0) => Some(PowShortcut::One),
            _ => None,
        }
    }

    /// `out = x ** s` for the exponent this shortcut stands for; None when
    /// it does not serve dtype `d` (the general kernel then does).
    fn write(self, out: &Array, p: &Pair, d: DType) -> Option<Result<()>> {
        let no = || None;
        match self {
            PowShortcut::Square => {
                reals!(d, T => Some(p.write::<T, T>(out, |x, _| x.mul(x))), no())
            }
            PowShortcut::Sqrt => real_floats!(d, T => {
                let zero = T::from_scalar(Scalar::Float(0.0));
                let inf = T::from_scalar(Scalar::Float(f64::INFINITY));
                let ninf = inf.neg();
                // Adding +0 turns sqrt's -0 into pow's +0 and leaves the rest.
                let f = move |x: T, _| if x == ninf { inf } else { Float::sqrt(x).add(zero) };
                Some(p.write::<T, T>(out, f))
            }, no()),
            PowShortcut::Reciprocal => {
                real_floats!(d, T => Some(p.write::<T, T>(out, |x, _| Float::recip(x))), no())
            }
            PowShortcut::Identity => reals!(d, T => Some(p.write::<T, T>(out, |x, _| x)), no()),
            PowShortcut::One => reals!(d, T => {
                let one = T::from_scalar(Scalar::Int(1));
                Some(p.write::<T, T>(out, move |_, _| one))
            }, no()),
        }
    }
}

/// `out = op(a, b)` where the operands already have dtype `compute`.
fn run_binary(op: BinaryOp, compute: DType, out: &Array, p: &Pair) -> Result<()> {
    use BinaryOp as B;
    let d = compute;
    let bad = || unsupported::<()>(&op.name(), d);
    match op {
        B::Add => numerics!(d, T => p.write::<T, T>(out, Num::add), bad()),
        B::Subtract => numerics!(d, T => p.write::<T, T>(out, Num::sub), bad()),
        B::Multiply => numerics!(d, T => p.write::<T, T>(out, Num::mul), bad()),
        B::Pow => {
            let shortcut = p.scalar_exponent().and_then(PowShortcut::of);
            if let Some(done) = shortcut.and_then(|s| s.write(out, p, d)) {
                return done;
            }
            real_floats!(d, T => p.write_split_inline::<T, vmath::Pow>(out, Num::pow),
                numerics!(d, T => p.write_split::<T, T>(out, Num::pow), bad()))
        }
        B::Divide => floats!(d, T => p.write::<T, T>(out, Float::div), bad()),
        B::FloorDivide => reals!(d, T => p.write_split::<T, T>(out, Real::floor_div), bad()),
        B::Remainder => reals!(d, T => p.write_split::<T, T>(out, Real::rem), bad()),
        B::Maximum => reals!(d, T => p.write::<T, T>(out, Real::max), bad()),
        B::Minimum => reals!(d, T => p.write::<T, T>(out, Real::min), bad()),
        B::Atan2 => {
            real_floats!(d, T => p.write_split_inline::<T, vmath::Atan2>(out, RealFloat::atan2), bad())
        }
        B::Hypot => real_floats!(d, T => p.write_split::<T, T>(out, RealFloat::hypot), bad()),
        B::Copysign => real_floats!(d, T => p.write::<T, T>(out, RealFloat::copysign), bad()),
        B::Nextafter => {
            real_floats!(d, T => p.write::<T, T>(out, RealFloat::nextafter), bad())
        }
        B::Logaddexp => {
            real_floats!(d, T => p.write_split::<T, T>(out, RealFloat::logaddexp), bad())
        }
        B::Equal => crate::dispatch!(d, T => p.write::<T, bool>(out, |x, y| x == y)),
        B::NotEqual => crate::dispatch!(d, T => p.write::<T, bool>(out, |x, y| x != y)),
        B::Greater => compare(out, p, d, |o| o == std::cmp::Ordering::Greater),
        B::GreaterEqual => compare(out, p, d, |o| o != std::cmp::Ordering::Less),
        B::Less => compare(out, p, d, |o| o == std::cmp::Ordering::Less),
        B::LessEqual => compare(out, p, d, |o| o != std::cmp::Ordering::Greater),
        B::LogicalAnd => p.write::<bool, bool>(out, |x, y| x & y),
        B::LogicalOr => p.write::<bool, bool>(out, |x, y| x | y),
        B::LogicalXor => p.write::<bool, bool>(out, |x, y| x ^ y),
        B::BitwiseAnd if d == DType::Bool => p.write::<bool, bool>(out, |x, y| x & y),
        B::BitwiseOr if d == DType::Bool => p.write::<bool, bool>(out, |x, y| x | y),
        B::BitwiseXor if d == DType::Bool => p.write::<bool, bool>(out, |x, y| x ^ y),
        B::BitwiseAnd => ints!(d, T => p.write::<T, T>(out, Int::and), bad()),
        B::BitwiseOr => ints!(d, T => p.write::<T, T>(out, Int::or), bad()),
        B::BitwiseXor => ints!(d, T => p.write::<T, T>(out, Int::xor), bad()),
        B::BitwiseLeftShift => ints!(d, T => p.write::<T, T>(out, Int::shl), bad()),
        B::BitwiseRightShift => ints!(d, T => p.write::<T, T>(out, Int::shr), bad()),
    }
}

/// Ordered comparison; any comparison with NaN is false.
fn compare(
    out: &Array,
    p: &Pair,
    d: DType,
    test: impl Fn(std::cmp::Ordering) -> bool + Copy + Sync,
) -> Result<()> {
    let f = move |o: Option<std::cmp::Ordering>| o.is_some_and(test);
    if d == DType::Bool {
        return p.write::<bool, bool>(out, move |x, y| f(x.partial_cmp(&y)));
    }
    reals!(d, T => p.write::<T, bool>(out, move |x, y| f(x.partial_cmp(&y))),
        unsupported("comparison", d))
}

/// `clip(x, min, max)`: bounds are cast to x's dtype; the result keeps x's
/// dtype. `min(max(x, min), max)`, so NaN in x or a bound gives NaN and
/// `min > max` gives `max`, as NumPy.
pub fn clip(x: &Array, min: Option<&Array>, max: Option<&Array>) -> Result<Array> {
    let d = x.dtype();
    if !(d.is_integer() || d.is_real_float()) {
        return unsupported("clip", d);
    }
    if [min, max].into_iter().flatten().all(|b| b.ndim() == 0) {
        // T::from_scalar casts as astype does: no 0-d copy in x's dtype.
        let item = |b: Option<&Array>| b.map(Array::item).transpose();
        let (lo, hi) = (item(min)?, item(max)?);
        return reals!(d, T => clip_by_scalars::<T>(x, lo.map(T::from_scalar),
            hi.map(T::from_scalar)), unreachable!());
    }
    let (lo, hi) = (
        min.map(|b| cast(b, d)).transpose()?,
        max.map(|b| cast(b, d)).transpose()?,
    );
    let mut shape = crate::layout::Dims::from_slice(x.shape());
    for bound in [&lo, &hi].into_iter().flatten() {
        shape = broadcast_shapes(&shape, bound.shape())?;
    }
    // x's memory order (`clip(m.T, lo, hi)` stays F-ordered) when it has
    // the result's shape; the first bound is applied while copying x.
    // SAFETY: the first write2 below writes every element of `out`.
    let out = unsafe { Array::for_overwrite_in_order_of(d, &shape, Some(x))? };
    let mut src = x.clone();
    if let Some(lo) = &lo {
        reals!(d, T => write2::<T, T>(&out, &src, lo, false, Real::max), unreachable!())?;
        src = out.clone();
    }
    if let Some(hi) = &hi {
        reals!(d, T => write2::<T, T>(&out, &src, hi, false, Real::min), unreachable!())?;
    }
    Ok(out)
}

/// `clip` with 0-d (or absent) bounds: one pass over x, vectorised.
fn clip_by_scalars<T: Element + Real>(x: &Array, lo: Option<T>, hi: Option<T>) -> Result<Array> {
    match (lo, hi) {
        (Some(lo), Some(hi)) => map1::<T, T>(x, false, move |v| Real::min(Real::max(v, lo), hi)),
        (Some(lo), None) => map1::<T, T>(x, false, move |v| Real::max(v, lo)),
        (None, Some(hi)) => map1::<T, T>(x, false, move |v| Real::min(v, hi)),
        (None, None) => x.astype_keeping_layout(T::DTYPE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::{arange_int, full};
    use crate::dtype::Scalar;

    use crate::test_util::f64s as vals;

    #[test]
    fn promotion_and_kinds() {
        let i = arange_int(0, 3, 1, DType::Int8).unwrap();
        let f = full(&[3], Scalar::Float(0.5), DType::Float32).unwrap();
        let r = binary(BinaryOp::Add, &i, &f).unwrap();
        assert_eq!(r.dtype(), DType::Float32);
        assert_eq!(vals(&r), vec![0.5, 1.5, 2.5]);
        assert_eq!(
            binary(BinaryOp::Divide, &i, &i).unwrap().dtype(),
            DType::Float64
        );
        assert!(matches!(unary(UnaryOp::Sin, &i), Err(Error::Type(_))));
        assert!(matches!(
            binary(BinaryOp::BitwiseAnd, &f, &f),
            Err(Error::Type(_))
        ));
        assert_eq!(binary(BinaryOp::Less, &i, &f).unwrap().dtype(), DType::Bool);
    }

    /// Results of elementwise functions of transposed (F-ordered) operands
    /// are F-ordered like NumPy's (order="K"), with the right values; mixed
    /// layouts give C order.
    #[test]
    fn results_keep_the_layout_of_transposed_operands() {
        let m = arange_int(0, 6, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 3])
            .unwrap();
        let t = m.transpose(); // shape (3, 2), strides (1, 3)
        let expected_t = [0.0, 3.0, 1.0, 4.0, 2.0, 5.0];
        let f_order = |a: &Array| a.strides() == [1, 3];
        let int = |v: i64| Array::from_vec(&[v], &[]).unwrap();

        let neg = unary(UnaryOp::Negative, &t).unwrap();
        assert!(f_order(&neg));
        assert_eq!(
            vals(&neg),
            expected_t.iter().map(|v| -v).collect::<Vec<_>>()
        );

        let sum = binary(BinaryOp::Add, &t, &t).unwrap();
        assert!(f_order(&sum));
        assert_eq!(
            vals(&sum),
            expected_t.iter().map(|v| 2.0 * v).collect::<Vec<_>>()
        );

        // Mixed dtypes: the int64 operand is cast in its own layout.
        let half = full(&[3, 2], Scalar::Float(0.5), DType::Float64).unwrap();
        let half_t = half.reshape(&[2, 3]).unwrap().transpose();
        let mixed = binary(BinaryOp::Multiply, &t, &half_t).unwrap();
        assert!(f_order(&mixed) && mixed.dtype() == DType::Float64);
        assert_eq!(
            vals(&mixed),
            expected_t.iter().map(|v| 0.5 * v).collect::<Vec<_>>()
        );

        let plus = binary_scalar(BinaryOp::Add, &t, Scalar::Int(10), DType::Int64, false).unwrap();
        assert!(f_order(&plus));
        assert_eq!(
            vals(&plus),
            expected_t.iter().map(|v| v + 10.0).collect::<Vec<_>>()
        );
        let greater = binary(BinaryOp::Greater, &t, &int(2)).unwrap();
        assert!(f_order(&greater));
        assert_eq!(vals(&greater), vec![0.0, 1.0, 0.0, 1.0, 0.0, 1.0]);

        // where, clip, and a full-size operand with another broadcast along
        // an axis: the full-size operand's layout (t + [100, 200] is
        // written along t's contiguous axis).
        let picked = crate::searching::where_(&greater, &t, &int(-1)).unwrap();
        assert!(f_order(&picked));
        assert_eq!(vals(&picked), vec![-1.0, 3.0, -1.0, 4.0, -1.0, 5.0]);
        let clipped = clip(&t, Some(&int(1)), Some(&int(4))).unwrap();
        assert!(f_order(&clipped));
        assert_eq!(vals(&clipped), vec![1.0, 3.0, 1.0, 4.0, 2.0, 4.0]);
        let row = Array::from_vec(&[100i64, 200], &[2]).unwrap();
        let broadcast = binary(BinaryOp::Add, &t, &row).unwrap();
        assert!(f_order(&broadcast));
        assert_eq!(
            vals(&broadcast),
            vec![100.0, 203.0, 101.0, 204.0, 102.0, 205.0]
        );
        let reflected = binary(BinaryOp::Subtract, &row, &t).unwrap();
        assert!(f_order(&reflected));
        assert_eq!(
            vals(&reflected),
            vec![100.0, 197.0, 99.0, 196.0, 98.0, 195.0]
        );

        // A C-ordered and an F-ordered operand: C-ordered result.
        let c = t.to_contiguous().unwrap();
        let mixed_layouts = binary(BinaryOp::Subtract, &t, &c).unwrap();
        assert!(mixed_layouts.is_c_contiguous());
        assert_eq!(vals(&mixed_layouts), vec![0.0; 6]);

        // In place into an F-ordered array, from an F-ordered operand.
        let target = unary(UnaryOp::Negative, &t).unwrap(); // F-ordered, writeable
        binary_inplace(BinaryOp::Add, &target, &t).unwrap();
        assert_eq!(vals(&target), vec![0.0; 6]);
        binary_inplace_scalar(BinaryOp::Add, &target, Scalar::Int(4), DType::Int64).unwrap();
        assert_eq!(vals(&target), vec![4.0; 6]);
    }

    /// Values with the specials that send pow and atan2 to their slow path.
    fn awkward_values(n: usize, seed: u64) -> Vec<f64> {
        let specials = [f64::INFINITY, f64::NAN, 0.0, -0.0, f64::NEG_INFINITY, 1.0];
        let mut state = seed;
        (0..n)
            .map(|i| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let u = (state >> 11) as f64 / (1u64 << 53) as f64;
                if i % 97 == 5 {
                    specials[(state % specials.len() as u64) as usize]
                } else {
                    (u * 8.0 - 2.0) * if i % 2 == 0 { 1.0 } else { 3.0 }
                }
            })
            .collect()
    }

    fn same_values(got: &Array, want: &Array, what: &str) {
        let (g, w) = (vals(got), vals(want));
        assert_eq!(g.len(), w.len(), "{what}");
        for (i, (a, b)) in g.iter().zip(&w).enumerate() {
            assert!(
                a.to_bits() == b.to_bits() || a.is_nan() && b.is_nan(),
                "{what}: element {i} is {a}, expected {b}"
            );
        }
    }

    #[test]
    fn pow_shortcut_exponents_of_a_complex_array_take_the_general_kernel() {
        // The shortcuts serve real dtypes only; a real exponent with a
        // complex array (reachable from Rust, not from Python, which makes
        // the scalar complex) must fall through to pow's kernel, not fail.
        let z = binary(
            BinaryOp::Add,
            &Array::from_vec(&[4.0, -9.0, 0.25], &[3]).unwrap(),
            &Array::from_scalar(
                Scalar::Complex(num_complex::Complex64::new(0.0, 1.0)),
                DType::Complex128,
            )
            .unwrap(),
        )
        .unwrap();
        for e in [2.0, 0.5, -1.0, 1.0, 0.0] {
            let got = binary_scalar(BinaryOp::Pow, &z, Scalar::Float(e), DType::Float64, false);
            let exponent = Array::from_scalar(Scalar::Float(e), DType::Complex128).unwrap();
            let want = binary(BinaryOp::Pow, &z, &exponent).unwrap();
            assert_eq!(got.unwrap().to_scalars(), want.to_scalars(), "exponent {e}");
        }
    }

    #[test]
    fn inplace_matches_out_of_place_on_every_path() {
        // Sizes around the fallback block (512) and past the threads'
        // threshold; dense and strided targets; array, scalar and self
        // operands; a plain kernel (add) and the fallback ones (pow, atan2).
        for n in [1, 7, 512, 513, 1500, 300_000] {
            for dtype in [DType::Float64, DType::Float32] {
                let x = Array::from_vec(&awkward_values(n, 1), &[n])
                    .unwrap()
                    .to_dtype(dtype)
                    .unwrap();
                let y = Array::from_vec(&awkward_values(n, 2), &[n])
                    .unwrap()
                    .to_dtype(dtype)
                    .unwrap();
                for op in [BinaryOp::Add, BinaryOp::Pow, BinaryOp::Atan2] {
                    let what = format!("{} {dtype} n={n}", op.name());
                    let target = x.to_contiguous().unwrap();
                    binary_inplace(op, &target, &y).unwrap();
                    same_values(&target, &binary(op, &x, &y).unwrap(), &what);

                    let target = x.to_contiguous().unwrap();
                    binary_inplace(op, &target, &target.clone()).unwrap();
                    same_values(
                        &target,
                        &binary(op, &x, &x).unwrap(),
                        &format!("{what} self"),
                    );

                    let target = x.to_contiguous().unwrap();
                    binary_inplace_scalar(op, &target, Scalar::Float(2.5), dtype).unwrap();
                    let want = binary_scalar(op, &x, Scalar::Float(2.5), dtype, false);
                    same_values(&target, &want.unwrap(), &format!("{what} scalar"));

                    // Every other element of a twice-as-long array.
                    let wide = binary(BinaryOp::Add, &x, &x).unwrap();
                    let backing =
                        crate::manipulation::stack(&[x.clone(), wide.clone()], 1).unwrap();
                    let flat = backing.reshape(&[2 * n]).unwrap();
                    let evens = flat.slice_axis(0, 0, n, 2);
                    binary_inplace(op, &evens, &y).unwrap();
                    same_values(
                        &evens,
                        &binary(op, &x, &y).unwrap(),
                        &format!("{what} strided"),
                    );
                    let odds = flat.slice_axis(0, 1, n, 2);
                    same_values(&odds, &wide, &format!("{what} untouched"));
                    binary_inplace(op, &evens, &evens.clone()).unwrap();
                    let twice = binary(
                        op,
                        &binary(op, &x, &y).unwrap(),
                        &binary(op, &x, &y).unwrap(),
                    );
                    same_values(&evens, &twice.unwrap(), &format!("{what} strided self"));
                }
            }
        }
    }

    #[test]
    fn inplace_into_rows_of_a_wider_matrix() {
        // The left half of each row: contiguous runs with a row stride, so
        // the n-d walk meets the aliasing run by run (read-modify-write for
        // add, the block copy for the fallback kernels of pow and atan2).
        let (rows, k) = (9, 700);
        let x = Array::from_vec(&awkward_values(rows * k, 3), &[rows, k]).unwrap();
        let y = Array::from_vec(&awkward_values(rows * k, 4), &[rows, k]).unwrap();
        let right =
            binary_scalar(BinaryOp::Add, &x, Scalar::Float(1.0), DType::Float64, false).unwrap();
        for op in [BinaryOp::Add, BinaryOp::Pow, BinaryOp::Atan2] {
            let backing = crate::manipulation::concat(&[x.clone(), right.clone()], 1).unwrap();
            let left = backing.slice_axis(1, 0, k, 1);
            let what = op.name();
            binary_inplace(op, &left, &y).unwrap();
            let once = binary(op, &x, &y).unwrap();
            same_values(&left, &once, &format!("{what} rows"));
            same_values(
                &backing.slice_axis(1, k, k, 1),
                &right,
                &format!("{what} untouched"),
            );
            binary_inplace(op, &left, &left.clone()).unwrap();
            let twice = binary(op, &once, &once).unwrap();
            same_values(&left, &twice, &format!("{what} rows self"));
            // 0.75: not an exponent with a pow shortcut, so pow's own kernels run.
            binary_inplace_scalar(op, &left, Scalar::Float(0.75), DType::Float64).unwrap();
            let thrice = binary_scalar(op, &twice, Scalar::Float(0.75), DType::Float64, false);
            same_values(&left, &thrice.unwrap(), &format!("{what} rows scalar"));
        }
    }

    #[test]
    fn inplace_rules_and_overlap() {
        let a = arange_int(0, 5, 1, DType::Int64).unwrap();
        let tail = a.slice_axis(0, 1, 4, 1);
        let head = a.slice_axis(0, 0, 4, 1);
        binary_inplace(BinaryOp::Add, &tail, &head).unwrap();
        assert_eq!(vals(&a), vec![0.0, 1.0, 3.0, 5.0, 7.0]);
        let f = full(&[5], Scalar::Float(1.0), DType::Float64).unwrap();
        assert!(matches!(
            binary_inplace(BinaryOp::Add, &a, &f),
            Err(Error::Type(_))
        ));
        let m = full(&[2, 5], Scalar::Int(1), DType::Int64).unwrap();
        assert!(matches!(
            binary_inplace(BinaryOp::Add, &a, &m),
            Err(Error::Value(_))
        ));
    }

    #[test]
    fn complex_abs_is_real_and_clip_broadcasts() {
        let z = full(
            &[2],
            Scalar::Complex(num_complex::Complex64::new(3.0, 4.0)),
            DType::Complex64,
        )
        .unwrap();
        let r = unary(UnaryOp::Abs, &z).unwrap();
        assert_eq!(r.dtype(), DType::Float32);
        assert_eq!(vals(&r), vec![5.0, 5.0]);
        let x = arange_int(0, 5, 1, DType::Int32).unwrap();
        let lo = full(&[], Scalar::Int(1), DType::Int32).unwrap();
        let hi = full(&[], Scalar::Int(3), DType::Int32).unwrap();
        assert_eq!(
            vals(&clip(&x, Some(&lo), Some(&hi)).unwrap()),
            vec![1.0, 1.0, 2.0, 3.0, 3.0]
        );
    }
}
