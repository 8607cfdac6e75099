//! Sort keys and a stable LSD radix sort on them. Numeric sort keys map each
//! value to a u64 whose unsigned order is the NaN-last order (NaN largest,
//! -0.0 equal to 0.0). Sorting keys serves every sort variant: with AVX-512
//! the vectorised quicksort (`simdsort`) sorts them, elsewhere this radix
//! sort, which beats comparison sorts several times on long lanes.

use crate::kernels::math::Real;
use half::{bf16, f16};

/// A value's position in the NaN-last order, as an unsigned integer. Values
/// of at most 4 bytes have keys below 2^32, so they can also be sorted as
/// u32 keys (twice as many per vector).
pub trait SortKey: Real {
    fn key(self) -> u64;
    /// The value of a key (NaN keys give a NaN; zeros come back as +0.0).
    /// Only the low 32 bits are read for values of at most 4 bytes.
    fn from_key(k: u64) -> Self;
    /// -0.0 cannot survive a round trip through its key.
    fn is_neg_zero(self) -> bool {
        false
    }
}

const TOP: u64 = 1 << 63;

/// Signed integers: the value in the signed type `$s`, its sign bit flipped,
/// read as the unsigned type `$u` of the same width.
macro_rules! signed_key {
    ($($t:ty: $s:ty, $u:ty);*) => {$(
        impl SortKey for $t {
            #[inline(always)]
            fn key(self) -> u64 { ((self as $s as $u) ^ <$s>::MIN as $u) as u64 }
            #[inline(always)]
            fn from_key(k: u64) -> Self { ((k as $u) ^ <$s>::MIN as $u) as $s as $t }
        }
    )*};
}
macro_rules! unsigned_key {
    ($($t:ty),*) => {$(
        impl SortKey for $t {
            #[inline(always)]
            fn key(self) -> u64 { self as u64 }
            #[inline(always)]
            fn from_key(k: u64) -> Self { k as $t }
        }
    )*};
}
signed_key!(i8: i32, u32; i16: i32, u32; i32: i32, u32; i64: i64, u64);
unsigned_key!(u8, u16, u32, u64);

// Both conversions are branch-free (selects), so key loops vectorise.
#[inline(always)]
fn f64_key(v: f64) -> u64 {
    // +0.0 for both zeros: they are equal, so a stable sort keeps their order.
    let b = (v + 0.0).to_bits();
    // Negative values: all bits flipped; others: the sign bit set.
    let negative = ((b as i64) >> 63) as u64;
    let k = b ^ (negative | TOP);
    if v.is_nan() {
        u64::MAX
    } else {
        k
    }
}

#[inline(always)]
fn f64_from_key(k: u64) -> f64 {
    // Keys with the top bit set came from non-negative values.
    let non_negative = ((k as i64) >> 63) as u64;
    let v = f64::from_bits(k ^ (!non_negative | TOP));
    if k == u64::MAX {
        f64::NAN
    } else {
        v
    }
}

/// `f64_key` for float32, in 32 bits.
#[inline(always)]
fn f32_key(v: f32) -> u64 {
    const TOP32: u32 = 1 << 31;
    let b = (v + 0.0).to_bits();
    let negative = ((b as i32) >> 31) as u32;
    let k = b ^ (negative | TOP32);
    u64::from(if v.is_nan() { u32::MAX } else { k })
}

#[inline(always)]
fn f32_from_key(k: u64) -> f32 {
    const TOP32: u32 = 1 << 31;
    let k = k as u32;
    let non_negative = ((k as i32) >> 31) as u32;
    let v = f32::from_bits(k ^ (!non_negative | TOP32));
    if k == u32::MAX {
        f32::NAN
    } else {
        v
    }
}

/// Floats through the key of a wider float (`$w`) that holds them exactly.
macro_rules! float_key {
    ($($t:ty: $w:ty, $key:ident, $from_key:ident, $to:expr, $from:expr);*) => {$(
        impl SortKey for $t {
            #[inline(always)]
            fn key(self) -> u64 { let to: fn($t) -> $w = $to; $key(to(self)) }
            #[inline(always)]
            fn from_key(k: u64) -> Self { let from: fn($w) -> $t = $from; from($from_key(k)) }
            #[inline(always)]
            fn is_neg_zero(self) -> bool { let to: fn($t) -> $w = $to; let v = to(self); v == 0.0 && v.is_sign_negative() }
        }
    )*};
}
float_key! {
    f64: f64, f64_key, f64_from_key, |v| v, |v| v;
    f32: f32, f32_key, f32_from_key, |v| v, |v| v;
    f16: f32, f32_key, f32_from_key, |v| v.to_f32(), f16::from_f32;
    bf16: f32, f32_key, f32_from_key, |v| v.to_f32(), bf16::from_f32
}

