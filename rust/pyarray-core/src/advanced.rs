//! Advanced indexing (integer arrays and boolean masks mixed with basic
//! indices), following NumPy's rules:
//! - boolean arrays stand for the integer arrays of their `nonzero()`; a 0-d
//!   boolean adds an axis of length 1 (true) or 0 (false) and indexes it;
//! - integers count as 0-d integer arrays once any array is in the key;
//! - the index arrays broadcast together to a shape `B`, which replaces the
//!   indexed axes: in place when the advanced indices are adjacent in the key,
//!   else at the front.
//!
//! The basic part (slices, `None`) is applied as a view first; the advanced
//! part becomes one list of byte offsets into that view, and each offset names
//! a sub-block (the remaining axes) that is gathered or scattered.

use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::indexing::{resolve_slice, Index};
use crate::iter::for_each_run;
use crate::kernels::gather::{move_blocks, wrap_index, Direction};
use crate::layout::{broadcast_shapes, broadcast_strides, c_strides, coalesce};

/// One component of a key that may hold arrays.
#[derive(Clone, Debug)]
pub enum KeyItem {
    Basic(Index),
    /// An integer or boolean index array.
    Array(Array),
}

/// An advanced index resolved to byte offsets into the view.
struct Part {
    shape: Vec<usize>,
    offsets: Vec<isize>,
}

/// A key resolved against an array: where to find every indexed block.
struct Plan {
    /// `x` after slices and new axes; advanced axes still present.
    view: Array,
    /// View axes consumed by the advanced indices.
    adv_axes: Vec<usize>,
    /// Whether the advanced indices are next to each other in the key.
    adjacent: bool,
    /// Broadcast shape of the advanced indices.
    bshape: Vec<usize>,
    /// One byte offset (from `view`'s first element) per position of `bshape`.
    offsets: Vec<isize>,
}

impl Plan {
    /// Axes of `view` that survive (not advanced-indexed).
    fn rest_axes(&self) -> Vec<usize> {
        (0..self.view.ndim())
            .filter(|a| !self.adv_axes.contains(a))
            .collect()
    }

    /// Where `bshape` goes among the surviving axes.
    fn insert_at(&self) -> usize {
        if self.adjacent {
            self.adv_axes.first().copied().unwrap_or(0)
        } else {
            0
        }
    }

    /// Shape of the result of `x[key]`.
    fn result_shape(&self) -> Vec<usize> {
        let rest: Vec<usize> = self
            .rest_axes()
            .iter()
            .map(|&a| self.view.shape()[a])
            .collect();
        let p = self.insert_at();
        let mut shape = rest[..p].to_vec();
        shape.extend_from_slice(&self.bshape);
        shape.extend_from_slice(&rest[p..]);
        shape
    }

    /// Move blocks between the view and `other`, a C-contiguous array of the
    /// result shape (or a 0-d array broadcast to it when `other_scalar`).
    fn move_with(&self, other: &Array, direction: Direction, other_scalar: bool) {
        let rest = self.rest_axes();
        let p = self.insert_at();
        let nb = self.bshape.len();
        let isz = self.view.itemsize() as isize;
        let view_bs = self.view.byte_strides();
        let other_bs: Vec<isize> = if other_scalar {
            vec![0; rest.len() + nb]
        } else {
            c_strides(&self.result_shape())
                .iter()
                .map(|s| s * isz)
                .collect()
        };
        // Strides of the other side's rest axes (skipping the B block), and the
        // step between consecutive B positions (the B axes are C-contiguous in
        // `other`, so they flatten to one stride: that of the last B axis).
        let other_rest: Vec<isize> = (0..rest.len())
            .map(|i| other_bs[if i < p { i } else { i + nb }])
            .collect();
        let step = if other_scalar || nb == 0 {
            0
        } else {
            other_bs[p + nb - 1]
        };
        let shape: Vec<usize> = rest.iter().map(|&a| self.view.shape()[a]).collect();
        let view_rest: Vec<isize> = rest.iter().map(|&a| view_bs[a]).collect();
        let (dst_s, src_s) = match direction {
            Direction::Gather => (&other_rest, &view_rest),
            Direction::Scatter => (&view_rest, &other_rest),
        };
        let dims = coalesce(&shape, [dst_s, src_s]);
        if dims.iter().any(|d| d.len == 0) {
            return;
        }
        // SAFETY: every offset was bounds-checked against the view while
        // planning; `other` has the result shape (or is broadcast from one
        // element); callers ensure the destination is writeable and does not
        // overlap the source.
        unsafe {
            move_blocks(
                self.view.itemsize(),
                direction,
                self.view.data_ptr(),
                &self.offsets,
                other.data_ptr(),
                step,
                &dims,
            )
        }
    }
}

