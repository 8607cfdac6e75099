//! sin, cos and tan of float32 and float64: argument reduction by pi/2
//! and polynomial kernels.

use super::*;

/// Largest |x| for the inline sin/cos/tan, whose reduction runs in float32
/// lanes: the quadrant count j = round(x * 2/pi) stays below 2^13, where
/// j times each 11-bit part of pi/2 is exact. Checked exhaustively: every
/// float32 up to it, both signs, within 2 ulp (`exhaustive_f32_trig`).
pub const TRIG_INLINE_MAX: f32 = 8192.0;

/// Largest |x| for the float64-lane reduction (`reduce_pio2_wide`), which
/// `vsin` and friends use between `TRIG_INLINE_MAX` and libm: j stays below
/// 2^20, where j * PIO2_HI is exact.
pub const TRIG_WIDE_MAX: f32 = 1.0e6;

/// x = j*pi/2 + r_hi + r_lo with |r| <= ~pi/4, and j mod 4, in float32 lanes
/// (twice as many per vector as float64, and no conversions: sin 1.2x, tan
/// 1.3x faster than `reduce_pio2_wide` at 10^4). Cody-Waite with pi/2 in
/// four parts: the first three have 11 significant bits, so for
/// |x| <= TRIG_INLINE_MAX each j * P_k is exact and x - j*P1 - j*P2 is
/// exact; the third subtraction's rounding error is recovered and returned
/// with j times the last part as r_lo, so r_hi + r_lo keeps float32
/// precision even next to multiples of pi/2.
///
/// The last part, P4, is the float32 sum of two former parts (11 and 24
/// bits). It is 2^-63.4 off pi/2's tail, which moves r by at most 2^-28.2
/// of itself (at x = 8092.743, |r| = 2^-22.8; the smallest |r| is 2^-27.8
/// at x = 252.898) and saves one FMA for sin, cos and tan.
///
/// The pair is not normalised (|r_lo| can exceed half an ulp of r_hi):
/// sin and cos add it up themselves, and tan folds r_lo straight into its
/// numerator. Normalising here cost tan three operations per element that
/// nothing needs.
#[inline(always)]
pub(super) fn reduce_pio2(x: f32) -> (f32, f32, u32) {
    const P1: f32 = f32::from_bits(0x3fc9_0000);
    const P2: f32 = f32::from_bits(0x39fd_a000);
    const P3: f32 = f32::from_bits(0x33a2_2000);
    const P4: f32 = f32::from_bits(0x2c34_611a);
    const ROUND: f32 = 12_582_912.0; // 1.5 * 2^23
    let t = x.mul_add(std::f32::consts::FRAC_2_PI, ROUND);
    let j = t - ROUND;
    // j * P1 and j * P2 are exact, so fusing them changes no result: it
    // saves two instructions.
    let head = (-j).mul_add(P2, (-j).mul_add(P1, x));
    let a = j * P3;
    let r3 = head - a;
    // The rounding error of r3, less the last part, written negated so that
    // x = -0.0 keeps its sign: r3 + r_lo = -0.0 + -0.0 (the plain form gives
    // +0.0).
    let r_lo = -j.mul_add(P4, a - (head - r3));
    // t's low significand bits are j in two's complement (2^23 is a multiple of 4).
    (r3, r_lo, t.to_bits() & 3)
}

/// `reduce_pio2` for |x| <= TRIG_WIDE_MAX, in float64. PIO2_HI holds the
/// leading 33 bits of pi/2 (so j * PIO2_HI is exact for j < 2^20) and
/// PIO2_LO the next 53: r is accurate to ~2^-65, far below float32's ulp.
#[inline(always)]
pub(super) fn reduce_pio2_wide(x: f32) -> (f32, f32, u32) {
    const PIO2_HI: f64 = f64::from_bits(0x3FF9_21FB_5440_0000);
    const PIO2_LO: f64 = 6.077_100_506_506_192e-11;
    const ROUND: f64 = 6_755_399_441_055_744.0; // 1.5 * 2^52
    let x = x as f64;
    let t = x * std::f64::consts::FRAC_2_PI + ROUND;
    let j = t - ROUND;
    let r = x - j * PIO2_HI - j * PIO2_LO;
    let r_hi = r as f32;
    // t's low significand bits are j in two's complement (2^51 is a multiple of 4).
    (r_hi, (r - r_hi as f64) as f32, (t.to_bits() & 3) as u32)
}

/// sin(r) and cos(r) for |r| <= pi/4 in float32 lanes: Cephes' sinf/cosf
/// polynomials. With r rounded to float32 the results stay within 2 ulp.
#[inline(always)]
pub(super) fn sin_cos_reduced_f32(r: f32) -> (f32, f32) {
    let z = r * r;
    let ps = horner(z, &[-1.951_529_6e-4, 8.332_161e-3, -1.666_665_5e-1]);
    // r * (1 + ...), not r + r * (...): keeps the sign of r = -0.0.
    let s = r * z.mul_add(ps, 1.0);
    let pc = horner(z, &[2.443_315_7e-5, -1.388_731_6e-3, 4.166_664_6e-2]);
    let c = (z * z).mul_add(pc, (-0.5f32).mul_add(z, 1.0));
    (s, c)
}

