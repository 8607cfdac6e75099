//! Set functions: the unique family and `isin`. Elements are compared with
//! `==`, so every NaN is distinct and -0.0 equals 0.0 (the standard's rules);
//! unique values come out sorted, NaNs last.

use crate::array::Array;
use crate::dtype::{promote, DType};
use crate::error::Result;
use crate::sorting::{cmp_nan_last, lt_nan_last, sort_dtype};

/// The results of `unique_all`; the narrower functions use some of them.
pub struct Unique {
    pub values: Array,
    /// First index (into the flattened input) of each unique value.
    pub indices: Array,
    /// Position of each input element in `values`, shaped like the input.
    pub inverse: Array,
    pub counts: Array,
}

fn int64(v: &[i64], shape: &[usize]) -> Result<Array> {
    Array::from_vec(v, shape)
}

/// Flattened contiguous copy of `x` in the sorting dtype.
fn flat(x: &Array, dtype: DType) -> Result<Array> {
    x.astype(dtype)?.reshape(&[x.size()])
}

fn cast_back(values: Array, dtype: DType) -> Result<Array> {
    if values.dtype() == dtype {
        Ok(values)
    } else {
        values.astype(dtype)
    }
}

/// The sorted unique values of `x`.
pub fn unique_values(x: &Array) -> Result<Array> {
    let dtype = sort_dtype(x.dtype(), "unique_values")?;
    let data = flat(x, dtype)?;
    let values = reals!(dtype, T => {
        let mut v = data.as_slice::<T>().expect("fresh contiguous copy").to_vec();
        v.sort_unstable_by(cmp_nan_last);
        // `==` keeps every NaN.
        v.dedup_by(|a, b| a == b);
        Array::from_vec(&v, &[v.len()])
    }, unreachable!("sort_dtype admits real dtypes only"))?;
    cast_back(values, x.dtype())
}

/// Unique values with first indices, inverse indices and counts.
pub fn unique_all(x: &Array) -> Result<Unique> {
    let dtype = sort_dtype(x.dtype(), "unique")?;
    let data = flat(x, dtype)?;
    let n = x.size();
    let mut inverse = vec![0i64; n];
    let mut indices = Vec::new();
    let mut counts: Vec<i64> = Vec::new();
    let values = reals!(dtype, T => {
        let src = data.as_slice::<T>().expect("fresh contiguous copy");
        let mut pairs: Vec<(T, usize)> = src.iter().copied().zip(0..).collect();
        // Stable: the first element of each run has the smallest index.
        pairs.sort_by(|a, b| cmp_nan_last(&a.0, &b.0));
        let mut values: Vec<T> = Vec::new();
        for (k, &(v, i)) in pairs.iter().enumerate() {
            if k == 0 || pairs[k - 1].0 != v {
                values.push(v);
                indices.push(i as i64);
                counts.push(0);
            }
            *counts.last_mut().expect("a run was started") += 1;
            inverse[i] = values.len() as i64 - 1;
        }
        Array::from_vec(&values, &[values.len()])
    }, unreachable!("sort_dtype admits real dtypes only"))?;
    Ok(Unique {
        values: cast_back(values, x.dtype())?,
        indices: int64(&indices, &[indices.len()])?,
        inverse: int64(&inverse, x.shape())?,
        counts: int64(&counts, &[counts.len()])?,
    })
}

/// Whether each element of `x1` occurs in `x2` (negated with `invert`), as a
/// bool array shaped like `x1`. NaN occurs nowhere.
pub fn isin(x1: &Array, x2: &Array, invert: bool) -> Result<Array> {
    let dtype = sort_dtype(promote(x1.dtype(), x2.dtype()), "isin")?;
    let needles = x1.astype(dtype)?;
    let hay = flat(x2, dtype)?;
    let out = Array::zeros(DType::Bool, x1.shape())?;
    // SAFETY: fresh contiguous bool array, owned here.
    let dst = unsafe { out.slice_mut_unchecked::<bool>() };
    reals!(dtype, T => {
        let mut set = hay.as_slice::<T>().expect("fresh contiguous copy").to_vec();
        set.sort_unstable_by(cmp_nan_last);
        let src = needles.as_slice::<T>().expect("fresh contiguous copy");
        for (o, &v) in dst.iter_mut().zip(src) {
            let at = set.partition_point(|&h| lt_nan_last(h, v));
            *o = (at < set.len() && set[at] == v) != invert;
        }
    }, unreachable!("sort_dtype admits real dtypes only"));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vals(a: &Array) -> Vec<f64> {
        a.to_scalars().into_iter().map(|s| s.as_f64()).collect()
    }

    #[test]
    fn unique_keeps_each_nan() {
        let x = Array::from_vec(&[2.0, f64::NAN, 1.0, 2.0, f64::NAN, -0.0, 0.0], &[7]).unwrap();
        let v = vals(&unique_values(&x).unwrap());
        assert_eq!(v.len(), 5);
        assert_eq!(&v[..3], &[0.0, 1.0, 2.0]);
        let u = unique_all(&x).unwrap();
        assert_eq!(vals(&u.indices), vec![5.0, 2.0, 0.0, 1.0, 4.0]);
        assert_eq!(vals(&u.counts), vec![2.0, 1.0, 2.0, 1.0, 1.0]);
        assert_eq!(vals(&u.inverse), vec![2.0, 3.0, 1.0, 2.0, 4.0, 0.0, 0.0]);
    }

    #[test]
    fn isin_with_invert() {
        let x = Array::from_vec(&[1i32, 2, 3], &[3]).unwrap();
        let s = Array::from_vec(&[3.0f64, 1.0, f64::NAN], &[3]).unwrap();
        assert_eq!(vals(&isin(&x, &s, false).unwrap()), vec![1.0, 0.0, 1.0]);
        assert_eq!(vals(&isin(&x, &s, true).unwrap()), vec![0.0, 1.0, 0.0]);
    }
}
