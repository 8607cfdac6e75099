//! Matrix-product kernels for one matrix of a batch: floating types through
//! faer's gemm (packing, SIMD micro-kernels chosen at run time), integers,
//! small float matrices and matrix-vector products through a plain loop
//! (wrapping, exact, as NumPy).

use super::math::Num;
use faer::traits::ComplexField;
use faer::{Accum, MatMut, MatRef, Par};

/// A matrix inside an array's buffer: pointer to element (0, 0), shape and
/// element strides (any sign, zero for broadcast operands).
pub struct MatPtr<T> {
    pub ptr: *mut T,
    pub rows: usize,
    pub cols: usize,
    pub row_stride: isize,
    pub col_stride: isize,
}

// Copyable for any T (a derive would ask T: Copy): it is a description.
impl<T> Clone for MatPtr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for MatPtr<T> {}

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

    /// The same strides from element (`row`, `col`) on (the corner of a
    /// block; the shape is left to the caller).
    pub fn at_block(self, row: usize, col: usize) -> MatPtr<T> {
        self.at(row as isize * self.row_stride + col as isize * self.col_stride)
    }
}

/// How each float type goes through faer on one thread.
pub trait FloatProduct: ComplexField + Copy {
    /// Depth (inner dimension) of the slices a product is computed in, each
    /// added to the output. float32 uses 128: on the AVX-512 Xeon of the
    /// benchmarks, faer ran float32 products whose output rows are 1000
    /// wide at 64-105 GFLOP/s on one thread when given the whole depth
    /// (1000-2000), and at 100-150 in slices of 128 (per-thread shapes of a
    /// two-thread 1000² product: 500x1000x1000 103 -> 153, 1000x2000x1000
    /// 76 -> 105); 2000-wide outputs ran at ~140 either way (slices of 256
    /// fell to 85-95 there, 384 to 126-150). float64 and complex64 gained
    /// nothing from slicing, so they take the whole depth at once.
    const DEPTH_SLICE: usize;
}

impl FloatProduct for f32 {
    const DEPTH_SLICE: usize = 128;
}
impl FloatProduct for f64 {
    const DEPTH_SLICE: usize = usize::MAX;
}
impl FloatProduct for num_complex::Complex32 {
    const DEPTH_SLICE: usize = usize::MAX;
}
impl FloatProduct for num_complex::Complex64 {
    const DEPTH_SLICE: usize = usize::MAX;
}

/// `out = a · b` on this thread, in slices of `T::DEPTH_SLICE` of the inner
/// dimension (one call when it is not deeper).
///
/// # Safety
/// As [`float_product`].
pub unsafe fn float_product_in_slices<T: FloatProduct>(out: MatPtr<T>, a: MatPtr<T>, b: MatPtr<T>) {
    let k = a.cols;
    // At least one call (0..1 when k is 0), so an empty depth still writes
    // the zeros.
    for start in (0..k.max(1)).step_by(T::DEPTH_SLICE) {
        let depth = T::DEPTH_SLICE.min(k - start);
        let a_part = MatPtr {
            cols: depth,
            ..a.at_block(0, start)
        };
        let b_part = MatPtr {
            rows: depth,
            ..b.at_block(start, 0)
        };
        let accum = if start == 0 {
            Accum::Replace
        } else {
            Accum::Add
        };
        // SAFETY: the slices lie inside a and b.
        unsafe { float_product(out, a_part, b_part, accum, Par::Seq) };
    }
}

/// `out = a · b` (or `out += a · b` with `Accum::Add`) for f32, f64,
/// complex64 and complex128.
///
/// # Safety
/// All three descriptions must lie inside live buffers; `out` must not
/// overlap `a` or `b`, and must have distinct addresses for distinct elements.
pub unsafe fn float_product<T: ComplexField + Copy>(
    out: MatPtr<T>,
    a: MatPtr<T>,
    b: MatPtr<T>,
    accum: Accum,
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
    faer::linalg::matmul::matmul(dst, accum, lhs, rhs, T::one_impl(), par);
}

