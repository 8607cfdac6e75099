//! atan, asin, acos and atan2 of float64 and float32.

use super::*;

// atan, asin, acos and atan2 of float64 (`Vectorised`, `VectorisedBinary`)

// pi/2, pi, pi/4 and atan(1/2) as hi + lo (hi = the rounded value).
pub(super) const PIO2_HI: f64 = std::f64::consts::FRAC_PI_2;
pub(super) const PIO2_LO: f64 = 6.123233995736766e-17;
pub(super) const PI_HI: f64 = std::f64::consts::PI;
pub(super) const PI_LO: f64 = 1.2246467991473532e-16;
pub(super) const PIO4_HI: f64 = std::f64::consts::FRAC_PI_4;
pub(super) const PIO4_LO: f64 = 3.061616997868383e-17;
pub(super) const ATAN_HALF_HI: f64 = 0.4636476090008061;
pub(super) const ATAN_HALF_LO: f64 = 2.2698777452961687e-17;
/// 1/x ~ from_bits(RCP_MAGIC - x.to_bits()) within 12% for normal x > 0.
pub(super) const RCP_MAGIC: u64 = 0x7FDE_6238_22FC_16E6;
pub(super) const TWO_M600: f64 = f64::from_bits((1023 - 600) << 52);
pub(super) const TWO_P600: f64 = f64::from_bits((1023 + 600) << 52);

/// atan(t) = t - t * z * Q(z), z = t^2, |t| <= 7/16 (fdlibm's aT, highest
/// degree first).
pub(super) const ATAN_Q: [f64; 11] = [
    1.628_582_011_536_578_2e-2,
    -3.653_157_274_421_691_6e-2,
    4.976_877_994_615_932_4e-2,
    -5.833_570_133_790_573_5e-2,
    6.661_073_137_387_531e-2,
    -7.691_876_205_044_83e-2,
    9.090_887_133_436_507e-2,
    -1.111_111_040_546_235_6e-1,
    1.428_571_427_250_346_6e-1,
    -1.999_999_999_987_648_3e-1,
    3.333_333_333_333_293e-1,
];

/// asin(u) = u + u * z * P(z), z = u^2 <= 1/4 (Chebyshev fit with mpmath,
/// error of z * P below 2^-58; highest degree first).
pub(super) const ASIN_P: [f64; 13] = [
    0.028757851367421566,
    -0.014851887071247204,
    0.01740087944269402,
    0.005457506718640358,
    0.01032281435018578,
    0.011479177415184906,
    0.013971212973552933,
    0.017352392720869973,
    0.02237217294214989,
    0.030381944138531247,
    0.04464285714635543,
    0.07499999999998433,
    0.16666666666666669,
];

/// k + s * (head + tail) for s = -1 if `neg` else +1, where k = k_hi + k_lo
/// is 0 or a constant at least |head|: k_hi + head is rounded once and its
/// error recovered exactly (Fast2Sum), so the result is rounded once more.
#[inline(always)]
pub(super) fn add_signed(k_hi: f64, k_lo: f64, neg: bool, head: f64, tail: f64) -> f64 {
    let (h, t) = (pick(neg, -head, head), pick(neg, -tail, tail));
    let s = k_hi + h;
    let e = (k_hi - s) + h;
    s + (e + (k_lo + t))
}

