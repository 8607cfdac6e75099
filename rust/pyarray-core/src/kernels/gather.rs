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
    macro_rules! go {
        ($t:ty) => {
            move_typed::<$t>(direction, list_base, list, step_base, step, dims)
        };
    }
    match itemsize {
        1 => go!(u8),
        2 => go!(u16),
        4 => go!(u32),
        8 => go!(u64),
        16 => go!(u128),
        _ => unreachable!("no dtype has itemsize {itemsize}"),
    }
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
