//! Unstable sort of `u64` or `u32` keys with AVX-512: a vectorised quicksort
//! whose partitions split each vector of keys and store it to both ends of
//! the slice, and whose leaves (at most 8 vectors) are sorted in registers
//! by a bitonic network. NumPy sorts with the same technique (x86-simd-sort);
//! a radix or comparison sort is 3-5x slower on 10^6 keys on this hardware.
//! u32 keys (values of at most 4 bytes) fill 16 lanes, twice as many as u64.

use std::arch::x86_64::*;

/// Slices at least this long sort their two halves on two threads.
const PARALLEL_MIN: usize = 1 << 16;
/// Vectors read per step of a partition (and held back at each end).
const UNROLL: usize = 4;
/// Vectors a leaf sorts in registers.
const LEAF_VECTORS: usize = 8;
// Partitions hold a block back at each end, so they need more keys than that.
const _: () = assert!(LEAF_VECTORS >= 2 * UNROLL);

/// Whether this CPU runs the vectorised sort: the AVX-512 tier of the other
/// kernels (F, DQ, VL; the callers convert keys with it) and POPCNT.
pub fn available() -> bool {
    use std::sync::OnceLock;
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| super::loops::has_avx512() && is_x86_feature_detected!("popcnt"))
}

/// A key type the sort handles: the AVX-512 operations on a vector of them.
/// Masks hold one bit per lane in the low `LANES` bits of a u32. The
/// methods are unsafe because they need AVX-512F (and pointers valid for
/// the masked lanes); only the `avx512f` functions below call them.
pub(crate) trait VectorKey: Copy + Ord + Send + 'static {
    /// Keys per vector.
    const LANES: usize;
    /// The largest key, which pads partial vectors.
    const MAX: Self;
    /// The next smaller key, None for 0.
    fn pred(self) -> Option<Self>;
    /// Every lane `k`.
    unsafe fn splat(k: Self) -> __m512i;
    /// Lanes whose key is above the pivot's.
    unsafe fn greater(v: __m512i, pivot: __m512i) -> u32;
    unsafe fn lanes_min(a: __m512i, b: __m512i) -> __m512i;
    unsafe fn lanes_max(a: __m512i, b: __m512i) -> __m512i;
    /// `min(a, b)` in the `mask` lanes, `src` elsewhere.
    unsafe fn mask_min(src: __m512i, mask: u32, a: __m512i, b: __m512i) -> __m512i;
    /// Lane i takes lane `i ^ j` of `v` (j < LANES).
    unsafe fn swap_lanes(v: __m512i, j: usize) -> __m512i;
    /// The `mask` lanes of `v` moved to the front, zeros after.
    unsafe fn compress(mask: u32, v: __m512i) -> __m512i;
    /// The lanes of `v` outside `greater` first, then those in it, each in lane order.
    unsafe fn greater_last(v: __m512i, greater: u32) -> __m512i;
    unsafe fn load_masked(p: *const Self, mask: u32, pad: __m512i) -> __m512i;
    unsafe fn store_masked(p: *mut Self, mask: u32, v: __m512i);
}

