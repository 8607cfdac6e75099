//! Sorting functions: `sort` and `argsort` along an axis, ascending or
//! descending, NaNs last (as NumPy). The order used here is shared with the
//! searching and set functions.

use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::kernels::loops::in_best_tier;
use crate::kernels::math::Real;
use crate::kernels::radix::{radix_sort_by, SortKey, RADIX_MIN_LEN};
#[cfg(target_arch = "x86_64")]
use crate::kernels::simdsort;
use std::cmp::Ordering;

/// Total order of real values with every NaN after every number (NaNs equal
/// among themselves), NumPy's sort order.
#[inline(always)]
pub fn cmp_nan_last<T: Real>(a: &T, b: &T) -> Ordering {
    match a.partial_cmp(b) {
        Some(o) => o,
        None => a.is_nan().cmp(&b.is_nan()),
    }
}

/// `a < b` in the NaN-last order.
#[inline(always)]
pub fn lt_nan_last<T: Real>(a: T, b: T) -> bool {
    a < b || (b.is_nan() && !a.is_nan())
}

/// The dtype sorting kernels work in: bool sorts as bytes (0/1); complex
/// numbers have no order the standard defines.
pub fn sort_dtype(d: DType, name: &str) -> Result<DType> {
    match d {
        DType::Bool => Ok(DType::UInt8),
        d if d.is_complex() => Err(Error::Type(format!(
            "{name} does not support input of dtype {d}"
        ))),
        d => Ok(d),
    }
}

/// A contiguous copy of `x` (cast to `dtype`) with `axis` moved last, and the
/// permutation that moves it back.
fn axis_last(x: &Array, axis: usize, dtype: DType) -> Result<(Array, Vec<usize>)> {
    let ndim = x.ndim();
    let order: Vec<usize> = (0..ndim).filter(|&a| a != axis).chain([axis]).collect();
    let mut inverse = vec![0; ndim];
    for (i, &a) in order.iter().enumerate() {
        inverse[a] = i;
    }
    Ok((x.permute(&order)?.astype(dtype)?, inverse))
}

/// Undo `axis_last`: permute back, contiguous again when the axis was not last.
fn restore(out: Array, inverse: &[usize]) -> Result<Array> {
    let back = out.permute(inverse)?;
    if back.is_c_contiguous() {
        Ok(back)
    } else {
        back.to_contiguous()
    }
}

/// The unsigned word keys are sorted as: u64, or u32 for values of at most
/// 4 bytes (their keys fit, and an AVX-512 vector holds twice as many).
trait KeyWord: Copy {
    /// The low bits of a key (all of them for a key that fits).
    fn narrow(k: u64) -> Self;
    fn widen(self) -> u64;
    /// Ascending sort: the AVX-512 quicksort where the CPU has it (as fast
    /// as NumPy's SIMD sort on one core, and it uses both), else LSD radix
    /// (stable; several times faster than comparison sorts on long lanes).
    fn sort(keys: &mut [Self]);
}

macro_rules! key_word {
    ($($t:ty),*) => {$(
        impl KeyWord for $t {
            #[inline(always)]
            fn narrow(k: u64) -> Self { k as $t }
            #[inline(always)]
            fn widen(self) -> u64 { u64::from(self) }
            fn sort(keys: &mut [Self]) {
                #[cfg(target_arch = "x86_64")]
                if simdsort::available() {
                    return simdsort::sort(keys);
                }
                radix_sort_by(keys, |&k| u64::from(k));
            }
        }
    )*};
}
key_word!(u32, u64);

/// Lanes at least this long sort as keys; shorter ones by comparison (the
/// vectorised sort pays off from a couple of vectors, radix from hundreds).
fn keys_min_len() -> usize {
    #[cfg(target_arch = "x86_64")]
    if simdsort::available() {
        return 16;
    }
    RADIX_MIN_LEN
}

/// Sort one lane. Stable sorts keep equal elements in input order, also
/// when descending (the comparison is reversed, not the result).
pub(crate) fn sort_lane<T: SortKey>(lane: &mut [T], descending: bool, stable: bool) {
    let flip = if descending { u64::MAX } else { 0 };
    if lane.len() >= keys_min_len() && sort_as_keys(lane, flip) {
        return;
    }
    match (descending, stable) {
        (false, true) => lane.sort_by(cmp_nan_last),
        (false, false) => lane.sort_unstable_by(cmp_nan_last),
        (true, true) => lane.sort_by(|a, b| cmp_nan_last(b, a)),
        (true, false) => lane.sort_unstable_by(|a, b| cmp_nan_last(b, a)),
    }
}

