//! expm1, sinh, cosh and tanh of float64 and float32.

use super::*;

// expm1, sinh, cosh and tanh of float64 (`Vectorised`)

/// Largest x for the inline `expm1_f64`: x = k ln2 + r keeps k <= 1023,
/// so 2^k is a normal float64 built from its exponent bits.
pub const EXPM1_64_INLINE_MAX: f64 = 709.0;

/// Largest |x| for the inline `sinh_f64` and `cosh_f64`: k <= 1023, so
/// 2^(k-1) is normal; libm covers the rest up to overflow at 710.48.
pub const HYPER64_INLINE_MAX: f64 = 709.0;

/// Coefficients (highest degree first) of Q(r) ~ (e^r - 1 - r - r^2/2) / r^3
/// on |r| <= 0.3467 (ln2/2 and the slack of a rounded x log2 e): a Chebyshev
/// fit (mpmath `chebyfit`, 60 digits) whose error, times r^3, is below
/// 2^-60 with the coefficients rounded to float64.
pub(super) const EXPM1_64_POLY: [f64; 10] = [
    2.091_125_490_208_877e-9,
    2.510_041_108_201_49e-8,
    2.755_728_293_112_573_6e-7,
    2.755_726_840_619_079_5e-6,
    2.480_158_731_716_923_5e-5,
    1.984_126_986_308_825_5e-4,
    0.001_388_888_888_888_654_8,
    0.008_333_333_333_330_055,
    0.041_666_666_666_666_664,
    0.166_666_666_666_666_69,
];

/// e^x - 1 as an unevaluated sum hi + lo (|lo| <= ulp(hi)/2, hi + lo within
/// about 2^-59 relative) for -80 <= x <= EXPM1_64_INLINE_MAX.
/// x = k ln2 + r + rr (r a float64, rr its rounding error) and
/// e^x - 1 = (2^k - 1) + 2^k r + 2^k r^2/2 + 2^k (r^3 Q(r) + rr e^r):
/// the first three terms are added with their rounding errors kept (r^2 is
/// split exactly by a fused multiply-add), because the sum cancels up to
/// 3.4x (k = 1, r = -ln2/2: 2 e^r - 1) and a rounded r^2/2 alone would then
/// cost half an ulp; only the small last term rounds.
#[inline(always)]
pub(super) fn expm1_dd(x: f64) -> (f64, f64) {
    let t = x * std::f64::consts::LOG2_E + ROUND_F64;
    let n = t - ROUND_F64;
    let k = round_f64_as_int(t);
    // n has at most 11 bits, so n * LN2_HI and rh are exact.
    let rh = x - n * LN2_HI;
    let rl = -(n * LN2_LO);
    let r = rh + rl;
    let rr = (rh - r) + rl;
    let s = f64::from_bits(((k + 1023) as u64) << 52); // 2^k
                                                       // u = 2^k - 1 is exact for |k| <= 53; above, u = 2^k and ue = -1 keeps
                                                       // the lost 1 (below, the lost 2^k is under 2^-54 of the result -1).
    let u = s - 1.0;
    let ue = (s - u) - 1.0;
    // Fast two-sums: u (or hi1) has the larger exponent, or u = 0.
    let v1 = s * r;
    let hi1 = u + v1;
    let e1 = v1 - (hi1 - u);
    let r2 = r * r;
    let r2e = r.mul_add(r, -r2);
    let v2 = (0.5 * s) * r2;
    let hi2 = hi1 + v2;
    let e2 = v2 - (hi2 - hi1);
    let q = horner(r, &EXPM1_64_POLY);
    let small = (r * r2).mul_add(q, r.mul_add(rr, rr).mul_add(1.0, 0.5 * r2e));
    let lo = s.mul_add(small, (e1 + e2) + ue);
    // Renormalise: lo can be 1 % of hi2.
    let th = hi2 + lo;
    (th, lo - (th - hi2))
}

/// True where `expm1_f64` is not correct: NaN and x > EXPM1_64_INLINE_MAX
/// (overflow from 709.78).
#[inline(always)]
pub fn expm1_f64_out_of_range(x: f64) -> bool {
    !(x <= EXPM1_64_INLINE_MAX)
}