/// The shared atan core: k + s * atan(n / m) for 0 <= n <= m, m > 0, with
/// n, m, 3m finite and m normal (see `add_signed` for k and s).
///
/// fdlibm's reduction, taken on the ratio without forming it: r = n/m in
/// [0, 7/16) is used as is, [7/16, 11/16) as atan(1/2) + atan((2n-m)/(2m+n))
/// and [11/16, 1] as pi/4 + atan((n-m)/(n+m)). The numerators are exact
/// (Sterbenz) and the denominators rounded once, so one division makes t,
/// |t| <= 7/16, and one odd polynomial gives atan(t).
#[inline(always)]
pub(super) fn atan_ratio(n: f64, m: f64, k_hi: f64, k_lo: f64, neg: bool, fix_div: bool) -> f64 {
    let i1 = n >= 0.4375 * m;
    let i2 = n >= 0.6875 * m;
    // t = (n - b m) / (m + b n) with b = 0, 1/2, 1 (the 1/2 form of
    // (2n-m)/(2m+n)): one multiplier to select.
    let b: f64 = pick(i2, 1.0, pick(i1, 0.5, 0.0));
    let num = (-b).mul_add(m, n);
    let den = b.mul_add(n, m);
    let t = num / den;
    // The division's rounding error, which atan2 would pass on whole below
    // ratio 7/16 (where the result is about t; 2 ulp seen without this):
    // dt = (num - t den) / den, to a few bits, with 1/den from a bit trick
    // and one Newton step. atan does not need it (t is exact there, or
    // small next to the result) and skips it (`fix_div` is a constant).
    let dt = if fix_div {
        let y0 = f64::from_bits(RCP_MAGIC.wrapping_sub(den.to_bits()));
        (-t).mul_add(den, num) * (y0 * (-den).mul_add(y0, 2.0))
    } else {
        0.0
    };
    let b_hi = pick(i2, PIO4_HI, pick(i1, ATAN_HALF_HI, 0.0));
    let b_lo = pick(i2, PIO4_LO, pick(i1, ATAN_HALF_LO, 0.0));
    let z = t * t;
    let p = z * horner(z, &ATAN_Q);
    // atan(t) - t = -t * p, small next to t: add it to the low parts first.
    // atan(t + dt) = atan(t) + dt (1 - t^2) to well below an ulp.
    let lo = b_lo + (-dt).mul_add(z, dt);
    add_signed(k_hi, k_lo, neg, b_hi, ((-t).mul_add(p, lo)) + t)
}

/// atan(x) by the atan core on min(|x|, 1) / max(|x|, 1), using
/// atan(|x|) = pi/2 - atan(1/|x|) above 1; one division.
/// Inline range: every x but NaN (±inf and ±0 exact). Measured: <= 1 ulp
/// from libm over 1.2e7 float64s (dense [-100, 100], 5e-324..MAX both
/// signs, +-2000 ulp around each threshold, random bits); float32 use
/// (every 13th float32) equal to libm's rounded result.
#[inline(always)]
pub fn atan_f64(x: f64) -> f64 {
    let a = x.abs();
    let big = a > 1.0;
    // min/max, not selects on `big`: LLVM would then specialise the whole
    // core for n = 1 and for m = 1 and compute both (two divisions).
    // m <= 2^600 keeps b * m finite for x = ±inf; 1/m then still gives
    // pi/2 to the last bit.
    let n = a.min(1.0);
    let m = a.clamp(1.0, TWO_P600);
    let (k_hi, k_lo) = (pick(big, PIO2_HI, 0.0), pick(big, PIO2_LO, 0.0));
    atan_ratio(n, m, k_hi, k_lo, big, false).copysign(x)
}

/// Where `atan_f64` is not valid: NaN.
#[inline(always)]
pub fn atan_f64_out_of_range(x: f64) -> bool {
    x.is_nan()
}

/// atan2(y, x) by the atan core on min(|x|, |y|) / max(|x|, |y|) and the
/// octant: k + s * atan(ratio) with k in {0, pi/2, pi}, then y's sign. No
/// y/x is formed, so there is one rounded division, as in atan.
/// Inline range: x and y finite (any zeros, subnormals, huge values).
/// Measured: <= 1 ulp from libm over 2e7 pairs (a [-10, 10]^2 grid with
/// both axes and ±0, random and first-octant pairs, 1e-323..MAX magnitudes,
/// +-200 ulp around each ratio threshold in all quadrants); float32 use
/// (3e6 random bit pairs, a 1001^2 grid) equal to libm's rounded result.
#[inline(always)]
pub fn atan2_f64(y: f64, x: f64) -> f64 {
    let ax = x.abs();
    let ay = y.abs();
    let swap = ay > ax;
    let n = pick(swap, ax, ay);
    let m = pick(swap, ay, ax);
    // Keep 3m finite and m normal (the core's denominators); a common
    // power-of-two factor leaves the ratio unchanged.
    let scale = pick(m > 1.0e300, TWO_M600, pick(m < 1.0e-300, TWO_P600, 1.0));
    let n = n * scale;
    // Both zero: take ratio 0; the octant then gives ±0 or ±pi.
    let m = pick(m == 0.0, 1.0, m * scale);
    let xneg = x.is_sign_negative();
    let k_hi = pick(swap, PIO2_HI, pick(xneg, PI_HI, 0.0));
    let k_lo = pick(swap, PIO2_LO, pick(xneg, PI_LO, 0.0));
    atan_ratio(n, m, k_hi, k_lo, swap != xneg, true).copysign(y)
}