impl VectorKey for u64 {
    const LANES: usize = 8;
    const MAX: u64 = u64::MAX;
    #[inline(always)]
    fn pred(self) -> Option<u64> {
        self.checked_sub(1)
    }
    #[inline(always)]
    unsafe fn splat(k: u64) -> __m512i {
        _mm512_set1_epi64(k as i64)
    }
    #[inline(always)]
    unsafe fn greater(v: __m512i, pivot: __m512i) -> u32 {
        u32::from(_mm512_cmpgt_epu64_mask(v, pivot))
    }
    #[inline(always)]
    unsafe fn lanes_min(a: __m512i, b: __m512i) -> __m512i {
        _mm512_min_epu64(a, b)
    }
    #[inline(always)]
    unsafe fn lanes_max(a: __m512i, b: __m512i) -> __m512i {
        _mm512_max_epu64(a, b)
    }
    #[inline(always)]
    unsafe fn mask_min(src: __m512i, mask: u32, a: __m512i, b: __m512i) -> __m512i {
        _mm512_mask_min_epu64(src, mask as __mmask8, a, b)
    }
    #[inline(always)]
    unsafe fn swap_lanes(v: __m512i, j: usize) -> __m512i {
        let lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
        _mm512_permutexvar_epi64(_mm512_xor_si512(lane, _mm512_set1_epi64(j as i64)), v)
    }
    #[inline(always)]
    unsafe fn compress(mask: u32, v: __m512i) -> __m512i {
        _mm512_maskz_compress_epi64(mask as __mmask8, v)
    }
    /// One permutation from a table (fewer instructions than two compresses
    /// and an expand, which matters on AMD Zen 4).
    #[inline(always)]
    unsafe fn greater_last(v: __m512i, greater: u32) -> __m512i {
        let order = _mm512_set1_epi64(i64::from(GREATER_LAST[greater as usize]));
        let shifts = _mm512_set_epi64(21, 18, 15, 12, 9, 6, 3, 0);
        // permutexvar reads the low 3 bits of each lane's index.
        _mm512_permutexvar_epi64(_mm512_srlv_epi64(order, shifts), v)
    }
    #[inline(always)]
    unsafe fn load_masked(p: *const u64, mask: u32, pad: __m512i) -> __m512i {
        _mm512_mask_loadu_epi64(pad, mask as __mmask8, p.cast())
    }
    #[inline(always)]
    unsafe fn store_masked(p: *mut u64, mask: u32, v: __m512i) {
        _mm512_mask_storeu_epi64(p.cast(), mask as __mmask8, v)
    }
}

impl VectorKey for u32 {
    const LANES: usize = 16;
    const MAX: u32 = u32::MAX;
    #[inline(always)]
    fn pred(self) -> Option<u32> {
        self.checked_sub(1)
    }
    #[inline(always)]
    unsafe fn splat(k: u32) -> __m512i {
        _mm512_set1_epi32(k as i32)
    }
    #[inline(always)]
    unsafe fn greater(v: __m512i, pivot: __m512i) -> u32 {
        u32::from(_mm512_cmpgt_epu32_mask(v, pivot))
    }
    #[inline(always)]
    unsafe fn lanes_min(a: __m512i, b: __m512i) -> __m512i {
        _mm512_min_epu32(a, b)
    }
    #[inline(always)]
    unsafe fn lanes_max(a: __m512i, b: __m512i) -> __m512i {
        _mm512_max_epu32(a, b)
    }
    #[inline(always)]
    unsafe fn mask_min(src: __m512i, mask: u32, a: __m512i, b: __m512i) -> __m512i {
        _mm512_mask_min_epu32(src, mask as __mmask16, a, b)
    }
    #[inline(always)]
    unsafe fn swap_lanes(v: __m512i, j: usize) -> __m512i {
        let lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
        _mm512_permutexvar_epi32(_mm512_xor_si512(lane, _mm512_set1_epi32(j as i32)), v)
    }
    #[inline(always)]
    unsafe fn compress(mask: u32, v: __m512i) -> __m512i {
        _mm512_maskz_compress_epi32(mask as __mmask16, v)
    }
    /// A table of 2^16 orders would not stay in cache: the lanes at or below
    /// the pivot compressed to the front, the others expanded behind them.
    #[inline(always)]
    unsafe fn greater_last(v: __m512i, greater: u32) -> __m512i {
        let not_greater = !greater & 0xffff;
        let low = Self::compress(not_greater, v);
        let high = Self::compress(greater, v);
        let behind = !leading(not_greater.count_ones()) & 0xffff;
        _mm512_mask_expand_epi32(low, behind as __mmask16, high)
    }
    #[inline(always)]
    unsafe fn load_masked(p: *const u32, mask: u32, pad: __m512i) -> __m512i {
        _mm512_mask_loadu_epi32(pad, mask as __mmask16, p.cast())
    }
    #[inline(always)]
    unsafe fn store_masked(p: *mut u32, mask: u32, v: __m512i) {
        _mm512_mask_storeu_epi32(p.cast(), mask as __mmask16, v)
    }
}