/// e^x - 1 for x <= EXPM1_64_INLINE_MAX (-inf included): `expm1_dd`
/// rounded once; x is clamped at -60, below which e^x - 1 rounds to -1.
/// Measured: 0.70 ulp from the true value, within 1 ulp of libm. The sign
/// is x's: right for every result, and it keeps -0.
#[inline(always)]
pub fn expm1_f64(x: f64) -> f64 {
    let xc = if x < -60.0 { -60.0 } else { x };
    let (th, _) = expm1_dd(xc);
    th.copysign(x)
}

/// Coefficients (highest degree first) of P(z) ~ (sinh r - r) / r^3 and
/// Q(z) ~ (cosh r - 1 - r^2/2) / r^4 in z = r^2 on |r| <= SINH64_SWITCH:
/// Chebyshev fits (mpmath `chebyfit`, 60 digits) whose errors, times r^3 and
/// r^4, are below 2^-59 and 2^-62 with the coefficients rounded to float64.
pub(super) const SINH64_POLY: [f64; 6] = [
    1.611_649_651_437_154_8e-10,
    2.505_194_670_972_162e-8,
    2.755_731_943_362_024e-6,
    1.984_126_984_114_699_3e-4,
    0.008_333_333_333_333_36,
    0.166_666_666_666_666_66,
];
pub(super) const COSH64_POLY: [f64; 6] = [
    1.150_664_664_362_677_1e-11,
    2.087_665_596_614_887_4e-9,
    2.755_731_935_497_036_4e-7,
    2.480_158_730_151_054_3e-5,
    0.001_388_888_888_888_890_5,
    0.041_666_666_666_666_664,
];

/// Below this |x|, sinh and cosh skip the reduction (k = 0, r = |x|): with
/// k = 1 sinh's sum A (1 + C) + B S cancels (2.2x at |x| = ln2/2), here at
/// most 1.5x.
pub(super) const SINH64_SWITCH: f64 = 0.5;

/// sinh and cosh of |x| by the addition formulas: |x| = k ln2 + r, so
/// sinh|x| = A (1 + C) + B S and cosh|x| = B (1 + C) + A S with
/// A = sinh(k ln2) = 2^(k-1) - 2^(-k-1), B = cosh(k ln2) = 2^(k-1) + 2^(-k-1),
/// S = sinh r and C = cosh r - 1 as polynomials (no division, unlike the
/// fdlibm forms from expm1 and 1/e^x). Returns A and B with their rounding
/// errors, S as r + sl, and C.
#[inline(always)]
pub(super) fn sinh_cosh_parts(ax: f64) -> (f64, f64, f64, f64, f64, f64, f64) {
    let t = ax * std::f64::consts::LOG2_E + ROUND_F64;
    let t = if ax < SINH64_SWITCH { ROUND_F64 } else { t };
    let n = t - ROUND_F64;
    let k = round_f64_as_int(t);
    // n has at most 11 bits, so n * LN2_HI and rh are exact; rr is r's
    // rounding error, added to S (dS/dr = cosh r ~ 1).
    let rh = ax - n * LN2_HI;
    let rl = -(n * LN2_LO);
    let r = rh + rl;
    let rr = (rh - r) + rl;
    let z = r * r;
    // S = r + sl, kept unsummed: a rounded S costs up to B ulp(S)/2.
    let sl = (z * r).mul_add(horner(z, &SINH64_POLY), rr);
    let c = z.mul_add(0.5, (z * z).mul_add(horner(z, &COSH64_POLY), rr * r));
    // 2^(k-1) and 2^(-k-1) from exponent bits; for k > 1000 the second is
    // below 2^-2000 of the first, so clamping its exponent changes nothing.
    let kp = f64::from_bits(((k + 1022) as u64) << 52);
    let km = f64::from_bits(((1022 - if k > 1000 { 1000 } else { k }) as u64) << 52);
    // A and B round for k > 26, by up to half an ulp of the result: keep
    // their rounding errors (fast two-sum, kp >= km).
    let a = kp - km;
    let b = kp + km;
    let ae = (kp - a) - km;
    let be = km - (b - kp);
    (a, ae, b, be, r, sl, c)
}

/// sinh|x| as an unevaluated sum hi + tail from `sinh_cosh_parts`:
/// (A + B r) + (A C + B sl + rounding errors), the first sum with its
/// rounding error kept (fast two-sum: |A| >= |B r|, or A = 0).
#[inline(always)]
pub(super) fn sinh_dd(a: f64, ae: f64, b: f64, be: f64, r: f64, sl: f64, c: f64) -> (f64, f64) {
    let p = b * r;
    let pe = b.mul_add(r, -p);
    let hi = a + p;
    let he = p - (hi - a);
    let tail = ae.mul_add(c, be.mul_add(r, ae));
    (hi, b.mul_add(sl, a.mul_add(c, tail + (he + pe))))
}