/// Whether a key needs the advanced path.
pub fn is_advanced(key: &[KeyItem]) -> bool {
    key.iter().any(|k| matches!(k, KeyItem::Array(_)))
}

/// `x[key]` for a key with index arrays: always a new array.
pub fn advanced_index(x: &Array, key: &[KeyItem]) -> Result<Array> {
    let plan = plan(x, key)?;
    // SAFETY: the gather writes every element of the result.
    let out = unsafe { Array::for_overwrite(x.dtype(), &plan.result_shape())? };
    plan.move_with(&out, Direction::Gather, false);
    Ok(out)
}

/// `x[key] = value` for a key with index arrays; `value` is broadcast to the
/// shape of `x[key]` and cast to `x`'s dtype. Repeated indices: last wins.
pub fn advanced_assign(x: &Array, key: &[KeyItem], value: &Array) -> Result<()> {
    if !x.writeable() {
        return Err(Error::Value("assignment destination is read-only".into()));
    }
    let plan = plan(x, key)?;
    let shape = plan.result_shape();
    broadcast_strides(value.shape(), value.strides(), &shape)?;
    if value.size() == 1 {
        let scalar = value.reshape(&[])?.astype(x.dtype())?;
        plan.move_with(&scalar, Direction::Scatter, true);
        return Ok(());
    }
    // A fresh contiguous copy in the result shape: casts, broadcasts, and
    // cannot overlap x.
    // SAFETY: `assign` writes every element (value broadcasts to `shape`).
    let src = unsafe { Array::for_overwrite(x.dtype(), &shape)? };
    src.assign(value)?;
    plan.move_with(&src, Direction::Scatter, false);
    Ok(())
}

/// Number of axes of `x` an item consumes.
fn consumed(item: &KeyItem) -> usize {
    match item {
        KeyItem::Basic(Index::Int(_) | Index::Slice { .. }) => 1,
        KeyItem::Basic(Index::NewAxis | Index::Ellipsis) => 0,
        KeyItem::Array(a) if a.dtype() == DType::Bool => a.ndim(),
        KeyItem::Array(_) => 1,
    }
}

/// Replace the ellipsis (or append it) by full slices.
fn expand_ellipsis(x: &Array, key: &[KeyItem]) -> Result<Vec<KeyItem>> {
    let is_ellipsis = |k: &KeyItem| matches!(k, KeyItem::Basic(Index::Ellipsis));
    let ellipses = key.iter().filter(|k| is_ellipsis(k)).count();
    if ellipses > 1 {
        return Err(Error::Index(
            "an index can only have a single ellipsis ('...')".into(),
        ));
    }
    let used: usize = key.iter().map(consumed).sum();
    if used > x.ndim() {
        return Err(Error::Index(format!(
            "too many indices: array is {}-dimensional, but {used} were indexed",
            x.ndim()
        )));
    }
    let full = KeyItem::Basic(Index::Slice {
        start: None,
        stop: None,
        step: None,
    });
    let fill = vec![full; x.ndim() - used];
    let mut out = Vec::with_capacity(key.len() + fill.len());
    let mut filled = false;
    for k in key {
        if is_ellipsis(k) {
            if fill.is_empty() {
                // Keep it: an empty ellipsis still separates advanced
                // indices (NumPy: x[:, 0, ..., [0], :] puts them first).
                out.push(k.clone());
            }
            out.extend(fill.iter().cloned());
            filled = true;
        } else {
            out.push(k.clone());
        }
    }
    if !filled {
        out.extend(fill);
    }
    Ok(out)
}

