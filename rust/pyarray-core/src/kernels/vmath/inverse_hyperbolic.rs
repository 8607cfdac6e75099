//! log1p, asinh, acosh and atanh of float64 and float32.

use super::*;

// log1p, asinh, acosh and atanh of float64 (`Vectorised`)

/// ln(hi + lo) for hi positive, normal and finite and |lo| below about
/// 2^-51 hi: `ln_f64`'s form with the correction c = lo/hi added with the
/// smallest terms, as fdlibm's log1p adds its own. c needs few correct
/// bits, so no division: hi = 2^e m, c = lo 2^-e / m with 1/m = 1/(1 + f)
/// by its series to f^5 (relative error f^6 < 0.5%: under 1/40 ulp of
/// the result). c's own rounding and the dropped c^2/2 count only when
/// the result is itself near c (below about 2^-40): callers take results
/// there from a short series instead.
#[inline(always)]
pub(super) fn ln_sum(hi: f64, lo: f64) -> f64 {
    const INV_1P: [f64; 6] = [-1.0, 1.0, -1.0, 1.0, -1.0, 1.0];
    let LogParts { e, f, s, hfsq, r } = log_parts(hi);
    // 2^-e, with e as `log_parts` finds it (integer lanes: a float-to-int
    // conversion would not vectorise); 0 for hi near f64::MAX (e = 1024),
    // where c is far below the result's ulp anyway.
    const SQRT_HALF_BITS: u64 = 0x3fe6_a09e_667f_3bcd;
    let e_int = (hi.to_bits().wrapping_sub(SQRT_HALF_BITS) as i64) >> 52;
    let biased = (1023 - e_int).max(0) as u64;
    let c = lo * f64::from_bits(biased << 52) * horner(f, &INV_1P);
    e * LN2_HI + (f - (hfsq - (s * (hfsq + r) + (e * LN2_LO + c))))
}

/// Below this |x|, log1p(x) = x - x^2/2 and asinh(x) = atanh(x) = x
/// (the next term is below 2^-56 relative), as in fdlibm.
pub(super) const TINY: f64 = 3.725_290_298_461_914e-9; // 2^-28

/// Above this |x| asinh and acosh use ln(2|x|): the next term, 1/(4x^2),
/// is below 2^-58 of it, and x^2 would overflow further up.
pub(super) const HYPER_BIG: f64 = 268_435_456.0; // 2^28

/// Largest |x| for the inline asinh and acosh (2|x| must stay finite).
pub const HYPER_INLINE_MAX: f64 = 1.0e300;

/// ln(1 + x): u = 1 + x rounded, its rounding error err (exact, by
/// TwoSum) enters as the correction err/u (fdlibm's method, branch-free;
/// `ln_sum` finds err/u without a division);
/// x - x^2/2 for |x| < 2^-28 (keeps -0). Inline range: -1 < x < +inf.
/// Measured: within 1 ulp of glibc's log1p, 0.79 ulp from the exact value
/// at worst (mpmath). float32 use: equal to libm's.
#[inline(always)]
pub fn log1p_f64(x: f64) -> f64 {
    let (u, err) = two_sum(1.0, x);
    let y = ln_sum(u, err);
    // Tiny x: err/u is most of the result and its rounding would show.
    if x.abs() < TINY {
        (-0.5 * x).mul_add(x, x)
    } else {
        y
    }
}

/// NaN, x <= -1 (the pole and the domain) and +inf.
#[inline(always)]
pub fn log1p_f64_out_of_range(x: f64) -> bool {
    !(x > -1.0 && x < f64::INFINITY)
}

/// sqrt(q + qlo) as s(1 + d) where the caller divides: returns s and
/// the numerator n of d = n / (2 s^2), n = q - s^2 + qlo (the s^2 part by
/// a fused multiply-add, exact).
#[inline(always)]
pub(super) fn sqrt_parts(q: f64, qlo: f64) -> (f64, f64) {
    let s = q.sqrt();
    (s, (-s).mul_add(s, q) + qlo)
}

