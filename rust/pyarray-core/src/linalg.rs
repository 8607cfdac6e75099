//! The `linalg` extension: decompositions, solvers, norms and the small
//! vector/matrix helpers (diagonal, trace, outer, cross).
//!
//! Dense numerics run on faer (pure Rust, runtime SIMD dispatch, no system
//! BLAS/LAPACK). Every function walks a stack of matrices the same way
//! (`Stack` for inputs, `Output` for results, `for_each_matrix` for the loop):
//! faer reads each input matrix in place through its strides, and writes into
//! fresh C-contiguous arrays, one matrix per batch element. Halves compute in
//! float32 and round back; integers and bool compute in float64 (NumPy's choice).

use crate::array::Array;
use crate::dtype::{DType, Element, Scalar};
use crate::error::{Error, Result};
use crate::kernels::small_cholesky;
use crate::kernels::small_lu::{self, SmallLu};
use crate::manipulation::{broadcast_all, normalize_axis};
use crate::statistical::{prepare, reduced_shape, sum_prod, Lanes};
use crate::{type_err, value_err};
use faer::linalg::solvers::{DenseSolveCore, PartialPivLu, Solve};
use faer::traits::math_utils::real;
use faer::traits::{ComplexField, Conjugate};
use faer::{Accum, Mat, MatMut, MatRef, Side};
use num_complex::{Complex, Complex32, Complex64};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

/// The element types faer computes in: f32, f64, complex64, complex128.
pub trait Field: Element + ComplexField + num_traits::NumAssign {
    /// The real element type (the type of singular values and eigenvalues of
    /// Hermitian matrices).
    type Re: Element;
    /// The complex element type of the same precision (eigenvalues of general
    /// matrices).
    type Cx: Element;
    /// faer's real type as ours (they are the same type).
    fn as_real(r: Self::Real) -> Self::Re;
    /// faer's complex type as ours (they are the same type).
    fn as_complex(c: Complex<Self::Real>) -> Self::Cx;
}

macro_rules! impl_field {
    ($($t:ty => $r:ty, $c:ty);*) => {$(
        impl Field for $t {
            type Re = $r;
            type Cx = $c;
            #[inline(always)]
            fn as_real(r: $r) -> $r { r }
            #[inline(always)]
            fn as_complex(c: $c) -> $c { c }
        }
    )*};
}
impl_field! {
    f32 => f32, Complex32;
    f64 => f64, Complex64;
    Complex32 => f32, Complex32;
    Complex64 => f64, Complex64
}

/// Run `$body` with `$T` the `Field` type of a compute dtype.
macro_rules! fields {
    ($d:expr, $T:ident => $body:expr) => {
        dispatch_only!($d, $T => $body, type_err!("linear algebra does not support dtype {}", $d),
            [Float32: f32, Float64: f64, Complex64: Complex32, Complex128: Complex64])
    };
}

/// The dtype a routine computes in for input of dtype `d`.
pub fn compute_dtype(d: DType) -> DType {
    match d {
        d if d.is_float() => d.widen_half(),
        _ => DType::Float64,
    }
}

/// A float32 result of half-precision input rounds back to the input dtype.
fn finish(out: Array, input: DType) -> Result<Array> {
    match input {
        DType::Float16 | DType::BFloat16 if out.dtype() == DType::Float32 => out.astype(input),
        _ => Ok(out),
    }
}

/// `x` in its compute dtype, readable in place by faer (a copy only when the
/// dtype changes or the data is misaligned, e.g. a foreign buffer).
fn compute_input(x: &Array) -> Result<Array> {
    let c = compute_dtype(x.dtype());
    let aligned = (x.data_ptr() as usize).is_multiple_of(c.alignment());
    if c == x.dtype() && aligned {
        Ok(x.clone())
    } else {
        x.astype(c)
    }
}

/// Check that `x` is a stack of matrices (square if asked); returns (rows, cols).
fn matrix_dims(x: &Array, name: &str, square: bool) -> Result<(usize, usize)> {
    let n = x.ndim();
    if n < 2 {
        return value_err!("{name} needs an array of at least two dimensions, got {n}");
    }
    let (r, c) = (x.shape()[n - 2], x.shape()[n - 1]);
    if square && r != c {
        return value_err!("{name} needs square matrices, got shape {:?}", x.shape());
    }
    Ok((r, c))
}

fn linalg_err<T>(msg: &str) -> Result<T> {
    Err(Error::LinAlg(msg.into()))
}

// ---------------------------------------------------------------------------
// The batch machinery

/// Element offsets of the first element of each batch entry (C order over the
/// leading `batch.len()` axes; zero strides repeat broadcast matrices).
fn batch_offsets(x: &Array, batch: &[usize]) -> Vec<isize> {
    crate::layout::element_offsets(batch, &x.strides()[..batch.len()])
}

/// A stack of input matrices (the last two axes), read in place.
struct Stack {
    x: Array,
    rows: usize,
    cols: usize,
    offsets: Vec<isize>,
}

impl Stack {
    /// `x` (in a compute dtype) broadcast to `batch` + its own matrix shape.
    fn new(x: &Array, batch: &[usize]) -> Result<Stack> {
        let n = x.ndim();
        let (rows, cols) = (x.shape()[n - 2], x.shape()[n - 1]);
        let shape: Vec<usize> = batch.iter().copied().chain([rows, cols]).collect();
        let x = x.broadcast_to(&shape)?;
        let offsets = batch_offsets(&x, batch);
        Ok(Stack {
            x,
            rows,
            cols,
            offsets,
        })
    }

    /// Matrix `b` of the stack as a faer view over the array's own memory.
    fn mat<T: Field>(&self, b: usize) -> MatRef<'_, T> {
        debug_assert_eq!(T::DTYPE, self.x.dtype());
        let n = self.x.ndim();
        let (rs, cs) = (self.x.strides()[n - 2], self.x.strides()[n - 1]);
        let ptr = (self.x.data_ptr() as *const T).wrapping_offset(self.offsets[b]);
        // SAFETY: the dtype matches, the data is aligned (`compute_input`), the
        // view lies inside the array (same shape and strides) and nothing
        // writes to it while `self` is borrowed.
        unsafe { MatRef::from_raw_parts(ptr, self.rows, self.cols, rs, cs) }
    }
}

/// A fresh C-contiguous result of shape `batch + core`; each batch entry is
/// written by exactly one call of the batch loop.
struct Output {
    array: Array,
    per: usize,
}

impl Output {
    fn new(dtype: DType, batch: &[usize], core: &[usize]) -> Result<Output> {
        let shape: Vec<usize> = batch.iter().chain(core).copied().collect();
        Ok(Output {
            array: Array::zeros(dtype, &shape)?,
            per: core.iter().product(),
        })
    }

