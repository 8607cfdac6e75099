//! e^x and the logarithms (ln, log2, log10) of float32 and float64.

use super::*;

/// e^x in float32. Cody-Waite reduction x = n*ln2 + r with a two-part ln2
/// (n*LN2_HI is exact), a degree-6 polynomial for e^r on |r| <= ln2/2
/// (Cephes' coefficients), and 2^n applied in two halves so results next to
/// the overflow and subnormal limits need no special case. Within 1 ulp of
/// the correctly rounded result (tested over a dense sweep).
#[inline(always)]
pub fn exp_f32(x: f32) -> f32 {
    const ROUND: f32 = 12_582_912.0; // 1.5 * 2^23: adding it rounds to an integer
    const MAX: f32 = 88.722_84; // above: +inf
    const MIN: f32 = -103.972_08; // below: 0 (under half the smallest subnormal)

    // clamp keeps NaN (f32::max/min would turn it into a bound).
    let xc = x.clamp(MIN, MAX);
    let t = xc * std::f32::consts::LOG2_E + ROUND;
    let n = t - ROUND;
    let r = xc - n * LN2_HI_F32 - n * LN2_LO_F32;
    let poly =
        (((((1.987_569_1e-4 * r + 1.398_199_9e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r
            + 1.666_666_5e-1)
            * r
            + 0.5)
            * (r * r)
            + r
            + 1.0;
    // n as an integer: t's significand holds it, offset by ROUND's bits.
    let n = (t.to_bits() as i32).wrapping_sub(ROUND.to_bits() as i32);
    let half = n >> 1;
    let scale = |k: i32| f32::from_bits(((k + 127) << 23) as u32);
    let y = poly * scale(half) * scale(n - half);
    if x > MAX {
        f32::INFINITY
    } else if x < MIN {
        0.0
    } else {
        y
    }
}

/// x = 2^e m with m in [sqrt(1/2), sqrt(2)), for x positive, normal and
/// finite: offset by sqrt(1/2)'s bits, the exponent field counts from
/// sqrt(1/2), so no compare is needed (`log_reduce` in float64).
#[inline(always)]
pub(super) fn log_reduce_f32(x: f32) -> (i32, f32) {
    const SQRT_HALF_BITS: u32 = 0x3f35_04f3;
    let offset = x.to_bits().wrapping_sub(SQRT_HALF_BITS);
    let m = f32::from_bits((offset & 0x007f_ffff) + SQRT_HALF_BITS);
    ((offset as i32) >> 23, m)
}

/// ln(1 + f) = f - f^2/2 + f^3 P(f) for 1 + f in [sqrt(1/2), sqrt(2))
/// (highest degree first): a degree-7 least-squares fit (Lawson-weighted,
/// error relative to ln(1 + f)), 2^-27.2 with these float32 coefficients,
/// one degree below Cephes' logf polynomial (2^-27.9). Used by `ln_f32` and
/// the pair logarithm of the log1p family (`ln_pair_f32`).
pub(super) const LN1P_F32_POLY: [f32; 8] = [
    -7.634_46e-2,
    1.276_156_3e-1,
    -1.316_019e-1,
    1.420_176e-1,
    -1.662_335_7e-1,
    2.000_122_7e-1,
    -2.500_082e-1,
    3.333_333e-1,
];

/// f P(f) - 1/2 (P = `LN1P_F32_POLY`, so ln(1 + f) = f + z Q(f)) by
/// Estrin's scheme in z = f^2 and z^2: four levels of fused multiply-adds
/// instead of Horner's nine, which these loops, bound by the length of the
/// dependency chain as much as by throughput, notice.
#[inline(always)]
pub(super) fn ln1p_q_f32(f: f32, z: f32) -> f32 {
    let c = &LN1P_F32_POLY;
    let q0 = c[7].mul_add(f, -0.5);
    let q1 = c[5].mul_add(f, c[6]);
    let q2 = c[3].mul_add(f, c[4]);
    let q3 = c[1].mul_add(f, c[2]);
    let r0 = q1.mul_add(z, q0);
    let r1 = q3.mul_add(z, q2);
    let z2 = z * z;
    c[0].mul_add(z2, r1).mul_add(z2, r0)
}

/// ln(x) of a positive normal finite float32 (`!x.vlog_out_of_range()`) in
/// float32 lanes, within an ulp: x = 2^e (1 + f) with 1 + f in [sqrt(1/2),
/// sqrt(2)) (`log_reduce_f32`), ln(1 + f) = f + f^2 Q(f) with Q from
/// `ln1p_q_f32` (the log1p family's degree-7 refit, by Estrin's scheme), and
/// e ln2 added in two parts (e * LN2_HI is exact), the small terms first.
/// Estrin instead of the 9-step Horner chain on Cephes' coefficients it
/// replaced: 10^4 values in a lab build on AMD Zen 4, 0.381 -> 0.288 ns a
/// value with AVX2 and 0.252 -> 0.221 with AVX-512 (the loop is bound by the
/// chain's latency more than by its op count). Every positive normal
/// float32 checked against glibc's float64 log: at most 0.988 ulp from it
/// before rounding it (was 0.841), 1.35e7 of 2.13e9 results 1 ulp from it
/// rounded (was 1.33e7).
#[inline(always)]
pub fn ln_f32(x: f32) -> f32 {
    let (e, m) = log_reduce_f32(x);
    let f = m - 1.0;
    let z = f * f;
    let tail = z * ln1p_q_f32(f, z);
    let e = e as f32;
    e.mul_add(LN2_HI_F32, f + e.mul_add(LN2_LO_F32, tail))
}

/// log2(1 + f) = LOG2_E f + f^2 S(f) for 1 + f in [sqrt(1/2), sqrt(2))
/// (highest degree first; LOG2_E exact, as the pair `LOG2E_HI_F32` +
/// `LOG2E_LO_F32`): a degree-8 fit made for these kernels (Lawson-weighted
/// least squares for the error relative to log2(1 + f), coefficients
/// rounded to float32 lowest degree first, the rest refitted after each),
/// 2^-27.7 with these float32 values. Fitting log2 itself rather than
/// scaling ln by log2(e) saves the float32 pair products of the scaling.
/// Degree 7 (2^-25.0) is not enough: 2 ulp at x near 1.39.
pub(super) const LOG2_F32_POLY: [f32; 9] = [
    -1.102_558_4e-1,
    1.870_877_7e-1,
    -1.913_906_5e-1,
    2.044_866_1e-1,
    -2.395_673_7e-1,
    2.885_714_2e-1,
    -3.606_986_7e-1,
    4.808_982e-1,
    -7.213_473_3e-1,
];

/// log10(1 + f) = LOG10_E f + f^2 S(f), as `LOG2_F32_POLY` for log10
/// (2^-27.7 with these float32 values).
pub(super) const LOG10_F32_POLY: [f32; 9] = [
    -3.326_48e-2,
    5.627_813e-2,
    -5.756_547_7e-2,
    6.155_972_6e-2,
    -7.212_284e-2,
    8.686_867e-2,
    -1.085_808_95e-1,
    1.447_647_8e-1,
    -2.171_471_9e-1,
];

/// S'(f) = (S(f) - s0) / f for S = `c` (degree 8, highest first, s0 =
/// c[8]) by Estrin's scheme in z = f^2 and z^2: three levels of fused
/// multiply-adds where Horner's rule takes seven one after another. The
/// callers add z s0 separately, rounded once at the size of the small terms.
#[inline(always)]
fn log_poly_f32(f: f32, z: f32, c: &[f32; 9]) -> f32 {
    let q0 = c[6].mul_add(f, c[7]);
    let q1 = c[4].mul_add(f, c[5]);
    let q2 = c[2].mul_add(f, c[3]);
    let q3 = c[0].mul_add(f, c[1]);
    let r0 = q1.mul_add(z, q0);
    let r1 = q3.mul_add(z, q2);
    r1.mul_add(z * z, r0)
}

// log2(e) and log10(e) as hi + lo in float32 (hi = the rounded value).
pub(super) const LOG2E_HI_F32: f32 = std::f32::consts::LOG2_E;
pub(super) const LOG2E_LO_F32: f32 = (std::f64::consts::LOG2_E - LOG2E_HI_F32 as f64) as f32;
pub(super) const LOG10E_HI_F32: f32 = std::f32::consts::LOG10_E;
pub(super) const LOG10E_LO_F32: f32 = (std::f64::consts::LOG10_E - LOG10E_HI_F32 as f64) as f32;
/// log10(2) split so that e * LOG10_2_HI_F32 is exact: the high part keeps
/// 12 significant bits and |e| < 2^8.
pub(super) const LOG10_2_HI_F32: f32 =
    f32::from_bits(std::f32::consts::LOG10_2.to_bits() & 0xffff_f000);
pub(super) const LOG10_2_LO_F32: f32 = (std::f64::consts::LOG10_2 - LOG10_2_HI_F32 as f64) as f32;

/// log2(x) of a positive normal finite float32, within an ulp: x = 2^e
/// (1 + f) (`log_reduce_f32`), log2(1 + f) = LOG2E_HI f + (z s0 +
/// (z f S'(f) + LOG2E_LO f)) with S = `LOG2_F32_POLY` (s0 its constant term, S' by
/// Estrin's scheme), rounded once by a fused multiply-add, and the integer e
/// added last. For e != 0 that rounding comes before e's: at most 1/4 ulp of
/// the result (|e| = 1) and less as |e| grows. Replaces ln(1 + f) (Cephes,
/// Horner) scaled by log2(e) as a float32 pair and added to e by a two-sum;
/// 10^4 values in a lab build on AMD Zen 4: 0.452 -> 0.289 ns a value with
/// AVX2, 0.292 -> 0.238 with AVX-512. Every positive normal float32 checked
/// against glibc's float64 log2: at most 0.938 ulp from it before rounding
/// it (the pair form: 1.058), 1.15e7 of 2.13e9 results at 1 ulp from it
/// rounded (0.54%, like `ln_f32`'s 0.63%; the pair form had 2.06e6). Adding
/// z s0 into the small terms rather than inside S costs 5% time and brings
/// the worst case from 1.18 to 0.94 ulp.
#[inline(always)]
pub fn log2_f32(x: f32) -> f32 {
    let (e, m) = log_reduce_f32(x);
    let f = m - 1.0;
    let z = f * f;
    let c = &LOG2_F32_POLY;
    let lo = (z * f).mul_add(log_poly_f32(f, z, c), f * LOG2E_LO_F32);
    e as f32 + LOG2E_HI_F32.mul_add(f, z.mul_add(c[8], lo))
}

/// log10(x) of a positive normal finite float32, within an ulp: as
/// `log2_f32` with S = `LOG10_F32_POLY`, and e log10(2) = e LOG10_2_HI_F32
/// (exact, added last) + e LOG10_2_LO_F32 (joins the small terms). 10^4
/// values in a lab build on AMD Zen 4: 0.477 -> 0.319 ns a value with AVX2,
/// 0.317 -> 0.271 with AVX-512 (the scaled-ln pair form it replaces). Every
/// positive normal float32 checked against glibc's float64 log10: at most
/// 0.895 ulp from it before rounding it, 1.23e7 of 2.13e9 results at 1 ulp
/// (0.58%; the pair form had 2.12e6).
#[inline(always)]
pub fn log10_f32(x: f32) -> f32 {
    let (e, m) = log_reduce_f32(x);
    let f = m - 1.0;
    let z = f * f;
    let e = e as f32;
    let c = &LOG10_F32_POLY;
    let small = e.mul_add(LOG10_2_LO_F32, f * LOG10E_LO_F32);
    let lo = (z * f).mul_add(log_poly_f32(f, z, c), small);
    e.mul_add(
        LOG10_2_HI_F32,
        LOG10E_HI_F32.mul_add(f, z.mul_add(c[8], lo)),
    )
}

/// Largest |x| for which `exp_f64` is correct: e^x stays normal, so 2^n
/// can be added to the exponent bits.
pub const EXP64_INLINE_MAX: f64 = 708.0;

/// Coefficients (highest degree first) of P(r) ~ (e^r - 1 - r) / r^2 on
/// |r| <= ln2/2: a Chebyshev fit (mpmath `chebyfit`, 50 digits) whose
/// error, times r^2, is below 2^-56.
pub(super) const EXP64_POLY: [f64; 10] = [
    2.510_037_583_256_123_4e-8,
    2.762_007_587_998_336_7e-7,
    2.755_726_848_031_002_4e-6,
    2.480_152_132_236_869_2e-5,
    1.984_126_986_304_054_5e-4,
    0.001_388_888_891_719_671_9,
    0.008_333_333_333_330_065,
    0.041_666_666_666_624_164,
    0.166_666_666_666_666_69,
    0.500_000_000_000_000_1,
];

/// e^x for |x| <= EXP64_INLINE_MAX, within an ulp. x = n ln2 + r with
/// |r| <= ln2/2, e^r = 1 + r + r^2 P(r), and 2^n added to the exponent bits.
/// No table: a table lookup is a gather, which LLVM will not vectorise
/// (the 128-entry form it replaces ran scalar, 0.2x NumPy's SIMD exp).
/// Horner with fused multiply-adds, as in the float32 forms.
#[inline(always)]
pub fn exp_f64(x: f64) -> f64 {
    let t = x * std::f64::consts::LOG2_E + ROUND_F64;
    let n = t - ROUND_F64;
    // n has at most 11 bits, so n * LN2_HI is exact.
    let r = x - n * LN2_HI - n * LN2_LO;
    let p = horner(r, &EXP64_POLY);
    let y = 1.0 + r.mul_add(r * p, r);
    f64::from_bits(y.to_bits().wrapping_add((round_f64_as_int(t) << 52) as u64))
}

/// The parts of ln x for the logarithms: x = 2^e (1 + f) with 1 + f in
/// [sqrt(1/2), sqrt(2)) (x positive, normal and finite), s = f / (2 + f),
/// and ln(1 + f) = f - hfsq + s (hfsq + r) with hfsq = f^2/2 and r a minimax
/// polynomial in s^2 (fdlibm's coefficients, error < 2^-58).
pub(super) struct LogParts {
    pub(super) e: f64,
    pub(super) f: f64,
    pub(super) s: f64,
    pub(super) hfsq: f64,
    pub(super) r: f64,
}

/// x = 2^e m with m in [sqrt(1/2), sqrt(2)), for x positive, normal and
/// finite; returns (e, m). Offsetting the bits by sqrt(1/2)'s moves the
/// exponent step to sqrt(1/2), so |m - 1| <= sqrt(2) - 1 with no branch.
/// Shared by `log_parts` and `ln_dd`.
#[inline(always)]
pub(super) fn log_reduce(x: f64) -> (f64, f64) {
    const SQRT_HALF_BITS: u64 = 0x3fe6_a09e_667f_3bcd;
    let offset = x.to_bits().wrapping_sub(SQRT_HALF_BITS);
    let e = (offset as i64) >> 52;
    let m = f64::from_bits((offset & ((1 << 52) - 1)) + SQRT_HALF_BITS);
    (e as f64, m)
}

#[inline(always)]
pub(super) fn log_parts(x: f64) -> LogParts {
    // fdlibm's Lg1..Lg7 split by parity, each highest degree first (for
    // `horner` in w = s^4): r = z (Lg1 + w Lg3 + ...) + w (Lg2 + w Lg4 + ...).
    const LG_ODD: [f64; 4] = [
        1.479_819_860_511_658_6e-1,
        1.818_357_216_161_805e-1,
        2.857_142_874_366_239e-1,
        6.666_666_666_666_735e-1,
    ];
    const LG_EVEN: [f64; 3] = [
        1.531_383_769_920_937_3e-1,
        2.222_219_843_214_978_4e-1,
        3.999_999_999_940_942e-1,
    ];
    let (e, m) = log_reduce(x);
    let f = m - 1.0;
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let r = z.mul_add(horner(w, &LG_ODD), w * horner(w, &LG_EVEN));
    LogParts {
        e,
        f,
        s,
        hfsq: 0.5 * f * f,
        r,
    }
}

/// ln(x) of a positive normal finite float64, within an ulp.
#[inline(always)]
pub fn ln_f64(x: f64) -> f64 {
    let LogParts { e, f, s, hfsq, r } = log_parts(x);
    e * LN2_HI + (f - (hfsq - (s * (hfsq + r) + e * LN2_LO)))
}

/// log_b(x) = e log_b(2) + ln(1 + f) / ln(b), within an ulp (log2) or two
/// (log10). The leading part of ln(1 + f) is cut to 21 bits, so its product
/// with the 32-bit head `inv_hi` of 1/ln(b) is exact; e log_b(2) is added
/// in two parts (exact for powers of 2 in log2, and of 10 in log10 as
/// far as tested).
#[inline(always)]
pub(super) fn log_base(x: f64, inv_hi: f64, inv_lo: f64, e_hi: f64, e_lo: f64) -> f64 {
    let LogParts { e, f, s, hfsq, r } = log_parts(x);
    let hi = f - hfsq;
    let hi = f64::from_bits(hi.to_bits() & 0xFFFF_FFFF_0000_0000);
    let lo = (f - hi) - hfsq + s * (hfsq + r);
    let val_hi = hi * inv_hi;
    let lo = (lo + hi) * inv_lo + lo * inv_hi + e * e_lo;
    let eh = e * e_hi;
    let w = eh + val_hi;
    let lo = lo + ((eh - w) + val_hi);
    w + lo
}

/// log2(x) of a positive normal finite float64, within an ulp; exact for
/// powers of two.
#[inline(always)]
pub fn log2_f64(x: f64) -> f64 {
    const INV_LN2_HI: f64 = f64::from_bits(0x3FF7_1547_6520_0000);
    const INV_LN2_LO: f64 = 1.675_171_316_488_651_2e-10;
    log_base(x, INV_LN2_HI, INV_LN2_LO, 1.0, 0.0)
}

/// log10(x) of a positive normal finite float64, within two ulp.
#[inline(always)]
pub fn log10_f64(x: f64) -> f64 {
    const INV_LN10_HI: f64 = f64::from_bits(0x3FDB_CB7B_1520_0000);
    const INV_LN10_LO: f64 = 2.508_294_671_164_527_5e-11;
    const LOG10_2_HI: f64 = 3.010_299_956_636_117_7e-1;
    const LOG10_2_LO: f64 = 3.694_239_077_158_931e-13;
    log_base(x, INV_LN10_HI, INV_LN10_LO, LOG10_2_HI, LOG10_2_LO)
}