/// asinh(|x|) = ln(|x| + sqrt(x^2 + 1)) on |x| <= 2^28, with x^2 + 1
/// kept in two parts (an FMA for x^2's low half, TwoSum for the + 1), its
/// square root corrected to first order and the sum's rounding error
/// carried as a correction into the log (`ln_sum`) (so small x, where the
/// sum is near 1, lose nothing); ln(2|x|) above, x below 2^-28. The sign
/// of x is put back.
/// Inline range: |x| <= `HYPER_INLINE_MAX`. Measured: 0.79 ulp from the
/// exact value at worst (mpmath), so within 1 ulp of correctly rounded;
/// up to 2 ulp from glibc's asinh, itself up to 1.6 ulp off. float32 use:
/// equal to libm's.
#[inline(always)]
pub fn asinh_f64(x: f64) -> f64 {
    let a = x.abs();
    let x2 = a * a;
    let x2lo = a.mul_add(a, -x2);
    let (q, qlo) = two_sum(x2, 1.0);
    let (s, n) = sqrt_parts(q, qlo + x2lo);
    // s >= a, so Fast2Sum: hi + lo = a + s exactly.
    let hi = a + s;
    let lo = a - (hi - s);
    let lo = lo + n / (2.0 * s);
    let big = a > HYPER_BIG;
    let y = ln_sum(if big { 2.0 * a } else { hi }, if big { 0.0 } else { lo });
    if a < TINY {
        x
    } else {
        y.copysign(x)
    }
}

/// NaN, infinities and |x| > `HYPER_INLINE_MAX`.
#[inline(always)]
pub fn asinh_f64_out_of_range(x: f64) -> bool {
    !(x.abs() <= HYPER_INLINE_MAX)
}

/// acosh(x) = ln(x + sqrt(x^2 - 1)) on x <= 2^28, with x^2 - 1 kept in
/// two parts (exact near 1, where it cancels), as in `asinh_f64`;
/// ln(2x) above. Inline range: 1 <= x <= `HYPER_INLINE_MAX`. Measured:
/// 0.78 ulp from the exact value at worst (mpmath); up to 2 ulp from
/// glibc's acosh, itself up to 2 ulp off near 1. float32 use: equal to
/// libm's.
#[inline(always)]
pub fn acosh_f64(x: f64) -> f64 {
    let x2 = x * x;
    let x2lo = x.mul_add(x, -x2);
    // x^2 >= 1, so Fast2Sum: q + qlo = x^2 - 1 exactly.
    let q = x2 - 1.0;
    let qlo = (x2 - q) - 1.0;
    let (s, n) = sqrt_parts(q, qlo + x2lo);
    let hi = x + s;
    let lo = (x - hi) + s; // x >= s: Fast2Sum
                           // At x = 1, s = 0 and n / 2s is 0/0; the answer is ln(1) = 0.
    let lo = if q > 0.0 { lo + n / (2.0 * s) } else { 0.0 };
    let big = x > HYPER_BIG;
    ln_sum(if big { 2.0 * x } else { hi }, if big { 0.0 } else { lo })
}

/// NaN, x < 1 (outside the domain), +inf and x > `HYPER_INLINE_MAX`.
#[inline(always)]
pub fn acosh_f64_out_of_range(x: f64) -> bool {
    !(1.0..=HYPER_INLINE_MAX).contains(&x)
}

/// atanh(|x|) = ln((1 + |x|) / (1 - |x|)) / 2, the numerator and
/// denominator each in two parts (TwoSum), the quotient's rounding error
/// (an FMA gives the remainder exactly) carried as a correction into the
/// log (`ln_sum`); x itself below 2^-28. The sign of x is put back. Inline
/// range: |x| < 1. Measured: 0.82 ulp from the exact value at worst
/// (mpmath); up to 2 ulp from glibc's atanh, itself up to 1.6 ulp off.
/// float32 use: equal to libm's.
#[inline(always)]
pub fn atanh_f64(x: f64) -> f64 {
    let a = x.abs();
    let (n, nlo) = two_sum(1.0, a);
    let (d, dlo) = two_sum(1.0, -a);
    // 1/(1 + a) ~ 1 - a h(a), h a cubic fit to 1/(1 + a) on [0, 1]: the
    // relative error, under a 2^-9, vanishes with a as the result does.
    const H: [f64; 4] = [-0.221_837_09, 0.665_511_27, -0.942_807_63, 0.998_266_90];
    let t = n / d;
    // (n + nlo) / (d + dlo) = t + lo to first order, the remainder n - t d
    // of the rounded quotient exact by FMA. lo = rem t / n needs few
    // correct bits, so 1/n comes from the fit, not a second division.
    let rem = (-t).mul_add(d, n) + nlo - t * dlo;
    let lo = rem * t * (-a).mul_add(horner(a, &H), 1.0);
    let y = (0.5 * ln_sum(t, lo)).copysign(x);
    if a < TINY {
        x
    } else {
        y
    }
}

/// NaN, |x| >= 1 (the poles, outside the domain) and infinities.
#[inline(always)]
pub fn atanh_f64_out_of_range(x: f64) -> bool {
    !(x.abs() < 1.0)
}

