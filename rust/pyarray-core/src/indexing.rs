//! Basic indexing (integers, slices, `None`, `...`): always a view.

use crate::advanced::{advanced_index, first_out_of_bounds, out_of_bounds, KeyItem};
use crate::array::Array;
use crate::error::{Error, Result};
use crate::kernels::gather::gather_1d_bytes;

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
    // i128 division is a library call: divide in i64 when the values fit.
    let div = |a: i128, b: i128| match (i64::try_from(a), i64::try_from(b)) {
        (Ok(a), Ok(b)) => (a / b) as i128,
        _ => a / b,
    };
    let count = if step > 0 {
        if stop > start {
            div(stop - start + step - 1, step)
        } else {
            0
        }
    } else if start > stop {
        div(start - stop + (-step) - 1, -step)
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
    // One integer or slice on the first axis (`x[3]`, `x[::2]`), the
    // commonest keys, skip the key walk.
    if let ([k], Some(&len)) = (key, x.shape().first()) {
        match *k {
            Index::Int(i) => return Ok(x.index_axis(0, normalize_index(i, len, 0)?)),
            Index::Slice { start, stop, step } => {
                let (first, count, step) = resolve_slice(len, start, stop, step)?;
                return Ok(x.slice_axis(0, first, count, step));
            }
            Index::NewAxis | Index::Ellipsis => {}
        }
    }
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
    // One copy of `x` indexed in place, axis by axis (no intermediate views:
    // a getitem is a small call whose cost is mostly overhead).
    let mut out = x.clone();
    let mut axis = 0; // position in `out` of the next axis to index
    for k in key {
        match *k {
            Index::Int(i) => {
                let j = normalize_index(i, out.shape()[axis], axis)?;
                out.index_axis_in_place(axis, j);
            }
            Index::Slice { start, stop, step } => {
                let (first, count, step) = resolve_slice(out.shape()[axis], start, stop, step)?;
                out.slice_axis_in_place(axis, first, count, step);
                axis += 1;
            }
            Index::NewAxis => {
                out.insert_axis_in_place(axis);
                axis += 1;
            }
            Index::Ellipsis => axis += x.ndim() - consumed,
        }
    }
    Ok(out)
}

/// A full slice (`:`), for building keys.
pub const FULL: Index = Index::Slice {
    start: None,
    stop: None,
    step: None,
};

/// Elements of `x` at `indices` along `axis` (negative indices count from
/// the end); the result has `indices`' dimensions in place of `axis`.
pub fn take(x: &Array, indices: &Array, axis: usize) -> Result<Array> {
    if !indices.dtype().is_integer() {
        return Err(Error::Type(format!(
            "take: indices must have an integer dtype, not {}",
            indices.dtype()
        )));
    }
    if axis >= x.ndim() {
        return Err(Error::Index(format!(
            "take: axis {axis} is out of bounds for {} dimensions",
            x.ndim()
        )));
    }
    if let Some(taken) = take_1d(x, indices) {
        return taken;
    }
    let mut key = vec![KeyItem::Basic(FULL); axis];
    key.push(KeyItem::Array(indices.clone()));
    advanced_index(x, &key)
}

/// `take` from a C-contiguous 1-D array by C-contiguous int64 indices (the
/// common case) in one pass (`kernels::gather::gather_1d`); None for any
/// other layout or index dtype, which go through advanced indexing.
fn take_1d(x: &Array, indices: &Array) -> Option<Result<Array>> {
    // Elements are moved as unsigned integers of their size, which needs
    // the data aligned to that size (a foreign buffer may not be).
    let aligned = (x.data_ptr() as usize).is_multiple_of(x.itemsize());
    if x.ndim() != 1 || !x.is_c_contiguous() || !aligned {
        return None;
    }
    let idx = indices.as_slice::<i64>()?;
    // SAFETY: on success gather_1d wrote every element; on failure `out` is dropped.
    let out = match unsafe { Array::for_overwrite(x.dtype(), indices.shape()) } {
        Ok(out) => out,
        Err(e) => return Some(Err(e)),
    };
    let n = x.size();
    // SAFETY: x is C-contiguous with n elements, aligned (checked above);
    // `out` is fresh, C-contiguous, of x's dtype and not shared.
    let in_bounds = unsafe { gather_1d_bytes(x.itemsize(), x.data_ptr(), n, idx, out.data_ptr()) };
    if in_bounds {
        return Some(Ok(out));
    }
    let bad = first_out_of_bounds(idx.iter().copied(), n as i64);
    Some(Err(out_of_bounds(bad, 0, n)))
}

/// Elements of `x` at `indices` along `axis`, matched position by position
/// on the other axes (which broadcast between `x` and `indices`).
pub fn take_along_axis(x: &Array, indices: &Array, axis: usize) -> Result<Array> {
    if !indices.dtype().is_integer() {
        return Err(Error::Type(format!(
            "take_along_axis: indices must have an integer dtype, not {}",
            indices.dtype()
        )));
    }
    let n = x.ndim();
    if indices.ndim() != n {
        return Err(Error::Value(format!(
            "take_along_axis: indices must have as many dimensions as x ({n}), not {}",
            indices.ndim()
        )));
    }
    if axis >= n {
        return Err(Error::Index(format!(
            "take_along_axis: axis {axis} is out of bounds for {n} dimensions"
        )));
    }
    // Every other axis d is indexed by arange(len) shaped to lie along d, so
    // all index arrays broadcast to the result shape.
    let mut key = Vec::with_capacity(n);
    for d in 0..n {
        if d == axis {
            key.push(KeyItem::Array(indices.clone()));
            continue;
        }
        let len = x.shape()[d];
        let mut shape = vec![1; n];
        shape[d] = len;
        let values: Vec<i64> = (0..len as i64).collect();
        key.push(KeyItem::Array(Array::from_vec(&values, &shape)?));
    }
    advanced_index(x, &key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::arange_int;
    use crate::DType;

    use crate::test_util::i64s as vals;

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

    #[test]
    fn single_keys_on_the_first_axis() {
        let a = arange_int(0, 12, 1, DType::Int64)
            .unwrap()
            .reshape(&[3, 4])
            .unwrap();
        let row = basic_index(&a, &[Index::Int(-1)]).unwrap();
        assert_eq!((row.shape(), vals(&row)), (&[4][..], vec![8, 9, 10, 11]));
        assert!(row.is_c_contiguous());
        let back = basic_index(
            &a,
            &[Index::Slice {
                start: None,
                stop: None,
                step: Some(-2),
            }],
        )
        .unwrap();
        assert_eq!(vals(&back), vec![8, 9, 10, 11, 0, 1, 2, 3]);
        assert!(matches!(
            basic_index(&a, &[Index::Int(3)]),
            Err(Error::Index(_))
        ));
        let column = a.index_axis(1, 2);
        assert_eq!((column.shape(), vals(&column)), (&[3][..], vec![2, 6, 10]));
        let scalar = basic_index(&row, &[Index::Int(0)]).unwrap();
        assert!(matches!(
            basic_index(&scalar, &[Index::Int(0)]),
            Err(Error::Index(_))
        ));
    }
}
