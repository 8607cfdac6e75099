//! Special values of the complex elementwise functions (array API standard
//! 2025.12, which follows C99 Annex G): results for infinite and NaN parts and
//! for signed zeros, which the finite formulas in `math.rs` get wrong (∞·0 = NaN,
//! ∞ - ∞ = NaN, lost zero signs).
//!
//! Each function returns `Some(result)` for an input it must special-case and
//! `None` for an ordinary finite input, which the caller then computes with its
//! accurate finite formula. Everything is in complex128; complex64 rounds back.
//!
//! The cases are written for the quadrant the standard lists them in (real part
//! with a clear sign bit for odd/even functions, imaginary part with a clear sign
//! bit everywhere) and reached through the symmetries the standard states:
//! f(conj z) = conj f(z), and f(-z) = -f(z) (odd) or f(-z) = f(z) (even).

use num_complex::Complex64 as C;
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

const NAN: f64 = f64::NAN;
const INF: f64 = f64::INFINITY;
const NAN_NAN: C = C::new(NAN, NAN);
/// 3π/4
const FRAC_3PI_4: f64 = 3.0 * FRAC_PI_4;

/// The sign bit is set on a number (NaN excluded: its sign carries no meaning,
/// so a NaN part never selects a mirrored case).
fn negative(x: f64) -> bool {
    x.is_sign_negative() && !x.is_nan()
}

/// Evaluate `f` for an imaginary part with a clear sign bit, using
/// f(conj z) = conj f(z) for the lower half-plane.
fn upper(z: C, f: impl Fn(f64, f64) -> Option<C>) -> Option<C> {
    if negative(z.im) {
        f(z.re, -z.im).map(|w| w.conj())
    } else {
        f(z.re, z.im)
    }
}

/// Odd functions, f(-z) = -f(z): reduce to a real part with a clear sign bit.
fn odd(z: C, f: impl Fn(f64, f64) -> Option<C>) -> Option<C> {
    if negative(z.re) {
        upper(-z, f).map(|w| -w)
    } else {
        upper(z, f)
    }
}

/// Even functions, f(-z) = f(z).
fn even(z: C, f: impl Fn(f64, f64) -> Option<C>) -> Option<C> {
    if negative(z.re) {
        upper(-z, f)
    } else {
        upper(z, f)
    }
}

/// i·z and -i·z, exact (signed zeros and NaNs kept in place).
fn mul_i(z: C) -> C {
    C::new(-z.im, z.re)
}
fn mul_neg_i(z: C) -> C {
    C::new(z.im, -z.re)
}

/// ∞·cis(b) and 0·cis(b) for finite b: the sign of each part follows cos b and
/// sin b (computed per part so that ∞·0 never arises for b = 0).
fn scaled_cis(r: f64, b: f64) -> C {
    let part = |t: f64| if t == 0.0 { t } else { r * t };
    C::new(part(b.cos()), part(b.sin()))
}

pub fn sqrt(z: C) -> Option<C> {
    upper(z, |a, b| {
        Some(if b == INF {
            // Holds even for a NaN real part: the result is ∞ whatever a is.
            C::new(INF, INF)
        } else if a.is_nan() {
            NAN_NAN
        } else if b.is_nan() {
            match a {
                INF => C::new(INF, NAN),
                f64::NEG_INFINITY => C::new(NAN, INF),
                _ => NAN_NAN,
            }
        } else if a == INF {
            C::new(INF, 0.0)
        } else if a == f64::NEG_INFINITY {
            C::new(0.0, INF)
        } else if a == 0.0 && b == 0.0 {
            C::new(0.0, b)
        } else {
            return None;
        })
    })
}

/// exp and expm1 share their cases; `minus` is 0 for exp and 1 for expm1
/// (the "- 1.0" the standard appends to expm1's results).
fn exp_cases(z: C, minus: f64) -> Option<C> {
    upper(z, |a, b| {
        Some(if a.is_nan() {
            // exp(NaN + 0j) keeps the exact zero imaginary part.
            if b == 0.0 {
                C::new(NAN, b)
            } else {
                NAN_NAN
            }
        } else if !b.is_finite() {
            // b is +∞ or NaN: cis(b) is undefined.
            match a {
                INF => C::new(INF, NAN),
                // e^-∞ = +0 (0.0 - minus, not -minus, which would be -0 for exp).
                f64::NEG_INFINITY => C::new(0.0 - minus, 0.0),
                _ => NAN_NAN,
            }
        } else if a == INF {
            let w = scaled_cis(INF, b);
            C::new(w.re - minus, w.im)
        } else if a == f64::NEG_INFINITY {
            let w = scaled_cis(0.0, b);
            C::new(w.re - minus, w.im)
        } else if b == 0.0 {
            // Real input: e^a alone (the general e^a·sin 0 is ∞·0 = NaN for large a).
            // expm1(-0) is -0, but the standard gives +0 for complex ±0 + 0j
            // (e^-0·cos 0 - 1 = +0); adding +0 turns only -0 into +0.
            C::new(
                if minus == 0.0 {
                    a.exp()
                } else {
                    a.exp_m1() + 0.0
                },
                b,
            )
        } else {
            return None;
        })
    })
}