/// asinh, acosh and atanh of every float64: the inline forms, and the
/// inputs beyond them from their limits (ln|x| + ln 2 above 1e300, the
/// poles, NaN outside the domain). Not std's `f64::asinh` and the like:
/// those are Rust formulas, not libm's, and are far off in places (acosh
/// by 2.5e7 ulp at 1 + 2^-52, atanh by 1.3e4 ulp near -1, asinh and acosh
/// infinite above 9e307).
#[inline(always)]
pub fn asinh_any(x: f64) -> f64 {
    if asinh_f64_out_of_range(x) {
        (x.abs().ln() + std::f64::consts::LN_2).copysign(x)
    } else {
        asinh_f64(x)
    }
}

/// See `asinh_any`.
#[inline(always)]
pub fn acosh_any(x: f64) -> f64 {
    if !acosh_f64_out_of_range(x) {
        acosh_f64(x)
    } else if x > HYPER_INLINE_MAX {
        x.ln() + std::f64::consts::LN_2
    } else {
        f64::NAN
    }
}

/// See `asinh_any`.
#[inline(always)]
pub fn atanh_any(x: f64) -> f64 {
    if !atanh_f64_out_of_range(x) {
        atanh_f64(x)
    } else if x.abs() == 1.0 {
        f64::INFINITY.copysign(x)
    } else {
        f64::NAN
    }
}

// log1p, asinh, acosh and atanh in float32 lanes (`Vectorised`), through
// `ln_pair_f32`, the log of a float32 pair hi + lo: the cancellation near 1
// that makes log1p-type functions hard is carried in lo rather than lost.

/// ln(hi + lo) for a positive normal finite hi and |lo| <= ulp(hi): hi =
/// 2^e m, m in [sqrt(1/2), sqrt(2)) (`log_reduce_f32`), f = m - 1 exact;
/// lo scaled by 2^-e joins f as a pair F + Flo (Fast2Sum is exact: f is 0
/// or a multiple of ulp(m) >= |lo 2^-e|). ln(1 + F + Flo) = F + F^2 Q(F) +
/// Flo (1 - F), Q as `ln1p_q_f32`, the last term Flo/(1 + F) to under 0.1
/// ulp since |Flo| <= ulp(F)/2. CLAMP: e can reach 127 (log1p of x near
/// f32::MAX, where lo no longer matters), so the 2^-e scale is clamped
/// rather than built subnormal; asinh, acosh and atanh have e <= 64 and
/// skip the clamp.
#[inline(always)]
pub(super) fn ln_pair_f32<const CLAMP: bool>(hi: f32, lo: f32) -> f32 {
    let (e, m) = log_reduce_f32(hi);
    let se = if CLAMP { (127 - e).max(1) } else { 127 - e };
    let scale = f32::from_bits((se as u32) << 23);
    let (f, flo) = fast_two_sum(m - 1.0, lo * scale);
    let z = f * f;
    let tail = z * ln1p_q_f32(f, z);
    let small = flo.mul_add(1.0 - f, tail);
    let e = e as f32;
    e.mul_add(LN2_HI_F32, f + e.mul_add(LN2_LO_F32, small))
}

/// sqrt(d_hi + d_lo) as a pair, d_hi >= 0: one Newton correction,
/// (d - s^2)/(2s) with d - s^2 from a fused multiply-add. The max keeps
/// d = 0 (acosh(1)) from 0/0.
#[inline(always)]
pub(super) fn sqrt_pair_f32(d_hi: f32, d_lo: f32) -> (f32, f32) {
    let s = d_hi.sqrt();
    let r = (-s).mul_add(s, d_hi) + d_lo;
    (s, r / (2.0 * s).max(f32::MIN_POSITIVE))
}

/// log1p(x) = ln(1 + x) in float32 lanes: 1 + x as an exact pair (Fast2Sum, the
/// larger first) into `ln_pair_f32`. Inline for -1 < x <= f32::MAX. Exhaustive:
/// within 1 ulp of glibc's log1p (0.40% of inline inputs off by 1: 12,775,267
/// of 3,204,448,256). Lab: 0.639 / 0.406 ns/element (AVX2 / AVX-512), Horner
/// form before 0.745 / 0.431 (0.357% at 1 ulp).
#[inline(always)]
pub fn log1p_f32(x: f32) -> f32 {
    let (hi, lo) = fast_two_sum(x.max(1.0), x.min(1.0));
    // The pair of 1 + -0 is (1, +0); log1p(-0) = -0.
    pick(x == 0.0, x, ln_pair_f32::<true>(hi, lo))
}

/// NaN, +-inf, or x <= -1 (log1p(-1) = -inf, below it NaN).
#[inline(always)]
pub fn log1p_f32_out_of_range(x: f32) -> bool {
    !(x > -1.0 && x <= f32::MAX)
}

