//! The transcendental functions of float32 and float64 as straight-line
//! arithmetic (no libm call, no data-dependent branch), so loops over
//! slices vectorise: a libm call per element ran at 0.03-0.4x NumPy's SIMD
//! kernels. float16 and bfloat16 compute in float32.
//!
//! Some forms are correct only on a range: the trigonometric functions for
//! |x| <= `TRIG_INLINE_MAX` (float32) or `TRIG64_INLINE_MAX` (float64), the
//! float64 exp for |x| <= `EXP64_INLINE_MAX`, the logarithms for positive
//! normal finite x. The elementwise loop recomputes the rare inputs outside
//! with the plain methods (`VecMath::vtrig_out_of_range`,
//! `VecMath::vexp_out_of_range`, `VecMath::vlog_out_of_range`): libm, or for
//! float32 trigonometry up to `TRIG_WIDE_MAX` a reduction in float64 lanes.
//! The other functions (expm1, log1p, the hyperbolic and inverse
//! trigonometric ones, pow and atan2) follow the same scheme through the
//! `Vectorised` and `VectorisedBinary` unit types, each naming its float64
//! and float32 forms and their range checks.
//! Most forms use fused multiply-add (`mul_add`): its rounding is defined,
//! so results are the same on every CPU (below the FMA tiers it is libm's
//! `fma`, correct but slow; the elementwise loops run every path, strided
//! ones too, in the best tier). The float32 exp and the float64 argument
//! reductions of exp, sin, cos and tan use none.
//!
//! The range checks are written as negated comparisons (`!(x <= MAX)`) on
//! purpose: they are true for NaN, which the inline forms do not handle.
//!
//! One file per family, each with its float64 and float32 forms:
//! `exp_log` (exp, ln, log2, log10), `trig` (sin, cos, tan), `pow`,
//! `hyperbolic` (expm1, sinh, cosh, tanh), `inverse_trig` (atan, asin, acos,
//! atan2) and `inverse_hyperbolic` (log1p, asinh, acosh, atanh). This file
//! holds the traits the elementwise loops call and the helpers all share.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

mod exp_log;
mod hyperbolic;
mod inverse_hyperbolic;
mod inverse_trig;
mod pow;
#[cfg(test)]
mod tests;
mod trig;

pub use exp_log::*;
pub use hyperbolic::*;
pub use inverse_hyperbolic::*;
pub use inverse_trig::*;
pub use pow::*;
pub use trig::*;

/// The per-type entry points the real-float kernels call. The defaults are
/// for functions whose vectorisable form is correct everywhere.
pub trait VecMath: Sized {
    /// `F`'s inline form and range check at this type's precision.
    fn vinline<F: Vectorised>(self) -> Self;
    fn vout_of_range<F: Vectorised>(self) -> bool;
    /// `F`'s inline form and range check at this type's precision.
    fn vinline2<F: VectorisedBinary>(self, o: Self) -> Self;
    fn vout_of_range2<F: VectorisedBinary>(self, o: Self) -> bool;
    /// e^x and the logarithms, correct for every input.
    fn vexp(self) -> Self;
    fn vln(self) -> Self;
    fn vlog2(self) -> Self;
    fn vlog10(self) -> Self;
    /// sin, cos and tan, correct for every input (inline form or libm).
    fn vsin(self) -> Self;
    fn vcos(self) -> Self;
    fn vtan(self) -> Self;
    /// asinh, acosh and atanh, correct for every input (see `asinh_any`).
    fn vasinh(self) -> Self;
    fn vacosh(self) -> Self;
    fn vatanh(self) -> Self;
    /// The vectorisable forms, correct where `!vtrig_out_of_range()`.
    fn vsin_inline(self) -> Self {
        self.vsin()
    }
    fn vcos_inline(self) -> Self {
        self.vcos()
    }
    fn vtan_inline(self) -> Self {
        self.vtan()
    }
    fn vtrig_out_of_range(self) -> bool {
        false
    }
    /// The vectorisable e^x, correct where `!vexp_out_of_range()`.
    fn vexp_inline(self) -> Self {
        self.vexp()
    }
    fn vexp_out_of_range(self) -> bool {
        false
    }
    /// The vectorisable logarithms, correct where `!vlog_out_of_range()`.
    fn vln_inline(self) -> Self {
        self.vln()
    }
    fn vlog2_inline(self) -> Self {
        self.vlog2()
    }
    fn vlog10_inline(self) -> Self {
        self.vlog10()
    }
    fn vlog_out_of_range(self) -> bool {
        false
    }
}

