//! Data types: the `DType` enum, its properties, the promotion table and the
//! `Element` trait that ties each Rust element type to its `DType`.

use half::{bf16, f16};
use num_complex::{Complex32, Complex64};

/// The kind of a data type, as the standard's `isdtype` names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Bool,
    SignedInteger,
    UnsignedInteger,
    RealFloating,
    ComplexFloating,
}

/// Every element type an array can hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float16,
    BFloat16,
    Float32,
    Float64,
    Complex64,
    Complex128,
}

/// One row of the data table from which every property is read.
struct Info {
    name: &'static str,
    itemsize: usize,
    kind: Kind,
    /// Python buffer-protocol format, `None` where no format exists (bfloat16).
    buffer_format: Option<&'static str>,
    /// DLPack type code (0 int, 1 uint, 2 float, 4 bfloat, 5 complex, 6 bool).
    dlpack_code: u8,
}

const fn info(dtype: DType) -> Info {
    use DType::*;
    use Kind::{ComplexFloating, RealFloating, SignedInteger, UnsignedInteger};
    let (name, itemsize, kind, buffer_format, dlpack_code) = match dtype {
        DType::Bool => ("bool", 1, Kind::Bool, Some("?"), 6),
        Int8 => ("int8", 1, SignedInteger, Some("b"), 0),
        Int16 => ("int16", 2, SignedInteger, Some("h"), 0),
        Int32 => ("int32", 4, SignedInteger, Some("i"), 0),
        Int64 => ("int64", 8, SignedInteger, Some("q"), 0),
        UInt8 => ("uint8", 1, UnsignedInteger, Some("B"), 1),
        UInt16 => ("uint16", 2, UnsignedInteger, Some("H"), 1),
        UInt32 => ("uint32", 4, UnsignedInteger, Some("I"), 1),
        UInt64 => ("uint64", 8, UnsignedInteger, Some("Q"), 1),
        Float16 => ("float16", 2, RealFloating, Some("e"), 2),
        BFloat16 => ("bfloat16", 2, RealFloating, None, 4),
        Float32 => ("float32", 4, RealFloating, Some("f"), 2),
        Float64 => ("float64", 8, RealFloating, Some("d"), 2),
        Complex64 => ("complex64", 8, ComplexFloating, Some("Zf"), 5),
        Complex128 => ("complex128", 16, ComplexFloating, Some("Zd"), 5),
    };
    Info {
        name,
        itemsize,
        kind,
        buffer_format,
        dlpack_code,
    }
}

