//! Unstable sort of `u64` keys with AVX-512: a vectorised quicksort whose
//! partitions compress each 8-key vector and store it to both ends of the slice,
//! and whose leaves (at most 64 keys) are sorted in registers by a bitonic
//! network. NumPy sorts with the same technique (x86-simd-sort); a radix or
//! comparison sort is 3-5x slower on 10^6 keys on this hardware.

use std::arch::x86_64::*;

/// Keys per vector.
const LANES: usize = 8;
/// Slices at most this long are sorted by the bitonic network (8 vectors).
const LEAF: usize = 64;
/// Slices at least this long sort their two halves on two threads.
const PARALLEL_MIN: usize = 1 << 16;

/// Whether this CPU runs the vectorised sort: the AVX-512 tier of the other
/// kernels (F, DQ, VL; the callers convert keys with it) and POPCNT.
pub fn available() -> bool {
    use std::sync::OnceLock;
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| super::loops::has_avx512() && is_x86_feature_detected!("popcnt"))
}

/// Sort `keys` ascending. Call only when [`available`] is true.
pub fn sort(keys: &mut [u64]) {
    assert!(available(), "the vectorised sort needs AVX-512 and POPCNT");
    let depth = 2 * (usize::BITS - keys.len().leading_zeros());
    // SAFETY: the CPU features are present (asserted above).
    unsafe { quicksort(keys, depth) }
}