/// A function with vectorisable forms for float64 (`inline`) and float32
/// (`inline_f32`), each correct where its `out_of_range` is false; the
/// elementwise loop recomputes the other (rare) inputs with the exact
/// method. float16 and bfloat16 use the float32 form. Without a float32
/// form of its own, float32 computes through the float64 one: a float64
/// result within an ulp, rounded to float32, is within an ulp of the
/// correctly rounded float32 one (at half the lanes of a float32 form).
pub trait Vectorised {
    fn inline(x: f64) -> f64;
    fn out_of_range(x: f64) -> bool;
    fn inline_f32(x: f32) -> f32 {
        Self::inline(x as f64) as f32
    }
    fn out_of_range_f32(x: f32) -> bool {
        Self::out_of_range(x as f64)
    }
}

/// One unit type per function, naming its inline forms and range checks
/// (float64, then float32 if it has its own).
macro_rules! vectorised {
    ($($name:ident: $inline:ident, $out_of_range:ident $(, $inline32:ident, $out_of_range32:ident)?;)*) => {$(
        pub struct $name;
        impl Vectorised for $name {
            #[inline(always)]
            fn inline(x: f64) -> f64 {
                $inline(x)
            }
            #[inline(always)]
            fn out_of_range(x: f64) -> bool {
                $out_of_range(x)
            }
            $(
            #[inline(always)]
            fn inline_f32(x: f32) -> f32 {
                $inline32(x)
            }
            #[inline(always)]
            fn out_of_range_f32(x: f32) -> bool {
                $out_of_range32(x)
            }
            )?
        }
    )*};
}

vectorised! {
    Expm1: expm1_f64, expm1_f64_out_of_range, expm1_f32, expm1_f32_out_of_range;
    Sinh: sinh_f64, sinh_f64_out_of_range, sinh_f32, sinh_f32_out_of_range;
    Cosh: cosh_f64, cosh_f64_out_of_range, cosh_f32, cosh_f32_out_of_range;
    Tanh: tanh_f64, tanh_f64_out_of_range, tanh_f32, tanh_f32_out_of_range;
    Log1p: log1p_f64, log1p_f64_out_of_range, log1p_f32, log1p_f32_out_of_range;
    Asinh: asinh_f64, asinh_f64_out_of_range, asinh_f32, asinh_f32_out_of_range;
    Acosh: acosh_f64, acosh_f64_out_of_range, acosh_f32, acosh_f32_out_of_range;
    Atanh: atanh_f64, atanh_f64_out_of_range, atanh_f32, atanh_f32_out_of_range;
    Atan: atan_f64, atan_f64_out_of_range, atan_f32, atan_f32_out_of_range;
    Asin: asin_f64, asin_f64_out_of_range, asin_f32, asin_f32_out_of_range;
    Acos: acos_f64, acos_f64_out_of_range, acos_f32, acos_f32_out_of_range;
}

/// `Vectorised` for a binary function: `inline(a, b)` correct where
/// `!out_of_range(a, b)`, and the float32 forms (by default through
/// float64).
pub trait VectorisedBinary {
    fn inline(a: f64, b: f64) -> f64;
    fn out_of_range(a: f64, b: f64) -> bool;
    fn inline_f32(a: f32, b: f32) -> f32 {
        Self::inline(a as f64, b as f64) as f32
    }
    fn out_of_range_f32(a: f32, b: f32) -> bool {
        Self::out_of_range(a as f64, b as f64)
    }
}

pub struct Pow;
impl VectorisedBinary for Pow {
    #[inline(always)]
    fn inline(x: f64, y: f64) -> f64 {
        pow_f64(x, y)
    }
    #[inline(always)]
    fn out_of_range(x: f64, y: f64) -> bool {
        pow_out_of_range(x, y)
    }
    #[inline(always)]
    fn inline_f32(x: f32, y: f32) -> f32 {
        pow_of_f32(x, y)
    }
    #[inline(always)]
    fn out_of_range_f32(x: f32, y: f32) -> bool {
        // NaN too: the comparisons fail. Subnormal x is normal in float64.
        !(x > 0.0 && x <= f32::MAX && y.abs() <= f32::MAX)
    }
}