/// cosh|x| as hi + tail: (B + A r) + (B C + A sl + rounding errors), as in
/// `sinh_dd` (B > |A r|).
#[inline(always)]
pub(super) fn cosh_dd(a: f64, ae: f64, b: f64, be: f64, r: f64, sl: f64, c: f64) -> (f64, f64) {
    let p = a * r;
    let pe = a.mul_add(r, -p);
    let hi = b + p;
    let he = p - (hi - b);
    let tail = be.mul_add(c, ae.mul_add(r, be));
    (hi, a.mul_add(sl, b.mul_add(c, tail + (he + pe))))
}

/// True where `sinh_f64` is not correct: NaN and |x| > HYPER64_INLINE_MAX.
#[inline(always)]
pub fn sinh_f64_out_of_range(x: f64) -> bool {
    !(x.abs() <= HYPER64_INLINE_MAX)
}

/// sinh x for |x| <= HYPER64_INLINE_MAX: `sinh_cosh_parts` and `sinh_dd`,
/// rounded once; for |x| < SINH64_SWITCH, A = 0 and B = 1 (the odd
/// polynomial r + sl alone). Measured: 0.58 ulp from the true value (vs
/// libm: up to 2 ulp, where glibc's own error reaches 1.8 ulp). The sign is
/// x's (keeps -0).
#[inline(always)]
pub fn sinh_f64(x: f64) -> f64 {
    let (a, ae, b, be, r, sl, c) = sinh_cosh_parts(x.abs());
    let (hi, tail) = sinh_dd(a, ae, b, be, r, sl, c);
    (hi + tail).copysign(x)
}

/// True where `cosh_f64` is not correct: NaN and |x| > HYPER64_INLINE_MAX.
#[inline(always)]
pub fn cosh_f64_out_of_range(x: f64) -> bool {
    !(x.abs() <= HYPER64_INLINE_MAX)
}

/// cosh x for |x| <= HYPER64_INLINE_MAX: `sinh_cosh_parts` and `cosh_dd`,
/// rounded once (B >= 1.25 |A S| for k >= 1, so the sum never cancels
/// much). Measured: 0.60 ulp from the true value, within 1 ulp of libm.
#[inline(always)]
pub fn cosh_f64(x: f64) -> f64 {
    let (a, ae, b, be, r, sl, c) = sinh_cosh_parts(x.abs());
    let (hi, tail) = cosh_dd(a, ae, b, be, r, sl, c);
    hi + tail
}

/// Above this |x|, tanh x rounds to +-1 (from 19.06); clamping keeps k <= 58.
pub(super) const TANH64_CLAMP: f64 = 40.0;

/// True where `tanh_f64` is not correct: NaN only.
#[inline(always)]
pub fn tanh_f64_out_of_range(x: f64) -> bool {
    x.is_nan()
}

/// tanh x for every non-NaN x (+-inf included): sinh|x| / cosh|x| from
/// `sinh_dd` and `cosh_dd`, renormalised and divided in two parts
/// (`div_dd`: one division), rounded once; |x| is clamped at TANH64_CLAMP.
/// Measured: 0.62 ulp from the true value (vs libm: up to 2 ulp, where
/// glibc's own error reaches 2.04 ulp). The sign is x's (keeps -0).
#[inline(always)]
pub fn tanh_f64(x: f64) -> f64 {
    let ax = x.abs();
    let ax = if ax > TANH64_CLAMP { TANH64_CLAMP } else { ax };
    let (a, ae, b, be, r, sl, c) = sinh_cosh_parts(ax);
    let (hs, ts) = sinh_dd(a, ae, b, be, r, sl, c);
    let (hc, tc) = cosh_dd(a, ae, b, be, r, sl, c);
    // Renormalise both (fast two-sums): div_dd wants tails below an ulp.
    let (ns, nc) = (hs + ts, hc + tc);
    let (q0, corr) = div_dd(ns, ts - (ns - hs), nc, tc - (nc - hc));
    (q0 + corr).copysign(x)
}