/// Where `atan2_f64` is not valid: x or y infinite or NaN.
#[inline(always)]
pub fn atan2_f64_out_of_range(y: f64, x: f64) -> bool {
    !(x.abs() < f64::INFINITY && y.abs() < f64::INFINITY)
}

/// The shared asin core: k + s * f * asin(u) (see `add_signed` for k and
/// s), where for |x| < 1/2 u = |x| and f = 1, else u = sqrt((1-|x|)/2) and
/// f = 2 (asin(|x|) = pi/2 - 2 asin(u), acos(|x|) = 2 asin(u)). One
/// polynomial on z = u^2 <= 1/4, no division; above 1/2 the rounding of the
/// square root is corrected by c = (z - u^2) / (2u), with 1/u from a bit
/// trick and one Newton step (c needs only a few bits).
#[inline(always)]
pub(super) fn asin_core(a: f64, k_hi: f64, k_lo: f64, neg: bool) -> f64 {
    let small = a < 0.5;
    // (1 - a) / 2 is exact for a in [1/2, 1].
    let z = pick(small, a * a, (-0.5f64).mul_add(a, 0.5));
    let s = z.sqrt();
    // + 2^-600 keeps the reciprocal finite at s = 0 (a = 1, where c = 0).
    let sg = s + TWO_M600;
    let y0 = f64::from_bits(RCP_MAGIC.wrapping_sub(sg.to_bits()));
    let rcp = y0 * (-sg).mul_add(y0, 2.0);
    let c = (-s).mul_add(s, z) * 0.5 * rcp;
    let (u, c, f) = (
        pick(small, a, s),
        pick(small, 0.0, c),
        pick(small, 1.0, 2.0),
    );
    let r = z * horner(z, &ASIN_P);
    add_signed(k_hi, k_lo, neg, f * u, f * u.mul_add(r, c))
}

/// asin(x) = ±(|x| + |x| z P(z)) below 1/2, ±(pi/2 - 2 asin(sqrt((1-|x|)/2)))
/// above (fdlibm's split, one polynomial, a square root, no division).
/// Inline range: |x| <= 1. Measured: <= 1 ulp from libm over 1.1e7 float64s
/// (dense [-1, 1], 5e-324..1 both signs, 4e5 next to ±1, +-2000 ulp around
/// 1/2, random bits); float32 use (every 3rd float32 in [-1, 1]) equal to
/// libm's rounded result.
#[inline(always)]
pub fn asin_f64(x: f64) -> f64 {
    let a = x.abs();
    let small = a < 0.5;
    let (k_hi, k_lo) = (pick(small, 0.0, PIO2_HI), pick(small, 0.0, PIO2_LO));
    asin_core(a, k_hi, k_lo, !small).copysign(x)
}

/// Where `asin_f64` is not valid: |x| > 1 or NaN.
#[inline(always)]
pub fn asin_f64_out_of_range(x: f64) -> bool {
    !(x.abs() <= 1.0)
}

