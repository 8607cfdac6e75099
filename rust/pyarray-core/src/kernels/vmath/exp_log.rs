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

/// ln(x) of a positive normal finite float32 (`!x.vlog_out_of_range()`) in
/// float32 lanes, within an ulp: x = 2^e * m with m folded into
/// [sqrt(1/2), sqrt(2)); ln(1 + f), f = m - 1, as f - f^2/2 + f^3 P(f) with Cephes' logf coefficients, and e*ln2 added in
/// two parts (e * LN2_HI is exact). Horner's steps are fused multiply-adds:
/// a third less time than a multiply and an add each (10^4 values: 3.84 ->
/// 2.51 us in a lab build on AMD Zen 4) and closer results (checked over
/// every positive normal float32: at most 0.84 ulp from ln, against 1.46
/// ulp unfused).
#[inline(always)]
pub fn ln_f32(x: f32) -> f32 {
    let (e, f, tail) = ln_f32_parts(x);
    // f + tail + e*LN2_LO + e*LN2_HI, the small terms first.
    e.mul_add(LN2_HI_F32, f + e.mul_add(LN2_LO_F32, tail))
}

/// Cephes' logf coefficients (highest degree first): ln(1 + f) =
/// f - f^2/2 + f^3 P(f) for 1 + f in [sqrt(1/2), sqrt(2)).
pub(super) const LN_F32_POLY: [f32; 9] = [
    7.037_683_6e-2,
    -1.151_461e-1,
    1.167_699_9e-1,
    -1.242_014_1e-1,
    1.424_932_3e-1,
    -1.666_805_8e-1,
    2.000_071_5e-1,
    -2.499_999_4e-1,
    3.333_333e-1,
];

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

/// The parts of `ln_f32`: x = 2^e (1 + f), ln(1 + f) = f + tail.
#[inline(always)]
pub(super) fn ln_f32_parts(x: f32) -> (f32, f32, f32) {
    let (e, m) = log_reduce_f32(x);
    let f = m - 1.0;
    let z = f * f;
    let p = horner(f, &LN_F32_POLY);
    // tail = f^3 P(f) - z/2.
    (e as f32, f, (p * f).mul_add(z, -0.5 * z))
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
/// (1 + f) from `ln_f32`'s parts, log2 x = e + (f + tail) log2(e), the
/// product f log2(e) kept as a float32 pair (its error by an fma) and the
/// integer e added by a fast two-sum (e = 0 or |e| >= 1 > |f log2(e)|).
/// Every positive normal float32 checked against glibc's float64 log2:
/// max 1 ulp (2.06e6 of 2.13e9 at 1 ulp). 1.55x faster than the sum in
/// float64 lanes it replaced, which converted three values a lane.
#[inline(always)]
pub fn log2_f32(x: f32) -> f32 {
    let (e, f, tail) = ln_f32_parts(x);
    let y = f * LOG2E_HI_F32;
    let y_err = f.mul_add(LOG2E_HI_F32, -y);
    let lo = tail.mul_add(LOG2E_HI_F32, f.mul_add(LOG2E_LO_F32, y_err));
    let (s, s_err) = fast_two_sum(e, y);
    s + (s_err + lo)
}

/// log10(x) of a positive normal finite float32, within an ulp: as
/// `log2_f32`, with e log10(2) = e LOG10_2_HI_F32 (exact) + e
/// LOG10_2_LO_F32 and |e LOG10_2_HI_F32| >= 0.3 > |f log10(e)| for e != 0.
/// Every positive normal float32 checked against glibc's float64 log10:
/// max 1 ulp (2.12e6 of 2.13e9 at 1 ulp).
#[inline(always)]
pub fn log10_f32(x: f32) -> f32 {
    let (e, f, tail) = ln_f32_parts(x);
    let y = f * LOG10E_HI_F32;
    let y_err = f.mul_add(LOG10E_HI_F32, -y);
    let lo = e.mul_add(LOG10_2_LO_F32, y_err);
    let lo = tail.mul_add(LOG10E_HI_F32, f.mul_add(LOG10E_LO_F32, lo));
    let (s, s_err) = fast_two_sum(e * LOG10_2_HI_F32, y);
    s + (s_err + lo)
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
