//! Scalar arithmetic per element type, as traits, so each elementwise function
//! is written once and instantiated per dtype. float16 and bfloat16 compute in
//! f32 and round back; integers wrap on overflow; integer division by zero gives 0.

use super::complex_special as cs;
use super::vmath::{VecMath, Vectorised, VectorisedBinary};
use crate::dtype::Element;
use half::{bf16, f16};
use num_complex::{Complex32, Complex64};

/// Operations every numeric (non-bool) type has.
pub trait Num: Element {
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn neg(self) -> Self;
    fn sign(self) -> Self;
    fn pow(self, o: Self) -> Self;
    fn is_nan(self) -> bool;
    fn is_inf(self) -> bool;
    /// `self * b + c`, for real floats with one rounding (a fused multiply-add).
    /// Only for code built for an FMA tier (`loops::in_best_tier`): without
    /// the instruction the float version is a libm call.
    #[inline(always)]
    fn mul_add_fused(self, b: Self, c: Self) -> Self {
        self.mul(b).add(c)
    }
}

/// Ordered numeric types: integers and real floats.
pub trait Real: Num + PartialOrd {
    fn abs(self) -> Self;
    fn floor_div(self, o: Self) -> Self;
    fn rem(self, o: Self) -> Self;
    fn floor(self) -> Self;
    fn ceil(self) -> Self;
    fn trunc(self) -> Self;
    fn round(self) -> Self;
    /// NaN-propagating maximum and minimum.
    fn max(self, o: Self) -> Self {
        if self.is_nan() || o.is_nan() {
            if self.is_nan() {
                self
            } else {
                o
            }
        } else if o > self {
            o
        } else {
            self
        }
    }
    fn min(self, o: Self) -> Self {
        if self.is_nan() || o.is_nan() {
            if self.is_nan() {
                self
            } else {
                o
            }
        } else if o < self {
            o
        } else {
            self
        }
    }
}

/// Integer-only operations.
pub trait Int: Real {
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    fn not(self) -> Self;
    fn shl(self, o: Self) -> Self;
    fn shr(self, o: Self) -> Self;
}

