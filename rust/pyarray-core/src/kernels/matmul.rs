//! Matrix-product kernels for one matrix of a batch: floating types through
//! faer's gemm (packing, SIMD micro-kernels chosen at run time), integers
//! through a plain loop with wrapping arithmetic (exact, as NumPy).

use super::math::Num;
use faer::traits::ComplexField;
use faer::{Accum, MatMut, MatRef, Par};

/// A matrix inside an array's buffer: pointer to element (0, 0), shape and
/// element strides (any sign, zero for broadcast operands).
#[derive(Clone, Copy)]
pub struct MatPtr<T> {
    pub ptr: *mut T,
    pub rows: usize,
    pub cols: usize,
    pub row_stride: isize,
    pub col_stride: isize,
}

// SAFETY: a MatPtr is only a description of memory owned by an Array that
// outlives the kernel call; the batch drivers hand each thread a distinct
// output matrix and only read the operands.
unsafe impl<T> Send for MatPtr<T> {}
unsafe impl<T> Sync for MatPtr<T> {}

impl<T> MatPtr<T> {
    /// The same matrix shifted by `offset` elements (the next batch item).
    pub fn at(self, offset: isize) -> MatPtr<T> {
        MatPtr {
            ptr: self.ptr.wrapping_offset(offset),
            ..self
        }
    }
}

/// `out = a · b` for f32, f64, complex64 and complex128.
///
/// # Safety
/// All three descriptions must lie inside live buffers; `out` must not
/// overlap `a` or `b`, and must have distinct addresses for distinct elements.
pub unsafe fn float_product<T: ComplexField + Copy>(
    out: MatPtr<T>,
    a: MatPtr<T>,
    b: MatPtr<T>,
    par: Par,
) {
    let lhs = MatRef::from_raw_parts(
        a.ptr as *const T,
        a.rows,
        a.cols,
        a.row_stride,
        a.col_stride,
    );
    let rhs = MatRef::from_raw_parts(
        b.ptr as *const T,
        b.rows,
        b.cols,
        b.row_stride,
        b.col_stride,
    );
    let dst =
        MatMut::from_raw_parts_mut(out.ptr, out.rows, out.cols, out.row_stride, out.col_stride);
    faer::linalg::matmul::matmul(dst, Accum::Replace, lhs, rhs, T::one_impl(), par);
}

/// `out = a · b` for integers, all three C-contiguous (`a` is n×k, `b` k×m).
/// Row-times-row order keeps the inner loop contiguous so it vectorizes.
pub fn int_product<T: Num>(out: &mut [T], a: &[T], b: &[T], k: usize, m: usize) {
    out.fill(T::default());
    if m == 0 {
        return;
    }
    for (out_row, a_row) in out.chunks_exact_mut(m).zip(a.chunks_exact(k.max(1))) {
        for (p, &s) in a_row.iter().enumerate().take(k) {
            let b_row = &b[p * m..(p + 1) * m];
            for (o, &v) in out_row.iter_mut().zip(b_row) {
                *o = o.add(s.mul(v));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_product_wraps_and_matches_definition() {
        let a: Vec<i8> = vec![100, 2, 3, 4];
        let b: Vec<i8> = vec![2, 0, 1, 1];
        let mut out = vec![0i8; 4];
        int_product(&mut out, &a, &b, 2, 2);
        // 100*2 + 2*1 = 202 wraps to -54.
        assert_eq!(out, vec![-54, 2, 10, 4]);
    }

    #[test]
    fn float_product_reads_transposed_operands() {
        // a = [[1, 2], [3, 4]] stored column-major; b = identity.
        let mut a = vec![1.0f64, 3.0, 2.0, 4.0];
        let mut b = vec![1.0f64, 0.0, 0.0, 1.0];
        let mut out = vec![0.0f64; 4];
        let mat = |p: *mut f64, rs, cs| MatPtr {
            ptr: p,
            rows: 2,
            cols: 2,
            row_stride: rs,
            col_stride: cs,
        };
        unsafe {
            float_product(
                mat(out.as_mut_ptr(), 2, 1),
                mat(a.as_mut_ptr(), 1, 2),
                mat(b.as_mut_ptr(), 2, 1),
                Par::Seq,
            )
        };
        assert_eq!(out, vec![1.0, 2.0, 3.0, 4.0]);
    }
}
