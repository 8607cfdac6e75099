//! Set functions: the unique family and `isin`. Elements are compared with
//! `==`, so every NaN is distinct and -0.0 equals 0.0 (the standard's rules);
//! unique values come out sorted, NaNs last.

use crate::array::Array;
use crate::dtype::Element;
use crate::dtype::{promote, DType};
use crate::error::Result;
use crate::kernels::math::Complex;
use crate::sorting::cmp_nan_last;
use std::cmp::Ordering;

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

/// The dtype the set kernels work in: bool as bytes, everything else as is.
fn set_dtype(d: DType) -> DType {
    if d == DType::Bool {
        DType::UInt8
    } else {
        d
    }
}

/// Complex numbers in lexicographic order (real part, then imaginary), each
/// part NaN-last (NumPy's sort order for complex).
fn cmp_complex<T: Complex>(a: &T, b: &T) -> Ordering {
    cmp_nan_last(&a.re(), &b.re()).then_with(|| cmp_nan_last(&a.im(), &b.im()))
}

/// Run `$body` with `$T` the element type of `$dtype` and `$cmp` its sort
/// order (real and complex dtypes).
macro_rules! ordered {
    ($dtype:expr, $T:ident, $cmp:ident => $body:expr) => {
        reals!($dtype, $T => { let $cmp = cmp_nan_last::<$T>; $body },
            complexes!($dtype, $T => { let $cmp = cmp_complex::<$T>; $body },
                unreachable!("set_dtype gives real or complex dtypes")))
    };
}

/// The sorted unique values of `x`.
pub fn unique_values(x: &Array) -> Result<Array> {
    let dtype = set_dtype(x.dtype());
    let data = flat(x, dtype)?;
    let values = reals!(dtype, T => {
        // SAFETY: `flat` made a fresh copy that nothing else references.
        let v = unsafe { data.slice_mut_unchecked::<T>() };
        // The key sort: the bulk of the work for large inputs.
        crate::sorting::sort_lane(v, false, false);
        let k = dedup_in_place(v);
        Array::from_vec(&v[..k], &[k])
    }, complexes!(dtype, T => {
        // SAFETY: as above.
        let v = unsafe { data.slice_mut_unchecked::<T>() };
        v.sort_unstable_by(cmp_complex);
        let k = dedup_in_place(v);
        Array::from_vec(&v[..k], &[k])
    }, unreachable!("set_dtype gives real or complex dtypes")))?;
    values.to_dtype(x.dtype())
}

/// Moves the first element of each run of equal elements of a sorted slice
/// to the front and returns how many runs there are; `==` keeps every NaN
/// (NaN != NaN), as the standard asks.
fn dedup_in_place<T: PartialEq + Copy>(v: &mut [T]) -> usize {
    if v.is_empty() {
        return 0;
    }
    let mut kept = 1;
    for i in 1..v.len() {
        if v[i] != v[kept - 1] {
            v[kept] = v[i];
            kept += 1;
        }
    }
    kept
}

/// Unique values with first indices, inverse indices and counts.
pub fn unique_all(x: &Array) -> Result<Unique> {
    let dtype = set_dtype(x.dtype());
    let data = flat(x, dtype)?;
    let (values, runs) = ordered!(dtype, T, cmp => {
        unique_runs(data.as_slice::<T>().expect("fresh contiguous copy"), cmp)?
    });
    Ok(Unique {
        values: values.to_dtype(x.dtype())?,
        indices: int64(&runs.indices, &[runs.indices.len()])?,
        inverse: int64(&runs.inverse, x.shape())?,
        counts: int64(&runs.counts, &[runs.counts.len()])?,
    })
}

/// Index data of the runs of equal elements in sorted order.
struct Runs {
    indices: Vec<i64>,
    inverse: Vec<i64>,
    counts: Vec<i64>,
}

/// The unique values of `src` (as a 1-D array) and their runs.
fn unique_runs<T: Element>(src: &[T], cmp: impl Fn(&T, &T) -> Ordering) -> Result<(Array, Runs)> {
    let mut pairs: Vec<(T, usize)> = src.iter().copied().zip(0..).collect();
    // Stable: the first element of each run has the smallest index.
    pairs.sort_by(|a, b| cmp(&a.0, &b.0));
    let mut values: Vec<T> = Vec::new();
    let mut runs = Runs {
        indices: Vec::new(),
        inverse: vec![0; src.len()],
        counts: Vec::new(),
    };
    for (k, &(v, i)) in pairs.iter().enumerate() {
        // `!=` starts a run for every NaN.
        if k == 0 || pairs[k - 1].0 != v {
            values.push(v);
            runs.indices.push(i as i64);
            runs.counts.push(0);
        }
        *runs.counts.last_mut().expect("a run was started") += 1;
        runs.inverse[i] = values.len() as i64 - 1;
    }
    Ok((Array::from_vec(&values, &[values.len()])?, runs))
}

/// Whether each element of `x1` occurs in `x2` (negated with `invert`), as a
/// bool array shaped like `x1`. NaN occurs nowhere.
pub fn isin(x1: &Array, x2: &Array, invert: bool) -> Result<Array> {
    let dtype = set_dtype(promote(x1.dtype(), x2.dtype()));
    let needles = x1.astype(dtype)?;
    let hay = flat(x2, dtype)?;
    let out = Array::zeros(DType::Bool, x1.shape())?;
    // SAFETY: fresh contiguous bool array, owned here.
    let dst = unsafe { out.slice_mut_unchecked::<bool>() };
    ordered!(dtype, T, cmp => {
        let mut set = hay.as_slice::<T>().expect("fresh contiguous copy").to_vec();
        set.sort_unstable_by(cmp);
        let src = needles.as_slice::<T>().expect("fresh contiguous copy");
        for (o, v) in dst.iter_mut().zip(src) {
            let at = set.partition_point(|h| cmp(h, v) == Ordering::Less);
            *o = (at < set.len() && set[at] == *v) != invert;
        }
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_util::f64s as vals;

    #[test]
    fn dedup_in_place_keeps_run_heads_and_every_nan() {
        let mut v = [1.0, 1.0, 2.0, 3.0, 3.0, 3.0, f64::NAN, f64::NAN];
        let k = dedup_in_place(&mut v);
        assert_eq!(k, 5);
        assert_eq!(&v[..3], &[1.0, 2.0, 3.0]);
        assert!(v[3].is_nan() && v[4].is_nan());
        let mut one = [7];
        assert_eq!(dedup_in_place(&mut one), 1);
        assert_eq!(dedup_in_place::<i32>(&mut []), 0);
        // The input array of unique_values is not sorted in place.
        let x = Array::from_vec(&[3.0, 1.0, 3.0], &[3]).unwrap();
        assert_eq!(vals(&unique_values(&x).unwrap()), [1.0, 3.0]);
        assert_eq!(vals(&x), [3.0, 1.0, 3.0]);
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