/// `out = a · b` on up to `parts` threads, each computing one block of
/// `out`'s longer side with faer on a single thread (each packs its own share
/// of the operands); one part is `float_product_in_slices` on this thread.
/// Measured here against faer's own threading (`Par::rayon`), which split 512²
/// float64 products no faster than one thread: 1000² float32 ~0.7x -> ~1.0x
/// NumPy+OpenBLAS on two threads.
///
/// # Safety
/// As [`float_product`].
pub unsafe fn float_product_in_blocks<T: FloatProduct>(
    out: MatPtr<T>,
    a: MatPtr<T>,
    b: MatPtr<T>,
    parts: usize,
) {
    let by_rows = out.rows >= out.cols;
    let len = if by_rows { out.rows } else { out.cols };
    crate::threads::run_ranges(len, parts, |block| {
        // The block's rows (or columns) of a matrix.
        let part = |x: MatPtr<T>| {
            if by_rows {
                MatPtr {
                    rows: block.len(),
                    ..x.at_block(block.start, 0)
                }
            } else {
                MatPtr {
                    cols: block.len(),
                    ..x.at_block(0, block.start)
                }
            }
        };
        let (a, b) = if by_rows { (part(a), b) } else { (a, part(b)) };
        // SAFETY: each block lies inside the caller's matrices, and the
        // output blocks are disjoint.
        unsafe { float_product_in_slices(part(out), a, b) }
    });
}

/// `out = a · b` as a plain triple loop, all three C-contiguous (`a` is n×k,
/// `b` k×m): exact wrapping arithmetic for integers, and for small float
/// matrices, where faer's per-call setup costs more than the products.
/// Row-times-row order keeps the inner loop contiguous so it vectorizes.
/// The tile shape follows the instruction set picked at run time, and in
/// the vector tiers float sums use fused multiply-adds (half the
/// instructions of a multiply and an add, one rounding, as BLAS does).
pub fn loop_product<T: Num>(out: &mut [T], a: &[T], b: &[T], k: usize, m: usize) {
    use super::loops::{best_tier, Tier};
    if m == 1 {
        return matrix_vector(out, a, b, k);
    }
    // Column strips two vectors wide, then one vector, then 8 columns, with
    // 8 (AVX-512) or 4 (AVX2) rows per tile: 16 or 8 accumulators, enough
    // independent sums for two FMA units with a latency of 4. (4 x 8 tiles
    // ran 1.6x slower on 16 x 16 float64 products.)
    let narrow = std::mem::size_of::<T>() <= 4;
    match best_tier() {
        // SAFETY: best_tier checked the CPU's features.
        #[cfg(target_arch = "x86_64")]
        Tier::Avx512 => unsafe {
            super::loops::avx512_tier(
                #[inline(always)]
                || match narrow {
                    true => product_in_tiles::<T, true, 8, 32, 16>(out, a, b, k, m),
                    false => product_in_tiles::<T, true, 8, 16, 8>(out, a, b, k, m),
                },
            )
        },
        #[cfg(target_arch = "x86_64")]
        Tier::Avx2 => unsafe {
            super::loops::avx2_tier(
                #[inline(always)]
                || match narrow {
                    true => product_in_tiles::<T, true, 4, 16, 8>(out, a, b, k, m),
                    false => product_in_tiles::<T, true, 4, 8, 8>(out, a, b, k, m),
                },
            )
        },
        _ => product_in_tiles::<T, false, 4, 8, 8>(out, a, b, k, m),
    }
}

