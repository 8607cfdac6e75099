//! The fft extension: discrete Fourier transforms along axes of strided arrays.
//!
//! Every transform is a sequence of 1-D passes. A pass copies chunks of lanes
//! (the 1-D slices along the axis) into a contiguous buffer, cropped or
//! zero-padded to the transform length, transforms them with rustfft (complex)
//! or realfft (real <-> half spectrum) and writes them into a fresh
//! C-contiguous output. Chunks run in parallel when the work is large.
//! A single lane too long for that (fewer lanes than threads) is split
//! instead: a four-step transform (`kernels::four_step`) parallel inside
//! the lane.
//!
//! Precision is preserved (float32/complex64 compute in f32 and give
//! complex64, unlike NumPy, which promotes to complex128); float16 and
//! bfloat16 compute in float32.

use crate::array::Array;
use crate::dtype::{DType, Element, Kind};
use crate::error::{Error, Result};
use crate::kernels::four_step::{self, FourStep, RealFourStep};
use crate::{type_err, value_err};
use num_complex::Complex;
use realfft::RealFftPlanner;
use rustfft::{FftNum, FftPlanner};
use std::sync::{LazyLock, Mutex, MutexGuard};

/// Which direction carries the 1/n scaling (the standard's `norm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Norm {
    /// Forward unscaled, inverse scaled by 1/n.
    Backward,
    /// Both scaled by 1/sqrt(n): the transforms are unitary.
    Ortho,
    /// Forward scaled by 1/n, inverse unscaled.
    Forward,
}

impl Norm {
    pub fn parse(name: &str) -> Result<Norm> {
        match name {
            "backward" => Ok(Norm::Backward),
            "ortho" => Ok(Norm::Ortho),
            "forward" => Ok(Norm::Forward),
            _ => {
                value_err!("invalid norm {name:?}; expected \"backward\", \"ortho\" or \"forward\"")
            }
        }
    }

    /// The factor applied after a transform of length `n` in one direction.
    fn factor(self, n: usize, inverse: bool) -> f64 {
        let n = n as f64;
        match (self, inverse) {
            (Norm::Ortho, _) => 1.0 / n.sqrt(),
            (Norm::Backward, false) | (Norm::Forward, true) => 1.0,
            (Norm::Backward, true) | (Norm::Forward, false) => 1.0 / n,
        }
    }
}

// ---------------------------------------------------------------------------
// Plans

/// The planners of one precision. Each planner caches the plans it made, so
/// keeping them for the life of the process caches plans by length and
/// direction; the locks are held only while planning, never while transforming.
pub struct Planners<F: FftNum> {
    complex: Mutex<FftPlanner<F>>,
    real: Mutex<RealFftPlanner<F>>,
}

impl<F: FftNum> Planners<F> {
    fn new() -> Self {
        Planners {
            complex: Mutex::new(FftPlanner::new()),
            real: Mutex::new(RealFftPlanner::new()),
        }
    }
}

static PLANNERS_F32: LazyLock<Planners<f32>> = LazyLock::new(Planners::new);
static PLANNERS_F64: LazyLock<Planners<f64>> = LazyLock::new(Planners::new);

/// A precision the transforms compute in (f32 or f64).
pub trait FftFloat: FftNum + Element + num_traits::Float {
    /// Complex lengths from which one lane is split into a four-step
    /// transform when there are fewer lanes than threads (so that the
    /// lane-parallel driver would leave cores idle).
    const FOUR_STEP_MIN: usize;
    fn planners() -> &'static Planners<Self>;
}
// Measured against one plain transform (`benchmarks/compare.py --group fft`
// and A/B runs of single lanes): f64 gains 1.3-1.6x from 2^18 points (2^17
// ties) and 2-3x at 2^22; f32, whose plain transforms run twice as fast,
// ties at 10^6 points, gains 1.15x at 2^20 and 2-2.6x at 2^22.
impl FftFloat for f32 {
    const FOUR_STEP_MIN: usize = 1 << 21;
    fn planners() -> &'static Planners<f32> {
        &PLANNERS_F32
    }
}
impl FftFloat for f64 {
    const FOUR_STEP_MIN: usize = 1 << 18;
    fn planners() -> &'static Planners<f64> {
        &PLANNERS_F64
    }
}

/// A planner lock; a panic elsewhere cannot leave a planner half-updated in a
/// way that matters (its cache only grows), so a poisoned lock is reused.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

// ---------------------------------------------------------------------------
// The lane driver

/// Lanes whose total length reaches this are transformed in parallel.
const PARALLEL_MIN: usize = 1 << 16;
/// Elements per chunk buffer: enough lanes per chunk that gathering strided
/// lanes reads whole cache lines, small enough to stay in L2.
const CHUNK_ELEMENTS: usize = 16384;

/// Rows per block of the strided copies in `gather` and `scatter`: a cache
/// line of complex128 elements, two of complex64.
const TILE: usize = 8;

/// `0..len` in runs of TILE rows (the last may be shorter).
fn row_blocks(len: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    (0..len)
        .step_by(TILE)
        .map(move |first| first..(first + TILE).min(len))
}

/// A raw output pointer shared by the tasks of one pass; each writes disjoint lanes.
#[derive(Clone, Copy)]
struct OutPtr(usize);