/// Sort `keys` ascending. Call only when [`available`] is true.
pub(crate) fn sort<K: VectorKey>(keys: &mut [K]) {
    assert!(available(), "the vectorised sort needs AVX-512 and POPCNT");
    let depth = 2 * (usize::BITS - keys.len().leading_zeros());
    // SAFETY: the CPU features are present (asserted above).
    unsafe { quicksort(keys, depth) }
}

#[target_feature(enable = "avx512f,popcnt")]
unsafe fn quicksort<K: VectorKey>(a: &mut [K], depth: u32) {
    let n = a.len();
    if n <= LEAF_VECTORS * K::LANES {
        return sort_leaf(a);
    }
    if depth == 0 {
        // Too many unbalanced partitions: keep O(n log n).
        return a.sort_unstable();
    }
    let pivot = choose_pivot(a);
    let mut mid = partition(a, pivot);
    if mid == n {
        // The pivot is the largest key: split off the keys equal to it,
        // which are in place, so every step makes progress.
        let Some(below) = pivot.pred() else {
            return;
        };
        mid = partition(a, below);
        return quicksort(&mut a[..mid], depth - 1);
    }
    let (lo, hi) = a.split_at_mut(mid);
    if n >= PARALLEL_MIN {
        // SAFETY (both closures): the caller checked the CPU features.
        rayon::join(
            || unsafe { quicksort(lo, depth - 1) },
            || unsafe { quicksort(hi, depth - 1) },
        );
    } else {
        quicksort(lo, depth - 1);
        quicksort(hi, depth - 1);
    }
}

/// Median of one vector of keys spread over the slice (len > a leaf).
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn choose_pivot<K: VectorKey>(a: &[K]) -> K {
    let step = a.len() / K::LANES;
    let mut sample = [K::MAX; 16];
    for (i, s) in sample.iter_mut().take(K::LANES).enumerate() {
        *s = a[i * step + step / 2];
    }
    let mut v = [load(sample.as_ptr())];
    bitonic::<K, 1>(&mut v);
    _mm512_storeu_si512(sample.as_mut_ptr().cast(), v[0]);
    sample[K::LANES / 2]
}

/// Where a partition reads and writes: keys in `read_lo..read_hi` are unread;
/// `..write_lo` holds keys <= pivot and `write_hi..` keys > pivot.
struct Cursor {
    read_lo: usize,
    read_hi: usize,
    write_lo: usize,
    write_hi: usize,
}

impl Cursor {
    /// Start of the next `size` keys to read, from the end with less free space.
    #[inline(always)]
    fn next(&mut self, size: usize) -> usize {
        if self.read_lo - self.write_lo <= self.write_hi - self.read_hi {
            self.read_lo += size;
            self.read_lo - size
        } else {
            self.read_hi -= size;
            self.read_hi
        }
    }
}