/// Floating types, real and complex: the transcendental functions.
pub trait Float: Num {
    fn div(self, o: Self) -> Self;
    fn recip(self) -> Self;
    fn sqrt(self) -> Self;
    fn exp(self) -> Self;
    fn expm1(self) -> Self;
    fn ln(self) -> Self;
    fn ln1p(self) -> Self;
    fn log2(self) -> Self;
    fn log10(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn tan(self) -> Self;
    fn asin(self) -> Self;
    fn acos(self) -> Self;
    fn atan(self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn tanh(self) -> Self;
    fn asinh(self) -> Self;
    fn acosh(self) -> Self;
    fn atanh(self) -> Self;
    fn is_finite(self) -> bool;
    /// sin, cos and tan as vectorisable straight-line code, correct where
    /// `!self.trig_out_of_range()` (the plain methods are correct everywhere).
    fn sin_inline(self) -> Self {
        self.sin()
    }
    fn cos_inline(self) -> Self {
        self.cos()
    }
    fn tan_inline(self) -> Self {
        self.tan()
    }
    fn trig_out_of_range(self) -> bool {
        false
    }
    /// exp as vectorisable straight-line code, correct where
    /// `!self.exp_out_of_range()`.
    fn exp_inline(self) -> Self {
        self.exp()
    }
    fn exp_out_of_range(self) -> bool {
        false
    }
    /// ln, log2 and log10 as vectorisable straight-line code, correct where
    /// `!self.log_out_of_range()`.
    fn ln_inline(self) -> Self {
        self.ln()
    }
    fn log2_inline(self) -> Self {
        self.log2()
    }
    fn log10_inline(self) -> Self {
        self.log10()
    }
    fn log_out_of_range(self) -> bool {
        false
    }
}

/// Real floats: functions that need an order or a sign bit.
pub trait RealFloat: Float + Real {
    /// `F`'s vectorisable form at this type's precision, correct where
    /// `!self.out_of_range::<F>()`.
    fn inline<F: Vectorised>(self) -> Self;
    fn out_of_range<F: Vectorised>(self) -> bool;
    /// The same for a binary function (`vmath::VectorisedBinary`).
    fn inline2<F: VectorisedBinary>(self, o: Self) -> Self;
    fn out_of_range2<F: VectorisedBinary>(self, o: Self) -> bool;
    fn atan2(self, o: Self) -> Self;
    fn hypot(self, o: Self) -> Self;
    fn copysign(self, o: Self) -> Self;
    fn nextafter(self, o: Self) -> Self;
    fn logaddexp(self, o: Self) -> Self;
    fn signbit(self) -> bool;
}

/// Complex floats: parts and conjugate.
pub trait Complex: Float {
    type Part: RealFloat;
    fn re(self) -> Self::Part;
    fn im(self) -> Self::Part;
    fn conj(self) -> Self;
    fn norm(self) -> Self::Part;
    fn from_parts(re: Self::Part, im: Self::Part) -> Self;
}

// ---------------------------------------------------------------------------
// Integers

/// Python-style floor division and modulo for integers; division by zero gives 0
/// (NumPy's result, without its warning).
macro_rules! int_div {
    (signed) => {
        fn floor_div(self, o: Self) -> Self {
            if o == 0 {
                return 0;
            }
            let q = self.wrapping_div(o);
            if (self.wrapping_rem(o) != 0) && ((self < 0) != (o < 0)) {
                q - 1
            } else {
                q
            }
        }
        fn rem(self, o: Self) -> Self {
            if o == 0 {
                return 0;
            }
            let r = self.wrapping_rem(o);
            if r != 0 && ((r < 0) != (o < 0)) {
                r + o
            } else {
                r
            }
        }
    };
    (unsigned) => {
        fn floor_div(self, o: Self) -> Self {
            if o == 0 {
                0
            } else {
                self / o
            }
        }
        fn rem(self, o: Self) -> Self {
            if o == 0 {
                0
            } else {
                self % o
            }
        }
    };
}

macro_rules! impl_int {
    ($($t:ty: $kind:ident, $abs:expr, $sign:expr);* $(;)?) => {$(
        impl Num for $t {
            #[inline(always)] fn add(self, o: Self) -> Self { self.wrapping_add(o) }
            #[inline(always)] fn sub(self, o: Self) -> Self { self.wrapping_sub(o) }
            #[inline(always)] fn mul(self, o: Self) -> Self { self.wrapping_mul(o) }
            #[inline(always)] fn neg(self) -> Self { (0 as $t).wrapping_sub(self) }
            #[inline(always)] fn sign(self) -> Self { let f: fn($t) -> $t = $sign; f(self) }
            /// Integer power by squaring, wrapping; negative exponents give 0
            /// (or ±1 for bases ±1), as the mathematical result truncated.
            fn pow(self, o: Self) -> Self {
                #[allow(unused_comparisons)]
                if o < 0 {
                    return match self as i128 { 1 => 1, -1 => if (o as i128) % 2 == 0 { 1 } else { self }, _ => 0 };
                }
                let (mut base, mut exp, mut acc) = (self, o as u64, 1 as $t);
                while exp > 0 {
                    if exp & 1 == 1 { acc = acc.wrapping_mul(base); }
                    base = base.wrapping_mul(base);
                    exp >>= 1;
                }
                acc
            }
            #[inline(always)] fn is_nan(self) -> bool { false }
            #[inline(always)] fn is_inf(self) -> bool { false }
        }
        impl Real for $t {
            #[inline(always)] fn abs(self) -> Self { let f: fn($t) -> $t = $abs; f(self) }
            int_div!($kind);
            #[inline(always)] fn floor(self) -> Self { self }
            #[inline(always)] fn ceil(self) -> Self { self }
            #[inline(always)] fn trunc(self) -> Self { self }
            #[inline(always)] fn round(self) -> Self { self }
            #[inline(always)] fn max(self, o: Self) -> Self { Ord::max(self, o) }
            #[inline(always)] fn min(self, o: Self) -> Self { Ord::min(self, o) }
        }
        impl Int for $t {
            #[inline(always)] fn and(self, o: Self) -> Self { self & o }
            #[inline(always)] fn or(self, o: Self) -> Self { self | o }
            #[inline(always)] fn xor(self, o: Self) -> Self { self ^ o }
            #[inline(always)] fn not(self) -> Self { !self }
            /// Shifts by a negative amount or by the bit width or more give 0
            /// (right shifts of negative values give -1), as NumPy.
            #[inline(always)]
            fn shl(self, o: Self) -> Self {
                #[allow(unused_comparisons)]
                if o < 0 || (o as u64) >= <$t>::BITS as u64 { 0 } else { self << o }
            }
            #[inline(always)]
            fn shr(self, o: Self) -> Self {
                #[allow(unused_comparisons)]
                if o < 0 || (o as u64) >= <$t>::BITS as u64 {
                    #[allow(unused_comparisons)]
                    if self < 0 { (0 as $t).wrapping_sub(1) } else { 0 }
                } else { self >> o }
            }
        }
    )*};
}

impl_int! {
    i8: signed, |x: i8| x.wrapping_abs(), |x: i8| x.signum();
    i16: signed, |x: i16| x.wrapping_abs(), |x: i16| x.signum();
    i32: signed, |x: i32| x.wrapping_abs(), |x: i32| x.signum();
    i64: signed, |x: i64| x.wrapping_abs(), |x: i64| x.signum();
    u8: unsigned, |x: u8| x, |x: u8| (x != 0) as u8;
    u16: unsigned, |x: u16| x, |x: u16| (x != 0) as u16;
    u32: unsigned, |x: u32| x, |x: u32| (x != 0) as u32;
    u64: unsigned, |x: u64| x, |x: u64| (x != 0) as u64;
}

// ---------------------------------------------------------------------------
// Real floats. f32/f64 use the std functions; f16/bf16 go through f32.

/// Python/NumPy floor division of floats (divmod semantics, including the
/// signs of zeros and the infinities the standard lists).
fn float_divmod(a: f64, b: f64) -> (f64, f64) {
    if b == 0.0 || a.is_infinite() || a.is_nan() || b.is_nan() {
        // x/0 is ±inf or NaN; ±inf over a finite number stays infinite.
        return ((a / b).floor(), f64::NAN);
    }
    if b.is_infinite() {
        return if a == 0.0 {
            (0f64.copysign(a / b), 0f64.copysign(b))
        } else if (a > 0.0) == (b > 0.0) {
            (0.0, a)
        } else {
            // The standard specifies -0 here (Python's // would give -1).
            (-0.0, b)
        };
    }
    let m = a % b;
    let mut div = (a - m) / b;
    let mut md = m;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            md += b;
            div -= 1.0;
        }
    } else {
        md = 0f64.copysign(b);
    }
    let floordiv = if div != 0.0 {
        let f = div.floor();
        if div - f > 0.5 {
            f + 1.0
        } else {
            f
        }
    } else {
        0f64.copysign(a / b)
    };
    (floordiv, md)
}

