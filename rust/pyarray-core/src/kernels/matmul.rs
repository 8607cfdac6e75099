//! Matrix-product kernels for one matrix of a batch: floating types through
//! faer's gemm (packing, SIMD micro-kernels chosen at run time), integers and
//! small float matrices through a plain loop (wrapping, exact, as NumPy).

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

/// `out = a · b` as a plain triple loop, all three C-contiguous (`a` is n×k,
/// `b` k×m): exact wrapping arithmetic for integers, and for small float
/// matrices, where faer's per-call setup costs more than the products.
/// Row-times-row order keeps the inner loop contiguous so it vectorizes;
/// the AVX2 or AVX-512 build is picked at run time.
pub fn loop_product<T: Num>(out: &mut [T], a: &[T], b: &[T], k: usize, m: usize) {
    super::loops::in_best_tier(
        #[inline(always)]
        || loop_product_here(out, a, b, k, m),
    )
}

/// Rows and columns of the output tile `loop_product` keeps in registers:
/// 4 x 8 accumulators (8 AVX2 registers for f64, 4 for f32).
const TILE_ROWS: usize = 4;
pub const TILE_COLS: usize = 8;

#[inline(always)]
fn loop_product_here<T: Num>(out: &mut [T], a: &[T], b: &[T], k: usize, m: usize) {
    let n = out.len().checked_div(m).unwrap_or(0);
    // Once per matrix: the bounds `tile` relies on for its unchecked reads.
    assert!(a.len() >= n * k && b.len() >= k * m);
    let (full_rows, full_cols) = (n - n % TILE_ROWS, m - m % TILE_COLS);
    for j0 in (0..full_cols).step_by(TILE_COLS) {
        for i0 in (0..full_rows).step_by(TILE_ROWS) {
            // SAFETY: the tile lies inside the n x m output (i0 + TILE_ROWS
            // <= full_rows <= n, j0 + TILE_COLS <= full_cols <= m) and the
            // operand lengths were asserted above.
            unsafe { tile(out, a, b, (i0, j0), k, m) };
        }
    }
    // The edges the tiles leave: the last columns of every row, then the
    // last rows of the tiled columns.
    dot_block(out, a, b, (0..n, full_cols..m), k, m);
    dot_block(out, a, b, (full_rows..n, 0..full_cols), k, m);
}

/// One TILE_ROWS x TILE_COLS block of `out` at (i0, j0): the accumulators
/// are fixed-size arrays, so they live in registers across the k loop.
///
/// # Safety
/// `i0 + TILE_ROWS <= n` and `j0 + TILE_COLS <= m` for the n x m output, and
/// `a` holds at least n * k elements, `b` at least k * m. Reads are unchecked:
/// bounds checks with run-time k and m kept the loop from vectorising (1.6x
/// slower on 16x16 products).
#[inline(always)]
unsafe fn tile<T: Num>(
    out: &mut [T],
    a: &[T],
    b: &[T],
    (i0, j0): (usize, usize),
    k: usize,
    m: usize,
) {
    let mut acc = [[T::default(); TILE_COLS]; TILE_ROWS];
    for p in 0..k {
        // SAFETY: p < k, j0 + w < m and i0 + r < n (the caller's contract),
        // so every index is below k * m for b and below n * k for a.
        let b_part: [T; TILE_COLS] =
            std::array::from_fn(|w| unsafe { *b.get_unchecked(p * m + j0 + w) });
        for (r, acc_row) in acc.iter_mut().enumerate() {
            let s = unsafe { *a.get_unchecked((i0 + r) * k + p) };
            for (o, &v) in acc_row.iter_mut().zip(&b_part) {
                *o = o.add(s.mul(v));
            }
        }
    }
    for (r, acc_row) in acc.iter().enumerate() {
        out[(i0 + r) * m + j0..][..TILE_COLS].copy_from_slice(acc_row);
    }
}

/// `out[i, j] = sum over p of a[i, p] * b[p, j]` for i, j in the given ranges.
#[inline(always)]
fn dot_block<T: Num>(
    out: &mut [T],
    a: &[T],
    b: &[T],
    (rows, cols): (std::ops::Range<usize>, std::ops::Range<usize>),
    k: usize,
    m: usize,
) {
    for i in rows {
        for j in cols.clone() {
            let mut sum = T::default();
            for p in 0..k {
                sum = sum.add(a[i * k + p].mul(b[p * m + j]));
            }
            out[i * m + j] = sum;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_product_wraps_and_matches_definition() {
        let a: Vec<i8> = vec![100, 2, 3, 4];
        let b: Vec<i8> = vec![2, 0, 1, 1];
        let mut out = vec![0i8; 4];
        loop_product(&mut out, &a, &b, 2, 2);
        // 100*2 + 2*1 = 202 wraps to -54.
        assert_eq!(out, vec![-54, 2, 10, 4]);
        // Floats, non-square: (2x3)·(3x1).
        let mut out = vec![0.0f64; 2];
        loop_product(
            &mut out,
            &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
            &[1.0, 0.5, -1.0],
            3,
            1,
        );
        assert_eq!(out, vec![-1.0, 0.5]);
    }

    #[test]
    fn loop_product_tiles_and_edges_match_definition() {
        // 9 x 5 times 5 x 19: two row tiles plus one edge row, two column
        // tiles plus three edge columns.
        let (n, k, m) = (9, 5, 19);
        let a: Vec<i64> = (0..n * k).map(|v| (v as i64 * 7) % 11 - 5).collect();
        let b: Vec<i64> = (0..k * m).map(|v| (v as i64 * 5) % 13 - 6).collect();
        let mut out = vec![i64::MAX; n * m];
        loop_product(&mut out, &a, &b, k, m);
        for i in 0..n {
            for j in 0..m {
                let want: i64 = (0..k).map(|p| a[i * k + p] * b[p * m + j]).sum();
                assert_eq!(out[i * m + j], want, "at ({i}, {j})");
            }
        }
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
