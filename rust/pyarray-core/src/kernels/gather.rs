//! Gather and scatter of sub-blocks at a list of byte offsets: the engine of
//! advanced indexing, `take` and friends.
//!
//! Elements are moved as raw bytes of their size (1, 2, 4, 8 or 16), so one
//! instantiation per size serves every dtype; no conversion happens here.

use crate::layout::Dim;

/// Which side of the copy the offset list addresses.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// `dst[i] = src[list[i]]`: the list addresses the source (getitem).
    Gather,
    /// `dst[list[i]] = src[i]`: the list addresses the destination (setitem);
    /// applied in order, so the last write to a repeated offset wins.
    Scatter,
}

/// `$body` with `$T` the unsigned integer type of `$itemsize` bytes: one
/// instantiation per element size serves every dtype.
macro_rules! by_itemsize {
    ($itemsize:expr, $T:ident => $body:expr) => {
        match $itemsize {
            1 => {
                type $T = u8;
                $body
            }
            2 => {
                type $T = u16;
                $body
            }
            4 => {
                type $T = u32;
                $body
            }
            8 => {
                type $T = u64;
                $body
            }
            16 => {
                type $T = u128;
                $body
            }
            size => unreachable!("no dtype has itemsize {size}"),
        }
    };
}

/// Move one sub-block per entry of `list`.
///
/// Block `i` lives at `list_base + list[i]` on the listed side and at
/// `step_base + i * step` on the other side. `dims` describes the block:
/// lengths and byte strides `[dst, src]`, as from `layout::coalesce`.
///
/// # Safety
/// Every address formed this way must lie inside live memory of the right
/// side, the destination must be writeable and must not overlap the source.
pub unsafe fn move_blocks(
    itemsize: usize,
    direction: Direction,
    list_base: *mut u8,
    list: &[isize],
    step_base: *mut u8,
    step: isize,
    dims: &[Dim<2>],
) {
    by_itemsize!(itemsize, T => move_typed::<T>(direction, list_base, list, step_base, step, dims))
}

/// Index `v` of an axis of length `n` with a negative `v` counting from the
/// end, and whether it lies in `-n..n` (branch-free, so loops over it
/// vectorise).
#[inline(always)]
pub fn wrap_index(v: i64, n: i64) -> (i64, bool) {
    let j = if v < 0 { v.wrapping_add(n) } else { v };
    (j, (j as u64) < (n as u64))
}

/// [`gather_1d`] of elements of `itemsize` bytes moved as raw bytes: `n`
/// elements at `src`, `idx.len()` at `dst`.
///
/// # Safety
/// `src` and `dst` point to that many elements, aligned to `itemsize`;
/// `dst` is writeable and does not overlap `src`.
pub unsafe fn gather_1d_bytes(
    itemsize: usize,
    src: *const u8,
    n: usize,
    idx: &[i64],
    dst: *mut u8,
) -> bool {
    by_itemsize!(itemsize, T => gather_1d(
        std::slice::from_raw_parts(src as *const T, n),
        idx,
        std::slice::from_raw_parts_mut(dst as *mut T, idx.len()),
    ))
}

/// `out[i] = src[idx[i]]`, a negative index counting from the end: the
/// fast path of 1-D `take`. By blocks: the wrap and bounds check run
/// vectorised (best CPU tier) into positions on the stack, then a plain loop
/// copies (one loop doing both, or a heap list of byte offsets, measured
/// slower at 10^4). Returns whether every index was in `-n..n`; if not,
/// `out` holds garbage (an out-of-bounds index reads element 0, so no read
/// leaves `src`) and must be discarded.
pub fn gather_1d<T: Copy>(src: &[T], idx: &[i64], out: &mut [T]) -> bool {
    const BLOCK: usize = 256;
    assert_eq!(
        idx.len(),
        out.len(),
        "gather_1d: index and output lengths differ"
    );
    let n = src.len() as i64;
    if n == 0 {
        return idx.is_empty();
    }
    let mut in_bounds = true;
    let mut at = [0usize; BLOCK];
    for (ib, ob) in idx.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
        in_bounds &= crate::kernels::loops::in_best_tier(
            #[inline(always)]
            || {
                // One flag per block: no branch per element.
                let mut ok_all = true;
                for (a, &v) in at.iter_mut().zip(ib) {
                    let (j, ok) = wrap_index(v, n);
                    ok_all &= ok;
                    *a = if ok { j as usize } else { 0 };
                }
                ok_all
            },
        );
        for (o, &j) in ob.iter_mut().zip(&at) {
            // SAFETY: every position in `at` is below n = src.len().
            *o = unsafe { *src.get_unchecked(j) };
        }
    }
    in_bounds
}

unsafe fn move_typed<T: Copy>(
    direction: Direction,
    list_base: *mut u8,
    list: &[isize],
    step_base: *mut u8,
    step: isize,
    dims: &[Dim<2>],
) {
    let gather = direction == Direction::Gather;
    if dims.is_empty() {
        // One element per entry: the hot loop of take and boolean masks.
        for (i, &off) in list.iter().enumerate() {
            let a = list_base.offset(off);
            let b = step_base.offset(i as isize * step);
            if gather {
                (b as *mut T).write_unaligned((a as *const T).read_unaligned());
            } else {
                (a as *mut T).write_unaligned((b as *const T).read_unaligned());
            }
        }
        return;
    }
    for (i, &off) in list.iter().enumerate() {
        let a = list_base.offset(off);
        let b = step_base.offset(i as isize * step);
        let (dst, src) = if gather { (b, a) } else { (a, b) };
        copy_block::<T>(dst, src, dims);
    }
}

/// Copy one strided block (`dims` strides are `[dst, src]` in bytes).
unsafe fn copy_block<T: Copy>(dst: *mut u8, src: *const u8, dims: &[Dim<2>]) {
    match dims {
        [] => (dst as *mut T).write_unaligned((src as *const T).read_unaligned()),
        [d] => {
            for i in 0..d.len as isize {
                let v = (src.offset(i * d.strides[1]) as *const T).read_unaligned();
                (dst.offset(i * d.strides[0]) as *mut T).write_unaligned(v);
            }
        }
        [d, rest @ ..] => {
            for i in 0..d.len as isize {
                copy_block::<T>(
                    dst.offset(i * d.strides[0]),
                    src.offset(i * d.strides[1]),
                    rest,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_1d_wraps_negative_indices_and_flags_bad_ones() {
        let src = [10u64, 11, 12, 13];
        let mut out = [0u64; 5];
        assert!(gather_1d(&src, &[0, 3, -1, -4, 2], &mut out));
        assert_eq!(out, [10, 13, 13, 10, 12]);
        for bad in [4, -5, i64::MAX, i64::MIN] {
            assert!(!gather_1d(&src, &[1, bad, 2, 0, 3], &mut out), "{bad}");
        }
        assert!(gather_1d::<u64>(&[], &[], &mut []));
        assert!(!gather_1d::<u64>(&[], &[0], &mut [0]));
    }
}