/// acos(x) = pi/2 -+ asin(|x|) below 1/2, 2 asin(u) for x >= 1/2 and
/// pi - 2 asin(u) for x <= -1/2, u = sqrt((1-|x|)/2) (the asin core).
/// Inline range: |x| <= 1. Measured as for `asin_f64`: <= 1 ulp; float32
/// use equal to libm's rounded result.
#[inline(always)]
pub fn acos_f64(x: f64) -> f64 {
    let a = x.abs();
    let small = a < 0.5;
    let xneg = x < 0.0;
    let k_hi = pick(small, PIO2_HI, pick(xneg, PI_HI, 0.0));
    let k_lo = pick(small, PIO2_LO, pick(xneg, PI_LO, 0.0));
    asin_core(a, k_hi, k_lo, small != xneg)
}

/// Where `acos_f64` is not valid: |x| > 1 or NaN.
#[inline(always)]
pub fn acos_f64_out_of_range(x: f64) -> bool {
    !(x.abs() <= 1.0)
}

// atan, asin, acos and atan2 of float32, in float32 lanes

// pi/2 and pi/4 as hi + lo in float32 (hi = the rounded value).
pub(super) const PIO2_HI_F32: f32 = std::f32::consts::FRAC_PI_2;
pub(super) const PIO2_LO_F32: f32 = -4.371_139e-8;
pub(super) const PIO4_HI_F32: f32 = std::f32::consts::FRAC_PI_4;
pub(super) const PIO4_LO_F32: f32 = -2.185_569_4e-8;
/// 1/x ~ from_bits(RCP_MAGIC_F32 - x.to_bits()) within 12% for x in
/// [2^-125, 2^125].
pub(super) const RCP_MAGIC_F32: u32 = 0x7EF3_11C7;
pub(super) const TWO_P100_F32: f32 = 1.267_650_6e30; // 2^100

/// asin(u) = u + u * z * P(z), z = u^2 <= 1/4 (weighted Remez fit with
/// mpmath: |z (P - exact)| < 2^-27.5; highest degree first).
pub(super) const ASIN_P_F32: [f32; 5] = [
    0.042_218_57,
    0.024_147_6,
    0.045_477_1,
    0.074_952_42,
    0.166_667_54,
];

/// atan(t) = t - t * z * Q(z), z = t^2, |t| <= tan(1/2) = 0.5463 (weighted
/// minimax fit with mpmath, coefficients rounded to float32:
/// |z (Q - exact)| < 2^-25.8; highest degree first). `atan_f32` and
/// `atan2_f32` reduce their arguments to |t| <= tan(1/2), so 5 coefficients
/// do the work of the 9 a fit over [0, 1] needs. A 6-term fit (2^-27.8)
/// halves the inputs at 1 ulp (0.36% -> 0.21% for atan, every 997th
/// float32) but is about 5% slower.
pub(super) const ATAN_REDUCED_Q_F32: [f32; 5] = [
    0.046_531_7,
    -0.098_739_535,
    0.141_168_49,
    -0.199_896_4,
    0.333_331_26,
];

/// The float just above tan(1/2) (0.54630249 < 0.5463025): `atan2_f32`
/// switches to its pi/4 range when n > TAN_HALF_F32 * m, tested exactly by
/// an FMA, so that range only sees ratios above tan(1/2) and results above
/// 1/2.
pub(super) const TAN_HALF_F32: f32 = 0.546_302_5;

/// pi/4 rounded to 22 bits, and the float32 rest (|rest| < 2^-23). With 22
/// bits, j * PIO4_HI22_F32 is exact for j = 0..4, so `atan2_f32` gets all
/// five octant constants 0, pi/4, pi/2, 3pi/4, pi from one FMA each, with no
/// selects between table values. The hi part is not the nearest float32 of
/// j pi/4, but hi + lo still is within 2^-48 relative, and the final
/// rounding of hi + lo gives the nearest float32 for every j (checked).
pub(super) const PIO4_HI22_F32: f32 = 0.785_398_24;
pub(super) const PIO4_LO22_F32: f32 = -8.146_034e-8;

