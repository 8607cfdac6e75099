//! The n-d outer loop, compiled once: it walks byte pointers of K operands over
//! a (coalesced) shape and hands each innermost run to a typed 1-D kernel.

use crate::layout::coalesce;

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