pub fn exp(z: C) -> Option<C> {
    exp_cases(z, 0.0)
}

pub fn expm1(z: C) -> Option<C> {
    exp_cases(z, 1.0)
}

/// log's non-finite cases (also log1p's: 1 + z has the same infinities and NaNs).
fn log_nonfinite(a: f64, b: f64) -> Option<C> {
    Some(if a.is_nan() {
        if b == INF {
            C::new(INF, NAN)
        } else {
            NAN_NAN
        }
    } else if b.is_nan() {
        if a.is_infinite() {
            C::new(INF, NAN)
        } else {
            NAN_NAN
        }
    } else if b == INF {
        match a {
            INF => C::new(INF, FRAC_PI_4),
            f64::NEG_INFINITY => C::new(INF, FRAC_3PI_4),
            _ => C::new(INF, FRAC_PI_2),
        }
    } else if a == INF {
        C::new(INF, 0.0)
    } else if a == f64::NEG_INFINITY {
        C::new(INF, PI)
    } else {
        return None;
    })
}

pub fn log(z: C) -> Option<C> {
    upper(z, |a, b| {
        log_nonfinite(a, b).or_else(|| {
            // log(±0 + 0j) = -∞ + arg, arg being 0 or π by the zero's sign.
            (a == 0.0 && b == 0.0)
                .then(|| C::new(f64::NEG_INFINITY, if negative(a) { PI } else { 0.0 }))
        })
    })
}

pub fn log1p(z: C) -> Option<C> {
    upper(z, |a, b| {
        log_nonfinite(a, b)
            .or_else(|| (a == -1.0 && b == 0.0).then_some(C::new(f64::NEG_INFINITY, 0.0)))
    })
}

pub fn cosh(z: C) -> Option<C> {
    even(z, |a, b| {
        Some(if a == 0.0 {
            if b == 0.0 {
                C::new(1.0, 0.0)
            } else if b.is_finite() {
                return None;
            } else {
                // b is +∞ or NaN; the zero's sign is unspecified.
                C::new(NAN, 0.0)
            }
        } else if a.is_nan() {
            if b == 0.0 {
                C::new(NAN, 0.0)
            } else {
                NAN_NAN
            }
        } else if a == INF {
            if b.is_finite() {
                scaled_cis(INF, b)
            } else {
                C::new(INF, NAN)
            }
        } else if !b.is_finite() {
            NAN_NAN
        } else if b == 0.0 {
            // Real input: sinh(a)·sin(0) would be ∞·0 for large a.
            C::new(a.cosh(), 0.0)
        } else {
            return None;
        })
    })
}

pub fn sinh(z: C) -> Option<C> {
    odd(z, |a, b| {
        Some(if a == 0.0 {
            if b == 0.0 {
                C::new(0.0, 0.0)
            } else if b.is_finite() {
                return None;
            } else {
                C::new(0.0, NAN)
            }
        } else if a.is_nan() {
            if b == 0.0 {
                C::new(NAN, 0.0)
            } else {
                NAN_NAN
            }
        } else if a == INF {
            if b.is_finite() {
                scaled_cis(INF, b)
            } else {
                C::new(INF, NAN)
            }
        } else if !b.is_finite() {
            NAN_NAN
        } else if b == 0.0 {
            // Real input: cosh(a)·sin(0) would be ∞·0 for large a.
            C::new(a.sinh(), 0.0)
        } else {
            return None;
        })
    })
}

pub fn tanh(z: C) -> Option<C> {
    odd(z, |a, b| {
        Some(if a == 0.0 {
            if b == 0.0 {
                C::new(0.0, 0.0)
            } else if b.is_finite() {
                return None;
            } else {
                // tanh(+0 + i∞) = +0 + NaN j (C11; older C gave NaN + NaN j).
                C::new(0.0, NAN)
            }
        } else if a.is_nan() {
            if b == 0.0 {
                C::new(NAN, 0.0)
            } else {
                NAN_NAN
            }
        } else if a == INF {
            // tanh → 1 along the real direction whatever b is; the imaginary
            // part is an exact zero (its sign is unspecified for b = ∞ or NaN).
            C::new(1.0, 0.0)
        } else if !b.is_finite() {
            NAN_NAN
        } else if b == 0.0 {
            C::new(a.tanh(), 0.0)
        } else {
            return None;
        })
    })
}