/// sin(x) from its reduction (r_hi, r_lo, j mod 4). r_hi + r_lo rounds the
/// reduced argument once (`reduce_pio2_wide`'s pair is already normalised:
/// the addition returns its r_hi).
#[inline(always)]
pub(super) fn sin_of_reduced((r_hi, r_lo, q): (f32, f32, u32)) -> f32 {
    let (s, c) = sin_cos_reduced_f32(r_hi + r_lo);
    // sin(r + j*pi/2) = sin r, cos r, -sin r, -cos r for j = 0, 1, 2, 3.
    let v = if q & 1 == 0 { s } else { c };
    if q & 2 == 0 {
        v
    } else {
        -v
    }
}

/// cos(x) from its reduction.
#[inline(always)]
pub(super) fn cos_of_reduced((r_hi, r_lo, q): (f32, f32, u32)) -> f32 {
    let (s, c) = sin_cos_reduced_f32(r_hi + r_lo);
    // cos(r + j*pi/2) = cos r, -sin r, -cos r, sin r.
    let v = if q & 1 == 0 { c } else { s };
    if (q + 1) & 2 == 0 {
        v
    } else {
        -v
    }
}

/// tan(r) ~ r (1 - z P(z)) / (1 + z Q(z)), z = r^2, on |r| <= 0.7854: a
/// minimax rational fit, relative error 2^-28.6 with these float32
/// coefficients (highest degree first, for `horner`). Four coefficients
/// where Cephes' polynomial needs six, and the numerator and denominator
/// give cot r too, so both quadrant parities share one division. (With a
/// one-term P the fit is 2^-25.8, and tan reaches 3 ulp.)
const TAN_P_F32: [f32; 2] = [-1.074_721_5e-3, 1.113_552e-1];
const TAN_Q_F32: [f32; 2] = [1.597_088e-2, -4.446_885_3e-1];

/// tan(x) from its reduction, with n = r (1 - z P) + r_lo and d = 1 + z Q:
/// - odd quadrants: -cot r = -d / n;
/// - even quadrants: tan r = n / d = r - c / d, c = r z Q + (r z P - r_lo),
///   so the roundings of d and of the division act on the small c only
///   (|c/d| <= 0.27 r). Plain n / d, one rounding more, put 32% of results
///   for inputs uniform in [-5, 5] at 1 ulp and 0.17% at 2 ulp, against
///   20% and 0.075% this way (23.5% and 0.062% for the former kernel).
///
/// The division's operands, and the r or 0 it is taken from, are chosen by
/// select. Adding r_lo to n gives tan r + r_lo/d, nearer to the true
/// tan r + r_lo sec^2 r than the former tan r + r_lo.
///
/// Measured on Zen 4, 10^4 inputs uniform in [-5, 5], reduction included:
/// 0.40 ns/element in the AVX2 loop and 0.31-0.32 in the AVX-512 one, against
/// 0.75 and 0.41 for the former kernel (Cephes' degree-6 polynomial in one
/// Horner chain, Fast2Sum-normalised reduction, division by 1 or by t).
/// Exhaustively within 2 ulp of glibc's float64 tan over
/// |x| <= TRIG_INLINE_MAX, as before.
#[inline(always)]
pub(super) fn tan_of_reduced((r, r_lo, q): (f32, f32, u32)) -> f32 {
    let z = r * r;
    let rz = r * z;
    let p = horner(z, &TAN_P_F32);
    let qz = horner(z, &TAN_Q_F32);
    let d = qz.mul_add(z, 1.0);
    let w = rz.mul_add(p, -r_lo);
    // r - w and r - c/d, not r + ...: with x = -0.0, r = r_lo = -0.0 and
    // w = c = +0.0, and the results stay -0.0.
    let n = r - w;
    let c = rz.mul_add(qz, w);
    let even = q & 1 == 0;
    pick(even, r, 0.0) - pick(even, c, d) / pick(even, d, n)
}

/// sin(x) for |x| <= TRIG_INLINE_MAX, within 2 ulp, all in float32 lanes.
#[inline(always)]
pub fn sin_f32(x: f32) -> f32 {
    sin_of_reduced(reduce_pio2(x))
}

/// cos(x) for |x| <= TRIG_INLINE_MAX, within 2 ulp.
#[inline(always)]
pub fn cos_f32(x: f32) -> f32 {
    cos_of_reduced(reduce_pio2(x))
}

/// tan(x) for |x| <= TRIG_INLINE_MAX, within 2 ulp.
#[inline(always)]
pub fn tan_f32(x: f32) -> f32 {
    tan_of_reduced(reduce_pio2(x))
}

/// sin, cos or tan of any float32: the float32-lane form up to
/// TRIG_INLINE_MAX, the float64-lane reduction up to TRIG_WIDE_MAX, then
/// libm (`exact`).
#[inline(always)]
pub(super) fn trig_f32(
    x: f32,
    of_reduced: fn((f32, f32, u32)) -> f32,
    exact: fn(f32) -> f32,
) -> f32 {
    if !x.vtrig_out_of_range() {
        of_reduced(reduce_pio2(x))
    } else if x.abs() <= TRIG_WIDE_MAX {
        of_reduced(reduce_pio2_wide(x))
    } else {
        exact(x)
    }
}

