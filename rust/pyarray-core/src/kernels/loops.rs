//! Elementwise loops: map one or two arrays through a scalar function.
//! The n-d walk is shared (`iter::for_each_run`); each innermost run takes a
//! contiguous fast path (vectorized, with an AVX2+FMA build picked at run
//! time), a scalar-operand path, or a strided fallback.

use crate::array::Array;
use crate::dtype::Element;
use crate::error::Result;
use crate::iter::{for_each_run, for_each_run_in_order_of_first};
use crate::layout::{broadcast_shapes, broadcast_strides, Strides};
use std::any::TypeId;
use std::mem::MaybeUninit;

/// Below this many elements, threads cost more than they save (a rayon join
/// is ~15 µs here); only compute-bound functions ask for threads at all.
pub const PARALLEL_THRESHOLD: usize = 1 << 18;

pub(crate) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::OnceLock;
        static AVX2: OnceLock<bool> = OnceLock::new();
        *AVX2.get_or_init(|| is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma"))
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// AVX-512 (F, DQ, VL) with AVX2 and FMA: twice the lanes, for the unary
/// kernels (the float32 transcendental functions) and the small-matmul tile.
pub(crate) fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::OnceLock;
        static AVX512: OnceLock<bool> = OnceLock::new();
        *AVX512.get_or_init(|| {
            has_avx2()
                && is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512dq")
                && is_x86_feature_detected!("avx512vl")
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

// ---------------------------------------------------------------------------
// Contiguous kernels, compiled for baseline x86-64 and AVX2+FMA (unary ones
// also for AVX-512), picked at run time.

/// Run `body` compiled for the best instruction set this CPU has: AVX-512
/// (F, DQ, VL), else AVX2+FMA, else baseline x86-64. Pass the closure as
/// `#[inline(always)] || ...`: it is then inlined into a function built with
/// those features, so its loops vectorise at that width (without the
/// attribute LLVM keeps large bodies out of line, compiled for the baseline:
/// the small-matmul tile ran 2x slower).
#[inline(always)]
pub(crate) fn in_best_tier<R>(body: impl FnOnce() -> R) -> R {
    match best_tier() {
        // SAFETY: best_tier checked at run time that the CPU has the tier's features.
        #[cfg(target_arch = "x86_64")]
        Tier::Avx512 => unsafe { avx512_tier(body) },
        #[cfg(target_arch = "x86_64")]
        Tier::Avx2 => unsafe { avx2_tier(body) },
        _ => body(),
    }
}

/// The instruction sets `in_best_tier` chooses from; kernels whose shape
/// depends on the register width (the matmul tile) match on it themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tier {
    /// AVX-512 F, DQ and VL, with AVX2 and FMA: 32 registers of 512 bits.
    Avx512,
    /// AVX2 and FMA: 16 registers of 256 bits.
    Avx2,
    Baseline,
}

/// The best tier this CPU supports (checked once, then cached).
#[inline(always)]
pub(crate) fn best_tier() -> Tier {
    if has_avx512() {
        Tier::Avx512
    } else if has_avx2() {
        Tier::Avx2
    } else {
        Tier::Baseline
    }
}

/// Runs `body` compiled with AVX-512 (see `in_best_tier`).
///
/// # Safety
/// The CPU must support the tier (`best_tier() == Tier::Avx512`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq,avx512vl,avx2,fma")]
pub(crate) unsafe fn avx512_tier<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// Runs `body` compiled with AVX2 and FMA (see `in_best_tier`).
///
/// # Safety
/// The CPU must support the tier (`best_tier()` is not `Tier::Baseline`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn avx2_tier<R>(body: impl FnOnce() -> R) -> R {
    body()
}

#[inline(always)]
fn contiguous1<T: Copy, U>(src: &[T], dst: &mut [U], f: &impl Fn(T) -> U) {
    for (o, &x) in dst.iter_mut().zip(src) {
        *o = f(x);
    }
}

fn dispatch_contiguous1<T: Copy, U>(src: &[T], dst: &mut [U], f: &impl Fn(T) -> U) {
    in_best_tier(
        #[inline(always)]
        || contiguous1(src, dst, f),
    )
}

/// Which operand layout an innermost run has.
#[derive(Clone, Copy)]
enum Run<'a, T> {
    Both(&'a [T], &'a [T]),
    Left(T, &'a [T]),
    Right(&'a [T], T),
}

impl<T: Copy> Run<'_, T> {
    /// The elements `r` of the run.
    fn part(self, r: std::ops::Range<usize>) -> Self {
        match self {
            Run::Both(a, b) => Run::Both(&a[r.clone()], &b[r]),
            Run::Left(x, b) => Run::Left(x, &b[r]),
            Run::Right(a, y) => Run::Right(&a[r], y),
        }
    }

    /// `each(&mut dst[i], x, y)` for every element `i` and its operands: one
    /// loop per layout, each of which the compiler vectorises.
    #[inline(always)]
    fn zip_into<U>(self, dst: &mut [U], mut each: impl FnMut(&mut U, T, T)) {
        match self {
            Run::Both(a, b) => {
                for ((o, &x), &y) in dst.iter_mut().zip(a).zip(b) {
                    each(o, x, y);
                }
            }
            Run::Left(x, b) => {
                for (o, &y) in dst.iter_mut().zip(b) {
                    each(o, x, y);
                }
            }
            Run::Right(a, y) => {
                for (o, &x) in dst.iter_mut().zip(a) {
                    each(o, x, y);
                }
            }
        }
    }

    /// The operands of element `i`.
    #[inline(always)]
    fn at(self, i: usize) -> (T, T) {
        match self {
            Run::Both(a, b) => (a[i], b[i]),
            Run::Left(x, b) => (x, b[i]),
            Run::Right(a, y) => (a[i], y),
        }
    }
}

#[inline(always)]
fn run2<T: Copy, U>(run: Run<'_, T>, dst: &mut [U], f: &impl Fn(T, T) -> U) {
    run.zip_into(dst, |o, x, y| *o = f(x, y));
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn run2_avx2<T: Copy, U>(run: Run<'_, T>, dst: &mut [U], f: &impl Fn(T, T) -> U) {
    run2(run, dst, f)
}

fn dispatch_run2<T: Copy, U>(run: Run<'_, T>, dst: &mut [U], f: &impl Fn(T, T) -> U) {
    // Comparisons (outputs narrower than the inputs) of 8-byte elements, and
    // of any width against a scalar, go to the best tier: AVX-512 compares
    // into mask registers and stores the bytes directly, where AVX2 packs
    // 4-lane results in several shuffles. Measured at 10^4 (A/B, Intel
    // AVX-512): float64 `x > y` 3.4 -> 2.9 us, int64 4.5 -> 2.3, float32
    // `x > 3` 1.5 -> 1.2; but float32 / int32 `x > y` 1.5 -> 1.8 and
    // same-width kernels no faster, so those stay on AVX2.
    let narrowing = size_of::<U>() < size_of::<T>();
    if narrowing && (size_of::<T>() >= 8 || !matches!(run, Run::Both(..))) {
        return in_best_tier(
            #[inline(always)]
            || run2(run, dst, f),
        );
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU supports AVX2 and FMA (checked at run time).
        return unsafe { run2_avx2(run, dst, f) };
    }
    run2(run, dst, f)
}

/// `fill(0..len, dst)`, or, when `parallel` and `dst` is long, `fill` of
/// runs of it shared out across threads (the caller taking some, see
/// `threads::balanced_parts`): the split of compute-bound maps, unary and
/// binary.
fn fill_in_runs<U: Send>(
    dst: &mut [U],
    parallel: bool,
    fill: impl Fn(std::ops::Range<usize>, &mut [U]) + Sync,
) {
    let len = dst.len();
    if parallel && len >= PARALLEL_THRESHOLD {
        let parts = crate::threads::balanced_parts(len, PARALLEL_THRESHOLD / 8);
        crate::threads::run_rows_mut(dst, len, parts, fill);
    } else {
        fill(0..len, dst);
    }
}

// ---------------------------------------------------------------------------
// Unary

/// New array `f(x)` of element type `U`. `parallel` allows threads for large
/// contiguous inputs (for compute-bound functions only).
pub fn map1<T: Element, U: Element>(
    x: &Array,
    parallel: bool,
    f: impl Fn(T) -> U + Sync,
) -> Result<Array> {
    map1_by_slices(x, parallel, &f, |s, d| dispatch_contiguous1(s, d, &f))
}

/// Elements per block of `map1_with_fallback`: small enough to stay in L1
/// between the vectorised pass and the fix-up of inputs it cannot handle.
const FALLBACK_BLOCK: usize = 512;

/// `map1` for a function with a vectorisable form `fast`, correct except on
/// the rare inputs where `use_slow` holds, and a correct form `slow`. Runs
/// `fast` over each block of a contiguous input, then recomputes with `slow`
/// the elements of blocks that hold such inputs (sin of |x| > 1e6, say).
pub fn map1_with_fallback<T: Element, U: Element>(
    x: &Array,
    fast: impl Fn(T) -> U + Sync,
    use_slow: impl Fn(T) -> bool + Sync,
    slow: impl Fn(T) -> U + Sync,
) -> Result<Array> {
    let one = |v: T| if use_slow(v) { slow(v) } else { fast(v) };
    // The whole block loop runs in the best tier: compiled for the baseline,
    // the range check alone was 8 % of a 10^4-element float32 log.
    map1_by_slices(x, true, &one, |src, dst| {
        in_best_tier(
            #[inline(always)]
            || {
                for (s, d) in src
                    .chunks(FALLBACK_BLOCK)
                    .zip(dst.chunks_mut(FALLBACK_BLOCK))
                {
                    // The range check rides along in the same pass (a
                    // branch-free `any`, so it vectorises): as a second
                    // pass it was ~12 % of a 10^4-element float32 log2.
                    let mut any = false;
                    for (o, &v) in d.iter_mut().zip(s) {
                        *o = fast(v);
                        any |= use_slow(v);
                    }
                    if any {
                        for (o, &v) in d.iter_mut().zip(s) {
                            if use_slow(v) {
                                *o = slow(v);
                            }
                        }
                    }
                }
            },
        )
    })
}

/// The loop shared by `map1` and `map1_with_fallback`: dense inputs (C
/// order, or another axis order such as `m.T`) go through `slices` in
/// memory order into an output laid out like them (split across threads
/// when `parallel` and large); strided ones too, gathered block by block
/// (`gather_then_map`), except runs shorter than `GATHER_MIN_RUN`, which go
/// through `f` element by element.
fn map1_by_slices<T: Element, U: Element>(
    x: &Array,
    parallel: bool,
    f: &(impl Fn(T) -> U + Sync),
    slices: impl Fn(&[T], &mut [U]) + Sync,
) -> Result<Array> {
    debug_assert_eq!(x.dtype(), T::DTYPE);
    // SAFETY: every element of `out` is written below (dense or strided path).
    let out = unsafe { Array::for_overwrite_like(U::DTYPE, x)? };
    // SAFETY: `out` is fresh, dense, of type U, and not shared.
    let dst = unsafe { out.slice_mut_unchecked::<U>() };
    // `out` took x's layout when x is dense in any axis order (a transposed
    // input too: NumPy writes its result in the same F order, and pyarray
    // ran 3-8x slower than it while writing C order).
    if let Some(Operand::Run(src)) = Operand::<T>::laid_out_as(x, &out) {
        // One run per thread, the caller taking one: no worker wake-up to
        // wait for when the pool is already awake (see `threads`).
        fill_in_runs(dst, parallel, |run, d| slices(&src[run], d));
        return Ok(out);
    }
    let bs = x.byte_strides();
    let out_bs = out.byte_strides();
    for_each_run(
        x.shape(),
        [&out_bs, &bs],
        [out.data_ptr(), x.data_ptr()],
        |p, len, s| {
            if s[0] == size_of::<U>() as isize && len >= GATHER_MIN_RUN {
                // SAFETY: the output run is `len` contiguous U elements of
                // `out`, and the input run lies inside `x`'s extent.
                unsafe {
                    let dst = std::slice::from_raw_parts_mut(p[0] as *mut U, len);
                    gather_then_map(p[1] as *const T, s[1], dst, &slices);
                }
                return;
            }
            // In the best tier like the contiguous path: same instructions
            // (a fused multiply-add is one instruction there, a libm call in
            // baseline code). `move`, so the pointers and strides live in
            // registers (see `gather_block`).
            in_best_tier(
                #[inline(always)]
                move || {
                    for i in 0..len as isize {
                        // SAFETY: pointers walk inside both arrays' extents.
                        unsafe {
                            let v = (p[1].offset(i * s[1]) as *const T).read_unaligned();
                            (p[0].offset(i * s[0]) as *mut U).write_unaligned(f(v));
                        }
                    }
                },
            )
        },
    );
    Ok(out)
}

/// Strided runs at least this long are gathered into blocks and mapped by
/// the contiguous kernel; shorter ones go element by element (the block's
/// set-up would cost more than the vector loop saves).
const GATHER_MIN_RUN: usize = 16;

/// Elements per gathered block: 4 KiB of complex128 on the stack, and the
/// block is still in L1 when the contiguous kernel reads it.
const GATHER_BLOCK: usize = 256;

/// `slices(src, dst)` for an input run that is not contiguous: the run
/// (`dst.len()` elements from `src`, `stride` bytes apart) is copied block by
/// block onto the stack, and each block goes through the vectorised
/// contiguous kernel, where an element-by-element loop would not vectorise
/// (float32 `log(x[::2])` of 10^4 ran at 2.3x NumPy's time).
///
/// # Safety
/// `src.byte_offset(i * stride)` must be a readable T for every `i < dst.len()`.
unsafe fn gather_then_map<T: Copy, U>(
    src: *const T,
    stride: isize,
    dst: &mut [U],
    slices: &impl Fn(&[T], &mut [U]),
) {
    let mut block = [MaybeUninit::<T>::uninit(); GATHER_BLOCK];
    for (b, chunk) in dst.chunks_mut(GATHER_BLOCK).enumerate() {
        // SAFETY: the block's elements are among the caller's `dst.len()`.
        let first = unsafe { src.byte_offset((b * GATHER_BLOCK) as isize * stride) };
        let slots = &mut block[..chunk.len()];
        // SAFETY: as above, every index below chunk.len() is readable.
        unsafe { gather_block(first, stride, slots) };
        // SAFETY: gather_block wrote every one of the slots.
        let values = unsafe { std::slice::from_raw_parts(slots.as_ptr() as *const T, slots.len()) };
        slices(values, chunk);
    }
}

/// Copy `out.len()` elements, `stride` bytes apart from `src`, into `out`.
/// The two commonest strides, every other element (`x[::2]`) and reversed
/// (`x[::-1]`), get loops with the stride fixed at compile time, which LLVM
/// vectorises with shuffles in the best tier; a run-time stride leaves one
/// load per element (cheap functions of `x[::2]` ran at 0.5x NumPy's speed).
///
/// # Safety
/// `src.byte_offset(i * stride)` must be a readable T for every `i < out.len()`.
unsafe fn gather_block<T: Copy>(src: *const T, stride: isize, out: &mut [MaybeUninit<T>]) {
    let size = size_of::<T>() as isize;
    // `move`, so the loops read `src` and `stride` from registers: captured
    // by reference, `src` was reloaded from memory after every store.
    in_best_tier(
        #[inline(always)]
        move || {
            if stride == 2 * size {
                for (i, slot) in out.iter_mut().enumerate() {
                    // SAFETY: index `i` of the run (the caller's contract).
                    slot.write(unsafe { src.add(2 * i).read_unaligned() });
                }
            } else if stride == -size {
                for (i, slot) in out.iter_mut().enumerate() {
                    // SAFETY: index `i` of the run (the caller's contract).
                    slot.write(unsafe { src.sub(i).read_unaligned() });
                }
            } else {
                for (i, slot) in out.iter_mut().enumerate() {
                    // SAFETY: index `i` of the run (the caller's contract).
                    slot.write(unsafe { src.byte_offset(i as isize * stride).read_unaligned() });
                }
            }
        },
    )
}

// ---------------------------------------------------------------------------
// Binary

/// New array `f(a, b)` over the broadcast shape; `a` and `b` have dtype `T`.
pub fn map2<T: Element, U: Element>(
    a: &Array,
    b: &Array,
    f: impl Fn(T, T) -> U + Sync,
) -> Result<Array> {
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    // SAFETY: write2 writes every element of the broadcast shape.
    let out = unsafe { Array::for_overwrite(U::DTYPE, &shape)? };
    write2(&out, a, b, false, f)?;
    Ok(out)
}

/// The common cases as one run over whole buffers, skipping the n-d walk:
/// all three dense with one shape and layout (C order, or F order for
/// `m.T + m.T`), or one operand a single element (an array-with-scalar
/// operation). Small calls are dominated by this setup.
fn whole_array_run<'a, T: Element>(out: &Array, a: &'a Array, b: &'a Array) -> Option<Run<'a, T>> {
    // An operand in `out`'s memory must not be read through a slice while
    // `out` is written (see `InPlace`).
    if !out.is_dense() || a.data_ptr() == out.data_ptr() || b.data_ptr() == out.data_ptr() {
        return None;
    }
    match (Operand::laid_out_as(a, out)?, Operand::laid_out_as(b, out)?) {
        (Operand::Run(x), Operand::Run(y)) => Some(Run::Both(x, y)),
        (Operand::Run(x), Operand::Value(y)) => Some(Run::Right(x, y)),
        (Operand::Value(x), Operand::Run(y)) => Some(Run::Left(x, y)),
        (Operand::Value(_), Operand::Value(_)) => None,
    }
}

/// `write2` with one operand the scalar `s`: `f(s, x)` when `scalar_first`,
/// else `f(x, s)`. `out` has `x`'s shape (and may be `x` itself).
pub fn write2_scalar<T: Element, U: Element>(
    out: &Array,
    x: &Array,
    s: T,
    scalar_first: bool,
    parallel: bool,
    f: impl Fn(T, T) -> U + Sync,
) -> Result<()> {
    let runs = |run: Run<'_, T>, dst: &mut [U]| dispatch_run2(run, dst, &f);
    write2_scalar_by_runs(out, x, s, scalar_first, parallel, &f, &runs, true)
}

/// Write `f(a, b)` into `out` (whose shape is the broadcast shape). `out` may be
/// `a` itself (in-place operators); the caller has removed partial overlaps.
/// `parallel` allows threads for large contiguous operands (for
/// compute-bound functions only).
pub fn write2<T: Element, U: Element>(
    out: &Array,
    a: &Array,
    b: &Array,
    parallel: bool,
    f: impl Fn(T, T) -> U + Sync,
) -> Result<()> {
    let runs = |run: Run<'_, T>, dst: &mut [U]| dispatch_run2(run, dst, &f);
    write2_by_runs(out, a, b, parallel, &f, &runs, true)
}

/// `write2` for a function with a vectorisable form `fast`, correct except
/// where `use_slow` holds, and a correct form `slow`: `map1_with_fallback`
/// for two operands (pow and atan2).
pub fn write2_with_fallback<T: Element, U: Element>(
    out: &Array,
    a: &Array,
    b: &Array,
    parallel: bool,
    fallback: &Fallback2<
        impl Fn(T, T) -> U + Sync,
        impl Fn(T, T) -> bool + Sync,
        impl Fn(T, T) -> U + Sync,
    >,
) -> Result<()> {
    let one = |x, y| fallback.one(x, y);
    let runs = |run: Run<'_, T>, dst: &mut [U]| fallback.run(run, dst);
    write2_by_runs(out, a, b, parallel, &one, &runs, false)
}

/// `write2_scalar` for a function with a vectorisable form (`write2_with_fallback`).
pub fn write2_scalar_with_fallback<T: Element, U: Element>(
    out: &Array,
    x: &Array,
    s: T,
    scalar_first: bool,
    parallel: bool,
    fallback: &Fallback2<
        impl Fn(T, T) -> U + Sync,
        impl Fn(T, T) -> bool + Sync,
        impl Fn(T, T) -> U + Sync,
    >,
) -> Result<()> {
    let one = |x, y| fallback.one(x, y);
    let runs = |run: Run<'_, T>, dst: &mut [U]| fallback.run(run, dst);
    write2_scalar_by_runs(out, x, s, scalar_first, parallel, &one, &runs, false)
}

/// A binary function as a vectorisable form `fast`, correct where
/// `!use_slow(x, y)`, and a form `slow` correct everywhere.
pub struct Fallback2<F, P, S> {
    pub fast: F,
    pub use_slow: P,
    pub slow: S,
}

impl<F, P, S> Fallback2<F, P, S> {
    /// The function at one element.
    #[inline(always)]
    fn one<T: Copy, U>(&self, x: T, y: T) -> U
    where
        F: Fn(T, T) -> U,
        P: Fn(T, T) -> bool,
        S: Fn(T, T) -> U,
    {
        if (self.use_slow)(x, y) {
            (self.slow)(x, y)
        } else {
            (self.fast)(x, y)
        }
    }

    /// The function over a contiguous run: `fast` block by block, the range
    /// check in the same pass (as `map1_with_fallback`), then `slow` for
    /// the elements of the block where `use_slow` holds. The operands can
    /// be read again after the fast pass: they never share memory with
    /// `dst` (in-place operators go through `InPlace`, and the callers of
    /// `write2` remove partial overlaps).
    fn run<T: Copy, U>(&self, run: Run<'_, T>, dst: &mut [U])
    where
        F: Fn(T, T) -> U,
        P: Fn(T, T) -> bool,
        S: Fn(T, T) -> U,
    {
        in_best_tier(
            #[inline(always)]
            || {
                let starts = (0..dst.len()).step_by(FALLBACK_BLOCK);
                for (start, d) in starts.zip(dst.chunks_mut(FALLBACK_BLOCK)) {
                    let part = run.part(start..start + d.len());
                    if self.fast_pass(part, d) {
                        for (i, o) in d.iter_mut().enumerate() {
                            let (x, y) = part.at(i);
                            if (self.use_slow)(x, y) {
                                *o = (self.slow)(x, y);
                            }
                        }
                    }
                }
            },
        )
    }

    /// `fast` over a run, and whether `use_slow` holds anywhere in it (a
    /// branch-free `any`, so the check vectorises with the kernel).
    #[inline(always)]
    fn fast_pass<T: Copy, U>(&self, run: Run<'_, T>, dst: &mut [U]) -> bool
    where
        F: Fn(T, T) -> U,
        P: Fn(T, T) -> bool,
    {
        let mut any = false;
        run.zip_into(dst, |o, x, y| {
            *o = (self.fast)(x, y);
            any |= (self.use_slow)(x, y);
        });
        any
    }
}

/// `write2_scalar` with the function given per element (`f`, for strided
/// operands) and per contiguous run (`runs`); `rmw` as in `InPlace`.
#[allow(clippy::too_many_arguments)]
fn write2_scalar_by_runs<T: Element, U: Element>(
    out: &Array,
    x: &Array,
    s: T,
    scalar_first: bool,
    parallel: bool,
    f: &(impl Fn(T, T) -> U + Sync),
    runs: &(impl Fn(Run<'_, T>, &mut [U]) + Sync),
    rmw: bool,
) -> Result<()> {
    debug_assert!(x.dtype() == T::DTYPE && out.dtype() == U::DTYPE);
    if out.is_dense() {
        if let Some(Operand::Run(xs)) = Operand::<T>::laid_out_as(x, out) {
            if x.data_ptr() != out.data_ptr() {
                let run = if scalar_first {
                    Run::Left(s, xs)
                } else {
                    Run::Right(xs, s)
                };
                // SAFETY: `out` is dense of type U (checked above).
                let dst = unsafe { out.slice_mut_unchecked::<U>() };
                fill_in_runs(dst, parallel, |r, d| runs(run.part(r), d));
                return Ok(());
            }
            if size_of::<T>() == size_of::<U>() {
                // SAFETY: `out` is dense, and `x` is `out` itself (same
                // memory, shape and layout) with elements of U's size.
                let in_place = InPlace {
                    left: !scalar_first,
                    other: Other::Value(s),
                    rmw,
                };
                unsafe { in_place.fill(out, parallel, f, runs) };
                return Ok(());
            }
        }
    }
    // Strided operands take the n-d walk, the scalar as a 0-d array.
    let s = Array::from_vec(&[s], &[])?;
    if scalar_first {
        write2_by_runs(out, &s, x, parallel, f, runs, rmw)
    } else {
        write2_by_runs(out, x, &s, parallel, f, runs, rmw)
    }
}

/// `write2` with the function given per element (`f`, for strided runs)
/// and per contiguous run (`runs`); `rmw` as in `InPlace`.
fn write2_by_runs<T: Element, U: Element>(
    out: &Array,
    a: &Array,
    b: &Array,
    parallel: bool,
    f: &(impl Fn(T, T) -> U + Sync),
    runs: &(impl Fn(Run<'_, T>, &mut [U]) + Sync),
    rmw: bool,
) -> Result<()> {
    debug_assert!(a.dtype() == T::DTYPE && b.dtype() == T::DTYPE && out.dtype() == U::DTYPE);
    if let Some((left, other)) = in_place_operands::<T>(out, a, b) {
        // SAFETY: `out` is dense and one operand is `out` itself (checked by
        // in_place_operands), the other does not overlap it.
        unsafe { InPlace { left, other, rmw }.fill(out, parallel, f, runs) };
        return Ok(());
    }
    if let Some(run) = whole_array_run::<T>(out, a, b) {
        // SAFETY: `out` is dense of type U (checked by whole_array_run).
        let dst = unsafe { out.slice_mut_unchecked::<U>() };
        fill_in_runs(dst, parallel, |r, d| runs(run.part(r), d));
        return Ok(());
    }
    let t = size_of::<T>() as isize;
    let u = size_of::<U>() as isize;
    let to_bytes = |mut s: Strides, size: isize| {
        s.iter_mut().for_each(|x| *x *= size);
        s
    };
    let sa = to_bytes(broadcast_strides(a.shape(), a.strides(), out.shape())?, t);
    let sb = to_bytes(broadcast_strides(b.shape(), b.strides(), out.shape())?, t);
    let so = out.byte_strides();
    let ptrs = [out.data_ptr(), a.data_ptr(), b.data_ptr()];
    // In `out`'s memory order: an F-ordered result of `m.T + v` is written
    // along its contiguous axis.
    for_each_run_in_order_of_first(out.shape(), [&so, &sa, &sb], ptrs, |p, len, s| {
        // SAFETY: each run lies inside its operand; contiguous runs are
        // reinterpreted as slices of exactly `len` elements.
        unsafe {
            let slice = |ptr: *mut u8| std::slice::from_raw_parts(ptr as *const T, len);
            let read = |ptr: *mut u8| (ptr as *const T).read_unaligned();
            if s[0] == u && t == u {
                // A run of an operand in the output's own memory (`x[::2]
                // += y`): read through a copy, block by block.
                let operand = |k: usize| match s[k] {
                    _ if p[k] == p[0] && s[k] == t => Some(Other::Same),
                    x if x == t => Some(Other::Run(slice(p[k]))),
                    0 => Some(Other::Value(read(p[k]))),
                    _ => None,
                };
                let in_place = match (p[1] == p[0] && s[1] == t, p[2] == p[0] && s[2] == t) {
                    (true, _) => operand(2).map(|other| (true, other)),
                    (false, true) => operand(1).map(|other| (false, other)),
                    (false, false) => None,
                };
                if let Some((left, other)) = in_place {
                    return InPlace { left, other, rmw }.run(p[0] as *mut U, len, f, runs);
                }
            }
            if s[0] == u && p[1] != p[0] && p[2] != p[0] {
                let dst = std::slice::from_raw_parts_mut(p[0] as *mut U, len);
                let run = match (s[1], s[2]) {
                    (x, y) if x == t && y == t => Some(Run::Both(slice(p[1]), slice(p[2]))),
                    (0, y) if y == t => Some(Run::Left(read(p[1]), slice(p[2]))),
                    (x, 0) if x == t => Some(Run::Right(slice(p[1]), read(p[2]))),
                    _ => None,
                };
                if let Some(run) = run {
                    return runs(run, dst);
                }
            }
            for i in 0..len as isize {
                let x = (p[1].offset(i * s[1]) as *const T).read_unaligned();
                let y = (p[2].offset(i * s[2]) as *const T).read_unaligned();
                (p[0].offset(i * s[0]) as *mut U).write_unaligned(f(x, y));
            }
        }
    });
    Ok(())
}

/// The operand of an in-place operation that is not the output: a run as
/// long as it, one value, or the output itself again (`x += x`).
#[derive(Clone, Copy)]
enum Other<'a, T> {
    Run(&'a [T]),
    Value(T),
    Same,
}

/// Whether `a` or `b` is the dense `out` itself (in-place operators write
/// into their left operand): which one (true for `a`) and the other
/// operand, or None when neither is, or the other needs the n-d walk.
fn in_place_operands<'a, T: Element>(
    out: &Array,
    a: &'a Array,
    b: &'a Array,
) -> Option<(bool, Other<'a, T>)> {
    if !out.is_dense() || size_of::<T>() != out.dtype().itemsize() {
        return None;
    }
    let is_out = |x: &Array| {
        x.data_ptr() == out.data_ptr()
            && matches!(Operand::<T>::laid_out_as(x, out), Some(Operand::Run(_)))
    };
    let other = |x: &'a Array| match Operand::<T>::laid_out_as(x, out)? {
        Operand::Run(r) => Some(Other::Run(r)),
        Operand::Value(v) => Some(Other::Value(v)),
    };
    match (is_out(a), is_out(b)) {
        (true, true) => Some((true, Other::Same)),
        (true, false) => Some((true, other(b)?)),
        (false, true) => Some((false, other(a)?)),
        (false, false) => None,
    }
}

/// An elementwise function writing into one of its operands (`x += y`
/// writes into x). The kernels take operands as shared slices and the
/// output as a mutable one, which must not overlap, so the output's own
/// operand is read either through the output slice itself (`rmw`: a
/// read-modify-write loop, for functions given per element) or from a
/// stack copy of each block (functions given per run, such as the
/// fallback kernels of pow and atan2).
struct InPlace<'a, T> {
    /// Whether the output is the left operand.
    left: bool,
    other: Other<'a, T>,
    rmw: bool,
}

impl<T: Element> InPlace<'_, T> {
    /// `run` over all of the dense `out`, in parts across threads when
    /// `parallel` and long (as `fill_in_runs`).
    ///
    /// # Safety
    /// As `run`, for all of `out`'s elements.
    unsafe fn fill<U: Element>(
        &self,
        out: &Array,
        parallel: bool,
        f: &(impl Fn(T, T) -> U + Sync),
        runs: &(impl Fn(Run<'_, T>, &mut [U]) + Sync),
    ) {
        let (base, len) = (out.data_ptr() as usize, out.size());
        let part = |r: std::ops::Range<usize>| {
            let other = match self.other {
                Other::Run(x) => Other::Run(&x[r.clone()]),
                o => o,
            };
            let part = InPlace { other, ..*self };
            // SAFETY: r lies inside `out`; parts are disjoint.
            unsafe { part.run((base as *mut U).add(r.start), r.len(), f, runs) }
        };
        if parallel && len >= PARALLEL_THRESHOLD {
            let parts = crate::threads::balanced_parts(len, PARALLEL_THRESHOLD / 8);
            crate::threads::run_ranges(len, parts, part);
        } else {
            part(0..len);
        }
    }

    /// The function over the `len` elements at `dst`, which are also the
    /// elements of the output's operand.
    ///
    /// # Safety
    /// `dst` holds `len` initialised elements of type U, readable as T (the
    /// same size), which nothing else accesses during the call; `other` does
    /// not overlap them.
    unsafe fn run<U: Element>(
        &self,
        dst: *mut U,
        len: usize,
        f: &impl Fn(T, T) -> U,
        runs: &impl Fn(Run<'_, T>, &mut [U]),
    ) {
        if self.rmw && TypeId::of::<T>() == TypeId::of::<U>() {
            // SAFETY: U is T, so this is the caller's `dst` as it is.
            let dst = unsafe { std::slice::from_raw_parts_mut(dst as *mut T, len) };
            // SAFETY (transmute_copy): U is T.
            let g = |x: T, y: T| unsafe { std::mem::transmute_copy::<U, T>(&f(x, y)) };
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: the CPU supports AVX2 and FMA (checked at run time).
                return unsafe {
                    avx2_tier(
                        #[inline(always)]
                        || self.read_modify_write(dst, &g),
                    )
                };
            }
            return self.read_modify_write(dst, &g);
        }
        let mut buf = [MaybeUninit::<T>::uninit(); FALLBACK_BLOCK];
        for start in (0..len).step_by(FALLBACK_BLOCK) {
            let n = FALLBACK_BLOCK.min(len - start);
            // SAFETY: elements start..start + n of `dst` are initialised T
            // values (the caller's contract); the copy initialises buf[..n].
            let own = unsafe {
                std::ptr::copy_nonoverlapping(
                    dst.add(start) as *const T,
                    buf.as_mut_ptr() as *mut T,
                    n,
                );
                std::slice::from_raw_parts(buf.as_ptr() as *const T, n)
            };
            // SAFETY: no other reference to these elements is alive.
            let out = unsafe { std::slice::from_raw_parts_mut(dst.add(start), n) };
            let run = match (self.other, self.left) {
                (Other::Run(x), true) => Run::Both(own, &x[start..start + n]),
                (Other::Run(x), false) => Run::Both(&x[start..start + n], own),
                (Other::Value(v), true) => Run::Right(own, v),
                (Other::Value(v), false) => Run::Left(v, own),
                (Other::Same, _) => Run::Both(own, own),
            };
            runs(run, out);
        }
    }

    /// `dst[i] = g(dst[i], other[i])` (or the operands swapped), through
    /// the one mutable slice.
    #[inline(always)]
    fn read_modify_write(&self, dst: &mut [T], g: &impl Fn(T, T) -> T) {
        match (self.other, self.left) {
            (Other::Run(x), true) => dst.iter_mut().zip(x).for_each(|(o, &y)| *o = g(*o, y)),
            (Other::Run(x), false) => dst.iter_mut().zip(x).for_each(|(o, &y)| *o = g(y, *o)),
            (Other::Value(v), true) => dst.iter_mut().for_each(|o| *o = g(*o, v)),
            (Other::Value(v), false) => dst.iter_mut().for_each(|o| *o = g(v, *o)),
            (Other::Same, _) => dst.iter_mut().for_each(|o| *o = g(*o, *o)),
        }
    }
}

// ---------------------------------------------------------------------------
// Selection (`where`)

/// One value operand of [`select`]: a contiguous run as long as the output,
/// or one value standing for every element.
#[derive(Clone, Copy)]
pub enum Operand<'a, T> {
    Run(&'a [T]),
    Value(T),
}

impl<'a, T: Element> Operand<'a, T> {
    /// `x` as an operand of an elementwise function writing `out`, which
    /// must be dense (`Array::is_dense`): its elements in memory order when
    /// it has `out`'s shape and layout (so element i of both slices is the
    /// same index), else its single element; None when it needs the n-d
    /// walk or is not of type T (its bytes are never read as another type).
    pub fn laid_out_as(x: &'a Array, out: &Array) -> Option<Self> {
        debug_assert!(out.is_dense());
        if x.dtype() != T::DTYPE {
            return None;
        }
        let shape = out.shape();
        if crate::layout::same_dims(x.shape(), shape)
            && crate::layout::same_layout(shape, x.strides(), out.strides())
        {
            // SAFETY: `x` has the dtype, shape and strides of the dense
            // `out`, so it is dense too: `size` elements from its first.
            let run = unsafe { std::slice::from_raw_parts(x.data_ptr() as *const T, x.size()) };
            return Some(Operand::Run(run));
        }
        if x.size() == 1 {
            // SAFETY: a one-element array's data pointer is that element.
            return Some(Operand::Value(unsafe {
                (x.data_ptr() as *const T).read_unaligned()
            }));
        }
        None
    }
}

/// `out[i] = if mask[i] != 0 { a[i] } else { b[i] }` over contiguous runs
/// (`mask` holds bool bytes, read as u8 so any nonzero byte counts as
/// true). Each operand pairing gets its own loop, which the compiler turns
/// into masked blends at the best tier's width; the n-d walk of `where`
/// reads one element at a time through a branch.
pub fn select<T: Copy>(out: &mut [T], mask: &[u8], a: Operand<'_, T>, b: Operand<'_, T>) {
    assert!(
        mask.len() == out.len(),
        "select: mask and output lengths differ"
    );
    let runs_fit = |x: &Operand<'_, T>| !matches!(x, Operand::Run(r) if r.len() != out.len());
    assert!(
        runs_fit(&a) && runs_fit(&b),
        "select: operand lengths differ"
    );
    in_best_tier(
        #[inline(always)]
        || match (a, b) {
            (Operand::Run(a), Operand::Run(b)) => {
                for (((o, &m), &x), &y) in out.iter_mut().zip(mask).zip(a).zip(b) {
                    *o = if m != 0 { x } else { y };
                }
            }
            (Operand::Run(a), Operand::Value(y)) => {
                for ((o, &m), &x) in out.iter_mut().zip(mask).zip(a) {
                    *o = if m != 0 { x } else { y };
                }
            }
            (Operand::Value(x), Operand::Run(b)) => {
                for ((o, &m), &y) in out.iter_mut().zip(mask).zip(b) {
                    *o = if m != 0 { x } else { y };
                }
            }
            (Operand::Value(x), Operand::Value(y)) => {
                for (o, &m) in out.iter_mut().zip(mask) {
                    *o = if m != 0 { x } else { y };
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_picks_by_mask_for_every_operand_pairing() {
        let mask = [1u8, 0, 2, 0, 255];
        let a = [1.0, 2.0, 3.0, 4.0, 5.0];
        let b = [-1.0, -2.0, -3.0, -4.0, -5.0];
        let mut out = [0.0; 5];
        select(&mut out, &mask, Operand::Run(&a), Operand::Run(&b));
        assert_eq!(out, [1.0, -2.0, 3.0, -4.0, 5.0]);
        select(&mut out, &mask, Operand::Run(&a), Operand::Value(9.0));
        assert_eq!(out, [1.0, 9.0, 3.0, 9.0, 5.0]);
        select(&mut out, &mask, Operand::Value(7.0), Operand::Run(&b));
        assert_eq!(out, [7.0, -2.0, 7.0, -4.0, 7.0]);
        select(&mut out, &mask, Operand::Value(7.0), Operand::Value(9.0));
        assert_eq!(out, [7.0, 9.0, 7.0, 9.0, 7.0]);
    }
    use crate::creation::arange_int;
    use crate::DType;

    use crate::test_util::i64s as vals;

    #[test]
    fn broadcast_and_strided_operands() {
        let a = arange_int(0, 6, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 3])
            .unwrap();
        let col = arange_int(0, 2, 1, DType::Int64)
            .unwrap()
            .reshape(&[2, 1])
            .unwrap();
        let r = map2::<i64, i64>(&a, &col, |x, y| x * 10 + y).unwrap();
        assert_eq!(vals(&r), vec![0, 10, 20, 31, 41, 51]);
        let t = a.transpose();
        let r = map2::<i64, i64>(&t, &t, |x, y| x + y).unwrap();
        assert_eq!(vals(&r), vec![0, 6, 2, 8, 4, 10]);
        assert!(map2::<i64, i64>(&a, &t, |x, y| x + y).is_err());
    }

    #[test]
    fn unary_contiguous_parallel_and_strided() {
        let n = PARALLEL_THRESHOLD as i64 + 7;
        let a = arange_int(0, n, 1, DType::Int64).unwrap();
        let r = map1::<i64, i64>(&a, true, |x| x * 2).unwrap();
        // Every element, so that a run written to the wrong place shows.
        let expected: Vec<i64> = (0..n).map(|i| 2 * i).collect();
        assert_eq!(r.as_slice::<i64>().unwrap(), &expected[..]);
        let rev = a.slice_axis(0, n as usize - 1, 3, -1);
        assert_eq!(
            vals(&map1::<i64, i64>(&rev, false, |x| -x).unwrap()),
            vec![-(n - 1), -(n - 2), -(n - 3)]
        );
    }

    #[test]
    fn unary_strided_runs_long_and_short() {
        // A transposed (600, 40): runs of 600 elements 40 apart, gathered
        // in blocks (two full ones and a partial one).
        let (rows, cols) = (600usize, 40usize);
        let a = arange_int(0, (rows * cols) as i64, 1, DType::Int64).unwrap();
        let t = a.reshape(&[rows, cols]).unwrap().transpose();
        let r = map1::<i64, i64>(&t, false, |x| 3 * x + 1).unwrap();
        let expected: Vec<i64> = (0..cols)
            .flat_map(|c| (0..rows).map(move |r| 3 * (r * cols + c) as i64 + 1))
            .collect();
        assert_eq!(vals(&r), expected);
        // The other way round: runs of 40, then of GATHER_MIN_RUN - 1
        // elements (element by element), backwards.
        for short in [cols, GATHER_MIN_RUN - 1] {
            let m = a.reshape(&[rows, cols]).unwrap();
            let v = m.slice_axis(1, short - 1, short, -1);
            let r = map1::<i64, i64>(&v, false, |x| x - 7).unwrap();
            let expected: Vec<i64> = (0..rows)
                .flat_map(|r| (0..short).map(move |c| (r * cols + short - 1 - c) as i64 - 7))
                .collect();
            assert_eq!(vals(&r), expected, "{short}");
        }
    }

    #[test]
    fn unary_every_other_and_reversed_across_blocks() {
        // x[::2] and x[::-1] have gather loops of their own (fixed strides);
        // 1000 elements are three full blocks and a partial one, and a run
        // written to the wrong place or read from the wrong end shows.
        let n = 2 * GATHER_BLOCK as i64 * 2 + 37;
        let a = arange_int(0, n, 1, DType::Int64).unwrap();
        let every_other = a.slice_axis(0, 0, (n as usize).div_ceil(2), 2);
        let r = map1::<i64, i64>(&every_other, false, |x| x + 1).unwrap();
        let expected: Vec<i64> = (0..n).step_by(2).map(|i| i + 1).collect();
        assert_eq!(vals(&r), expected);
        let reversed = a.slice_axis(0, n as usize - 1, n as usize, -1);
        let r = map1::<i64, i64>(&reversed, false, |x| -x).unwrap();
        let expected: Vec<i64> = (0..n).rev().map(|i| -i).collect();
        assert_eq!(vals(&r), expected);
        // The same strides for a 4-byte type, where a vector holds 8 lanes.
        let f = a.astype(DType::Float32).unwrap();
        let r =
            map1::<f32, f32>(&f.slice_axis(0, 1, (n as usize) / 2, 2), false, |x| x.abs()).unwrap();
        let expected: Vec<f32> = (1..n).step_by(2).map(|i| i as f32).collect();
        assert_eq!(r.as_slice::<f32>().unwrap(), &expected[..]);
    }

    #[test]
    fn binary_contiguous_parallel_with_arrays_and_scalars() {
        let n = PARALLEL_THRESHOLD as i64 + 7;
        let a = arange_int(0, n, 1, DType::Int64).unwrap();
        let b = arange_int(n, 2 * n, 1, DType::Int64).unwrap();
        let out = Array::zeros(DType::Int64, &[n as usize]).unwrap();
        write2::<i64, i64>(&out, &a, &b, true, |x, y| 3 * x - y).unwrap();
        // Every element, so that a run written to the wrong place shows.
        let expected: Vec<i64> = (0..n).map(|i| 2 * i - n).collect();
        assert_eq!(out.as_slice::<i64>().unwrap(), &expected[..]);
        for first in [false, true] {
            write2_scalar::<i64, i64>(&out, &a, 5, first, true, |x, y| 10 * x + y).unwrap();
            let expected: Vec<i64> = (0..n)
                .map(|i| if first { 50 + i } else { 10 * i + 5 })
                .collect();
            assert_eq!(out.as_slice::<i64>().unwrap(), &expected[..], "{first}");
        }
    }

    #[test]
    fn fallback_recomputes_only_flagged_elements() {
        let n = 3 * FALLBACK_BLOCK as i64 + 5;
        let a = arange_int(0, n, 1, DType::Int64).unwrap();
        // "fast" is wrong on multiples of 7; the fallback must fix exactly those.
        let fast = |x: i64| if x % 7 == 0 { -1 } else { x * 2 };
        let r = map1_with_fallback::<i64, i64>(&a, fast, |x| x % 7 == 0, |x| x * 2).unwrap();
        assert_eq!(vals(&r), (0..n).map(|x| x * 2).collect::<Vec<_>>());
        // Strided (every third element, backwards): gathered blocks.
        let len = n as usize / 3;
        let rev = a.slice_axis(0, n as usize - 1, len, -3);
        let r = map1_with_fallback::<i64, i64>(&rev, fast, |x| x % 7 == 0, |x| x * 2).unwrap();
        let expected: Vec<i64> = (0..len as i64).map(|i| 2 * (n - 1 - 3 * i)).collect();
        assert_eq!(vals(&r), expected);
    }

    #[test]
    fn whole_array_fast_paths_keep_operand_order() {
        let a = arange_int(0, 4, 1, DType::Int64).unwrap();
        let one = arange_int(10, 11, 1, DType::Int64).unwrap(); // shape [1]
        let scalar = one.reshape(&[]).unwrap(); // 0-d
        assert_eq!(
            vals(&map2::<i64, i64>(&a, &one, |x, y| x - y).unwrap()),
            vec![-10, -9, -8, -7]
        );
        assert_eq!(
            vals(&map2::<i64, i64>(&scalar, &a, |x, y| x - y).unwrap()),
            vec![10, 9, 8, 7]
        );
        assert_eq!(
            vals(&map2::<i64, i64>(&a, &a, |x, y| x * y).unwrap()),
            vec![0, 1, 4, 9]
        );
        // A single element of a 2-D operand broadcasting along both axes.
        let m = a.reshape(&[2, 2]).unwrap();
        let corner = one.reshape(&[1, 1]).unwrap();
        assert_eq!(
            vals(&map2::<i64, i64>(&corner, &m, |x, y| x + y).unwrap()),
            vec![10, 11, 12, 13]
        );
    }
}
