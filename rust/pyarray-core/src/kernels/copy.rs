//! Copy with conversion: the only N×N (source dtype × destination dtype) kernel.

use crate::array::Array;
use crate::dtype::Element;
use crate::iter::for_each_run;
use crate::kernels::loops::in_best_tier;

/// Copy `src` (viewed with element strides `src_strides`, already broadcast to
/// `dst`'s shape) into `dst`, converting element types. `dst` must be writeable
/// and must not overlap `src`.
pub fn cast_copy(dst: &Array, src: &Array, src_strides: &[isize]) {
    let dst_bs = dst.byte_strides();
    let src_bs: Vec<isize> = src_strides
        .iter()
        .map(|&s| s * src.itemsize() as isize)
        .collect();
    crate::dispatch!(dst.dtype(), D => crate::dispatch!(src.dtype(), S => {
        for_each_run(
            dst.shape(),
            [&dst_bs, &src_bs],
            [dst.data_ptr(), src.data_ptr()],
            |p, len, s| unsafe { copy_run::<D, S>(p[0], s[0], p[1], s[1], len) },
        )
    }));
}

/// One run of a cast copy; the contiguous case is a tight loop the compiler vectorizes.
#[inline(always)]
unsafe fn copy_run<D: Element, S: Element>(
    dst: *mut u8,
    dst_stride: isize,
    src: *const u8,
    src_stride: isize,
    len: usize,
) {
    let (dsz, ssz) = (size_of::<D>() as isize, size_of::<S>() as isize);
    if D::DTYPE == S::DTYPE && dst_stride == dsz && src_stride == ssz {
        // A plain copy: memcpy, whatever the element type.
        std::ptr::copy_nonoverlapping(src, dst, len * size_of::<D>());
    } else if dst_stride == dsz && src_stride == ssz {
        let d = std::slice::from_raw_parts_mut(dst as *mut D, len);
        let s = std::slice::from_raw_parts(src as *const S, len);
        // In the widest vectors the CPU has: float-to-int64 conversions
        // have vector instructions only from AVX-512 DQ.
        in_best_tier(
            #[inline(always)]
            move || {
                for (o, &i) in d.iter_mut().zip(s) {
                    *o = D::cast_from(i);
                }
            },
        );
    } else if dst_stride == dsz && src_stride == 0 {
        let v = D::cast_from(*(src as *const S));
        std::slice::from_raw_parts_mut(dst as *mut D, len).fill(v);
    } else {
        for i in 0..len as isize {
            let v = (src.offset(i * src_stride) as *const S).read_unaligned();
            (dst.offset(i * dst_stride) as *mut D).write_unaligned(D::cast_from(v));
        }
    }
}