impl DType {
    /// All data types, in a fixed order (the index used by the promotion table).
    pub const ALL: [DType; 15] = [
        DType::Bool,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Complex64,
        DType::Complex128,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn name(self) -> &'static str {
        info(self).name
    }
    pub const fn itemsize(self) -> usize {
        info(self).itemsize
    }
    pub const fn kind(self) -> Kind {
        info(self).kind
    }
    pub const fn buffer_format(self) -> Option<&'static str> {
        info(self).buffer_format
    }
    /// DLPack `(code, bits)`; lanes are always 1.
    pub const fn dlpack(self) -> (u8, u8) {
        (info(self).dlpack_code, (info(self).itemsize * 8) as u8)
    }
    pub fn from_dlpack(code: u8, bits: u8) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.dlpack() == (code, bits))
    }
    pub fn from_name(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.name() == name)
    }
    /// Parse a buffer-protocol format string (with optional byte-order prefix).
    pub fn from_buffer_format(format: &str) -> Option<DType> {
        let f = format.trim_start_matches(['@', '=', '<', '!']);
        match f {
            "l" | "q" => Some(DType::Int64),
            "L" | "Q" => Some(DType::UInt64),
            "c" => Some(DType::UInt8),
            _ => DType::ALL
                .into_iter()
                .find(|d| d.buffer_format() == Some(f)),
        }
    }

    pub const fn is_bool(self) -> bool {
        matches!(self.kind(), Kind::Bool)
    }
    pub const fn is_integer(self) -> bool {
        matches!(self.kind(), Kind::SignedInteger | Kind::UnsignedInteger)
    }
    pub const fn is_float(self) -> bool {
        matches!(self.kind(), Kind::RealFloating | Kind::ComplexFloating)
    }
    pub const fn is_real_float(self) -> bool {
        matches!(self.kind(), Kind::RealFloating)
    }
    pub const fn is_complex(self) -> bool {
        matches!(self.kind(), Kind::ComplexFloating)
    }
    /// Numeric = anything but bool.
    pub const fn is_numeric(self) -> bool {
        !self.is_bool()
    }

    /// The dtype arithmetic runs in: float16 and bfloat16 widen to float32
    /// (accuracy, and they have no fast arithmetic); others are unchanged.
    pub const fn widen_half(self) -> DType {
        match self {
            DType::Float16 | DType::BFloat16 => DType::Float32,
            d => d,
        }
    }

    /// Alignment the kernels assume for elements (complex: that of one part).
    pub const fn alignment(self) -> usize {
        if self.is_complex() {
            self.itemsize() / 2
        } else {
            self.itemsize()
        }
    }

    /// The real dtype of a complex one (complex64 -> float32); others unchanged.
    pub const fn real_dtype(self) -> DType {
        match self {
            DType::Complex64 => DType::Float32,
            DType::Complex128 => DType::Float64,
            d => d,
        }
    }
    /// The complex dtype holding this real float (float32 -> complex64).
    pub const fn complex_dtype(self) -> DType {
        match self {
            DType::Float64 | DType::Complex128 => DType::Complex128,
            _ => DType::Complex64,
        }
    }
}

impl std::fmt::Display for DType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

// ---------------------------------------------------------------------------
// Promotion

/// Smallest float that holds an integer of this size exactly enough, NumPy 2's
/// rule for mixing integers and floats (which the standard leaves open).
const fn float_for_int(d: DType) -> DType {
    match d.itemsize() {
        1 => DType::Float16,
        2 => DType::Float32,
        _ => DType::Float64,
    }
}

/// Real-float promotion; float16 with bfloat16 needs float32 (neither holds the other).
const fn promote_real_floats(a: DType, b: DType) -> DType {
    match (a, b) {
        (DType::Float16, DType::BFloat16) | (DType::BFloat16, DType::Float16) => DType::Float32,
        _ => {
            if a.itemsize() >= b.itemsize() {
                a
            } else {
                b
            }
        }
    }
}

const fn promote_integers(a: DType, b: DType) -> DType {
    let (sa, sb) = (
        matches!(a.kind(), Kind::SignedInteger),
        matches!(b.kind(), Kind::SignedInteger),
    );
    let (na, nb) = (a.itemsize(), b.itemsize());
    if sa == sb {
        return if na >= nb { a } else { b };
    }
    let (signed, unsigned) = if sa { (na, nb) } else { (nb, na) };
    if signed > unsigned {
        return if sa { a } else { b };
    }
    match unsigned {
        1 => DType::Int16,
        2 => DType::Int32,
        4 => DType::Int64,
        _ => DType::Float64, // uint64 with a signed integer: NumPy 2 gives float64.
    }
}

/// Promote any two dtypes: the standard's lattice where it speaks, NumPy 2's
/// rules where it is silent (bool with numbers, integers with floats).
const fn promote_pair(a: DType, b: DType) -> DType {
    if a as u8 == b as u8 {
        return a;
    }
    if a.is_bool() {
        return b;
    }
    if b.is_bool() {
        return a;
    }
    if a.is_integer() && b.is_integer() {
        return promote_integers(a, b);
    }
    // At least one is floating: promote over the real float parts, then complex-ify.
    let complex = a.is_complex() || b.is_complex();
    let ra = if a.is_integer() {
        float_for_int(a)
    } else {
        a.real_dtype()
    };
    let rb = if b.is_integer() {
        float_for_int(b)
    } else {
        b.real_dtype()
    };
    let real = promote_real_floats(ra, rb);
    if complex {
        real.complex_dtype()
    } else {
        real
    }
}