    /// Entry `b` as a row-major `rows × cols` matrix.
    ///
    /// # Safety
    /// `U` is the output's element type, `rows * cols == per`, and no other
    /// reference to entry `b` is alive.
    #[allow(clippy::mut_from_ref)]
    unsafe fn mat<U: Element>(&self, b: usize, rows: usize, cols: usize) -> MatMut<'_, U> {
        debug_assert!(U::DTYPE == self.array.dtype() && rows * cols == self.per);
        let ptr = (self.array.data_ptr() as *mut U).add(b * self.per);
        MatMut::from_raw_parts_mut(ptr, rows, cols, cols as isize, 1)
    }

    /// Entry `b` as a slice (same contract as `mat`).
    #[allow(clippy::mut_from_ref)]
    unsafe fn slice<U: Element>(&self, b: usize) -> &mut [U] {
        debug_assert!(U::DTYPE == self.array.dtype());
        let ptr = (self.array.data_ptr() as *mut U).add(b * self.per);
        std::slice::from_raw_parts_mut(ptr, self.per)
    }
}

/// Work (in flops, roughly) above which a batch runs across threads: a
/// hand-off to a sleeping worker costs ~10-15 µs, so only batches worth
/// well over that (~150 µs and up) are split.
const PARALLEL_WORK: usize = 1 << 19;

/// Fixed work of every batch entry, in the same units: the call, views and
/// checks around each small matrix (an 8×8 inverse, ~500 flops, took
/// ~1.2 µs on one thread).
const ENTRY_WORK: usize = 1000;

/// Work of one matrix (in flops, roughly) from which faer's own threads
/// factor it. Measured on the 2-vCPU VM (one call from Python, medians of
/// 15): at 500² faer on rayon was slower than on one thread (det 8.5 vs
/// 5.0 ms, qr 26-35 vs 16-19 ms, solve 7.6-8.0 vs 5.1-6.6 ms), at 1200²
/// faster (svd 644 vs 1107 ms, eigh 275 vs 391, det 28 vs 53); an 8×8
/// inverse took 40-60 µs on rayon against 4-7 µs on one thread.
const FAER_PARALLEL_WORK: usize = 1000 * 1000 * 1000;

/// The parallelism faer's solvers (which read a process-wide setting) use
/// for a batch of `count` matrices of `cost` each: its threads only for a
/// single large matrix; a batch is split across threads by
/// [`for_each_matrix`] itself. Two Python threads in linear algebra at
/// once can run each other's choice: only their speed differs.
fn faer_parallelism(count: usize, cost: usize) -> faer::Par {
    if count == 1 && cost >= FAER_PARALLEL_WORK {
        faer::Par::rayon(0)
    } else {
        faer::Par::Seq
    }
}

/// Call `f(b)` for every batch entry, across threads when the batch is large;
/// `cost` is the work per entry. The first error wins. A panic inside faer
/// becomes a LinAlgError instead of unwinding into Python.
fn for_each_matrix(
    count: usize,
    cost: usize,
    f: impl Fn(usize) -> Result<()> + Sync + Send,
) -> Result<()> {
    faer::set_global_parallelism(faer_parallelism(count, cost));
    let guarded = |b: usize| {
        catch_unwind(AssertUnwindSafe(|| f(b)))
            .unwrap_or_else(|_| linalg_err("internal error in the linear algebra routine"))
    };
    if count > 1 && count.saturating_mul(cost.saturating_add(ENTRY_WORK)) >= PARALLEL_WORK {
        // Runs of entries shared out across threads, each stopping at its
        // first error; the error of the lowest entry is returned, as on one
        // thread.
        let first_error: Mutex<Option<(usize, Error)>> = Mutex::new(None);
        let parts = crate::threads::balanced_parts(count, 1);
        crate::threads::run_ranges(count, parts, |mut entries| {
            let start = entries.start;
            if let Err(e) = entries.try_for_each(&guarded) {
                let mut first = first_error.lock().unwrap_or_else(|p| p.into_inner());
                if first.as_ref().is_none_or(|(at, _)| start < *at) {
                    *first = Some((start, e));
                }
            }
        });
        match first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    } else {
        (0..count).try_for_each(guarded)
    }
}

fn cube(n: usize) -> usize {
    n.saturating_mul(n).saturating_mul(n)
}

/// The batch shape (all but the last two axes).
fn batch_of(x: &Array) -> Vec<usize> {
    x.shape()[..x.ndim() - 2].to_vec()
}

fn is_finite<T: Element>(v: T) -> bool {
    match v.to_scalar() {
        Scalar::Complex(c) => c.re.is_finite() && c.im.is_finite(),
        s => s.as_f64().is_finite(),
    }
}

/// Iterative decompositions reject inf/NaN up front (as NumPy's eig does)
/// instead of iterating on garbage. Entries near the square root of the
/// largest (or smallest) float overflow (underflow) when squared, so such a
/// matrix is divided by a power of two `c` near its largest modulus first, as
/// LAPACK does; returns the scaled copy (None when no scaling is needed) and
/// `c`, by which singular values and eigenvalues are multiplied back.
fn balance<T: Field>(m: MatRef<'_, T>) -> Result<(Option<Mat<T>>, f64)> {
    let mut amax = 0.0f64;
    for j in 0..m.ncols() {
        for i in 0..m.nrows() {
            let v = m[(i, j)];
            if !is_finite(v) {
                return linalg_err("array must not contain infs or NaNs");
            }
            amax = amax.max(abs_f64(v));
        }
    }
    let limit = if T::DTYPE.real_dtype() == DType::Float32 {
        2f64.powi(32)
    } else {
        2f64.powi(256)
    };
    if amax == 0.0 || (amax < limit && amax > 1.0 / limit) {
        return Ok((None, 1.0));
    }
    let c = 2f64.powi(amax.log2().round() as i32);
    // Divide in double precision: 1/c may not be representable in float32.
    let scaled = Mat::from_fn(m.nrows(), m.ncols(), |i, j| {
        scalar_of::<T>(m[(i, j)].to_scalar().as_complex() / c)
    });
    Ok((Some(scaled), c))
}

