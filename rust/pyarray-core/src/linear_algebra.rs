//! Linear-algebra functions of the main namespace: matmul, tensordot, vecdot
//! (matrix_transpose is a view, `Array::matrix_transpose`).
//!
//! matmul works on stacks of matrices: the batch dimensions broadcast, every
//! operand is used through its strides (transposed and broadcast inputs are
//! not copied for floating types), and each matrix goes to one kernel of
//! `kernels::matmul`. The other two functions are built on matmul and the
//! reductions.

use crate::array::Array;
use crate::dtype::{promote, DType};
use crate::elementwise::{binary, unary, BinaryOp, UnaryOp};
use crate::error::{Error, Result};
use crate::kernels::matmul::{float_product_in_blocks, loop_product, MatPtr, TILE_COLS};
use crate::layout::{broadcast_shapes, Dims};
use crate::manipulation::normalize_axes;
use crate::statistical::sum_prod;
use smallvec::{smallvec, SmallVec};

/// Multiply-adds above which faer's work is split across threads. A single
/// 64³ (2^18) product measured 5× slower on two threads than on one
/// (rayon's wake-up and faer's partitioning cost more than its ~15 µs of
/// work), so one product goes parallel only from 128³; a batch of small
/// products splits across items from 2^18 in total.
const PARALLEL_WORK: usize = 1 << 18;
const PARALLEL_PRODUCT: usize = 1 << 21;

/// Multiply-adds up to which float products use the tiled loop instead of
/// faer: the loop's FMA tiles run at OpenBLAS's single-thread speed up to
/// 128³ here, while faer's per-call setup dominates small products (32²
/// took 2.9 µs through faer, 1.5 µs in the loop; a batch of 16×16 products
/// ran at 0.4-0.5x NumPy through it). Above 2^20 faer's packing and threads
/// take over.
const LOOP_PRODUCT_MAX: usize = 1 << 20;

/// Multiply-adds from which a batch on the loop kernel splits across
/// threads: its FMA tiles do 2^20 in ~15-20 µs, about what waking a second
/// thread costs (at 2^18, 100 products of 16×16 ran 1.4x slower on two).
const LOOP_PARALLEL_WORK: usize = 1 << 20;

/// Matrix product with the standard's (PEP 465) rules: 1-D operands become a
/// row (x1) or column (x2) vector and that axis is dropped from the result;
/// batch dimensions broadcast.
pub fn matmul(x1: &Array, x2: &Array) -> Result<Array> {
    if x1.ndim() == 0 || x2.ndim() == 0 {
        return Err(Error::Value(format!(
            "matmul: operands must have at least one dimension, got shapes {:?} and {:?}",
            x1.shape(),
            x2.shape()
        )));
    }
    let dtype = promote(x1.dtype(), x2.dtype());
    if !dtype.is_numeric() {
        return crate::type_err!("matmul requires numeric arrays, got {dtype}");
    }
    let a = if x1.ndim() == 1 {
        x1.insert_axis(0)
    } else {
        x1.clone()
    };
    let b = if x2.ndim() == 1 {
        x2.insert_axis(1)
    } else {
        x2.clone()
    };
    let (n, k) = last_two(&a);
    let (k2, m) = last_two(&b);
    if k != k2 {
        return Err(Error::Value(format!(
            "matmul: shapes {:?} and {:?} are not aligned: x1's last axis has {k} elements, \
             x2's {} has {k2}",
            x1.shape(),
            x2.shape(),
            if x2.ndim() == 1 {
                "only axis"
            } else {
                "second-to-last axis"
            }
        )));
    }
    let batch = broadcast_shapes(&a.shape()[..a.ndim() - 2], &b.shape()[..b.ndim() - 2])?;
    let out = batched_product(&a, &b, dtype, &batch, (n, k, m))?;
    if x1.ndim() > 1 && x2.ndim() > 1 {
        return Ok(out);
    }
    // Drop the axis a vector operand was given (the result is contiguous).
    let mut shape = batch;
    if x1.ndim() > 1 {
        shape.push(n);
    }
    if x2.ndim() > 1 {
        shape.push(m);
    }
    out.reshape(&shape)
}

fn last_two(x: &Array) -> (usize, usize) {
    let s = x.shape();
    (s[s.len() - 2], s[s.len() - 1])
}

/// Matrix bytes from which one matrix-vector product splits its rows across
/// threads: it streams the matrix once, so it pays for waking a thread
/// sooner than the tiled products do. Measured on an AMD Zen 4 VM, where
/// waking a rayon worker from Python costs ~15 µs: a 1 MiB matrix (512²
/// float32, ~20 µs on one thread) took ~35 µs split, a 2 MiB one (512²
/// float64) 40 -> ~30 µs, 8 MB (1000² float64) 150 -> ~80 µs.
const MATRIX_VECTOR_PARALLEL_BYTES: usize = 2 << 20;