/// Sort `lane` through its keys (xor `flip`); false, leaving the lane as it
/// was, if it holds a -0.0. Elements with equal keys are equal values, so
/// any sort of the keys is stable; keys lose only the sign of -0.0 (and NaN
/// payloads). The key conversions run in the widest vectors the CPU has.
fn sort_as_keys<T: SortKey>(lane: &mut [T], flip: u64) -> bool {
    in_best_tier(
        #[inline(always)]
        || sort_as_keys_here(lane, flip),
    )
}

#[inline(always)]
fn sort_as_keys_here<T: SortKey>(lane: &mut [T], flip: u64) -> bool {
    // A separate pass (it vectorises; for integers it compiles to nothing):
    // the in-place conversion below could not be undone.
    if lane.iter().fold(false, |seen, v| seen | v.is_neg_zero()) {
        return false;
    }
    if std::mem::size_of::<T>() <= 4 {
        sort_as_words::<T, u32>(lane, flip);
    } else {
        sort_as_words::<T, u64>(lane, flip);
    }
    true
}

/// Sort `lane` through its keys (xor `flip`) held in words `K`.
#[inline(always)]
fn sort_as_words<T: SortKey, K: KeyWord>(lane: &mut [T], flip: u64) {
    let key = |v: T| K::narrow(v.key() ^ flip);
    let value = |k: K| T::from_key(k.widen() ^ flip);
    if std::mem::size_of::<T>() == std::mem::size_of::<K>() {
        assert_eq!(std::mem::align_of::<T>(), std::mem::align_of::<K>());
        // Values become their keys where they are: no second buffer (for
        // 10^6 float64, 8 MB less to allocate, fault in and copy).
        // SAFETY: T has K's size and alignment (checked), the lane is ours
        // alone, and `lane` is not used while `keys` lives.
        let keys =
            unsafe { std::slice::from_raw_parts_mut(lane.as_mut_ptr().cast::<K>(), lane.len()) };
        for k in keys.iter_mut() {
            // SAFETY: the bytes are a T (same size, written as one).
            *k = key(unsafe { std::mem::transmute_copy(k) });
        }
        K::sort(keys);
        for k in keys.iter_mut() {
            // SAFETY: as above, the other way round.
            *k = unsafe { std::mem::transmute_copy(&value(*k)) };
        }
        return;
    }
    let mut keys: Vec<K> = lane.iter().map(|&v| key(v)).collect();
    K::sort(&mut keys);
    for (v, &k) in lane.iter_mut().zip(&keys) {
        *v = value(k);
    }
}

/// Indices that sort one lane, written to `out`; ties keep index order, so
/// this is the stable order whether or not a stable sort was asked for.
fn argsort_lane<T: SortKey>(lane: &[T], out: &mut [i64], descending: bool, stable: bool) {
    let flip = if descending { u64::MAX } else { 0 };
    if lane.len() >= keys_min_len() {
        return argsort_as_keys(lane, out, flip);
    }
    // Sorting (value, index) pairs keeps the values next to their indices
    // (no indirect loads in comparisons).
    let mut pairs: Vec<(T, i64)> = lane
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, i as i64))
        .collect();
    let cmp = |a: &(T, i64), b: &(T, i64)| {
        if descending {
            cmp_nan_last(&b.0, &a.0)
        } else {
            cmp_nan_last(&a.0, &b.0)
        }
    };
    if stable {
        pairs.sort_by(cmp);
    } else {
        // Ties broken by index: the same result, from the faster unstable sort.
        pairs.sort_unstable_by(|a, b| cmp(a, b).then(a.1.cmp(&b.1)));
    }
    for (o, p) in out.iter_mut().zip(&pairs) {
        *o = p.1;
    }
}

fn argsort_as_keys<T: SortKey>(lane: &[T], out: &mut [i64], flip: u64) {
    in_best_tier(
        #[inline(always)]
        || argsort_as_keys_here(lane, out, flip),
    )
}

