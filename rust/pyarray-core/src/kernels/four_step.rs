//! One long complex FFT split into many short ones (the "four-step"
//! algorithm), so that every core works on a single transform.
//!
//! A transform of length `n = n1 * n2` is computed in two passes over the
//! data. Seen as an `n1 x n2` row-major matrix, the input's columns get
//! length-`n1` transforms, each element is multiplied by the twiddle factor
//! `w^(k1 * j2)` (`w = exp(-+2 pi i / n)`), and the results are stored as
//! the rows of an `n2 x n1` matrix. The columns of that matrix then get
//! length-`n2` transforms in place, which leaves the spectrum in natural
//! order (`X[k1 + n1 * k2]` at row `k2`, column `k1`). Both passes are
//! independent per column, so they split across threads; they move
//! blocks of columns (128 bytes of each row) so that each strided read
//! fetches whole cache lines.
//!
//! `RealFourStep` builds real transforms of even length `n` on a complex
//! one of length `n / 2` (the even and odd samples as real and imaginary
//! parts), untangled into the half spectrum by one more parallel pass.

use num_complex::Complex;
use rayon::prelude::*;
use rustfft::{Fft, FftNum};
use std::sync::Arc;

/// Bytes of each row moved per task: eight cache lines (measured on 2^18 to
/// 2^22 points, f32 and f64: 512 beat 128, 256 and 1024; the strided reads
/// wait on memory, so longer runs per row pay).
const BLOCK_BYTES: usize = 512;
/// Smallest factor worth splitting into (shorter inner transforms spend
/// more time in the transposes than they save).
const MIN_FACTOR: usize = 32;

/// Largest ratio `n2 / n1` of a split: lopsided splits leave a long inner
/// transform (often of a large prime length) that costs more than the split
/// saves.
const MAX_RATIO: usize = 16;

/// The split `n = n1 * n2` with `n1 <= n2` and `n1` the largest divisor not
/// above `sqrt(n)`, if that divisor is at least `MIN_FACTOR` and the split
/// is balanced (`n2 <= MAX_RATIO * n1`).
pub fn split(n: usize) -> Option<(usize, usize)> {
    (MIN_FACTOR..=n.isqrt())
        .rev()
        .find(|d| n.is_multiple_of(*d))
        .map(|d| (d, n / d))
        .filter(|&(n1, n2)| n2 <= MAX_RATIO * n1)
}

/// A planned four-step transform of one length and direction.
pub struct FourStep<F: FftNum> {
    n1: usize,
    n2: usize,
    /// Length-`n1` transforms of the first pass.
    first: Arc<dyn Fft<F>>,
    /// Length-`n2` transforms of the second pass.
    second: Arc<dyn Fft<F>>,
    /// `w^i` for `i < n1`.
    fine: Vec<Complex<F>>,
    /// `w^(i * n1)` for `i < n2`; `w^m = coarse[m / n1] * fine[m % n1]`.
    coarse: Vec<Complex<F>>,
}

/// A raw pointer to data shared by parallel tasks that each read and write
/// their own elements only.
#[derive(Clone, Copy)]
struct Shared<T>(*mut T);
// SAFETY: the tasks sharing it touch disjoint elements.
unsafe impl<T> Send for Shared<T> {}
unsafe impl<T> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// The pointer (a method, so that closures capture the `Sync` wrapper).
    fn get(self) -> *mut T {
        self.0
    }
}

/// Columns per task for complex elements of `F`.
fn block<F>() -> usize {
    BLOCK_BYTES / std::mem::size_of::<Complex<F>>()
}

/// How many rows ahead the column passes prefetch: each row's block starts
/// a new run of cache lines that the hardware prefetcher cannot predict
/// (measured: 10-25 % faster passes at 2^20 to 2^22 points).
const PREFETCH_ROWS: usize = 4;