/// Transform every lane along `axis` of `x` (element type `I`, any layout).
/// Each lane is cropped or zero-padded to `in_len` elements; `transform` gets
/// a chunk of such lanes back to back and fills the matching chunk of
/// `out_len`-element output lanes, with a scratch buffer of `scratch_len`.
fn along_axis<I: Element, O: Element, S: Copy + Default + Send>(
    x: &Array,
    axis: usize,
    in_len: usize,
    out_len: usize,
    scratch_len: usize,
    transform: impl Fn(&mut [I], &mut [O], &mut [S]) + Sync,
) -> Result<Array> {
    debug_assert_eq!(x.dtype(), I::DTYPE);
    let mut out_shape = x.shape().to_vec();
    out_shape[axis] = out_len;
    // SAFETY: every lane of the output is written below.
    let out = unsafe { Array::for_overwrite(O::DTYPE, &out_shape)? };
    if out.size() == 0 {
        return Ok(out);
    }
    let starts = lane_starts(x, axis);
    let lanes = starts.len();
    // Output lane k starts at (k / inner) * out_len * inner + k % inner, stride inner.
    let inner: usize = out_shape[axis + 1..].iter().product();
    let copy_len = x.shape()[axis].min(in_len);
    let stride = x.strides()[axis];
    let per_chunk = (CHUNK_ELEMENTS / in_len.max(out_len)).clamp(1, lanes);
    let src = x.data_ptr() as usize;
    let dst = OutPtr(out.data_ptr() as usize);

    let run_chunk = |bufs: &mut (Vec<I>, Vec<O>, Vec<S>), first: usize| {
        let chunk = &starts[first..(first + per_chunk).min(lanes)];
        let (inbuf, outbuf, scratch) = bufs;
        let inbuf = &mut inbuf[..chunk.len() * in_len];
        // SAFETY: the lane starts and `copy_len` stay inside `x`.
        unsafe { gather(src as *const I, chunk, stride, copy_len, in_len, inbuf) };
        let out_ptr = dst.0 as *mut O;
        if inner == 1 {
            // Axis last: the chunk's output lanes are one contiguous block.
            // SAFETY: lanes first.. are this task's alone, inside the output.
            let block = unsafe {
                std::slice::from_raw_parts_mut(out_ptr.add(first * out_len), chunk.len() * out_len)
            };
            transform(inbuf, block, scratch);
        } else {
            let outbuf = &mut outbuf[..chunk.len() * out_len];
            transform(inbuf, outbuf, scratch);
            // SAFETY: as above, written through the output's C-order offsets.
            unsafe { scatter(outbuf, out_ptr, first, chunk.len(), out_len, inner) };
        }
    };
    let new_bufs = || {
        (
            vec![I::default(); per_chunk * in_len],
            vec![O::default(); if inner == 1 { 0 } else { per_chunk * out_len }],
            vec![S::default(); scratch_len],
        )
    };
    let chunk_starts: Vec<usize> = (0..lanes).step_by(per_chunk).collect();
    let parts = if lanes * in_len.max(out_len) >= PARALLEL_MIN {
        crate::threads::parts_for(chunk_starts.len(), 1)
    } else {
        1
    };
    // One run of chunks per thread, each with its own buffers; the caller
    // takes a run itself (see `threads`).
    crate::threads::run_ranges(chunk_starts.len(), parts, |chunks| {
        let mut bufs = new_bufs();
        chunks.for_each(|c| run_chunk(&mut bufs, chunk_starts[c]));
    });
    Ok(out)
}

/// Element offset of the first element of every lane along `axis`, in C
/// order of the other axes (so consecutive lanes are neighbours in memory
/// when the axis is not the last one).
fn lane_starts(x: &Array, axis: usize) -> Vec<isize> {
    let mut shape = x.shape().to_vec();
    let mut strides = x.strides().to_vec();
    shape.remove(axis);
    strides.remove(axis);
    crate::layout::element_offsets(&shape, &strides)
}

/// Copy `copy_len` elements of each lane into `buf` (lanes `len` apart) and
/// zero the padding.
///
/// # Safety
/// Every `src + start + i * stride` for `i < copy_len` must be an element.
unsafe fn gather<I: Element>(
    src: *const I,
    starts: &[isize],
    stride: isize,
    copy_len: usize,
    len: usize,
    buf: &mut [I],
) {
    if stride == 1 {
        for (lane, &start) in buf.chunks_exact_mut(len).zip(starts) {
            let bytes = copy_len * std::mem::size_of::<I>();
            std::ptr::copy_nonoverlapping(
                src.offset(start) as *const u8,
                lane.as_mut_ptr() as *mut u8,
                bytes,
            );
        }
    } else {
        // Strided lanes: a blocked transpose, TILE rows at a time, so that
        // each lane's cache line in `buf` is filled at once and neighbouring
        // lanes read the same source lines. Lanes lie `len` elements apart in
        // `buf`, often a multiple of 4 KiB: one element per lane per row
        // mapped every write to the same cache sets and evicted lines before
        // they were full (gather was a quarter of a 512x512 fftn).
        for rows in row_blocks(copy_len) {
            for (lane, &start) in buf.chunks_exact_mut(len).zip(starts) {
                for i in rows.clone() {
                    lane[i] = src.offset(start + i as isize * stride).read_unaligned();
                }
            }
        }
    }
    for lane in buf.chunks_exact_mut(len) {
        lane[copy_len..].fill(I::default());
    }
}