/// Whether a float product is faster on the plain loop than through faer:
/// small enough that faer's setup dominates, and either tiny or at least one
/// tile wide (other narrow outputs would run the loop's scalar edge code
/// only). Matrix-vector products have their own loop kernel, at any size
/// when the matrix is already C-contiguous (faer reads other layouts without
/// the copy the loop would need).
fn loop_beats_faer(a: &Array, (n, k, m): (usize, usize, usize)) -> bool {
    let work = n * k * m;
    if m == 1 {
        return a.is_c_contiguous() || work <= LOOP_PRODUCT_MAX;
    }
    work <= LOOP_PRODUCT_MAX && (work <= 512 || m >= TILE_COLS)
}

/// The products of a broadcast stack, in `dtype`; result shape batch + (n, m).
fn batched_product(
    a: &Array,
    b: &Array,
    dtype: DType,
    batch: &[usize],
    (n, k, m): (usize, usize, usize),
) -> Result<Array> {
    // float16/bfloat16 have no gemm kernel: compute in float32, round once.
    let compute = dtype.widen_half();
    let plain_loop = compute.is_integer() || loop_beats_faer(a, (n, k, m));
    let with = |x: &Array, rows, cols| -> Result<Array> {
        let x = x.to_dtype(compute)?;
        // The plain loop wants C-contiguous matrices; faer takes strides.
        let x = if plain_loop { x.contiguous()? } else { x };
        if batch.is_empty() {
            return Ok(x); // one product: nothing to broadcast
        }
        let mut shape = Dims::from_slice(batch);
        shape.extend([rows, cols]);
        x.broadcast_to(&shape)
    };
    let mut shape = Dims::from_slice(batch);
    shape.extend([n, m]);
    if k == 0 {
        // Empty sums: the product is all zeros (no operand needs converting).
        return Array::zeros(dtype, &shape);
    }
    let a = with(a, n, k)?;
    let b = with(b, k, m)?;
    // SAFETY: both kernels write every element of every output matrix (the
    // plain loop its tiles and edges, faer with Accum::Replace).
    let out = unsafe { Array::for_overwrite(compute, &shape)? };
    if out.size() > 0 {
        numeric_products(&out, &a, &b, (n, k, m), plain_loop)?;
    }
    out.to_dtype(dtype)
}

fn numeric_products(
    out: &Array,
    a: &Array,
    b: &Array,
    nkm: (usize, usize, usize),
    plain_loop: bool,
) -> Result<()> {
    // Floats take either kernel; integers always the exact loop.
    macro_rules! float {
        ($T:ty) => {
            if plain_loop {
                run_loop::<$T>(out, a, b, nkm)
            } else {
                run_float::<$T>(out, a, b, nkm)
            }
        };
    }
    match out.dtype() {
        DType::Float32 => float!(f32),
        DType::Float64 => float!(f64),
        DType::Complex64 => float!(num_complex::Complex32),
        DType::Complex128 => float!(num_complex::Complex64),
        d => ints!(d, T => run_loop::<T>(out, a, b, nkm),
            return crate::type_err!("matmul does not support dtype {d}")),
    }
    Ok(())
}

/// Element offsets of every matrix of a broadcast stack (batch in C order).
fn batch_offsets(x: &Array) -> SmallVec<[isize; 1]> {
    let nd = x.ndim() - 2;
    if nd == 0 {
        return smallvec![0]; // a single matrix: no table to allocate
    }
    SmallVec::from_vec(crate::layout::element_offsets(
        &x.shape()[..nd],
        &x.strides()[..nd],
    ))
}

fn mat_ptr<T>(x: &Array, rows: usize, cols: usize) -> MatPtr<T> {
    let s = x.strides();
    MatPtr {
        ptr: x.data_ptr() as *mut T,
        rows,
        cols,
        row_stride: s[s.len() - 2],
        col_stride: s[s.len() - 1],
    }
}

fn run_float<T: crate::kernels::matmul::FloatProduct>(
    out: &Array,
    a: &Array,
    b: &Array,
    (n, k, m): (usize, usize, usize),
) {
    let (pa, pb, po) = (
        mat_ptr::<T>(a, n, k),
        mat_ptr::<T>(b, k, m),
        mat_ptr::<T>(out, n, m),
    );
    let (offs_a, offs_b) = (batch_offsets(a), batch_offsets(b));
    let work = n * k * m;
    // Batch item i on up to `parts` threads.
    let item = |i: usize, parts: usize| {
        // SAFETY: offsets come from the arrays' own shapes and strides; each
        // batch item writes its own contiguous block of the fresh output.
        unsafe {
            float_product_in_blocks(
                po.at((i * n * m) as isize),
                pa.at(offs_a[i]),
                pb.at(offs_b[i]),
                parts,
            )
        }
    };
    let count = offs_a.len();
    if count > 1 && work < PARALLEL_WORK && count * work >= PARALLEL_WORK {
        // Runs of items shared out across threads.
        let parts = crate::threads::balanced_parts(count, 1);
        crate::threads::run_ranges(count, parts, |items| items.for_each(|i| item(i, 1)));
    } else {
        let parts = if work >= PARALLEL_PRODUCT {
            rayon::current_num_threads()
        } else {
            1
        };
        (0..count).for_each(|i| item(i, parts));
    }
}

