//! Cholesky factorization of small Hermitian positive-definite matrices in
//! a fixed array on the stack: the unblocked algorithm of LAPACK's potf2.
//!
//! faer's `llt` allocates and runs blocked code sized for large matrices:
//! for a stack of 1000 8×8 matrices it took 1.3x NumPy's time (LAPACK per
//! matrix), where the same batch through `SmallLu` is 1.3-2.4x faster than
//! NumPy. Up to [`MAX`] this is used instead.

use crate::linalg::Field;
use faer::traits::math_utils::{conj, from_real, real, sqrt};
use faer::{MatMut, MatRef};

/// Largest order factored here; larger matrices go to faer.
pub const MAX: usize = crate::kernels::small_lu::MAX;

/// The factor was not computed: the leading minor of this order (counting
/// from 1) is not positive definite (or holds a NaN).
#[derive(Debug, PartialEq, Eq)]
pub struct NotPositiveDefinite(pub usize);

/// Write the lower Cholesky factor `L` of `a` (`a = L·Lᴴ`) into `out`, or
/// its conjugate transpose `Lᴴ` when `upper`. Only the lower triangle of
/// `a` is read (its diagonal's real part). `out`'s other triangle is left
/// as it is (callers pass zeros). `a` is square of order at most [`MAX`].
pub fn cholesky_into<T: Field>(
    a: MatRef<'_, T>,
    mut out: MatMut<'_, T>,
    upper: bool,
) -> Result<(), NotPositiveDefinite> {
    let n = a.nrows();
    assert!(
        n == a.ncols() && n <= MAX,
        "small Cholesky of a {n}x{} matrix",
        a.ncols()
    );
    // Row-major L; row j is computed from rows 0..j (Cholesky-Banachiewicz).
    let mut l = [T::zero(); MAX * MAX];
    for j in 0..n {
        let (done, rest) = l.split_at_mut(j * n);
        let row = &mut rest[..n];
        for k in 0..=j {
            // L[j][k] = (a[j][k] - sum over p < k of L[j][p] conj(L[k][p])) / L[k][k]
            let other = if k < j {
                &done[k * n..k * n + k]
            } else {
                &row[..k]
            };
            let dot = row[..k]
                .iter()
                .zip(other)
                .fold(T::zero(), |s, (&x, &y)| s + x * conj(&y));
            if k < j {
                row[k] = (a[(j, k)] - dot) / done[k * n + k];
            } else {
                let d = real(&a[(j, j)]) - real(&dot);
                // Only a positive pivot goes on (not zero, negative or NaN).
                let positive =
                    d.partial_cmp(&real(&T::zero())) == Some(std::cmp::Ordering::Greater);
                if !positive {
                    return Err(NotPositiveDefinite(j + 1));
                }
                row[j] = from_real(&sqrt(&d));
            }
        }
    }
    for i in 0..n {
        for j in 0..=i {
            let v = l[i * n + j];
            if upper {
                out[(j, i)] = conj(&v);
            } else {
                out[(i, j)] = v;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use faer::{Mat, Side};
    use num_complex::Complex64;

    /// A Hermitian positive-definite n×n matrix: B·Bᴴ + n·I.
    fn spd(n: usize, seed: u64) -> Mat<Complex64> {
        let mut s = seed;
        let mut next = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        let b = Mat::from_fn(n, n, |_, _| Complex64::new(next(), next()));
        let mut a = &b * b.adjoint();
        for i in 0..n {
            a[(i, i)] += Complex64::new(n as f64, 0.0);
        }
        a
    }

    fn max_error(a: MatRef<'_, Complex64>, b: MatRef<'_, Complex64>) -> f64 {
        let mut worst: f64 = 0.0;
        for j in 0..a.ncols() {
            for i in 0..a.nrows() {
                worst = worst.max((a[(i, j)] - b[(i, j)]).norm());
            }
        }
        worst
    }

    #[test]
    fn factors_match_faer_and_rebuild_the_matrix() {
        for n in 1..=MAX {
            let a = spd(n, n as u64);
            let mut lower = Mat::<Complex64>::zeros(n, n);
            cholesky_into(a.as_ref(), lower.as_mut(), false).unwrap();
            let theirs = a.llt(Side::Lower).unwrap();
            assert!(max_error(lower.as_ref(), theirs.L()) < 1e-12, "n = {n}");
            let rebuilt = &lower * lower.adjoint();
            assert!(max_error(rebuilt.as_ref(), a.as_ref()) < 1e-12, "n = {n}");
            let mut upper = Mat::<Complex64>::zeros(n, n);
            cholesky_into(a.as_ref(), upper.as_mut(), true).unwrap();
            assert!(max_error(upper.as_ref(), lower.adjoint().to_owned().as_ref()) == 0.0);
        }
    }

    #[test]
    fn reads_only_the_lower_triangle() {
        let a = spd(5, 9);
        let mut garbage = a.clone();
        for i in 0..5 {
            for j in i + 1..5 {
                garbage[(i, j)] = Complex64::new(f64::NAN, 7.0);
            }
        }
        let (mut x, mut y) = (Mat::zeros(5, 5), Mat::zeros(5, 5));
        cholesky_into(a.as_ref(), x.as_mut(), false).unwrap();
        cholesky_into(garbage.as_ref(), y.as_mut(), false).unwrap();
        assert_eq!(x, y);
    }

    #[test]
    fn rejects_matrices_that_are_not_positive_definite() {
        // [[1, 2], [2, 1]] is indefinite: the second pivot is 1 - 4 < 0.
        let indefinite = Mat::from_fn(2, 2, |i, j| if i == j { 1.0 } else { 2.0 });
        let mut out = Mat::<f64>::zeros(2, 2);
        let err = cholesky_into(indefinite.as_ref(), out.as_mut(), false);
        assert_eq!(err, Err(NotPositiveDefinite(2)));
        let zero = Mat::<f64>::zeros(3, 3);
        assert_eq!(
            cholesky_into(zero.as_ref(), out.as_mut(), false),
            Err(NotPositiveDefinite(1))
        );
        let nan = Mat::from_fn(1, 1, |_, _| f64::NAN);
        let mut one = Mat::<f64>::zeros(1, 1);
        assert!(cholesky_into(nan.as_ref(), one.as_mut(), false).is_err());
    }
}