const fn build_promotion_table() -> [[DType; 15]; 15] {
    let mut table = [[DType::Bool; 15]; 15];
    let mut i = 0;
    while i < 15 {
        let mut j = 0;
        while j < 15 {
            table[i][j] = promote_pair(DType::ALL[i], DType::ALL[j]);
            j += 1;
        }
        i += 1;
    }
    table
}

/// The one promotion table, computed at compile time from the rules above.
static PROMOTION: [[DType; 15]; 15] = build_promotion_table();

/// Result dtype of a binary operation on arrays of these dtypes.
pub fn promote(a: DType, b: DType) -> DType {
    PROMOTION[a.index()][b.index()]
}

/// Result dtype of an operation between an array of `dtype` and a Python
/// scalar of kind `scalar` (2024.12 rule: the scalar is weak and adopts the
/// array's dtype when the kinds are compatible; otherwise NumPy 2's choice of
/// the default dtype of the scalar's kind, at the array's precision for complex).
pub fn promote_weak(dtype: DType, scalar: Kind) -> DType {
    match scalar {
        Kind::Bool => dtype,
        Kind::SignedInteger | Kind::UnsignedInteger => {
            if dtype.is_bool() {
                DType::Int64
            } else {
                dtype
            }
        }
        Kind::RealFloating => {
            if dtype.is_float() {
                dtype
            } else {
                DType::Float64
            }
        }
        Kind::ComplexFloating => match dtype {
            DType::Float32 | DType::Float16 | DType::BFloat16 | DType::Complex64 => {
                DType::Complex64
            }
            _ => DType::Complex128,
        },
    }
}

/// Whether casting `from` to `to` is safe (no loss), per the standard's `can_cast`:
/// true exactly when promotion of the two yields `to`.
pub fn can_cast(from: DType, to: DType) -> bool {
    if from == to {
        return true;
    }
    if from.is_bool() {
        return true;
    }
    if to.is_bool() {
        return false;
    }
    if from.is_complex() && !to.is_complex() {
        return false;
    }
    if from.is_float() && to.is_integer() {
        return false;
    }
    promote(from, to) == to
}

// ---------------------------------------------------------------------------
// Element types

/// A scalar value of any dtype, widened to one of five representations.
/// Conversions between element types go through it; after inlining the match
/// on the variant disappears because each element type produces a fixed variant.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Scalar {
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Complex(Complex64),
}

/// `f as i64` (truncation; NaN gives 0, out-of-range values the nearest
/// bound) in a form that vectorises: `as` saturates with branches that LLVM
/// keeps scalar, which made float-to-integer casts 10-30x slower than NumPy's.
#[inline(always)]
fn saturating_i64(f: f64) -> i64 {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    // The largest double below 2^63.
    const BELOW_TWO_63: f64 = 9_223_372_036_854_774_784.0;
    let clamped = if f.is_nan() {
        0.0
    } else {
        f.clamp(-TWO_63, BELOW_TWO_63)
    };
    // SAFETY: `clamped` is finite and within [-2^63, 2^63).
    let t = unsafe { clamped.to_int_unchecked::<i64>() };
    if f >= TWO_63 {
        i64::MAX
    } else {
        t
    }
}

/// `f as u64` in a form that vectorises (see `saturating_i64`).
#[inline(always)]
fn saturating_u64(f: f64) -> u64 {
    const TWO_64: f64 = 18_446_744_073_709_551_616.0;
    // The largest double below 2^64.
    const BELOW_TWO_64: f64 = 18_446_744_073_709_549_568.0;
    let clamped = if f.is_nan() {
        0.0
    } else {
        f.clamp(0.0, BELOW_TWO_64)
    };
    // SAFETY: `clamped` is finite and within [0, 2^64).
    let t = unsafe { clamped.to_int_unchecked::<u64>() };
    if f >= TWO_64 {
        u64::MAX
    } else {
        t
    }
}

