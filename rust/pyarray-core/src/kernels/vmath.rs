//! exp, logarithms and trigonometric functions of float32 and float64 as
//! straight-line arithmetic (no libm call, no data-dependent branch), so
//! loops over slices vectorise: a libm call per element ran at 0.1-0.3x
//! NumPy's SIMD kernels. float16 and bfloat16 compute in float32.
//!
//! Some forms are correct only on a range: the trigonometric functions for
//! |x| <= `TRIG_INLINE_MAX` (float32) or `TRIG64_INLINE_MAX` (float64), the
//! float64 exp for |x| <= `EXP64_INLINE_MAX`, the logarithms for positive
//! normal finite x. The elementwise loop recomputes the rare inputs outside
//! with the plain methods (`VecMath::vtrig_out_of_range`,
//! `VecMath::vexp_out_of_range`, `VecMath::vlog_out_of_range`): libm, or for
//! float32 trigonometry up to `TRIG_WIDE_MAX` a reduction in float64 lanes.
//! The float32 forms of ln, sin, cos and tan and the float64 polynomials
//! (exp, the logarithms, sin, cos and tan) use fused multiply-add
//! (`mul_add`): its rounding is defined, so results are the same on every
//! CPU (below the FMA tiers it is libm's `fma`, correct but slow; the
//! elementwise loops run every path, strided ones too, in the best tier).
//! The float32 exp and the float64 argument reductions use none.

/// The per-type entry points the real-float kernels call. The defaults are
/// for functions whose vectorisable form is correct everywhere.
pub trait VecMath: Sized {
    /// e^x and the logarithms, correct for every input.
    fn vexp(self) -> Self;
    fn vln(self) -> Self;
    fn vlog2(self) -> Self;
    fn vlog10(self) -> Self;
    /// sin, cos and tan, correct for every input (inline form or libm).
    fn vsin(self) -> Self;
    fn vcos(self) -> Self;
    fn vtan(self) -> Self;
    /// The vectorisable forms, correct where `!vtrig_out_of_range()`.
    fn vsin_inline(self) -> Self {
        self.vsin()
    }
    fn vcos_inline(self) -> Self {
        self.vcos()
    }
    fn vtan_inline(self) -> Self {
        self.vtan()
    }
    fn vtrig_out_of_range(self) -> bool {
        false
    }
    /// The vectorisable e^x, correct where `!vexp_out_of_range()`.
    fn vexp_inline(self) -> Self {
        self.vexp()
    }
    fn vexp_out_of_range(self) -> bool {
        false
    }
    /// The vectorisable logarithms, correct where `!vlog_out_of_range()`.
    fn vln_inline(self) -> Self {
        self.vln()
    }
    fn vlog2_inline(self) -> Self {
        self.vlog2()
    }
    fn vlog10_inline(self) -> Self {
        self.vlog10()
    }
    fn vlog_out_of_range(self) -> bool {
        false
    }
}

/// `inline(x)` unless `out_of_range(x)`, else libm's `exact(x)`: the scalar
/// form of what `loops::map1_with_fallback` does by blocks.
#[inline(always)]
fn inline_or_libm<T: Copy>(x: T, out_of_range: bool, inline: fn(T) -> T, exact: fn(T) -> T) -> T {
    if out_of_range {
        exact(x)
    } else {
        inline(x)
    }
}

impl VecMath for f32 {
    #[inline(always)]
    fn vexp(self) -> Self {
        exp_f32(self)
    }
    #[inline(always)]
    fn vln(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), ln_f32, f32::ln)
    }
    #[inline(always)]
    fn vln_inline(self) -> Self {
        ln_f32(self)
    }
    #[inline(always)]
    fn vlog_out_of_range(self) -> bool {
        // Zero, subnormals, negatives, infinities and NaN.
        !(f32::MIN_POSITIVE..=f32::MAX).contains(&self)
    }
    #[inline(always)]
    fn vlog2(self) -> Self {
        (ln_f64_of_f32(self) * std::f64::consts::LOG2_E) as f32
    }
    #[inline(always)]
    fn vlog10(self) -> Self {
        (ln_f64_of_f32(self) * std::f64::consts::LOG10_E) as f32
    }
    #[inline(always)]
    fn vsin(self) -> Self {
        trig_f32(self, sin_of_reduced, f32::sin)
    }
    #[inline(always)]
    fn vcos(self) -> Self {
        trig_f32(self, cos_of_reduced, f32::cos)
    }
    #[inline(always)]
    fn vtan(self) -> Self {
        trig_f32(self, tan_of_reduced, f32::tan)
    }
    #[inline(always)]
    fn vsin_inline(self) -> Self {
        sin_f32(self)
    }
    #[inline(always)]
    fn vcos_inline(self) -> Self {
        cos_f32(self)
    }
    #[inline(always)]
    fn vtan_inline(self) -> Self {
        tan_f32(self)
    }
    #[inline(always)]
    fn vtrig_out_of_range(self) -> bool {
        self.abs() > TRIG_INLINE_MAX
    }
}

