//! x^y of float32 (float64 lanes) and float64 (double-float log and exp).

use super::*;

/// ln(1 + f) / f on [sqrt(1/2) - 1, sqrt(2) - 1] (highest degree first): a
/// weighted least-squares fit to relative error 2^-35.8, for `pow_of_f32`.
pub(super) const LN1P_POW32_POLY: [f64; 13] = [
    0.053_626_336_589_084_16,
    -0.099_006_793_691_587_52,
    0.100_332_405_582_816_71,
    -0.099_228_972_248_372_64,
    0.110_050_833_799_178_57,
    -0.124_974_809_094_665_09,
    0.142_909_867_410_363_18,
    -0.166_669_435_639_499_04,
    0.199_998_811_540_833_7,
    -0.249_999_940_776_745_78,
    0.333_333_343_336_092_7,
    -0.500_000_000_294_246_2,
    0.999_999_999_985_958_6,
];
/// (2^r - 1) / r on |r| <= 1/2 (highest degree first): a degree-6 Chebyshev
/// fit (mpmath `chebyfit`, 50 digits), relative error 2^-31.8, so 2^r =
/// 1 + r P(r) errs by under 2^-33.
const EXP2_POW32_POLY: [f64; 7] = [
    1.529_732_376_070_107_5e-5,
    1.546_144_469_856_913e-4,
    1.333_350_238_616_277e-3,
    9.618_056_678_524_637e-3,
    5.550_410_883_909_618_5e-2,
    0.240_226_509_222_887_57,
    std::f64::consts::LN_2, // the fit's constant term is ln 2 to the last bit
];

/// The polynomial of degree 12 with coefficients `c` (highest degree first)
/// by Estrin's scheme: Horner's fused multiply-adds plus x^2, x^4 and x^8,
/// in dependency chains of 5 instead of 12, so that more loop iterations
/// overlap (the AVX2 pow loop was latency-bound).
#[inline(always)]
fn estrin_13(x: f64, c: &[f64; 13]) -> f64 {
    let a = |k: usize| c[12 - k]; // coefficient of x^k
    let x2 = x * x;
    let x4 = x2 * x2;
    let x8 = x4 * x4;
    let b = |i: usize| a(2 * i + 1).mul_add(x, a(2 * i));
    let c0 = b(1).mul_add(x2, b(0));
    let c1 = b(3).mul_add(x2, b(2));
    let c2 = b(5).mul_add(x2, b(4));
    let lo = c1.mul_add(x4, c0);
    let hi = a(12).mul_add(x4, c2);
    hi.mul_add(x8, lo)
}

/// `estrin_13` for degree 6.
#[inline(always)]
fn estrin_7(x: f64, c: &[f64; 7]) -> f64 {
    let a = |k: usize| c[6 - k]; // coefficient of x^k
    let x2 = x * x;
    let x4 = x2 * x2;
    let hi = a(6).mul_add(x2, a(5).mul_add(x, a(4)));
    let lo = a(3).mul_add(x, a(2)).mul_add(x2, a(1).mul_add(x, a(0)));
    hi.mul_add(x4, lo)
}

/// x^y = 2^(y log2 x) for float32 x > 0 and y, both finite, in float64
/// lanes with only the precision float32 needs: log2 x = e + f P(f) log2(e)
/// with x = 2^e (1 + f) (`log_reduce`, P = `LN1P_POW32_POLY`; no division,
/// which bounded the full float64 log here), and 2^t = 2^n (1 + r Q(r)),
/// n = round(t), |r| <= 1/2 (r exact, Q = `EXP2_POW32_POLY`). Base 2 saves
/// the multiply by log2(e) and the two-part ln 2 of a natural-base exp.
/// Where float32 can hold the result, |t| < 150, so t errs by under 2^-28
/// and the result by under 2^-28 relative before its one rounding to
/// float32: within an ulp. Checked in a lab build against float64 `powf`
/// rounded to float32 on 1.2e9 pairs (the whole domain; x near 1 with |y|
/// up to 2^31; powers of 2 with integer y, whose results stay exact down
/// to 2^-149; results near overflow and in the subnormal range): max 1 ulp,
/// 0.09 % at 1 ulp. Beyond, the clamp keeps the scaling in range and the
/// rounding gives infinity or 0. Lab, 10^4 elements, Zen 4: 1.2 ns/element
/// (AVX-512; 2.0 AVX2), against 1.5 (2.7) for the natural-base form with
/// Horner's rule it replaced.
#[inline(always)]
pub(super) fn pow_of_f32(x: f32, y: f32) -> f32 {
    let (e, m) = log_reduce(x as f64);
    let f = m - 1.0;
    let log2_x = (f * estrin_13(f, &LN1P_POW32_POLY)).mul_add(std::f64::consts::LOG2_E, e);
    let t = (y as f64 * log2_x).clamp(-200.0, 200.0);
    let k = t + ROUND_F64;
    let r = t - (k - ROUND_F64); // exact
    let p = r.mul_add(estrin_7(r, &EXP2_POW32_POLY), 1.0);
    f64::from_bits(p.to_bits().wrapping_add((round_f64_as_int(k) << 52) as u64)) as f32
}