/// sin z = -i sinh(iz), cos z = cosh(iz), tan z = -i tanh(iz): the standard
/// defines their special cases through these identities.
pub fn sin(z: C) -> Option<C> {
    sinh(mul_i(z)).map(mul_neg_i)
}

pub fn cos(z: C) -> Option<C> {
    cosh(mul_i(z))
}

pub fn tan(z: C) -> Option<C> {
    tanh(mul_i(z)).map(mul_neg_i)
}

pub fn asinh(z: C) -> Option<C> {
    odd(z, |a, b| {
        Some(if a.is_nan() {
            if b == 0.0 {
                C::new(NAN, 0.0)
            } else if b == INF {
                C::new(INF, NAN)
            } else {
                NAN_NAN
            }
        } else if a == INF {
            if b.is_nan() {
                C::new(INF, NAN)
            } else if b == INF {
                C::new(INF, FRAC_PI_4)
            } else {
                C::new(INF, 0.0)
            }
        } else if b.is_nan() {
            NAN_NAN
        } else if b == INF {
            C::new(INF, FRAC_PI_2)
        } else if a == 0.0 && b == 0.0 {
            C::new(0.0, 0.0)
        } else {
            return None;
        })
    })
}

/// asin z = -i asinh(iz) (the standard lists no separate cases for asin).
pub fn asin(z: C) -> Option<C> {
    asinh(mul_i(z)).map(mul_neg_i)
}

pub fn acosh(z: C) -> Option<C> {
    upper(z, |a, b| {
        Some(if a.is_nan() {
            if b == INF {
                C::new(INF, NAN)
            } else {
                NAN_NAN
            }
        } else if a.is_infinite() {
            if b.is_nan() {
                C::new(INF, NAN)
            } else if b == INF {
                C::new(INF, if a > 0.0 { FRAC_PI_4 } else { FRAC_3PI_4 })
            } else {
                C::new(INF, if a > 0.0 { 0.0 } else { PI })
            }
        } else if b == INF {
            C::new(INF, FRAC_PI_2)
        } else if b.is_nan() {
            // On the imaginary axis the angle is known (±π/2, sign unspecified).
            if a == 0.0 {
                C::new(NAN, FRAC_PI_2)
            } else {
                NAN_NAN
            }
        } else if a == 0.0 && b == 0.0 {
            C::new(0.0, FRAC_PI_2)
        } else {
            return None;
        })
    })
}

pub fn acos(z: C) -> Option<C> {
    upper(z, |a, b| {
        Some(if a.is_nan() {
            if b == INF {
                C::new(NAN, -INF)
            } else {
                NAN_NAN
            }
        } else if a.is_infinite() {
            if b.is_nan() {
                C::new(NAN, INF)
            } else if b == INF {
                C::new(if a > 0.0 { FRAC_PI_4 } else { FRAC_3PI_4 }, -INF)
            } else {
                C::new(if a > 0.0 { 0.0 } else { PI }, -INF)
            }
        } else if b == INF {
            C::new(FRAC_PI_2, -INF)
        } else if b.is_nan() {
            if a == 0.0 {
                C::new(FRAC_PI_2, NAN)
            } else {
                NAN_NAN
            }
        } else if a == 0.0 && b == 0.0 {
            C::new(FRAC_PI_2, -0.0)
        } else {
            return None;
        })
    })
}

pub fn atanh(z: C) -> Option<C> {
    odd(z, |a, b| {
        Some(if a.is_nan() {
            if b == INF {
                C::new(0.0, FRAC_PI_2)
            } else {
                NAN_NAN
            }
        } else if a == INF {
            C::new(0.0, if b.is_nan() { NAN } else { FRAC_PI_2 })
        } else if b == INF {
            C::new(0.0, FRAC_PI_2)
        } else if b.is_nan() {
            if a == 0.0 {
                C::new(0.0, NAN)
            } else {
                NAN_NAN
            }
        } else if b == 0.0 && (a == 0.0 || a == 1.0) {
            // atanh(+0) = +0; atanh(1) is the pole.
            C::new(if a == 0.0 { 0.0 } else { INF }, 0.0)
        } else {
            return None;
        })
    })
}

/// atan z = -i atanh(iz).
pub fn atan(z: C) -> Option<C> {
    atanh(mul_i(z)).map(mul_neg_i)
}