/// Reorder `a` (at least two blocks of UNROLL vectors) so keys <= pivot come
/// first; returns their count. A block of vectors at each end is held back so
/// every store lands in space already read; each step reads from the end
/// with less free space, which leaves room at both ends for what it stores.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn partition<K: VectorKey>(a: &mut [K], pivot: K) -> usize {
    let lanes = K::LANES;
    let block = UNROLL * lanes;
    let n = a.len();
    // Only `quicksort` calls this, with more keys than a leaf (see the const check).
    debug_assert!(n >= 2 * block);
    let p = a.as_mut_ptr();
    let pv = K::splat(pivot);
    let held: [__m512i; 2 * UNROLL] = std::array::from_fn(|i| {
        let at = if i < UNROLL {
            i * lanes
        } else {
            n - (2 * UNROLL - i) * lanes
        };
        load(p.add(at))
    });
    let mut c = Cursor {
        read_lo: block,
        read_hi: n - block,
        write_lo: 0,
        write_hi: n,
    };
    // Exact stores, for the tail and the held-back vectors: compress in a
    // register, then a masked store of the leading lanes (the
    // compress-to-memory form is microcoded on AMD Zen 4: ~4 ns a key).
    let store = |c: &mut Cursor, v: __m512i, valid: u32| {
        let greater = K::greater(v, pv) & valid;
        let not_greater = !greater & valid;
        let low = K::compress(not_greater, v);
        let high = K::compress(greater, v);
        let (n_low, n_high) = (not_greater.count_ones(), greater.count_ones());
        K::store_masked(p.add(c.write_lo), leading(n_low), low);
        c.write_lo += n_low as usize;
        c.write_hi -= n_high as usize;
        K::store_masked(p.add(c.write_hi), leading(n_high), high);
    };
    // In the loops below every step starts with 2 * block free slots in all
    // (each key read frees one, each key stored fills one) and reads from
    // the side with fewer, so both sides have at least a vector of free
    // slots before each store: whole vectors can be stored at both ends,
    // with the lanes past the kept ones landing in free slots (overwritten
    // later). One reordering then replaces the two compresses and the masks.
    let store_whole = |c: &mut Cursor, v: __m512i| {
        debug_assert!(c.read_lo - c.write_lo >= lanes && c.write_hi - c.read_hi >= lanes);
        let greater = K::greater(v, pv);
        let parted = K::greater_last(v, greater);
        let n_high = greater.count_ones() as usize;
        _mm512_storeu_si512(p.add(c.write_lo).cast(), parted);
        _mm512_storeu_si512(p.add(c.write_hi - lanes).cast(), parted);
        c.write_lo += lanes - n_high;
        c.write_hi -= n_high;
    };
    while c.read_hi - c.read_lo >= block {
        let at = c.next(block);
        let v0 = load(p.add(at));
        let v1 = load(p.add(at + lanes));
        let v2 = load(p.add(at + 2 * lanes));
        let v3 = load(p.add(at + 3 * lanes));
        store_whole(&mut c, v0);
        store_whole(&mut c, v1);
        store_whole(&mut c, v2);
        store_whole(&mut c, v3);
    }
    while c.read_hi - c.read_lo >= lanes {
        let at = c.next(lanes);
        store_whole(&mut c, load(p.add(at)));
    }
    // The tail (less than a vector) is read first: after that the free space
    // is one contiguous run exactly as long as what is left to store.
    let valid = leading((c.read_hi - c.read_lo) as u32);
    let tail = K::load_masked(p.add(c.read_lo), valid, _mm512_setzero_si512());
    store(&mut c, tail, valid);
    for h in held {
        store(&mut c, h, leading(lanes as u32));
    }
    debug_assert_eq!(c.write_lo, c.write_hi);
    c.write_lo
}

/// For each mask of the lanes holding keys > pivot, the lane order that puts
/// the other keys first and those last, each in lane order: lane i of the
/// result is lane `(order >> 3 * i) & 7` of the input (u64 keys).
const GREATER_LAST: [u32; 256] = greater_last_orders();

const fn greater_last_orders() -> [u32; 256] {
    let mut orders = [0u32; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut order, mut at) = (0u32, 0);
        let mut pass = 0;
        while pass < 2 {
            let mut lane = 0;
            while lane < 8 {
                let greater = (mask >> lane) & 1 == 1;
                if greater == (pass == 1) {
                    order |= (lane as u32) << (3 * at);
                    at += 1;
                }
                lane += 1;
            }
            pass += 1;
        }
        orders[mask] = order;
        mask += 1;
    }
    orders
}

/// The mask of the first `count` (<= 16) lanes.
#[inline(always)]
fn leading(count: u32) -> u32 {
    (1u32 << count) - 1
}

#[inline(always)]
unsafe fn load<K>(p: *const K) -> __m512i {
    _mm512_loadu_si512(p.cast())
}

/// Sort a slice of at most a leaf of keys in registers, padded with the
/// largest key.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn sort_leaf<K: VectorKey>(a: &mut [K]) {
    match a.len().div_ceil(K::LANES) {
        _ if a.len() <= 1 => {}
        1 => leaf::<K, 1>(a),
        2 => leaf::<K, 2>(a),
        3..=4 => leaf::<K, 4>(a),
        _ => leaf::<K, LEAF_VECTORS>(a),
    }
}