// pow of float64 (`VectorisedBinary`)

/// ln 2 in two parts for the double-double forms: LN2_HI42 has 42
/// significant bits, so n * LN2_HI42 is exact for |n| < 2^11, and
/// n * LN2_LO42 stays below 2^-34.
pub(super) const LN2_HI42: f64 = f64::from_bits(0x3FE6_2E42_FEFA_3800);
pub(super) const LN2_LO42: f64 = 5.497_923_018_708_371e-14;

/// Q(w) ~ (ln((1 + S/2)/(1 - S/2)) - S - S^3/12) / S^5 with w = S^2 <= 0.118,
/// as Q_EVEN(w^2) + w Q_ODD(w^2) (two short chains instead of one long),
/// each highest degree first: a degree-7 Chebyshev fit (mpmath `chebyfit`,
/// 60 digits), relative error 2^-57 (2^-54 once rounded).
pub(super) const LN_DD_Q_EVEN: [f64; 4] = [
    8.930_960_202_408_529e-7,
    1.878_002_293_916_302_7e-5,
    4.340_277_777_665_785_4e-4,
    0.0125,
];
pub(super) const LN_DD_Q_ODD: [f64; 4] = [
    2.236_513_370_859_364_4e-7,
    4.069_462_271_512_452e-6,
    8.877_840_984_859_653e-5,
    2.232_142_857_142_920_3e-3,
];

/// 1/12, the S^3 coefficient, in two parts.
pub(super) const ONE_TWELFTH_HI: f64 = 0.083_333_333_333_333_33;
pub(super) const ONE_TWELFTH_LO: f64 = 4.625_929_269_271_485e-18;

/// ln(x) = hi + lo (|lo| <= ulp(hi)/2) for x positive, normal and finite,
/// within 2^-64.8 relative (measured against mpmath; `pow_f64` needs
/// y ln x, up to 746 in magnitude, well below an ulp).
/// x = 2^e m (`log_reduce`), f = m - 1, S = 2f/(2 + f) = f/(1 + f/2) in two
/// parts, and ln m = 2 atanh(S/2) = S + S^3 (1/12 + S^2 Q(S^2)): S and the
/// S^3 term (at most 2^-6.7 of S) are double-double, built with fused
/// multiply-adds; only S^5 Q (at most 2^-12.5 of the total) is plain.
/// No table (a lookup is a gather, which keeps loops scalar).
#[inline(always)]
pub(super) fn ln_dd(x: f64) -> (f64, f64) {
    let (e, m) = log_reduce(x);
    let f = m - 1.0; // exact (Sterbenz)
                     // 1 + f/2 = a + a_lo exactly (both fmas are exact).
    let a = f.mul_add(0.5, 1.0);
    let a_lo = f.mul_add(0.5, 1.0 - a);
    // S = sh + sl. sh is within 2 ulp of f/a, so the residual f - sh a is
    // tiny and sl = residual / a needs only a rough reciprocal.
    let inv = 1.0 / a;
    let sh = f * inv;
    let sl = (-sh).mul_add(a_lo, sh.mul_add(-a, f)) * inv;
    // sh^2 = w + wl exactly; S^3 = s3 + s3l. The low parts carry the fma
    // residuals and the sl terms (2 sh sl, 3 sh^2 sl).
    let w = sh * sh;
    let wl = sh.mul_add(sh, -w);
    let d = sh * sl;
    let s3 = w * sh;
    let s3l = d.mul_add(3.0, wl).mul_add(sh, w.mul_add(sh, -s3));
    // b = 1/12 + w Q(w) in two parts (w Q <= 0.0015: Fast2Sum order holds).
    let w2 = w * w;
    let q = w.mul_add(horner(w2, &LN_DD_Q_ODD), horner(w2, &LN_DD_Q_EVEN));
    let t = w * q;
    let tl = d.mul_add(2.0, wl).mul_add(q, w.mul_add(q, -t));
    let b = ONE_TWELFTH_HI + t;
    let bl = (ONE_TWELFTH_HI - b) + t + (ONE_TWELFTH_LO + tl);
    // p = S^3 b in two parts.
    let p = s3 * b;
    let pl = s3l.mul_add(b, s3.mul_add(bl, s3.mul_add(b, -p)));
    // e ln2 + S + p: e * LN2_HI42 is exact and, unless e = 0 (when the sum
    // is exact anyway), larger than |S| <= 0.35; |p| < |e ln2 + S|, so
    // both Fast2Sums are exact.
    let h0 = e * LN2_HI42;
    let h = h0 + sh;
    let hl = sh - (h - h0);
    let g = h + p;
    let gl = p - (g - h);
    let lo = hl + gl + e.mul_add(LN2_LO42, sl + pl);
    let hi = g + lo;
    (hi, lo - (hi - g))
}