#[target_feature(enable = "avx512f,popcnt")]
unsafe fn quicksort(a: &mut [u64], depth: u32) {
    let n = a.len();
    if n <= LEAF {
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
        if pivot == 0 {
            return;
        }
        mid = partition(a, pivot - 1);
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

/// Median of eight keys spread over the slice (len > LEAF).
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn choose_pivot(a: &[u64]) -> u64 {
    let step = a.len() / LANES;
    let mut sample = [0u64; LANES];
    for (i, s) in sample.iter_mut().enumerate() {
        *s = a[i * step + step / 2];
    }
    let mut v = [_mm512_loadu_si512(sample.as_ptr().cast())];
    bitonic(&mut v);
    _mm512_storeu_si512(sample.as_mut_ptr().cast(), v[0]);
    sample[LANES / 2]
}

/// Vectors read per step of a partition (and held back at each end).
const UNROLL: usize = 4;
const BLOCK: usize = UNROLL * LANES;
// Partitions hold a block back at each end, so they need more keys than that.
const _: () = assert!(LEAF + 1 >= 2 * BLOCK);

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

/// Reorder `a` (len >= 2 * BLOCK) so keys <= pivot come first; returns their
/// count. A block of vectors at each end is held back so every store lands
/// in space already read; each step reads from the end with less free space,
/// which leaves room at both ends for what it stores.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn partition(a: &mut [u64], pivot: u64) -> usize {
    let n = a.len();
    // Only `quicksort` calls this, with more than LEAF keys (see the const check).
    debug_assert!(n >= 2 * BLOCK);
    let p = a.as_mut_ptr();
    let pv = _mm512_set1_epi64(pivot as i64);
    let held: [__m512i; 2 * UNROLL] = std::array::from_fn(|i| {
        let at = if i < UNROLL {
            i * LANES
        } else {
            n - (2 * UNROLL - i) * LANES
        };
        load(p.add(at))
    });
    let mut c = Cursor {
        read_lo: BLOCK,
        read_hi: n - BLOCK,
        write_lo: 0,
        write_hi: n,
    };
    // Exact stores, for the tail and the held-back vectors: compress in a
    // register, then a masked store of the leading lanes (the
    // compress-to-memory form is microcoded on AMD Zen 4: ~4 ns a key).
    let store = |c: &mut Cursor, v: __m512i, valid: __mmask8| {
        let greater = _mm512_cmpgt_epu64_mask(v, pv) & valid;
        let not_greater = !greater & valid;
        let low = _mm512_maskz_compress_epi64(not_greater, v);
        let high = _mm512_maskz_compress_epi64(greater, v);
        let (n_low, n_high) = (not_greater.count_ones(), greater.count_ones());
        _mm512_mask_storeu_epi64(p.add(c.write_lo).cast(), leading(n_low), low);
        c.write_lo += n_low as usize;
        c.write_hi -= n_high as usize;
        _mm512_mask_storeu_epi64(p.add(c.write_hi).cast(), leading(n_high), high);
    };
    // In the loops below every step starts with 2 * BLOCK free slots in all
    // (each key read frees one, each key stored fills one) and reads from
    // the side with fewer, so both sides have at least LANES free slots
    // before each store: whole vectors can be stored at both ends, with the
    // lanes past the kept ones landing in free slots (overwritten later).
    // One permutation then replaces the two compresses and the masks.
    let shifts = _mm512_set_epi64(21, 18, 15, 12, 9, 6, 3, 0);
    let store_whole = |c: &mut Cursor, v: __m512i| {
        debug_assert!(c.read_lo - c.write_lo >= LANES && c.write_hi - c.read_hi >= LANES);
        let greater = _mm512_cmpgt_epu64_mask(v, pv);
        let order = _mm512_set1_epi64(i64::from(GREATER_LAST[usize::from(greater)]));
        // permutexvar reads the low 3 bits of each lane's index.
        let parted = _mm512_permutexvar_epi64(_mm512_srlv_epi64(order, shifts), v);
        let n_high = greater.count_ones() as usize;
        _mm512_storeu_si512(p.add(c.write_lo).cast(), parted);
        _mm512_storeu_si512(p.add(c.write_hi - LANES).cast(), parted);
        c.write_lo += LANES - n_high;
        c.write_hi -= n_high;
    };
    while c.read_hi - c.read_lo >= BLOCK {
        let at = c.next(BLOCK);
        let v0 = load(p.add(at));
        let v1 = load(p.add(at + LANES));
        let v2 = load(p.add(at + 2 * LANES));
        let v3 = load(p.add(at + 3 * LANES));
        store_whole(&mut c, v0);
        store_whole(&mut c, v1);
        store_whole(&mut c, v2);
        store_whole(&mut c, v3);
    }
    while c.read_hi - c.read_lo >= LANES {
        let at = c.next(LANES);
        store_whole(&mut c, load(p.add(at)));
    }
    // The tail (< LANES keys) is read first: after that the free space is
    // one contiguous run exactly as long as what is left to store.
    let valid = leading((c.read_hi - c.read_lo) as u32);
    let tail = _mm512_maskz_loadu_epi64(valid, p.add(c.read_lo).cast());
    store(&mut c, tail, valid);
    for h in held {
        store(&mut c, h, 0xff);
    }
    debug_assert_eq!(c.write_lo, c.write_hi);
    c.write_lo
}

/// For each mask of the lanes holding keys > pivot, the lane order that puts
/// the other keys first and those last, each in lane order: lane i of the
/// result is lane `(order >> 3 * i) & 7` of the input.
const GREATER_LAST: [u32; 256] = greater_last_orders();

const fn greater_last_orders() -> [u32; 256] {
    let mut orders = [0u32; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut order, mut at) = (0u32, 0);
        let mut pass = 0;
        while pass < 2 {
            let mut lane = 0;
            while lane < LANES {
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

/// The mask of the first `count` (<= LANES) lanes.
#[inline(always)]
fn leading(count: u32) -> __mmask8 {
    ((1u16 << count) - 1) as __mmask8
}

#[inline(always)]
unsafe fn load(p: *const u64) -> __m512i {
    _mm512_loadu_si512(p.cast())
}

/// Sort a slice of at most LEAF keys in registers, padded with u64::MAX.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn sort_leaf(a: &mut [u64]) {
    match a.len() {
        0..=1 => {}
        2..=8 => leaf::<1>(a),
        9..=16 => leaf::<2>(a),
        17..=32 => leaf::<4>(a),
        _ => leaf::<8>(a),
    }
}

#[target_feature(enable = "avx512f,popcnt")]
unsafe fn leaf<const N: usize>(a: &mut [u64]) {
    let n = a.len();
    debug_assert!(n <= N * LANES);
    let p = a.as_mut_ptr();
    let pad = _mm512_set1_epi64(-1);
    let mask = |r: usize| {
        let count = n.saturating_sub(r * LANES).min(LANES);
        leading(count as u32)
    };
    // Rows wholly past the end are left alone: no load or store with an
    // empty mask (no speed change measured; it keeps every access in bounds).
    let rows = n.div_ceil(LANES);
    let mut v = [pad; N];
    for (r, reg) in v.iter_mut().enumerate().take(rows) {
        *reg = _mm512_mask_loadu_epi64(pad, mask(r), p.add(r * LANES).cast());
    }
    bitonic(&mut v);
    for (r, reg) in v.iter().enumerate().take(rows) {
        _mm512_mask_storeu_epi64(p.add(r * LANES).cast(), mask(r), *reg);
    }
}

/// Lanes whose index has bit `b` set (b < LANES), as a mask.
const fn lanes_with_bit(b: usize) -> __mmask8 {
    let mut m = 0u8;
    let mut l = 0;
    while l < LANES {
        if l & b != 0 {
            m |= 1 << l;
        }
        l += 1;
    }
    m
}

/// Bitonic sorting network over the 8 * N keys of N vectors (N <= 8),
/// ascending in key order across the vectors: for block sizes k = 2, 4, ...
/// the stages of distance k/2, ..., 1. Listed out, not looped, so that the
/// compiler unrolls everything and keeps the vectors in registers.
#[inline(always)]
unsafe fn bitonic<const N: usize>(v: &mut [__m512i; N]) {
    macro_rules! stages {
        ($(($k:literal, $j:literal))*) => {$(
            if $k <= LANES * N {
                stage(v, $k, $j);
            }
        )*};
    }
    stages!((2, 1)(4, 2)(4, 1)(8, 4)(8, 2)(8, 1)(16, 8)(16, 4)(16, 2)(
        16, 1
    )(32, 16)(32, 8)(32, 4)(32, 2)(32, 1)(64, 32)(64, 16)(
        64, 8
    )(64, 4)(64, 2)(64, 1));
}

/// One stage: key i meets key i ^ j; the lower of the pair takes the
/// minimum when bit k of i is clear (ascending block), else the maximum.
#[inline(always)]
unsafe fn stage<const N: usize>(v: &mut [__m512i; N], k: usize, j: usize) {
    if j >= LANES {
        let partner = j / LANES;
        for r in 0..N {
            let q = r ^ partner;
            if q > r {
                let lo = _mm512_min_epu64(v[r], v[q]);
                let hi = _mm512_max_epu64(v[r], v[q]);
                let ascending = (r * LANES) & k == 0;
                (v[r], v[q]) = if ascending { (lo, hi) } else { (hi, lo) };
            }
        }
        return;
    }
    let lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    let swap = _mm512_xor_si512(lane, _mm512_set1_epi64(j as i64));
    for (r, reg) in v.iter_mut().enumerate() {
        let descending = if k < LANES {
            lanes_with_bit(k)
        } else if (r * LANES) & k != 0 {
            0xff
        } else {
            0
        };
        let take_min = !(lanes_with_bit(j) ^ descending);
        let other = _mm512_permutexvar_epi64(swap, *reg);
        // The maximum everywhere, then the minimum into its lanes: one
        // instruction less than a min, a max and a blend.
        let hi = _mm512_max_epu64(*reg, other);
        *reg = _mm512_mask_min_epu64(hi, take_min, *reg, other);
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

    fn check(mut v: Vec<u64>) {
        let mut expected = v.clone();
        expected.sort_unstable();
        sort(&mut v);
        assert_eq!(v, expected, "length {}", v.len());
    }

    #[test]
    fn greater_last_orders_keep_lane_order_on_each_side() {
        for (mask, packed) in GREATER_LAST.iter().enumerate() {
            let order: Vec<usize> = (0..LANES)
                .map(|i| (packed >> (3 * i)) as usize & 7)
                .collect();
            let greater = |lane: &usize| (mask >> lane) & 1 == 1;
            let expected: Vec<usize> = (0..LANES)
                .filter(|l| !greater(l))
                .chain((0..LANES).filter(greater))
                .collect();
            assert_eq!(order, expected, "mask {mask:#010b}");
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
            check(vec![u64::MAX; n]); // the padding value itself
            check(vec![0; n]);
        }
    }

    #[test]
    fn depth_limit_falls_back_to_the_library_sort() {
        if !available() {
            return;
        }
        for depth in [0, 1, 2] {
            for (n, modulus) in [(65, 0), (1000, 0), (5000, 4)] {
                let mut v = keys(n, 9, modulus);
                let mut expected = v.clone();
                expected.sort_unstable();
                // SAFETY: the CPU features are present (checked above).
                unsafe { quicksort(&mut v, depth) };
                assert_eq!(v, expected, "depth {depth}, length {n}");
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
