//! Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted
//! and where.

use crate::array::Array;
use crate::dtype::{promote, DType, Element};
use crate::error::Result;
use crate::iter::for_each_run_in_order_of_first;
use crate::kernels::loops::PARALLEL_THRESHOLD as PARALLEL_MIN;
use crate::kernels::loops::{select, Operand};
use crate::kernels::math::Real;
use crate::layout::{broadcast_shapes, broadcast_strides, same_dims, same_layout};
use crate::sorting::{lt_nan_last, sort_dtype};
use crate::statistical::{map_lanes, prepare, reduced_shape};
use crate::Error;

/// Index of the first maximum (or minimum) of a non-empty lane; a NaN counts
/// as the extreme, so the first NaN wins (NumPy). One pass over the data:
/// each block's extreme comes from a vectorisable loop, and only the block
/// that holds the overall extreme is searched again for its first position.
/// `MAX` is a const parameter so the comparison is fixed at compile time
/// (a runtime flag kept the loop from vectorising: 5x slower).
fn arg_extreme<T: Real, const MAX: bool>(lane: &[T]) -> usize {
    const BLOCK: usize = 4096;
    let better = |v: T, a: T| if MAX { v > a } else { v < a };
    let (mut best, mut best_block) = (lane[0], 0);
    for (i, block) in lane.chunks(BLOCK).enumerate() {
        let (extreme, nan) = block_extreme::<T, MAX>(block);
        if nan {
            let at = block.iter().position(|v| v.is_nan());
            return i * BLOCK + at.expect("a NaN was seen");
        }
        if better(extreme, best) {
            (best, best_block) = (extreme, i);
        }
    }
    let start = best_block * BLOCK;
    let at = lane[start..].iter().position(|&v| v == best);
    start + at.expect("the extreme is in the lane")
}

/// `arg_extreme` with the halves of a long lane searched on two threads,
/// split again `halvings - 1` times. The left half wins ties and holds the first NaN if it has one,
/// so the index is the one-thread result.
fn arg_extreme_parallel<T: Real, const MAX: bool>(lane: &[T], halvings: u32) -> usize {
    if lane.len() < PARALLEL_MIN || halvings == 0 {
        return arg_extreme::<T, MAX>(lane);
    }
    let half = lane.len() / 2;
    let (left, right) = crate::threads::join(
        || arg_extreme_parallel::<T, MAX>(&lane[..half], halvings - 1),
        || half + arg_extreme_parallel::<T, MAX>(&lane[half..], halvings - 1),
    );
    let (l, r) = (lane[left], lane[right]);
    let right_wins = if l.is_nan() {
        false
    } else if r.is_nan() {
        true
    } else if MAX {
        r > l
    } else {
        r < l
    };
    if right_wins {
        right
    } else {
        left
    }
}