/// atan(x) for float32 in float32 lanes, over three ranges of a = |x|:
/// a < tan(1/2): atan(a); tan(1/2) <= a <= 2: pi/4 + atan((a-1)/(a+1));
/// a > 2: pi/2 + atan(-1/a). Each is K + atan(t), |t| <= tan(1/2), with
/// t = (a p - q)/(a q + p) for p = [a <= 2], q = [a >= tan(1/2)]: one
/// division and a 5-term polynomial (`ATAN_REDUCED_Q_F32`). K and t carry
/// the sign, so there is no separate sign flip.
///
/// The result is K_hi + (t + tail), rounded twice, without a Fast2Sum.
/// The first rounding costs at most 1/4 ulp of the result. That holds
/// because the middle range starts at tan(1/2), not 1/2, so its results
/// are >= 1/2 while |t| <= 1/3. a - 1 is exact (Sterbenz, a >= 1/2). The
/// roundings of a + 1 and of the division together move t by under 1/2 ulp
/// of the result, so the error before the last rounding stays below 1 ulp.
/// atan(±1) comes out as pi/4's hi + lo, so the full-range polynomial's
/// special case for it is gone.
///
/// Measured on Zen 4 (lab loops, 10^4 standard-normal inputs, min of two
/// medians of ns/element; the old path was t = min/max over [0, 1] with a
/// degree-8 polynomial): AVX2+FMA 0.80 -> 0.51, AVX-512 0.44 -> 0.31.
/// The same reduction with a Fast2Sum on K_hi + t (ranges split at 1/2)
/// measured 0.53 / 0.36.
///
/// Inline range: every x but NaN (±inf and ±0 are exact). Measured over
/// every float32: <= 1 ulp from libm's float64 atan rounded to float32
/// (1.52e7 of 4.28e9 at 1 ulp, was 7.6e6); AVX2 and AVX-512 are bitwise
/// equal.
#[inline(always)]
pub fn atan_f32(x: f32) -> f32 {
    // Clamping |x| to 2^100 keeps a * 0 finite for x = ±inf (t = -2^-100
    // then still gives pi/2). It is done on the bits so that LLVM cannot
    // prove a finite. Otherwise it folds a * 0 + 1 in the first range and
    // computes num / den once per range (two divisions).
    let a = f32::from_bits((x.to_bits() & 0x7fff_ffff).min(TWO_P100_F32.to_bits()));
    // 0.5463025 is the float just above tan(1/2).
    let mid = a >= 0.546_302_5;
    let high = a > 2.0;
    let p: f32 = pick(high, 0.0, 1.0);
    let q: f32 = pick(mid, 1.0, 0.0);
    // The numerator gets the same q from a second, equal test (0.54630244
    // is the float below 0.5463025). With a single test, num and den are
    // selects on the same condition and LLVM again splits the division
    // into two.
    let q_num: f32 = pick(a > 0.546_302_44, 1.0, 0.0);
    let num = a.mul_add(p, -q_num);
    let den = a.mul_add(q, p);
    let t = num / den;
    let k_hi = pick(high, PIO2_HI_F32, pick(mid, PIO4_HI_F32, 0.0));
    let k_lo = pick(high, PIO2_LO_F32, pick(mid, PIO4_LO_F32, 0.0));
    let tail = atan_reduced_tail_f32(t, k_lo);
    (k_hi + (t + tail)).copysign(x)
}

/// atan(t) - t + low for |t| <= tan(1/2): -t z Q(z) + low with z = t^2 and
/// `ATAN_REDUCED_Q_F32` by Estrin's scheme (two steps fewer than Horner on
/// the chain after the division that made t).
#[inline(always)]
fn atan_reduced_tail_f32(t: f32, low: f32) -> f32 {
    let z = t * t;
    let c = &ATAN_REDUCED_Q_F32;
    let z2 = z * z;
    let poly = c[0]
        .mul_add(z2, c[1].mul_add(z, c[2]))
        .mul_add(z2, c[3].mul_add(z, c[4]));
    (-(t * z)).mul_add(poly, low)
}

/// Where `atan_f32` is not valid: NaN.
#[inline(always)]
pub fn atan_f32_out_of_range(x: f32) -> bool {
    x.is_nan()
}

