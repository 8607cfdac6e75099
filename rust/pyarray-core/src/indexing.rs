//! Basic indexing (integers, slices, `None`, `...`): always a view.

use crate::array::Array;
use crate::error::{Error, Result};

/// One component of an indexing key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Index {
    /// A single position (negative counts from the end); removes the axis.
    Int(isize),
    /// `start:stop:step` with Python's defaults for `None`.
    Slice {
        start: Option<isize>,
        stop: Option<isize>,
        step: Option<isize>,
    },
    /// `None`: a new axis of length 1.
    NewAxis,
    /// `...`: as many full slices as needed.
    Ellipsis,
}

/// Python's slice resolution: (first index, number of elements, step).
pub fn resolve_slice(
    len: usize,
    start: Option<isize>,
    stop: Option<isize>,
    step: Option<isize>,
) -> Result<(usize, usize, isize)> {
    let step = step.unwrap_or(1) as i128;
    if step == 0 {
        return Err(Error::Value("slice step cannot be zero".into()));
    }
    // i128 so that extreme bounds and steps cannot overflow.
    let n = len as i128;
    let clamp = |v: i128, lo: i128, hi: i128| v.clamp(lo, hi);
    let norm = |v: isize| {
        let v = v as i128;
        if v < 0 {
            v + n
        } else {
            v
        }
    };
    let (start, stop) = if step > 0 {
        (
            start.map_or(0, |s| clamp(norm(s), 0, n)),
            stop.map_or(n, |s| clamp(norm(s), 0, n)),
        )
    } else {
        (
            start.map_or(n - 1, |s| clamp(norm(s), -1, n - 1)),
            stop.map_or(-1, |s| clamp(norm(s), -1, n - 1)),
        )
    };
    let count = if step > 0 {
        if stop > start {
            (stop - start + step - 1) / step
        } else {
            0
        }
    } else if start > stop {
        (start - stop + (-step) - 1) / (-step)
    } else {
        0
    };
    Ok((
        if count > 0 { start as usize } else { 0 },
        count as usize,
        step as isize,
    ))
}

/// Normalize a possibly negative index into `0..len`, or IndexError.
pub fn normalize_index(i: isize, len: usize, axis: usize) -> Result<usize> {
    let j = if i < 0 { i + len as isize } else { i };
    if j < 0 || j >= len as isize {
        return Err(Error::Index(format!(
            "index {i} is out of bounds for axis {axis} with size {len}"
        )));
    }
    Ok(j as usize)
}

/// Apply a basic indexing key; the result is a view of `x`.
pub fn basic_index(x: &Array, key: &[Index]) -> Result<Array> {
    let ellipses = key.iter().filter(|k| matches!(k, Index::Ellipsis)).count();
    if ellipses > 1 {
        return Err(Error::Index(
            "an index can only have a single ellipsis ('...')".into(),
        ));
    }
    let consumed = key
        .iter()
        .filter(|k| matches!(k, Index::Int(_) | Index::Slice { .. }))
        .count();
    if consumed > x.ndim() {
        return Err(Error::Index(format!(
            "too many indices: array is {}-dimensional, but {consumed} were indexed",
            x.ndim()
        )));
    }
    let mut out = x.clone();
    let mut axis = 0; // position in `out` of the next axis to index
    for k in key {
        match *k {
            Index::Int(i) => {
                let j = normalize_index(i, out.shape()[axis], axis)?;
                out = out.index_axis(axis, j);
            }
            Index::Slice { start, stop, step } => {
                let (first, count, step) = resolve_slice(out.shape()[axis], start, stop, step)?;
                out = out.slice_axis(axis, first, count, step);
                axis += 1;
            }
            Index::NewAxis => {
                out = out.insert_axis(axis);
                axis += 1;
            }
            Index::Ellipsis => axis += x.ndim() - consumed,
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::arange_int;
    use crate::DType;

    fn vals(a: &Array) -> Vec<i64> {
        a.to_scalars().into_iter().map(|s| s.as_i64()).collect()
    }

    #[test]
    fn slices_follow_python() {
        assert_eq!(resolve_slice(5, None, None, Some(-1)).unwrap(), (4, 5, -1));
        assert_eq!(resolve_slice(5, Some(-2), None, None).unwrap(), (3, 2, 1));
        assert_eq!(resolve_slice(5, Some(10), None, None).unwrap().1, 0);
        assert_eq!(
            resolve_slice(5, Some(1), Some(4), Some(2)).unwrap(),
            (1, 2, 2)
        );
        assert!(resolve_slice(5, None, None, Some(0)).is_err());
        assert_eq!(
            resolve_slice(7, None, None, Some(isize::MAX)).unwrap(),
            (0, 1, isize::MAX)
        );
        assert_eq!(
            resolve_slice(7, None, None, Some(isize::MIN)).unwrap(),
            (6, 1, isize::MIN)
        );
    }

    #[test]
    fn mixed_keys() {
        let a = arange_int(0, 24, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 3, 4])
            .unwrap();
        let v = basic_index(&a, &[Index::Ellipsis, Index::Int(-1)]).unwrap();
        assert_eq!(v.shape(), &[2, 3]);
        assert_eq!(vals(&v), vec![3, 7, 11, 15, 19, 23]);
        let v = basic_index(
            &a,
            &[
                Index::Int(1),
                Index::NewAxis,
                Index::Slice {
                    start: None,
                    stop: None,
                    step: Some(-2),
                },
            ],
        )
        .unwrap();
        assert_eq!(v.shape(), &[1, 2, 4]);
        assert_eq!(vals(&v), vec![20, 21, 22, 23, 12, 13, 14, 15]);
        assert!(matches!(
            basic_index(&a, &[Index::Int(2)]),
            Err(Error::Index(_))
        ));
        assert!(basic_index(&a, &[Index::Int(0); 4]).is_err());
    }
}
