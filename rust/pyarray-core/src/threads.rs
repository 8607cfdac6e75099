//! Splitting work across rayon's threads from a thread outside the pool
//! (every call from Python): the calling thread takes a part itself.
//!
//! rayon's own entry points (`join`, parallel iterators) called from outside
//! the pool hand the whole job to a worker and put the caller to sleep until
//! it is done: one sleeping worker woken for the job, another for its split,
//! and the caller woken at the end. On the 2-vCPU VM these were measured on,
//! each wake costs ~10 µs, so a 1000² float64 matrix-vector product (70 µs
//! of work per half) took ~100 µs on two threads instead of ~75.
//!
//! So the caller hands the pool helpers itself, claims parts alongside them
//! (a late helper just takes fewer) and spins while it waits for the parts
//! still running, and after each hand-off one worker stays awake polling
//! for the next for a short while, as BLAS libraries' threads spin between
//! calls.

use std::any::Any;
use std::ops::Range;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long the caller spins for the other parts before it sleeps.
const CALLER_SPIN: Duration = Duration::from_micros(200);
/// How long a worker stays awake after the last job it ran, polling for more.
const WORKER_LINGER: Duration = Duration::from_micros(300);

/// Run `part(i)` for every `i` in `0..parts`, each exactly once, on the
/// calling thread and on rayon's pool; returns when all are done. A panic
/// in any part propagates to the caller once every part has finished.
///
/// The caller and up to `parts - 1` pool workers claim parts in order from
/// one counter, so a worker that wakes late (~10-100 µs on this VM) takes
/// fewer parts instead of the caller waiting for it: split into more parts
/// than threads, the work balances itself. A worker that starts only after
/// every part was claimed runs nothing, and the caller does not wait for it.
pub fn run_parts(parts: usize, part: impl Fn(usize) + Sync) {
    if parts <= 1 {
        if parts == 1 {
            part(0);
        }
        return;
    }
    if rayon::current_thread_index().is_some() {
        // Already on a worker: rayon's own splitting costs no wake-up here.
        use rayon::prelude::*;
        return (0..parts).into_par_iter().for_each(&part);
    }
    let part: &(dyn Fn(usize) + Sync) = &part;
    let call = Arc::new(Call::new(parts));
    // The caller is one of the threads: with one thread it runs every part.
    let helpers = (parts - 1).min(rayon::current_num_threads().saturating_sub(1));
    for _ in 0..helpers {
        let call = Arc::clone(&call);
        // SAFETY: only the lifetime is erased. A helper dereferences the
        // pointer only after entering the call (its CAS in `help`), and `close_and_wait` below
        // (which this function reaches without returning or unwinding, as
        // `run_claimed` catches panics) returns only once every helper that
        // entered has left; helpers that run later find the call closed.
        let task = unsafe { Task::erase(part) };
        rayon::spawn(move || call.help(task));
    }
    call.run_claimed(part);
    let panic = call.close_and_wait();
    if helpers > 0 {
        keep_a_worker_awake();
    }
    if let Some(payload) = panic {
        resume_unwind(payload);
    }
}

/// `(a(), b())`, in parallel when a thread is free: from a thread outside
/// the pool (Python's), through [`run_parts`] (the caller runs one and a
/// worker the other, or the caller both if no worker comes in time); on a
/// worker, through `rayon::join`. Nested calls split
/// again; recursive halving should stop after [`halvings`] levels, since
/// each nested call from the caller hands the pool one more part.
pub fn join<RA: Send, RB: Send>(
    a: impl FnOnce() -> RA + Send,
    b: impl FnOnce() -> RB + Send,
) -> (RA, RB) {
    if rayon::current_thread_index().is_some() {
        return rayon::join(a, b);
    }
    // run_parts takes one `Fn` for both parts: each part takes its closure
    // out of its slot once and leaves its result in another.
    let (a, b) = (Mutex::new(Some(a)), Mutex::new(Some(b)));
    let (from_a, from_b) = (Mutex::new(None), Mutex::new(None));
    run_parts(2, |i| {
        if i == 0 {
            let f = lock(&a).take().expect("part 0 runs once");
            let r = f();
            *lock(&from_a) = Some(r);
        } else {
            let f = lock(&b).take().expect("part 1 runs once");
            let r = f();
            *lock(&from_b) = Some(r);
        }
    });
    (finished(from_a), finished(from_b))
}

