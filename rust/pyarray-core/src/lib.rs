//! pyarray-core: the engine behind pyarray, free of Python.
//!
//! Data flows: a binding calls one function of a section module (`creation`,
//! `indexing`, ...), which validates arguments, promotes dtypes and hands typed
//! work to a kernel in `kernels` through `dispatch!`.

pub mod advanced;
pub mod array;
pub mod creation;
pub mod dlpack;
pub mod dtype;
#[macro_use]
pub mod elementwise;
pub mod error;
pub mod fft;
pub mod format;
pub mod indexing;
pub mod iter;
pub mod kernels;
pub mod layout;
pub mod linalg;
pub mod linear_algebra;
pub mod manipulation;
pub mod searching;
pub mod sets;
pub mod sorting;
pub mod statistical;
pub mod storage;
pub mod threads;
pub mod utility;

pub use array::Array;
pub use dtype::{DType, Element, Kind, Scalar};
pub use error::{Error, Result};

/// Helpers shared by the unit tests of every module.
#[cfg(test)]
pub(crate) mod test_util {
    use crate::Array;

    /// Every element, in C order, as f64.
    pub fn f64s(a: &Array) -> Vec<f64> {
        a.to_scalars().into_iter().map(|s| s.as_f64()).collect()
    }

    /// Every element, in C order, as i64.
    pub fn i64s(a: &Array) -> Vec<i64> {
        a.to_scalars().into_iter().map(|s| s.as_i64()).collect()
    }
}