impl VecMath for f64 {
    #[inline(always)]
    fn vexp(self) -> Self {
        inline_or_libm(self, self.vexp_out_of_range(), exp_f64, f64::exp)
    }
    #[inline(always)]
    fn vln(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), ln_f64, f64::ln)
    }
    #[inline(always)]
    fn vlog2(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), log2_f64, f64::log2)
    }
    #[inline(always)]
    fn vlog10(self) -> Self {
        inline_or_libm(self, self.vlog_out_of_range(), log10_f64, f64::log10)
    }
    #[inline(always)]
    fn vln_inline(self) -> Self {
        ln_f64(self)
    }
    #[inline(always)]
    fn vlog2_inline(self) -> Self {
        log2_f64(self)
    }
    #[inline(always)]
    fn vlog10_inline(self) -> Self {
        log10_f64(self)
    }
    #[inline(always)]
    fn vlog_out_of_range(self) -> bool {
        // Zero, subnormals, negatives, infinities and NaN.
        !(f64::MIN_POSITIVE..=f64::MAX).contains(&self)
    }
    #[inline(always)]
    fn vsin(self) -> Self {
        inline_or_libm(self, self.vtrig_out_of_range(), sin_f64, f64::sin)
    }
    #[inline(always)]
    fn vcos(self) -> Self {
        inline_or_libm(self, self.vtrig_out_of_range(), cos_f64, f64::cos)
    }
    #[inline(always)]
    fn vtan(self) -> Self {
        inline_or_libm(self, self.vtrig_out_of_range(), tan_f64, f64::tan)
    }
    #[inline(always)]
    fn vsin_inline(self) -> Self {
        sin_f64(self)
    }
    #[inline(always)]
    fn vcos_inline(self) -> Self {
        cos_f64(self)
    }
    #[inline(always)]
    fn vtan_inline(self) -> Self {
        tan_f64(self)
    }
    #[inline(always)]
    fn vtrig_out_of_range(self) -> bool {
        self.abs() > TRIG64_INLINE_MAX
    }
    #[inline(always)]
    fn vexp_inline(self) -> Self {
        exp_f64(self)
    }
    #[inline(always)]
    fn vexp_out_of_range(self) -> bool {
        // NaN too: libm returns it.
        self.is_nan() || self.abs() > EXP64_INLINE_MAX
    }
}

