//! Statistical functions: sum, prod, min, max, mean, var, std and the
//! cumulative sums and products.
//!
//! A reduction first brings its input into one of two contiguous layouts
//! (`prepare`), then runs a typed kernel over it:
//! - `Lanes::Last`: output i reduces `src[i*len .. (i+1)*len]` (reduced axes
//!   last; full reductions and last-axis reductions of contiguous arrays need
//!   no copy);
//! - `Lanes::Rows`: output j reduces `src[i*count + j]` over i (reduced axes
//!   first, e.g. axis 0 of a matrix): rows are accumulated in order, so memory
//!   is read sequentially instead of with a large stride.

use crate::array::Array;
use crate::dtype::{DType, Element, Scalar};
use crate::elementwise::unsupported;
use crate::error::{Error, Result};
#[allow(unused_imports)] // the traits provide the per-element methods used below
use crate::kernels::loops::PARALLEL_THRESHOLD as PARALLEL_MIN;
use crate::kernels::math::{Float, Num, Real};

/// Where the reduced elements of each output sit in the prepared buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lanes {
    Last,
    Rows,
}

/// A reduction's input in a contiguous buffer of the compute dtype.
pub struct Prepared {
    pub data: Array,
    /// Number of outputs.
    pub count: usize,
    /// Elements reduced into each output.
    pub len: usize,
    pub lanes: Lanes,
}

impl Prepared {
    pub fn slice<T: Element>(&self) -> &[T] {
        self.data
            .as_slice::<T>()
            .expect("prepared data is contiguous")
    }
}

/// Bring `x` (cast to `dtype`) into a layout the kernels read sequentially.
/// `allow_rows` = false forces `Lanes::Last` (for kernels without a rows form).
pub fn prepare(x: &Array, axes: &[usize], dtype: DType, allow_rows: bool) -> Result<Prepared> {
    let ndim = x.ndim();
    let mut sorted = axes.to_vec();
    sorted.sort_unstable();
    let kept: Vec<usize> = (0..ndim).filter(|a| !sorted.contains(a)).collect();
    let count = kept.iter().map(|&a| x.shape()[a]).product();
    let len = sorted.iter().map(|&a| x.shape()[a]).product();
    let k = sorted.len();
    let is_suffix = sorted.iter().enumerate().all(|(i, &a)| a == ndim - k + i);
    let is_prefix = sorted.iter().enumerate().all(|(i, &a)| a == i);
    if is_suffix || (is_prefix && allow_rows) {
        // Same axis order: a plain (cast) copy, or nothing at all.
        let data = if x.dtype() == dtype && x.is_c_contiguous() {
            x.clone()
        } else {
            x.astype(dtype)?
        };
        let lanes = if is_suffix { Lanes::Last } else { Lanes::Rows };
        return Ok(Prepared {
            data,
            count,
            len,
            lanes,
        });
    }
    let order: Vec<usize> = kept.iter().chain(sorted.iter()).copied().collect();
    Ok(Prepared {
        data: x.permute(&order)?.astype(dtype)?,
        count,
        len,
        lanes: Lanes::Last,
    })
}