/// Ask for the cache lines of `data` ahead of their use (a hint: no effect
/// on results, and none at all off x86-64).
#[inline(always)]
fn prefetch<T>(data: &[T]) {
    #[cfg(target_arch = "x86_64")]
    for line in (0..std::mem::size_of_val(data)).step_by(64) {
        // SAFETY: prefetching never faults, and the address is inside `data`.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(data.as_ptr().cast::<i8>().add(line));
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = data;
}

/// The row stride of a task's buffer of `len`-element rows: one cache line
/// more than `len`, so that the rows of a power-of-two length do not all
/// map to the same L1 cache set while a block of columns is transposed.
fn padded<F>(len: usize) -> usize {
    len + 64 / std::mem::size_of::<Complex<F>>()
}

/// `exp(sign * 2 pi i * m / n)`, computed in f64 so that float32 values are
/// correctly rounded.
fn root<F: FftNum>(sign: f64, m: usize, n: usize) -> Complex<F> {
    let (s, c) = (sign * std::f64::consts::TAU * m as f64 / n as f64).sin_cos();
    Complex::new(F::from_f64(c).unwrap(), F::from_f64(s).unwrap())
}

fn direction_sign(direction: rustfft::FftDirection) -> f64 {
    match direction {
        rustfft::FftDirection::Forward => -1.0,
        rustfft::FftDirection::Inverse => 1.0,
    }
}

impl<F: FftNum + Default> FourStep<F> {
    /// Combine plans of lengths `first.len() * second.len()`, both of the
    /// same direction.
    pub fn new(first: Arc<dyn Fft<F>>, second: Arc<dyn Fft<F>>) -> Self {
        let (n1, n2) = (first.len(), second.len());
        let n = n1 * n2;
        let sign = direction_sign(first.fft_direction());
        FourStep {
            n1,
            n2,
            first,
            second,
            fine: (0..n1).map(|i| root(sign, i, n)).collect(),
            coarse: (0..n2).map(|i| root(sign, i * n1, n)).collect(),
        }
    }

    /// The transform length.
    fn len(&self) -> usize {
        self.n1 * self.n2
    }

    /// Transform `input` into `output` (both of length `self.len()`),
    /// multiplying the result by `factor`.
    pub fn process(&self, input: &[Complex<F>], output: &mut [Complex<F>], factor: F) {
        assert!(input.len() == self.len() && output.len() == self.len());
        self.first_pass(input, output);
        self.second_pass(output, factor);
    }

    /// Columns of `input` (`n1 x n2`) to rows of `output` (`n2 x n1`),
    /// transformed and twiddled.
    fn first_pass(&self, input: &[Complex<F>], output: &mut [Complex<F>]) {
        let (n1, n2) = (self.n1, self.n2);
        let scratch_len = self.first.get_outofplace_scratch_len();
        let block_width = block::<F>();
        let ld = padded::<F>(n1);
        let init = || {
            (
                vec![Complex::default(); block_width * ld],
                vec![Complex::default(); scratch_len],
            )
        };
        output
            .par_chunks_mut(block_width * n1)
            .enumerate()
            .for_each_init(init, |(buf, scratch), (block, rows)| {
                let col = block * block_width;
                let width = rows.len() / n1; // the last block may be narrower
                for r in 0..n1 {
                    if r + PREFETCH_ROWS < n1 {
                        prefetch(&input[(r + PREFETCH_ROWS) * n2 + col..][..width]);
                    }
                    let src = &input[r * n2 + col..][..width];
                    for (lane, &v) in buf.chunks_exact_mut(ld).zip(src) {
                        lane[r] = v;
                    }
                }
                for (j, (lane, row)) in buf
                    .chunks_exact_mut(ld)
                    .zip(rows.chunks_exact_mut(n1))
                    .enumerate()
                {
                    self.first
                        .process_outofplace_with_scratch(&mut lane[..n1], row, scratch);
                    self.twiddle(row, col + j);
                }
            });
    }

    /// Multiply element `k1` of the transformed column `col` by `w^(k1 * col)`.
    fn twiddle(&self, row: &mut [Complex<F>], col: usize) {
        let n1 = self.n1;
        // m = k1 * col as quotient and remainder by n1, stepped without division.
        let (step_q, step_r) = (col / n1, col % n1);
        let (mut q, mut r) = (0, 0);
        for v in row.iter_mut() {
            *v = *v * (self.coarse[q] * self.fine[r]);
            q += step_q;
            r += step_r;
            if r >= n1 {
                r -= n1;
                q += 1;
            }
        }
    }

    /// Length-`n2` transforms of the columns of `data` (`n2 x n1`), in place.
    fn second_pass(&self, data: &mut [Complex<F>], factor: F) {
        let (n1, n2) = (self.n1, self.n2);
        let scratch_len = self.second.get_inplace_scratch_len();
        let block_width = block::<F>();
        let ld = padded::<F>(n2);
        let init = || {
            let buf = vec![Complex::default(); block_width * ld];
            (buf, vec![Complex::default(); scratch_len])
        };
        let base = Shared(data.as_mut_ptr());
        let scale = factor != F::one();
        (0..n1.div_ceil(block_width)).into_par_iter().for_each_init(
            init,
            |(buf, scratch), block| {
                let col = block * block_width;
                let width = block_width.min(n1 - col);
                // SAFETY: row r, columns col..col + width are inside `data` and
                // this task's own.
                let row = |r: usize| unsafe {
                    std::slice::from_raw_parts(base.get().add(r * n1 + col), width)
                };
                for r in 0..n2 {
                    if r + PREFETCH_ROWS < n2 {
                        prefetch(row(r + PREFETCH_ROWS));
                    }
                    let src = row(r);
                    for (lane, &v) in buf.chunks_exact_mut(ld).zip(src) {
                        lane[r] = v;
                    }
                }
                for lane in buf.chunks_exact_mut(ld).take(width) {
                    self.second.process_with_scratch(&mut lane[..n2], scratch);
                }
                for r in 0..n2 {
                    // SAFETY: as above.
                    let dst = unsafe {
                        std::slice::from_raw_parts_mut(base.get().add(r * n1 + col), width)
                    };
                    for (d, lane) in dst.iter_mut().zip(buf.chunks_exact(ld)) {
                        let v = lane[r];
                        *d = if scale { v * factor } else { v };
                    }
                }
            },
        );
    }
}

/// Pairs `(k, m - k)` untangled per task of the real transforms' extra pass.
const PAIRS_PER_TASK: usize = 4096;

/// A real transform of even length `n` computed by a four-step complex
/// transform of length `m = n / 2`: the samples `x[2j] + i x[2j + 1]`
/// transform to `Z`, and each pair `X[k], X[m - k]` of the half spectrum is
/// a combination of `Z[k]`, `Z[m - k]` and `w^k` (`w = exp(-2 pi i / n)`).
pub struct RealFourStep<F: FftNum> {
    complex: FourStep<F>,
    /// `w^k = coarse[k / fine.len()] * fine[k % fine.len()]` for `k <= m / 2`.
    fine: Vec<Complex<F>>,
    coarse: Vec<Complex<F>>,
}

impl<F: FftNum + Default> RealFourStep<F> {
    /// `complex` has length `n / 2`: forward for real to half spectrum
    /// (`forward`), inverse for half spectrum to real (`inverse`).
    pub fn new(complex: FourStep<F>) -> Self {
        let n = 2 * complex.len();
        let quarter = n / 4;
        let fine_len = quarter.isqrt() + 1;
        RealFourStep {
            complex,
            fine: (0..fine_len).map(|i| root(-1.0, i, n)).collect(),
            coarse: (0..=quarter / fine_len)
                .map(|i| root(-1.0, i * fine_len, n))
                .collect(),
        }
    }

    /// The half spectrum (`n / 2 + 1` values) of the real `input` (`n`
    /// values), times `factor`, conjugated if `conj`.
    pub fn forward(&self, input: &[F], output: &mut [Complex<F>], factor: F, conj: bool) {
        let m = self.complex.len();
        assert!(input.len() == 2 * m && output.len() == m + 1);
        // SAFETY: `Complex<F>` is `repr(C)` `{re, im}` with the alignment of
        // `F`, so `2m` reals are `m` complex values.
        let pairs = unsafe { std::slice::from_raw_parts(input.as_ptr().cast::<Complex<F>>(), m) };
        self.complex.process(pairs, &mut output[..m], F::one());
        let z0 = output[0];
        output[0] = Complex::new((z0.re + z0.im) * factor, F::zero());
        output[m] = Complex::new((z0.re - z0.im) * factor, F::zero());
        let half = F::from_f64(0.5).unwrap();
        let data = output.as_mut_ptr();
        self.untangle(data.cast_const(), data, |a, b, w| {
            let even = (a + b.conj()) * half;
            let d = (a - b.conj()) * half;
            let odd = Complex::new(d.im, -d.re); // -i * d
            let t = w * odd;
            let (xk, xmk) = ((even + t) * factor, (even - t).conj() * factor);
            if conj {
                (xk.conj(), xmk.conj())
            } else {
                (xk, xmk)
            }
        });
    }

    /// The real signal (`n` values) of the half spectrum `input`
    /// (`n / 2 + 1` values, conjugated first if `conj`), unnormalised, times
    /// `factor`. The imaginary parts of `input[0]` and `input[n / 2]` are
    /// ignored; `scratch` holds `n / 2` values.
    pub fn inverse(
        &self,
        input: &[Complex<F>],
        scratch: &mut [Complex<F>],
        output: &mut [F],
        factor: F,
        conj: bool,
    ) {
        let m = self.complex.len();
        assert!(input.len() == m + 1 && scratch.len() == m && output.len() == 2 * m);
        let (first, last) = (input[0].re, input[m].re);
        scratch[0] = Complex::new(first + last, first - last) * factor;
        self.untangle(input.as_ptr(), scratch.as_mut_ptr(), |a, b, w| {
            let (a, b) = if conj { (a.conj(), b.conj()) } else { (a, b) };
            let even = a + b.conj();
            let odd = (a - b.conj()) * w.conj();
            let i_odd = Complex::new(-odd.im, odd.re);
            let i_odd_conj = Complex::new(odd.im, odd.re); // i * conj(odd)
            ((even + i_odd) * factor, (even.conj() + i_odd_conj) * factor)
        });
        // SAFETY: as in `forward`, `2m` reals are `m` complex values.
        let out = unsafe { std::slice::from_raw_parts_mut(output.as_mut_ptr().cast(), m) };
        self.complex.process(scratch, out, F::one());
    }

    /// For every `k` in `1..=m / 2`, set `dst[k], dst[m - k]` to
    /// `pair(src[k], src[m - k], w^k)`, in parallel. `src` may be `dst`.
    fn untangle(
        &self,
        src: *const Complex<F>,
        dst: *mut Complex<F>,
        pair: impl Fn(Complex<F>, Complex<F>, Complex<F>) -> (Complex<F>, Complex<F>) + Sync,
    ) {
        let m = self.complex.len();
        // `src` is only read through (the wrapper holds a `*mut` for both).
        let (src, dst) = (Shared(src.cast_mut()), Shared(dst));
        let fine_len = self.fine.len();
        let tasks = (m / 2).div_ceil(PAIRS_PER_TASK);
        (0..tasks).into_par_iter().for_each(|task| {
            let start = 1 + task * PAIRS_PER_TASK;
            let end = (start + PAIRS_PER_TASK).min(m / 2 + 1);
            let (mut q, mut r) = (start / fine_len, start % fine_len);
            for k in start..end {
                let w = self.coarse[q] * self.fine[r];
                // SAFETY: k and m - k are in 1..m, and this task's alone (tasks
                // take disjoint k ranges below m / 2 + 1 and their mirrors).
                unsafe {
                    let (a, b) = (*src.get().add(k), *src.get().add(m - k));
                    let (xk, xmk) = pair(a, b, w);
                    *dst.get().add(m - k) = xmk;
                    *dst.get().add(k) = xk;
                }
                r += 1;
                if r == fine_len {
                    r = 0;
                    q += 1;
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustfft::FftPlanner;

    #[test]
    fn split_picks_the_divisor_nearest_the_square_root() {
        assert_eq!(split(1 << 20), Some((1024, 1024)));
        assert_eq!(split(1_000_000), Some((1000, 1000)));
        assert_eq!(split(1 << 21), Some((1024, 2048)));
        assert_eq!(split(2 * 65_521), None); // a prime times 2: factor too small
        assert_eq!(split(1000), None); // 31 x ... is below MIN_FACTOR
        assert_eq!(split((1 << 23) - 1), None); // 47 x 178481: too lopsided
        assert_eq!(split(32 * 512), Some((128, 128)));
        assert_eq!(split(32 * 521), None); // 32 x 521, 521 prime
    }

    /// The four-step result equals rustfft's direct transform, both directions,
    /// square and oblong splits, with a scale factor.
    #[test]
    fn matches_the_direct_transform() {
        let mut planner = FftPlanner::<f64>::new();
        for (n1, n2) in [(32, 32), (48, 80), (64, 45)] {
            let n = n1 * n2;
            let input: Vec<Complex<f64>> = (0..n)
                .map(|i| Complex::new((i as f64 * 0.37).sin(), (i as f64 * 0.11).cos()))
                .collect();
            for inverse in [false, true] {
                let mut plan = |len| {
                    if inverse {
                        planner.plan_fft_inverse(len)
                    } else {
                        planner.plan_fft_forward(len)
                    }
                };
                let four = FourStep::new(plan(n1), plan(n2));
                let direct = plan(n);
                let mut expected = input.clone();
                direct.process(&mut expected);
                let mut got = vec![Complex::default(); n];
                four.process(&input, &mut got, 0.5);
                for (g, e) in got.iter().zip(&expected) {
                    assert!(
                        (g - e * 0.5).norm() < 1e-12 * n as f64,
                        "{n1}x{n2}: {g} vs {e}"
                    );
                }
            }
        }
    }

    /// The real transforms equal realfft's, forward and inverse, conjugated
    /// or not, with a scale factor, for even and odd `n / 2`.
    #[test]
    fn real_transforms_match_realfft() {
        let mut planner = FftPlanner::<f64>::new();
        let mut real_planner = realfft::RealFftPlanner::<f64>::new();
        for (n1, n2) in [(32, 32), (32, 45), (45, 45)] {
            let m = n1 * n2;
            let n = 2 * m;
            let signal: Vec<f64> = (0..n).map(|i| (i as f64 * 0.37).sin() + 0.1).collect();
            let mut expected = vec![Complex::default(); m + 1];
            let r2c = real_planner.plan_fft_forward(n);
            r2c.process(&mut signal.clone(), &mut expected).unwrap();
            let plan = FourStep::new(planner.plan_fft_forward(n1), planner.plan_fft_forward(n2));
            let forward = RealFourStep::new(plan);
            for conj in [false, true] {
                let mut got = vec![Complex::default(); m + 1];
                forward.forward(&signal, &mut got, 2.0, conj);
                for (g, e) in got.iter().zip(&expected) {
                    let e = if conj { e.conj() } else { *e } * 2.0;
                    assert!((g - e).norm() < 1e-12 * n as f64, "{n}: {g} vs {e}");
                }
            }
            let plan = FourStep::new(planner.plan_fft_inverse(n1), planner.plan_fft_inverse(n2));
            let inverse = RealFourStep::new(plan);
            let mut spectrum = expected.clone();
            spectrum[0].im = 5.0; // ignored, as the imaginary part at m
            spectrum[m].im = -3.0;
            let mut scratch = vec![Complex::default(); m];
            let mut back = vec![0.0; n];
            inverse.inverse(&spectrum, &mut scratch, &mut back, 1.0 / n as f64, false);
            for (b, s) in back.iter().zip(&signal) {
                assert!((b - s).abs() < 1e-12, "{n}: {b} vs {s}");
            }
            let conjugated: Vec<_> = expected.iter().map(|c| c.conj()).collect();
            inverse.inverse(&conjugated, &mut scratch, &mut back, 1.0 / n as f64, true);
            for (b, s) in back.iter().zip(&signal) {
                assert!((b - s).abs() < 1e-12, "{n} conj: {b} vs {s}");
            }
        }
    }
}