#[target_feature(enable = "avx512f,popcnt")]
unsafe fn leaf<K: VectorKey, const N: usize>(a: &mut [K]) {
    let n = a.len();
    debug_assert!(n <= N * K::LANES);
    let p = a.as_mut_ptr();
    let pad = K::splat(K::MAX);
    let mask = |r: usize| {
        let count = n.saturating_sub(r * K::LANES).min(K::LANES);
        leading(count as u32)
    };
    // Rows wholly past the end are left alone: no load or store with an
    // empty mask (no speed change measured; it keeps every access in bounds).
    let rows = n.div_ceil(K::LANES);
    let mut v = [pad; N];
    for (r, reg) in v.iter_mut().enumerate().take(rows) {
        *reg = K::load_masked(p.add(r * K::LANES), mask(r), pad);
    }
    bitonic::<K, N>(&mut v);
    for (r, reg) in v.iter().enumerate().take(rows) {
        K::store_masked(p.add(r * K::LANES), mask(r), *reg);
    }
}

/// Lanes (of `lanes`) whose index has bit `b` set, as a mask.
#[inline(always)]
fn lanes_with_bit(b: usize, lanes: usize) -> u32 {
    (0..lanes).filter(|l| l & b != 0).fold(0, |m, l| m | 1 << l)
}

/// Bitonic sorting network over the keys of N vectors (N <= 8), ascending
/// in key order across the vectors: for block sizes k = 2, 4, ... the
/// stages of distance k/2, ..., 1. Listed out, not looped, so that the
/// compiler unrolls everything and keeps the vectors in registers.
#[inline(always)]
unsafe fn bitonic<K: VectorKey, const N: usize>(v: &mut [__m512i; N]) {
    macro_rules! stages {
        ($(($k:literal, $j:literal))*) => {$(
            if $k <= K::LANES * N {
                stage::<K, N>(v, $k, $j);
            }
        )*};
    }
    stages!((2, 1)(4, 2)(4, 1)(8, 4)(8, 2)(8, 1)(16, 8)(16, 4)(16, 2)(
        16, 1
    )(32, 16)(32, 8)(32, 4)(32, 2)(32, 1)(64, 32)(64, 16)(
        64, 8
    )(64, 4)(64, 2)(64, 1)(128, 64)(128, 32)(128, 16)(128, 8)(
        128, 4
    )(128, 2)(128, 1));
}