/// Argsort through one key sort: each element's key, less the smallest key
/// and shortened to the bits left beside an index, is packed above its
/// index into a u64, so sorting those orders by key and then by index.
/// When keys had to be shortened, runs of equal shortened keys are then
/// ordered by full key (a stable sort, so indices stay ascending in ties).
#[inline(always)]
fn argsort_as_keys_here<T: SortKey>(lane: &[T], out: &mut [i64], flip: u64) {
    let key = |v: T| v.key() ^ flip;
    let n = lane.len();
    let index_bits = usize::BITS - (n - 1).leading_zeros();
    let (lo, hi) = lane.iter().fold((u64::MAX, 0), |(lo, hi), &v| {
        let k = key(v);
        (Ord::min(lo, k), Ord::max(hi, k))
    });
    let range_bits = u64::BITS - (hi - lo).leading_zeros();
    let dropped = range_bits.saturating_sub(u64::BITS - index_bits);
    let mut packed: Vec<u64> = lane
        .iter()
        .zip(0u64..)
        .map(|(&v, i)| ((key(v) - lo) >> dropped) << index_bits | i)
        .collect();
    <u64 as KeyWord>::sort(&mut packed);
    let index_mask = (1u64 << index_bits) - 1;
    if dropped > 0 {
        let index = |p: u64| (p & index_mask) as usize;
        for run in packed.chunk_by_mut(|a, b| a >> index_bits == b >> index_bits) {
            if run.len() > 1 {
                run.sort_by_key(|&p| key(lane[index(p)]));
            }
        }
    }
    for (o, &p) in out.iter_mut().zip(&packed) {
        *o = (p & index_mask) as i64;
    }
}

/// `x` sorted along `axis`.
pub fn sort(x: &Array, axis: usize, descending: bool, stable: bool) -> Result<Array> {
    let dtype = sort_dtype(x.dtype(), "sort")?;
    let (data, inverse) = axis_last(x, axis, dtype)?;
    let n = x.shape()[axis];
    if n > 1 {
        reals!(dtype, T => {
            // SAFETY: fresh contiguous copy of T, owned here.
            let s = unsafe { data.slice_mut_unchecked::<T>() };
            s.chunks_exact_mut(n).for_each(|lane| sort_lane(lane, descending, stable));
        }, unreachable!("sort_dtype admits real dtypes only"))
    }
    restore(data.to_dtype(x.dtype())?, &inverse)
}

/// Indices (int64) that sort `x` along `axis`.
pub fn argsort(x: &Array, axis: usize, descending: bool, stable: bool) -> Result<Array> {
    let dtype = sort_dtype(x.dtype(), "argsort")?;
    let (data, inverse) = axis_last(x, axis, dtype)?;
    let out = Array::zeros(DType::Int64, data.shape())?;
    let n = x.shape()[axis];
    if n > 0 {
        // SAFETY: fresh contiguous int64 array, owned here.
        let dst = unsafe { out.slice_mut_unchecked::<i64>() };
        reals!(dtype, T => {
            let src = data.as_slice::<T>().expect("fresh contiguous copy");
            for (lane, o) in src.chunks_exact(n).zip(dst.chunks_exact_mut(n)) {
                argsort_lane(lane, o, descending, stable);
            }
        }, unreachable!("sort_dtype admits real dtypes only"))
    }
    restore(out, &inverse)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_util::f64s as vals;

    #[test]
    fn nans_sort_last_and_descending_is_stable() {
        let x = Array::from_vec(&[3.0, f64::NAN, 1.0, 3.0, -0.5], &[5]).unwrap();
        let s = vals(&sort(&x, 0, false, true).unwrap());
        assert_eq!(&s[..4], &[-0.5, 1.0, 3.0, 3.0]);
        assert!(s[4].is_nan());
        let i = vals(&argsort(&x, 0, true, true).unwrap());
        assert_eq!(i, vec![1.0, 0.0, 3.0, 2.0, 4.0]);
        let u = vals(&argsort(&x, 0, false, false).unwrap());
        assert_eq!(u, vec![4.0, 2.0, 0.0, 3.0, 1.0]);
    }

    #[test]
    fn sorts_along_any_axis() {
        let x = Array::from_vec(&[3i32, 1, 2, 0, 5, 4], &[2, 3]).unwrap();
        assert_eq!(
            vals(&sort(&x, 0, false, true).unwrap()),
            vec![0.0, 1.0, 2.0, 3.0, 5.0, 4.0]
        );
        assert_eq!(
            vals(&argsort(&x, 1, false, true).unwrap()),
            vec![1.0, 2.0, 0.0, 0.0, 2.0, 1.0]
        );
        let b = Array::from_vec(&[true, false, true], &[3]).unwrap();
        let sb = sort(&b, 0, false, true).unwrap();
        assert_eq!((sb.dtype(), vals(&sb)), (DType::Bool, vec![0.0, 1.0, 1.0]));
    }
}
