//! Shapes and strides: element counts, C-order strides, broadcasting, and the
//! axis coalescing that turns most n-d loops into one flat loop.

use crate::error::{Error, Result};
use smallvec::SmallVec;

/// A shape; up to 4 dimensions live inline, so small-array calls do not
/// allocate (and an `Array` stays small enough to move in registers).
pub type Dims = SmallVec<[usize; 4]>;
/// Strides (in elements or bytes), inline like `Dims`.
pub type Strides = SmallVec<[isize; 4]>;

/// Largest byte size we accept for one array (what `isize` can address).
const MAX_BYTES: usize = isize::MAX as usize;

/// Number of elements of `shape`, or ValueError if it overflows or the byte
/// size for `itemsize` does.
pub fn checked_size(shape: &[usize], itemsize: usize) -> Result<usize> {
    // An empty shape with a huge dimension is fine (0 elements), but the other
    // dimensions must still not overflow: check the product of non-zero dims.
    let (mut nonzero, mut empty) = (1usize, false);
    for &d in shape {
        if d == 0 {
            empty = true;
        } else {
            nonzero = nonzero.checked_mul(d).ok_or_else(|| too_big(shape))?;
        }
    }
    let n = if empty { 0 } else { nonzero };
    match nonzero.checked_mul(itemsize) {
        Some(b) if b <= MAX_BYTES => Ok(n),
        _ => Err(too_big(shape)),
    }
}

fn too_big(shape: &[usize]) -> Error {
    Error::Value(format!(
        "array is too big: shape {shape:?} overflows the address space"
    ))
}

/// Row-major (C order) strides in elements.
pub fn c_strides(shape: &[usize]) -> Strides {
    // Shapes of up to four dimensions fill an inline buffer from the back:
    // `smallvec![0; n]` calls memset and pushing then reversing walks twice,
    // which together were 60 instructions of a 60-instruction function.
    const INLINE: usize = 4;
    if shape.len() <= INLINE {
        let mut buf = [0isize; INLINE];
        let mut acc: isize = 1;
        for (s, &d) in buf[..shape.len()].iter_mut().zip(shape).rev() {
            *s = acc;
            acc = acc.wrapping_mul(d.max(1) as isize);
        }
        return Strides::from_buf_and_len(buf, shape.len());
    }
    let mut strides = Strides::new();
    let mut acc: isize = 1;
    for &d in shape.iter().rev() {
        strides.push(acc);
        acc = acc.wrapping_mul(d.max(1) as isize);
    }
    strides.reverse();
    strides
}

/// Whether two shapes (or stride lists) are equal. An element loop: slice
/// `==` calls memcmp, whose setup costs more than comparing a few numbers
/// (three such calls were 2 % of a one-element `x + y`).
#[inline]
pub fn same_dims<T: Copy + PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Whether `shape`/`strides` describe a C-contiguous block.
#[inline]
pub fn is_c_contiguous(shape: &[usize], strides: &[isize]) -> bool {
    let mut expected: isize = 1;
    for i in (0..shape.len()).rev() {
        if shape[i] == 0 {
            return true;
        }
        if shape[i] != 1 && strides[i] != expected {
            return false;
        }
        expected *= shape[i] as isize;
    }
    true
}

/// Whether `shape`/`strides` cover a gap-free block of memory in some axis
/// order with positive strides: C order, F order (`m.T` of a C-ordered `m`)
/// or any permutation of them. Such an array's elements are a slice read in
/// memory order, which an elementwise function can map in one flat pass
/// into an output laid out the same way (NumPy's order="K").
#[inline]
pub fn is_dense(shape: &[usize], strides: &[isize]) -> bool {
    // The common case inline: small calls check the layout several times.
    is_c_contiguous(shape, strides) || is_dense_in_another_order(shape, strides)
}

/// `is_dense` for arrays that are not C-contiguous.
fn is_dense_in_another_order(shape: &[usize], strides: &[isize]) -> bool {
    if shape.contains(&0) {
        return true;
    }
    // Axes of extent 1 never step, so their strides do not matter.
    let mut axes: SmallVec<[(isize, usize); 6]> = shape
        .iter()
        .zip(strides)
        .filter(|(&d, _)| d != 1)
        .map(|(&d, &s)| (s, d))
        .collect();
    axes.sort_unstable();
    let mut expected: isize = 1;
    for (stride, extent) in axes {
        if stride != expected {
            return false;
        }
        expected *= extent as isize;
    }
    true
}