/// P(r) ~ (e^r - 1 - r) / r^2 on |r| <= ln2/2 as P_EVEN(r^2) + r P_ODD(r^2),
/// each highest degree first: a degree-10 Chebyshev fit (mpmath
/// `chebyfit`, 60 digits). With the rounded coefficients 1 + r + r^2 P(r)
/// is within 2^-61 of e^r relative (`EXP64_POLY`, a degree lower, is
/// within 2^-55.8: too loose for pow).
pub(super) const EXP_DD_EVEN: [f64; 6] = [
    2.091_468_696_808_687_6e-9,
    2.755_727_364_311_03e-7,
    2.480_158_732_554_774_3e-5,
    0.001_388_888_888_888_374_8,
    0.041_666_666_666_666_67,
    0.5,
];
pub(super) const EXP_DD_ODD: [f64; 5] = [
    2.510_521_700_472_074_5e-8,
    2.755_725_540_020_642_2e-6,
    1.984_126_987_482_062_7e-4,
    0.008_333_333_333_326_136,
    0.166_666_666_666_666_7,
];

/// e^(hi + lo) for finite hi and |lo| <= 2^-40 (so lo^2 is negligible),
/// overflow to inf and underflow to subnormals and 0 included (within
/// 0.66 ulp through `pow_f64`). hi is clamped to [-746, 710], beyond
/// which the result is inf or 0 anyway. hi = n ln2 + r exactly with
/// |r| <= ln2/2 (about), c = lo - n LN2_LO42 <= 2^-33, and
/// e^(r + c) = e^r (1 + c) and e^r = (1 + r) + r^2 P(r), 1 + r carried exactly;
/// 2^n is applied as two factors 2^(n/2), so a subnormal or overflowing
/// result is rounded once, at the second product.
#[inline(always)]
pub(super) fn exp_dd(hi: f64, lo: f64) -> f64 {
    // A select, not a branch: clamped lanes compute e^710 = inf or
    // e^-746 = 0, and their lo (maybe NaN when y ln x overflowed) is dropped.
    let x = if hi > 710.0 { 710.0 } else { hi };
    let x = if x < -746.0 { -746.0 } else { x };
    let lo = if x == hi { lo } else { 0.0 };
    let t = x * std::f64::consts::LOG2_E + ROUND_F64;
    let n = t - ROUND_F64;
    let r = n.mul_add(-LN2_HI42, x); // exact
    let c = n.mul_add(-LN2_LO42, lo);
    let r2 = r * r;
    let p = r.mul_add(horner(r2, &EXP_DD_ODD), horner(r2, &EXP_DD_EVEN));
    let u = 1.0 + r;
    let ul = (1.0 - u) + r; // exact: |r| < 1
    let v = r2.mul_add(p, ul);
    // e^(r + c) = e^r (1 + c) to c^2 < 2^-66; c e^r needs e^r only roughly.
    let v = c.mul_add(u + v, v);
    let k = round_f64_as_int(t);
    let k1 = k >> 1;
    let scale = |j: i64| f64::from_bits(((j + 1023) as u64) << 52);
    (u + v) * scale(k1) * scale(k - k1)
}

/// x^y for x positive, normal and finite and y finite (`pow_out_of_range`
/// false): within 0.66 ulp (mpmath, sampled), so within 1 ulp of libm's
/// `powf` (measured on 7e6 random pairs; results that overflow, underflow
/// or are subnormal included); exactly 1 for x = 1 or y = 0, and exact
/// where the result is representable in the cases tested (2^k, 10^k, 3^k,
/// 4^(k/2)). e^(y ln x): ln x in double-double (`ln_dd`), y ln x in two
/// parts by a fused multiply-add, then `exp_dd` of both parts.
/// Straight-line and table-free, so loops over slices vectorise.
#[inline(always)]
pub fn pow_f64(x: f64, y: f64) -> f64 {
    let (lh, ll) = ln_dd(x);
    let hi = y * lh;
    // NaN or inf where y lh overflows: `exp_dd` drops lo there.
    let lo = y.mul_add(ll, y.mul_add(lh, -hi));
    exp_dd(hi, lo)
}

/// True where `pow_f64` may be wrong, and the caller uses libm: x not
/// positive, normal and finite (x <= 0, subnormal, inf, NaN), or y not
/// finite. Two unsigned compares on the bits.
#[inline(always)]
pub fn pow_out_of_range(x: f64, y: f64) -> bool {
    const MIN_NORMAL: u64 = 0x0010_0000_0000_0000;
    const INF: u64 = 0x7ff0_0000_0000_0000;
    // Negative x, zeros and subnormals wrap to above INF - MIN_NORMAL.
    x.to_bits().wrapping_sub(MIN_NORMAL) >= INF - MIN_NORMAL || (y.to_bits() & !(1 << 63)) >= INF
}
