//! Untyped, shared array memory: owned (64-byte aligned from 1 KiB up,
//! fallible, huge pages for large blocks) or foreign (memory kept alive by another library).

use crate::error::{Error, Result};
use std::alloc::{self, Layout as AllocLayout};
use std::ptr::NonNull;

/// Alignment of owned memory (but small blocks): a cache line, enough for any
/// SIMD width we use.
pub const ALIGN: usize = 64;
/// Blocks smaller than this (a few cache lines) are only 16-byte aligned.
const SMALL_BLOCK: usize = 1024;
const SMALL_ALIGN: usize = 16;
/// Blocks at least this large are mapped directly and advised to use huge pages.
/// Smaller ones come from malloc or the `Recycler`, which reuse freed blocks:
/// measured here, a fresh 8 MB mapping per call costs ~0.4 ms of page faults
/// and kernel zeroing that a reused heap block does not (10^6-element add:
/// 1.36 ms vs 0.95 ms).
const HUGE_THRESHOLD: usize = 32 << 20;
/// Zeroed blocks that nobody writes right away (`zeros`, `empty`) are mapped
/// from this size: a fresh mapping is zero without a pass over memory (the
/// kernel clears each huge page at its first touch), where zeroing a reused
/// heap block cost 0.34 ms for 8 MB.
const LAZY_ZERO_THRESHOLD: usize = 4 << 20;
const HUGE_PAGE: usize = 2 << 20;
/// Blocks up to this size live inside the `Storage` itself (one allocation
/// for the `Arc` and the data instead of two): Python scalars turned into
/// 0-d operands, reduction results, small results. Measured here, the
/// second malloc/free pair was ~15 % of `x + 1.0` on 10 elements.
pub const INLINE_BYTES: usize = 64;
/// Freed heap blocks from this size up go to the `Recycler` (heap blocks
/// are all below HUGE_THRESHOLD).
const RECYCLE_MIN: usize = 1 << 20;
/// The recycler keeps at most this many blocks, of at most this many bytes in all.
const RECYCLE_SLOTS: usize = 4;
const RECYCLE_CAP: usize = 64 << 20;
/// Heap blocks of RECYCLE_MIN or more are sized in whole pages, so that
/// requests a few bytes apart share recycled blocks.
const PAGE: usize = 4096;
/// Largest block glibc serves from its per-thread cache. Its `calloc` skips
/// that cache, so zeroed blocks up to this size are malloc plus a clear
/// (calloc and its free were a third of `zeros(10)`).
const TCACHE_MAX: usize = 1024;

/// The bytes of an inline block, aligned for every element type (complex128
/// needs 8) and written through shared references (hence the cell).
#[repr(C, align(16))]
struct InlineBytes(std::cell::UnsafeCell<[u8; INLINE_BYTES]>);

enum Owner {
    /// From the global allocator with this layout.
    Heap(AllocLayout),
    /// From `mmap`, `len` bytes mapped.
    Mapped(usize),
    /// Someone else's memory; dropping the keeper releases it (e.g. runs a
    /// DLPack deleter or releases a Python buffer).
    Foreign(#[allow(dead_code)] Box<dyn Send + Sync>),
    /// Small blocks, held here (`ptr` is unused: the address moves with the
    /// `Storage` until it is inside its `Arc`, so `as_ptr` computes it).
    Inline(InlineBytes),
}

/// A block of bytes shared by every view of an array (through `Arc`).
pub struct Storage {
    ptr: NonNull<u8>,
    len: usize,
    owner: Owner,
}

// SAFETY: the storage is raw memory; synchronisation of writes is the
// caller's concern exactly as for NumPy buffers (writes happen under the GIL
// or on disjoint regions).
unsafe impl Send for Storage {}
unsafe impl Sync for Storage {}

impl Storage {
    /// Allocate `len` zeroed bytes. Fails with `Error::Memory`, never aborts.
    pub fn zeroed(len: usize) -> Result<Storage> {
        Self::allocate(len, true)
    }

    /// `zeroed` for memory the caller does not fill at once (the `zeros` and
    /// `empty` creation functions): large blocks are fresh mappings, whose
    /// pages the kernel zeroes when they are first touched.
    pub fn zeroed_lazily(len: usize) -> Result<Storage> {
        if len >= LAZY_ZERO_THRESHOLD {
            Self::mapped(len)
        } else {
            Self::zeroed(len)
        }
    }