/// `out[i] = a[i, :] · v` for a C-contiguous n×k `a`: the matrix-vector
/// case of `loop_product`, whose column tiles would all be scalar edges.
/// Rows go four at a time, so each load of `v` serves four multiply-adds
/// (five loads for four, instead of two for one), each row with its own
/// vector of partial sums. Measured on one thread, this gained little over
/// one row at a time: the loop waits on L2/L3 bandwidth for `a`, not on loads.
fn matrix_vector<T: Num>(out: &mut [T], a: &[T], v: &[T], k: usize) {
    use super::loops::{best_tier, Tier};
    // 16 lanes: one AVX-512 vector of float32, two of float64.
    match best_tier() {
        // SAFETY: best_tier checked the CPU's features.
        #[cfg(target_arch = "x86_64")]
        Tier::Avx512 => unsafe {
            super::loops::avx512_tier(
                #[inline(always)]
                || rows_dot_vector::<T, true, 16>(out, a, v, k),
            )
        },
        #[cfg(target_arch = "x86_64")]
        Tier::Avx2 => unsafe {
            super::loops::avx2_tier(
                #[inline(always)]
                || rows_dot_vector::<T, true, 8>(out, a, v, k),
            )
        },
        _ => rows_dot_vector::<T, false, 8>(out, a, v, k),
    }
}

/// Rows taken together by `rows_dot_vector`.
const MV_ROWS: usize = 4;

/// Every row's dot product with `v`, `MV_ROWS` rows at a time, `LANES` (a
/// power of two) partial sums per row.
#[inline(always)]
fn rows_dot_vector<T: Num, const FUSED: bool, const LANES: usize>(
    out: &mut [T],
    a: &[T],
    v: &[T],
    k: usize,
) {
    assert!(a.len() >= out.len() * k, "matrix-vector: a is too short");
    if k == 0 {
        return out.fill(T::default());
    }
    let v = &v[..k];
    let done = out.len() / MV_ROWS * MV_ROWS;
    for (g, o) in out[..done].chunks_exact_mut(MV_ROWS).enumerate() {
        let rows: [&[T]; MV_ROWS] = std::array::from_fn(|r| &a[(g * MV_ROWS + r) * k..][..k]);
        o.copy_from_slice(&rows_dot::<T, FUSED, LANES, MV_ROWS>(rows, v));
    }
    for (i, o) in out.iter_mut().enumerate().skip(done) {
        let [dot] = rows_dot::<T, FUSED, LANES, 1>([&a[i * k..][..k]], v);
        *o = dot;
    }
}

/// The dot products of `R` rows with `v` (all of one length). The lane loop
/// is innermost and the rows are unrolled around it, so each vector of `v`
/// is loaded once for all rows and the sums vectorise along the lanes.
#[inline(always)]
fn rows_dot<T: Num, const FUSED: bool, const LANES: usize, const R: usize>(
    rows: [&[T]; R],
    v: &[T],
) -> [T; R] {
    let mut acc = [[T::default(); LANES]; R];
    let whole = v.len() / LANES * LANES;
    for start in (0..whole).step_by(LANES) {
        let w = &v[start..start + LANES];
        let xs: [&[T]; R] = std::array::from_fn(|r| &rows[r][start..start + LANES]);
        for l in 0..LANES {
            for r in 0..R {
                acc[r][l] = multiply_add::<T, FUSED>(acc[r][l], xs[r][l], w[l]);
            }
        }
    }
    std::array::from_fn(|r| {
        let mut sum = lane_sum(acc[r]);
        for (&x, &y) in rows[r][whole..].iter().zip(&v[whole..]) {
            sum = multiply_add::<T, FUSED>(sum, x, y);
        }
        sum
    })
}

/// Sum of a power-of-two number of lanes by halving (a tree: vector adds,
/// not a chain of scalar ones). Not inlined: inside the dot product's loop
/// body this tree made LLVM vectorise the float32 multiply-adds two lanes
/// at a time (2x slower), and a scalar chain of 32 adds cost as much as
/// the loop on rows of 512.
#[inline(never)]
fn lane_sum<T: Num, const LANES: usize>(mut lanes: [T; LANES]) -> T {
    let mut width = LANES;
    while width > 1 {
        width /= 2;
        for l in 0..width {
            lanes[l] = lanes[l].add(lanes[l + width]);
        }
    }
    lanes[0]
}

/// The narrowest tile `loop_product` uses: outputs with fewer columns run
/// its scalar edge loop only.
pub const TILE_COLS: usize = 8;