impl Scalar {
    #[inline(always)]
    pub fn as_f64(self) -> f64 {
        match self {
            Scalar::Bool(b) => b as u8 as f64,
            Scalar::Int(i) => i as f64,
            Scalar::UInt(u) => u as f64,
            Scalar::Float(f) => f,
            Scalar::Complex(c) => c.re,
        }
    }
    #[inline(always)]
    pub fn as_complex(self) -> Complex64 {
        match self {
            Scalar::Complex(c) => c,
            s => Complex64::new(s.as_f64(), 0.0),
        }
    }
    #[inline(always)]
    pub fn as_i64(self) -> i64 {
        match self {
            Scalar::Bool(b) => b as i64,
            Scalar::Int(i) => i,
            Scalar::UInt(u) => u as i64,
            Scalar::Float(f) => saturating_i64(f),
            Scalar::Complex(c) => saturating_i64(c.re),
        }
    }
    /// Not recursive (the complex case once called `as_u64` on its real
    /// part), so that it inlines: the casts and copies of every unsigned
    /// dtype go through it, and were 10x slower than the signed ones.
    #[inline(always)]
    pub fn as_u64(self) -> u64 {
        // Negative floats wrap like C's cast through int64 (NumPy's behaviour).
        let from_float = |f: f64| {
            if f < 0.0 {
                saturating_i64(f) as u64
            } else {
                saturating_u64(f)
            }
        };
        match self {
            Scalar::Bool(b) => b as u64,
            Scalar::Int(i) => i as u64,
            Scalar::UInt(u) => u,
            Scalar::Float(f) => from_float(f),
            Scalar::Complex(c) => from_float(c.re),
        }
    }
    #[inline(always)]
    pub fn as_bool(self) -> bool {
        match self {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::UInt(u) => u != 0,
            Scalar::Float(f) => f != 0.0,
            Scalar::Complex(c) => c.re != 0.0 || c.im != 0.0,
        }
    }
}

/// A Rust type that can be an array element.
pub trait Element: Copy + Send + Sync + PartialEq + std::fmt::Debug + Default + 'static {
    const DTYPE: DType;
    fn to_scalar(self) -> Scalar;
    /// Convert with C-like cast semantics: integers wrap, floats truncate
    /// towards zero, complex to real drops the imaginary part.
    fn from_scalar(s: Scalar) -> Self;
    /// Cast from another element type.
    #[inline(always)]
    fn cast_from<S: Element>(s: S) -> Self {
        Self::from_scalar(s.to_scalar())
    }
}

macro_rules! impl_int_element {
    ($($t:ty => $d:ident, $variant:ident, $conv:ident);* $(;)?) => {$(
        impl Element for $t {
            const DTYPE: DType = DType::$d;
            #[inline(always)]
            fn to_scalar(self) -> Scalar { Scalar::$variant(self as _) }
            #[inline(always)]
            fn from_scalar(s: Scalar) -> Self { s.$conv() as $t }
        }
    )*};
}
impl_int_element! {
    i8 => Int8, Int, as_i64;
    i16 => Int16, Int, as_i64;
    i32 => Int32, Int, as_i64;
    i64 => Int64, Int, as_i64;
    u8 => UInt8, UInt, as_u64;
    u16 => UInt16, UInt, as_u64;
    u32 => UInt32, UInt, as_u64;
    u64 => UInt64, UInt, as_u64;
}