macro_rules! impl_real_float {
    ($($t:ty: $via:ty, $to:expr, $from:expr);* $(;)?) => {$(
        impl Num for $t {
            #[inline(always)] fn add(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self) + t(o)) }
            #[inline(always)] fn sub(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self) - t(o)) }
            #[inline(always)] fn mul(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self) * t(o)) }
            #[inline(always)] fn mul_add_fused(self, b: Self, c: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).mul_add(t(b), t(c))) }
            #[inline(always)] fn neg(self) -> Self { -self }
            #[inline(always)] fn sign(self) -> Self {
                let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from);
                let x = t(self);
                f(if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else if x == 0.0 { 0.0 } else { x })
            }
            #[inline(always)] fn pow(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).powf(t(o))) }
            #[inline(always)] fn is_nan(self) -> bool { self != self }
            #[inline(always)] fn is_inf(self) -> bool { let t: fn($t) -> $via = $to; t(self).is_infinite() }
        }
        impl Real for $t {
            #[inline(always)] fn abs(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).abs()) }
            fn floor_div(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(float_divmod(t(self) as f64, t(o) as f64).0 as $via) }
            fn rem(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(float_divmod(t(self) as f64, t(o) as f64).1 as $via) }
            #[inline(always)] fn floor(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).floor()) }
            #[inline(always)] fn ceil(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).ceil()) }
            #[inline(always)] fn trunc(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).trunc()) }
            #[inline(always)] fn round(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).round_ties_even()) }
        }
        impl Float for $t {
            #[inline(always)] fn div(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self) / t(o)) }
            #[inline(always)] fn recip(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(1.0 / t(self)) }
            impl_real_float!(@unary $t, $via, $to, $from; sqrt vexp=>exp exp_m1=>expm1 vln=>ln ln_1p=>ln1p vlog2=>log2 vlog10=>log10 vsin=>sin vcos=>cos vtan=>tan vsin_inline=>sin_inline vcos_inline=>cos_inline vtan_inline=>tan_inline vexp_inline=>exp_inline vln_inline=>ln_inline vlog2_inline=>log2_inline vlog10_inline=>log10_inline asin acos atan sinh cosh tanh vasinh=>asinh vacosh=>acosh vatanh=>atanh);
            #[inline(always)] fn is_finite(self) -> bool { let t: fn($t) -> $via = $to; t(self).is_finite() }
            #[inline(always)] fn trig_out_of_range(self) -> bool { let t: fn($t) -> $via = $to; t(self).vtrig_out_of_range() }
            #[inline(always)] fn exp_out_of_range(self) -> bool { let t: fn($t) -> $via = $to; t(self).vexp_out_of_range() }
            #[inline(always)] fn log_out_of_range(self) -> bool { let t: fn($t) -> $via = $to; t(self).vlog_out_of_range() }
        }
        impl RealFloat for $t {
            #[inline(always)] fn inline<F: Vectorised>(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).vinline::<F>()) }
            #[inline(always)] fn out_of_range<F: Vectorised>(self) -> bool { let t: fn($t) -> $via = $to; t(self).vout_of_range::<F>() }
            #[inline(always)] fn inline2<F: VectorisedBinary>(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).vinline2::<F>(t(o))) }
            #[inline(always)] fn out_of_range2<F: VectorisedBinary>(self, o: Self) -> bool { let t: fn($t) -> $via = $to; t(self).vout_of_range2::<F>(t(o)) }
            fn atan2(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).atan2(t(o))) }
            fn hypot(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).hypot(t(o))) }
            fn copysign(self, o: Self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).copysign(t(o))) }
            fn nextafter(self, o: Self) -> Self { next_after(self, o) }
            fn logaddexp(self, o: Self) -> Self {
                let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from);
                let (a, b) = (t(self), t(o));
                if a == b {
                    // Also right for infinities of the same sign.
                    return f(a + (2.0 as $via).ln());
                }
                let (hi, lo) = if a > b { (a, b) } else { (b, a) };
                if hi.is_nan() || lo.is_nan() { return f(<$via>::NAN); }
                f(hi + (lo - hi).exp().ln_1p())
            }
            #[inline(always)] fn signbit(self) -> bool { let t: fn($t) -> $via = $to; t(self).is_sign_negative() }
        }
    )*};
    (@unary $t:ty, $via:ty, $to:expr, $from:expr; $($m:ident $(=> $name:ident)?)*) => {$(
        impl_real_float!(@one $t, $via, $to, $from, $m $(, $name)?);
    )*};
    (@one $t:ty, $via:ty, $to:expr, $from:expr, $m:ident) => {
        #[inline(always)] fn $m(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).$m()) }
    };
    (@one $t:ty, $via:ty, $to:expr, $from:expr, $m:ident, $name:ident) => {
        #[inline(always)] fn $name(self) -> Self { let (t, f): (fn($t) -> $via, fn($via) -> $t) = ($to, $from); f(t(self).$m()) }
    };
}