    /// Allocate `len` bytes without clearing them, for results a kernel
    /// overwrites completely before anyone reads them (saves a pass over memory).
    pub fn for_overwrite(len: usize) -> Result<Storage> {
        Self::allocate(len, false)
    }

    fn allocate(len: usize, zero: bool) -> Result<Storage> {
        if len >= HUGE_THRESHOLD {
            return Self::mapped(len); // the kernel zeroes fresh mappings anyway
        }
        if len <= INLINE_BYTES {
            // Zeroed either way: 64 bytes cost less to clear than to reason about.
            let bytes = InlineBytes(std::cell::UnsafeCell::new([0; INLINE_BYTES]));
            return Ok(Storage {
                ptr: NonNull::dangling(),
                len,
                owner: Owner::Inline(bytes),
            });
        }
        // Small blocks take malloc's own 16-byte alignment: an over-aligned
        // request goes through posix_memalign, which bypasses glibc's
        // per-thread cache and cost ~15 % of a 100-element `x + y`.
        let align = if len < SMALL_BLOCK {
            SMALL_ALIGN
        } else {
            ALIGN
        };
        let size = if len >= RECYCLE_MIN {
            len.next_multiple_of(PAGE)
        } else {
            len.max(1)
        };
        let layout = AllocLayout::from_size_align(size, align).map_err(|_| out_of_memory(len))?;
        if !zero {
            if let Some(ptr) = recycled_block(layout) {
                return Ok(Storage {
                    ptr,
                    len,
                    owner: Owner::Heap(layout),
                });
            }
        }
        // SAFETY: layout has non-zero size.
        let ptr = unsafe {
            if zero && len > TCACHE_MAX {
                alloc::alloc_zeroed(layout)
            } else {
                alloc::alloc(layout)
            }
        };
        let ptr = NonNull::new(ptr).ok_or_else(|| out_of_memory(len))?;
        if zero && len <= TCACHE_MAX {
            // SAFETY: `ptr` holds `len` writable bytes.
            unsafe { std::ptr::write_bytes(ptr.as_ptr(), 0, len) };
        }
        Ok(Storage {
            ptr,
            len,
            owner: Owner::Heap(layout),
        })
    }

    /// Large blocks: anonymous mmap (zeroed by the kernel, 2 MiB aligned so
    /// transparent huge pages can back it), advised before first touch.
    fn mapped(len: usize) -> Result<Storage> {
        let map_len = len
            .checked_add(HUGE_PAGE - 1)
            .ok_or_else(|| out_of_memory(len))?
            & !(HUGE_PAGE - 1);
        // SAFETY: plain anonymous private mapping; result checked below.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return Err(out_of_memory(len));
        }
        // SAFETY: ptr/map_len is the mapping just created. Advice is a hint; its
        // failure (e.g. THP disabled) is harmless.
        unsafe { libc::madvise(ptr, map_len, libc::MADV_HUGEPAGE) };
        Ok(Storage {
            ptr: NonNull::new(ptr as *mut u8).ok_or_else(|| out_of_memory(len))?,
            len,
            owner: Owner::Mapped(map_len),
        })
    }

    /// Wrap memory owned elsewhere. `keeper` is dropped when the last view dies.
    ///
    /// # Safety
    /// `ptr..ptr+len` must stay valid (and not be freed) until `keeper` is dropped.
    pub unsafe fn foreign(ptr: *mut u8, len: usize, keeper: Box<dyn Send + Sync>) -> Storage {
        Storage {
            ptr: NonNull::new(ptr).unwrap_or(NonNull::dangling()),
            len,
            owner: Owner::Foreign(keeper),
        }
    }

    /// Address of the first byte. For inline blocks it is only stable once
    /// the storage no longer moves (inside its `Arc`); arrays take it from there.
    #[inline]
    pub fn as_ptr(&self) -> *mut u8 {
        match &self.owner {
            Owner::Inline(bytes) => bytes.0.get().cast(),
            _ => self.ptr.as_ptr(),
        }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn is_foreign(&self) -> bool {
        matches!(self.owner, Owner::Foreign(_))
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        match self.owner {
            Owner::Heap(layout) => {
                if !recycle(self.ptr, layout) {
                    // SAFETY: allocated in `allocate` with exactly this layout.
                    unsafe { alloc::dealloc(self.ptr.as_ptr(), layout) }
                }
            }
            // SAFETY: mapped in `mapped` with exactly this length.
            Owner::Mapped(map_len) => unsafe {
                libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, map_len);
            },
            Owner::Foreign(_) => {} // the keeper's own Drop releases the memory
            Owner::Inline(_) => {}  // freed with the Storage itself
        }
    }
}

