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
/// five parts: the first four have 11 significant bits, so for
/// |x| <= TRIG_INLINE_MAX each j * P_k is exact and x - j*P1 - j*P2 is
/// exact; the third subtraction's rounding error is recovered (Fast2Sum) and
/// added back with the last two parts, so r keeps float32 precision even
/// next to multiples of pi/2.
#[inline(always)]
pub(super) fn reduce_pio2(x: f32) -> (f32, f32, u32) {
    const P1: f32 = f32::from_bits(0x3fc9_0000);
    const P2: f32 = f32::from_bits(0x39fd_a000);
    const P3: f32 = f32::from_bits(0x33a2_2000);
    const P4: f32 = f32::from_bits(0x2c34_6000);
    const P5: f32 = f32::from_bits(0x248d_3132);
    const ROUND: f32 = 12_582_912.0; // 1.5 * 2^23
    let t = x.mul_add(std::f32::consts::FRAC_2_PI, ROUND);
    let j = t - ROUND;
    // j * P1 and j * P2 are exact, so fusing them changes no result: it
    // saves two instructions.
    let head = (-j).mul_add(P2, (-j).mul_add(P1, x));
    let a = j * P3;
    let r3 = head - a;
    // The rounding error of r3, less the last two parts, written negated so
    // that x = -0.0 keeps its sign: r_hi = -0.0 + -0.0 (the plain form gives +0.0).
    let tail = -j.mul_add(P5, j.mul_add(P4, a - (head - r3)));
    let r_hi = r3 + tail;
    // t's low significand bits are j in two's complement (2^23 is a multiple of 4).
    (r_hi, tail - (r_hi - r3), t.to_bits() & 3)
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

/// sin(x) from its reduction (r, _, j mod 4).
#[inline(always)]
pub(super) fn sin_of_reduced((r, _, q): (f32, f32, u32)) -> f32 {
    let (s, c) = sin_cos_reduced_f32(r);
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
pub(super) fn cos_of_reduced((r, _, q): (f32, f32, u32)) -> f32 {
    let (s, c) = sin_cos_reduced_f32(r);
    // cos(r + j*pi/2) = cos r, -sin r, -cos r, sin r.
    let v = if q & 1 == 0 { c } else { s };
    if (q + 1) & 2 == 0 {
        v
    } else {
        -v
    }
}

/// tan(x) from its reduction: Cephes' tanf polynomial in float32 lanes, with
/// the low part of r added back; odd quadrants give -1/tan(r). One
/// division, chosen by select (two divisions, one per quadrant, cost twice).
#[inline(always)]
pub(super) fn tan_of_reduced((r_hi, r_lo, q): (f32, f32, u32)) -> f32 {
    const P: [f32; 6] = [
        9.385_402e-3,
        3.119_922_3e-3,
        2.443_013_5e-2,
        5.341_128e-2,
        1.333_879_9e-1,
        3.333_315_7e-1,
    ];
    let z = r_hi * r_hi;
    let p = horner(z, &P) * z;
    // copysign: keeps tan(-0.0) = -0.0 (r_lo = +0.0 would round it to +0.0).
    let t = (r_hi + r_hi.mul_add(p, r_lo)).copysign(r_hi);
    let (num, den) = if q & 1 == 0 { (t, 1.0) } else { (-1.0, t) };
    num / den
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