impl_real_float! {
    f32: f32, |x| x, |x| x;
    f64: f64, |x| x, |x| x;
    f16: f32, |x: f16| x.to_f32(), f16::from_f32;
    bf16: f32, |x: bf16| x.to_f32(), bf16::from_f32;
}

/// The next representable value after `x` towards `y`, at `T`'s own precision.
fn next_after<T: Element>(x: T, y: T) -> T {
    use crate::dtype::Scalar;
    let (a, b) = (x.to_scalar().as_f64(), y.to_scalar().as_f64());
    if a.is_nan() || b.is_nan() {
        return T::from_scalar(Scalar::Float(f64::NAN));
    }
    if a == b {
        return y;
    }
    // Step the bit pattern of the element type by one unit.
    let bits = size_of::<T>() * 8;
    let raw: u64 = match bits {
        16 => (unsafe { std::mem::transmute_copy::<T, u16>(&x) }) as u64,
        32 => (unsafe { std::mem::transmute_copy::<T, u32>(&x) }) as u64,
        _ => unsafe { std::mem::transmute_copy::<T, u64>(&x) },
    };
    let sign_bit = 1u64 << (bits - 1);
    let next = if a == 0.0 {
        // Smallest subnormal with the sign of the direction.
        if b > 0.0 {
            1
        } else {
            sign_bit | 1
        }
    } else if (a < b) == (a > 0.0) {
        raw + 1
    } else {
        raw - 1
    };
    // SAFETY: T is a plain float of `bits` bits (f16, bf16, f32 or f64).
    unsafe {
        match bits {
            16 => std::mem::transmute_copy::<u16, T>(&(next as u16)),
            32 => std::mem::transmute_copy::<u32, T>(&(next as u32)),
            _ => std::mem::transmute_copy::<u64, T>(&next),
        }
    }
}

// ---------------------------------------------------------------------------
// Complex

/// Complex functions computed in double precision (complex64 rounds the
/// result back): f32 intermediates overflow for moderate inputs (tan(1+45j)).
/// The formulas avoid cancellation and overflow where num-complex's do not.
mod cfun {
    use num_complex::Complex64 as C;
    use std::f64::consts::{FRAC_PI_2, LN_2};

