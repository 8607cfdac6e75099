//! Splitting work across rayon's threads from a thread outside the pool
//! (every call from Python): the calling thread takes a part itself.
//!
//! rayon's own entry points (`join`, parallel iterators) called from outside
//! the pool hand the whole job to a worker and put the caller to sleep until
//! it is done: one sleeping worker woken for the job, another for its split,
//! and the caller woken at the end. On the 2-vCPU VM these were measured on,
//! each wake costs ~10 µs, so a 1000² float64 matrix-vector product (70 µs
//! of work per half) took ~100 µs on two threads instead of ~75.

use std::ops::Range;

/// Run `part(i)` for every `i` in `0..parts`: part 0 on the calling thread,
/// the others on rayon's pool; returns when all are done. A panic in any
/// part propagates to the caller once every part has finished.
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
    let part = &part;
    rayon::in_place_scope(|scope| {
        for i in 1..parts {
            scope.spawn(move |_| part(i));
        }
        part(0);
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

/// The parts `run_parts` should split `len` items into, at most one per
/// thread and each at least `min_len` long.
pub fn parts_for(len: usize, min_len: usize) -> usize {
    (len / min_len.max(1)).clamp(1, rayon::current_num_threads())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

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
    fn a_panicking_part_reaches_the_caller() {
        let r = std::panic::catch_unwind(|| run_parts(3, |i| assert!(i != 2, "part two")));
        assert!(r.is_err());
    }

    #[test]
    fn parts_are_bounded_by_threads_and_length() {
        assert_eq!(parts_for(0, 10), 1);
        assert_eq!(parts_for(15, 10), 1);
        assert!(parts_for(1 << 30, 10) == rayon::current_num_threads());
    }
}