fn run_loop<T: crate::kernels::math::Num>(
    out: &Array,
    a: &Array,
    b: &Array,
    (n, k, m): (usize, usize, usize),
) {
    let (offs_a, offs_b) = (batch_offsets(a), batch_offsets(b));
    let count = offs_a.len();
    // SAFETY: `out` is fresh and C-contiguous; a and b have C-contiguous
    // matrices (batched_product made them so) at the computed offsets.
    let out_all =
        unsafe { std::slice::from_raw_parts_mut(out.data_ptr() as *mut T, count * n * m) };
    let matrix = |x: &Array, off: isize, len: usize| unsafe {
        std::slice::from_raw_parts((x.data_ptr() as *const T).offset(off), len)
    };
    let item = |(i, dst): (usize, &mut [T])| {
        loop_product(
            dst,
            matrix(a, offs_a[i], n * k),
            matrix(b, offs_b[i], k * m),
            k,
            m,
        )
    };
    let work = n * k * m;
    if count == 1
        && n > 1
        && (work >= LOOP_PARALLEL_WORK
            || m == 1 && work * std::mem::size_of::<T>() >= MATRIX_VECTOR_PARALLEL_BYTES)
    {
        // One product: each thread takes a run of rows of `a` and `out`.
        let (a_all, b_all) = (matrix(a, offs_a[0], n * k), matrix(b, offs_b[0], k * m));
        let parts = crate::threads::parts_for(n, 1);
        crate::threads::run_rows_mut(out_all, n, parts, |rows, dst| {
            loop_product(dst, &a_all[rows.start * k..rows.end * k], b_all, k, m)
        });
    } else if count * work >= LOOP_PARALLEL_WORK {
        // Runs of items shared out across threads (a few per thread, so a
        // late worker takes fewer): rayon's default splitting down to
        // single small products cost more than the products.
        let parts = crate::threads::balanced_parts(count, 1);
        crate::threads::run_rows_mut(out_all, count, parts, |items, dst| {
            items.zip(dst.chunks_mut(n * m)).for_each(item)
        });
    } else {
        out_all.chunks_mut(n * m).enumerate().for_each(item);
    }
}

/// The axes `tensordot` contracts, validated: `(x1_axes, x2_axes)`.
pub enum ContractAxes {
    /// The last N axes of x1 with the first N of x2.
    Count(usize),
    /// Explicit (possibly negative) axes of each operand.
    Pairs(Vec<isize>, Vec<isize>),
}

/// Tensor contraction: the result's shape is x1's free axes then x2's.
/// Implemented as one matrix product of the operands permuted so the
/// contracted axes meet (views where the layout allows).
pub fn tensordot(x1: &Array, x2: &Array, axes: ContractAxes) -> Result<Array> {
    let (ax1, ax2) = contracted_axes(x1, x2, axes)?;
    for (&i, &j) in ax1.iter().zip(&ax2) {
        if x1.shape()[i] != x2.shape()[j] {
            return Err(Error::Value(format!(
                "tensordot: contracted axis {i} of x1 has {} elements but axis {j} of x2 has {}",
                x1.shape()[i],
                x2.shape()[j]
            )));
        }
    }
    let free1: Vec<usize> = (0..x1.ndim()).filter(|a| !ax1.contains(a)).collect();
    let free2: Vec<usize> = (0..x2.ndim()).filter(|a| !ax2.contains(a)).collect();
    let size =
        |x: &Array, axes: &[usize]| -> usize { axes.iter().map(|&a| x.shape()[a]).product() };
    let k = size(x1, &ax1);
    let a = x1
        .permute(&[free1.clone(), ax1.clone()].concat())?
        .reshape(&[size(x1, &free1), k])?;
    let b = x2
        .permute(&[ax2.clone(), free2.clone()].concat())?
        .reshape(&[k, size(x2, &free2)])?;
    let product = matmul(&a, &b)?;
    let shape: Vec<usize> = free1
        .iter()
        .map(|&i| x1.shape()[i])
        .chain(free2.iter().map(|&j| x2.shape()[j]))
        .collect();
    product.reshape(&shape)
}