/// Write a chunk of `count` transformed lanes, starting with lane `first`,
/// into a C-contiguous output whose axis has `inner` elements after it.
///
/// # Safety
/// `out` must be the output array's data and the lanes this task's own.
unsafe fn scatter<O: Element>(
    buf: &[O],
    out: *mut O,
    first: usize,
    count: usize,
    len: usize,
    inner: usize,
) {
    // Lane k starts at (k / inner) * len * inner + k % inner; divide once per lane.
    let starts: Vec<usize> = (first..first + count)
        .map(|k| (k / inner) * len * inner + k % inner)
        .collect();
    // Blocked like `gather`'s strided case: TILE elements of each lane of
    // `buf` read together.
    for rows in row_blocks(len) {
        for (lane, &start) in buf.chunks_exact(len).zip(&starts) {
            for i in rows.clone() {
                *out.add(i * inner + start) = lane[i];
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The three kinds of 1-D pass

fn scale_complex<F: FftFloat>(v: &mut [Complex<F>], factor: F, conj: bool) {
    if factor != F::one() || conj {
        let im = if conj { -factor } else { factor };
        for c in v {
            *c = Complex::new(c.re * factor, c.im * im);
        }
    }
}

/// Complex to complex transforms of length `n` along `axis` of a complex `x`.
fn c2c<F: FftFloat>(x: &Array, axis: usize, n: usize, inverse: bool, factor: F) -> Result<Array>
where
    Complex<F>: Element,
{
    if let Some(split) = four_step_split::<F>(x, axis, n) {
        return c2c_split(x, n, split, inverse, factor);
    }
    let plan = complex_plan::<F>(n, inverse);
    if let Some(lanes) = x
        .as_slice::<Complex<F>>()
        .filter(|_| axis + 1 == x.ndim() && x.shape()[axis] == n)
    {
        return c2c_contiguous(lanes, x.shape(), &*plan, factor);
    }
    let scratch = plan.get_outofplace_scratch_len();
    along_axis::<Complex<F>, Complex<F>, Complex<F>>(x, axis, n, n, scratch, |i, o, s| {
        plan.process_outofplace_with_scratch(i, o, s);
        scale_complex(o, factor, false);
    })
}

fn complex_plan<F: FftFloat>(n: usize, inverse: bool) -> std::sync::Arc<dyn rustfft::Fft<F>> {
    let mut planner = lock(&F::planners().complex);
    if inverse {
        planner.plan_fft_inverse(n)
    } else {
        planner.plan_fft_forward(n)
    }
}

/// The four-step factors of a complex transform of length `len` along
/// `axis` of `x`, when that transform should be split.
fn four_step_split<F: FftFloat>(x: &Array, axis: usize, len: usize) -> Option<(usize, usize)> {
    if len < F::FOUR_STEP_MIN || axis + 1 != x.ndim() {
        return None;
    }
    let lanes = x.size() / x.shape()[axis].max(1);
    if lanes == 0 || lanes >= rayon::current_num_threads() {
        return None;
    }
    four_step::split(len)
}

/// The four-step factors of the complex half (`n / 2` points) of a real
/// transform of length `n`, when `n` is even and that transform should be split.
fn real_four_step_split<F: FftFloat>(x: &Array, axis: usize, n: usize) -> Option<(usize, usize)> {
    four_step_split::<F>(x, axis, n / 2).filter(|_| n.is_multiple_of(2))
}

fn four_step_plan<F: FftFloat>(n1: usize, n2: usize, inverse: bool) -> FourStep<F> {
    FourStep::new(complex_plan(n1, inverse), complex_plan(n2, inverse))
}

/// The lanes along the last axis of `x` cropped or zero-padded to `len`,
/// as a C-contiguous array (`x` itself when it already is one).
fn contiguous_lanes<T: Element>(x: &Array, len: usize) -> Result<Array> {
    let axis = x.ndim() - 1;
    if x.shape()[axis] == len && x.is_c_contiguous() {
        return Ok(x.clone());
    }
    along_axis::<T, T, T>(x, axis, len, len, 0, |i, o, _| o.copy_from_slice(i))
}

/// Transform each lane along the last axis of `x`, cropped or padded to
/// `in_len` and made contiguous, into an `out_len`-long lane of a fresh
/// C-contiguous array: the driver of the four-step transforms, which
/// parallelise inside each lane.
fn each_long_lane<I: Element, O: Element>(
    x: &Array,
    in_len: usize,
    out_len: usize,
    mut transform: impl FnMut(&[I], &mut [O]),
) -> Result<Array> {
    let input = contiguous_lanes::<I>(x, in_len)?;
    let mut shape = input.shape().to_vec();
    *shape.last_mut().expect("at least 1-D") = out_len;
    // SAFETY: every lane is written below.
    let out = unsafe { Array::for_overwrite(O::DTYPE, &shape)? };
    let src = input.as_slice::<I>().expect("contiguous by construction");
    // SAFETY: fresh contiguous storage, not shared yet.
    let dst = unsafe { out.slice_mut_unchecked::<O>() };
    for (lane, result) in src.chunks_exact(in_len).zip(dst.chunks_exact_mut(out_len)) {
        transform(lane, result);
    }
    Ok(out)
}

/// `c2c` of a few long lanes along the last axis, each a four-step
/// transform that uses every thread.
fn c2c_split<F: FftFloat>(
    x: &Array,
    n: usize,
    split: (usize, usize),
    inverse: bool,
    factor: F,
) -> Result<Array>
where
    Complex<F>: Element,
{
    let plan = four_step_plan::<F>(split.0, split.1, inverse);
    each_long_lane::<Complex<F>, Complex<F>>(x, n, n, |lane, spectrum| {
        plan.process(lane, spectrum, factor)
    })
}

/// `r2c` of a few long lanes of even length `n` along the last axis.
fn r2c_split<F: FftFloat>(
    x: &Array,
    n: usize,
    split: (usize, usize),
    factor: F,
    conj: bool,
) -> Result<Array>
where
    Complex<F>: Element,
{
    let plan = RealFourStep::new(four_step_plan::<F>(split.0, split.1, false));
    each_long_lane::<F, Complex<F>>(x, n, n / 2 + 1, |lane, spectrum| {
        plan.forward(lane, spectrum, factor, conj)
    })
}

/// `c2r` of a few long lanes along the last axis, to even length `n`.
fn c2r_split<F: FftFloat>(
    x: &Array,
    n: usize,
    split: (usize, usize),
    factor: F,
    conj: bool,
) -> Result<Array>
where
    Complex<F>: Element,
{
    let plan = RealFourStep::new(four_step_plan::<F>(split.0, split.1, true));
    // SAFETY: `inverse` writes the scratch lane before it reads it.
    let scratch = unsafe { Array::for_overwrite(Complex::<F>::DTYPE, &[n / 2])? };
    // SAFETY: fresh contiguous storage, used by this call only.
    let scratch = unsafe { scratch.slice_mut_unchecked::<Complex<F>>() };
    each_long_lane::<Complex<F>, F>(x, n / 2 + 1, n, |spectrum, lane| {
        plan.inverse(spectrum, scratch, lane, factor, conj)
    })
}

/// `c2c` of C-contiguous lanes along the last axis, without cropping or
/// padding: the plan reads the input in place (no gather copy).
fn c2c_contiguous<F: FftFloat>(
    input: &[Complex<F>],
    shape: &[usize],
    plan: &dyn rustfft::Fft<F>,
    factor: F,
) -> Result<Array>
where
    Complex<F>: Element,
{
    // SAFETY: every element is written by the transforms below.
    let out = unsafe { Array::for_overwrite(Complex::<F>::DTYPE, shape)? };
    let n = plan.len();
    if out.size() == 0 {
        return Ok(out);
    }
    // SAFETY: fresh contiguous complex storage, not shared yet.
    let output = unsafe { out.slice_mut_unchecked::<Complex<F>>() };
    let chunk = n * (CHUNK_ELEMENTS / n).max(1);
    let scratch_len = plan.get_immutable_scratch_len();
    let run = |scratch: &mut Vec<Complex<F>>, (i, o): (&[Complex<F>], &mut [Complex<F>])| {
        plan.process_immutable_with_scratch(i, o, scratch);
        scale_complex(o, factor, false);
    };
    let scratch = || vec![Complex::default(); scratch_len];
    let lanes = input.len() / n;
    let parts = if input.len() >= PARALLEL_MIN && input.len() > chunk {
        crate::threads::parts_for(lanes, 1)
    } else {
        1
    };
    // One run of lanes per thread (the caller taking one), in chunks.
    crate::threads::run_rows_mut(output, lanes, parts, |rows, out_run| {
        let mut s = scratch();
        input[rows.start * n..rows.end * n]
            .chunks(chunk)
            .zip(out_run.chunks_mut(chunk))
            .for_each(|p| run(&mut s, p));
    });
    Ok(out)
}

/// Real to half-spectrum transforms (length `n`, `n / 2 + 1` outputs),
/// conjugated on request (ihfft).
fn r2c<F: FftFloat>(x: &Array, axis: usize, n: usize, factor: F, conj: bool) -> Result<Array>
where
    Complex<F>: Element,
{
    if let Some(split) = real_four_step_split::<F>(x, axis, n) {
        return r2c_split(x, n, split, factor, conj);
    }
    let plan = lock(&F::planners().real).plan_fft_forward(n);
    let half = n / 2 + 1;
    let scratch = plan.get_scratch_len();
    along_axis::<F, Complex<F>, Complex<F>>(x, axis, n, half, scratch, |i, o, s| {
        for (lane, spectrum) in i.chunks_exact_mut(n).zip(o.chunks_exact_mut(half)) {
            let done = plan.process_with_scratch(lane, spectrum, s);
            debug_assert!(done.is_ok(), "buffers are sized for the plan");
        }
        scale_complex(o, factor, conj);
    })
}

/// Half-spectrum to real transforms (`n / 2 + 1` inputs, length `n`), the
/// input conjugated on request (hfft). The imaginary parts that a real
/// signal's spectrum cannot have (first, and last for even `n`) are ignored.
fn c2r<F: FftFloat>(x: &Array, axis: usize, n: usize, factor: F, conj: bool) -> Result<Array>
where
    Complex<F>: Element,
{
    if let Some(split) = real_four_step_split::<F>(x, axis, n) {
        return c2r_split(x, n, split, factor, conj);
    }
    let plan = lock(&F::planners().real).plan_fft_inverse(n);
    let half = n / 2 + 1;
    let scratch = plan.get_scratch_len();
    along_axis::<Complex<F>, F, Complex<F>>(x, axis, half, n, scratch, |i, o, s| {
        for (spectrum, lane) in i.chunks_exact_mut(half).zip(o.chunks_exact_mut(n)) {
            if conj {
                spectrum.iter_mut().for_each(|c| c.im = -c.im);
            }
            spectrum[0].im = F::zero();
            if n.is_multiple_of(2) {
                spectrum[half - 1].im = F::zero();
            }
            let done = plan.process_with_scratch(spectrum, lane, s);
            debug_assert!(done.is_ok(), "buffers are sized for the plan");
            if factor != F::one() {
                lane.iter_mut().for_each(|v| *v = *v * factor);
            }
        }
    })
}

/// Whether a (complex or real) dtype computes in f64.
fn double(d: DType) -> bool {
    matches!(d, DType::Float64 | DType::Complex128)
}

fn c2c_pass(x: &Array, axis: usize, n: usize, norm: Norm, inverse: bool) -> Result<Array> {
    let factor = norm.factor(n, inverse);
    if double(x.dtype()) {
        c2c::<f64>(x, axis, n, inverse, factor)
    } else {
        c2c::<f32>(x, axis, n, inverse, factor as f32)
    }
}

fn r2c_pass(x: &Array, axis: usize, n: usize, factor: f64, conj: bool) -> Result<Array> {
    if double(x.dtype()) {
        r2c::<f64>(x, axis, n, factor, conj)
    } else {
        r2c::<f32>(x, axis, n, factor as f32, conj)
    }
}

fn c2r_pass(x: &Array, axis: usize, n: usize, factor: f64, conj: bool) -> Result<Array> {
    if double(x.dtype()) {
        c2r::<f64>(x, axis, n, factor, conj)
    } else {
        c2r::<f32>(x, axis, n, factor as f32, conj)
    }
}

// ---------------------------------------------------------------------------
// Arguments

/// Input of the complex-input transforms: complex as is, real floating
/// converted (float16/bfloat16 to complex64), anything else rejected.
fn complex_input(x: &Array, name: &str) -> Result<Array> {
    match x.dtype().kind() {
        Kind::ComplexFloating => Ok(x.clone()),
        Kind::RealFloating => x.astype(x.dtype().complex_dtype()),
        _ => type_err!(
            "{name} needs a complex (or real) floating-point array, got {}",
            x.dtype()
        ),
    }
}

/// Input of the real-input transforms: float32/float64 as is, float16 and
/// bfloat16 as float32.
fn real_input(x: &Array, name: &str) -> Result<Array> {
    match x.dtype() {
        DType::Float32 | DType::Float64 => Ok(x.clone()),
        DType::Float16 | DType::BFloat16 => x.astype(DType::Float32),
        d if d.is_complex() => type_err!(
            "{name} needs a real floating-point array, got {d} (use fft for complex input)"
        ),
        d => type_err!("{name} needs a real floating-point array, got {d}"),
    }
}

/// A transform axis; out of range is a ValueError, as for every argument here.
fn fft_axis(axis: isize, ndim: usize, name: &str) -> Result<usize> {
    if ndim == 0 {
        return value_err!("{name} needs an array with at least one dimension");
    }
    crate::manipulation::normalize_axis(axis, ndim).map_err(|e| Error::Value(e.to_string()))
}

/// A requested transform length, or `default` (the input's) when absent.
fn fft_len(n: Option<isize>, default: usize, name: &str) -> Result<usize> {
    let n = n.unwrap_or(default as isize);
    if n < 1 {
        return value_err!("{name}: invalid number of data points {n}; it must be at least 1");
    }
    Ok(n as usize)
}

/// The axes of an n-D transform and each one's requested length (None: the
/// input's), from the standard's `s` and `axes`. Without `axes`, `s` applies
/// to the last `len(s)` axes (NumPy; the standard leaves this open).
fn nd_axes(
    ndim: usize,
    s: Option<&[isize]>,
    axes: Option<&[isize]>,
    name: &str,
) -> Result<Vec<(usize, Option<isize>)>> {
    if ndim == 0 {
        return value_err!("{name} needs an array with at least one dimension");
    }
    let axes: Vec<usize> = match (axes, s) {
        (Some(axes), _) => {
            let mut out = Vec::with_capacity(axes.len());
            for &a in axes {
                let a = fft_axis(a, ndim, name)?;
                if out.contains(&a) {
                    return value_err!("{name}: repeated axis {a} in axes {axes:?}");
                }
                out.push(a);
            }
            out
        }
        (None, Some(s)) if s.len() > ndim => {
            return value_err!(
                "{name}: s has {} entries but the array has {ndim} axes",
                s.len()
            );
        }
        (None, Some(s)) => (ndim - s.len()..ndim).collect(),
        (None, None) => (0..ndim).collect(),
    };
    let lens: Vec<Option<isize>> = match s {
        None => vec![None; axes.len()],
        Some(s) if s.len() != axes.len() => {
            return value_err!(
                "{name}: s has {} entries but {} axes are transformed",
                s.len(),
                axes.len()
            );
        }
        // -1 keeps the input's length (the standard's convention).
        Some(s) => s.iter().map(|&n| (n != -1).then_some(n)).collect(),
    };
    Ok(axes.into_iter().zip(lens).collect())
}

// ---------------------------------------------------------------------------
// The standard's functions

/// `fft` / `ifft`: complex transform along one axis.
pub fn fft(x: &Array, n: Option<isize>, axis: isize, norm: Norm, inverse: bool) -> Result<Array> {
    let name = if inverse { "ifft" } else { "fft" };
    let axis = fft_axis(axis, x.ndim(), name)?;
    let n = fft_len(n, x.shape()[axis], name)?;
    c2c_pass(&complex_input(x, name)?, axis, n, norm, inverse)
}

/// `fftn` / `ifftn`: complex transform over several axes.
pub fn fftn(
    x: &Array,
    s: Option<&[isize]>,
    axes: Option<&[isize]>,
    norm: Norm,
    inverse: bool,
) -> Result<Array> {
    let name = if inverse { "ifftn" } else { "fftn" };
    let plan = nd_axes(x.ndim(), s, axes, name)?;
    let mut out = complex_input(x, name)?;
    if plan.is_empty() && std::sync::Arc::ptr_eq(out.storage(), x.storage()) {
        out = out.to_contiguous()?; // nothing to transform: still a new array
    }
    for (axis, n) in plan {
        let n = fft_len(n, out.shape()[axis], name)?;
        out = c2c_pass(&out, axis, n, norm, inverse)?;
    }
    Ok(out)
}

/// `rfft`: real input, the `n / 2 + 1` non-negative frequencies.
pub fn rfft(x: &Array, n: Option<isize>, axis: isize, norm: Norm) -> Result<Array> {
    let axis = fft_axis(axis, x.ndim(), "rfft")?;
    let n = fft_len(n, x.shape()[axis], "rfft")?;
    r2c_pass(
        &real_input(x, "rfft")?,
        axis,
        n,
        norm.factor(n, false),
        false,
    )
}

/// `irfft`: inverse of `rfft`; `n` defaults to `2 * (m - 1)` for `m` inputs.
pub fn irfft(x: &Array, n: Option<isize>, axis: isize, norm: Norm) -> Result<Array> {
    let axis = fft_axis(axis, x.ndim(), "irfft")?;
    let n = fft_len(n, 2 * x.shape()[axis].saturating_sub(1), "irfft")?;
    c2r_pass(
        &complex_input(x, "irfft")?,
        axis,
        n,
        norm.factor(n, true),
        false,
    )
}

/// `hfft`: spectrum of a signal with Hermitian symmetry (real output).
pub fn hfft(x: &Array, n: Option<isize>, axis: isize, norm: Norm) -> Result<Array> {
    let axis = fft_axis(axis, x.ndim(), "hfft")?;
    let n = fft_len(n, 2 * x.shape()[axis].saturating_sub(1), "hfft")?;
    c2r_pass(
        &complex_input(x, "hfft")?,
        axis,
        n,
        norm.factor(n, false),
        true,
    )
}

/// `ihfft`: inverse of `hfft` (real input, `n / 2 + 1` outputs).
pub fn ihfft(x: &Array, n: Option<isize>, axis: isize, norm: Norm) -> Result<Array> {
    let axis = fft_axis(axis, x.ndim(), "ihfft")?;
    let n = fft_len(n, x.shape()[axis], "ihfft")?;
    r2c_pass(
        &real_input(x, "ihfft")?,
        axis,
        n,
        norm.factor(n, true),
        true,
    )
}

/// `rfftn`: real transform on the last of `axes`, complex on the others.
pub fn rfftn(x: &Array, s: Option<&[isize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    let plan = nd_axes(x.ndim(), s, axes, "rfftn")?;
    let Some((&(last, n), rest)) = plan.split_last() else {
        return value_err!("rfftn needs at least one axis");
    };
    let x = real_input(x, "rfftn")?;
    let n = fft_len(n, x.shape()[last], "rfftn")?;
    let mut out = r2c_pass(&x, last, n, norm.factor(n, false), false)?;
    for &(axis, n) in rest {
        let n = fft_len(n, out.shape()[axis], "rfftn")?;
        out = c2c_pass(&out, axis, n, norm, false)?;
    }
    Ok(out)
}

/// `irfftn`: inverse of `rfftn`; the last axis' length defaults to `2 * (m - 1)`.
pub fn irfftn(x: &Array, s: Option<&[isize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    let plan = nd_axes(x.ndim(), s, axes, "irfftn")?;
    let Some((&(last, n_last), rest)) = plan.split_last() else {
        return value_err!("irfftn needs at least one axis");
    };
    // Validate the real length before any work.
    let n_last = fft_len(n_last, 2 * x.shape()[last].saturating_sub(1), "irfftn")?;
    let mut out = complex_input(x, "irfftn")?;
    for &(axis, n) in rest {
        let n = fft_len(n, out.shape()[axis], "irfftn")?;
        out = c2c_pass(&out, axis, n, norm, true)?;
    }
    c2r_pass(&out, last, n_last, norm.factor(n_last, true), false)
}

/// The sample frequencies of an `n`-point transform with spacing `d`:
/// `[0, 1, ..., (n-1)//2, -(n//2), ..., -1] / (d*n)` (only the non-negative
/// half, `[0, ..., n//2]`, for `rfftfreq`), in a real floating `dtype`.
pub fn fftfreq(n: isize, d: f64, dtype: Option<DType>, real: bool) -> Result<Array> {
    let name = if real { "rfftfreq" } else { "fftfreq" };
    let dtype = dtype.unwrap_or(DType::Float64);
    if !dtype.is_real_float() {
        return type_err!("{name}: dtype must be a real floating-point dtype, got {dtype}");
    }
    if n < 1 {
        return value_err!("{name}: n must be at least 1, got {n}");
    }
    let step = 1.0 / (n as f64 * d);
    let count = if real { n / 2 + 1 } else { n };
    let freqs: Vec<f64> = (0..count)
        .map(|k| {
            // Indices past the middle stand for negative frequencies.
            let k = if !real && k > (n - 1) / 2 { k - n } else { k };
            k as f64 * step
        })
        .collect();
    Array::from_vec(&freqs, &[count as usize])?.astype(dtype)
}

/// `fftshift` / `ifftshift`: roll each of `axes` (all by default) by half its
/// length, moving the zero frequency to the centre (`inverse`: back).
pub fn fftshift(x: &Array, axes: Option<&[isize]>, inverse: bool) -> Result<Array> {
    let name = if inverse { "ifftshift" } else { "fftshift" };
    let axes: Vec<usize> = match axes {
        None => (0..x.ndim()).collect(),
        Some(axes) => axes
            .iter()
            .map(|&a| fft_axis(a, x.ndim(), name))
            .collect::<Result<_>>()?,
    };
    let shifts: Vec<(usize, isize)> = axes
        .into_iter()
        .map(|a| {
            let half = (x.shape()[a] / 2) as isize;
            (a, if inverse { -half } else { half })
        })
        .collect();
    crate::manipulation::roll(x, &shifts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_complex::Complex64 as C64;

    /// The O(n^2) definition, as the reference.
    fn dft(x: &[C64], inverse: bool) -> Vec<C64> {
        let n = x.len();
        let sign = if inverse { 1.0 } else { -1.0 };
        (0..n)
            .map(|k| {
                x.iter()
                    .enumerate()
                    .map(|(j, &v)| {
                        let t = sign * 2.0 * std::f64::consts::PI * (j * k % n) as f64 / n as f64;
                        v * C64::new(t.cos(), t.sin())
                    })
                    .sum()
            })
            .collect()
    }

    fn complex_values(a: &Array) -> Vec<C64> {
        a.to_scalars().into_iter().map(|s| s.as_complex()).collect()
    }

    use crate::test_util::f64s as real_values;

    fn close(a: &[C64], b: &[C64], tol: f64) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).norm() <= tol)
    }

    fn signal(n: usize) -> Vec<C64> {
        (0..n)
            .map(|i| C64::new((i as f64 * 0.7).sin(), (i as f64 * 1.3).cos()))
            .collect()
    }

    #[test]
    fn matches_the_definition_with_crop_and_pad() {
        let v = signal(7);
        let x = Array::from_vec(&v, &[7]).unwrap();
        let out = fft(&x, None, -1, Norm::Backward, false).unwrap();
        assert!(close(&complex_values(&out), &dft(&v, false), 1e-12));
        let mut padded = v.clone();
        padded.resize(10, C64::new(0.0, 0.0));
        let out = fft(&x, Some(10), 0, Norm::Backward, false).unwrap();
        assert!(close(&complex_values(&out), &dft(&padded, false), 1e-12));
        let out = fft(&x, Some(4), 0, Norm::Forward, true).unwrap();
        assert!(close(&complex_values(&out), &dft(&v[..4], true), 1e-12));
    }

    #[test]
    fn strided_axes_and_precision() {
        // A 3x5 transposed view; transform along axis 0 of the view (length 5).
        let v = signal(15);
        let x = Array::from_vec(&v, &[3, 5]).unwrap().transpose();
        let out = fft(&x, None, 0, Norm::Ortho, false).unwrap();
        assert_eq!(out.shape(), &[5, 3]);
        let got = complex_values(&out);
        for col in 0..3 {
            let lane: Vec<C64> = (0..5).map(|r| v[col * 5 + r]).collect();
            let want: Vec<C64> = dft(&lane, false)
                .into_iter()
                .map(|c| c / 5f64.sqrt())
                .collect();
            let have: Vec<C64> = (0..5).map(|r| got[r * 3 + col]).collect();
            assert!(close(&have, &want, 1e-12));
        }
        let single = x.astype(DType::Float32).unwrap();
        let out = fft(&single, None, 0, Norm::Backward, false).unwrap();
        assert_eq!(out.dtype(), DType::Complex64);
    }

    #[test]
    fn real_transforms_round_trip() {
        for n in [1usize, 2, 5, 8] {
            let v: Vec<f64> = (0..n).map(|i| (i as f64).sqrt() - 1.0).collect();
            let x = Array::from_vec(&v, &[n]).unwrap();
            let spectrum = rfft(&x, None, 0, Norm::Backward).unwrap();
            assert_eq!(spectrum.shape(), &[n / 2 + 1]);
            let full: Vec<C64> = v.iter().map(|&r| C64::new(r, 0.0)).collect();
            let want = &dft(&full, false)[..n / 2 + 1];
            assert!(close(&complex_values(&spectrum), want, 1e-12));
            let back = irfft(&spectrum, Some(n as isize), 0, Norm::Backward).unwrap();
            let back = real_values(&back);
            assert!(back.iter().zip(&v).all(|(a, b)| (a - b).abs() < 1e-12));
            // hfft of the conjugate-symmetric half is n times the real signal's ifft.
            let h = hfft(
                &ihfft(&x, None, 0, Norm::Backward).unwrap(),
                Some(n as isize),
                0,
                Norm::Backward,
            )
            .unwrap();
            assert!(real_values(&h)
                .iter()
                .zip(&v)
                .all(|(a, b)| (a - b).abs() < 1e-12));
        }
    }

    #[test]
    fn nd_transforms_are_successive_passes() {
        let v = signal(12);
        let x = Array::from_vec(&v, &[3, 4]).unwrap();
        let both = fftn(&x, None, None, Norm::Backward, false).unwrap();
        let rows = fft(&x, None, 1, Norm::Backward, false).unwrap();
        let cols = fft(&rows, None, 0, Norm::Backward, false).unwrap();
        assert!(close(&complex_values(&both), &complex_values(&cols), 1e-12));
        let back = fftn(&both, None, None, Norm::Backward, true).unwrap();
        assert!(close(&complex_values(&back), &v, 1e-12));
        let r: Vec<f64> = (0..12).map(|i| i as f64).collect();
        let rx = Array::from_vec(&r, &[3, 4]).unwrap();
        let spec = rfftn(&rx, None, None, Norm::Ortho).unwrap();
        assert_eq!(spec.shape(), &[3, 3]);
        let back = irfftn(&spec, Some(&[3, 4]), None, Norm::Ortho).unwrap();
        assert!(real_values(&back)
            .iter()
            .zip(&r)
            .all(|(a, b)| (a - b).abs() < 1e-12));
    }

    #[test]
    fn frequencies_and_shifts() {
        let f = real_values(&fftfreq(5, 0.5, None, false).unwrap());
        assert_eq!(f, vec![0.0, 0.4, 0.8, -0.8, -0.4]);
        let f = real_values(&fftfreq(4, 1.0, None, true).unwrap());
        assert_eq!(f, vec![0.0, 0.25, 0.5]);
        let v: Vec<i64> = (0..5).collect();
        let x = Array::from_vec(&v, &[5]).unwrap();
        let s = fftshift(&x, None, false).unwrap();
        assert_eq!(real_values(&s), vec![3.0, 4.0, 0.0, 1.0, 2.0]);
        let back = fftshift(&s, Some(&[0]), true).unwrap();
        assert_eq!(real_values(&back), vec![0.0, 1.0, 2.0, 3.0, 4.0]);
    }

    #[test]
    fn bad_arguments() {
        let x = Array::from_vec(&[1.0f64, 2.0], &[2]).unwrap();
        let ints = Array::from_vec(&[1i64, 2], &[2]).unwrap();
        assert!(matches!(
            fft(&ints, None, -1, Norm::Backward, false),
            Err(Error::Type(_))
        ));
        let c = complex_input(&x, "fft").unwrap();
        assert!(matches!(
            rfft(&c, None, -1, Norm::Backward),
            Err(Error::Type(_))
        ));
        assert!(matches!(
            fft(&x, Some(0), -1, Norm::Backward, false),
            Err(Error::Value(_))
        ));
        assert!(matches!(
            fft(&x, None, 1, Norm::Backward, false),
            Err(Error::Value(_))
        ));
        let scalar = Array::from_vec(&[1.0f64], &[]).unwrap();
        assert!(matches!(
            fft(&scalar, None, -1, Norm::Backward, false),
            Err(Error::Value(_))
        ));
        assert!(fftn(&x, Some(&[2, 2]), Some(&[0]), Norm::Backward, false).is_err());
        assert!(fftn(&x, None, Some(&[0, -1]), Norm::Backward, false).is_err());
        assert!(Norm::parse("none").is_err());
        let one = Array::from_vec(&[C64::new(1.0, 0.0)], &[1]).unwrap();
        assert!(irfft(&one, None, -1, Norm::Backward).is_err());
    }

    #[test]
    fn many_lanes_run_in_parallel_and_agree() {
        // 300 lanes of 256 along axis 0: chunked, strided and parallel.
        let v = signal(256 * 300);
        let x = Array::from_vec(&v, &[256, 300]).unwrap();
        // Lanes early and late, so that each thread's run is checked.
        let out = complex_values(&fft(&x, None, 0, Norm::Backward, false).unwrap());
        for column in [0, 123, 290, 299] {
            let lane: Vec<C64> = (0..256).map(|r| v[r * 300 + column]).collect();
            let want = dft(&lane, false);
            let have: Vec<C64> = (0..256).map(|r| out[r * 300 + column]).collect();
            assert!(close(&have, &want, 1e-9), "column {column}");
        }
        // Along the contiguous last axis: the in-place-read path, in parallel.
        let out = complex_values(&fft(&x, None, 1, Norm::Ortho, false).unwrap());
        for row in [0, 7, 200, 255] {
            let want: Vec<C64> = dft(&v[300 * row..300 * (row + 1)], false)
                .into_iter()
                .map(|c| c / 300f64.sqrt())
                .collect();
            assert!(
                close(&out[300 * row..300 * (row + 1)], &want, 1e-9),
                "row {row}"
            );
        }
    }
}