/// (nh + nl) / (dh + dl) as q0 + corr, q0 within 2 ulp and the sum within
/// about 2^-100 relative: one division (the reciprocal), then the exact
/// remainder nh - q0 dh (a fused multiply-add) corrects q0.
#[inline(always)]
pub(super) fn div_dd(nh: f64, nl: f64, dh: f64, dl: f64) -> (f64, f64) {
    let rcp = 1.0 / dh;
    let q0 = nh * rcp;
    let rem = (-q0).mul_add(dh, nh) + (-q0).mul_add(dl, nl);
    (q0, rem * rcp)
}

// expm1, sinh and cosh in float32 lanes, tanh in float64 lanes (`Vectorised`)
//
// expm1, sinh and cosh share one reduction, y = n ln2 + r, biased so that r
// rarely has the opposite sign to y (see `EXP_BIAS_F32`), and one polynomial
// for e^r - 1 whose even and odd parts give cosh r - 1 and sinh r - r. The
// results are plain float32 sums, small terms first: double-float parts
// (two-sums of the leading terms and the reduction's error) kept 0.07-0.1 %
// of the inputs at 1 ulp, at 1.4-1.7x the time; without the bias, plain
// float32 reached 2 ulp. tanh needs no exp (see `tanh_f32`).

/// (e^r - 1 - r) / r^2 on |r| <= 0.486 (highest degree first): a degree-5
/// fit of the relative error of r + r^2 P(r) against expm1(r)
/// (Lawson-weighted least squares on 6000 Chebyshev points, the
/// coefficients rounded to float32 one at a time from the lowest degree,
/// refitting the rest): relative error 2^-27.7 with these float32 values.
pub(super) const EXPM1_F32_POLY: [f32; 6] = [
    0.000_200_864_55,
    0.001_401_103_1,
    0.008_332_852,
    0.041_664_954,
    0.166_666_69,
    0.500_000_06,
];
/// The even part of `EXPM1_F32_POLY` in r^2: r^2 P_even(r^2) ~ cosh r - 1.
pub(super) const EXPM1_F32_EVEN: [f32; 3] =
    [EXPM1_F32_POLY[1], EXPM1_F32_POLY[3], EXPM1_F32_POLY[5]];
/// The odd part of `EXPM1_F32_POLY` in r^2: r^3 P_odd(r^2) ~ sinh r - r.
pub(super) const EXPM1_F32_ODD: [f32; 3] =
    [EXPM1_F32_POLY[0], EXPM1_F32_POLY[2], EXPM1_F32_POLY[4]];

/// Bias of the reduction, in units of ln 2: n = round(y log2 e - 0.2 sign y),
/// so r = y - n ln2 lies in [-0.2 ln2, 0.7 ln2] = [-0.139, 0.486] for y > 0
/// (mirrored for y < 0). r never has the opposite sign to y by more than
/// 0.139, which keeps 2^n - 1 and 2^n (e^r - 1) (or 2^(n-1) and the e^-r
/// part) from cancelling: for n = 1 the unbiased reduction gives
/// 2 (e^r - 1) + 1 with e^r - 1 down to -0.29, where rounding e^r - 1 costs
/// a full ulp of the result (2 ulp in all, measured).
const EXP_BIAS_F32: f32 = 0.2;

/// Largest x for the inline `expm1_f32` (2^n stays a normal float32; libm
/// covers the last 0.72 before overflow at 88.72).
pub const EXPM1_F32_INLINE_MAX: f32 = 88.0;
/// Largest |x| for the inline `sinh_f32`/`cosh_f32`: 2^(n-1) stays normal;
/// overflow is at 89.42.
pub const HYPER_F32_INLINE_MAX: f32 = 89.0;

/// 2^k for k in -126..=127, from its exponent bits.
#[inline(always)]
pub(super) fn pow2_f32(k: i32) -> f32 {
    f32::from_bits((k.wrapping_add(127) << 23) as u32)
}

/// y = n ln2 + r with n = round(y log2 e - bias), bias = +-`EXP_BIAS_F32`
/// with y's sign: (n, r). n LN2_HI_F32 is exact (|n| <= 128); r carries one
/// rounding (2^-25 relative) and the error of the two-part ln 2 (|n| 2^-37).
#[inline(always)]
fn exp_reduce_biased_f32(y: f32, bias: f32) -> (i32, f32) {
    let t = y.mul_add(std::f32::consts::LOG2_E, -bias) + ROUND_F32;
    let nf = t - ROUND_F32;
    // n as an integer: t's significand holds it, offset by ROUND's bits.
    let n = (t.to_bits() as i32).wrapping_sub(ROUND_F32.to_bits() as i32);
    let r = nf.mul_add(-LN2_HI_F32, y); // exact (Sterbenz)
    (n, nf.mul_add(-LN2_LO_F32, r))
}