/// `f(matrix, c)` on the balanced form of `m` (see `balance`).
fn balanced<T: Field, R>(
    m: MatRef<'_, T>,
    f: impl FnOnce(MatRef<'_, T>, f64) -> Result<R>,
) -> Result<R> {
    let (scaled, c) = balance(m)?;
    match &scaled {
        Some(s) => f(s.as_ref(), c),
        None => f(m, 1.0),
    }
}

/// A real value of `T`'s real type, times `c`.
fn rescaled<T: Field>(v: T::Real, c: f64) -> <T as Field>::Re {
    real_of(T::as_real(v).to_scalar().as_f64() * c)
}

/// A complex value of `T`'s precision, times `c`.
fn rescaled_complex<T: Field>(v: Complex<T::Real>, c: f64) -> <T as Field>::Cx {
    scalar_of(T::as_complex(v).to_scalar().as_complex() * c)
}

fn abs_f64<T: Element>(v: T) -> f64 {
    match v.to_scalar() {
        Scalar::Complex(c) => c.norm(),
        s => s.as_f64().abs(),
    }
}

fn scalar_of<T: Element>(v: Complex64) -> T {
    T::from_scalar(Scalar::Complex(v))
}

fn real_of<T: Element>(v: f64) -> T {
    T::from_scalar(Scalar::Float(v))
}

/// One matrix-returning routine over a square stack: `f` writes matrix `b`'s
/// result (same shape) into the output.
fn map_square(
    x: &Array,
    name: &str,
    f: impl Fn(DType, &Stack, &Output, usize) -> Result<()> + Sync + Send,
) -> Result<Array> {
    let (n, _) = matrix_dims(x, name, true)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let out = Output::new(a.dtype(), &batch, &[n, n])?;
    let count = stack.offsets.len();
    for_each_matrix(count, cube(n), |b| f(a.dtype(), &stack, &out, b))?;
    finish(out.array, x.dtype())
}

// ---------------------------------------------------------------------------
// LU: inv, solve, det, slogdet

/// LU factors with partial pivoting: small matrices by the stack-held
/// `SmallLu`, larger ones by faer.
enum Lu<T: Field> {
    Small(SmallLu<T>),
    Faer(PartialPivLu<T>),
}

impl<T: Field> Lu<T> {
    fn new(a: MatRef<'_, T>) -> Self {
        if a.nrows() <= small_lu::MAX {
            Lu::Small(SmallLu::new(a))
        } else {
            Lu::Faer(PartialPivLu::new(a))
        }
    }

    fn order(&self) -> usize {
        match self {
            Lu::Small(lu) => lu.order(),
            Lu::Faer(lu) => lu.U().nrows(),
        }
    }

    /// Entry `i` of U's diagonal.
    fn diagonal(&self, i: usize) -> T {
        match self {
            Lu::Small(lu) => lu.diagonal(i),
            Lu::Faer(lu) => lu.U()[(i, i)],
        }
    }

    /// U's diagonal as complex128 values (for det and slogdet).
    fn diagonal_values(&self) -> impl Iterator<Item = Complex64> + '_ {
        (0..self.order()).map(|i| self.diagonal(i).to_scalar().as_complex())
    }

    /// -1 for an odd row permutation, else 1.
    fn permutation_sign(&self) -> f64 {
        match self {
            Lu::Small(lu) => lu.permutation_sign(),
            Lu::Faer(lu) => permutation_sign(lu.P().arrays().0),
        }
    }

    /// Overwrite `b` with `A⁻¹·b`.
    fn solve_in_place(&self, b: MatMut<'_, T>) {
        match self {
            Lu::Small(lu) => lu.solve_in_place(b),
            Lu::Faer(lu) => lu.solve_in_place(b),
        }
    }

    fn inverse_into(&self, out: MatMut<'_, T>) {
        match self {
            Lu::Small(lu) => lu.inverse_into(out),
            Lu::Faer(lu) => { out }.copy_from(lu.inverse()),
        }
    }

    fn inverse(&self) -> Mat<T> {
        let n = self.order();
        let mut out = Mat::zeros(n, n);
        self.inverse_into(out.as_mut());
        out
    }
}

/// LU factors of `a`; LinAlgError when a pivot is exactly zero (singular).
fn lu_nonsingular<T: Field>(a: MatRef<'_, T>) -> Result<Lu<T>> {
    let lu = Lu::new(a);
    if (0..lu.order()).any(|i| lu.diagonal(i) == T::default()) {
        return linalg_err("singular matrix");
    }
    Ok(lu)
}

/// Inverse of each square matrix; LinAlgError for singular ones.
pub fn inv(x: &Array) -> Result<Array> {
    map_square(x, "inv", |d, stack, out, b| {
        fields!(d, T => {
            let lu = lu_nonsingular(stack.mat::<T>(b))?;
            let n = stack.rows;
            // SAFETY: entry b is written only here; T is the output dtype.
            lu.inverse_into(unsafe { out.mat::<T>(b, n, n) });
            Ok(())
        })
    })
}

/// Solve `x1 · x = x2`. `x2` is a stack of vectors only when it is 1-D, else
/// a stack of matrices; batch dimensions broadcast.
pub fn solve(x1: &Array, x2: &Array) -> Result<Array> {
    let (n, _) = matrix_dims(x1, "solve", true)?;
    let vector = x2.ndim() == 1;
    let rhs = if vector {
        x2.reshape(&[x2.size(), 1])?
    } else {
        x2.clone()
    };
    if rhs.ndim() < 2 || rhs.shape()[rhs.ndim() - 2] != n {
        return value_err!(
            "solve: x2 of shape {:?} does not match x1 of shape {:?}",
            x2.shape(),
            x1.shape()
        );
    }
    let compute = compute_dtype(crate::dtype::promote(
        compute_dtype(x1.dtype()),
        compute_dtype(x2.dtype()),
    ));
    let a = compute_input(&x1.to_dtype(compute)?)?;
    let bm = compute_input(&rhs.to_dtype(compute)?)?;
    let batch = broadcast_all(&[&batch_of(&a), &batch_of(&bm)])?;
    let k = bm.shape()[bm.ndim() - 1];
    let (sa, sb) = (Stack::new(&a, &batch)?, Stack::new(&bm, &batch)?);
    let out = Output::new(compute, &batch, &[n, k])?;
    let count = sa.offsets.len();
    for_each_matrix(count, cube(n) + n * n * k, |b| {
        fields!(compute, T => {
            let lu = lu_nonsingular(sa.mat::<T>(b))?;
            // SAFETY: entry b is written only here; T is the output dtype.
            let mut dst = unsafe { out.mat::<T>(b, n, k) };
            dst.copy_from(sb.mat::<T>(b));
            lu.solve_in_place(dst);
            Ok(())
        })
    })?;
    let result = if vector {
        let shape: Vec<usize> = batch.iter().copied().chain([n]).collect();
        out.array.reshape(&shape)?
    } else {
        out.array
    };
    let input = if x1.dtype() == x2.dtype() {
        x1.dtype()
    } else {
        compute
    };
    finish(result, input)
}