/// `acc + x * y`, fused when `FUSED` (only in FMA tiers).
#[inline(always)]
fn multiply_add<T: Num, const FUSED: bool>(acc: T, x: T, y: T) -> T {
    if FUSED {
        x.mul_add_fused(y, acc)
    } else {
        acc.add(x.mul(y))
    }
}

/// The product in column strips of `WIDE`, then of `MID`, then of
/// `TILE_COLS` columns (as many of each as fit), each strip in tiles of
/// `ROWS` rows; the last columns that fill no strip take the scalar loop.
#[inline(always)]
fn product_in_tiles<
    T: Num,
    const FUSED: bool,
    const ROWS: usize,
    const WIDE: usize,
    const MID: usize,
>(
    out: &mut [T],
    a: &[T],
    b: &[T],
    k: usize,
    m: usize,
) {
    let n = out.len().checked_div(m).unwrap_or(0);
    // Once per matrix: the bounds `tile` relies on for its unchecked reads
    // and writes.
    assert!(a.len() >= n * k && b.len() >= k * m && out.len() == n * m);
    let shape = (n, k, m);
    let mut j0 = 0;
    // SAFETY (each strip): columns j0..j0 + width lie inside the output.
    while j0 + WIDE <= m {
        unsafe { column_strip::<T, FUSED, ROWS, WIDE>(out, a, b, j0, shape) };
        j0 += WIDE;
    }
    while MID < WIDE && j0 + MID <= m {
        unsafe { column_strip::<T, FUSED, ROWS, MID>(out, a, b, j0, shape) };
        j0 += MID;
    }
    while TILE_COLS < MID && j0 + TILE_COLS <= m {
        unsafe { column_strip::<T, FUSED, 4, TILE_COLS>(out, a, b, j0, shape) };
        j0 += TILE_COLS;
    }
    dot_block::<T, FUSED>(out, a, b, (0..n, j0..m), k, m);
}

/// Columns `j0..j0 + COLS` of the output: tiles of `ROWS` rows, then the
/// remaining rows one at a time (still one vector wide).
///
/// # Safety
/// `j0 + COLS <= m`, `out` is n x m, `a` holds n * k elements and `b` k * m.
#[inline(always)]
unsafe fn column_strip<T: Num, const FUSED: bool, const ROWS: usize, const COLS: usize>(
    out: &mut [T],
    a: &[T],
    b: &[T],
    j0: usize,
    (n, k, m): (usize, usize, usize),
) {
    let full_rows = n - n % ROWS;
    for i0 in (0..full_rows).step_by(ROWS) {
        // SAFETY: rows i0..i0 + ROWS <= n (the caller's contract for columns).
        unsafe { tile::<T, FUSED, ROWS, COLS>(out, a, b, (i0, j0), k, m) };
    }
    for i0 in full_rows..n {
        // SAFETY: row i0 < n.
        unsafe { tile::<T, FUSED, 1, COLS>(out, a, b, (i0, j0), k, m) };
    }
}

/// One ROWS x COLS block of `out` at (i0, j0): the accumulators are
/// fixed-size arrays, so they live in registers across the k loop.
///
/// # Safety
/// `i0 + ROWS <= n` and `j0 + COLS <= m` for the n x m output, `a` holds at
/// least n * k elements, `b` at least k * m. Reads are unchecked and walk
/// pointers: bounds checks and index arithmetic with run-time k and m kept
/// the loop from vectorising (1.6x slower) or cost a quarter of its
/// instructions.
#[inline(always)]
unsafe fn tile<T: Num, const FUSED: bool, const ROWS: usize, const COLS: usize>(
    out: &mut [T],
    a: &[T],
    b: &[T],
    (i0, j0): (usize, usize),
    k: usize,
    m: usize,
) {
    let mut acc = [[T::default(); COLS]; ROWS];
    // SAFETY (all pointer arithmetic below): a_rows + r * k + p for r < ROWS,
    // p < k stays inside a's first n * k elements; b_row + w for w < COLS
    // walks row p of b, inside its k * m elements.
    let a_rows = unsafe { a.as_ptr().add(i0 * k) };
    let mut b_row = unsafe { b.as_ptr().add(j0) };
    for p in 0..k {
        let b_part: [T; COLS] = std::array::from_fn(|w| unsafe { *b_row.add(w) });
        for (r, acc_row) in acc.iter_mut().enumerate() {
            let s = unsafe { *a_rows.add(r * k + p) };
            for (o, &v) in acc_row.iter_mut().zip(&b_part) {
                *o = multiply_add::<T, FUSED>(*o, s, v);
            }
        }
        b_row = b_row.wrapping_add(m);
    }
    for (r, acc_row) in acc.iter().enumerate() {
        out[(i0 + r) * m + j0..][..COLS].copy_from_slice(acc_row);
    }
}