/// One stage: key i meets key i ^ j; the lower of the pair takes the
/// minimum when bit k of i is clear (ascending block), else the maximum.
#[inline(always)]
unsafe fn stage<K: VectorKey, const N: usize>(v: &mut [__m512i; N], k: usize, j: usize) {
    let lanes = K::LANES;
    if j >= lanes {
        let partner = j / lanes;
        for r in 0..N {
            let q = r ^ partner;
            if q > r {
                let lo = K::lanes_min(v[r], v[q]);
                let hi = K::lanes_max(v[r], v[q]);
                let ascending = (r * lanes) & k == 0;
                (v[r], v[q]) = if ascending { (lo, hi) } else { (hi, lo) };
            }
        }
        return;
    }
    let all = leading(lanes as u32);
    for (r, reg) in v.iter_mut().enumerate() {
        let descending = if k < lanes {
            lanes_with_bit(k, lanes)
        } else if (r * lanes) & k != 0 {
            all
        } else {
            0
        };
        let take_min = !(lanes_with_bit(j, lanes) ^ descending) & all;
        let other = K::swap_lanes(*reg, j);
        // The maximum everywhere, then the minimum into its lanes: one
        // instruction less than a min, a max and a blend.
        let hi = K::lanes_max(*reg, other);
        *reg = K::mask_min(hi, take_min, *reg, other);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift: deterministic keys without a dependency.
    fn keys(n: usize, seed: u64, modulus: u64) -> Vec<u64> {
        let mut s = seed | 1;
        (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                if modulus == 0 {
                    s
                } else {
                    s % modulus
                }
            })
            .collect()
    }

    /// Sort `v` both as u64 keys and, truncated, as u32 keys.
    fn check(v: Vec<u64>) {
        fn one<K: VectorKey + std::fmt::Debug>(mut v: Vec<K>) {
            let mut expected = v.clone();
            expected.sort_unstable();
            sort(&mut v);
            assert_eq!(v, expected, "length {}", v.len());
        }
        one(v.iter().map(|&k| k as u32).collect());
        one(v);
    }

    #[test]
    fn greater_last_orders_keep_lane_order_on_each_side() {
        for (mask, packed) in GREATER_LAST.iter().enumerate() {
            let order: Vec<usize> = (0..8).map(|i| (packed >> (3 * i)) as usize & 7).collect();
            let greater = |lane: &usize| (mask >> lane) & 1 == 1;
            let expected: Vec<usize> = (0..8)
                .filter(|l| !greater(l))
                .chain((0..8).filter(greater))
                .collect();
            assert_eq!(order, expected, "mask {mask:#010b}");
        }
    }

    /// The u32 form (compress and expand) for every mask of 16 lanes.
    #[test]
    fn greater_last_of_u32_keeps_lane_order_on_each_side() {
        if !available() {
            return;
        }
        let lanes: Vec<u32> = (100..116).collect();
        for mask in 0..=u16::MAX as u32 {
            let greater = |l: &u32| (mask >> (l - 100)) & 1 == 1;
            let expected: Vec<u32> = lanes
                .iter()
                .copied()
                .filter(|l| !greater(l))
                .chain(lanes.iter().copied().filter(greater))
                .collect();
            let mut got = [0u32; 16];
            // SAFETY: AVX-512 is present (checked above); 16 u32 are 64 bytes.
            unsafe {
                let parted = u32::greater_last(load(lanes.as_ptr()), mask);
                _mm512_storeu_si512(got.as_mut_ptr().cast(), parted);
            }
            assert_eq!(got.to_vec(), expected, "mask {mask:#018b}");
        }
    }

    #[test]
    fn sorts_every_short_length_and_shape() {
        if !available() {
            return;
        }
        for n in 0..300 {
            check(keys(n, n as u64, 0));
            check(keys(n, n as u64, 3)); // heavy duplicates
            check((0..n as u64).collect()); // sorted
            check((0..n as u64).rev().collect()); // reversed
            check(vec![u64::MAX; n]); // the padding value of u64
            check(vec![u64::from(u32::MAX); n]); // and of u32
            check(vec![0; n]);
        }
    }

    #[test]
    fn depth_limit_falls_back_to_the_library_sort() {
        if !available() {
            return;
        }
        for depth in [0, 1, 2] {
            for (n, modulus) in [(65, 0), (129, 0), (1000, 0), (5000, 4)] {
                let v = keys(n, 9, modulus);
                let mut wide = v.clone();
                let mut narrow: Vec<u32> = v.iter().map(|&k| k as u32).collect();
                let mut expected = wide.clone();
                expected.sort_unstable();
                let mut expected_narrow = narrow.clone();
                expected_narrow.sort_unstable();
                // SAFETY: the CPU features are present (checked above).
                unsafe {
                    quicksort(&mut wide, depth);
                    quicksort(&mut narrow, depth);
                }
                assert_eq!(wide, expected, "depth {depth}, length {n}");
                assert_eq!(narrow, expected_narrow, "depth {depth}, length {n}");
            }
        }
    }

    #[test]
    fn sorts_long_inputs_in_parallel() {
        if !available() {
            return;
        }
        for (n, modulus) in [(100_000, 0), (300_001, 2), (200_003, 1000), (70_000, 0)] {
            let v = keys(n, 42, modulus);
            check(v.clone());
            let mut sorted = v;
            sorted.sort_unstable();
            check(sorted.iter().rev().copied().collect());
            // Organ pipe: a classic bad case for median pivots.
            let half = sorted.len() / 2;
            let pipe: Vec<u64> = sorted[..half]
                .iter()
                .chain(sorted[..half].iter().rev())
                .copied()
                .collect();
            check(pipe);
        }
    }
}