/// e^x in float32. Cody-Waite reduction x = n*ln2 + r with a two-part ln2
/// (n*LN2_HI is exact), a degree-6 polynomial for e^r on |r| <= ln2/2
/// (Cephes' coefficients), and 2^n applied in two halves so results next to
/// the overflow and subnormal limits need no special case. Within 1 ulp of
/// the correctly rounded result (tested over a dense sweep).
#[inline(always)]
pub fn exp_f32(x: f32) -> f32 {
    const LN2_HI: f32 = 0.693_359_4; // 0.693359375: 9 significant bits
    const LN2_LO: f32 = -2.121_944_4e-4;
    const ROUND: f32 = 12_582_912.0; // 1.5 * 2^23: adding it rounds to an integer
    const MAX: f32 = 88.722_84; // above: +inf
    const MIN: f32 = -103.972_08; // below: 0 (under half the smallest subnormal)

    // clamp keeps NaN (f32::max/min would turn it into a bound).
    let xc = x.clamp(MIN, MAX);
    let t = xc * std::f32::consts::LOG2_E + ROUND;
    let n = t - ROUND;
    let r = xc - n * LN2_HI - n * LN2_LO;
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

/// ln(x) of a float32 in float64, accurate far beyond float32's precision
/// (the log2 and log10 kernels scale it and round once). float32 subnormals
/// are normal in float64, so x = 2^e * m needs no special case: m is folded
/// into [sqrt(1/2), sqrt(2)) and ln m = 2 atanh(s), s = (m - 1)/(m + 1),
/// |s| <= 0.172, by its odd series to s^13 (truncation < 1e-12 relative).
#[inline(always)]
fn ln_f64_of_f32(x: f32) -> f64 {
    const MANTISSA: u64 = (1 << 52) - 1;
    let bits = (x as f64).to_bits();
    let m = f64::from_bits((bits & MANTISSA) | (1023 << 52)); // in [1, 2)
    let big = m > std::f64::consts::SQRT_2;
    let m = if big { m * 0.5 } else { m };
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023 + big as i32;
    let s = (m - 1.0) / (m + 1.0);
    let z = s * s;
    let series = 2.0
        * s
        * (1.0
            + z * (1.0 / 3.0
                + z * (1.0 / 5.0
                    + z * (1.0 / 7.0 + z * (1.0 / 9.0 + z * (1.0 / 11.0 + z * (1.0 / 13.0)))))));
    let y = e as f64 * std::f64::consts::LN_2 + series;
    // Selects, not branches: ln(inf) = inf, ln(+-0) = -inf, ln(x < 0) = NaN.
    let y = if x == f32::INFINITY { f64::INFINITY } else { y };
    let y = if x == 0.0 { f64::NEG_INFINITY } else { y };
    if x < 0.0 || x.is_nan() {
        f64::NAN
    } else {
        y
    }
}

/// ln(x) of a positive normal finite float32 (`!x.vlog_out_of_range()`) in
/// float32 lanes (twice as many per vector as `ln_f64_of_f32`), within an
/// ulp: x = 2^e * m with m folded into [sqrt(1/2), sqrt(2)); ln(1 + f), f = m - 1, as
/// f - f^2/2 + f^3 P(f) with Cephes' logf coefficients, and e*ln2 added in
/// two parts (e * LN2_HI is exact). Horner's steps are fused multiply-adds:
/// a third less time than a multiply and an add each (10^4 values: 3.84 ->
/// 2.51 us in a lab build on AMD Zen 4) and closer results (checked over
/// every positive normal float32: at most 0.84 ulp from ln, against 1.46
/// ulp unfused).
#[inline(always)]
pub fn ln_f32(x: f32) -> f32 {
    const LN2_HI: f32 = 0.693_359_4;
    const LN2_LO: f32 = -2.121_944_4e-4;
    const P: [f32; 9] = [
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
    // Offset by sqrt(1/2)'s bits, the exponent field counts from sqrt(1/2):
    // x = 2^e * m with m in [sqrt(1/2), sqrt(2)) without a compare.
    const SQRT_HALF_BITS: u32 = 0x3f35_04f3;
    let offset = x.to_bits().wrapping_sub(SQRT_HALF_BITS);
    let e = (offset as i32) >> 23;
    let m = f32::from_bits((offset & 0x007f_ffff) + SQRT_HALF_BITS);
    let f = m - 1.0;
    let z = f * f;
    let p = horner(f, &P);
    let e = e as f32;
    // f + (f^3 P(f) - z/2) + e*LN2_LO + e*LN2_HI, the small terms first.
    let tail = (p * f).mul_add(z, -0.5 * z);
    e.mul_add(LN2_HI, f + e.mul_add(LN2_LO, tail))
}

/// The polynomial with coefficients `c` (highest degree first) at `x`, by
/// Horner's rule in fused multiply-adds: one rounding a step, the same on
/// every CPU (see the module note on `mul_add`).
#[inline(always)]
fn horner<F: num_traits::Float>(x: F, c: &[F]) -> F {
    c[1..].iter().fold(c[0], |p, &k| p.mul_add(x, k))
}

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
fn reduce_pio2(x: f32) -> (f32, f32, u32) {
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
fn reduce_pio2_wide(x: f32) -> (f32, f32, u32) {
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
fn sin_cos_reduced_f32(r: f32) -> (f32, f32) {
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
fn sin_of_reduced((r, _, q): (f32, f32, u32)) -> f32 {
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
fn cos_of_reduced((r, _, q): (f32, f32, u32)) -> f32 {
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
fn tan_of_reduced((r_hi, r_lo, q): (f32, f32, u32)) -> f32 {
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
fn trig_f32(x: f32, of_reduced: fn((f32, f32, u32)) -> f32, exact: fn(f32) -> f32) -> f32 {
    if !x.vtrig_out_of_range() {
        of_reduced(reduce_pio2(x))
    } else if x.abs() <= TRIG_WIDE_MAX {
        of_reduced(reduce_pio2_wide(x))
    } else {
        exact(x)
    }
}

// ---------------------------------------------------------------------------
// float64

/// Largest |x| for which `exp_f64` is correct: e^x stays normal, so 2^n
/// can be added to the exponent bits.
pub const EXP64_INLINE_MAX: f64 = 708.0;

/// Coefficients (highest degree first) of P(r) ~ (e^r - 1 - r) / r^2 on
/// |r| <= ln2/2: a Chebyshev fit (mpmath `chebyfit`, 50 digits) whose
/// error, times r^2, is below 2^-56.
const EXP64_POLY: [f64; 10] = [
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

/// 1.5 * 2^52: adding it to |v| < 2^51 rounds v to an integer, held in the
/// low significand bits.
const ROUND_F64: f64 = 6_755_399_441_055_744.0;

/// The integer `t - ROUND_F64`, read from t's bits (two's complement).
#[inline(always)]
fn round_f64_as_int(t: f64) -> i64 {
    (t.to_bits() as i64).wrapping_sub(ROUND_F64.to_bits() as i64)
}

/// ln 2 in two parts: LN2_HI has 32 significant bits (e * LN2_HI is exact).
const LN2_HI: f64 = f64::from_bits(0x3FE6_2E42_FEE0_0000);
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// The parts of ln x for the logarithms: x = 2^e (1 + f) with 1 + f in
/// [sqrt(1/2), sqrt(2)) (x positive, normal and finite), s = f / (2 + f),
/// and ln(1 + f) = f - hfsq + s (hfsq + r) with hfsq = f^2/2 and r a minimax
/// polynomial in s^2 (fdlibm's coefficients, error < 2^-58).
struct LogParts {
    e: f64,
    f: f64,
    s: f64,
    hfsq: f64,
    r: f64,
}

#[inline(always)]
fn log_parts(x: f64) -> LogParts {
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
    // As in `ln_f32`: offset by sqrt(1/2)'s bits, m lands in [sqrt(1/2), sqrt(2)).
    const SQRT_HALF_BITS: u64 = 0x3fe6_a09e_667f_3bcd;
    let offset = x.to_bits().wrapping_sub(SQRT_HALF_BITS);
    let e = (offset as i64) >> 52;
    let m = f64::from_bits((offset & ((1 << 52) - 1)) + SQRT_HALF_BITS);
    let f = m - 1.0;
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let r = z.mul_add(horner(w, &LG_ODD), w * horner(w, &LG_EVEN));
    LogParts {
        e: e as f64,
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
fn log_base(x: f64, inv_hi: f64, inv_lo: f64, e_hi: f64, e_lo: f64) -> f64 {
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

/// Largest |x| the inline float64 sin/cos/tan reduce exactly: the quadrant
/// count j stays below 2^20, so j times each 33-bit part of pi/2 is exact.
pub const TRIG64_INLINE_MAX: f64 = 1.0e6;

/// x = j pi/2 + (r + rr), |r| <= pi/4 (about), and j mod 4: pi/2 in three
/// 33-bit parts and a tail (fdlibm's), each product with j exact, the
/// rounding errors of the subtractions carried in rr.
#[inline(always)]
fn reduce_pio2_f64(x: f64) -> (f64, f64, u64) {
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
fn sin_kernel_f64(r: f64, rr: f64) -> f64 {
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
fn cos_kernel_f64(r: f64, rr: f64) -> f64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Distance in units in the last place (0 for two NaNs; the sign-magnitude
    /// bits are mapped to a line, so -0.0 and 0.0 are one point).
    fn ulps(a: f32, b: f32) -> i64 {
        if a.is_nan() && b.is_nan() {
            return 0;
        }
        let line = |f: f32| {
            let bits = f.to_bits() as i32;
            (if bits < 0 { -(bits & i32::MAX) } else { bits }) as i64
        };
        (line(a) - line(b)).abs()
    }

    #[test]
    fn exp_f32_within_one_ulp_and_special_values() {
        let mut worst = 0;
        let mut x = -104.0f32;
        while x < 89.0 {
            let exact = (x as f64).exp() as f32;
            worst = Ord::max(worst, ulps(exp_f32(x), exact));
            x += 0.000_97;
        }
        for &x in &[0.0f32, -0.0, 1e-30, -1e-30, 88.72, -87.3, -100.0, -103.9] {
            worst = Ord::max(worst, ulps(exp_f32(x), (x as f64).exp() as f32));
        }
        assert!(worst <= 1, "worst error {worst} ulp");
        assert_eq!(exp_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp_f32(f32::NEG_INFINITY), 0.0);
        assert_eq!(exp_f32(89.0), f32::INFINITY);
        assert_eq!(exp_f32(-105.0), 0.0);
        assert!(exp_f32(f32::NAN).is_nan());
        assert_eq!(exp_f32(0.0), 1.0);
    }

    /// A sweep of [-limit, limit]: dense near 0, spread over the whole range,
    /// geometric from 1e-30, and next to the limit;
    /// against float64 libm rounded once.
    fn trig_sweep(limit: f32) -> impl Iterator<Item = f32> {
        let dense = (-200_000..=200_000).map(|i| i as f32 * 1e-4);
        let step = limit / 300_000.0;
        let wide = (-300_000..=300_000).map(move |i| i as f32 * step);
        let geometric = (0..4000).flat_map(|i| {
            let x = 1e-30f32 * 1.02f32.powi(i);
            [x, -x]
        });
        let near_limit = (0..2000).map(move |i| limit - i as f32 * limit * 3e-7);
        dense
            .chain(wide)
            .chain(geometric.filter(move |x| x.abs() <= limit))
            .chain(near_limit)
    }

    /// The float32 numbers next to multiples of pi/2 up to `TRIG_INLINE_MAX`,
    /// where the reduced argument is smallest and its error matters most.
    fn near_multiples_of_half_pi() -> impl Iterator<Item = f32> {
        let count = (TRIG_INLINE_MAX as f64 / std::f64::consts::FRAC_PI_2) as i32;
        (1..=count).flat_map(|j| {
            let m = (j as f64 * std::f64::consts::FRAC_PI_2) as f32;
            (-4..=4).flat_map(move |k| {
                let x = f32::from_bits((m.to_bits() as i32 + k) as u32);
                [x, -x]
            })
        })
    }

    /// Worst ulp errors of sin, cos and tan over `xs`.
    fn worst_trig(xs: impl Iterator<Item = f32>, f: [fn(f32) -> f32; 3]) -> [i64; 3] {
        let mut worst = [0i64; 3];
        for x in xs {
            let d = x as f64;
            worst[0] = worst[0].max(ulps(f[0](x), d.sin() as f32));
            worst[1] = worst[1].max(ulps(f[1](x), d.cos() as f32));
            worst[2] = worst[2].max(ulps(f[2](x), d.tan() as f32));
        }
        worst
    }

    #[test]
    fn sin_cos_tan_within_two_ulp() {
        let inline = [sin_f32, cos_f32, tan_f32];
        let sweep = trig_sweep(TRIG_INLINE_MAX).chain(near_multiples_of_half_pi());
        let worst = worst_trig(sweep, inline);
        assert!(
            worst.iter().all(|&w| w <= 2),
            "inline: worst errors {worst:?} ulp"
        );
        // The plain methods, past the inline range: float64 reduction, then libm.
        let plain = [f32::vsin, f32::vcos, f32::vtan];
        let worst = worst_trig(trig_sweep(2.0 * TRIG_WIDE_MAX), plain);
        assert!(
            worst.iter().all(|&w| w <= 2),
            "plain: worst errors {worst:?} ulp"
        );
    }

    /// Every float32 with |x| <= TRIG_INLINE_MAX (2.3e9 of them: 142 s on
    /// two cores in a release build). Run with
    /// `cargo test --release -p pyarray-core exhaustive -- --ignored`.
    #[test]
    #[ignore]
    fn exhaustive_f32_trig() {
        use rayon::prelude::*;
        let top = TRIG_INLINE_MAX.to_bits();
        let worst = (0..top + 1)
            .into_par_iter()
            .with_min_len(1 << 16)
            .map(|bits| {
                let x = f32::from_bits(bits);
                let a = worst_trig([x, -x].into_iter(), [sin_f32, cos_f32, tan_f32]);
                a[0].max(a[1]).max(a[2])
            })
            .max()
            .unwrap();
        assert!(worst <= 2, "worst error {worst} ulp");
    }

    #[test]
    fn logarithms_f32_within_one_ulp_and_special_values() {
        let mut worst = [0i64; 3];
        // Every 1021st bit pattern of the positive floats, subnormals included.
        for bits in (1..0x7f80_0000u32).step_by(1021) {
            let x = f32::from_bits(bits);
            let d = x as f64;
            worst[0] = worst[0].max(ulps(x.vln(), d.ln() as f32));
            if !x.vlog_out_of_range() {
                worst[0] = worst[0].max(ulps(ln_f32(x), d.ln() as f32));
            }
            worst[1] = worst[1].max(ulps(x.vlog2(), d.log2() as f32));
            worst[2] = worst[2].max(ulps(x.vlog10(), d.log10() as f32));
        }
        assert!(worst.iter().all(|&w| w <= 1), "worst errors {worst:?} ulp");
        assert_eq!(1.0f32.vln(), 0.0);
        assert_eq!(8.0f32.vlog2(), 3.0);
        assert_eq!(1000.0f32.vlog10(), 3.0);
        assert_eq!(0.0f32.vln(), f32::NEG_INFINITY);
        assert_eq!((-0.0f32).vln(), f32::NEG_INFINITY);
        assert_eq!(f32::INFINITY.vln(), f32::INFINITY);
        assert!((-1.0f32).vln().is_nan() && f32::NAN.vln().is_nan());
        assert!(f32::NEG_INFINITY.vlog2().is_nan());
    }

    #[test]
    fn trig_special_values_and_fallback() {
        assert!(sin_f32(-0.0) == 0.0 && sin_f32(-0.0).is_sign_negative());
        assert!(tan_f32(-0.0) == 0.0 && tan_f32(-0.0).is_sign_negative());
        assert!(sin_f32(0.0).is_sign_positive());
        assert_eq!(cos_f32(0.0), 1.0);
        assert!(sin_f32(f32::NAN).is_nan() && cos_f32(f32::NAN).is_nan());
        // Out of the inline range: the plain methods use libm.
        for x in [f32::INFINITY, -f32::INFINITY, 3.0e7, -1.5e38] {
            assert!(x.vtrig_out_of_range());
            assert_eq!(x.vsin().to_bits(), x.sin().to_bits());
            assert_eq!(x.vcos().to_bits(), x.cos().to_bits());
        }
        assert!(!1.0f32.vtrig_out_of_range() && !f32::NAN.vtrig_out_of_range());
        assert!(f32::NAN.vsin().is_nan() && f32::NAN.vtan().is_nan());
        // Between the limits: the float64-lane reduction.
        for x in [8192.5f32, -1.0e5, 999_999.0] {
            assert!(x.vtrig_out_of_range());
            let wide = reduce_pio2_wide(x);
            assert_eq!(x.vsin().to_bits(), sin_of_reduced(wide).to_bits());
            assert_eq!(x.vtan().to_bits(), tan_of_reduced(wide).to_bits());
        }
    }

    /// `ulps` for float64.
    fn ulps64(a: f64, b: f64) -> i64 {
        if a.is_nan() && b.is_nan() {
            return 0;
        }
        let line = |f: f64| {
            let bits = f.to_bits() as i64;
            if bits < 0 {
                -(bits & i64::MAX)
            } else {
                bits
            }
        };
        (line(a) - line(b)).abs()
    }

    /// Worst distance in ulp between `ours` and libm's `exact` over `xs`.
    fn worst64(xs: impl Iterator<Item = f64>, ours: fn(f64) -> f64, exact: fn(f64) -> f64) -> i64 {
        xs.map(|x| ulps64(ours(x), exact(x))).max().unwrap_or(0)
    }

    /// A fixed pseudo-random stream of u64 (xorshift).
    fn xorshift(mut s: u64) -> impl Iterator<Item = u64> {
        std::iter::repeat_with(move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        })
    }

    #[test]
    fn exp_f64_within_one_ulp_and_out_of_range_inputs() {
        let sweep = (0..=1_416_000).map(|i| -708.0 + i as f64 * 1e-3);
        let near_zero = xorshift(7)
            .take(200_000)
            .map(|b| (b >> 11) as f64 * 2f64.powi(-52) - 1.0);
        let worst = worst64(sweep.chain(near_zero), exp_f64, f64::exp);
        assert!(worst <= 1, "worst error {worst} ulp");
        assert_eq!(exp_f64(0.0), 1.0);
        assert_eq!(exp_f64(-0.0), 1.0);
        // Outside the inline range: vexp is libm's exp, bit for bit.
        for x in [
            708.5,
            709.78,
            710.0,
            -708.5,
            -745.0,
            -746.0,
            f64::INFINITY,
            -f64::INFINITY,
        ] {
            assert!(x.vexp_out_of_range());
            assert_eq!(x.vexp().to_bits(), x.exp().to_bits());
        }
        assert!(f64::NAN.vexp_out_of_range() && f64::NAN.vexp().is_nan());
        assert!(!708.0f64.vexp_out_of_range() && !(-708.0f64).vexp_out_of_range());
    }

    #[test]
    fn logarithms_f64_within_an_ulp_or_two_and_special_values() {
        // Random positive bit patterns (subnormals included) and a dense run near 1.
        let xs = || {
            let random = xorshift(11)
                .take(400_000)
                .map(|b| f64::from_bits(b % 0x7FF0_0000_0000_0000));
            random.chain((0..200_000).map(|i| 0.5 + i as f64 * 7.5e-6))
        };
        assert!(worst64(xs(), f64::vln, f64::ln) <= 1);
        assert!(worst64(xs(), f64::vlog2, f64::log2) <= 1);
        assert!(worst64(xs(), f64::vlog10, f64::log10) <= 2);
        // The inline forms alone on the normal inputs.
        let normal = || xs().filter(|x| !x.vlog_out_of_range());
        assert!(worst64(normal(), ln_f64, f64::ln) <= 1);
        assert!(worst64(normal(), log2_f64, f64::log2) <= 1);
        assert!(worst64(normal(), log10_f64, f64::log10) <= 2);
        for k in -1074..1024 {
            let x = if k < -1022 {
                f64::from_bits(1 << (k + 1074))
            } else {
                f64::from_bits(((k + 1023) as u64) << 52)
            };
            assert_eq!(x.vlog2(), k as f64, "log2(2^{k})");
        }
        for k in 0..=22 {
            assert_eq!(10f64.powi(k).vlog10(), k as f64, "log10(1e{k})");
        }
        assert_eq!(ln_f64(1.0), 0.0);
        for log in [f64::vln, f64::vlog2, f64::vlog10] {
            assert_eq!(log(0.0), f64::NEG_INFINITY);
            assert_eq!(log(-0.0), f64::NEG_INFINITY);
            assert_eq!(log(f64::INFINITY), f64::INFINITY);
            assert!(log(-1.0).is_nan() && log(f64::NAN).is_nan() && log(-f64::INFINITY).is_nan());
        }
    }

    #[test]
    fn trig_f64_within_an_ulp_tan_within_two() {
        let xs = || {
            let dense = (-1_000_000..=1_000_000).map(|i| i as f64 * 1e-5);
            let wide = xorshift(3)
                .take(500_000)
                .map(|b| ((b >> 11) as f64 * 2f64.powi(-53) - 0.5) * 2.0 * TRIG64_INLINE_MAX);
            // The hardest inputs: the doubles nearest multiples of pi/2.
            let near_zeros = (1..300_000).map(|k| k as f64 * std::f64::consts::FRAC_PI_2);
            dense
                .chain(wide)
                .chain(near_zeros.filter(|x| x.abs() <= TRIG64_INLINE_MAX))
        };
        assert!(worst64(xs(), sin_f64, f64::sin) <= 1);
        assert!(worst64(xs(), cos_f64, f64::cos) <= 1);
        assert!(worst64(xs(), tan_f64, f64::tan) <= 2);
        assert!(sin_f64(-0.0) == 0.0 && sin_f64(-0.0).is_sign_negative());
        assert!(tan_f64(-0.0) == 0.0 && tan_f64(-0.0).is_sign_negative());
        assert_eq!(cos_f64(0.0), 1.0);
        assert!(sin_f64(f64::NAN).is_nan() && tan_f64(f64::NAN).is_nan());
        for x in [f64::INFINITY, -f64::INFINITY, 3.0e7, -1.5e300] {
            assert!(x.vtrig_out_of_range());
            assert_eq!(x.vsin().to_bits(), x.sin().to_bits());
            assert_eq!(x.vtan().to_bits(), x.tan().to_bits());
        }
    }
}