/// atan2(y, x) for float32 in float32 lanes. With n = min(|x|, |y|) and
/// m = max(|x|, |y|), the result is ±(j pi/4 ± atan(t)) with
/// - r = n/m <= tan(1/2): t = n/m;
/// - otherwise: t = (n - m)/(n + m) in [-0.2934, 0] and pi/4 folded into j.
///
/// num = n - q m and den = m + q n (q = 0 or 1) are formed first, so there
/// is one division. A 5-term polynomial (`ATAN_REDUCED_Q_F32`, Estrin)
/// follows. t carries the sign s of the octant, and j = 2 + sign(x) w with
/// w in {0, -1, -2}, so j pi/4 is 0, pi/4, pi/2, 3pi/4 or pi; copysign(y)
/// does the rest.
///
/// Error before the last rounding, in ulps of the result (result = C_hi +
/// (t + tail), one intermediate rounding; C = j pi/4):
/// - C = 0 (x > 0, |y| <= tan(1/2) |x|): no intermediate rounding. t/m's
///   rounding error dt is added back. dt comes from the exact residual
///   n - t m times a bit-trick 1/m (12%), without the (1 - t^2) factor, so
///   the correction is off by <= (0.12 + 0.3) |dt|. The polynomial
///   contributes <= 2^-25.8 t. Together that is <= 0.42 + 0.32 < 1 ulp.
///   Without dt, t/m's rounding costs up to 1 ulp wherever atan(r) falls
///   just below a power of two that r is at or above (r in [1/2, 0.546],
///   [1/4, 0.2553], ...). 2-ulp results were measured there.
/// - pi/4 range (results in [1/2, 1.07] for j = 1, larger otherwise):
///   |t + tail| < 1/2, so its rounding costs <= 2^-26 = 1/4 ulp. The
///   rounding of n + m costs <= 0.27 ulp (n - m is exact: Sterbenz). The
///   polynomial costs <= 0.08 ulp and dt's remainder <= 0.05 ulp: < 0.66
///   ulp in all.
/// - j = 2 or 4 with t = n/m (results >= 1.07): <= 0.25 + 0.1 + 0.04 ulp.
///   Near pi/2 and pi every term scales with t, so there is no cancellation.
///
/// The error stays below 1 ulp before the final rounding in every octant,
/// so the result is within 1 ulp of the correctly rounded one.
///
/// Range: m is scaled by 2^(63 - floor(E/2)) (E = m's biased exponent) into
/// [2^-86, 2^64). That keeps n + m finite and 1/den in the bit trick's range,
/// and the residual above 2^-126. Scaling up is exact. Scaling down rounds
/// n only when n/m < 2^-126, which costs <= 1/2 ulp of a subnormal result
/// (or the result is 0 anyway). m = 0 is raised to the smallest subnormal,
/// which gives t = 0.
///
/// n = 0 or n = m gives t = 0 and the result C_hi + C_lo rounded: ±0, ±pi,
/// ±pi/2, ±pi/4 and ±3pi/4 are the correctly rounded values, with atan2's
/// signed-zero rules (x = -0 counts as negative).
///
/// Measured on Zen 4 (lab loops, 10^4 standard-normal pairs, median
/// ns/element; the old path was t = min/max over [0, 1] with a degree-8
/// polynomial and a sign-aware Fast2Sum): AVX2+FMA 1.22 -> 0.82, AVX-512 0.68 -> 0.51. A Fast2Sum on
/// C_hi + t cuts the inputs at 1 ulp from 4.8% to 2.8% (old: 3.0%), but
/// costs 3 instructions (AVX-512 0.56).
///
/// Inline range: x and y finite. Measured against libm's float64 atan2
/// rounded to float32 over 2.0e9 pairs (random bits, standard normal,
/// ratios near tan(1/2), 1 and powers of two in every quadrant, zero,
/// subnormal and huge operands, a 20001^2 grid): max 1 ulp. AVX2 and
/// AVX-512 are bitwise equal.
#[inline(always)]
pub fn atan2_f32(y: f32, x: f32) -> f32 {
    const SIGN: u32 = 0x8000_0000;
    let bx = x.to_bits() & !SIGN;
    let by = y.to_bits() & !SIGN;
    let swap = by > bx;
    let mb = bx.max(by).max(1);
    // 2^(63 - floor(E/2)) from m's exponent field, on the bits.
    let scale = f32::from_bits(0x5F00_0000 - ((mb >> 1) & 0x3F80_0000));
    let n = f32::from_bits(bx.min(by)) * scale;
    let m = f32::from_bits(mb) * scale;
    // The sign of n - TAN_HALF * m, exactly (one rounding).
    let mid = TAN_HALF_F32.mul_add(-m, n) > 0.0;
    let q: f32 = pick(mid, 1.0, 0.0);
    // s = -1 when exactly one of `swap` and x < 0 holds.
    let sx = x.to_bits() & SIGN;
    let sbit = sx ^ pick(swap, SIGN, 0);
    // num and den as FMAs with q, and the sign as a bit flip: with two
    // selects on `mid`, LLVM splits the division into one per range.
    let num = f32::from_bits((-q).mul_add(m, n).to_bits() ^ sbit);
    let den = q.mul_add(n, m);
    let t = num / den;
    let y0 = f32::from_bits(RCP_MAGIC_F32.wrapping_sub(den.to_bits()));
    let dt = (-t).mul_add(den, num) * y0;
    // j - 2 = sign(x) w: C = j pi/4 as hi + lo.
    let w: f32 = pick(mid, -1.0, pick(swap, 0.0, -2.0));
    let j = f32::from_bits(w.to_bits() ^ sx);
    let c_hi = j.mul_add(PIO4_HI22_F32, 2.0 * PIO4_HI22_F32);
    let c_lo = j.mul_add(PIO4_LO22_F32, 2.0 * PIO4_LO22_F32);
    let tail = atan_reduced_tail_f32(t, dt + c_lo);
    (c_hi + (t + tail)).copysign(y)
}