impl Element for bool {
    const DTYPE: DType = DType::Bool;
    #[inline(always)]
    fn to_scalar(self) -> Scalar {
        Scalar::Bool(self)
    }
    #[inline(always)]
    fn from_scalar(s: Scalar) -> Self {
        s.as_bool()
    }
}
impl Element for f64 {
    const DTYPE: DType = DType::Float64;
    #[inline(always)]
    fn to_scalar(self) -> Scalar {
        Scalar::Float(self)
    }
    #[inline(always)]
    fn from_scalar(s: Scalar) -> Self {
        s.as_f64()
    }
}
impl Element for f32 {
    const DTYPE: DType = DType::Float32;
    #[inline(always)]
    fn to_scalar(self) -> Scalar {
        Scalar::Float(self as f64)
    }
    #[inline(always)]
    fn from_scalar(s: Scalar) -> Self {
        s.as_f64() as f32
    }
}
impl Element for f16 {
    const DTYPE: DType = DType::Float16;
    #[inline(always)]
    fn to_scalar(self) -> Scalar {
        Scalar::Float(self.to_f64())
    }
    #[inline(always)]
    fn from_scalar(s: Scalar) -> Self {
        f16::from_f64(s.as_f64())
    }
}
impl Element for bf16 {
    const DTYPE: DType = DType::BFloat16;
    #[inline(always)]
    fn to_scalar(self) -> Scalar {
        Scalar::Float(self.to_f64())
    }
    #[inline(always)]
    fn from_scalar(s: Scalar) -> Self {
        bf16::from_f64(s.as_f64())
    }
}
impl Element for Complex32 {
    const DTYPE: DType = DType::Complex64;
    #[inline(always)]
    fn to_scalar(self) -> Scalar {
        Scalar::Complex(Complex64::new(self.re as f64, self.im as f64))
    }
    #[inline(always)]
    fn from_scalar(s: Scalar) -> Self {
        let c = s.as_complex();
        Complex32::new(c.re as f32, c.im as f32)
    }
}
impl Element for Complex64 {
    const DTYPE: DType = DType::Complex128;
    #[inline(always)]
    fn to_scalar(self) -> Scalar {
        Scalar::Complex(self)
    }
    #[inline(always)]
    fn from_scalar(s: Scalar) -> Self {
        s.as_complex()
    }
}

