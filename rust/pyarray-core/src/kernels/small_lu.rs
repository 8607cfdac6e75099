//! LU factorization with partial pivoting of small square matrices, held in
//! a fixed array on the stack: the unblocked algorithm LAPACK's getf2 uses.
//!
//! faer is built for large matrices: for one 8×8 matrix its `PartialPivLu`
//! and inverse allocate six buffers and run its blocked code, ~7 µs of CPU
//! against NumPy's ~2 µs (LAPACK) per matrix of a batch; this takes ~0.3 µs.

use crate::linalg::Field;
use faer::traits::math_utils::abs1;
use faer::{MatMut, MatRef};

/// Largest order factored here; larger matrices go to faer.
pub const MAX: usize = 16;

/// `P·A = L·U` of an n×n matrix (n <= MAX): `L` unit lower triangular and
/// `U` upper, both stored in `lu` (row-major, n columns).
pub struct SmallLu<T> {
    n: usize,
    lu: [T; MAX * MAX],
    /// Row `i` of `P·A` is row `rows[i]` of `A`.
    rows: [usize; MAX],
    /// Whether `P` is an odd permutation.
    odd: bool,
}

impl<T: Field> SmallLu<T> {
    /// Factor `a` (square, order at most [`MAX`]). A zero pivot column is
    /// left as it is (U then has a zero on its diagonal), as in LAPACK.
    pub fn new(a: MatRef<'_, T>) -> Self {
        let n = a.nrows();
        assert!(
            n == a.ncols() && n <= MAX,
            "SmallLu of a {n}x{} matrix",
            a.ncols()
        );
        let mut f = SmallLu {
            n,
            lu: [T::zero(); MAX * MAX],
            rows: std::array::from_fn(|i| i),
            odd: false,
        };
        for i in 0..n {
            for j in 0..n {
                f.lu[i * n + j] = a[(i, j)];
            }
        }
        for k in 0..n {
            f.eliminate(k);
        }
        f
    }

    /// Step k: bring the largest entry (|re| + |im|) of column k at or
    /// below the diagonal up as the pivot, then clear the column below it.
    fn eliminate(&mut self, k: usize) {
        let n = self.n;
        let mut pivot = k;
        for i in k + 1..n {
            if abs1(&self.lu[i * n + k]) > abs1(&self.lu[pivot * n + k]) {
                pivot = i;
            }
        }
        if pivot != k {
            for j in 0..n {
                self.lu.swap(k * n + j, pivot * n + j);
            }
            self.rows.swap(k, pivot);
            self.odd = !self.odd;
        }
        let d = self.lu[k * n + k];
        if d == T::zero() {
            return; // the column is zero from the diagonal down
        }
        let (top, below) = self.lu.split_at_mut((k + 1) * n);
        let pivot_row = &top[k * n..];
        for row in below[..(n - k - 1) * n].chunks_exact_mut(n) {
            let l = row[k] / d;
            row[k] = l;
            for (x, &u) in row[k + 1..].iter_mut().zip(&pivot_row[k + 1..]) {
                *x -= l * u;
            }
        }
    }

    /// The order n of the matrix.
    pub fn order(&self) -> usize {
        self.n
    }

    /// Entry `i` of U's diagonal.
    pub fn diagonal(&self, i: usize) -> T {
        self.lu[i * self.n + i]
    }

    /// -1 for an odd row permutation, else 1.
    pub fn permutation_sign(&self) -> f64 {
        if self.odd {
            -1.0
        } else {
            1.0
        }
    }

    /// Overwrite `b` (n×k) with `A⁻¹·b`. Needs a nonzero diagonal of U.
    pub fn solve_in_place(&self, mut b: MatMut<'_, T>) {
        let n = self.n;
        debug_assert_eq!(b.nrows(), n);
        let mut column = [T::zero(); MAX];
        for c in 0..b.ncols() {
            for (i, x) in column[..n].iter_mut().enumerate() {
                *x = b[(self.rows[i], c)];
            }
            self.substitute(&mut column[..n]);
            for (i, &x) in column[..n].iter().enumerate() {
                b[(i, c)] = x;
            }
        }
    }