/// Where `atan2_f32` is not valid: x or y infinite or NaN (one integer
/// max of the magnitude bits).
#[inline(always)]
pub fn atan2_f32_out_of_range(y: f32, x: f32) -> bool {
    (x.to_bits() & 0x7fff_ffff).max(y.to_bits() & 0x7fff_ffff) >= 0x7f80_0000
}

/// asin(x) for float32 in float32 lanes, split at 1/2 as in `asin_f64`
/// (fdlibm): |x| + |x| z P(z) below 1/2, with z = x^2. Above 1/2 it is
/// pi/2 - 2 asin(s), with z = (1-|x|)/2 and s = sqrt(z). The square root's
/// rounding is corrected by c = (z - s^2)/s, since
/// 2 asin(s + c/2) ~ 2 asin(s) + c.
/// Selects on `small` feed one head h (|x| or -2s) and one low part
/// (0 or pi/2_lo - c), so the factor 2 and the sign need no separate step.
/// c needs only a few bits, so 1/s is the bit-trick reciprocal with no
/// Newton step: its error is <= 12% of c, and c is at most about an ulp
/// of 2s.
///
/// The result is K_hi + (h + tail), rounded twice: |h| <= 1 and the
/// result is >= pi/6, so the first rounding costs <= 1/2 ulp. The other
/// errors stay well below 1/2 ulp. With a Fast2Sum on K_hi + h instead:
/// 0.157% at 1 ulp (measured exhaustively), but 11-13% slower.
/// P uses Horner, not Estrin: the extra multiply of Estrin measured
/// slower here (AVX2 0.42 vs 0.40 ns/element).
///
/// Measured on Zen 4 (lab loops, 10^4 inputs in [-0.9, 0.9), min of two
/// medians of ns/element; the old path shared one asin core with
/// a Newton-refined reciprocal and a Fast2Sum): AVX2+FMA
/// 0.64 -> 0.36, AVX-512 0.44 -> 0.28.
///
/// Inline range: |x| <= 1. Measured over every float32 in range: <= 1 ulp
/// from libm's float64 asin rounded to float32 (4.6e6 of 2.13e9 at
/// 1 ulp, was 3.4e6); AVX2 and AVX-512 are bitwise equal.
#[inline(always)]
pub fn asin_f32(x: f32) -> f32 {
    let a = x.abs();
    let small = a < 0.5;
    let z = pick(small, a * a, (-0.5f32).mul_add(a, 0.5));
    let s = z.sqrt();
    // ~1/s. For s = 0 it is still finite, and then z - s^2 = 0.
    let y0 = f32::from_bits(RCP_MAGIC_F32.wrapping_sub(s.to_bits()));
    // pi/2_lo - c = pi/2_lo + (s^2 - z)/s.
    let low = pick(small, 0.0, s.mul_add(s, -z).mul_add(y0, PIO2_LO_F32));
    let h = pick(small, a, -2.0 * s);
    let k_hi = pick(small, 0.0, PIO2_HI_F32);
    let tail = (h * z).mul_add(horner(z, &ASIN_P_F32), low);
    (k_hi + (h + tail)).copysign(x)
}