    /// Above this modulus, z² overflows or loses 1 against z²: use asymptotics.
    const LARGE: f64 = 1e150;

    pub fn asinh(z: C) -> C {
        // Odd function: compute in the right half-plane to avoid cancellation.
        if z.re < 0.0 || (z.re == 0.0 && z.re.is_sign_negative()) {
            return -asinh(-z);
        }
        if z.norm() > LARGE {
            return (z.ln()) + LN_2;
        }
        (z + (z * z + 1.0).sqrt()).ln()
    }
    pub fn asin(z: C) -> C {
        // asin(z) = -i asinh(i z)
        let w = asinh(C::new(-z.im, z.re));
        C::new(w.im, -w.re)
    }
    pub fn acos(z: C) -> C {
        let w = asin(z);
        C::new(FRAC_PI_2 - w.re, -w.im)
    }
    pub fn acosh(z: C) -> C {
        if z.norm() > LARGE {
            let w = z.ln() + LN_2;
            // Branch: Re >= 0, Im with the sign of z's imaginary part.
            return C::new(w.re, w.im.abs().copysign(z.im));
        }
        ((z + 1.0).sqrt() * (z - 1.0).sqrt() + z).ln()
    }
    pub fn atanh(z: C) -> C {
        // Odd; 0.5 * (log1p(z) - log1p(-z)), written to keep small z accurate.
        if z.norm() > LARGE {
            return C::new(0.0, FRAC_PI_2.copysign(z.im));
        }
        // 1 - z written out so the imaginary zero keeps its sign (-y), which
        // picks the side of the branch cut as C99 prescribes.
        (C::new(1.0 + z.re, z.im).ln() - C::new(1.0 - z.re, -z.im).ln()) * 0.5
    }
    pub fn tanh(z: C) -> C {
        let (x, y) = (z.re, z.im);
        if x.abs() > 20.0 {
            // tanh → ±1; the imaginary part decays like 4 sin y cos y e^{-2|x|}.
            let e = (-2.0 * x.abs()).exp();
            return C::new(1f64.copysign(x), 4.0 * y.sin() * y.cos() * e);
        }
        let d = (2.0 * x).cosh() + (2.0 * y).cos();
        C::new((2.0 * x).sinh() / d, (2.0 * y).sin() / d)
    }
    /// Beyond this, exp(x) overflows although exp(x) * t may not.
    const EXP_OVERFLOW: f64 = 709.0;

    /// exp(x) * t without intermediate overflow: exp(x/2) * t * exp(x/2).
    fn exp_times(x: f64, t: f64) -> f64 {
        if x > EXP_OVERFLOW {
            let e = (x / 2.0).exp();
            (e * t) * e
        } else {
            x.exp() * t
        }
    }
    /// exp(x) * t / 2, halving where it cannot underflow a tiny t to zero.
    fn half_exp_times(x: f64, t: f64) -> f64 {
        if t.abs() < 1.0 {
            exp_times(x, t) * 0.5
        } else {
            exp_times(x, t * 0.5)
        }
    }
    /// cosh(x) * t and sinh(x) * t, scaled the same way for large |x|.
    fn cosh_times(x: f64, t: f64) -> f64 {
        if x.abs() > EXP_OVERFLOW {
            half_exp_times(x.abs(), t)
        } else {
            x.cosh() * t
        }
    }
    fn sinh_times(x: f64, t: f64) -> f64 {
        if x.abs() > EXP_OVERFLOW {
            let v = half_exp_times(x.abs(), t);
            if x < 0.0 {
                -v
            } else {
                v
            }
        } else {
            x.sinh() * t
        }
    }

    /// exp(x+iy) = e^x (cos y + i sin y); a zero imaginary part stays exact.
    pub fn exp(z: C) -> C {
        let (x, y) = (z.re, z.im);
        if y == 0.0 {
            return C::new(x.exp(), y);
        }
        C::new(exp_times(x, y.cos()), exp_times(x, y.sin()))
    }
    /// sinh(x+iy) = sinh x cos y + i cosh x sin y; a zero imaginary part stays
    /// exact (cosh x may be infinite, and inf * 0 would give NaN).
    pub fn sinh(z: C) -> C {
        let (x, y) = (z.re, z.im);
        let im = if y == 0.0 { y } else { cosh_times(x, y.sin()) };
        let re = if x == 0.0 && y.is_finite() {
            x
        } else {
            sinh_times(x, y.cos())
        };
        C::new(re, im)
    }
    /// cosh(x+iy) = cosh x cos y + i sinh x sin y, with the same care for zeros.
    pub fn cosh(z: C) -> C {
        let (x, y) = (z.re, z.im);
        let im = if y == 0.0 {
            y * x.signum()
        } else if x == 0.0 && y.is_finite() {
            x * y.sin()
        } else {
            sinh_times(x, y.sin())
        };
        C::new(cosh_times(x, y.cos()), im)
    }
    pub fn sin(z: C) -> C {
        // sin(z) = -i sinh(i z)
        let w = sinh(C::new(-z.im, z.re));
        C::new(w.im, -w.re)
    }
    pub fn cos(z: C) -> C {
        // cos(z) = cosh(i z)
        cosh(C::new(-z.im, z.re))
    }
    pub fn tan(z: C) -> C {
        // tan(z) = -i tanh(i z)
        let w = tanh(C::new(-z.im, z.re));
        C::new(w.im, -w.re)
    }
}