/// Whether two arrays of the same `shape` place every element at the same
/// offset from their first: equal strides on every axis that steps.
#[inline]
pub fn same_layout(shape: &[usize], a: &[isize], b: &[isize]) -> bool {
    shape
        .iter()
        .zip(a.iter().zip(b))
        .all(|(&d, (x, y))| d <= 1 || x == y)
}

/// The broadcast shape of two shapes, per the standard's rules.
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Result<Dims> {
    if same_dims(a, b) {
        return Ok(Dims::from_slice(a));
    }
    let n = a.len().max(b.len());
    let mut out: Dims = smallvec::smallvec![0; n];
    for i in 0..n {
        let da = if i < n - a.len() {
            1
        } else {
            a[i - (n - a.len())]
        };
        let db = if i < n - b.len() {
            1
        } else {
            b[i - (n - b.len())]
        };
        out[i] = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => {
                return Err(Error::Value(format!(
                    "shapes {a:?} and {b:?} cannot be broadcast together"
                )))
            }
        };
    }
    Ok(out)
}

/// Element offsets of every index of `shape` (C order) for the given
/// element strides: where each matrix of a stack, or each lane along an axis,
/// starts. Zero strides repeat (broadcast) offsets.
pub fn element_offsets(shape: &[usize], strides: &[isize]) -> Vec<isize> {
    let count: usize = shape.iter().product();
    let mut offsets = Vec::with_capacity(count);
    let Some((&inner_len, outer_shape)) = shape.split_last() else {
        offsets.push(0); // 0-d: one element at the start
        return offsets;
    };
    if count == 0 {
        return offsets;
    }
    let inner_stride = strides[outer_shape.len()];
    let mut index = vec![0usize; outer_shape.len()];
    let mut start = 0isize;
    for _ in 0..count / inner_len {
        // The last axis as one tight loop (the odometer step per element
        // cost ~3 ns, a tenth of a batched 16x16 float32 product).
        offsets.extend((0..inner_len as isize).map(|i| start + i * inner_stride));
        // Odometer over the outer axes: bump the last, carry into earlier ones.
        for d in (0..outer_shape.len()).rev() {
            index[d] += 1;
            start += strides[d];
            if index[d] < outer_shape[d] {
                break;
            }
            start -= strides[d] * outer_shape[d] as isize;
            index[d] = 0;
        }
    }
    offsets
}

/// Strides (in elements) that view `shape`/`strides` as the larger `target`
/// shape: new leading axes and stretched size-1 axes get stride 0.
pub fn broadcast_strides(shape: &[usize], strides: &[isize], target: &[usize]) -> Result<Strides> {
    if shape.len() > target.len() {
        return Err(Error::Value(format!(
            "cannot broadcast shape {shape:?} to {target:?}"
        )));
    }
    let lead = target.len() - shape.len();
    let mut out: Strides = smallvec::smallvec![0isize; target.len()];
    for i in 0..shape.len() {
        out[lead + i] = if shape[i] == target[lead + i] {
            strides[i]
        } else if shape[i] == 1 {
            0
        } else {
            return Err(Error::Value(format!(
                "cannot broadcast shape {shape:?} to {target:?}"
            )));
        };
    }
    Ok(out)
}

/// One loop dimension shared by K operands: length and each operand's stride.
#[derive(Clone, Copy, Debug)]
pub struct Dim<const K: usize> {
    pub len: usize,
    pub strides: [isize; K],
}

