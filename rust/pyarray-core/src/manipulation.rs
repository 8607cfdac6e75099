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
    if concat_contiguous(arrays, &out, axis) {
        return Ok(out);
    }
    let mut start = 0;
    for a in arrays {
        let len = a.shape()[axis];
        out.slice_axis(axis, start, len, 1).assign(a)?;
        start += len;
    }
    Ok(out)
}

/// Fast path of `concat` (many small arrays): when every input is
/// C-contiguous and already of the output dtype, each contributes one byte
/// chunk per row of the axes before `axis`; copy those directly. Returns
/// false (having done nothing) otherwise.
fn concat_contiguous(arrays: &[Array], out: &Array, axis: usize) -> bool {
    if !arrays
        .iter()
        .all(|a| a.dtype() == out.dtype() && a.is_c_contiguous())
    {
        return false;
    }
    let outer: usize = out.shape()[..axis].iter().product();
    let inner = out.shape()[axis + 1..].iter().product::<usize>() * out.itemsize();
    let row = out.shape()[axis] * inner;
    let mut col = 0;
    for a in arrays {
        let chunk = a.shape()[axis] * inner;
        for o in 0..outer {
            // SAFETY: `a` is C-contiguous, so row o of it is `chunk` bytes at
            // o * chunk; `out` is fresh (no overlap) and row o of it has room
            // for every input's chunk at `col`.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    a.data_ptr().add(o * chunk),
                    out.data_ptr().add(o * row + col),
                    chunk,
                )
            };
        }
        col += chunk;
    }
    true
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

/// View with axes `source` moved to positions `destination` (both already
/// normalized, same length, no repeats); the other axes keep their order.
pub fn moveaxis(x: &Array, source: &[usize], destination: &[usize]) -> Result<Array> {
    if source.len() != destination.len() {
        return Err(Error::Value(format!(
            "moveaxis: source {source:?} and destination {destination:?} differ in length"
        )));
    }
    let n = x.ndim();
    let mut order: Vec<usize> = (0..n).filter(|a| !source.contains(a)).collect();
    let mut moves: Vec<(usize, usize)> = destination
        .iter()
        .copied()
        .zip(source.iter().copied())
        .collect();
    // Inserting in increasing destination order puts each at its final place.
    moves.sort_unstable();
    for (dst, src) in moves {
        order.insert(dst, src);
    }
    x.permute(&order)
}

/// Repeat each element along `axis` `repeats[i]` times (one count for all
/// when `repeats` has length 1).
pub fn repeat(x: &Array, repeats: &[usize], axis: usize) -> Result<Array> {
    if axis >= x.ndim() {
        return Err(Error::Index(format!(
            "repeat: axis {axis} is out of bounds for {} dimensions",
            x.ndim()
        )));
    }
    let len = x.shape()[axis];
    if repeats.len() != 1 && repeats.len() != len {
        return Err(Error::Value(format!(
            "repeat: {} repeats cannot be broadcast to an axis of length {len}",
            repeats.len()
        )));
    }
    let count = |i: usize| {
        if repeats.len() == 1 {
            repeats[0]
        } else {
            repeats[i]
        }
    };
    let total = (0..len).try_fold(0usize, |acc, i| acc.checked_add(count(i)));
    let total = total.ok_or_else(|| Error::Value("repeat: result is too big".into()))?;
    crate::layout::checked_size(&[total], x.itemsize())?;
    let mut index = crate::advanced::try_vec(total)?;
    for i in 0..len {
        index.extend(std::iter::repeat_n(i as i64, count(i)));
    }
    let index = Array::from_vec(&index, &[total])?;
    crate::indexing::take(x, &index, axis)
}

/// Roll elements along axes: element i moves to (i + shift) mod len.
/// `shifts` pairs an axis with its shift; repeated axes add up, as in NumPy.
pub fn roll(x: &Array, shifts: &[(usize, isize)]) -> Result<Array> {
    let mut total = vec![0isize; x.ndim()];
    for &(axis, shift) in shifts {
        let len = x.shape()[axis] as isize;
        if len > 0 {
            total[axis] = (total[axis] + shift.rem_euclid(len)).rem_euclid(len);
        }
    }
    let rolled: Vec<usize> = (0..x.ndim()).filter(|&a| total[a] != 0).collect();
    let out = Array::zeros(x.dtype(), x.shape())?;
    // Each rolled axis splits into two pieces; copy all 2^k combinations.
    for combo in 0..1usize << rolled.len() {
        let (mut dst, mut src) = (out.clone(), x.clone());
        for (bit, &a) in rolled.iter().enumerate() {
            let len = x.shape()[a];
            let s = total[a] as usize;
            if combo >> bit & 1 == 0 {
                // src[0 .. len-s] -> dst[s .. len]
                dst = dst.slice_axis(a, s, len - s, 1);
                src = src.slice_axis(a, 0, len - s, 1);
            } else {
                // src[len-s .. len] -> dst[0 .. s]
                dst = dst.slice_axis(a, 0, s, 1);
                src = src.slice_axis(a, len - s, s, 1);
            }
        }
        dst.assign(&src)?;
    }
    Ok(out)
}

/// Tile `x`: `reps` (padded with leading 1s, or `x` with leading axes, to a
/// common length) copies along each axis.
pub fn tile(x: &Array, reps: &[usize]) -> Result<Array> {
    let n = x.ndim().max(reps.len());
    let mut base = x.clone();
    while base.ndim() < n {
        base = base.insert_axis(0);
    }
    let reps: Vec<usize> = std::iter::repeat_n(1, n - reps.len())
        .chain(reps.iter().copied())
        .collect();
    // View x as (1, d0, 1, d1, ...), broadcast to (r0, d0, r1, d1, ...), copy
    // once, and merge each (ri, di) pair: one pass, no intermediate copies.
    let mut spread = base.clone();
    let mut target = Vec::with_capacity(2 * n);
    for (i, (&r, &d)) in reps.iter().zip(base.shape()).enumerate() {
        spread = spread.insert_axis(2 * i);
        target.push(r);
        target.push(d);
    }
    crate::layout::checked_size(&target, x.itemsize())?;
    let final_shape: Vec<usize> = (0..n).map(|i| reps[i] * base.shape()[i]).collect();
    let out = spread.broadcast_to(&target)?.to_contiguous()?;
    out.reshape(&final_shape)
}

/// Views of `x` split along `axis` (each without that axis).
pub fn unstack(x: &Array, axis: usize) -> Result<Vec<Array>> {
    if axis >= x.ndim() {
        return Err(Error::Index(format!(
            "unstack: axis {axis} is out of bounds for {} dimensions",
            x.ndim()
        )));
    }
    Ok((0..x.shape()[axis])
        .map(|i| x.index_axis(axis, i))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::arange_int;
    use crate::DType;

    use crate::test_util::i64s as vals;

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