/// Run `$body` with `$T` bound to the Rust element type of `$dtype`.
/// This is the one place where a runtime dtype becomes a monomorphized call.
#[macro_export]
macro_rules! dispatch {
    ($dtype:expr, $T:ident => $body:expr) => {{
        use $crate::dtype::DType as __D;
        match $dtype {
            __D::Bool => {
                type $T = bool;
                $body
            }
            __D::Int8 => {
                type $T = i8;
                $body
            }
            __D::Int16 => {
                type $T = i16;
                $body
            }
            __D::Int32 => {
                type $T = i32;
                $body
            }
            __D::Int64 => {
                type $T = i64;
                $body
            }
            __D::UInt8 => {
                type $T = u8;
                $body
            }
            __D::UInt16 => {
                type $T = u16;
                $body
            }
            __D::UInt32 => {
                type $T = u32;
                $body
            }
            __D::UInt64 => {
                type $T = u64;
                $body
            }
            __D::Float16 => {
                type $T = half::f16;
                $body
            }
            __D::BFloat16 => {
                type $T = half::bf16;
                $body
            }
            __D::Float32 => {
                type $T = f32;
                $body
            }
            __D::Float64 => {
                type $T = f64;
                $body
            }
            __D::Complex64 => {
                type $T = num_complex::Complex32;
                $body
            }
            __D::Complex128 => {
                type $T = num_complex::Complex64;
                $body
            }
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use DType::{
        BFloat16, Bool, Complex128, Complex64, Float16, Float32, Float64, Int16, Int32, Int64,
        Int8, UInt16, UInt32, UInt64, UInt8,
    };

    #[test]
    fn standard_promotion_lattice() {
        assert_eq!(promote(Int8, UInt8), Int16);
        assert_eq!(promote(Int16, UInt8), Int16);
        assert_eq!(promote(Int32, UInt16), Int32);
        assert_eq!(promote(Int8, UInt32), Int64);
        assert_eq!(promote(UInt8, UInt64), UInt64);
        assert_eq!(promote(Float32, Float64), Float64);
        assert_eq!(promote(Complex64, Float64), Complex128);
        assert_eq!(promote(Complex64, Float32), Complex64);
        assert_eq!(promote(Bool, Bool), Bool);
    }

    #[test]
    fn numpy_extensions_where_standard_is_silent() {
        assert_eq!(promote(Int64, UInt64), Float64);
        assert_eq!(promote(Int8, Float16), Float16);
        assert_eq!(promote(Int16, Float32), Float32);
        assert_eq!(promote(Int32, Float32), Float64);
        assert_eq!(promote(Bool, Int8), Int8);
        assert_eq!(promote(Float16, BFloat16), Float32);
        assert_eq!(promote(BFloat16, Float32), Float32);
        assert_eq!(promote(Int64, Complex64), Complex128);
    }

    #[test]
    fn promotion_is_symmetric() {
        for a in DType::ALL {
            for b in DType::ALL {
                assert_eq!(promote(a, b), promote(b, a), "{a} {b}");
            }
        }
    }

    #[test]
    fn weak_scalars_adopt_the_array_dtype() {
        assert_eq!(promote_weak(Int8, Kind::SignedInteger), Int8);
        assert_eq!(promote_weak(Bool, Kind::SignedInteger), Int64);
        assert_eq!(promote_weak(Float32, Kind::RealFloating), Float32);
        assert_eq!(promote_weak(Int16, Kind::RealFloating), Float64);
        assert_eq!(promote_weak(Float32, Kind::ComplexFloating), Complex64);
        assert_eq!(promote_weak(UInt8, Kind::Bool), UInt8);
    }

    #[test]
    fn casting_rules() {
        assert!(can_cast(Int8, Int16));
        assert!(!can_cast(Int16, Int8));
        assert!(can_cast(Bool, Float32));
        assert!(!can_cast(Float32, Int64));
        assert!(!can_cast(Complex64, Float64));
        assert!(can_cast(Float32, Complex64));
        assert!(!can_cast(Int64, UInt64));
    }

    #[test]
    fn element_casts() {
        assert_eq!(u8::cast_from(-1i64), 255);
        assert_eq!(i32::cast_from(2.9f64), 2);
        assert!(bool::cast_from(0.5f32));
        assert_eq!(f32::cast_from(num_complex::Complex64::new(3.0, 4.0)), 3.0);
        assert_eq!(DType::from_dlpack(4, 16), Some(BFloat16));
        assert_eq!(DType::from_buffer_format("<d"), Some(Float64));
    }

    /// The vectorisable float-to-integer conversions agree with `as`
    /// (truncation, NaN to 0, saturation) everywhere, bounds included.
    #[test]
    fn saturating_conversions_match_as() {
        let two_63 = 9_223_372_036_854_775_808.0f64;
        let mut values = vec![
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.0,
            -0.0,
            0.9,
            -0.9,
            -1.5,
            255.7,
            -129.2,
            1e300,
            -1e300,
            two_63,
            -two_63,
            2.0 * two_63,
            f64::MIN_POSITIVE,
        ];
        for x in [two_63, 2.0 * two_63] {
            values.extend([x.next_down(), x.next_up(), -x.next_down(), -x.next_up()]);
        }
        for f in values {
            assert_eq!(saturating_i64(f), f as i64, "{f:e}");
            assert_eq!(saturating_u64(f), f as u64, "{f:e}");
            let expected_u = if f < 0.0 { f as i64 as u64 } else { f as u64 };
            assert_eq!(Scalar::Float(f).as_u64(), expected_u, "{f:e}");
            assert_eq!(u8::cast_from(f), expected_u as u8, "{f:e}");
            assert_eq!(
                i16::cast_from(f as f32),
                (f as f32 as f64) as i64 as i16,
                "{f:e}"
            );
        }
    }
}