/// Sign (+1/-1) of a permutation given as an index array.
fn permutation_sign(p: &[usize]) -> f64 {
    let mut seen = vec![false; p.len()];
    let mut sign = 1.0;
    for start in 0..p.len() {
        let mut len = 0;
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            i = p[i];
            len += 1;
        }
        if len > 0 && len % 2 == 0 {
            sign = -sign;
        }
    }
    sign
}

/// Determinant of each square matrix.
pub fn det(x: &Array) -> Result<Array> {
    let (n, _) = matrix_dims(x, "det", true)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let out = Output::new(a.dtype(), &batch, &[])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), cube(n), |b| {
        let lu = Lu::new(stack.mat::<T>(b));
        let det = lu
            .diagonal_values()
            .fold(Complex64::new(lu.permutation_sign(), 0.0), |acc, d| acc * d);
        // SAFETY: entry b is written only here.
        let dst = unsafe { out.slice::<T>(b) };
        dst[0] = scalar_of(det);
        Ok(())
    }))?;
    finish(out.array, x.dtype())
}

/// Sign (unit modulus, 0 for singular) and log of the absolute value of the
/// determinant of each square matrix.
pub fn slogdet(x: &Array) -> Result<(Array, Array)> {
    let (n, _) = matrix_dims(x, "slogdet", true)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let signs = Output::new(a.dtype(), &batch, &[])?;
    let logs = Output::new(a.dtype().real_dtype(), &batch, &[])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), cube(n), |b| {
        let lu = Lu::new(stack.mat::<T>(b));
        let (mut s, mut log) = (Complex64::new(lu.permutation_sign(), 0.0), 0.0f64);
        for d in lu.diagonal_values() {
            let m = d.norm();
            if m == 0.0 {
                (s, log) = (Complex64::new(0.0, 0.0), f64::NEG_INFINITY);
                break;
            }
            s *= d / m;
            log += m.ln();
        }
        // SAFETY: entry b of each output is written only here.
        unsafe {
            signs.slice::<T>(b)[0] = scalar_of(s);
            logs.slice::<<T as Field>::Re>(b)[0] = real_of(log);
        }
        Ok(())
    }))?;
    Ok((
        finish(signs.array, x.dtype())?,
        finish(logs.array, x.dtype())?,
    ))
}

// ---------------------------------------------------------------------------
// Cholesky, QR

/// Cholesky factor of each Hermitian positive-definite matrix: lower `L`
/// with `x = L Lᴴ`, or upper `U = Lᴴ` with `x = Uᴴ U`. Only the lower
/// triangle of `x` is read. LinAlgError when a matrix is not positive definite.
/// Matrices up to `small_cholesky::MAX` are factored on the stack, larger
/// ones by faer.
pub fn cholesky(x: &Array, upper: bool) -> Result<Array> {
    map_square(x, "cholesky", |d, stack, out, b| {
        fields!(d, T => {
            let n = stack.rows;
            // SAFETY: entry b is written only here; T is the output dtype.
            let dst = unsafe { out.mat::<T>(b, n, n) };
            if n <= small_cholesky::MAX {
                return small_cholesky::cholesky_into(stack.mat::<T>(b), dst, upper)
                    .or_else(|_| linalg_err("matrix is not positive definite"));
            }
            let llt = stack
                .mat::<T>(b)
                .llt(Side::Lower)
                .or_else(|_| linalg_err("matrix is not positive definite"))?;
            if upper {
                { dst }.copy_from(llt.L().adjoint());
            } else {
                { dst }.copy_from(llt.L());
            }
            Ok(())
        })
    })
}

/// QR decomposition of each matrix: `reduced` gives Q (M×K) and R (K×N) with
/// K = min(M, N); otherwise Q is M×M and R is M×N.
pub fn qr(x: &Array, reduced: bool) -> Result<(Array, Array)> {
    let (m, n) = matrix_dims(x, "qr", false)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let k = if reduced { m.min(n) } else { m };
    let q_out = Output::new(a.dtype(), &batch, &[m, k])?;
    let r_out = Output::new(a.dtype(), &batch, &[k, n])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), m * n * m.min(n), |b| {
        let qr = stack.mat::<T>(b).qr();
        let q = if reduced { qr.compute_thin_Q() } else { qr.compute_Q() };
        // R's rows below min(M, N) are zero: the output starts zeroed.
        let r = qr.thin_R();
        // SAFETY: entry b of each output is written only here.
        unsafe {
            q_out.mat::<T>(b, m, k).copy_from(q);
            r_out
                .mat::<T>(b, k, n)
                .subrows_mut(0, r.nrows())
                .copy_from(r);
        }
        Ok(())
    }))?;
    Ok((
        finish(q_out.array, x.dtype())?,
        finish(r_out.array, x.dtype())?,
    ))
}

// ---------------------------------------------------------------------------
// SVD and what builds on it

/// Singular value decomposition `x = U · diag(S) · Vh`; `full_matrices`
/// gives square U (M×M) and Vh (N×N), else U is M×K and Vh K×N.
pub fn svd(x: &Array, full_matrices: bool) -> Result<(Array, Array, Array)> {
    let (m, n) = matrix_dims(x, "svd", false)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let k = m.min(n);
    let (ku, kv) = if full_matrices { (m, n) } else { (k, k) };
    let d = a.dtype();
    let u_out = Output::new(d, &batch, &[m, ku])?;
    let s_out = Output::new(d.real_dtype(), &batch, &[k])?;
    let vh_out = Output::new(d, &batch, &[kv, n])?;
    fields!(d, T => for_each_matrix(stack.offsets.len(), m * n * k, |b| {
        balanced(stack.mat::<T>(b), |mat, c| {
        let svd = if full_matrices { mat.svd() } else { mat.thin_svd() }
            .or_else(|_| linalg_err("SVD did not converge"))?;
        // SAFETY: entry b of each output is written only here.
        unsafe {
            u_out.mat::<T>(b, m, ku).copy_from(svd.U());
            vh_out.mat::<T>(b, kv, n).copy_from(svd.V().adjoint());
            let s = s_out.slice::<<T as Field>::Re>(b);
            for (i, v) in s.iter_mut().enumerate() {
                *v = rescaled::<T>(real(&svd.S()[i]), c);
            }
        }
        Ok(())
        })
    }))?;
    Ok((
        finish(u_out.array, x.dtype())?,
        finish(s_out.array, x.dtype())?,
        finish(vh_out.array, x.dtype())?,
    ))
}

/// Singular values of one matrix, in f64, descending.
fn singular_values<T: Field>(m: MatRef<'_, T>) -> Result<Vec<f64>> {
    balanced(m, |m, c| {
        let s = m
            .singular_values()
            .or_else(|_| linalg_err("SVD did not converge"))?;
        Ok(s.into_iter()
            .map(|v| T::as_real(v).to_scalar().as_f64() * c)
            .collect())
    })
}