/// Below this length comparison sorts are as fast and need no scratch buffer.
pub const RADIX_MIN_LEN: usize = 512;

/// Stable sort of `items` by `key` (ascending unsigned order): LSD radix
/// with byte digits, skipping the bytes in which all keys agree.
pub fn radix_sort_by<V: Copy>(items: &mut [V], key: impl Fn(&V) -> u64) {
    let n = items.len();
    let mut hist = vec![[0usize; 256]; 8];
    for it in items.iter() {
        let k = key(it);
        for (b, h) in hist.iter_mut().enumerate() {
            h[((k >> (8 * b)) & 255) as usize] += 1;
        }
    }
    let mut scratch: Vec<V> = items.to_vec();
    // `in_items`: whether the current order lives in `items` (else in `scratch`).
    let mut in_items = true;
    for (b, h) in hist.iter().enumerate() {
        if h.contains(&n) {
            continue;
        }
        let mut offsets = [0usize; 256];
        let mut total = 0;
        for (o, &c) in offsets.iter_mut().zip(h.iter()) {
            *o = total;
            total += c;
        }
        let (src, dst): (&[V], &mut [V]) = if in_items {
            (&*items, &mut scratch)
        } else {
            (&scratch, &mut *items)
        };
        for it in src {
            let d = ((key(it) >> (8 * b)) & 255) as usize;
            dst[offsets[d]] = *it;
            offsets[d] += 1;
        }
        in_items = !in_items;
    }
    if !in_items {
        items.copy_from_slice(&scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_nan_last_order() {
        let v = [
            f64::NEG_INFINITY,
            -2.5,
            -0.0,
            0.0,
            1e-300,
            3.0,
            f64::INFINITY,
            f64::NAN,
        ];
        let keys: Vec<u64> = v.iter().map(|&x| x.key()).collect();
        assert!(keys.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(keys[2], keys[3]);
        assert_eq!(f64::from_key((-2.5f64).key()), -2.5);
        assert_eq!(i8::from_key((-7i8).key()), -7);
        assert!((-5i32).key() < 3i32.key());
    }

    /// Values of at most 4 bytes have keys below 2^32 (the u32 key sort
    /// relies on it), in the NaN-last order, and come back from them.
    #[test]
    fn narrow_values_have_32_bit_keys() {
        fn check<T: SortKey + std::fmt::Debug>(sorted: &[T]) {
            let keys: Vec<u64> = sorted.iter().map(|&v| v.key()).collect();
            assert!(keys.iter().all(|&k| k <= u64::from(u32::MAX)), "{sorted:?}");
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "{sorted:?}");
            for &v in sorted {
                let back = T::from_key(v.key());
                assert!(back == v || (back.is_nan() && v.is_nan()), "{v:?}");
            }
        }
        check(&[i8::MIN, -1, 0, 1, i8::MAX]);
        check(&[i16::MIN, -300, 0, 300, i16::MAX]);
        check(&[i32::MIN, -70_000, -1, 0, 70_000, i32::MAX]);
        check(&[0u8, 7, u8::MAX]);
        check(&[0u16, 7, u16::MAX]);
        check(&[0u32, 7, u32::MAX]);
        let f = [
            f32::NEG_INFINITY,
            -f32::MAX,
            -1.5,
            -f32::MIN_POSITIVE,
            -1e-45,
            0.0,
        ];
        check(
            &[
                &f[..],
                &[
                    1e-45,
                    f32::MIN_POSITIVE,
                    1.5,
                    f32::MAX,
                    f32::INFINITY,
                    f32::NAN,
                ],
            ]
            .concat(),
        );
        check(&[
            f16::NEG_INFINITY,
            f16::from_f32(-2.0),
            f16::ZERO,
            f16::MAX,
            f16::NAN,
        ]);
        check(&[
            bf16::NEG_INFINITY,
            bf16::from_f32(-2.0),
            bf16::ZERO,
            bf16::MAX,
            bf16::NAN,
        ]);
        assert_eq!((-0.0f32).key(), 0.0f32.key());
        assert_eq!((-f32::NAN).key(), f32::NAN.key());
    }

    #[test]
    fn radix_sort_is_stable() {
        let mut items: Vec<(u64, usize)> =
            (0..2000).map(|i| (((i * 7919) % 13) as u64, i)).collect();
        let mut expected = items.clone();
        expected.sort_by_key(|p| p.0);
        radix_sort_by(&mut items, |p| p.0);
        assert_eq!(items, expected);
    }
}