/// Freed heap blocks of RECYCLE_MIN bytes or more, kept for the next
/// `for_overwrite` of the same layout. glibc gives the top of its heap
/// back to the kernel once more than twice its adaptive mmap threshold is
/// free there, so a call that allocates and frees a few such blocks (a
/// 512x512 complex `fftn`: two 4 MiB passes) paid fresh page faults and
/// kernel zeroing on every call: a quarter of `fftn`'s time under perf.
/// Bounded (RECYCLE_SLOTS blocks, RECYCLE_CAP bytes; the oldest go first),
/// and never used for zeroed memory.
struct Recycler {
    /// (address, layout), oldest first.
    blocks: Vec<(usize, AllocLayout)>,
    bytes: usize,
}

impl Recycler {
    const fn new() -> Recycler {
        Recycler {
            blocks: Vec::new(),
            bytes: 0,
        }
    }

    /// Remove and return the newest block with exactly `layout`.
    fn take(&mut self, layout: AllocLayout) -> Option<usize> {
        let at = self.blocks.iter().rposition(|&(_, l)| l == layout)?;
        self.bytes -= layout.size();
        Some(self.blocks.remove(at).0)
    }

    /// Keep a block, first dropping the oldest ones it does not fit beside;
    /// returns those for the caller to free.
    fn give(&mut self, ptr: usize, layout: AllocLayout) -> Vec<(usize, AllocLayout)> {
        let mut evicted = Vec::new();
        while self.blocks.len() >= RECYCLE_SLOTS || self.bytes + layout.size() > RECYCLE_CAP {
            let (old, old_layout) = self.blocks.remove(0);
            self.bytes -= old_layout.size();
            evicted.push((old, old_layout));
        }
        self.blocks.push((ptr, layout));
        self.bytes += layout.size();
        evicted
    }
}

static RECYCLER: std::sync::Mutex<Recycler> = std::sync::Mutex::new(Recycler::new());

fn recycler() -> std::sync::MutexGuard<'static, Recycler> {
    // The lists stay consistent even if a holder panicked (nothing under the
    // lock can panic), so a poisoned lock is still usable.
    RECYCLER.lock().unwrap_or_else(|e| e.into_inner())
}

/// A recycled block with exactly `layout`, if one is kept.
fn recycled_block(layout: AllocLayout) -> Option<NonNull<u8>> {
    if layout.size() < RECYCLE_MIN {
        return None;
    }
    NonNull::new(recycler().take(layout)? as *mut u8)
}

/// Keep a freed heap block for reuse; false if it is too small for the
/// recycler (the caller frees it).
fn recycle(ptr: NonNull<u8>, layout: AllocLayout) -> bool {
    if layout.size() < RECYCLE_MIN {
        return false;
    }
    let evicted = recycler().give(ptr.as_ptr() as usize, layout);
    for (old, old_layout) in evicted {
        // SAFETY: recycled blocks came from `allocate` with exactly this layout.
        unsafe { alloc::dealloc(old as *mut u8, old_layout) };
    }
    true
}