/// Out-of-range test for `expm1_f32`: NaN, or x > 88 (overflow region).
#[inline(always)]
pub fn expm1_f32_out_of_range(x: f32) -> bool {
    !(x <= EXPM1_F32_INLINE_MAX)
}

/// e^x - 1 in float32 lanes, for x <= 88 (not NaN). x = n ln2 + r with the
/// biased reduction, q = r + r^2 P(r) ~ e^r - 1 (`EXPM1_F32_POLY`), and
/// e^x - 1 = 2^n q + (2^n - 1) in one fused multiply-add (2^n - 1 is exact
/// for |n| <= 24; beyond, its error is at most 2^-24.5 of the result). For
/// n = 0 the result is q, so tiny and subnormal x give x. Below -30 the
/// result is -1. Every float32 x <= 88 checked against glibc's float64
/// expm1 rounded to float32 (lab build): max 1 ulp (11 915 929 of 3.26e9
/// inputs at 1 ulp; 4 756 799 for the double-float form it replaced),
/// signs of zero exact. Lab, 10^4 in cache: 0.43 ns/element against 0.60
/// (AVX2), 0.23 against 0.39 (AVX-512).
#[inline(always)]
pub fn expm1_f32(x: f32) -> f32 {
    // e^-30 < 2^-43: -1 after rounding; keeps 2^n normal.
    let y = pick(x < -30.0, -30.0, x);
    let (n, r) = exp_reduce_biased_f32(y, EXP_BIAS_F32.copysign(y));
    let q = (r * r).mul_add(horner(r, &EXPM1_F32_POLY), r);
    let s = pow2_f32(n);
    // expm1 has x's sign; this also gives expm1(-0) = -0.
    s.mul_add(q, s - 1.0).copysign(x)
}

/// Out-of-range test for `sinh_f32` and `cosh_f32`: NaN, |x| > 89
/// (overflow region, overflow at 89.42).
#[inline(always)]
pub fn sinh_f32_out_of_range(x: f32) -> bool {
    !(x.abs() <= HYPER_F32_INLINE_MAX)
}

/// Same as `sinh_f32_out_of_range`.
#[inline(always)]
pub fn cosh_f32_out_of_range(x: f32) -> bool {
    sinh_f32_out_of_range(x)
}

/// Shared part of sinh/cosh of |x| = n ln2 + r (biased reduction, r in
/// [-0.139, 0.486]): (c2, s3, r, a, b) with cosh r = 1 + c2, sinh r = r + s3
/// (the even and odd parts of `EXPM1_F32_POLY`), a = 2^(n-1) and
/// b = 2^(-n-1) (clamped to stay normal; b is then below 2^-250 of a).
#[inline(always)]
fn hyper_parts_f32(ax: f32) -> (f32, f32, f32, f32, f32) {
    let (n, r) = exp_reduce_biased_f32(ax, EXP_BIAS_F32);
    let r2 = r * r;
    let c2 = r2 * horner(r2, &EXPM1_F32_EVEN);
    let s3 = (r2 * r) * horner(r2, &EXPM1_F32_ODD);
    (c2, s3, r, pow2_f32(n - 1), pow2_f32((-n - 1).max(-126)))
}

/// sinh(x) in float32 lanes, for |x| <= 89 (not NaN): sinh|x| =
/// (a - b)(1 + c2) + (a + b)(r + s3) with a = 2^(n-1), b = 2^(-n-1)
/// (`hyper_parts_f32`), small terms first: ((a - b) c2 + (a + b) s3) +
/// (a + b) r, then + (a - b). For n = 0 (|x| < 0.486) a - b = 0 and
/// a + b = 1, so the result is r + s3 rounded once (subnormal x gives x).
/// Every float32 |x| <= 89 checked against glibc's float64 sinh rounded to
/// float32 (lab build): max 1 ulp (13 482 346 of 2.24e9 inputs at 1 ulp;
/// 2 397 722 for the double-float form it replaced); odd by construction.
/// Lab, 10^4 in cache: 0.50 ns/element against 0.78 (AVX2), 0.30 against
/// 0.48 (AVX-512).
#[inline(always)]
pub fn sinh_f32(x: f32) -> f32 {
    let (c2, s3, r, a, b) = hyper_parts_f32(x.abs());
    let (apb, amb) = (a + b, a - b);
    let tail = amb.mul_add(c2, apb * s3);
    (apb.mul_add(r, tail) + amb).copysign(x)
}