fn plan(x: &Array, key: &[KeyItem]) -> Result<Plan> {
    let key = expand_ellipsis(x, key)?;
    let mut view = x.clone();
    let mut ax = 0;
    let mut adv_axes = Vec::new();
    let mut parts = Vec::new();
    let mut adv_positions = Vec::new();
    for (pos, item) in key.iter().enumerate() {
        if matches!(item, KeyItem::Array(_) | KeyItem::Basic(Index::Int(_))) {
            adv_positions.push(pos);
        }
        match item {
            KeyItem::Basic(Index::Int(i)) => {
                let len = view.shape()[ax];
                let stride = view.byte_strides()[ax];
                let j = crate::indexing::normalize_index(*i, len, ax)?;
                parts.push(Part {
                    shape: vec![],
                    offsets: vec![j as isize * stride],
                });
                adv_axes.push(ax);
                ax += 1;
            }
            KeyItem::Basic(Index::Slice { start, stop, step }) => {
                let (first, count, step) = resolve_slice(view.shape()[ax], *start, *stop, *step)?;
                view = view.slice_axis(ax, first, count, step);
                ax += 1;
            }
            KeyItem::Basic(Index::NewAxis) => {
                view = view.insert_axis(ax);
                ax += 1;
            }
            KeyItem::Basic(Index::Ellipsis) => {} // an empty one, kept as a separator
            KeyItem::Array(a) if a.dtype() == DType::Bool && a.ndim() == 0 => {
                // A 0-d boolean: a new axis, indexed by [0] (true) or [] (false).
                view = view.insert_axis(ax);
                let n = a.item()?.as_bool() as usize;
                parts.push(Part {
                    shape: vec![n],
                    offsets: vec![0; n],
                });
                adv_axes.push(ax);
                ax += 1;
            }
            KeyItem::Array(a) if a.dtype() == DType::Bool => {
                let k = a.ndim();
                parts.push(mask_part(&view, ax, a)?);
                adv_axes.extend(ax..ax + k);
                ax += k;
            }
            KeyItem::Array(a) => {
                parts.push(int_part(&view, ax, a)?);
                adv_axes.push(ax);
                ax += 1;
            }
        }
    }
    let bshape = parts
        .iter()
        .try_fold(Vec::new(), |acc, p| {
            broadcast_shapes(&acc, &p.shape).map(|s| s.to_vec())
        })
        .map_err(|_| {
            let shapes: Vec<&Vec<usize>> = parts.iter().map(|p| &p.shape).collect();
            Error::Index(format!(
                "shape mismatch: indexing arrays could not be broadcast together with shapes {shapes:?}"
            ))
        })?;
    let offsets = sum_offsets(parts, &bshape)?;
    let adjacent = adv_positions.windows(2).all(|w| w[1] == w[0] + 1);
    Ok(Plan {
        view,
        adv_axes,
        adjacent,
        bshape,
        offsets,
    })
}

/// An empty vector with room for `n` items, or MemoryError (a plain
/// `Vec::with_capacity` would abort the process on a huge request).
pub fn try_vec<T>(n: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| Error::Memory(format!("cannot allocate {n} index entries")))?;
    Ok(v)
}

/// Integer index values, widened to i64 (uint64 beyond i64 saturates, which
/// is out of bounds for any axis anyway).
trait IndexValue: Copy {
    fn to_i64(self) -> i64;
}
macro_rules! impl_index_value {
    ($($t:ty),*) => {$(
        impl IndexValue for $t {
            #[inline(always)]
            fn to_i64(self) -> i64 {
                i64::try_from(self).unwrap_or(i64::MAX)
            }
        }
    )*};
}
impl_index_value!(i8, i16, i32, i64, u8, u16, u32, u64);

/// Byte offsets of the elements an integer index array selects along `axis`.
fn int_part(view: &Array, axis: usize, idx: &Array) -> Result<Part> {
    let len = view.shape()[axis];
    let stride = view.byte_strides()[axis];
    // Index arrays are read in C order; a strided one is copied first (rare).
    let idx = idx.contiguous()?;
    let offsets = match idx.dtype() {
        DType::Int8 => offsets_of::<i8>(&idx, len, stride),
        DType::Int16 => offsets_of::<i16>(&idx, len, stride),
        DType::Int32 => offsets_of::<i32>(&idx, len, stride),
        DType::Int64 => offsets_of::<i64>(&idx, len, stride),
        DType::UInt8 => offsets_of::<u8>(&idx, len, stride),
        DType::UInt16 => offsets_of::<u16>(&idx, len, stride),
        DType::UInt32 => offsets_of::<u32>(&idx, len, stride),
        DType::UInt64 => offsets_of::<u64>(&idx, len, stride),
        d => {
            return Err(Error::Index(format!(
                "arrays used as indices must be of integer or boolean type, not {d}"
            )))
        }
    };
    let offsets = offsets?.map_err(|v| out_of_bounds(v, axis, len))?;
    Ok(Part {
        shape: idx.shape().to_vec(),
        offsets,
    })
}