pub struct Atan2;
impl VectorisedBinary for Atan2 {
    #[inline(always)]
    fn inline(y: f64, x: f64) -> f64 {
        atan2_f64(y, x)
    }
    #[inline(always)]
    fn out_of_range(y: f64, x: f64) -> bool {
        atan2_f64_out_of_range(y, x)
    }
    #[inline(always)]
    fn inline_f32(y: f32, x: f32) -> f32 {
        atan2_f32(y, x)
    }
    #[inline(always)]
    fn out_of_range_f32(y: f32, x: f32) -> bool {
        atan2_f32_out_of_range(y, x)
    }
}

/// `inline(x)` unless `out_of_range(x)`, else libm's `exact(x)`: the scalar
/// form of what `loops::map1_with_fallback` does by blocks.
#[inline(always)]
fn inline_or_libm<T: Copy>(x: T, out_of_range: bool, inline: fn(T) -> T, exact: fn(T) -> T) -> T {
    if out_of_range {
        exact(x)
    } else {
        inline(x)
    }
}

impl VecMath for f32 {
    #[inline(always)]
    fn vinline<F: Vectorised>(self) -> Self {
        F::inline_f32(self)
    }
    #[inline(always)]
    fn vout_of_range<F: Vectorised>(self) -> bool {
        F::out_of_range_f32(self)
    }
    #[inline(always)]
    fn vasinh(self) -> Self {
        asinh_any(self as f64) as f32
    }
    #[inline(always)]
    fn vacosh(self) -> Self {
        acosh_any(self as f64) as f32
    }
    #[inline(always)]
    fn vatanh(self) -> Self {
        atanh_any(self as f64) as f32
    }
    #[inline(always)]
    fn vinline2<F: VectorisedBinary>(self, o: Self) -> Self {
        F::inline_f32(self, o)
    }
    #[inline(always)]
    fn vout_of_range2<F: VectorisedBinary>(self, o: Self) -> bool {
        F::out_of_range_f32(self, o)
    }
    #[inline(always)]
    fn vexp(self) -> Self {
        exp_f32(self)
    }
    #[inline(always)]
    fn vln(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), ln_f32, f32::ln)
    }
    #[inline(always)]
    fn vln_inline(self) -> Self {
        ln_f32(self)
    }
    #[inline(always)]
    fn vlog_out_of_range(self) -> bool {
        // Zero, subnormals, negatives, infinities and NaN.
        !(f32::MIN_POSITIVE..=f32::MAX).contains(&self)
    }
    #[inline(always)]
    fn vlog2(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), log2_f32, f32::log2)
    }
    #[inline(always)]
    fn vlog10(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), log10_f32, f32::log10)
    }
    #[inline(always)]
    fn vlog2_inline(self) -> Self {
        log2_f32(self)
    }
    #[inline(always)]
    fn vlog10_inline(self) -> Self {
        log10_f32(self)
    }
    #[inline(always)]
    fn vsin(self) -> Self {
        trig_f32(self, sin_of_reduced, f32::sin)
    }
    #[inline(always)]
    fn vcos(self) -> Self {
        trig_f32(self, cos_of_reduced, f32::cos)
    }
    #[inline(always)]
    fn vtan(self) -> Self {
        trig_f32(self, tan_of_reduced, f32::tan)
    }
    #[inline(always)]
    fn vsin_inline(self) -> Self {
        sin_f32(self)
    }
    #[inline(always)]
    fn vcos_inline(self) -> Self {
        cos_f32(self)
    }
    #[inline(always)]
    fn vtan_inline(self) -> Self {
        tan_f32(self)
    }
    #[inline(always)]
    fn vtrig_out_of_range(self) -> bool {
        self.abs() > TRIG_INLINE_MAX
    }
}