/// cosh(x) in float32 lanes, for |x| <= 89 (not NaN), as `sinh_f32` with
/// cosh|x| = (a + b)(1 + c2) + (a - b)(r + s3). a + b is inexact for
/// n >= 12; its rounding error (exact by fast two-sum, a >= b) goes into
/// the tail (without it: 2 ulp at x = 7.97). Every float32 |x| <= 89
/// checked against glibc's float64 cosh rounded to float32 (lab build): max
/// 1 ulp (12 394 820 of 2.24e9 inputs at 1 ulp; 2 295 012 before); even by
/// construction. Lab, 10^4 in cache: 0.44 ns/element against 0.73 (AVX2),
/// 0.30 against 0.47 (AVX-512).
#[inline(always)]
pub fn cosh_f32(x: f32) -> f32 {
    let (c2, s3, r, a, b) = hyper_parts_f32(x.abs());
    let (apb, amb) = (a + b, a - b);
    let lo = b - (apb - a);
    let tail = apb.mul_add(c2, amb.mul_add(s3, lo));
    amb.mul_add(r, tail) + apb
}

/// Out-of-range test for `tanh_f32`: NaN only.
#[inline(always)]
pub fn tanh_f32_out_of_range(x: f32) -> bool {
    x.is_nan()
}

/// Past this |x| float32 tanh rounds to +-1 (from 9.011). At the clamp the
/// rational form of `tanh_f32` is 1 - 2.85e-8, clear of the rounding
/// boundary 1 - 2^-25 (1 - 2.98e-8), so every clamped input (inf too) gives
/// exactly +-1.
const TANH_CLAMP_F64: f64 = 9.05;

/// tanh(x) = x P(z) / Q(z), z = x^2, on |x| <= `TANH_CLAMP_F64`: a rational
/// fit of degree 4 over 5 in z for the relative error (Lawson-weighted
/// linearised least squares on 8000 Chebyshev points; on 2e7 points of
/// [0, 9.05] against float64 tanh: max 2^-29.92). All coefficients are
/// positive and z >= 0, so neither polynomial cancels. Highest degree first;
/// Q is monic.
const TANH_P_F64: [f64; 5] = [
    68.910_076_354_107_16,
    42_947.584_714_776_71,
    5_454_285.287_168_202,
    187_640_955.978_265_02,
    1_361_303_628.654_751_5,
];
const TANH_Q_F64: [f64; 6] = [
    1.0,
    2_197.641_823_417_653,
    572_301.327_277_516_4,
    37_750_095.765_567_094,
    641_408_819.554_488_1,
    1_361_303_629.993_920_6,
];

/// tanh(x) of float32, in float64 lanes, for every non-NaN x: x clamped to
/// +-9.05, then x P(x^2) / Q(x^2) (see `TANH_P_F64`) rounded once to
/// float32. The quotient is within 2^-29.9 relative of tanh x, so the result
/// is at most 1 ulp from the correctly rounded one. Odd by construction, so
/// -0.0 gives -0.0; subnormal x gives x; +-inf gives +-1. Every non-NaN
/// float32 checked against glibc's float64 tanh: max 1 ulp (2 646 342 of
/// 4.28e9 inputs at 1 ulp). One division and no exp: 0.56 ns/element
/// (AVX2) against 1.07 for the float32 double-float expm1 form it replaced
/// (0.49 against 0.66 with AVX-512; lab, 10^4 elements in cache).
#[inline(always)]
pub fn tanh_f32(x: f32) -> f32 {
    let x = x as f64;
    // Selects, not f64::min/max: one vminpd/vmaxpd each, no NaN fix-up.
    let x = pick(x < -TANH_CLAMP_F64, -TANH_CLAMP_F64, x);
    let x = pick(x > TANH_CLAMP_F64, TANH_CLAMP_F64, x);
    let z = x * x;
    // x p before the division keeps -0.0's sign (p, q > 0).
    ((x * horner(z, &TANH_P_F64)) / horner(z, &TANH_Q_F64)) as f32
}