macro_rules! impl_complex {
    ($($t:ty: $part:ty);* $(;)?) => {$(
        impl Num for $t {
            #[inline(always)] fn add(self, o: Self) -> Self { self + o }
            #[inline(always)] fn sub(self, o: Self) -> Self { self - o }
            #[inline(always)] fn mul(self, o: Self) -> Self { self * o }
            #[inline(always)] fn neg(self) -> Self { -self }
            fn sign(self) -> Self {
                if self.re.is_nan() || self.im.is_nan() { return Self::new(<$part>::NAN, <$part>::NAN); }
                let s = self.re.abs().max(self.im.abs());
                if s == 0.0 { return Self::new(0.0, 0.0); }
                // Infinite parts: NumPy's z / |z| (inf / inf is NaN).
                if s.is_infinite() { return self / self.norm(); }
                // Scaled by its larger part first, |z| neither overflows
                // (1e308 + 1e308j) nor rounds away a subnormal's bits.
                let w = Self::new(self.re / s, self.im / s);
                w / w.norm()
            }
            fn pow(self, o: Self) -> Self {
                if o.re == 0.0 && o.im == 0.0 { return Self::new(1.0, 0.0); }
                // A zero base, as NumPy: 0 for exponents with a positive real
                // part, else undefined (NaN, not exp(-inf * y)'s inf + nan j).
                if self.re == 0.0 && self.im == 0.0 {
                    return if o.re > 0.0 { Self::new(0.0, 0.0) } else { Self::new(<$part>::NAN, <$part>::NAN) };
                }
                wide(self, o, |a, b| a.powc(b))
            }
            #[inline(always)] fn is_nan(self) -> bool { self.re.is_nan() || self.im.is_nan() }
            #[inline(always)] fn is_inf(self) -> bool { self.re.is_infinite() || self.im.is_infinite() }
        }
        impl Float for $t {
            #[inline(always)] fn div(self, o: Self) -> Self { complex_div(self, o) }
            #[inline(always)] fn recip(self) -> Self { complex_div(Self::new(1.0, 0.0), self) }
            // Each function takes its C99 Annex G special values (infinities,
            // NaNs, signed zeros) from `cs` and computes finite inputs with its formula.
            fn sqrt(self) -> Self { wide1(self, |z| cs::sqrt(z).unwrap_or_else(|| z.sqrt())) }
            fn exp(self) -> Self { wide1(self, |z| cs::exp(z).unwrap_or_else(|| cfun::exp(z))) }
            fn expm1(self) -> Self {
                // exp(z) - 1 without cancellation: e^x cos y - 1 = expm1(x) cos y - 2 sin²(y/2).
                wide1(self, |z| cs::expm1(z).unwrap_or_else(|| {
                    let (x, y) = (z.re, z.im);
                    let s = (y / 2.0).sin();
                    Complex64::new(x.exp_m1() * y.cos() - 2.0 * s * s, x.exp() * y.sin())
                }))
            }
            fn ln(self) -> Self { wide1(self, log) }
            fn ln1p(self) -> Self {
                wide1(self, |z| cs::log1p(z).unwrap_or_else(|| {
                    // Written out so a negative imaginary zero keeps its sign.
                    let w = Complex64::new(1.0 + z.re, z.im);
                    // |1+z|² = 1 + 2x + |z|², so log|1+z| = 0.5 log1p(2x + |z|²) keeps small z exact.
                    if z.norm() < 0.5 { Complex64::new(0.5 * (2.0 * z.re + z.norm_sqr()).ln_1p(), w.arg()) } else { w.ln() }
                }))
            }
            // Scaling each part of log z keeps its infinities, NaNs and zeros.
            fn log2(self) -> Self { wide1(self, |z| log(z) / std::f64::consts::LN_2) }
            fn log10(self) -> Self { wide1(self, |z| log(z) / std::f64::consts::LN_10) }
            fn sin(self) -> Self { wide1(self, |z| cs::sin(z).unwrap_or_else(|| cfun::sin(z))) }
            fn cos(self) -> Self { wide1(self, |z| cs::cos(z).unwrap_or_else(|| cfun::cos(z))) }
            fn tan(self) -> Self { wide1(self, |z| cs::tan(z).unwrap_or_else(|| cfun::tan(z))) }
            fn asin(self) -> Self { wide1(self, |z| cs::asin(z).unwrap_or_else(|| cfun::asin(z))) }
            fn acos(self) -> Self { wide1(self, |z| cs::acos(z).unwrap_or_else(|| cfun::acos(z))) }
            fn atan(self) -> Self {
                wide1(self, |z| cs::atan(z).unwrap_or_else(|| {
                    // atan(z) = -i atanh(i z)
                    let w = cfun::atanh(Complex64::new(-z.im, z.re));
                    Complex64::new(w.im, -w.re)
                }))
            }
            fn sinh(self) -> Self { wide1(self, |z| cs::sinh(z).unwrap_or_else(|| cfun::sinh(z))) }
            fn cosh(self) -> Self { wide1(self, |z| cs::cosh(z).unwrap_or_else(|| cfun::cosh(z))) }
            fn tanh(self) -> Self { wide1(self, |z| cs::tanh(z).unwrap_or_else(|| cfun::tanh(z))) }
            fn asinh(self) -> Self { wide1(self, |z| cs::asinh(z).unwrap_or_else(|| cfun::asinh(z))) }
            fn acosh(self) -> Self { wide1(self, |z| cs::acosh(z).unwrap_or_else(|| cfun::acosh(z))) }
            fn atanh(self) -> Self { wide1(self, |z| cs::atanh(z).unwrap_or_else(|| cfun::atanh(z))) }
            #[inline(always)] fn is_finite(self) -> bool { self.re.is_finite() && self.im.is_finite() }
        }
        impl Complex for $t {
            type Part = $part;
            #[inline(always)] fn re(self) -> $part { self.re }
            #[inline(always)] fn im(self) -> $part { self.im }
            #[inline(always)] fn conj(self) -> Self { Self::new(self.re, -self.im) }
            fn norm(self) -> $part {
                if self.re.is_infinite() || self.im.is_infinite() { <$part>::INFINITY } else { self.re.hypot(self.im) }
            }
            #[inline(always)] fn from_parts(re: $part, im: $part) -> Self { Self::new(re, im) }
        }
    )*};
}