/// The result a part left in its slot.
fn finished<R>(slot: Mutex<Option<R>>) -> R {
    slot.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .expect("run_parts returns after every part")
}

/// A part function with its lifetime erased, to hand to pool jobs that may
/// outlive the call (they then never dereference it; see [`Call::help`]).
struct Task(*const (dyn Fn(usize) + Sync));

// SAFETY: the pointee is `Sync`, so calling it from another thread is sound
// while it lives; `Call` guarantees it lives while any helper uses it.
unsafe impl Send for Task {}

impl Task {
    /// # Safety
    /// The pointer must be dereferenced only while `part` is alive.
    unsafe fn erase<'a>(part: &'a (dyn Fn(usize) + Sync + 'a)) -> Task {
        let raw: *const (dyn Fn(usize) + Sync + 'a) = part;
        // SAFETY: same layout; only the trait object's lifetime bound changes.
        Task(unsafe {
            std::mem::transmute::<
                *const (dyn Fn(usize) + Sync + 'a),
                *const (dyn Fn(usize) + Sync + 'static),
            >(raw)
        })
    }
}

/// Set in [`Call::state`] once the caller has run out of parts to claim.
const CLOSED: usize = 1 << (usize::BITS - 1);

/// One `run_parts` call: the next part to claim, the helpers working on it,
/// and the first panic among the parts.
struct Call {
    parts: usize,
    next: AtomicUsize,
    /// [`CLOSED`] plus the number of helpers that entered and have not left.
    state: AtomicUsize,
    panic: Mutex<Option<Box<dyn Any + Send>>>,
    /// Held while the caller checks `state` and goes to sleep, so that the
    /// last helper's notification cannot fall between the two.
    sleep: Mutex<()>,
    woken: Condvar,
}

impl Call {
    fn new(parts: usize) -> Self {
        Call {
            parts,
            next: AtomicUsize::new(0),
            state: AtomicUsize::new(0),
            panic: Mutex::new(None),
            sleep: Mutex::new(()),
            woken: Condvar::new(),
        }
    }

    /// Claim and run parts until none is left; panics are kept, not raised.
    fn run_claimed(&self, part: &(dyn Fn(usize) + Sync)) {
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.parts {
                return;
            }
            if let Err(payload) = catch_unwind(AssertUnwindSafe(|| part(i))) {
                lock(&self.panic).get_or_insert(payload);
            }
        }
    }

    /// A pool job's share: enter unless the caller has closed the call, run
    /// claimed parts, leave (waking the caller if it waits for this one).
    fn help(&self, task: Task) {
        let mut state = self.state.load(Ordering::Acquire);
        loop {
            if state & CLOSED != 0 {
                return; // every part is claimed and the caller may be gone
            }
            match self.state.compare_exchange_weak(
                state,
                state + 1,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => break,
                Err(now) => state = now,
            }
        }
        // SAFETY: this helper entered before the call closed, so the caller
        // waits in `close_and_wait` until it leaves below.
        self.run_claimed(unsafe { &*task.0 });
        if self.state.fetch_sub(1, Ordering::AcqRel) == CLOSED + 1 {
            drop(lock(&self.sleep));
            self.woken.notify_all();
        }
    }

    /// Close the call (helpers not yet entered will run nothing) and wait
    /// for the helpers inside it: spin first (a sleeping caller takes as
    /// long to wake as a worker), then sleep. Returns the first panic.
    fn close_and_wait(&self) -> Option<Box<dyn Any + Send>> {
        self.state.fetch_or(CLOSED, Ordering::AcqRel);
        let start = Instant::now();
        while self.state.load(Ordering::Acquire) != CLOSED {
            if start.elapsed() > CALLER_SPIN {
                let mut asleep = lock(&self.sleep);
                while self.state.load(Ordering::Acquire) != CLOSED {
                    asleep = self.woken.wait(asleep).unwrap_or_else(|e| e.into_inner());
                }
                break;
            }
            std::hint::spin_loop();
        }
        lock(&self.panic).take()
    }
}

/// Lock a mutex whose data stays valid even if a holder panicked.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Keep one worker polling for work until [`WORKER_LINGER`] after the last
/// job it ran, so the next hand-off finds it awake. One worker only: the
/// calling thread keeps the other core.
static LINGERING: AtomicBool = AtomicBool::new(false);

fn keep_a_worker_awake() {
    if LINGERING.swap(true, Ordering::AcqRel) {
        return;
    }
    rayon::spawn(|| {
        let mut deadline = Instant::now() + WORKER_LINGER;
        while Instant::now() < deadline {
            match rayon::yield_now() {
                Some(rayon::Yield::Executed) => deadline = Instant::now() + WORKER_LINGER,
                _ => std::hint::spin_loop(),
            }
        }
        LINGERING.store(false, Ordering::Release);
    });
}

/// Run `range(r)` over contiguous ranges covering `0..len`, at most `parts`
/// of them and of equal length but the last, through [`run_parts`].
pub fn run_ranges(len: usize, parts: usize, range: impl Fn(Range<usize>) + Sync) {
    let step = len.div_ceil(parts.max(1)).max(1);
    // Counted from `step`, so that no range starts past the end.
    run_parts(len.div_ceil(step), |p| {
        let start = p * step;
        range(start..(start + step).min(len))
    });
}

/// The `rows` rows of a row-major `out` in at most `parts` runs of equal
/// length but the last: `fill(range, run)` gets each range of rows with its
/// run of `out` (nothing runs when `out` is empty).
pub fn run_rows_mut<U: Send>(
    out: &mut [U],
    rows: usize,
    parts: usize,
    fill: impl Fn(Range<usize>, &mut [U]) + Sync,
) {
    let width = out.len().checked_div(rows).unwrap_or(0);
    debug_assert_eq!(out.len(), rows * width, "out is not {rows} equal rows");
    let step = rows.div_ceil(parts.max(1)).max(1);
    run_chunks_mut(out, step * width, |first, run| {
        let start = first / width.max(1);
        fill(start..(start + step).min(rows), run)
    });
}

/// `fill(first, chunk)` for each run of `chunk` elements of `data` (the
/// last may be shorter), one part each through [`run_parts`]; `first` is
/// the chunk's offset in `data`.
pub fn run_chunks_mut<U: Send>(
    data: &mut [U],
    chunk: usize,
    fill: impl Fn(usize, &mut [U]) + Sync,
) {
    let (len, chunk) = (data.len(), chunk.max(1));
    let base = data.as_mut_ptr() as usize;
    run_parts(len.div_ceil(chunk), |k| {
        let first = k * chunk;
        // SAFETY: the chunks are disjoint runs of `data`, which stays
        // borrowed until every part has returned.
        let run = unsafe {
            std::slice::from_raw_parts_mut((base as *mut U).add(first), chunk.min(len - first))
        };
        fill(first, run)
    });
}

/// How many times recursive halving should split its work across threads
/// (⌈log2 threads⌉): each thread then gets one part. Splitting deeper from
/// Python's thread, which works too, hands the pool more parts than it has
/// threads (measured: 10^6-element argmax 80-100 -> 110-160 µs).
pub fn halvings() -> u32 {
    rayon::current_num_threads()
        .next_power_of_two()
        .trailing_zeros()
}

/// The parts `run_parts` should split `len` items into, at most one per
/// thread and each at least `min_len` long.
pub fn parts_for(len: usize, min_len: usize) -> usize {
    (len / min_len.max(1)).clamp(1, rayon::current_num_threads())
}

/// Parts per thread that [`balanced_parts`] aims for.
const PARTS_PER_THREAD: usize = 8;

/// The parts `run_parts` should split `len` items into when they cost about
/// the same: up to [`PARTS_PER_THREAD`] a thread, each at least `min_len`
/// long, so that a worker that starts late takes fewer of them while the
/// caller takes more. One when there is one thread.
pub fn balanced_parts(len: usize, min_len: usize) -> usize {
    match rayon::current_num_threads() {
        1 => 1,
        threads => (len / min_len.max(1)).clamp(1, threads * PARTS_PER_THREAD),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_runs_once() {
        for parts in 0..9 {
            let seen: Vec<AtomicUsize> = (0..parts).map(|_| AtomicUsize::new(0)).collect();
            run_parts(parts, |i| {
                seen[i].fetch_add(1, Ordering::Relaxed);
            });
            assert!(
                seen.iter().all(|s| s.load(Ordering::Relaxed) == 1),
                "{parts} parts"
            );
        }
    }

    #[test]
    fn parts_run_once_from_inside_the_pool_too() {
        // rayon::join runs its closures on pool workers: the other branch.
        let seen: Vec<AtomicUsize> = (0..5).map(|_| AtomicUsize::new(0)).collect();
        rayon::join(
            || {
                assert!(rayon::current_thread_index().is_some());
                run_parts(5, |i| {
                    seen[i].fetch_add(1, Ordering::Relaxed);
                })
            },
            || (),
        );
        assert!(seen.iter().all(|s| s.load(Ordering::Relaxed) == 1));
    }

    #[test]
    fn join_returns_both_results_from_outside_and_inside_the_pool() {
        fn sum(v: &[u64]) -> u64 {
            if v.len() < 4 {
                return v.iter().sum();
            }
            let (a, b) = join(|| sum(&v[..v.len() / 2]), || sum(&v[v.len() / 2..]));
            a + b
        }
        let v: Vec<u64> = (0..1000).collect();
        assert_eq!(sum(&v), 999 * 1000 / 2);
        let (inside, ()) = rayon::join(|| sum(&v), || ());
        assert_eq!(inside, 999 * 1000 / 2);
        let (text, number) = join(|| String::from("a"), || 7);
        assert_eq!((text.as_str(), number), ("a", 7));
    }

    #[test]
    fn halvings_give_each_thread_one_part() {
        let (h, threads) = (halvings(), rayon::current_num_threads());
        assert!(1 << h >= threads, "{h} halvings for {threads} threads");
        assert!(
            h == 0 || 1 << (h - 1) < threads,
            "{h} halvings for {threads} threads"
        );
    }

    #[test]
    fn join_propagates_a_panic_of_either_side() {
        for side in 0..2 {
            let caught = catch_unwind(|| {
                join(
                    || assert!(side != 0, "left"),
                    || assert!(side != 1, "right"),
                )
            });
            assert!(caught.is_err(), "side {side}");
        }
    }

    #[test]
    fn chunks_cover_the_data_once_with_their_offsets() {
        for (len, chunk) in [(0, 3), (1, 3), (7, 3), (9, 3), (10, 1), (5, 0)] {
            let mut data = vec![usize::MAX; len];
            run_chunks_mut(&mut data, chunk, |first, run| {
                assert!(!run.is_empty() && run.len() <= chunk.max(1));
                for (i, x) in run.iter_mut().enumerate() {
                    *x = first + i;
                }
            });
            assert_eq!(
                data,
                (0..len).collect::<Vec<_>>(),
                "{len} in chunks of {chunk}"
            );
        }
    }

    #[test]
    fn ranges_cover_every_index_once() {
        for len in [0, 1, 2, 7, 10] {
            for parts in 0..12 {
                let seen: Vec<AtomicUsize> = (0..len).map(|_| AtomicUsize::new(0)).collect();
                let count = AtomicUsize::new(0);
                run_ranges(len, parts, |r| {
                    assert!(!r.is_empty(), "{len} in {parts}: empty range");
                    count.fetch_add(1, Ordering::Relaxed);
                    r.for_each(|i| {
                        seen[i].fetch_add(1, Ordering::Relaxed);
                    });
                });
                assert!(seen.iter().all(|s| s.load(Ordering::Relaxed) == 1));
                assert!(count.load(Ordering::Relaxed) <= parts.max(1));
            }
        }
    }

    #[test]
    fn back_to_back_calls_see_their_own_data() {
        // Hand-offs in quick succession meet a lingering worker; each call's
        // borrowed data must be fully used before the call returns.
        for round in 0..2000 {
            let seen: Vec<AtomicUsize> = (0..3).map(|_| AtomicUsize::new(0)).collect();
            run_parts(3, |i| {
                seen[i].fetch_add(round + i, Ordering::Relaxed);
            });
            for (i, s) in seen.iter().enumerate() {
                assert_eq!(s.load(Ordering::Relaxed), round + i, "round {round}");
            }
        }
    }

    /// Sets its flag when dropped, also when the test fails half-way (so
    /// that blocked pool workers are always released).
    struct ReleaseOnDrop(Arc<AtomicBool>);

    impl Drop for ReleaseOnDrop {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Release);
        }
    }

    #[test]
    fn the_caller_runs_every_part_when_no_worker_is_free() {
        // Occupy every pool worker until the call has returned: the caller
        // must claim all parts itself instead of waiting for a helper.
        let threads = rayon::current_num_threads();
        let (started, release) = (
            Arc::new(AtomicUsize::new(0)),
            Arc::new(AtomicBool::new(false)),
        );
        let _release = ReleaseOnDrop(Arc::clone(&release));
        for _ in 0..threads {
            let (started, release) = (Arc::clone(&started), Arc::clone(&release));
            rayon::spawn(move || {
                started.fetch_add(1, Ordering::AcqRel);
                while !release.load(Ordering::Acquire) {
                    std::thread::sleep(Duration::from_micros(50));
                }
            });
        }
        let begin = Instant::now();
        while started.load(Ordering::Acquire) < threads {
            assert!(
                begin.elapsed() < Duration::from_secs(30),
                "pool never ran the blockers"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        let caller = std::thread::current().id();
        let on_caller: Vec<AtomicBool> = (0..6).map(|_| AtomicBool::new(false)).collect();
        run_parts(6, |i| {
            on_caller[i].store(std::thread::current().id() == caller, Ordering::Relaxed);
        });
        assert!(on_caller.iter().all(|c| c.load(Ordering::Relaxed)));
    }

    #[test]
    fn a_slow_part_is_waited_for_past_the_spin() {
        // Part 0 (the caller's) waits until a helper has taken part 1, so
        // that the caller then sleeps while the helper is inside the call.
        if rayon::current_num_threads() == 1 {
            return; // no helper: the caller runs both parts
        }
        let (taken, finished) = (AtomicBool::new(false), AtomicBool::new(false));
        run_parts(2, |i| {
            if i == 1 {
                taken.store(true, Ordering::Release);
                std::thread::sleep(CALLER_SPIN * 20);
                finished.store(true, Ordering::Release);
            } else {
                let begin = Instant::now();
                while !taken.load(Ordering::Acquire) && begin.elapsed() < Duration::from_secs(10) {
                    std::thread::yield_now();
                }
            }
        });
        assert!(finished.load(Ordering::Acquire));
    }

    #[test]
    fn the_lingering_worker_stops_polling() {
        run_parts(2, |_| ());
        // Other tests may keep it busy for a while, but not for seconds.
        let start = Instant::now();
        while LINGERING.load(Ordering::Acquire) && start.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(!LINGERING.load(Ordering::Acquire));
    }

    #[test]
    fn rows_mut_hands_each_run_its_own_rows() {
        let mut out = vec![0usize; 7 * 3];
        run_rows_mut(&mut out, 7, 3, |rows, run| {
            assert_eq!(run.len(), rows.len() * 3);
            for (r, row) in rows.zip(run.chunks_exact_mut(3)) {
                row.fill(r);
            }
        });
        let expected: Vec<usize> = (0..7).flat_map(|r| [r; 3]).collect();
        assert_eq!(out, expected);
    }

    #[test]
    fn a_panicking_part_reaches_the_caller() {
        let r = std::panic::catch_unwind(|| run_parts(3, |i| assert!(i != 2, "part two")));
        assert!(r.is_err());
    }

    #[test]
    fn parts_are_bounded_by_threads_and_length() {
        assert_eq!(parts_for(0, 10), 1);
        assert_eq!(parts_for(15, 10), 1);
        assert!(parts_for(1 << 30, 10) == rayon::current_num_threads());
        let threads = rayon::current_num_threads();
        assert_eq!(balanced_parts(0, 10), 1);
        assert_eq!(balanced_parts(15, 10), 1);
        let most = if threads == 1 {
            1
        } else {
            threads * PARTS_PER_THREAD
        };
        assert_eq!(balanced_parts(1 << 30, 10), most);
        assert_eq!(balanced_parts(30, 10), if threads == 1 { 1 } else { 3 });
    }
}