/// Singular values of each matrix, descending.
pub fn svdvals(x: &Array) -> Result<Array> {
    let (m, n) = matrix_dims(x, "svdvals", false)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let k = m.min(n);
    let out = Output::new(a.dtype().real_dtype(), &batch, &[k])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), m * n * k, |b| {
        let s = singular_values(stack.mat::<T>(b))?;
        // SAFETY: entry b is written only here.
        let dst = unsafe { out.slice::<<T as Field>::Re>(b) };
        dst.iter_mut().zip(s).for_each(|(d, v)| *d = real_of(v));
        Ok(())
    }))?;
    finish(out.array, x.dtype())
}

/// Relative tolerances per batch entry: the given ones (a float, or an array
/// broadcast against the batch shape) or max(M, N) · eps of the compute dtype.
fn tolerances(
    rtol: Option<&Array>,
    batch: &[usize],
    m: usize,
    n: usize,
    d: DType,
) -> Result<Vec<f64>> {
    let count: usize = batch.iter().product();
    let Some(rtol) = rtol else {
        let eps = if d.real_dtype() == DType::Float32 {
            f32::EPSILON as f64
        } else {
            f64::EPSILON
        };
        return Ok(vec![m.max(n) as f64 * eps; count]);
    };
    if rtol.dtype().is_complex() {
        return type_err!("rtol must be real, got {}", rtol.dtype());
    }
    let full = rtol.broadcast_to(batch).map_err(|_| {
        Error::Value(format!(
            "rtol of shape {:?} does not broadcast to the batch shape {batch:?}",
            rtol.shape()
        ))
    })?;
    Ok(full.to_scalars().into_iter().map(|s| s.as_f64()).collect())
}

/// Number of singular values above `rtol · max(S)` for each matrix (int64).
pub fn matrix_rank(x: &Array, rtol: Option<&Array>) -> Result<Array> {
    let (m, n) = matrix_dims(x, "matrix_rank", false)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let tol = tolerances(rtol, &batch, m, n, a.dtype())?;
    let stack = Stack::new(&a, &batch)?;
    let out = Output::new(DType::Int64, &batch, &[])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), m * n * m.min(n), |b| {
        let s = singular_values(stack.mat::<T>(b))?;
        let cutoff = tol[b] * s.first().copied().unwrap_or(0.0);
        // SAFETY: entry b is written only here.
        let dst = unsafe { out.slice::<i64>(b) };
        dst[0] = s.iter().filter(|&&v| v > cutoff).count() as i64;
        Ok(())
    }))?;
    Ok(out.array)
}

/// `a · b` with faer's matrix product.
/// Either factor may be a conjugated view (e.g. an adjoint).
fn product<T, L, R>(a: MatRef<'_, L>, b: MatRef<'_, R>) -> Mat<T>
where
    T: Field,
    L: Conjugate<Canonical = T>,
    R: Conjugate<Canonical = T>,
{
    let mut out = Mat::zeros(a.nrows(), b.ncols());
    faer::linalg::matmul::matmul(
        out.as_mut(),
        Accum::Replace,
        a,
        b,
        <T as num_traits::One>::one(),
        faer::get_global_parallelism(),
    );
    out
}

/// Moore–Penrose pseudo-inverse of each matrix (N×M for M×N input), from the
/// SVD with singular values at or below `rtol · max(S)` treated as zero.
pub fn pinv(x: &Array, rtol: Option<&Array>) -> Result<Array> {
    let (m, n) = matrix_dims(x, "pinv", false)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let tol = tolerances(rtol, &batch, m, n, a.dtype())?;
    let stack = Stack::new(&a, &batch)?;
    let out = Output::new(a.dtype(), &batch, &[n, m])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), m * n * m.min(n), |b| {
        balanced(stack.mat::<T>(b), |mat, c| {
        let svd = mat.thin_svd().or_else(|_| linalg_err("SVD did not converge"))?;
        let s: Vec<f64> = (0..m.min(n))
            .map(|i| T::as_real(real(&svd.S()[i])).to_scalar().as_f64() * c)
            .collect();
        let cutoff = tol[b] * s.first().copied().unwrap_or(0.0);
        // V · diag(1/S) with the small singular values dropped, then · Uᴴ.
        let mut v = svd.V().to_owned();
        for (j, &sv) in s.iter().enumerate() {
            let scale: T = real_of(if sv > cutoff { 1.0 / sv } else { 0.0 });
            for i in 0..n {
                v[(i, j)] *= scale;
            }
        }
        // SAFETY: entry b is written only here; T is the output dtype.
        unsafe { out.mat::<T>(b, n, m) }.copy_from(product(v.as_ref(), svd.U().adjoint()));
        Ok(())
        })
    }))?;
    finish(out.array, x.dtype())
}

/// `x` raised to the integer power `n` (matrix product); n = 0 gives the
/// identity, negative n the power of the inverse. Integer input keeps its
/// dtype for n ≥ 0 (computed in float64).
pub fn matrix_power(x: &Array, n: i64) -> Result<Array> {
    let (k, _) = matrix_dims(x, "matrix_power", true)?;
    if x.dtype().is_bool() {
        return type_err!("matrix_power does not support bool input");
    }
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let out = Output::new(a.dtype(), &batch, &[k, k])?;
    let steps = 64 - n.unsigned_abs().leading_zeros() as usize;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), cube(k) * (steps + 1), |b| {
        let mat = stack.mat::<T>(b);
        let base = if n < 0 { lu_nonsingular(mat)?.inverse() } else { mat.to_owned() };
        // SAFETY: entry b is written only here; T is the output dtype.
        unsafe { out.mat::<T>(b, k, k) }.copy_from(power(base, n.unsigned_abs()));
        Ok(())
    }))?;
    let result = finish(out.array, x.dtype())?;
    if x.dtype().is_integer() && n >= 0 {
        result.astype(x.dtype())
    } else {
        Ok(result)
    }
}

/// `base^e` by repeated squaring.
fn power<T: Field>(base: Mat<T>, e: u64) -> Mat<T> {
    let mut result: Option<Mat<T>> = None;
    let mut square = base;
    let mut e = e;
    while e > 0 {
        if e & 1 == 1 {
            result = Some(match result {
                None => square.clone(),
                Some(r) => product(r.as_ref(), square.as_ref()),
            });
        }
        e >>= 1;
        if e > 0 {
            square = product(square.as_ref(), square.as_ref());
        }
    }
    result.unwrap_or_else(|| Mat::identity(square.nrows(), square.ncols()))
}

// ---------------------------------------------------------------------------
// Eigenvalues

