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
    if a.size() == 0 && a.ndim() > 1 {
        // Nesting alone cannot show an empty multi-dimensional shape.
        let dims: Vec<String> = a.shape().iter().map(|d| d.to_string()).collect();
        return format!(
            "{prefix}[], shape=({}), dtype={})",
            dims.join(", "),
            a.dtype()
        );
    }
    let body = render(a, ", ", prefix.len());
    format!("{prefix}{body}, dtype={})", a.dtype())
}

/// `str(x)`; a 0-d array prints like the Python scalar.
pub fn str(a: &Array) -> String {
    if a.ndim() == 0 {
        let s = a.get_scalar(&[]);
        if let Scalar::Float(v) = s {
            if v.is_finite() {
                return format!("{v:?}");
            }
        }
    }
    render(a, " ", 0)
}

/// One element as text: up to 8 digits after the point, trailing zeros
/// dropped ("2.", "0.1", "1.25"), as NumPy's default print options.
pub fn format_scalar(s: Scalar, dtype: DType) -> String {
    match s {
        Scalar::Bool(b) => if b { "True" } else { "False" }.to_string(),
        Scalar::Int(v) => v.to_string(),
        Scalar::UInt(v) => v.to_string(),
        Scalar::Float(v) => format_float(v, dtype),
        Scalar::Complex(c) => {
            let part = dtype.real_dtype();
            let im = format_float(c.im.abs(), part);
            let sign = if c.im.is_sign_negative() && !c.im.is_nan() {
                '-'
            } else {
                '+'
            };
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
    let magnitude = v.abs();
    if magnitude != 0.0 && !(1e-4..1e16).contains(&magnitude) {
        // Scientific notation for very small or large magnitudes.
        let text = match dtype {
            DType::Float64 => format!("{v:e}"),
            _ => format!("{:e}", v as f32),
        };
        return text.replace('e', "e+").replace("e+-", "e-");
    }
    // Shortest round-trip text at the dtype's precision, then at most 8 decimals.
    let shortest = match dtype {
        DType::Float64 => format!("{v:?}"),
        _ => format!("{:?}", v as f32),
    };
    let decimals = shortest.split('.').nth(1).map_or(0, str::len);
    let text = if decimals > 8 {
        format!("{v:.8}")
    } else {
        shortest
    };
    let trimmed = text.trim_end_matches('0');
    trimmed.to_string()
}

/// Pad float cells so their decimal points line up (NumPy's layout).
fn align_decimal_points(cells: &mut [String]) {
    if !cells
        .iter()
        .all(|c| c.contains('.') || c == "nan" || c.ends_with("inf"))
    {
        return;
    }
    let split = |c: &str| match c.find('.') {
        Some(i) => (i, c.len() - i - 1),
        None => (c.len(), 0),
    };
    let int_w = cells.iter().map(|c| split(c).0).max().unwrap_or(0);
    let frac_w = cells.iter().map(|c| split(c).1).max().unwrap_or(0);
    for c in cells.iter_mut() {
        let (i, f) = split(c);
        let pad_right = if c.contains('.') {
            frac_w - f
        } else {
            frac_w + 1
        };
        *c = format!("{}{}{}", " ".repeat(int_w - i), c, " ".repeat(pad_right));
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
    if a.dtype().is_real_float() {
        align_decimal_points(&mut cells);
    }
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
        let m = arange_int(0, 4, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 2])
            .unwrap();
        assert_eq!(repr(&m), "Array([[0, 1],\n       [2, 3]], dtype=int64)");
        let f = full(&[2], Scalar::Float(1.5), DType::Float32).unwrap();
        assert_eq!(repr(&f), "Array([1.5, 1.5], dtype=float32)");
        let z = full(&[], Scalar::Float(2.0), DType::Float64).unwrap();
        assert_eq!(repr(&z), "Array(2., dtype=float64)");
        assert_eq!(str(&z), "2.0");
        let v = crate::creation::linspace(
            num_complex::Complex64::new(0.0, 0.0),
            num_complex::Complex64::new(1.0, 0.0),
            5,
            true,
            DType::Float64,
        )
        .unwrap();
        assert_eq!(str(&v), "[0.   0.25 0.5  0.75 1.  ]");
        let e = Array::zeros(DType::Float64, &[2, 0]).unwrap();
        assert_eq!(repr(&e), "Array([], shape=(2, 0), dtype=float64)");
        assert_eq!(
            repr(&Array::zeros(DType::Bool, &[0]).unwrap()),
            "Array([], dtype=bool)"
        );
    }

    #[test]
    fn large_arrays_are_summarized() {
        let a = arange_int(0, 2000, 1, DType::Int64).unwrap();
        assert_eq!(str(&a), "[   0    1    2 ... 1997 1998 1999]");
    }
}
