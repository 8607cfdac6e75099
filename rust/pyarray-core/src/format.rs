//! Text form of arrays, shaped like NumPy's: `Array([1, 2, 3], dtype=int64)`
//! for repr and `[1 2 3]` for str, summarized with `...` past a threshold.

use crate::array::Array;
use crate::dtype::{DType, Scalar};

/// Arrays with more elements than this are summarized.
const SUMMARY_THRESHOLD: usize = 1000;
/// Elements shown at each end of a summarized axis.
const EDGE_ITEMS: usize = 3;
/// Lines wrap before this many characters (NumPy's default `linewidth`).
const LINE_WIDTH: usize = 75;

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
    // The closing ")" must fit on the last line too.
    let body = render(a, ", ", prefix.len(), LINE_WIDTH - 1);
    let text = format!("{prefix}{body},");
    let suffix = format!("dtype={})", a.dtype());
    // Like NumPy, the dtype moves to its own line when it would overflow.
    let last_line = text.len() - text.rfind('\n').map_or(0, |i| i + 1);
    let spacer = if last_line + suffix.len() + 1 > LINE_WIDTH {
        format!("\n{}", " ".repeat(prefix.len()))
    } else {
        " ".to_string()
    };
    format!("{text}{spacer}{suffix}")
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
    render(a, " ", 0, LINE_WIDTH)
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
            format!("{}{}j", format_float(c.re, part), signed_imag(c.im, part))
        }
    }
}