    /// Write `A⁻¹` into `out` (n×n). Needs a nonzero diagonal of U.
    pub fn inverse_into(&self, mut out: MatMut<'_, T>) {
        let n = self.n;
        let mut column = [T::zero(); MAX];
        for c in 0..n {
            // Column c of P·I: a one where row c of A went.
            for (i, x) in column[..n].iter_mut().enumerate() {
                *x = if self.rows[i] == c {
                    T::one()
                } else {
                    T::zero()
                };
            }
            self.substitute(&mut column[..n]);
            for (i, &x) in column[..n].iter().enumerate() {
                out[(i, c)] = x;
            }
        }
    }

    /// Solve L·U·x = y in place: forward with unit L, then back with U.
    fn substitute(&self, y: &mut [T]) {
        let n = self.n;
        for i in 1..n {
            let row = &self.lu[i * n..i * n + i];
            let s = row
                .iter()
                .zip(&y[..i])
                .fold(T::zero(), |s, (&l, &x)| s + l * x);
            y[i] -= s;
        }
        for i in (0..n).rev() {
            let row = &self.lu[i * n..(i + 1) * n];
            let s = row[i + 1..]
                .iter()
                .zip(&y[i + 1..])
                .fold(T::zero(), |s, (&u, &x)| s + u * x);
            y[i] = (y[i] - s) / row[i];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use faer::Mat;
    use num_complex::Complex64;

    fn matrix(n: usize, seed: u64) -> Mat<f64> {
        let mut s = seed;
        Mat::from_fn(n, n, |_, _| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        })
    }

    fn max_error(a: MatRef<'_, f64>, b: MatRef<'_, f64>) -> f64 {
        let mut worst: f64 = 0.0;
        for i in 0..a.nrows() {
            for j in 0..a.ncols() {
                worst = worst.max((a[(i, j)] - b[(i, j)]).abs());
            }
        }
        worst
    }

    #[test]
    fn inverse_times_matrix_is_the_identity() {
        for n in 1..=MAX {
            let a = matrix(n, n as u64);
            let lu = SmallLu::new(a.as_ref());
            assert!((0..n).all(|i| lu.diagonal(i) != 0.0));
            let mut inv = Mat::<f64>::zeros(n, n);
            lu.inverse_into(inv.as_mut());
            let eye = Mat::<f64>::identity(n, n);
            assert!(
                max_error((&a * &inv).as_ref(), eye.as_ref()) < 1e-9,
                "n = {n}"
            );
        }
    }

    #[test]
    fn solve_and_determinant_match_faer() {
        use faer::linalg::solvers::{PartialPivLu, Solve};
        let n = 7;
        let a = matrix(n, 3);
        let b = matrix(n, 4);
        let ours = SmallLu::new(a.as_ref());
        let mut x = b.clone();
        ours.solve_in_place(x.as_mut());
        let theirs = PartialPivLu::new(a.as_ref()).solve(&b);
        assert!(max_error(x.as_ref(), theirs.as_ref()) < 1e-10);
        let det = (0..n).fold(ours.permutation_sign(), |d, i| d * ours.diagonal(i));
        assert!((det - a.determinant()).abs() < 1e-12, "{det}");
    }

    #[test]
    fn pivots_by_magnitude_and_counts_swaps() {
        // [[0, 1], [1, 0]]: one swap, det -1; [[1, 2], [2, 4]] singular.
        let swap = Mat::from_fn(2, 2, |i, j| if i == j { 0.0 } else { 1.0 });
        let lu = SmallLu::new(swap.as_ref());
        assert_eq!(lu.permutation_sign(), -1.0);
        assert_eq!(lu.diagonal(0) * lu.diagonal(1), 1.0);
        let rank_one = Mat::from_fn(2, 2, |i, j| ((i + 1) * (j + 1)) as f64);
        assert_eq!(SmallLu::new(rank_one.as_ref()).diagonal(1), 0.0);
    }

    #[test]
    fn complex_matrices_solve() {
        let a = Mat::from_fn(3, 3, |i, j| {
            Complex64::new((i * 3 + j) as f64 % 5.0 + 1.0, i as f64 - j as f64)
        });
        let lu = SmallLu::new(a.as_ref());
        let mut inv = Mat::<Complex64>::zeros(3, 3);
        lu.inverse_into(inv.as_mut());
        let product = &a * &inv;
        for i in 0..3 {
            for j in 0..3 {
                let expected = if i == j { 1.0 } else { 0.0 };
                assert!((product[(i, j)] - expected).norm() < 1e-12);
            }
        }
    }
}
