//! Manipulation functions that need more than a view: stack, concat, flip,
//! and axis normalization shared by the section's bindings.

use crate::array::Array;
use crate::error::{Error, Result};
use crate::layout::broadcast_shapes;

/// Normalize a possibly negative axis for an array of `ndim` dimensions.
pub fn normalize_axis(axis: isize, ndim: usize) -> Result<usize> {
    let n = ndim as isize;
    if axis < -n || axis >= n {
        return Err(Error::Index(format!(
            "axis {axis} is out of bounds for an array of {ndim} dimensions"
        )));
    }
    Ok(if axis < 0 {
        (axis + n) as usize
    } else {
        axis as usize
    })
}

/// Normalize a list of axes, rejecting repeats.
pub fn normalize_axes(axes: &[isize], ndim: usize) -> Result<Vec<usize>> {
    let mut out = Vec::with_capacity(axes.len());
    for &a in axes {
        let a = normalize_axis(a, ndim)?;
        if out.contains(&a) {
            return Err(Error::Value(format!("repeated axis {a} in {axes:?}")));
        }
        out.push(a);
    }
    Ok(out)
}

/// Broadcast several shapes together.
pub fn broadcast_all(shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let shape = shapes
        .iter()
        .try_fold(crate::layout::Dims::new(), |acc, s| {
            broadcast_shapes(&acc, s)
        })?;
    Ok(shape.to_vec())
}

/// View with the given axes reversed.
pub fn flip(x: &Array, axes: &[usize]) -> Array {
    let mut out = x.clone();
    for &a in axes {
        let n = out.shape()[a];
        if n > 1 {
            out = out.slice_axis(a, n - 1, n, -1);
        }
    }
    out
}

/// Join arrays along an existing axis; dtypes are promoted.
pub fn concat(arrays: &[Array], axis: usize) -> Result<Array> {
    let first = arrays
        .first()
        .ok_or_else(|| Error::Value("need at least one array to concatenate".into()))?;
    let ndim = first.ndim();
    if axis >= ndim {
        return Err(Error::Index(format!(
            "axis {axis} is out of bounds for {ndim} dimensions"
        )));
    }
    let mut dtype = first.dtype();
    let mut total = 0;
    for a in arrays {
        if a.ndim() != ndim || (0..ndim).any(|i| i != axis && a.shape()[i] != first.shape()[i]) {
            return Err(Error::Value(format!(
                "cannot concatenate shapes {:?} and {:?} along axis {axis}",
                first.shape(),
                a.shape()
            )));
        }
        dtype = crate::dtype::promote(dtype, a.dtype());
        total += a.shape()[axis];
    }
    let mut shape = first.shape().to_vec();
    shape[axis] = total;
    let out = Array::zeros(dtype, &shape)?;
    let mut start = 0;
    for a in arrays {
        let len = a.shape()[axis];
        out.slice_axis(axis, start, len, 1).assign(a)?;
        start += len;
    }
    Ok(out)
}

/// Join arrays of one shape along a new axis.
pub fn stack(arrays: &[Array], axis: usize) -> Result<Array> {
    let first = arrays
        .first()
        .ok_or_else(|| Error::Value("need at least one array to stack".into()))?;
    if arrays.iter().any(|a| a.shape() != first.shape()) {
        return Err(Error::Value(
            "all arrays to stack must have the same shape".into(),
        ));
    }
    if axis > first.ndim() {
        return Err(Error::Index(format!("axis {axis} is out of bounds")));
    }
    let expanded: Vec<Array> = arrays.iter().map(|a| a.insert_axis(axis)).collect();
    concat(&expanded, axis)
}

/// Whether every element is true (`any == false`) or any is (`any == true`),
/// reduced over `axes`.
pub fn all_any(x: &Array, axes: &[usize], keepdims: bool, any: bool) -> Result<Array> {
    let ndim = x.ndim();
    let kept: Vec<usize> = (0..ndim).filter(|a| !axes.contains(a)).collect();
    let order: Vec<usize> = kept.iter().chain(axes.iter()).copied().collect();
    let moved = x.permute(&order)?.astype(crate::DType::Bool)?;
    let out_shape: Vec<usize> = kept.iter().map(|&a| x.shape()[a]).collect();
    let inner: usize = axes.iter().map(|&a| x.shape()[a]).product();
    let out = Array::zeros(crate::DType::Bool, &out_shape)?;
    let src = moved.as_slice::<bool>().expect("fresh contiguous copy");
    // SAFETY: fresh contiguous bool array, not shared.
    let dst = unsafe { out.slice_mut_unchecked::<bool>() };
    for (i, d) in dst.iter_mut().enumerate() {
        let group = &src[i * inner..(i + 1) * inner];
        *d = if any {
            group.iter().any(|&v| v)
        } else {
            group.iter().all(|&v| v)
        };
    }
    if keepdims {
        let shape: Vec<usize> = (0..ndim)
            .map(|a| if axes.contains(&a) { 1 } else { x.shape()[a] })
            .collect();
        return out.reshape(&shape);
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
    fn concat_stack_flip() {
        let a = arange_int(0, 4, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 2])
            .unwrap();
        let c = concat(&[a.clone(), a.clone()], 1).unwrap();
        assert_eq!(c.shape(), &[2, 4]);
        assert_eq!(vals(&c), vec![0, 1, 0, 1, 2, 3, 2, 3]);
        let s = stack(&[a.clone(), a.clone()], 0).unwrap();
        assert_eq!(s.shape(), &[2, 2, 2]);
        assert_eq!(vals(&flip(&a, &[0, 1])), vec![3, 2, 1, 0]);
        assert!(concat(&[a.clone(), arange_int(0, 3, 1, DType::Int64).unwrap()], 0).is_err());
    }

    #[test]
    fn all_and_any_over_axes() {
        let a = arange_int(0, 6, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 3])
            .unwrap();
        assert_eq!(vals(&all_any(&a, &[1], false, false).unwrap()), vec![0, 1]);
        assert_eq!(
            vals(&all_any(&a, &[0], false, true).unwrap()),
            vec![1, 1, 1]
        );
        let k = all_any(&a, &[0, 1], true, true).unwrap();
        assert_eq!(k.shape(), &[1, 1]);
        assert_eq!(normalize_axis(-1, 2).unwrap(), 1);
        assert!(normalize_axes(&[0, -2], 2).is_err());
    }
}