/// Largest |x| for the inline asinh and acosh: x^2 stays finite (< 2^126),
/// so one formula serves every inline x, no ln(2|x|) branch.
pub(super) const HYP_INLINE_MAX: f32 = 9.223_372e18; // 2^63

/// asinh(x) = sign(x) ln(|x| + sqrt(x^2 + 1)) in float32 lanes, the sum carried
/// as a pair: x^2 + 1 exact (fma product, Fast2Sum), its square root to a pair,
/// |x| added (Fast2Sum, the root is larger), into `ln_pair_f32`; the pair's
/// ~2^-46 error leaves no cancellation for small |x| (down to subnormals, where
/// the pair is (1, |x|) and the log |x|). Inline for |x| <= 2^63. Exhaustive:
/// within 1 ulp of glibc's asinh (0.52% off by 1: 16,672,784 of 3,187,671,042,
/// both signs). Lab: 1.053 / 0.650 ns/element (AVX2 / AVX-512), Horner form
/// before 1.174 / 0.696 (0.485% at 1 ulp).
#[inline(always)]
pub fn asinh_f32(x: f32) -> f32 {
    let a = x.abs();
    let p = a * a;
    let pl = a.mul_add(a, -p);
    let (d_hi, d_lo) = fast_two_sum(p.max(1.0), p.min(1.0));
    let (s_hi, s_lo) = sqrt_pair_f32(d_hi, d_lo + pl);
    let (hi, lo) = fast_two_sum(s_hi, a);
    ln_pair_f32::<false>(hi, lo + s_lo).copysign(x)
}

/// NaN, +-inf, or |x| > 2^63 (asinh = ln 2|x| there).
#[inline(always)]
pub fn asinh_f32_out_of_range(x: f32) -> bool {
    !(x.abs() <= HYP_INLINE_MAX)
}

/// acosh(x) = ln(x + sqrt(x^2 - 1)) in float32 lanes: x^2 - 1 exact as a pair
/// (fma product, Fast2Sum twice as x^2 >= 1), its square root to a pair, x
/// added (Fast2Sum, x is larger), into `ln_pair_f32`. Near 1 the result is
/// sqrt(2(x - 1)) >= 2^-11, so the pair's error is harmless. Inline for 1 <= x
/// <= 2^63. Exhaustive: within 1 ulp of glibc's acosh (1.0% off by 1: 5,280,040
/// of 528,482,305). Lab: 1.116 / 0.690 ns/element (AVX2 / AVX-512), Horner form
/// before 1.232 / 0.738 (0.996% at 1 ulp).
#[inline(always)]
pub fn acosh_f32(x: f32) -> f32 {
    let p = x * x;
    let pl = x.mul_add(x, -p);
    let (a1, b1) = fast_two_sum(p, -1.0);
    let (d_hi, d_lo) = fast_two_sum(a1, b1 + pl);
    let (s_hi, s_lo) = sqrt_pair_f32(d_hi, d_lo);
    let (hi, lo) = fast_two_sum(x, s_hi);
    ln_pair_f32::<false>(hi, lo + s_lo)
}

/// NaN, x < 1 (below the domain), or x > 2^63 (acosh = ln 2x there).
#[inline(always)]
pub fn acosh_f32_out_of_range(x: f32) -> bool {
    !(1.0..=HYP_INLINE_MAX).contains(&x)
}

/// atanh(x) = sign(x) ln((1 + a)/(1 - a))/2, a = |x|, in float32 lanes:
/// 1 + a and 1 - a exact pairs (Fast2Sum), their quotient a pair (one
/// division, the remainder by fma), into `ln_pair_f32`; tiny a stays in
/// the pair's low part. Inline for |x| < 1. Exhaustive: within 1 ulp of
/// glibc's atanh (0.75% off by 1: 16,088,924 of 2,130,706,432, both
/// signs). Lab: 0.897 / 0.532 ns/element (AVX2 / AVX-512), Horner form before
/// 1.077 / 0.599 (0.701% at 1 ulp).
#[inline(always)]
pub fn atanh_f32(x: f32) -> f32 {
    let a = x.abs();
    let (n_hi, n_lo) = fast_two_sum(1.0, a);
    let (d_hi, d_lo) = fast_two_sum(1.0, -a);
    let inv = 1.0 / d_hi;
    let q = n_hi * inv;
    // n - q d; q's error (~1 ulp) only makes the fma remainder round.
    let r = (-q).mul_add(d_hi, n_hi) + (-q).mul_add(d_lo, n_lo);
    (0.5 * ln_pair_f32::<false>(q, r * inv)).copysign(x)
}

/// NaN or |x| >= 1 (+-1 give +-inf, beyond NaN).
#[inline(always)]
pub fn atanh_f32_out_of_range(x: f32) -> bool {
    !(x.abs() < 1.0)
}
