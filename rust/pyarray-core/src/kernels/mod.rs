//! Typed kernels. Each is generic over the element type and instantiated
//! through `dispatch!`; the n-d walking is shared (`crate::iter`).

pub mod complex_special;
pub mod copy;
pub mod four_step;
pub mod gather;
pub mod loops;
pub mod math;
pub mod matmul;
pub mod radix;
#[cfg(target_arch = "x86_64")]
pub mod simdsort;
pub mod small_cholesky;
pub mod small_lu;
pub mod vmath;