fn out_of_memory(len: usize) -> Error {
    Error::Memory(format!("unable to allocate {len} bytes for an array"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_allocations_are_zeroed_and_aligned() {
        // (length, alignment promised): malloc's 16 bytes below 1 KiB, a
        // cache line from there on (heap and huge-page mappings alike).
        for (len, align) in [
            (0, 16),
            (1, 16),
            (100, 16),
            (1023, 16),
            (1024, 64),
            (5 << 20, 64),
            (40 << 20, 64),
        ] {
            let s = Storage::zeroed(len).unwrap();
            assert_eq!(s.as_ptr() as usize % align, 0, "{len} bytes");
            let bytes = unsafe { std::slice::from_raw_parts(s.as_ptr(), len) };
            assert!(bytes.iter().all(|&b| b == 0));
        }
    }

    #[test]
    fn small_blocks_live_inline_and_keep_their_address_in_the_arc() {
        let s = std::sync::Arc::new(Storage::for_overwrite(INLINE_BYTES).unwrap());
        assert!(matches!(s.owner, Owner::Inline(_)));
        let p = s.as_ptr();
        let view = s.clone();
        unsafe { *p.add(INLINE_BYTES - 1) = 7 };
        assert_eq!(view.as_ptr(), p);
        assert_eq!(unsafe { *view.as_ptr().add(INLINE_BYTES - 1) }, 7);
        let bigger = Storage::for_overwrite(INLINE_BYTES + 1).unwrap();
        assert!(matches!(bigger.owner, Owner::Heap(_)));
    }

    #[test]
    fn reused_small_blocks_come_back_zeroed() {
        // A freed dirty block is what malloc's per-thread cache hands out
        // next for the same size: `zeroed` must clear it itself.
        for len in [65, 100, 1000, TCACHE_MAX, TCACHE_MAX + 1] {
            let dirty = Storage::for_overwrite(len).unwrap();
            unsafe { std::ptr::write_bytes(dirty.as_ptr(), 0xAB, len) };
            drop(dirty);
            let s = Storage::zeroed(len).unwrap();
            let bytes = unsafe { std::slice::from_raw_parts(s.as_ptr(), len) };
            assert!(bytes.iter().all(|&b| b == 0), "{len} bytes not zeroed");
        }
    }

    #[test]
    fn recycler_reuses_exact_layouts_and_evicts_the_oldest() {
        let mb = |n: usize| AllocLayout::from_size_align(n << 20, ALIGN).unwrap();
        let mut r = Recycler::new();
        assert!(r.give(1, mb(2)).is_empty());
        assert!(r.give(2, mb(3)).is_empty());
        assert_eq!(r.take(mb(4)), None);
        assert_eq!(r.take(mb(3)), Some(2));
        assert_eq!(r.take(mb(3)), None);
        // Slots: the fifth block pushes out the oldest.
        for p in 3..=5 {
            assert!(r.give(p, mb(1)).is_empty());
        }
        assert_eq!(r.give(6, mb(1)), vec![(1, mb(2))]);
        // Bytes: a 30 MiB block makes room by dropping the old ones.
        r.give(7, mb(30));
        r.give(8, mb(30));
        assert!(r.blocks.len() <= RECYCLE_SLOTS && r.bytes <= RECYCLE_CAP);
        assert_eq!(
            r.bytes,
            r.blocks.iter().map(|(_, l)| l.size()).sum::<usize>()
        );
        assert_eq!(r.take(mb(30)), Some(8));
    }

    #[test]
    fn large_blocks_round_trip_through_the_recycler() {
        // Whatever other tests do with the shared recycler meanwhile, a large
        // overwrite block is aligned and usable, and zeroed memory is clean.
        for _ in 0..3 {
            let len = (3 << 20) + 12_345;
            let dirty = Storage::for_overwrite(len).unwrap();
            assert_eq!(dirty.as_ptr() as usize % ALIGN, 0);
            unsafe { std::ptr::write_bytes(dirty.as_ptr(), 0xAB, len) };
            drop(dirty);
            let zeroed = Storage::zeroed(len).unwrap();
            let bytes = unsafe { std::slice::from_raw_parts(zeroed.as_ptr(), len) };
            assert!(bytes.iter().all(|&b| b == 0));
        }
        let r = recycler();
        assert!(r.blocks.len() <= RECYCLE_SLOTS && r.bytes <= RECYCLE_CAP);
    }

    #[test]
    fn impossible_allocation_is_an_error_not_an_abort() {
        assert!(matches!(Storage::zeroed(1 << 50), Err(Error::Memory(_))));
        assert!(matches!(
            Storage::zeroed(usize::MAX - 10),
            Err(Error::Memory(_))
        ));
    }

    #[test]
    fn foreign_keeper_is_dropped_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        struct Keeper(Arc<AtomicUsize>);
        impl Drop for Keeper {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let count = Arc::new(AtomicUsize::new(0));
        let mut buf = [0u8; 8];
        let s = unsafe { Storage::foreign(buf.as_mut_ptr(), 8, Box::new(Keeper(count.clone()))) };
        assert_eq!(count.load(Ordering::SeqCst), 0);
        drop(s);
        assert_eq!(count.load(Ordering::SeqCst), 1);
    }
}