/// Eigenvalues (ascending, real) and orthonormal eigenvectors (columns) of
/// each Hermitian matrix; only the lower triangle is read.
pub fn eigh(x: &Array) -> Result<(Array, Array)> {
    let (n, _) = matrix_dims(x, "eigh", true)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let d = a.dtype();
    let w_out = Output::new(d.real_dtype(), &batch, &[n])?;
    let v_out = Output::new(d, &batch, &[n, n])?;
    fields!(d, T => for_each_matrix(stack.offsets.len(), cube(n), |b| {
        balanced(stack.mat::<T>(b), |mat, c| {
        let evd = mat
            .self_adjoint_eigen(Side::Lower)
            .or_else(|_| linalg_err("eigenvalues did not converge"))?;
        // SAFETY: entry b of each output is written only here.
        unsafe {
            v_out.mat::<T>(b, n, n).copy_from(evd.U());
            for (i, w) in w_out.slice::<<T as Field>::Re>(b).iter_mut().enumerate() {
                *w = rescaled::<T>(real(&evd.S()[i]), c);
            }
        }
        Ok(())
        })
    }))?;
    Ok((
        finish(w_out.array, x.dtype())?,
        finish(v_out.array, x.dtype())?,
    ))
}

/// Eigenvalues (ascending, real) of each Hermitian matrix.
pub fn eigvalsh(x: &Array) -> Result<Array> {
    let (n, _) = matrix_dims(x, "eigvalsh", true)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let out = Output::new(a.dtype().real_dtype(), &batch, &[n])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), cube(n), |b| {
        balanced(stack.mat::<T>(b), |mat, c| {
        let w = mat
            .self_adjoint_eigenvalues(Side::Lower)
            .or_else(|_| linalg_err("eigenvalues did not converge"))?;
        // SAFETY: entry b is written only here.
        let dst = unsafe { out.slice::<<T as Field>::Re>(b) };
        dst.iter_mut().zip(w).for_each(|(d, v)| *d = rescaled::<T>(v, c));
        Ok(())
        })
    }))?;
    finish(out.array, x.dtype())
}

/// Eigenvalues and eigenvectors (columns, unit norm) of each general square
/// matrix; always complex.
pub fn eig(x: &Array) -> Result<(Array, Array)> {
    let (n, _) = matrix_dims(x, "eig", true)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let c = a.dtype().complex_dtype();
    let w_out = Output::new(c, &batch, &[n])?;
    let v_out = Output::new(c, &batch, &[n, n])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), cube(n), |b| {
        balanced(stack.mat::<T>(b), |mat, c| {
        let evd = mat.eigen().or_else(|_| linalg_err("eigenvalues did not converge"))?;
        // SAFETY: entry b of each output is written only here.
        unsafe {
            let (u, s) = (evd.U(), evd.S());
            let v = v_out.mat::<<T as Field>::Cx>(b, n, n);
            let mut v = v;
            for j in 0..n {
                for i in 0..n {
                    v[(i, j)] = T::as_complex(u[(i, j)]);
                }
            }
            for (i, w) in w_out.slice::<<T as Field>::Cx>(b).iter_mut().enumerate() {
                *w = rescaled_complex::<T>(s[i], c);
            }
        }
        Ok(())
        })
    }))?;
    Ok((w_out.array, v_out.array))
}

/// Eigenvalues of each general square matrix; always complex.
pub fn eigvals(x: &Array) -> Result<Array> {
    let (n, _) = matrix_dims(x, "eigvals", true)?;
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let out = Output::new(a.dtype().complex_dtype(), &batch, &[n])?;
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), cube(n), |b| {
        balanced(stack.mat::<T>(b), |mat, c| {
        let w = mat
            .eigenvalues()
            .or_else(|_| linalg_err("eigenvalues did not converge"))?;
        // SAFETY: entry b is written only here.
        let dst = unsafe { out.slice::<<T as Field>::Cx>(b) };
        dst.iter_mut().zip(w).for_each(|(d, v)| *d = rescaled_complex::<T>(v, c));
        Ok(())
        })
    }))?;
    Ok(out.array)
}

// ---------------------------------------------------------------------------
// Norms

/// The `ord` of `matrix_norm`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MatrixOrd {
    /// Frobenius: square root of the sum of squared moduli.
    Fro,
    /// Nuclear: sum of singular values.
    Nuc,
    /// ±1: largest/smallest column sum of moduli.
    Columns { largest: bool },
    /// ±inf: largest/smallest row sum of moduli.
    Rows { largest: bool },
    /// ±2: largest/smallest singular value.
    Spectral { largest: bool },
}