/// Merge dimensions that can be walked as one (for every operand, the outer
/// stride equals inner stride × inner length) and drop length-1 dimensions.
/// Returns an empty vector for a single element; a zero-length dimension is kept.
pub fn coalesce<const K: usize>(shape: &[usize], strides: [&[isize]; K]) -> SmallVec<[Dim<K>; 6]> {
    let mut dims: SmallVec<[Dim<K>; 6]> = SmallVec::new();
    for (i, &len) in shape.iter().enumerate() {
        if len == 1 {
            continue;
        }
        let s: [isize; K] = std::array::from_fn(|k| strides[k][i]);
        if let Some(last) = dims.last_mut() {
            let mergeable = (0..K).all(|k| last.strides[k] == s[k] * len as isize);
            if mergeable && len != 0 && last.len != 0 {
                last.len *= len;
                last.strides = s;
                continue;
            }
        }
        dims.push(Dim { len, strides: s });
    }
    dims
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_offsets_follow_the_strides_in_c_order() {
        // The definition: sum of index times stride, indices in C order.
        fn by_definition(shape: &[usize], strides: &[isize]) -> Vec<isize> {
            let count: usize = shape.iter().product();
            (0..count)
                .map(|mut flat| {
                    let mut offset = 0;
                    for d in (0..shape.len()).rev() {
                        offset += (flat % shape[d]) as isize * strides[d];
                        flat /= shape[d];
                    }
                    offset
                })
                .collect()
        }
        let cases: [(&[usize], &[isize]); 8] = [
            (&[], &[]),
            (&[5], &[3]),
            (&[0], &[1]),
            (&[3, 0, 2], &[0, 2, 1]),
            (&[2, 3], &[3, 1]),
            (&[2, 3], &[1, 2]),
            (&[4, 1, 3], &[0, 7, -2]),
            (&[2, 3, 2, 2], &[-12, 4, 2, 1]),
        ];
        for (shape, strides) in cases {
            assert_eq!(
                element_offsets(shape, strides),
                by_definition(shape, strides),
                "{shape:?} {strides:?}"
            );
        }
    }

    #[test]
    fn sizes_and_overflow() {
        assert_eq!(checked_size(&[2, 3], 8).unwrap(), 6);
        assert_eq!(checked_size(&[], 8).unwrap(), 1);
        assert_eq!(checked_size(&[0, 1 << 40], 8).unwrap(), 0);
        assert!(checked_size(&[0, usize::MAX], 8).is_err());
        assert!(checked_size(&[1 << 40, 1 << 40], 1).is_err());
        assert!(checked_size(&[1 << 61], 8).is_err());
    }

    #[test]
    fn strides_and_contiguity() {
        assert_eq!(c_strides(&[2, 3, 4]).as_slice(), &[12, 4, 1]);
        // Zero-length axes count as 1 (NumPy's strides); more axes than
        // the inline capacity spill to the heap.
        assert_eq!(c_strides(&[2, 0, 5]).as_slice(), &[5, 5, 1]);
        assert_eq!(c_strides(&[]).as_slice(), &[] as &[isize]);
        assert_eq!(
            c_strides(&[2, 1, 3, 1, 2, 2]).as_slice(),
            &[12, 12, 4, 4, 2, 1]
        );
        assert!(same_dims(&[2usize, 3], &[2, 3]) && same_dims::<usize>(&[], &[]));
        assert!(!same_dims(&[2usize, 3], &[2]) && !same_dims(&[2usize, 3], &[2, 4]));
        assert!(is_c_contiguous(&[2, 3], &[3, 1]));
        assert!(!is_c_contiguous(&[2, 3], &[1, 2]));
        assert!(is_c_contiguous(&[1, 3], &[99, 1]));
    }

    #[test]
    fn dense_layouts_in_any_axis_order() {
        assert!(is_dense(&[2, 3], &[3, 1]));
        assert!(is_dense(&[2, 3], &[1, 2])); // F order: a transposed C array
        assert!(is_dense(&[2, 3, 4], &[4, 8, 1]));
        assert!(is_dense(&[2, 1, 3], &[1, 77, 2]));
        assert!(is_dense(&[0, 3], &[5, 9]));
        assert!(!is_dense(&[2, 3], &[1, 4])); // gap between columns
        assert!(!is_dense(&[2, 3], &[-3, 1])); // reversed rows
        assert!(!is_dense(&[2, 3], &[0, 1])); // broadcast
        assert!(same_layout(&[2, 1, 3], &[1, 5, 2], &[1, 9, 2]));
        assert!(!same_layout(&[2, 3], &[1, 2], &[3, 1]));
    }

    #[test]
    fn broadcasting() {
        assert_eq!(broadcast_shapes(&[3, 1], &[4]).unwrap().as_slice(), &[3, 4]);
        assert_eq!(broadcast_shapes(&[], &[2, 0]).unwrap().as_slice(), &[2, 0]);
        assert!(broadcast_shapes(&[3], &[4]).is_err());
        assert_eq!(
            broadcast_strides(&[3, 1], &[1, 1], &[2, 3, 4])
                .unwrap()
                .as_slice(),
            &[0, 1, 0]
        );
    }

    #[test]
    fn coalescing_merges_contiguous_axes() {
        let d = coalesce(&[2, 3, 4], [&[12, 4, 1], &[12, 4, 1]]);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].len, 24);
        let d = coalesce(&[2, 3], [&[1, 2]]);
        assert_eq!(d.len(), 2);
        assert!(coalesce(&[1, 1], [&[5, 7]]).is_empty());
    }
}
