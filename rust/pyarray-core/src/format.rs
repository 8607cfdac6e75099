//! Text form of arrays, shaped like NumPy's: `Array([1, 2, 3], dtype=int64)`
//! for repr and `[1 2 3]` for str, summarized with `...` past a threshold.

use crate::array::Array;
use crate::dtype::{DType, Scalar};

/// Arrays with more elements than this are summarized.
const SUMMARY_THRESHOLD: usize = 1000;
/// Elements shown at each end of a summarized axis.
const EDGE_ITEMS: usize = 3;

/// `repr(x)`.
pub fn repr(a: &Array) -> String {
    let prefix = "Array(";
    let body = render(a, ", ", prefix.len());
    format!("{prefix}{body}, dtype={})", a.dtype())
}

/// `str(x)`.
pub fn str(a: &Array) -> String {
    render(a, " ", 0)
}

/// One element as text.
pub fn format_scalar(s: Scalar, dtype: DType) -> String {
    match s {
        Scalar::Bool(b) => if b { "True" } else { "False" }.to_string(),
        Scalar::Int(v) => v.to_string(),
        Scalar::UInt(v) => v.to_string(),
        Scalar::Float(v) => format_float(v, dtype),
        Scalar::Complex(c) => {
            let part = dtype.real_dtype();
            let im = format_float(c.im.abs(), part);
            let sign = if c.im.is_sign_negative() && !c.im.is_nan() { '-' } else { '+' };
            format!("{}{}{}j", format_float(c.re, part), sign, im)
        }
    }
}

fn format_float(v: f64, dtype: DType) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf" } else { "-inf" }.into();
    }
    // Shortest text that round-trips at the dtype's own precision.
    let text = match dtype {
        DType::Float64 => format!("{v:?}"),
        _ => format!("{:?}", v as f32),
    };
    // NumPy writes integral floats as "1." rather than "1.0".
    match text.strip_suffix(".0") {
        Some(stem) => format!("{stem}."),
        None => text,
    }
}

/// Indices shown along an axis of length `n`: all, or both edges.
fn shown(n: usize, summarize: bool) -> Vec<Option<usize>> {
    if summarize && n > 2 * EDGE_ITEMS {
        let mut v: Vec<Option<usize>> = (0..EDGE_ITEMS).map(Some).collect();
        v.push(None); // the "..." marker
        v.extend((n - EDGE_ITEMS..n).map(Some));
        v
    } else {
        (0..n).map(Some).collect()
    }
}

fn render(a: &Array, sep: &str, indent: usize) -> String {
    let summarize = a.size() > SUMMARY_THRESHOLD;
    if a.ndim() == 0 {
        return format_scalar(a.get_scalar(&[]), a.dtype());
    }
    if a.size() == 0 {
        return format!("{}{}", "[".repeat(a.ndim()), "]".repeat(a.ndim()));
    }
    // Format every shown element first, so columns can be padded to one width.
    let mut cells = Vec::new();
    collect(a, &mut vec![], summarize, &mut cells);
    let width = cells.iter().map(|c| c.len()).max().unwrap_or(0);
    let mut cells = cells.into_iter();
    let mut out = String::new();
    nest(a, 0, summarize, sep, indent, width, &mut cells, &mut out);
    out
}

fn collect(a: &Array, index: &mut Vec<usize>, summarize: bool, cells: &mut Vec<String>) {
    let axis = index.len();
    if axis == a.ndim() {
        cells.push(format_scalar(a.get_scalar(index), a.dtype()));
        return;
    }
    for i in shown(a.shape()[axis], summarize).into_iter().flatten() {
        index.push(i);
        collect(a, index, summarize, cells);
        index.pop();
    }
}

#[allow(clippy::too_many_arguments)]
fn nest(
    a: &Array,
    axis: usize,
    summarize: bool,
    sep: &str,
    indent: usize,
    width: usize,
    cells: &mut impl Iterator<Item = String>,
    out: &mut String,
) {
    out.push('[');
    let last_axis = axis + 1 == a.ndim();
    let between = if last_axis {
        sep.to_string()
    } else {
        format!(
            "{}{}{}",
            sep.trim_end(),
            "\n".repeat(a.ndim() - axis - 1),
            " ".repeat(indent + axis + 1)
        )
    };
    for (k, i) in shown(a.shape()[axis], summarize).into_iter().enumerate() {
        if k > 0 {
            out.push_str(&between);
        }
        match i {
            None => out.push_str("..."),
            Some(_) if last_axis => {
                let cell = cells.next().unwrap_or_default();
                out.push_str(&format!("{cell:>width$}"));
            }
            Some(_) => nest(a, axis + 1, summarize, sep, indent, width, cells, out),
        }
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::{arange_int, full};

    #[test]
    fn numpy_like_text() {
        let a = arange_int(1, 4, 1, DType::Int64).unwrap();
        assert_eq!(repr(&a), "Array([1, 2, 3], dtype=int64)");
        assert_eq!(str(&a), "[1 2 3]");
        let m = arange_int(0, 4, 1, DType::Int64).unwrap().reshape(&[2, 2]).unwrap();
        assert_eq!(repr(&m), "Array([[0, 1],\n       [2, 3]], dtype=int64)");
        let f = full(&[2], Scalar::Float(1.5), DType::Float32).unwrap();
        assert_eq!(repr(&f), "Array([1.5, 1.5], dtype=float32)");
        let z = full(&[], Scalar::Float(2.0), DType::Float64).unwrap();
        assert_eq!(repr(&z), "Array(2., dtype=float64)");
        assert_eq!(repr(&Array::zeros(DType::Bool, &[0]).unwrap()), "Array([], dtype=bool)");
    }

    #[test]
    fn large_arrays_are_summarized() {
        let a = arange_int(0, 2000, 1, DType::Int64).unwrap();
        assert_eq!(str(&a), "[   0    1    2 ... 1997 1998 1999]");
    }
}