/// Max (or min) that propagates NaN.
fn extreme(values: impl Iterator<Item = f64>, largest: bool) -> f64 {
    let start = if largest {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    values.fold(start, |acc, v| {
        if v.is_nan() || acc.is_nan() {
            f64::NAN
        } else if largest {
            acc.max(v)
        } else {
            acc.min(v)
        }
    })
}

fn matrix_norm_one<T: Field>(m: MatRef<'_, T>, ord: MatrixOrd) -> Result<f64> {
    let (r, c) = (m.nrows(), m.ncols());
    let col_sum = |j: usize| (0..r).map(|i| abs_f64(m[(i, j)])).sum::<f64>();
    let row_sum = |i: usize| (0..c).map(|j| abs_f64(m[(i, j)])).sum::<f64>();
    Ok(match ord {
        MatrixOrd::Fro => (0..c)
            .map(|j| (0..r).map(|i| abs_f64(m[(i, j)]).powi(2)).sum::<f64>())
            .sum::<f64>()
            .sqrt(),
        MatrixOrd::Columns { largest } => extreme((0..c).map(col_sum), largest),
        MatrixOrd::Rows { largest } => extreme((0..r).map(row_sum), largest),
        MatrixOrd::Nuc => singular_values(m)?.iter().sum(),
        MatrixOrd::Spectral { largest } => extreme(singular_values(m)?.into_iter(), largest),
    })
}

/// Matrix norm of each matrix (a real array; `keepdims` keeps the two matrix
/// axes with length 1).
pub fn matrix_norm(x: &Array, keepdims: bool, ord: MatrixOrd) -> Result<Array> {
    let (m, n) = matrix_dims(x, "matrix_norm", false)?;
    let needs_values = !matches!(ord, MatrixOrd::Fro | MatrixOrd::Nuc);
    if needs_values && (m == 0 || n == 0) {
        return value_err!("matrix_norm of an empty matrix with ord {ord:?} is undefined");
    }
    let a = compute_input(x)?;
    let batch = batch_of(&a);
    let stack = Stack::new(&a, &batch)?;
    let out = Output::new(DType::Float64, &batch, &[])?;
    let cost = match ord {
        MatrixOrd::Nuc | MatrixOrd::Spectral { .. } => m * n * m.min(n),
        _ => m * n,
    };
    fields!(a.dtype(), T => for_each_matrix(stack.offsets.len(), cost, |b| {
        let v = matrix_norm_one(stack.mat::<T>(b), ord)?;
        // SAFETY: entry b is written only here.
        let dst = unsafe { out.slice::<f64>(b) };
        dst[0] = v;
        Ok(())
    }))?;
    let mut shape = batch;
    if keepdims {
        shape.extend([1, 1]);
    }
    let result = out.array.astype(a.dtype().real_dtype())?.reshape(&shape)?;
    finish(result, x.dtype())
}

/// p-norm of one lane (in f64): 0 counts non-zeros, ±inf are the largest and
/// smallest modulus.
fn lane_norm<T: Element>(lane: &[T], ord: f64) -> f64 {
    let abs = lane.iter().map(|&v| abs_f64(v));
    match ord {
        2.0 => abs.map(|a| a * a).sum::<f64>().sqrt(),
        1.0 => abs.sum(),
        0.0 => abs.filter(|&a| a != 0.0).count() as f64,
        f64::INFINITY => extreme(abs, true).max(0.0),
        f64::NEG_INFINITY => extreme(abs, false),
        p => abs.map(|a| a.powf(p)).sum::<f64>().powf(1.0 / p),
    }
}

/// Vector p-norm over `axes` (all given axes form one vector per output).
pub fn vector_norm(x: &Array, axes: &[usize], keepdims: bool, ord: f64) -> Result<Array> {
    if ord.is_nan() {
        return value_err!("vector_norm: ord must not be NaN");
    }
    let compute = compute_dtype(x.dtype());
    let p = prepare(x, axes, compute, false)?;
    debug_assert_eq!(p.lanes, Lanes::Last);
    let out = Array::zeros(DType::Float64, &[p.count])?;
    // SAFETY: fresh contiguous float64 array owned here.
    let dst = unsafe { out.slice_mut_unchecked::<f64>() };
    fields!(compute, T => {
        let src = p.slice::<T>();
        for (i, d) in dst.iter_mut().enumerate() {
            *d = lane_norm(&src[i * p.len..(i + 1) * p.len], ord);
        }
        Ok::<(), Error>(())
    })?;
    let result =
        out.astype(compute.real_dtype())?
            .reshape(&reduced_shape(x.shape(), axes, keepdims))?;
    finish(result, x.dtype())
}

// ---------------------------------------------------------------------------
// Diagonal, trace, outer, cross

/// View of the `offset`-th diagonal of each matrix (positive: above the main
/// diagonal), as the last axis.
pub fn diagonal(x: &Array, offset: isize) -> Result<Array> {
    let (r, c) = matrix_dims(x, "diagonal", false)?;
    let n = x.ndim();
    let (rs, cs) = (x.strides()[n - 2], x.strides()[n - 1]);
    let (row0, col0) = if offset >= 0 {
        (0, offset.unsigned_abs())
    } else {
        (offset.unsigned_abs(), 0)
    };
    let len = r.saturating_sub(row0).min(c.saturating_sub(col0));
    let start = if len == 0 {
        0
    } else {
        row0 as isize * rs + col0 as isize * cs
    };
    let mut shape = x.shape()[..n - 2].to_vec();
    let mut strides = x.strides()[..n - 2].to_vec();
    shape.push(len);
    strides.push(rs + cs);
    let byte_offset = x.offset() as isize + start * x.itemsize() as isize;
    Array::from_parts(
        x.storage().clone(),
        x.dtype(),
        &shape,
        &strides,
        byte_offset as usize,
        x.writeable(),
    )
}

/// Sum along the `offset`-th diagonal of each matrix, accumulated in `dtype`
/// (default as for `sum`).
pub fn trace(x: &Array, offset: isize, dtype: Option<DType>) -> Result<Array> {
    if x.dtype().is_bool() && dtype.is_none() {
        return type_err!("trace does not support bool input");
    }
    let d = diagonal(x, offset)?;
    let last = d.ndim() - 1;
    sum_prod(&d, &[last], dtype, false, false)
}

/// Outer product of two vectors: `out[i, j] = x1[i] · x2[j]`.
pub fn outer(x1: &Array, x2: &Array) -> Result<Array> {
    if x1.ndim() != 1 || x2.ndim() != 1 {
        return value_err!(
            "outer needs two 1-D arrays, got shapes {:?} and {:?}",
            x1.shape(),
            x2.shape()
        );
    }
    let col = x1.reshape(&[x1.size(), 1])?;
    let row = x2.reshape(&[1, x2.size()])?;
    crate::elementwise::binary(crate::elementwise::BinaryOp::Multiply, &col, &row)
}

/// Cross product of 3-element vectors along `axis` (of the broadcast shape).
pub fn cross(x1: &Array, x2: &Array, axis: isize) -> Result<Array> {
    use crate::elementwise::{
        binary,
        BinaryOp::{Multiply, Subtract},
    };
    let shape = broadcast_all(&[x1.shape(), x2.shape()])?;
    let ax = normalize_axis(axis, shape.len())?;
    let (a, b) = (x1.broadcast_to(&shape)?, x2.broadcast_to(&shape)?);
    // Each input's own axis (broadcasting must not create the vectors).
    let own = |x: &Array| ax.checked_sub(shape.len() - x.ndim()).map(|i| x.shape()[i]);
    if own(x1) != Some(3) || own(x2) != Some(3) {
        return value_err!("cross needs vectors of length 3 along axis {axis}");
    }
    let part = |i: usize, j: usize| -> Result<Array> {
        let left = binary(Multiply, &a.index_axis(ax, i), &b.index_axis(ax, j))?;
        let right = binary(Multiply, &a.index_axis(ax, j), &b.index_axis(ax, i))?;
        binary(Subtract, &left, &right)
    };
    crate::manipulation::stack(&[part(1, 2)?, part(2, 0)?, part(0, 1)?], ax)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mat(v: &[f64], shape: &[usize]) -> Array {
        Array::from_vec(v, shape).unwrap()
    }
    use crate::test_util::f64s as vals;
    #[test]
    fn faer_runs_on_its_own_threads_only_for_one_large_matrix() {
        assert_eq!(faer_parallelism(1, cube(8)), faer::Par::Seq);
        assert_eq!(faer_parallelism(1, cube(500)), faer::Par::Seq);
        assert_eq!(faer_parallelism(2, cube(2000)), faer::Par::Seq);
        assert_ne!(faer_parallelism(1, cube(2000)), faer::Par::Seq);
    }

    #[test]
    fn a_split_batch_reports_the_error_of_its_lowest_entry() {
        let count = 10_000;
        assert!(
            count * (1000 + ENTRY_WORK) >= PARALLEL_WORK,
            "the batch must split"
        );
        let seen: Vec<std::sync::atomic::AtomicBool> =
            (0..count).map(|_| Default::default()).collect();
        let outcome = for_each_matrix(count, 1000, |b| {
            seen[b].store(true, std::sync::atomic::Ordering::Relaxed);
            match b {
                2000 | 9000 => linalg_err(&format!("entry {b}")),
                _ => Ok(()),
            }
        });
        let message = format!("{:?}", outcome.unwrap_err());
        assert!(message.contains("entry 2000"), "{message}");
        if rayon::current_num_threads() == 2 {
            // Two runs of entries: the second ran up to its own error.
            assert!(seen[count / 2].load(std::sync::atomic::Ordering::Relaxed));
        }
    }

    fn close(a: &[f64], b: &[f64]) {
        assert_eq!(a.len(), b.len(), "{a:?} vs {b:?}");
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-10, "{a:?} vs {b:?}");
        }
    }

    #[test]
    fn batch_offsets_follow_strides_and_broadcasting() {
        let a = mat(&[0.0; 12], &[3, 2, 2]);
        assert_eq!(batch_offsets(&a, &[3]), vec![0, 4, 8]);
        let b = a.broadcast_to(&[2, 3, 2, 2]).unwrap();
        assert_eq!(batch_offsets(&b, &[2, 3]), vec![0, 4, 8, 0, 4, 8]);
    }

    #[test]
    fn inverse_solve_and_determinant() {
        let a = mat(&[4.0, 7.0, 2.0, 6.0], &[2, 2]);
        close(&vals(&inv(&a).unwrap()), &[0.6, -0.7, -0.2, 0.4]);
        close(&vals(&det(&a).unwrap()), &[10.0]);
        // Transposed (non-contiguous) input is read through its strides.
        close(&vals(&det(&a.transpose()).unwrap()), &[10.0]);
        let x = solve(&a, &mat(&[1.0, 2.0], &[2])).unwrap();
        assert_eq!(x.shape(), &[2]);
        close(&vals(&x), &[-0.8, 0.6]);
        let (sign, log) = slogdet(&mat(&[0.0, 1.0, 1.0, 0.0], &[2, 2])).unwrap();
        close(&vals(&sign), &[-1.0]);
        close(&vals(&log), &[0.0]);
    }

    #[test]
    fn singular_and_indefinite_matrices_raise_linalg_errors() {
        let s = mat(&[1.0, 2.0, 2.0, 4.0], &[2, 2]);
        assert!(matches!(inv(&s), Err(Error::LinAlg(_))));
        assert!(matches!(solve(&s, &s), Err(Error::LinAlg(_))));
        assert!(matches!(cholesky(&s, false), Err(Error::LinAlg(_))));
        assert!(matches!(
            inv(&mat(&[1.0; 6], &[2, 3])),
            Err(Error::Value(_))
        ));
        assert!(matches!(det(&mat(&[1.0; 2], &[2])), Err(Error::Value(_))));
    }

    #[test]
    fn decompositions_of_a_small_matrix() {
        let a = mat(&[4.0, 2.0, 2.0, 3.0], &[2, 2]);
        let l = cholesky(&a, false).unwrap();
        close(&vals(&l), &[2.0, 0.0, 1.0, 2f64.sqrt()]);
        close(
            &vals(&cholesky(&a, true).unwrap()),
            &[2.0, 1.0, 0.0, 2f64.sqrt()],
        );
        let (w, _) = eigh(&mat(&[2.0, 1.0, 1.0, 2.0], &[2, 2])).unwrap();
        close(&vals(&w), &[1.0, 3.0]);
        let s = svdvals(&mat(&[3.0, 0.0, 0.0, -4.0], &[2, 2])).unwrap();
        close(&vals(&s), &[4.0, 3.0]);
        let r = matrix_rank(&mat(&[1.0, 2.0, 2.0, 4.0], &[2, 2]), None).unwrap();
        assert_eq!(r.dtype(), DType::Int64);
        close(&vals(&r), &[1.0]);
        let w = eigvals(&mat(&[0.0, -1.0, 1.0, 0.0], &[2, 2])).unwrap();
        assert_eq!(w.dtype(), DType::Complex128);
        let (q, r) = qr(&mat(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[3, 2]), true).unwrap();
        assert_eq!((q.shape(), r.shape()), (&[3, 2][..], &[2, 2][..]));
    }

    #[test]
    fn powers_norms_and_diagonals() {
        let a = mat(&[1.0, 1.0, 0.0, 1.0], &[2, 2]);
        close(&vals(&matrix_power(&a, 3).unwrap()), &[1.0, 3.0, 0.0, 1.0]);
        close(&vals(&matrix_power(&a, 0).unwrap()), &[1.0, 0.0, 0.0, 1.0]);
        close(
            &vals(&matrix_power(&a, -2).unwrap()),
            &[1.0, -2.0, 0.0, 1.0],
        );
        let m = mat(&[1.0, -2.0, 3.0, 4.0], &[2, 2]);
        close(
            &vals(&matrix_norm(&m, false, MatrixOrd::Fro).unwrap()),
            &[30f64.sqrt()],
        );
        let rows = MatrixOrd::Rows { largest: true };
        close(&vals(&matrix_norm(&m, true, rows).unwrap()), &[7.0]);
        let cols = MatrixOrd::Columns { largest: false };
        close(&vals(&matrix_norm(&m, false, cols).unwrap()), &[4.0]);
        let v = mat(&[3.0, -4.0, 0.0], &[3]);
        close(&vals(&vector_norm(&v, &[0], false, 2.0).unwrap()), &[5.0]);
        close(&vals(&vector_norm(&v, &[0], false, 0.0).unwrap()), &[2.0]);
        close(
            &vals(&vector_norm(&v, &[0], false, f64::INFINITY).unwrap()),
            &[4.0],
        );
        let g = mat(&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], &[2, 3]);
        close(&vals(&diagonal(&g, 1).unwrap()), &[1.0, 5.0]);
        close(&vals(&diagonal(&g, -1).unwrap()), &[3.0]);
        close(&vals(&trace(&g, 0, None).unwrap()), &[4.0]);
        let c = cross(
            &mat(&[1.0, 0.0, 0.0], &[3]),
            &mat(&[0.0, 1.0, 0.0], &[3]),
            -1,
        )
        .unwrap();
        close(&vals(&c), &[0.0, 0.0, 1.0]);
        assert_eq!(outer(&v, &g.index_axis(0, 0)).unwrap().shape(), &[3, 3]);
    }
}
