//! The n-d outer loop, compiled once: it walks byte pointers of K operands over
//! a (coalesced) shape and hands each innermost run to a typed 1-D kernel.

use crate::layout::coalesce;
use smallvec::SmallVec;

/// Call `run(ptrs, len, byte_strides)` for every innermost run of the
/// iteration over `shape`. `byte_strides[k]` are operand k's strides in bytes.
/// Nothing is called when the shape has a zero-length dimension; a 0-d shape
/// gives one run of length 1.
pub fn for_each_run<const K: usize>(
    shape: &[usize],
    byte_strides: [&[isize]; K],
    base: [*mut u8; K],
    mut run: impl FnMut([*mut u8; K], usize, [isize; K]),
) {
    let dims = coalesce(shape, byte_strides);
    if dims.iter().any(|d| d.len == 0) {
        return;
    }
    let Some((inner, outer)) = dims.split_last() else {
        run(base, 1, [0; K]);
        return;
    };
    let mut index: smallvec::SmallVec<[usize; 6]> = smallvec::smallvec![0usize; outer.len()];
    let mut ptrs = base;
    loop {
        run(ptrs, inner.len, inner.strides);
        // Odometer increment over the outer dimensions.
        let mut d = outer.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            index[d] += 1;
            for (p, &s) in ptrs.iter_mut().zip(&outer[d].strides) {
                *p = p.wrapping_offset(s);
            }
            if index[d] < outer[d].len {
                break;
            }
            for (p, &s) in ptrs.iter_mut().zip(&outer[d].strides) {
                *p = p.wrapping_offset(-s * outer[d].len as isize);
            }
            index[d] = 0;
        }
    }
}

/// `for_each_run` with the axes visited in operand 0's memory order (its
/// largest stride outermost, ties in axis order), so an output laid out in
/// another axis order (F order, for `m.T + v`) is still written along its
/// contiguous axis, in runs the kernels vectorise. Only for callers whose
/// runs do not depend on the order of visiting (elementwise writes).
pub fn for_each_run_in_order_of_first<const K: usize>(
    shape: &[usize],
    byte_strides: [&[isize]; K],
    base: [*mut u8; K],
    run: impl FnMut([*mut u8; K], usize, [isize; K]),
) {
    let first = byte_strides[0];
    let in_order = first
        .windows(2)
        .all(|w| w[0].unsigned_abs() >= w[1].unsigned_abs());
    if in_order {
        return for_each_run(shape, byte_strides, base, run);
    }
    let mut axes: SmallVec<[usize; 6]> = (0..shape.len()).collect();
    axes.sort_by_key(|&i| std::cmp::Reverse(first[i].unsigned_abs()));
    let permuted_shape: SmallVec<[usize; 6]> = axes.iter().map(|&i| shape[i]).collect();
    let permuted: [SmallVec<[isize; 6]>; K] =
        std::array::from_fn(|k| axes.iter().map(|&i| byte_strides[k][i]).collect());
    let strides: [&[isize]; K] = std::array::from_fn(|k| permuted[k].as_slice());
    for_each_run(&permuted_shape, strides, base, run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_every_element_of_a_transposed_view() {
        // 2x3 array stored row-major, iterated through its transpose (3x2).
        let data: Vec<u8> = (0..6).collect();
        let mut seen = Vec::new();
        for_each_run(
            &[3, 2],
            [&[1, 3]],
            [data.as_ptr() as *mut u8],
            |p, len, s| {
                for i in 0..len {
                    seen.push(unsafe { *p[0].offset(i as isize * s[0]) });
                }
            },
        );
        assert_eq!(seen, vec![0, 3, 1, 4, 2, 5]);
    }

    #[test]
    fn in_order_of_first_walks_its_contiguous_axis_innermost() {
        // Operand 0 is a 3x2 array stored in F order (strides 1, 3): the walk
        // visits it in memory order, in two runs of three along its
        // contiguous axis, and the C-ordered operand 1 follows.
        let data: Vec<u8> = (0..6).collect();
        let other: Vec<u8> = (10..16).collect();
        let (mut seen, mut runs) = (Vec::new(), 0);
        for_each_run_in_order_of_first(
            &[3, 2],
            [&[1, 3], &[2, 1]],
            [data.as_ptr() as *mut u8, other.as_ptr() as *mut u8],
            |p, len, s| {
                runs += 1;
                for i in 0..len as isize {
                    seen.push(unsafe { (*p[0].offset(i * s[0]), *p[1].offset(i * s[1])) });
                }
            },
        );
        assert_eq!(runs, 2);
        let want: Vec<(u8, u8)> = vec![(0, 10), (1, 12), (2, 14), (3, 11), (4, 13), (5, 15)];
        assert_eq!(seen, want);
    }

    #[test]
    fn empty_and_scalar_shapes() {
        let mut calls = 0;
        for_each_run(&[0, 3], [&[3, 1]], [std::ptr::null_mut()], |_, _, _| {
            calls += 1
        });
        assert_eq!(calls, 0);
        for_each_run(&[], [&[]], [std::ptr::null_mut()], |_, len, _| calls += len);
        assert_eq!(calls, 1);
    }
}
