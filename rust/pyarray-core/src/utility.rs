//! Utility functions: `diff` (`all` and `any` live with manipulation).

use crate::array::Array;
use crate::elementwise::{binary, BinaryOp};
use crate::error::{Error, Result};
use crate::manipulation::concat;

/// `prepend`/`append` for `diff`: a 0-d value is broadcast to one slice
/// along `axis` (NumPy); arrays are used as given.
fn edge(v: &Array, x: &Array, axis: usize) -> Result<Array> {
    if v.ndim() > 0 {
        return Ok(v.clone());
    }
    let mut shape = x.shape().to_vec();
    shape[axis] = 1;
    v.broadcast_to(&shape)
}

/// The `n`-th forward difference along `axis`, after joining `prepend` and
/// `append` to `x` along that axis. Bool differences are `!=` (NumPy).
pub fn diff(
    x: &Array,
    axis: usize,
    n: usize,
    prepend: Option<&Array>,
    append: Option<&Array>,
) -> Result<Array> {
    if x.ndim() == 0 {
        return Err(Error::Value("diff needs at least one dimension".into()));
    }
    if n == 0 {
        // NumPy returns x itself, ignoring prepend and append.
        return x.to_contiguous();
    }
    let mut parts = Vec::with_capacity(3);
    if let Some(p) = prepend {
        parts.push(edge(p, x, axis)?);
    }
    parts.push(x.clone());
    if let Some(a) = append {
        parts.push(edge(a, x, axis)?);
    }
    let mut a = if parts.len() > 1 {
        concat(&parts, axis)?
    } else {
        x.clone()
    };
    for _ in 0..n {
        let len = a.shape()[axis].saturating_sub(1);
        let hi = a.slice_axis(axis, 1.min(a.shape()[axis]), len, 1);
        let lo = a.slice_axis(axis, 0, len, 1);
        let op = if a.dtype().is_bool() {
            BinaryOp::NotEqual
        } else {
            BinaryOp::Subtract
        };
        a = binary(op, &hi, &lo)?;
    }
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_util::f64s as vals;

    #[test]
    fn differences_with_edges() {
        let x = Array::from_vec(&[1i64, 4, 9, 16], &[2, 2]).unwrap();
        assert_eq!(vals(&diff(&x, 1, 1, None, None).unwrap()), vec![3.0, 7.0]);
        assert_eq!(vals(&diff(&x, 0, 1, None, None).unwrap()), vec![8.0, 12.0]);
        let z = Array::from_vec(&[0i64], &[]).unwrap();
        let d = diff(&x, 1, 2, Some(&z), None).unwrap();
        assert_eq!(vals(&d), vec![2.0, -2.0]);
        assert_eq!(diff(&x, 1, 3, None, None).unwrap().shape(), &[2, 0]);
        assert!(diff(&z, 0, 1, None, None).is_err());
    }
}