/// Where `asin_f32` is not valid: |x| > 1 or NaN.
#[inline(always)]
pub fn asin_f32_out_of_range(x: f32) -> bool {
    !(x.abs() <= 1.0)
}

/// acos(x) for float32 in float32 lanes: pi/2 - x - x z P(z) below 1/2
/// (z = x^2), 2 asin(s) for x >= 1/2 and pi - 2 asin(s) for x <= -1/2, with
/// s = sqrt((1-|x|)/2) corrected as in `asin_f32`. The sign in the upper
/// ranges is arithmetic, with sg = ±1: K = pi/2 (1 - sg), which is 0 or pi
/// exactly, the head is 2 s sg and the correction c sg. With nested selects
/// on x < 0, LLVM split the lanes three ways, which cost about 13 more
/// vector instructions per loop.
///
/// The result is K_hi + (h + tail), rounded twice. The first rounding costs
/// at most 1/8 ulp: |h| < 1/2 where K = pi/2, and |h| <= 1 where K = pi,
/// whose results are >= 2. With a Fast2Sum on K_hi + h instead: 0.035% at
/// 1 ulp (measured exhaustively), but 7-10% slower.
///
/// Measured on Zen 4 (lab loops, 10^4 inputs in [-0.9, 0.9), min of two
/// medians of ns/element; the old path shared one asin core with
/// a Newton-refined reciprocal and a Fast2Sum): AVX2+FMA
/// 0.63 -> 0.41, AVX-512 0.44 -> 0.32.
///
/// Inline range: |x| <= 1. Measured over every float32 in range: <= 1 ulp
/// from libm's float64 acos rounded to float32 (5.6e6 of 2.13e9 at
/// 1 ulp, was 7.4e5). acos(1) = +0 and acos(-1) = pi rounded; AVX2 and
/// AVX-512 are bitwise equal.
#[inline(always)]
pub fn acos_f32(x: f32) -> f32 {
    let a = x.abs();
    let small = a < 0.5;
    let z = pick(small, a * a, (-0.5f32).mul_add(a, 0.5));
    let s = z.sqrt();
    let sg = 1.0f32.copysign(x);
    let y0 = f32::from_bits(RCP_MAGIC_F32.wrapping_sub(s.to_bits()));
    let big_hi = (-sg).mul_add(PIO2_HI_F32, PIO2_HI_F32);
    let big_lo = (-sg).mul_add(PIO2_LO_F32, PIO2_LO_F32);
    let big_low = (-s).mul_add(s, z).mul_add(y0 * sg, big_lo);
    let k_hi = pick(small, PIO2_HI_F32, big_hi);
    let low = pick(small, PIO2_LO_F32, big_low);
    let h = pick(small, -x, (s + s) * sg);
    let tail = (h * z).mul_add(horner(z, &ASIN_P_F32), low);
    k_hi + (h + tail)
}

/// Where `acos_f32` is not valid: |x| > 1 or NaN.
#[inline(always)]
pub fn acos_f32_out_of_range(x: f32) -> bool {
    !(x.abs() <= 1.0)
}