/// An imaginary part with its sign always shown ("+2.", "-0.5", "+nan").
fn signed_imag(im: f64, part: DType) -> String {
    let sign = if im.is_sign_negative() && !im.is_nan() {
        '-'
    } else {
        '+'
    };
    format!("{sign}{}", format_float(im.abs(), part))
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

/// Pad float cells so their decimal points line up (NumPy's layout): the
/// finite values share one integer and one fraction width; nan and inf are
/// right-aligned to that total width.
fn align_decimal_points(cells: &mut [String]) {
    let finite = |c: &str| !(c.ends_with("nan") || c.ends_with("inf"));
    if !cells.iter().all(|c| c.contains('.') || !finite(c)) {
        return; // scientific notation without a point: leave as is
    }
    let split = |c: &str| match c.find('.') {
        Some(i) => (i, c.len() - i - 1),
        None => (c.len(), 0),
    };
    let finite_cells = || cells.iter().filter(|c| finite(c));
    let int_w = finite_cells().map(|c| split(c).0).max().unwrap_or(0);
    let frac_w = finite_cells().map(|c| split(c).1).max().unwrap_or(0);
    let total = int_w + 1 + frac_w;
    for c in cells.iter_mut() {
        if finite(c) {
            let (i, f) = split(c);
            *c = format!("{}{}{}", " ".repeat(int_w - i), c, " ".repeat(frac_w - f));
        } else if c.len() < total {
            *c = format!("{c:>total$}");
        }
    }
}

/// Complex cells as NumPy lays them out: real parts aligned among
/// themselves, imaginary parts (always signed) likewise, and the "j" placed
/// before the imaginary part's padding.
fn complex_cells(values: &[num_complex::Complex64], part: DType) -> Vec<String> {
    let mut reals: Vec<String> = values.iter().map(|c| format_float(c.re, part)).collect();
    let mut imags: Vec<String> = values.iter().map(|c| signed_imag(c.im, part)).collect();
    align_decimal_points(&mut reals);
    align_decimal_points(&mut imags);
    reals
        .into_iter()
        .zip(imags)
        .map(|(r, i)| {
            let end = i.trim_end().len();
            format!("{r}{}j{}", &i[..end], &i[end..])
        })
        .collect()
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

/// The nested-list text of `a`. `indent` is the width of what precedes the
/// first "[" on its line (continuation lines align under it); lines are
/// wrapped to `line_width` characters.
fn render(a: &Array, sep: &str, indent: usize, line_width: usize) -> String {
    let summarize = a.size() > SUMMARY_THRESHOLD;
    if a.ndim() == 0 {
        return format_scalar(a.get_scalar(&[]), a.dtype());
    }
    if a.size() == 0 {
        return format!("{}{}", "[".repeat(a.ndim()), "]".repeat(a.ndim()));
    }
    // Format every shown element first, so columns can be padded to one width.
    let mut values = Vec::new();
    collect(a, &mut vec![], summarize, &mut values);
    let cells = if a.dtype().is_complex() {
        let complex: Vec<_> = values.iter().map(|v| v.as_complex()).collect();
        complex_cells(&complex, a.dtype().real_dtype())
    } else {
        let mut cells: Vec<String> = values
            .iter()
            .map(|&v| format_scalar(v, a.dtype()))
            .collect();
        if a.dtype().is_real_float() {
            align_decimal_points(&mut cells);
        }
        cells
    };
    let width = cells.iter().map(|c| c.len()).max().unwrap_or(0);
    let layout = Layout {
        a,
        summarize,
        sep,
        width,
    };
    let hanging_indent = " ".repeat(indent + 1);
    layout.nest(0, &hanging_indent, line_width, &mut cells.into_iter())
}

fn collect(a: &Array, index: &mut Vec<usize>, summarize: bool, values: &mut Vec<Scalar>) {
    let axis = index.len();
    if axis == a.ndim() {
        values.push(a.get_scalar(index));
        return;
    }
    for i in shown(a.shape()[axis], summarize).into_iter().flatten() {
        index.push(i);
        collect(a, index, summarize, values);
        index.pop();
    }
}

/// What every level of the nested text shares.
struct Layout<'a> {
    a: &'a Array,
    summarize: bool,
    sep: &'a str,
    /// Width every cell is right-aligned to.
    width: usize,
}

impl Layout<'_> {
    /// The text of the sub-array at `axis`: "[" + items + "]". Items of the
    /// last axis fill lines up to `line_width`, continuing under
    /// `hanging_indent`; higher axes put one sub-array per line.
    fn nest(
        &self,
        axis: usize,
        hanging_indent: &str,
        line_width: usize,
        cells: &mut impl Iterator<Item = String>,
    ) -> String {
        let items = shown(self.a.shape()[axis], self.summarize);
        let axes_left = self.a.ndim() - axis;
        let mut text = String::new();
        if axes_left == 1 {
            // Room for the separator's trailing "," or the closing "]".
            let limit = line_width - self.sep.trim_end().len().max(1);
            let mut line = hanging_indent.to_string();
            for (k, item) in items.iter().enumerate() {
                let word = match item {
                    None => "...".to_string(),
                    Some(_) => format!("{:>w$}", cells.next().unwrap_or_default(), w = self.width),
                };
                // Wrap unless the line holds nothing yet (wrapping would not help).
                if line.len() + word.len() > limit && line.len() > hanging_indent.len() {
                    text.push_str(line.trim_end());
                    text.push('\n');
                    line = hanging_indent.to_string();
                }
                line.push_str(&word);
                if k + 1 < items.len() {
                    line.push_str(self.sep);
                }
            }
            text.push_str(&line);
        } else {
            let line_sep = format!("{}{}", self.sep.trim_end(), "\n".repeat(axes_left - 1));
            let inner_indent = format!("{hanging_indent} ");
            for (k, item) in items.iter().enumerate() {
                text.push_str(hanging_indent);
                match item {
                    None => text.push_str("..."),
                    Some(_) => {
                        text.push_str(&self.nest(axis + 1, &inner_indent, line_width - 1, cells))
                    }
                }
                if k + 1 < items.len() {
                    text.push_str(&line_sep);
                }
            }
        }
        format!("[{}]", &text[hanging_indent.len()..])
    }
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
    fn long_rows_wrap_at_75_columns_like_numpy() {
        let a = arange_int(0, 30, 1, DType::Int64).unwrap();
        assert_eq!(
            repr(&a),
            "Array([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16,\n       \
             17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29], dtype=int64)"
        );
        let m = arange_int(0, 40, 1, DType::Int64)
            .unwrap()
            .astype(DType::Float64)
            .unwrap()
            .reshape(&[2, 20])
            .unwrap();
        assert_eq!(
            repr(&m),
            "Array([[ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12.,\n        \
             13., 14., 15., 16., 17., 18., 19.],\n       \
             [20., 21., 22., 23., 24., 25., 26., 27., 28., 29., 30., 31., 32.,\n        \
             33., 34., 35., 36., 37., 38., 39.]], dtype=float64)"
        );
    }

    #[test]
    fn complex_parts_align_separately() {
        let c = |re, im| num_complex::Complex64::new(re, im);
        let cells = complex_cells(
            &[
                c(1.0, 2.0),
                c(-0.0, -0.5),
                c(f64::NAN, 1.0),
                c(3.25, f64::NEG_INFINITY),
            ],
            DType::Float64,
        );
        assert_eq!(
            cells,
            vec![" 1.  +2.j ", "-0.  -0.5j", "  nan+1.j ", " 3.25-infj"]
        );
        let reals = &mut ["1.5".to_string(), "nan".to_string(), "-10.".to_string()];
        align_decimal_points(reals);
        assert_eq!(reals, &["  1.5", "  nan", "-10. "]);
    }

    #[test]
    fn large_arrays_are_summarized() {
        let a = arange_int(0, 2000, 1, DType::Int64).unwrap();
        assert_eq!(str(&a), "[   0    1    2 ... 1997 1998 1999]");
    }
}