/// Shape of a reduction's result: kept axes, or length 1 in place of each
/// reduced axis with `keepdims`.
pub fn reduced_shape(shape: &[usize], axes: &[usize], keepdims: bool) -> Vec<usize> {
    (0..shape.len())
        .filter_map(|a| match (axes.contains(&a), keepdims) {
            (false, _) => Some(shape[a]),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

/// Accumulation dtype of sum, prod and the cumulative functions by default:
/// signed integers and bool → int64, unsigned → uint64, floats unchanged.
pub fn default_sum_dtype(d: DType) -> DType {
    match d.kind() {
        crate::Kind::Bool | crate::Kind::SignedInteger => DType::Int64,
        crate::Kind::UnsignedInteger => DType::UInt64,
        _ => d,
    }
}

/// The dtype kernels run in: half floats compute in float32 (accuracy, and
/// the half types have no fast arithmetic); bool as int64.
fn compute_dtype(d: DType) -> DType {
    match d {
        DType::Bool => DType::Int64,
        d => d.widen_half(),
    }
}

/// Cast the flat kernel result to `dtype` and shape it.
fn finish(out: Array, dtype: DType, shape: &[usize]) -> Result<Array> {
    out.to_dtype(dtype)?.reshape(shape)
}

fn scalar<T: Element>(v: f64) -> T {
    T::from_scalar(Scalar::Float(v))
}

// ---------------------------------------------------------------------------
// Kernels

/// Combine `v` pairwise (NumPy's scheme: 8 accumulators over blocks of at most
/// 128, halves combined recursively), which keeps float rounding error at
/// O(log n) and lets the compiler vectorise the inner loop.
fn pairwise<T: Element>(v: &[T], identity: T, op: impl Fn(T, T) -> T + Copy) -> T {
    if v.len() < 8 {
        return v.iter().fold(identity, |a, &b| op(a, b));
    }
    if v.len() <= 128 {
        let mut r = [v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]];
        let chunks = v.chunks_exact(8);
        let rest = chunks.remainder();
        for c in chunks.skip(1) {
            for k in 0..8 {
                r[k] = op(r[k], c[k]);
            }
        }
        let head = op(
            op(op(r[0], r[1]), op(r[2], r[3])),
            op(op(r[4], r[5]), op(r[6], r[7])),
        );
        return rest.iter().fold(head, |a, &b| op(a, b));
    }
    let half = (v.len() / 2) & !7;
    op(
        pairwise(&v[..half], identity, op),
        pairwise(&v[half..], identity, op),
    )
}

/// `pairwise` with its two halves on two threads while they are large,
/// split again `halvings - 1` times. It splits where `pairwise` does, so
/// the result is the same bit for bit.
fn pairwise_parallel<T: Element>(
    v: &[T],
    identity: T,
    op: impl Fn(T, T) -> T + Copy + Send + Sync,
    halvings: u32,
) -> T {
    if v.len() < PARALLEL_MIN || halvings == 0 {
        return pairwise(v, identity, op);
    }
    let half = (v.len() / 2) & !7;
    let (a, b) = crate::threads::join(
        || pairwise_parallel(&v[..half], identity, op, halvings - 1),
        || pairwise_parallel(&v[half..], identity, op, halvings - 1),
    );
    op(a, b)
}

/// `out[i] = f(lane i)` for a `Lanes::Last` input; lanes on several threads
/// when the input is large (each lane is still reduced by one thread).
pub(crate) fn map_lanes<T: Element, A: Element>(
    p: &Prepared,
    out: &mut [A],
    f: impl Fn(&[T]) -> A + Send + Sync,
) {
    let src = p.slice::<T>();
    let lane = |i: usize| &src[i * p.len..(i + 1) * p.len];
    if src.len() >= PARALLEL_MIN && out.len() > 1 {
        let parts = crate::threads::balanced_parts(out.len(), 1);
        crate::threads::run_rows_mut(out, out.len(), parts, |lanes, dst| {
            for (i, o) in lanes.zip(dst) {
                *o = f(lane(i));
            }
        });
    } else {
        for (i, o) in out.iter_mut().enumerate() {
            *o = f(lane(i));
        }
    }
}

/// `acc[j] = op(acc[j], row[j])` over every row of a `Lanes::Rows` input.
/// Large inputs with wide rows split the columns across threads (each column
/// keeps its order of operations).
fn fold_rows<T: Element>(src: &[T], acc: &mut [T], op: impl Fn(T, T) -> T + Send + Sync) {
    let width = acc.len();
    if width == 0 {
        return;
    }
    let fold_columns = |first: usize, acc: &mut [T]| {
        for row in src.chunks_exact(width) {
            for (a, &v) in acc.iter_mut().zip(&row[first..]) {
                *a = op(*a, v);
            }
        }
    };
    if src.len() >= PARALLEL_MIN && width >= 256 {
        // One block of columns per thread, a multiple of 16 elements long so
        // that the threads share few cache lines of `acc`.
        let block = width
            .div_ceil(rayon::current_num_threads())
            .next_multiple_of(16);
        crate::threads::run_chunks_mut(acc, block, fold_columns);
    } else {
        fold_columns(0, acc);
    }
}

/// A flat output of `count` elements of `T`, filled by `fill`.
fn output<T: Element>(count: usize, fill: impl FnOnce(&mut [T])) -> Result<Array> {
    let out = Array::zeros(T::DTYPE, &[count])?;
    // SAFETY: fresh contiguous array of T, not shared yet.
    fill(unsafe { out.slice_mut_unchecked::<T>() });
    Ok(out)
}

/// Fold every output's elements with `op` from `identity` (pairwise along lanes).
fn fold<T: Element>(
    p: &Prepared,
    identity: T,
    op: impl Fn(T, T) -> T + Copy + Send + Sync,
) -> Result<Array> {
    output::<T>(p.count, |out| match p.lanes {
        Lanes::Last if p.count == 1 => {
            out[0] = pairwise_parallel(p.slice::<T>(), identity, op, crate::threads::halvings())
        }
        Lanes::Last => map_lanes(p, out, |lane: &[T]| pairwise(lane, identity, op)),
        Lanes::Rows => {
            out.fill(identity);
            fold_rows(p.slice::<T>(), out, op);
        }
    })
}

/// Like `fold` without an identity: starts from each output's first element.
fn fold_first<T: Element>(
    p: &Prepared,
    op: impl Fn(T, T) -> T + Copy + Send + Sync,
) -> Result<Array> {
    output::<T>(p.count, |out| match p.lanes {
        Lanes::Last => map_lanes(p, out, |lane: &[T]| {
            lane[1..].iter().fold(lane[0], |a, &b| op(a, b))
        }),
        Lanes::Rows => {
            let src = p.slice::<T>();
            out.copy_from_slice(&src[..p.count]);
            fold_rows(&src[p.count..], out, op);
        }
    })
}

/// Sum of squared deviations from the lane's mean, divided by `len - correction`.
fn variance<T: Float + Real>(p: &Prepared, correction: f64) -> Result<Array> {
    let n = p.len as f64;
    let divisor: T = scalar((n - correction).max(0.0));
    let count: T = scalar(n);
    let zero: T = scalar(0.0);
    let sq = move |d: T| d.mul(d);
    output::<T>(p.count, |out| match p.lanes {
        Lanes::Last => map_lanes(p, out, |lane: &[T]| {
            let mean = pairwise(lane, zero, T::add).div(count);
            let mut acc = [zero; 4];
            let chunks = lane.chunks_exact(4);
            let rest = chunks.remainder();
            for c in chunks {
                for k in 0..4 {
                    acc[k] = acc[k].add(sq(c[k].sub(mean)));
                }
            }
            let tail = rest.iter().fold(zero, |a, &v| a.add(sq(v.sub(mean))));
            acc[0]
                .add(acc[1])
                .add(acc[2].add(acc[3]))
                .add(tail)
                .div(divisor)
        }),
        Lanes::Rows => {
            let src = p.slice::<T>();
            let mut mean = vec![zero; p.count];
            fold_rows(src, &mut mean, T::add);
            mean.iter_mut().for_each(|m| *m = m.div(count));
            out.fill(zero);
            for row in src.chunks_exact(p.count.max(1)) {
                for ((o, &v), &m) in out.iter_mut().zip(row).zip(&mean) {
                    *o = o.add(sq(v.sub(m)));
                }
            }
            out.iter_mut().for_each(|o| *o = o.div(divisor));
        }
    })
}

// ---------------------------------------------------------------------------
// The functions

/// Sum (or product) over `axes`, accumulated in `dtype` (default: the
/// standard's accumulation dtype).
pub fn sum_prod(
    x: &Array,
    axes: &[usize],
    dtype: Option<DType>,
    keepdims: bool,
    prod: bool,
) -> Result<Array> {
    let out_dtype = dtype.unwrap_or_else(|| default_sum_dtype(x.dtype()));
    let compute = compute_dtype(out_dtype);
    let p = prepare(x, axes, compute, true)?;
    let name = if prod { "prod" } else { "sum" };
    let out = numerics!(compute, T => {
        if prod {
            fold::<T>(&p, T::from_scalar(Scalar::Int(1)), T::mul)
        } else {
            fold::<T>(&p, T::from_scalar(Scalar::Int(0)), T::add)
        }
    }, unsupported(name, compute))?;
    finish(out, out_dtype, &reduced_shape(x.shape(), axes, keepdims))
}

/// Maximum (or minimum) over `axes`; NaN propagates. Empty reductions have no
/// identity: ValueError.
pub fn min_max(x: &Array, axes: &[usize], keepdims: bool, max: bool) -> Result<Array> {
    let name = if max { "max" } else { "min" };
    let len: usize = axes.iter().map(|&a| x.shape()[a]).product();
    if len == 0 {
        return Err(Error::Value(format!(
            "zero-size array to reduction operation {name} which has no identity"
        )));
    }
    // bool compares as 0/1; the byte cast is exact.
    let compute = if x.dtype() == DType::Bool {
        DType::UInt8
    } else {
        x.dtype()
    };
    let p = prepare(x, axes, compute, true)?;
    let out = reals!(compute, T => {
        if max { fold_first::<T>(&p, Real::max) } else { fold_first::<T>(&p, Real::min) }
    }, unsupported(name, x.dtype()))?;
    finish(out, x.dtype(), &reduced_shape(x.shape(), axes, keepdims))
}

/// The floating dtype of mean/var/std results: floats keep theirs, integers
/// and bool give float64 (NumPy's choice; the standard only requires floats).
fn mean_dtype(d: DType) -> DType {
    if d.is_float() {
        d
    } else {
        DType::Float64
    }
}

/// Arithmetic mean over `axes`; NaN for empty reductions.
pub fn mean(x: &Array, axes: &[usize], keepdims: bool) -> Result<Array> {
    let out_dtype = mean_dtype(x.dtype());
    let compute = compute_dtype(out_dtype);
    let p = prepare(x, axes, compute, true)?;
    let n = p.len as f64;
    let out = floats!(compute, T => {
        let sums = fold::<T>(&p, scalar(0.0), T::add)?;
        // SAFETY: fresh contiguous array of T owned here.
        let s = unsafe { sums.slice_mut_unchecked::<T>() };
        let count: T = scalar(n);
        s.iter_mut().for_each(|v| *v = v.div(count));
        Ok(sums)
    }, unsupported("mean", x.dtype()))?;
    finish(out, out_dtype, &reduced_shape(x.shape(), axes, keepdims))
}

/// Variance (or standard deviation) over `axes` with `correction` degrees of
/// freedom removed from the divisor (clamped at 0, giving inf or NaN).
pub fn var_std(
    x: &Array,
    axes: &[usize],
    correction: f64,
    keepdims: bool,
    std: bool,
) -> Result<Array> {
    let out_dtype = mean_dtype(x.dtype());
    let compute = compute_dtype(out_dtype);
    let name = if std { "std" } else { "var" };
    let p = prepare(x, axes, compute, true)?;
    let out = real_floats!(compute, T => {
        let v = variance::<T>(&p, correction)?;
        if std {
            // SAFETY: fresh contiguous array of T owned here.
            let s = unsafe { v.slice_mut_unchecked::<T>() };
            s.iter_mut().for_each(|e| *e = e.sqrt());
        }
        Ok(v)
    }, unsupported(name, x.dtype()))?;
    finish(out, out_dtype, &reduced_shape(x.shape(), axes, keepdims))
}

/// Cumulative sum (or product) along `axis`; with `include_initial` each lane
/// starts with the identity (0 or 1) and is one longer.
pub fn cumulative(
    x: &Array,
    axis: usize,
    dtype: Option<DType>,
    include_initial: bool,
    prod: bool,
) -> Result<Array> {
    let out_dtype = dtype.unwrap_or_else(|| default_sum_dtype(x.dtype()));
    let compute = compute_dtype(out_dtype);
    let ndim = x.ndim();
    // Lanes along the axis, contiguous and last: read in place when they
    // already are (one pass over memory, like NumPy), else from one cast copy.
    let order: Vec<usize> = (0..ndim).filter(|&a| a != axis).chain([axis]).collect();
    let src = x.permute(&order)?;
    let src = if src.dtype() == compute && src.is_c_contiguous() {
        src
    } else {
        src.astype(compute)?
    };
    let n = x.shape()[axis];
    let extra = usize::from(include_initial);
    let mut shape = src.shape().to_vec();
    shape[ndim - 1] = n + extra;
    // SAFETY: `scan` writes every element of every lane.
    let out = unsafe { Array::for_overwrite(compute, &shape)? };
    let name = if prod {
        "cumulative_prod"
    } else {
        "cumulative_sum"
    };
    numerics!(compute, T => {
        let identity = T::from_scalar(Scalar::Int(i64::from(prod)));
        let op = if prod { T::mul } else { T::add };
        let input = src.as_slice::<T>().expect("contiguous lanes");
        // SAFETY: `out` is fresh, contiguous, of type T, and not shared.
        let dst = unsafe { out.slice_mut_unchecked::<T>() };
        scan(dst, input, n, extra, identity, op);
        Ok(())
    }, unsupported(name, compute))?;
    let out = finish(out, out_dtype, &shape)?;
    // Put the axis back where it was.
    let mut inverse = vec![0; ndim];
    for (i, &a) in order.iter().enumerate() {
        inverse[a] = i;
    }
    out.permute(&inverse)
}

/// Running `op` along lanes: each lane of `dst` (length `n + extra`) is the
/// identity if `extra` is 1, then the running results over the lane of `src`
/// (length `n`).
fn scan<T: Element>(
    dst: &mut [T],
    src: &[T],
    n: usize,
    extra: usize,
    identity: T,
    op: impl Fn(T, T) -> T,
) {
    let width = n + extra;
    if width == 0 {
        return;
    }
    // Indexed, not zipped with src.chunks(n): an empty axis (n = 0) still
    // has lanes, each holding just the identity.
    for (i, lane) in dst.chunks_exact_mut(width).enumerate() {
        lane[..extra].fill(identity);
        let mut acc = identity;
        for (d, &v) in lane[extra..].iter_mut().zip(&src[i * n..(i + 1) * n]) {
            acc = op(acc, v);
            *d = acc;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::arange_int;

    use crate::test_util::f64s as vals;
    fn grid() -> Array {
        arange_int(0, 6, 1, DType::Int32)
            .unwrap()
            .reshape(&[2, 3])
            .unwrap()
    }

    #[test]
    fn sums_over_each_layout() {
        let a = grid();
        let all = sum_prod(&a, &[0, 1], None, false, false).unwrap();
        assert_eq!((all.dtype(), vals(&all)), (DType::Int64, vec![15.0]));
        assert_eq!(
            vals(&sum_prod(&a, &[0], None, false, false).unwrap()),
            vec![3.0, 5.0, 7.0]
        );
        assert_eq!(
            vals(&sum_prod(&a, &[1], None, true, false).unwrap()),
            vec![3.0, 12.0]
        );
        let t = a.transpose();
        assert_eq!(
            vals(&sum_prod(&t, &[1], None, false, true).unwrap()),
            vec![0.0, 4.0, 10.0]
        );
        let empty = sum_prod(&a.slice_axis(0, 0, 0, 1), &[0], None, false, true).unwrap();
        assert_eq!(vals(&empty), vec![1.0, 1.0, 1.0]);
    }

    #[test]
    fn pairwise_sum_is_accurate() {
        let v: Vec<f32> = vec![0.1; 1_000_001];
        let a = Array::from_vec(&v, &[v.len()]).unwrap();
        let s = vals(&sum_prod(&a, &[0], None, false, false).unwrap())[0];
        assert!((s - 100_000.1).abs() < 0.1, "{s}");
    }

    #[test]
    fn threaded_reductions_match_one_thread_bit_for_bit() {
        // Values whose sums round differently in every order.
        let v: Vec<f64> = (0..600 * 1001usize)
            .map(|i| ((i * 7919) % 1013) as f64 * 0.1 + 1e-3)
            .collect();
        let sum = |a: &Array, axes: &[usize]| vals(&sum_prod(a, axes, None, false, false).unwrap());
        let flat = Array::from_vec(&v, &[v.len()]).unwrap();
        assert!(v.len() >= PARALLEL_MIN);
        assert_eq!(sum(&flat, &[0]), [pairwise(&v, 0.0, f64::add)]);
        let m = Array::from_vec(&v, &[600, 1001]).unwrap();
        let rows: Vec<f64> = v.chunks(1001).map(|r| pairwise(r, 0.0, f64::add)).collect();
        assert_eq!(sum(&m, &[1]), rows);
        let mut columns = vec![0.0; 1001];
        for r in v.chunks(1001) {
            columns.iter_mut().zip(r).for_each(|(c, &x)| *c += x);
        }
        assert_eq!(sum(&m, &[0]), columns);
        let max = vals(&min_max(&m, &[0], false, true).unwrap());
        let want: Vec<f64> = (0..1001)
            .map(|j| {
                v.iter()
                    .skip(j)
                    .step_by(1001)
                    .fold(f64::MIN, |a, &b| a.max(b))
            })
            .collect();
        assert_eq!(max, want);
    }

    #[test]
    fn min_max_mean_var() {
        let a = grid();
        assert_eq!(
            vals(&min_max(&a, &[0], false, true).unwrap()),
            vec![3.0, 4.0, 5.0]
        );
        assert_eq!(
            vals(&min_max(&a, &[1], false, false).unwrap()),
            vec![0.0, 3.0]
        );
        assert!(min_max(&a.slice_axis(1, 0, 0, 1), &[1], false, true).is_err());
        let m = mean(&a, &[0, 1], false).unwrap();
        assert_eq!((m.dtype(), vals(&m)), (DType::Float64, vec![2.5]));
        assert_eq!(
            vals(&var_std(&a, &[0], 1.0, false, false).unwrap()),
            vec![4.5; 3]
        );
        assert_eq!(
            vals(&var_std(&a, &[1], 0.0, false, true).unwrap())[0],
            (2.0f64 / 3.0).sqrt()
        );
        assert!(vals(&mean(&a.slice_axis(0, 0, 0, 1), &[0], false).unwrap())[0].is_nan());
    }

    #[test]
    fn cumulative_along_axes() {
        let a = grid();
        let c = cumulative(&a, 1, None, false, false).unwrap();
        assert_eq!(vals(&c), vec![0.0, 1.0, 3.0, 3.0, 7.0, 12.0]);
        let c = cumulative(&a, 0, None, true, true).unwrap();
        assert_eq!(c.shape(), &[3, 3]);
        assert_eq!(vals(&c), vec![1.0, 1.0, 1.0, 0.0, 1.0, 2.0, 0.0, 4.0, 10.0]);
    }
}