impl VecMath for f64 {
    #[inline(always)]
    fn vinline<F: Vectorised>(self) -> Self {
        F::inline(self)
    }
    #[inline(always)]
    fn vout_of_range<F: Vectorised>(self) -> bool {
        F::out_of_range(self)
    }
    #[inline(always)]
    fn vasinh(self) -> Self {
        asinh_any(self)
    }
    #[inline(always)]
    fn vacosh(self) -> Self {
        acosh_any(self)
    }
    #[inline(always)]
    fn vatanh(self) -> Self {
        atanh_any(self)
    }
    #[inline(always)]
    fn vinline2<F: VectorisedBinary>(self, o: Self) -> Self {
        F::inline(self, o)
    }
    #[inline(always)]
    fn vout_of_range2<F: VectorisedBinary>(self, o: Self) -> bool {
        F::out_of_range(self, o)
    }
    #[inline(always)]
    fn vexp(self) -> Self {
        inline_or_libm(self, self.vexp_out_of_range(), exp_f64, f64::exp)
    }
    #[inline(always)]
    fn vln(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), ln_f64, f64::ln)
    }
    #[inline(always)]
    fn vlog2(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), log2_f64, f64::log2)
    }
    #[inline(always)]
    fn vlog10(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), log10_f64, f64::log10)
    }
    #[inline(always)]
    fn vln_inline(self) -> Self {
        ln_f64(self)
    }
    #[inline(always)]
    fn vlog2_inline(self) -> Self {
        log2_f64(self)
    }
    #[inline(always)]
    fn vlog10_inline(self) -> Self {
        log10_f64(self)
    }
    #[inline(always)]
    fn vlog_out_of_range(self) -> bool {
        // Zero, subnormals, negatives, infinities and NaN.
        !(f64::MIN_POSITIVE..=f64::MAX).contains(&self)
    }
    #[inline(always)]
    fn vsin(self) -> Self {
        inline_or_libm(self, self.vtrig_out_of_range(), sin_f64, f64::sin)
    }
    #[inline(always)]
    fn vcos(self) -> Self {
        inline_or_libm(self, self.vtrig_out_of_range(), cos_f64, f64::cos)
    }
    #[inline(always)]
    fn vtan(self) -> Self {
        inline_or_libm(self, self.vtrig_out_of_range(), tan_f64, f64::tan)
    }
    #[inline(always)]
    fn vsin_inline(self) -> Self {
        sin_f64(self)
    }
    #[inline(always)]
    fn vcos_inline(self) -> Self {
        cos_f64(self)
    }
    #[inline(always)]
    fn vtan_inline(self) -> Self {
        tan_f64(self)
    }
    #[inline(always)]
    fn vtrig_out_of_range(self) -> bool {
        self.abs() > TRIG64_INLINE_MAX
    }
    #[inline(always)]
    fn vexp_inline(self) -> Self {
        exp_f64(self)
    }
    #[inline(always)]
    fn vexp_out_of_range(self) -> bool {
        // NaN too: libm returns it.
        self.is_nan() || self.abs() > EXP64_INLINE_MAX
    }
}

/// ln 2 in two parts for float32: LN2_HI_F32 has 9 significant bits, so
/// n * LN2_HI_F32 is exact for the exponents and quadrant counts used here.
const LN2_HI_F32: f32 = 0.693_359_4;
const LN2_LO_F32: f32 = -2.121_944_4e-4;

/// The polynomial with coefficients `c` (highest degree first) at `x`, by
/// Horner's rule in fused multiply-adds: one rounding a step, the same on
/// every CPU (see the module note on `mul_add`).
#[inline(always)]
fn horner<F: num_traits::Float>(x: F, c: &[F]) -> F {
    c[1..].iter().fold(c[0], |p, &k| p.mul_add(x, k))
}

/// 1.5 * 2^52: adding it to |v| < 2^51 rounds v to an integer, held in the
/// low significand bits.
const ROUND_F64: f64 = 6_755_399_441_055_744.0;

/// The integer `t - ROUND_F64`, read from t's bits (two's complement).
#[inline(always)]
fn round_f64_as_int(t: f64) -> i64 {
    (t.to_bits() as i64).wrapping_sub(ROUND_F64.to_bits() as i64)
}

/// ln 2 in two parts: LN2_HI has 32 significant bits (e * LN2_HI is exact).
const LN2_HI: f64 = f64::from_bits(0x3FE6_2E42_FEE0_0000);
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// `if c { a } else { b }` as a function: its body is a select by the time
/// it is inlined, so callers get straight-line code; written inline, if-else
/// chains can reach the optimiser as branches, which it specialises
/// (duplicating the divisions) before the vectoriser flattens them.
#[inline(always)]
fn pick<T>(c: bool, a: T, b: T) -> T {
    if c {
        a
    } else {
        b
    }
}

/// a + b = s + err exactly (Knuth's TwoSum: no ordering of a and b needed).
#[inline(always)]
fn two_sum<F: num_traits::Float>(a: F, b: F) -> (F, F) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// a + b = s + err exactly, for |a| >= |b| or a = 0 (Dekker's Fast2Sum).
#[inline(always)]
fn fast_two_sum<F: num_traits::Float>(a: F, b: F) -> (F, F) {
    let s = a + b;
    (s, b - (s - a))
}

const ROUND_F32: f32 = 12_582_912.0; // 1.5 * 2^23: adding it rounds to an integer