/// The error for index `v` outside an axis of length `len`.
pub(crate) fn out_of_bounds(v: i64, axis: usize, len: usize) -> Error {
    Error::Index(format!(
        "index {v} is out of bounds for axis {axis} with size {len}"
    ))
}

/// The first index of `values` outside `-n..n` (0 if none is).
pub(crate) fn first_out_of_bounds(mut values: impl Iterator<Item = i64>, n: i64) -> i64 {
    values.find(|&v| !wrap_index(v, n).1).unwrap_or(0)
}

/// Offsets `normalized(i) * stride` of a contiguous index array; the inner
/// result is Err(first bad index) when one is out of bounds.
fn offsets_of<T: IndexValue + crate::Element>(
    idx: &Array,
    len: usize,
    stride: isize,
) -> Result<std::result::Result<Vec<isize>, i64>> {
    let values = idx.as_slice::<T>().expect("contiguous index array");
    let mut offsets = try_vec(values.len())?;
    let n = len as i64;
    if fill_offsets(values, n, stride, &mut offsets) {
        return Ok(Ok(offsets));
    }
    Ok(Err(first_out_of_bounds(
        values.iter().map(|v| v.to_i64()),
        n,
    )))
}

/// Append `normalized(v) * stride` for each index to `offsets`; whether all
/// were in `-n..n`. Only the AVX-512 tier has a vector 64-bit multiply, so
/// the loop stays scalar below it.
fn fill_offsets<T: IndexValue>(
    values: &[T],
    n: i64,
    stride: isize,
    offsets: &mut Vec<isize>,
) -> bool {
    crate::kernels::loops::in_best_tier(
        #[inline(always)]
        || {
            // Branch-free: one flag for the whole array, checked once at the end.
            let mut in_bounds = true;
            offsets.extend(values.iter().map(|&v| {
                let (j, ok) = wrap_index(v.to_i64(), n);
                in_bounds &= ok;
                j as isize * stride
            }));
            in_bounds
        },
    )
}

/// Byte offsets of the true elements of a mask over view axes `axis..`.
fn mask_part(view: &Array, axis: usize, mask: &Array) -> Result<Part> {
    let k = mask.ndim();
    let dims = &view.shape()[axis..axis + k];
    // A zero-length mask axis selects nothing whatever the array's length;
    // the official suite expects this to work (NumPy raises IndexError).
    let fits = mask
        .shape()
        .iter()
        .zip(dims)
        .all(|(&m, &d)| m == d || m == 0);
    if !fits {
        return Err(Error::Index(format!(
            "boolean index of shape {:?} does not match the indexed dimensions {dims:?}",
            mask.shape()
        )));
    }
    let view_bs = &view.byte_strides()[axis..axis + k];
    let mask_bs = mask.byte_strides();
    // Count first, so the offsets can be written without branches.
    let mut count = 0usize;
    for_each_run(mask.shape(), [&mask_bs], [mask.data_ptr()], |p, n, s| {
        for i in 0..n as isize {
            // SAFETY: inside the mask's extent; a bool is one byte.
            count += (unsafe { *p[0].offset(i * s[0]) } != 0) as usize;
        }
    });
    let mut offsets: Vec<isize> = try_vec(count + 1)?;
    let out = offsets.as_mut_ptr();
    let mut k = 0usize;
    // The second "pointer" starts at 0 and walks the view's strides: it is
    // never dereferenced, only read back as the byte offset of the element.
    for_each_run(
        mask.shape(),
        [&mask_bs, view_bs],
        [mask.data_ptr(), std::ptr::null_mut()],
        |p, n, s| {
            for i in 0..n as isize {
                // SAFETY: the mask byte is inside its extent; every element
                // is written at slot k <= count (capacity count + 1) and kept
                // only if the mask is true.
                unsafe {
                    let keep = (*p[0].offset(i * s[0]) != 0) as usize;
                    *out.add(k) = p[1] as isize + i * s[1];
                    k += keep;
                }
            }
        },
    );
    // SAFETY: slots 0..count were written above (k == count).
    unsafe { offsets.set_len(k) };
    Ok(Part {
        shape: vec![k],
        offsets,
    })
}