fn contracted_axes(x1: &Array, x2: &Array, axes: ContractAxes) -> Result<(Vec<usize>, Vec<usize>)> {
    let (ax1, ax2) = match axes {
        ContractAxes::Count(count) => {
            if count > x1.ndim() || count > x2.ndim() {
                return Err(Error::Value(format!(
                    "tensordot: cannot contract {count} axes of arrays with {} and {} dimensions",
                    x1.ndim(),
                    x2.ndim()
                )));
            }
            (
                (x1.ndim() - count..x1.ndim()).collect(),
                (0..count).collect(),
            )
        }
        ContractAxes::Pairs(a1, a2) => {
            if a1.len() != a2.len() {
                return Err(Error::Value(format!(
                    "tensordot: axes sequences differ in length ({} and {})",
                    a1.len(),
                    a2.len()
                )));
            }
            // normalize_axes also rejects a repeated axis.
            (
                normalize_axes(&a1, x1.ndim())?,
                normalize_axes(&a2, x2.ndim())?,
            )
        }
    };
    Ok((ax1, ax2))
}

/// Dot products of vectors along `axis` (negative, counted from the end of
/// both operands), conjugating x1 when complex; the other axes broadcast.
pub fn vecdot(x1: &Array, x2: &Array, axis: isize) -> Result<Array> {
    let dtype = promote(x1.dtype(), x2.dtype());
    if !dtype.is_numeric() {
        return crate::type_err!("vecdot requires numeric arrays, got {dtype}");
    }
    let nd = x1.ndim().min(x2.ndim());
    if axis >= 0 || nd == 0 || axis < -(nd as isize) {
        return Err(Error::Value(format!(
            "vecdot: axis {axis} must be negative and within the {nd} trailing \
             dimensions both arrays have"
        )));
    }
    let (i1, i2) = (x1.ndim() as isize + axis, x2.ndim() as isize + axis);
    let (n1, n2) = (x1.shape()[i1 as usize], x2.shape()[i2 as usize]);
    if n1 != n2 {
        return Err(Error::Value(format!(
            "vecdot: the vectors along axis {axis} have {n1} and {n2} elements"
        )));
    }
    let a = if x1.dtype().is_complex() {
        unary(UnaryOp::Conj, x1)?
    } else {
        x1.clone()
    };
    let products = binary(BinaryOp::Multiply, &a, x2)?;
    let last = products.ndim() as isize + axis;
    sum_prod(&products, &[last as usize], Some(dtype), false, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arr(v: &[f64], shape: &[usize]) -> Array {
        Array::from_vec(v, shape).unwrap()
    }
    use crate::test_util::f64s as values;

    #[test]
    fn matmul_vector_rules() {
        let a = arr(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]);
        let v = arr(&[1.0, 0.0, -1.0], &[3]);
        let r = matmul(&a, &v).unwrap();
        assert_eq!(r.shape(), &[2]);
        assert_eq!(values(&r), vec![-2.0, -2.0]);
        let r = matmul(&v, &v).unwrap();
        assert_eq!(r.shape(), &[] as &[usize]);
        assert_eq!(values(&r), vec![2.0]);
        assert!(matmul(&a, &a).is_err());
    }

    #[test]
    fn matmul_broadcasts_batches_and_reads_transposes() {
        let a = arr(&[1.0, 2.0, 3.0, 4.0], &[2, 2]);
        let stack = arr(&[1.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 2.0], &[2, 2, 2]);
        let r = matmul(&a.matrix_transpose().unwrap(), &stack).unwrap();
        assert_eq!(r.shape(), &[2, 2, 2]);
        assert_eq!(values(&r), vec![1.0, 3.0, 2.0, 4.0, 2.0, 6.0, 4.0, 8.0]);
    }

    #[test]
    fn tensordot_matches_matmul_for_one_axis() {
        let a = arr(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]);
        let b = arr(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[3, 2]);
        let r = tensordot(&a, &b, ContractAxes::Count(1)).unwrap();
        assert_eq!(values(&r), vec![22.0, 28.0, 49.0, 64.0]);
        let r = tensordot(&a, &a, ContractAxes::Pairs(vec![0, 1], vec![0, -1])).unwrap();
        assert_eq!(values(&r), vec![91.0]);
    }

    #[test]
    fn vecdot_checks_axis() {
        let a = arr(&[1.0, 2.0, 3.0, 4.0], &[2, 2]);
        assert_eq!(values(&vecdot(&a, &a, -1).unwrap()), vec![5.0, 25.0]);
        assert_eq!(values(&vecdot(&a, &a, -2).unwrap()), vec![10.0, 20.0]);
        assert!(vecdot(&a, &a, 0).is_err());
        assert!(vecdot(&a, &a, -3).is_err());
    }
}
