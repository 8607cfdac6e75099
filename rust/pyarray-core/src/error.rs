//! The one error type of the core. The bindings map each variant to one
//! Python exception class (see `pyarray-py/src/errors.rs`).

use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// Wrong dtype kind or argument type (Python `TypeError`).
    Type(String),
    /// Bad value, shape or argument (Python `ValueError`).
    Value(String),
    /// Index out of range or malformed key (Python `IndexError`).
    Index(String),
    /// Allocation failed (Python `MemoryError`).
    Memory(String),
    /// Memory cannot be exported or imported (Python `BufferError`).
    Buffer(String),
    /// A scalar does not fit the dtype (Python `OverflowError`).
    Overflow(String),
    /// A linear algebra routine failed on valid input: singular or not
    /// positive-definite matrix, no convergence (Python `LinAlgError`, a
    /// `ValueError`).
    LinAlg(String),
}

pub type Result<T> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let msg = match self {
            Error::Type(m)
            | Error::Value(m)
            | Error::Index(m)
            | Error::Memory(m)
            | Error::Buffer(m)
            | Error::Overflow(m)
            | Error::LinAlg(m) => m,
        };
        f.write_str(msg)
    }
}

impl std::error::Error for Error {}

/// `Err(Error::Value(format!(...)))` in one line.
#[macro_export]
macro_rules! value_err {
    ($($t:tt)*) => { Err($crate::error::Error::Value(format!($($t)*))) };
}
/// `Err(Error::Type(format!(...)))` in one line.
#[macro_export]
macro_rules! type_err {
    ($($t:tt)*) => { Err($crate::error::Error::Type(format!($($t)*))) };
}
/// `Err(Error::Index(format!(...)))` in one line.
#[macro_export]
macro_rules! index_err {
    ($($t:tt)*) => { Err($crate::error::Error::Index(format!($($t)*))) };
}