/// Sum of the parts' offsets, each broadcast to `bshape`, in C order.
fn sum_offsets(mut parts: Vec<Part>, bshape: &[usize]) -> Result<Vec<isize>> {
    // The common case (one index array or mask): its offsets are the answer.
    if parts.len() == 1 && parts[0].shape == bshape {
        return Ok(parts.swap_remove(0).offsets);
    }
    let n = crate::layout::checked_size(bshape, 8)?;
    let mut out = try_vec(n)?;
    out.resize(n, 0);
    if n == 0 {
        return Ok(out);
    }
    let out_strides = c_strides(bshape);
    for p in &parts {
        // Walk `out` and the broadcast part together, as element indices.
        let ps = broadcast_strides(&p.shape, &c_strides(&p.shape), bshape)?;
        let (os, ps): (Vec<isize>, Vec<isize>) = (
            out_strides.iter().map(|s| s * 8).collect(),
            ps.iter().map(|s| s * 8).collect(),
        );
        for_each_run(
            bshape,
            [&os, &ps],
            [out.as_mut_ptr() as *mut u8, p.offsets.as_ptr() as *mut u8],
            |q, len, s| {
                for i in 0..len as isize {
                    // SAFETY: both walk inside their own buffers of isize.
                    unsafe {
                        let o = q[0].offset(i * s[0]) as *mut isize;
                        *o += *(q[1].offset(i * s[1]) as *const isize);
                    }
                }
            },
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::arange_int;
    use crate::dtype::Scalar;

    use crate::test_util::i64s as vals;

    fn idx(v: &[i64]) -> KeyItem {
        KeyItem::Array(Array::from_vec(v, &[v.len()]).unwrap())
    }

    fn grid() -> Array {
        arange_int(0, 24, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 3, 4])
            .unwrap()
    }

    #[test]
    fn adjacent_arrays_stay_in_place_others_go_first() {
        let x = grid();
        let full = KeyItem::Basic(crate::indexing::FULL);
        let r = advanced_index(&x, &[full.clone(), idx(&[2, 0]), idx(&[-1, 1])]).unwrap();
        assert_eq!(r.shape(), &[2, 2]);
        assert_eq!(vals(&r), vec![11, 1, 23, 13]);
        let r = advanced_index(&x, &[idx(&[1]), full, idx(&[3])]).unwrap();
        assert_eq!(r.shape(), &[1, 3]);
        assert_eq!(vals(&r), vec![15, 19, 23]);
    }

    #[test]
    fn masks_select_in_c_order() {
        let x = arange_int(0, 6, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 3])
            .unwrap();
        let m = Array::from_vec(&[true, false, true, false, true, false], &[2, 3]).unwrap();
        let r = advanced_index(&x, &[KeyItem::Array(m.clone())]).unwrap();
        assert_eq!(vals(&r), vec![0, 2, 4]);
        let zero = Array::from_scalar(Scalar::Int(0), DType::Int64).unwrap();
        advanced_assign(&x, &[KeyItem::Array(m)], &zero).unwrap();
        assert_eq!(vals(&x), vec![0, 1, 0, 3, 0, 5]);
    }

    #[test]
    fn repeated_indices_last_write_wins_and_errors() {
        let x = arange_int(0, 4, 1, DType::Int64).unwrap();
        let v = Array::from_vec(&[7i64, 8, 9], &[3]).unwrap();
        advanced_assign(&x, &[idx(&[1, 1, 1])], &v).unwrap();
        assert_eq!(vals(&x), vec![0, 9, 2, 3]);
        assert!(matches!(
            advanced_index(&x, &[idx(&[4])]),
            Err(Error::Index(_))
        ));
        assert!(matches!(
            advanced_index(&x, &[idx(&[0, 1]), idx(&[0, 1, 2])]),
            Err(Error::Index(_))
        ));
        assert!(advanced_assign(&x.read_only(), &[idx(&[0])], &v).is_err());
    }
}