/// Natural log in complex128: special values, then num-complex's ln|z| + i arg z.
fn log(z: Complex64) -> Complex64 {
    cs::log(z).unwrap_or_else(|| z.ln())
}

/// Apply a complex128 function to any complex element, rounding back.
#[inline(always)]
fn wide1<T: Element>(z: T, f: impl Fn(Complex64) -> Complex64) -> T {
    T::from_scalar(crate::dtype::Scalar::Complex(f(z.to_scalar().as_complex())))
}

#[inline(always)]
fn wide<T: Element>(a: T, b: T, f: impl Fn(Complex64, Complex64) -> Complex64) -> T {
    let w = |x: T| x.to_scalar().as_complex();
    T::from_scalar(crate::dtype::Scalar::Complex(f(w(a), w(b))))
}

impl_complex! {
    Complex32: f32;
    Complex64: f64;
}

/// Complex division with Smith's scaling (no overflow for large operands),
/// and C99 Annex G's infinities and zeros.
fn complex_div<T: Complex>(a: T, b: T) -> T
where
    T::Part: Into<f64>,
{
    use crate::dtype::Scalar;
    let (ar, ai, br, bi): (f64, f64, f64, f64) =
        (a.re().into(), a.im().into(), b.re().into(), b.im().into());
    let (re, im) = if br == 0.0 && bi == 0.0 {
        (ar / br.abs(), ai / br.abs())
    } else if br.abs() >= bi.abs() {
        let r = bi / br;
        let d = br + bi * r;
        ((ar + ai * r) / d, (ai - ar * r) / d)
    } else {
        let r = br / bi;
        let d = br * r + bi;
        ((ar * r + ai) / d, (ai * r - ar) / d)
    };
    T::from_scalar(Scalar::Complex(Complex64::new(re, im)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_division_follows_python() {
        assert_eq!((-7i32).floor_div(2), -4);
        assert_eq!((-7i32).rem(2), 1);
        assert_eq!(7i32.rem(-2), -1);
        assert_eq!(5i8.floor_div(0), 0);
        assert_eq!(i8::MIN.floor_div(-1), i8::MIN);
        assert_eq!(200u8.add(100), 44);
    }

    #[test]
    fn float_division_special_cases() {
        assert_eq!((-7.0f64).floor_div(2.0), -4.0);
        assert_eq!(7.0f64.rem(-2.0), -1.0);
        assert_eq!(5.0f64.rem(f64::INFINITY), 5.0);
        let q = 5.0f64.floor_div(f64::NEG_INFINITY);
        assert!(q == 0.0 && q.is_sign_negative());
        assert_eq!((-5.0f64).rem(f64::INFINITY), f64::INFINITY);
        assert!((1.0f64).floor_div(0.0).is_infinite());
        assert!((0.0f64).rem(-1.0).is_sign_negative());
    }

    #[test]
    fn shifts_and_powers() {
        assert_eq!(1i32.shl(40), 0);
        assert_eq!((-8i32).shr(100), -1);
        assert_eq!(1i32.shl(-1), 0);
        assert_eq!(3i64.pow(4), 81);
        assert_eq!(Num::pow(2i64, -1), 0);
        assert_eq!(Num::pow(-1i64, -3), -1);
        assert_eq!(Num::pow(f64::NAN, 0.0), 1.0);
    }

    #[test]
    fn float_helpers() {
        assert_eq!(1.0f64.nextafter(2.0), 1.0 + f64::EPSILON);
        assert_eq!(0.0f32.nextafter(-1.0), -f32::from_bits(1));
        assert_eq!(
            f16::from_f32(1.0).nextafter(f16::from_f32(2.0)),
            f16::from_f32(1.0009766)
        );
        assert!((1.0f64.logaddexp(1.0) - (1.0 + 2f64.ln())).abs() < 1e-15);
        assert_eq!(f64::INFINITY.logaddexp(f64::INFINITY), f64::INFINITY);
        assert!(Real::max(1.0f64, f64::NAN).is_nan());
        assert_eq!(Real::round(2.5f64), 2.0);
    }

    /// Parts equal, with zeros and infinities matching in sign and NaN matching NaN.
    fn same(got: Complex64, re: f64, im: f64) -> bool {
        let eq = |g: f64, e: f64| {
            (g.is_nan() && e.is_nan()) || (g == e && g.is_sign_negative() == e.is_sign_negative())
        };
        eq(got.re, re) && eq(got.im, im)
    }

    #[test]
    fn complex_special_values() {
        use std::f64::consts::FRAC_PI_2;
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        let c = Complex64::new;
        // Float:: calls: num-complex's inherent methods would shadow the trait.
        // ∞·0 must not leak NaN into an exact zero part.
        assert!(same(Float::cosh(c(inf, 0.0)), inf, 0.0));
        assert!(same(Float::expm1(c(inf, 0.0)), inf, 0.0));
        assert!(same(Float::exp(c(800.0, 0.0)), inf, 0.0));
        // Signed zeros through the stated symmetries.
        assert!(same(Float::tanh(c(-0.0, inf)), -0.0, nan));
        assert!(same(Float::sqrt(c(0.0, -0.0)), 0.0, -0.0));
        assert!(same(
            Float::ln(c(-0.0, -0.0)),
            f64::NEG_INFINITY,
            -std::f64::consts::PI
        ));
        assert!(same(Float::acos(c(0.0, nan)), FRAC_PI_2, nan));
        assert!(same(Float::atanh(c(inf, nan)), 0.0, nan));
        assert!(same(Float::sqrt(c(-inf, nan)), nan, inf));
        assert!(same(Float::expm1(c(-inf, inf)), -1.0, 0.0));
        // complex64 takes the same path and rounds back.
        let z = Float::tanh(Complex32::new(f32::INFINITY, 1.0));
        assert!(z.re == 1.0 && z.im == 0.0 && z.im.is_sign_positive());
        // Finite inputs still use the accurate formulas.
        let w = Float::expm1(c(1e-20, 1e-20));
        assert!((w.re - 1e-20).abs() < 1e-34 && (w.im - 1e-20).abs() < 1e-34);
    }

    #[test]
    fn complex_basics() {
        let z = Complex64::new(3.0, 4.0);
        assert_eq!(z.norm(), 5.0);
        assert_eq!(z.div(Complex64::new(0.0, 1.0)), Complex64::new(4.0, -3.0));
        assert_eq!(
            Complex64::new(0.0, 0.0).pow(Complex64::new(0.0, 0.0)),
            Complex64::new(1.0, 0.0)
        );
    }
}