/// Extreme of a non-empty block and whether it holds a NaN, with AVX2 when
/// the CPU has it (the baseline build only has SSE2).
fn block_extreme<T: Real, const MAX: bool>(block: &[T]) -> (T, bool) {
    #[cfg(target_arch = "x86_64")]
    if crate::kernels::loops::has_avx2() {
        // SAFETY: the CPU supports AVX2 (checked at run time).
        return unsafe { block_extreme_avx2::<T, MAX>(block) };
    }
    block_extreme_generic::<T, MAX>(block)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn block_extreme_avx2<T: Real, const MAX: bool>(block: &[T]) -> (T, bool) {
    block_extreme_generic::<T, MAX>(block)
}

/// Eight independent accumulators so the compiler emits packed max/min;
/// `v != v` notes NaNs without a branch.
#[inline(always)]
#[allow(clippy::eq_op)] // v != v is the NaN test that works for every T
fn block_extreme_generic<T: Real, const MAX: bool>(block: &[T]) -> (T, bool) {
    let better = |v: T, a: T| if MAX { v > a } else { v < a };
    let mut acc = [block[0]; 8];
    let mut nan = [false; 8];
    let chunks = block.chunks_exact(8);
    let rest = chunks.remainder();
    for c in chunks {
        for k in 0..8 {
            nan[k] |= c[k] != c[k];
            acc[k] = if better(c[k], acc[k]) { c[k] } else { acc[k] };
        }
    }
    let nan = nan.iter().any(|&n| n) || rest.iter().any(|&v| v != v);
    let extreme = acc
        .iter()
        .chain(rest)
        .fold(acc[0], |a, &v| if better(v, a) { v } else { a });
    (extreme, nan)
}

/// Indices (int64) of the maxima (or minima) along `axis` (None: flattened).
pub fn argmax_argmin(x: &Array, axis: Option<usize>, keepdims: bool, max: bool) -> Result<Array> {
    let name = if max { "argmax" } else { "argmin" };
    let axes: Vec<usize> = match axis {
        Some(a) => vec![a],
        None => (0..x.ndim()).collect(),
    };
    let len: usize = axes.iter().map(|&a| x.shape()[a]).product();
    if len == 0 {
        return Err(Error::Value(format!(
            "attempt to get {name} of an empty sequence"
        )));
    }
    let dtype = sort_dtype(x.dtype(), name)?;
    let p = prepare(x, &axes, dtype, false)?;
    let out = Array::zeros(DType::Int64, &[p.count])?;
    // SAFETY: fresh contiguous int64 array, owned here.
    let dst = unsafe { out.slice_mut_unchecked::<i64>() };
    // One long lane splits across threads here; many lanes of a large input
    // split in `map_lanes` instead.
    let halvings = if p.count == 1 {
        crate::threads::halvings()
    } else {
        0
    };
    reals!(dtype, T => {
        map_lanes(&p, dst, |lane: &[T]| {
            (if max { arg_extreme_parallel::<T, true>(lane, halvings) } else { arg_extreme_parallel::<T, false>(lane, halvings) }) as i64
        });
    }, unreachable!("sort_dtype admits real dtypes only"));
    out.reshape(&reduced_shape(x.shape(), &axes, keepdims))
}

/// Number of nonzero (true) elements over `axes`, as int64.
pub fn count_nonzero(x: &Array, axes: &[usize], keepdims: bool) -> Result<Array> {
    let p = prepare(x, axes, DType::Bool, false)?;
    let src = p.slice::<bool>();
    let out = Array::zeros(DType::Int64, &[p.count])?;
    // SAFETY: fresh contiguous int64 array, owned here.
    let dst = unsafe { out.slice_mut_unchecked::<i64>() };
    for (i, o) in dst.iter_mut().enumerate() {
        *o = src[i * p.len..(i + 1) * p.len]
            .iter()
            .filter(|&&b| b)
            .count() as i64;
    }
    out.reshape(&reduced_shape(x.shape(), axes, keepdims))
}

/// Indices of the nonzero elements, one int64 array per axis, in C order.
pub fn nonzero(x: &Array) -> Result<Vec<Array>> {
    if x.ndim() == 0 {
        return Err(Error::Value(
            "nonzero is not defined for 0-d arrays; use nonzero(atleast_1d(x))".into(),
        ));
    }
    let b = x.astype(DType::Bool)?;
    let flat: Vec<usize> = b
        .as_slice::<bool>()
        .expect("fresh contiguous copy")
        .iter()
        .enumerate()
        .filter_map(|(i, &v)| v.then_some(i))
        .collect();
    let shape = x.shape();
    let mut out = Vec::with_capacity(x.ndim());
    // Stride of each axis in the flat C-order index.
    let mut div = x.size().max(1);
    for &d in shape {
        div /= d.max(1);
        let idx: Vec<i64> = flat.iter().map(|&f| ((f / div) % d) as i64).collect();
        out.push(Array::from_vec(&idx, &[idx.len()])?);
    }
    Ok(out)
}

/// Insertion points of `x2`'s elements into the sorted 1-D `x1` (sorted
/// through `sorter` if given), as int64 shaped like `x2`. `right` chooses
/// the side among equal elements.
pub fn searchsorted(x1: &Array, x2: &Array, right: bool, sorter: Option<&Array>) -> Result<Array> {
    if x1.ndim() != 1 {
        return Err(Error::Value(format!(
            "searchsorted needs a 1-d x1, not {} dimensions",
            x1.ndim()
        )));
    }
    let dtype = sort_dtype(promote(x1.dtype(), x2.dtype()), "searchsorted")?;
    let hay = match sorter {
        Some(s) => gather(x1, s)?.astype(dtype)?,
        None => x1.astype(dtype)?,
    };
    let needles = x2.astype(dtype)?;
    let out = Array::zeros(DType::Int64, x2.shape())?;
    // SAFETY: fresh contiguous int64 array, owned here.
    let dst = unsafe { out.slice_mut_unchecked::<i64>() };
    reals!(dtype, T => {
        let a = hay.as_slice::<T>().expect("fresh contiguous copy");
        let v = needles.as_slice::<T>().expect("fresh contiguous copy");
        for (o, &e) in dst.iter_mut().zip(v) {
            *o = if right {
                a.partition_point(|&h| !lt_nan_last(e, h))
            } else {
                a.partition_point(|&h| lt_nan_last(h, e))
            } as i64;
        }
    }, unreachable!("sort_dtype admits real dtypes only"));
    Ok(out)
}

/// `x[indices]` for a 1-D `x` and 1-D integer `indices` of the same length
/// (the `sorter` of searchsorted).
fn gather(x: &Array, indices: &Array) -> Result<Array> {
    if !indices.dtype().is_integer() || indices.shape() != x.shape() {
        return Err(Error::Value(
            "sorter must be an integer array of the same shape as x1".into(),
        ));
    }
    let idx = indices.astype(DType::Int64)?;
    let n = x.shape()[0];
    let x = x.to_contiguous()?;
    let out = Array::zeros(x.dtype(), &[n])?;
    crate::dispatch!(x.dtype(), T => {
        let src = x.as_slice::<T>().expect("fresh contiguous copy");
        // SAFETY: fresh contiguous array of T, owned here.
        let dst = unsafe { out.slice_mut_unchecked::<T>() };
        for (d, &i) in dst.iter_mut().zip(idx.as_slice::<i64>().expect("fresh copy")) {
            let k = if i < 0 { i + n as i64 } else { i };
            if k < 0 || k >= n as i64 {
                return Err(Error::Index(format!("sorter index {i} is out of bounds for size {n}")));
            }
            *d = src[k as usize];
        }
    });
    Ok(out)
}

/// Elements of `x1` where `condition` is true, else of `x2` (all broadcast;
/// `x1` and `x2` promoted to one dtype).
pub fn where_(condition: &Array, x1: &Array, x2: &Array) -> Result<Array> {
    let dtype = promote(x1.dtype(), x2.dtype());
    let shape = broadcast_shapes(
        &broadcast_shapes(condition.shape(), x1.shape())?,
        x2.shape(),
    )?;
    let cond = condition.to_dtype(DType::Bool)?;
    let (a, b) = (x1.to_dtype(dtype)?, x2.to_dtype(dtype)?);
    // Laid out as the first full-size operand (NumPy's order="K"): `where`
    // of transposed operands stays F-ordered and takes the flat path.
    let full = [&a, &b, &cond]
        .into_iter()
        .find(|x| same_dims(x.shape(), &shape));
    // SAFETY: both paths below write every element of `shape`.
    let out = unsafe { Array::for_overwrite_in_order_of(dtype, &shape, full)? };
    if select_whole_arrays(&out, &cond, &a, &b) {
        return Ok(out);
    }
    let bytes = |x: &Array| -> Result<Vec<isize>> {
        Ok(broadcast_strides(x.shape(), x.strides(), &shape)?
            .into_iter()
            .map(|s| s * x.itemsize() as isize)
            .collect())
    };
    let (sc, sa, sb, so) = (bytes(&cond)?, bytes(&a)?, bytes(&b)?, out.byte_strides());
    let ptrs = [out.data_ptr(), cond.data_ptr(), a.data_ptr(), b.data_ptr()];
    crate::dispatch!(dtype, T => {
        for_each_run_in_order_of_first(&shape, [&so, &sc, &sa, &sb], ptrs, |p, len, s| {
            for i in 0..len as isize {
                // SAFETY: every pointer walks inside its own (broadcast) operand.
                unsafe {
                    let c = *(p[1].offset(i * s[1]) as *const bool);
                    let src = if c { p[2].offset(i * s[2]) } else { p[3].offset(i * s[3]) };
                    let v = (src as *const T).read_unaligned();
                    (p[0].offset(i * s[0]) as *mut T).write_unaligned(<T as Element>::cast_from(v));
                }
            }
        })
    });
    Ok(out)
}

/// `where` as one run over whole buffers (`kernels::loops::select`) when
/// the output is dense, the condition has its shape and layout, and each
/// value operand does too or holds a single element; false (nothing
/// written) otherwise.
fn select_whole_arrays(out: &Array, cond: &Array, a: &Array, b: &Array) -> bool {
    let shape = out.shape();
    if !(out.is_dense()
        && same_dims(cond.shape(), shape)
        && same_layout(shape, cond.strides(), out.strides()))
    {
        return false;
    }
    // SAFETY: a bool array laid out as the dense `out`: out.size() elements
    // from its first, in the same order; its bytes are read as u8.
    let mask = unsafe { std::slice::from_raw_parts(cond.data_ptr() as *const u8, out.size()) };
    crate::dispatch!(out.dtype(), T => {
        match (Operand::<T>::laid_out_as(a, out), Operand::<T>::laid_out_as(b, out)) {
            (Some(x), Some(y)) => {
                // SAFETY: `out` is fresh, dense, of type T and not shared.
                select(unsafe { out.slice_mut_unchecked::<T>() }, mask, x, y);
                true
            }
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::{arange_int, full};
    use crate::dtype::Scalar;

    use crate::test_util::i64s as ints;

    /// First index of the maximum (or minimum), a NaN counting as the extreme.
    fn first_extreme(v: &[f64], max: bool) -> i64 {
        if let Some(i) = v.iter().position(|x| x.is_nan()) {
            return i as i64;
        }
        let best = v
            .iter()
            .copied()
            .fold(v[0], |a, b| if (b > a) == max && b != a { b } else { a });
        v.iter().position(|&x| x == best).unwrap() as i64
    }

    #[test]
    fn threaded_argmax_argmin_find_the_first_extreme() {
        let n = 3 * PARALLEL_MIN + 5;
        let base: Vec<f64> = (0..n).map(|i| ((i * 7919) % 10_007) as f64).collect();
        let mut cases = vec![base.clone()];
        // Ties across the halves (the left one must win), a lone NaN in the
        // right half, NaNs in both halves.
        let mut ties = base.clone();
        ties[10] = 1e9;
        ties[n - 10] = 1e9;
        ties[20] = -1e9;
        ties[n - 20] = -1e9;
        cases.push(ties.clone());
        let mut right_nan = ties.clone();
        right_nan[n - 3] = f64::NAN;
        cases.push(right_nan.clone());
        right_nan[n / 3] = f64::NAN;
        cases.push(right_nan);
        for v in &cases {
            let a = Array::from_vec(v, &[n]).unwrap();
            for max in [true, false] {
                let got = ints(&argmax_argmin(&a, None, false, max).unwrap());
                assert_eq!(got, vec![first_extreme(v, max)], "max={max}");
            }
        }
        // Many lanes of a large input: threads split the lanes.
        let m = Array::from_vec(&ties[..n - 5], &[3, PARALLEL_MIN]).unwrap();
        let want: Vec<i64> = ties[..n - 5]
            .chunks(PARALLEL_MIN)
            .map(|l| first_extreme(l, true))
            .collect();
        assert_eq!(
            ints(&argmax_argmin(&m, Some(1), false, true).unwrap()),
            want
        );
    }

    #[test]
    fn argmax_takes_first_extreme_and_nan() {
        let x = Array::from_vec(&[1.0, 5.0, 5.0, f64::NAN, f64::NAN], &[5]).unwrap();
        assert_eq!(
            ints(&argmax_argmin(&x, None, false, true).unwrap()),
            vec![3]
        );
        let y = x.slice_axis(0, 0, 3, 1);
        assert_eq!(
            ints(&argmax_argmin(&y, Some(0), true, true).unwrap()),
            vec![1]
        );
        assert_eq!(
            ints(&argmax_argmin(&y, None, false, false).unwrap()),
            vec![0]
        );
        assert!(argmax_argmin(&x.slice_axis(0, 0, 0, 1), None, false, true).is_err());
    }

    #[test]
    fn arg_extreme_across_blocks() {
        let mut v: Vec<f64> = (0..10_000).map(|i| ((i * 7919) % 1000) as f64).collect();
        v[9000] = 2000.0;
        v[5000] = 2000.0;
        assert_eq!(arg_extreme::<f64, true>(&v), 5000);
        v[4097] = -1.0;
        v[9999] = -1.0;
        assert_eq!(arg_extreme::<f64, false>(&v), 4097);
        v[8200] = f64::NAN;
        v[8300] = f64::NAN;
        assert_eq!(arg_extreme::<f64, true>(&v), 8200);
        assert_eq!(arg_extreme::<f64, false>(&v), 8200);
        let ints: Vec<i16> = (0..9000).map(|i| (i % 300) as i16).collect();
        assert_eq!(arg_extreme::<i16, true>(&ints), 299);
    }

    #[test]
    fn nonzero_count_and_searchsorted() {
        let x = Array::from_vec(&[0i32, 3, 0, 4, 5, 0], &[2, 3]).unwrap();
        let nz = nonzero(&x).unwrap();
        assert_eq!(ints(&nz[0]), vec![0, 1, 1]);
        assert_eq!(ints(&nz[1]), vec![1, 0, 1]);
        assert_eq!(ints(&count_nonzero(&x, &[1], false).unwrap()), vec![1, 2]);
        let a = Array::from_vec(&[1.0, 2.0, 2.0, f64::NAN], &[4]).unwrap();
        let v = Array::from_vec(&[2.0, f64::NAN, 0.0], &[3]).unwrap();
        assert_eq!(
            ints(&searchsorted(&a, &v, false, None).unwrap()),
            vec![1, 3, 0]
        );
        assert_eq!(
            ints(&searchsorted(&a, &v, true, None).unwrap()),
            vec![3, 4, 0]
        );
    }

    #[test]
    fn where_broadcasts_and_promotes() {
        let x = arange_int(0, 4, 1, DType::Int32).unwrap();
        let cond = crate::elementwise::binary(
            crate::elementwise::BinaryOp::Greater,
            &x,
            &full(&[], Scalar::Int(1), DType::Int32).unwrap(),
        )
        .unwrap();
        let other = full(&[], Scalar::Float(-1.0), DType::Float64).unwrap();
        let r = where_(&cond, &x, &other).unwrap();
        assert_eq!(r.dtype(), DType::Float64);
        let v: Vec<f64> = r.to_scalars().into_iter().map(|s| s.as_f64()).collect();
        assert_eq!(v, vec![-1.0, -1.0, 2.0, 3.0]);
    }
}