/// Largest |x| the inline float64 sin/cos/tan reduce exactly: the quadrant
/// count j stays below 2^20, so j times each 33-bit part of pi/2 is exact.
pub const TRIG64_INLINE_MAX: f64 = 1.0e6;

/// x = j pi/2 + (r + rr), |r| <= pi/4 (about), and j mod 4: pi/2 in three
/// 33-bit parts and a tail (fdlibm's), each product with j exact, the
/// rounding errors of the subtractions carried in rr.
#[inline(always)]
pub(super) fn reduce_pio2_f64(x: f64) -> (f64, f64, u64) {
    const P1: f64 = 1.570_796_326_734_125_6;
    const P2: f64 = 6.077_100_506_303_966e-11;
    const P3: f64 = 2.022_266_248_711_166_5e-21;
    const P3_TAIL: f64 = 8.478_427_660_368_9e-32;
    let t = x * std::f64::consts::FRAC_2_PI + ROUND_F64;
    let j = t - ROUND_F64;
    let a = x - j * P1; // exact: a and j * P1 are within a factor 2
    let w = j * P2;
    let r = a - w;
    let rr = (a - r) - w;
    let w = j * P3;
    let r2 = r - w;
    let rr = rr + ((r - r2) - w) - j * P3_TAIL;
    // Renormalised, except that a zero rr keeps the sign of r = -0.0.
    let hi = if rr == 0.0 { r2 } else { r2 + rr };
    let lo = (r2 - hi) + rr;
    // 2^52 is a multiple of 4, so t's low bits are j mod 4.
    (hi, lo, t.to_bits() & 3)
}

/// sin(r + rr) for |r| <= pi/4, |rr| tiny: r + r^3 S(r^2) with fdlibm's
/// minimax S, the first-order effect of rr folded in.
#[inline(always)]
pub(super) fn sin_kernel_f64(r: f64, rr: f64) -> f64 {
    // S's r^3 coefficient, then the rest highest degree first (for `horner`).
    const S1: f64 = -1.666_666_666_666_663_2e-1;
    const S: [f64; 5] = [
        1.589_690_995_211_55e-10,
        -2.505_076_025_340_686_3e-8,
        2.755_731_370_707_006_8e-6,
        -1.984_126_982_985_795e-4,
        8.333_333_333_322_49e-3,
    ];
    let z = r * r;
    let p = horner(z, &S);
    let v = z * r;
    r - ((z * (0.5 * rr - v * p) - rr) - v * S1)
}

/// cos(r + rr) for |r| <= pi/4: 1 - r^2/2 + r^4 C(r^2) with fdlibm's minimax
/// C, the rounding error of 1 - r^2/2 recovered and added back.
#[inline(always)]
pub(super) fn cos_kernel_f64(r: f64, rr: f64) -> f64 {
    // Highest degree first (for `horner`).
    const C: [f64; 6] = [
        -1.135_964_755_778_819_5e-11,
        2.087_572_321_298_175e-9,
        -2.755_731_435_139_066_3e-7,
        2.480_158_728_947_673e-5,
        -1.388_888_888_887_411e-3,
        4.166_666_666_666_66e-2,
    ];
    let z = r * r;
    let p = z * horner(z, &C);
    let hz = 0.5 * z;
    let w = 1.0 - hz;
    w + (((1.0 - w) - hz) + (z * p - r * rr))
}

/// sin(x) for |x| <= TRIG64_INLINE_MAX, within an ulp.
#[inline(always)]
pub fn sin_f64(x: f64) -> f64 {
    let (r, rr, q) = reduce_pio2_f64(x);
    let v = if q & 1 == 0 {
        sin_kernel_f64(r, rr)
    } else {
        cos_kernel_f64(r, rr)
    };
    if q & 2 == 0 {
        v
    } else {
        -v
    }
}

/// cos(x) for |x| <= TRIG64_INLINE_MAX, within an ulp.
#[inline(always)]
pub fn cos_f64(x: f64) -> f64 {
    let (r, rr, q) = reduce_pio2_f64(x);
    let v = if q & 1 == 0 {
        cos_kernel_f64(r, rr)
    } else {
        sin_kernel_f64(r, rr)
    };
    if (q + 1) & 2 == 0 {
        v
    } else {
        -v
    }
}

/// tan(x) for |x| <= TRIG64_INLINE_MAX, within two ulp: the quotient of the
/// sin and cos kernels (odd quadrants give -cos/sin), one division chosen by
/// select.
#[inline(always)]
pub fn tan_f64(x: f64) -> f64 {
    let (r, rr, q) = reduce_pio2_f64(x);
    let (s, c) = (sin_kernel_f64(r, rr), cos_kernel_f64(r, rr));
    let (num, den) = if q & 1 == 0 { (s, c) } else { (-c, s) };
    num / den
}