/// `out[i, j] = sum over p of a[i, p] * b[p, j]` for i, j in the given ranges.
#[inline(always)]
fn dot_block<T: Num, const FUSED: bool>(
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
                sum = multiply_add::<T, FUSED>(sum, a[i * k + p], b[p * m + j]);
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
        // Every path of each tier: full tiles, single rows under the last
        // full tile, a 16-wide strip, an 8-wide strip, scalar edge columns,
        // and outputs narrower than any tile. Integers, so exact.
        for (n, k, m) in [
            (9, 5, 19),
            (13, 7, 27),
            (17, 3, 40),
            (3, 4, 8),
            (5, 6, 5),
            (9, 2, 60),
            (3, 3, 57),
        ] {
            let a: Vec<i64> = (0..n * k).map(|v| (v as i64 * 7) % 11 - 5).collect();
            let b: Vec<i64> = (0..k * m).map(|v| (v as i64 * 5) % 13 - 6).collect();
            let mut out = vec![i64::MAX; n * m];
            loop_product(&mut out, &a, &b, k, m);
            for i in 0..n {
                for j in 0..m {
                    let want: i64 = (0..k).map(|p| a[i * k + p] * b[p * m + j]).sum();
                    assert_eq!(out[i * m + j], want, "{n}x{k}x{m} at ({i}, {j})");
                }
            }
        }
    }

    #[test]
    fn loop_product_floats_match_definition_on_every_path() {
        // Small integers in floats: every partial sum is exact, so fused and
        // unfused sums agree with the definition bit for bit.
        for (n, k, m) in [(13, 7, 27), (16, 16, 16), (2, 9, 3), (9, 4, 60)] {
            let a: Vec<f64> = (0..n * k).map(|v| ((v * 7) % 11) as f64 - 5.0).collect();
            let b: Vec<f32> = (0..k * m).map(|v| ((v * 5) % 13) as f32 - 6.0).collect();
            let b64: Vec<f64> = b.iter().map(|&v| v as f64).collect();
            let a32: Vec<f32> = a.iter().map(|&v| v as f32).collect();
            let mut out = vec![f64::NAN; n * m];
            let mut out32 = vec![f32::NAN; n * m];
            loop_product(&mut out, &a, &b64, k, m);
            loop_product(&mut out32, &a32, &b, k, m);
            for i in 0..n {
                for j in 0..m {
                    let want: f64 = (0..k).map(|p| a[i * k + p] * b64[p * m + j]).sum();
                    assert_eq!(out[i * m + j], want, "{n}x{k}x{m} at ({i}, {j})");
                    assert_eq!(
                        out32[i * m + j] as f64,
                        want,
                        "f32 {n}x{k}x{m} at ({i}, {j})"
                    );
                }
            }
        }
    }

    #[test]
    fn matrix_vector_rows_and_tails_match_definition() {
        // Zero, one and several rows; lengths around every lane width (8,
        // 16, 32) and its tails; small integers in floats are exact.
        for n in [1, 3, 4, 5, 9] {
            for k in [0, 1, 7, 8, 15, 16, 17, 33, 70] {
                let a: Vec<f64> = (0..n * k).map(|x| ((x * 7) % 11) as f64 - 5.0).collect();
                let v: Vec<f64> = (0..k).map(|x| ((x * 5) % 13) as f64 - 6.0).collect();
                let a32: Vec<f32> = a.iter().map(|&x| x as f32).collect();
                let v32: Vec<f32> = v.iter().map(|&x| x as f32).collect();
                let a16: Vec<i16> = a.iter().map(|&x| x as i16).collect();
                let v16: Vec<i16> = v.iter().map(|&x| x as i16).collect();
                let (mut out, mut out32, mut out16) =
                    (vec![f64::NAN; n], vec![f32::NAN; n], vec![0i16; n]);
                loop_product(&mut out, &a, &v, k, 1);
                loop_product(&mut out32, &a32, &v32, k, 1);
                loop_product(&mut out16, &a16, &v16, k, 1);
                for i in 0..n {
                    let want: f64 = (0..k).map(|p| a[i * k + p] * v[p]).sum();
                    assert_eq!(out[i], want, "{n}x{k} row {i}");
                    assert_eq!(out32[i] as f64, want, "f32 {n}x{k} row {i}");
                    assert_eq!(out16[i] as f64, want, "i16 {n}x{k} row {i}");
                }
            }
        }
    }

    #[test]
    fn float_product_in_blocks_matches_loop_product() {
        // Tall (split by rows) and wide (split by columns) outputs, parts
        // that do and do not divide the split side, more parts than rows.
        for (n, k, m) in [(7, 5, 3), (3, 4, 10), (1, 3, 2), (9, 2, 9)] {
            let mut a: Vec<f64> = (0..n * k).map(|x| ((x * 7) % 11) as f64 - 5.0).collect();
            let mut b: Vec<f64> = (0..k * m).map(|x| ((x * 5) % 13) as f64 - 6.0).collect();
            let mut want = vec![0.0; n * m];
            loop_product(&mut want, &a, &b, k, m);
            for parts in 1..6 {
                let mut out = vec![f64::NAN; n * m];
                let mat = |p: *mut f64, rows, cols| MatPtr {
                    ptr: p,
                    rows,
                    cols,
                    row_stride: cols as isize,
                    col_stride: 1,
                };
                unsafe {
                    float_product_in_blocks(
                        mat(out.as_mut_ptr(), n, m),
                        mat(a.as_mut_ptr(), n, k),
                        mat(b.as_mut_ptr(), k, m),
                        parts,
                    )
                };
                assert_eq!(out, want, "{n}x{k}x{m} in {parts} parts");
            }
        }
    }

    #[test]
    fn float32_depth_slices_add_up_to_the_product() {
        // Depths below, at and across the 128-deep slices (one, two and
        // five slices), on one and two threads, with a transposed
        // (column-major) `a`. Small integers: every sum is exact.
        for (n, k, m) in [(3, 127, 4), (2, 128, 3), (5, 129, 7), (4, 600, 9)] {
            let a: Vec<f32> = (0..n * k).map(|x| ((x * 7) % 11) as f32 - 5.0).collect();
            let mut b: Vec<f32> = (0..k * m).map(|x| ((x * 5) % 13) as f32 - 6.0).collect();
            let mut want = vec![0.0; n * m];
            loop_product(&mut want, &a, &b, k, m);
            // The same `a` stored column-major.
            let mut a_cols = vec![0.0; n * k];
            for i in 0..n {
                for p in 0..k {
                    a_cols[p * n + i] = a[i * k + p];
                }
            }
            for parts in [1, 2] {
                let mut out = vec![f32::NAN; n * m];
                let mat = |p: *mut f32, rows, cols, row_stride, col_stride| MatPtr {
                    ptr: p,
                    rows,
                    cols,
                    row_stride,
                    col_stride,
                };
                unsafe {
                    float_product_in_blocks(
                        mat(out.as_mut_ptr(), n, m, m as isize, 1),
                        mat(a_cols.as_mut_ptr(), n, k, 1, n as isize),
                        mat(b.as_mut_ptr(), k, m, m as isize, 1),
                        parts,
                    )
                };
                assert_eq!(out, want, "{n}x{k}x{m} in {parts} parts");
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
                Accum::Replace,
                Par::Seq,
            )
        };
        assert_eq!(out, vec![1.0, 2.0, 3.0, 4.0]);
    }
}
