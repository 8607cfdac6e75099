//! Searching functions: `where` so far.

use crate::array::Array;
use crate::dtype::{promote, DType, Element};
use crate::error::Result;
use crate::iter::for_each_run;
use crate::layout::{broadcast_shapes, broadcast_strides};

/// Elements of `x1` where `condition` is true, else of `x2` (all broadcast;
/// `x1` and `x2` promoted to one dtype).
pub fn where_(condition: &Array, x1: &Array, x2: &Array) -> Result<Array> {
    let dtype = promote(x1.dtype(), x2.dtype());
    let shape = broadcast_shapes(
        &broadcast_shapes(condition.shape(), x1.shape())?,
        x2.shape(),
    )?;
    let cond = if condition.dtype() == DType::Bool {
        condition.clone()
    } else {
        condition.astype(DType::Bool)?
    };
    let cast = |x: &Array| {
        if x.dtype() == dtype {
            Ok(x.clone())
        } else {
            x.astype(dtype)
        }
    };
    let (a, b) = (cast(x1)?, cast(x2)?);
    let out = Array::zeros(dtype, &shape)?;
    let bytes = |x: &Array| -> Result<Vec<isize>> {
        Ok(broadcast_strides(x.shape(), x.strides(), &shape)?
            .into_iter()
            .map(|s| s * x.itemsize() as isize)
            .collect())
    };
    let (sc, sa, sb, so) = (bytes(&cond)?, bytes(&a)?, bytes(&b)?, out.byte_strides());
    let ptrs = [out.data_ptr(), cond.data_ptr(), a.data_ptr(), b.data_ptr()];
    crate::dispatch!(dtype, T => {
        for_each_run(&shape, [&so, &sc, &sa, &sb], ptrs, |p, len, s| {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::{arange_int, full};
    use crate::dtype::Scalar;

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
