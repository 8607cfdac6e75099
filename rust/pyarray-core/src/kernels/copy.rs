//! Copy with conversion: the only N×N (source dtype × destination dtype) kernel.

use crate::array::Array;
use crate::dtype::{Element, Scalar};
use crate::iter::for_each_run_in_order_of_first;
use crate::kernels::loops::in_best_tier;

/// Copy `src` (viewed with element strides `src_strides`, already broadcast to
/// `dst`'s shape) into `dst`, converting element types. `dst` must be writeable
/// and must not overlap `src`. The walk follows `dst`'s memory order, so a
/// copy between two arrays dense in the same non-C order (an F-ordered
/// `astype`) is one contiguous run.
pub fn cast_copy(dst: &Array, src: &Array, src_strides: &[isize]) {
    let dst_bs = dst.byte_strides();
    let src_bs: Vec<isize> = src_strides
        .iter()
        .map(|&s| s * src.itemsize() as isize)
        .collect();
    crate::dispatch!(dst.dtype(), D => crate::dispatch!(src.dtype(), S => {
        for_each_run_in_order_of_first(
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
                if S::DTYPE.is_float() && D::DTYPE.is_integer() {
                    float_to_int_run(d, s)
                } else {
                    cast_run(d, s)
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

/// Elements a float-to-integer block checks before it converts.
const FLOAT_BLOCK: usize = 256;

/// A contiguous float (or complex) to integer cast. The exact conversion
/// saturates through int64, so it widens to 64-bit lanes (and on AVX2, which
/// has no float-to-int64 instruction, goes one element at a time); a block
/// whose values all lie strictly within +-2^31 gives the same integers
/// through int32, in float32-wide lanes. Blocks holding larger values, NaN
/// or infinities take the exact form.
#[inline(always)]
fn float_to_int_run<D: Element, S: Element>(d: &mut [D], s: &[S]) {
    const TWO_31: f64 = 2_147_483_648.0;
    for (d, s) in d.chunks_mut(FLOAT_BLOCK).zip(s.chunks(FLOAT_BLOCK)) {
        // `&`, not `&&`: no early exit, so the check vectorises; NaN fails it.
        let fits_i32 = s.iter().fold(true, |all, &v| {
            all & (v.to_scalar().as_f64().abs() < TWO_31)
        });
        if fits_i32 {
            for (o, &v) in d.iter_mut().zip(s) {
                // SAFETY: |v| < 2^31, so its truncation is an i32.
                let i = unsafe { v.to_scalar().as_f64().to_int_unchecked::<i32>() };
                // Int to D wraps, as the exact form does after saturating.
                *o = D::from_scalar(Scalar::Int(i as i64));
            }
        } else {
            cast_run(d, s)
        }
    }
}

/// A contiguous cast, element by element.
#[inline(always)]
fn cast_run<D: Element, S: Element>(d: &mut [D], s: &[S]) {
    for (o, &v) in d.iter_mut().zip(s) {
        *o = D::cast_from(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;
    use half::f16;
    use num_complex::Complex32;

    /// `float_to_int_run` against the exact element cast, for blocks that
    /// fit in int32, blocks with one value beyond it, NaN and infinities.
    fn check_float_to_int<D: Element, S: Element>(values: &[f64]) {
        let src: Vec<S> = values
            .iter()
            .map(|&v| S::from_scalar(Scalar::Float(v)))
            .collect();
        let mut got = vec![D::default(); src.len()];
        float_to_int_run(&mut got, &src);
        for (i, (&g, &v)) in got.iter().zip(&src).enumerate() {
            assert_eq!(
                g,
                D::cast_from(v),
                "{:?} -> {:?} at {i}",
                S::DTYPE,
                D::DTYPE
            );
        }
    }

    /// Values of `a` in logical (C) order, as i64.
    fn ints(a: &Array) -> Vec<i64> {
        a.to_scalars().into_iter().map(|s| s.as_i64()).collect()
    }

    #[test]
    fn cast_copy_fills_destinations_of_any_order() {
        let values: Vec<f64> = (0..24).map(|v| v as f64 * 1.5).collect();
        let src = Array::from_vec(&values, &[2, 3, 4]).unwrap();
        let expected = ints(&src);
        // An F-ordered destination (the transpose of a C-ordered one) from
        // a C-ordered source, and a C-ordered one from an F-ordered source.
        let f_dst = Array::zeros(DType::Int32, &[4, 3, 2]).unwrap().transpose();
        cast_copy(&f_dst, &src, src.strides());
        assert_eq!(ints(&f_dst), expected);
        let f_src = src.transpose().astype(DType::Float64).unwrap().transpose();
        let c_dst = Array::zeros(DType::Int16, &[2, 3, 4]).unwrap();
        cast_copy(&c_dst, &f_src, f_src.strides());
        assert_eq!(ints(&c_dst), expected);
        // astype_keeping_layout of an F-ordered array keeps the order.
        let kept = f_src.astype_keeping_layout(DType::Int64).unwrap();
        assert_eq!(kept.strides(), f_src.strides());
        assert_eq!(ints(&kept), expected);
    }

    #[test]
    fn float_to_int_blocks_match_the_exact_cast() {
        // Block 0 fits int32; block 1 has 2^31 (just outside); block 2 NaN
        // and infinities; block 3 values up to 1e20; a partial last block.
        let mut values: Vec<f64> = (0..FLOAT_BLOCK * 4 + 37)
            .map(|i| (i as f64 - 500.0) * 12_345.678)
            .collect();
        values[FLOAT_BLOCK + 3] = 2_147_483_648.0;
        values[FLOAT_BLOCK + 4] = -2_147_483_648.0;
        values[FLOAT_BLOCK + 5] = 2_147_483_520.0;
        values[2 * FLOAT_BLOCK] = f64::NAN;
        values[2 * FLOAT_BLOCK + 1] = f64::INFINITY;
        values[2 * FLOAT_BLOCK + 2] = f64::NEG_INFINITY;
        for (k, v) in values[3 * FLOAT_BLOCK..].iter_mut().enumerate() {
            *v *= 10f64.powi((k % 16) as i32);
        }
        values[FLOAT_BLOCK * 4 + 36] = -1e19;
        macro_rules! targets {
            ($s:ty) => {{
                check_float_to_int::<i8, $s>(&values);
                check_float_to_int::<i16, $s>(&values);
                check_float_to_int::<i32, $s>(&values);
                check_float_to_int::<i64, $s>(&values);
                check_float_to_int::<u8, $s>(&values);
                check_float_to_int::<u16, $s>(&values);
                check_float_to_int::<u32, $s>(&values);
                check_float_to_int::<u64, $s>(&values);
            }};
        }
        targets!(f64);
        targets!(f32);
        targets!(f16);
        targets!(Complex32);
    }
}
