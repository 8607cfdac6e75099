//! DLPack: the C ABI (our own `#[repr(C)]` definitions of DLPack 1.1), export
//! of an array as a managed tensor, and import of a managed tensor as an array.
//!
//! Python capsules are the bindings' business (`pyarray-py/src/dlpack.rs`);
//! this module only deals in raw managed-tensor pointers.
//!
//! Ownership, export: the managed tensor is one heap block (`Export<M>`) that
//! holds the DLPack struct, the shape/strides it points to, and a clone of the
//! array's `Arc<Storage>`. Its deleter drops that block, which needs no GIL and
//! is safe on any thread, even after the interpreter has shut down.
//!
//! Ownership, import: `TensorInfo::adopt` wraps the producer's memory in a
//! foreign `Storage` whose keeper (`ManagedOwner`) calls the producer's deleter
//! exactly once, when the last view dies.

use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::layout::{c_strides, checked_size, Dims, Strides};
use crate::storage::Storage;
use smallvec::SmallVec;
use std::ffi::c_void;
use std::mem::{offset_of, size_of};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::Arc;

// ---------------------------------------------------------------------------
// The ABI (dlpack.h, version 1.1)

/// The DLPack version we produce and understand.
pub const VERSION: DLPackVersion = DLPackVersion { major: 1, minor: 1 };

/// `DLPACK_FLAG_BITMASK_READ_ONLY`: the consumer must not write.
pub const FLAG_READ_ONLY: u64 = 1 << 0;
/// `DLPACK_FLAG_BITMASK_IS_COPIED`: the producer made a copy the consumer owns alone.
pub const FLAG_IS_COPIED: u64 = 1 << 1;

/// Most dimensions we import (NumPy's limit too).
pub const MAX_NDIM: i32 = 64;

/// `DLDeviceType`: an integer, not a Rust enum, because producers may send
/// values we do not know (an unknown value in a Rust enum is undefined behaviour).
#[repr(transparent)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DLDeviceType(pub i32);

impl DLDeviceType {
    pub const CPU: Self = Self(1);
    pub const CUDA: Self = Self(2);
    /// Pinned host memory (`cudaMallocHost`): CPU-accessible.
    pub const CUDA_HOST: Self = Self(3);
    pub const ROCM: Self = Self(10);
    /// Pinned host memory (`hipMallocHost`): CPU-accessible.
    pub const ROCM_HOST: Self = Self(11);
    /// Unified memory (`cudaMallocManaged`): CPU-accessible.
    pub const CUDA_MANAGED: Self = Self(13);

    /// Whether the CPU can read and write this memory directly.
    pub fn is_cpu_accessible(self) -> bool {
        [
            Self::CPU,
            Self::CUDA_HOST,
            Self::ROCM_HOST,
            Self::CUDA_MANAGED,
        ]
        .contains(&self)
    }
}

/// `DLDataTypeCode` (stored as `uint8_t` in `DLDataType`).
#[repr(transparent)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DLDataTypeCode(pub u8);

#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DLPackVersion {
    pub major: u32,
    pub minor: u32,
}

#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DLDevice {
    pub device_type: DLDeviceType,
    pub device_id: i32,
}

#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DLDataType {
    pub code: DLDataTypeCode,
    pub bits: u8,
    pub lanes: u16,
}

#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct DLTensor {
    pub data: *mut c_void,
    pub device: DLDevice,
    pub ndim: i32,
    pub dtype: DLDataType,
    pub shape: *mut i64,
    /// In elements; NULL means compact row-major.
    pub strides: *mut i64,
    pub byte_offset: u64,
}

/// The legacy (pre-1.0) managed tensor, capsule name `dltensor`.
#[repr(C)]
pub struct DLManagedTensor {
    pub dl_tensor: DLTensor,
    pub manager_ctx: *mut c_void,
    pub deleter: Option<unsafe extern "C" fn(*mut DLManagedTensor)>,
}

/// The versioned managed tensor (DLPack ≥ 1.0), capsule name `dltensor_versioned`.
#[repr(C)]
pub struct DLManagedTensorVersioned {
    pub version: DLPackVersion,
    pub manager_ctx: *mut c_void,
    pub deleter: Option<unsafe extern "C" fn(*mut DLManagedTensorVersioned)>,
    pub flags: u64,
    pub dl_tensor: DLTensor,
}

// Compile-time checks of the C layout (64-bit targets; dlpack.h has no padding
// surprises there): sizes and every field offset.
#[cfg(target_pointer_width = "64")]
const _: () = {
    assert!(size_of::<DLPackVersion>() == 8);
    assert!(size_of::<DLDevice>() == 8);
    assert!(size_of::<DLDataType>() == 4);
    assert!(offset_of!(DLDataType, bits) == 1);
    assert!(offset_of!(DLDataType, lanes) == 2);
    assert!(size_of::<DLTensor>() == 48);
    assert!(offset_of!(DLTensor, data) == 0);
    assert!(offset_of!(DLTensor, device) == 8);
    assert!(offset_of!(DLTensor, ndim) == 16);
    assert!(offset_of!(DLTensor, dtype) == 20);
    assert!(offset_of!(DLTensor, shape) == 24);
    assert!(offset_of!(DLTensor, strides) == 32);
    assert!(offset_of!(DLTensor, byte_offset) == 40);
    assert!(size_of::<DLManagedTensor>() == 64);
    assert!(offset_of!(DLManagedTensor, manager_ctx) == 48);
    assert!(offset_of!(DLManagedTensor, deleter) == 56);
    assert!(size_of::<DLManagedTensorVersioned>() == 80);
    assert!(offset_of!(DLManagedTensorVersioned, manager_ctx) == 8);
    assert!(offset_of!(DLManagedTensorVersioned, deleter) == 16);
    assert!(offset_of!(DLManagedTensorVersioned, flags) == 24);
    assert!(offset_of!(DLManagedTensorVersioned, dl_tensor) == 32);
    // A nullable function pointer is one pointer wide (the C deleter field).
    assert!(size_of::<Option<unsafe extern "C" fn(*mut DLManagedTensor)>>() == 8);
};

// ---------------------------------------------------------------------------
// Export

/// Managed tensors we exported whose deleter has not run yet (for leak tests).
static LIVE_EXPORTS: AtomicIsize = AtomicIsize::new(0);

/// Number of exported managed tensors still alive (not yet deleted).
pub fn live_exports() -> isize {
    LIVE_EXPORTS.load(Ordering::Relaxed)
}

/// What an exported managed tensor owns: the struct handed out (first field,
/// so a pointer to the block is a pointer to the struct), the shape and
/// strides it points into, and the memory's storage.
#[repr(C)]
struct Export<M> {
    managed: M,
    /// `ndim` shape values followed by `ndim` strides; inline up to 4-d
    /// (the block is boxed before the tensor points into it, so they stay put).
    dims: SmallVec<[i64; 8]>,
    _storage: Arc<Storage>,
}

/// The deleter of every tensor we export. Frees the block, which drops our
/// reference to the storage: no Python, no GIL, any thread, any time.
unsafe extern "C" fn delete_export<M>(managed: *mut M) {
    if managed.is_null() {
        return;
    }
    // SAFETY: `managed` came from `Box::into_raw` of an `Export<M>` in `export`
    // (the struct is its first field) and the DLPack contract calls the deleter once.
    drop(unsafe { Box::from_raw(managed as *mut Export<M>) });
    LIVE_EXPORTS.fetch_sub(1, Ordering::Relaxed);
}

/// An exported managed tensor, owned by the caller until handed to a consumer.
#[derive(Debug)]
pub enum Managed {
    Legacy(NonNull<DLManagedTensor>),
    Versioned(NonNull<DLManagedTensorVersioned>),
}

impl Managed {
    pub fn as_ptr(&self) -> *mut c_void {
        match self {
            Managed::Legacy(p) => p.as_ptr() as *mut c_void,
            Managed::Versioned(p) => p.as_ptr() as *mut c_void,
        }
    }

    /// Free the tensor (when it could not be handed over).
    ///
    /// # Safety
    /// No one else may hold or later delete this tensor.
    pub unsafe fn delete(self) {
        // SAFETY: the caller owns the tensor; the deleters accept exactly these pointers.
        unsafe {
            match self {
                Managed::Legacy(p) => delete_export::<DLManagedTensor>(p.as_ptr()),
                Managed::Versioned(p) => delete_export::<DLManagedTensorVersioned>(p.as_ptr()),
            }
        }
    }
}

/// Export `array` as a managed tensor.
///
/// `versioned` selects `DLManagedTensorVersioned` (else the legacy struct).
/// `copy`: `Some(true)` exports a fresh C-contiguous copy (flag IS_COPIED),
/// `Some(false)` and `None` share the memory (a CPU array never needs a copy).
/// A read-only array cannot be exported legacy (the consumer could write):
/// `Error::Buffer`.
pub fn export(array: &Array, versioned: bool, copy: Option<bool>) -> Result<Managed> {
    let copied = copy == Some(true);
    let copy_holder;
    let array = if copied {
        copy_holder = array.to_contiguous()?;
        &copy_holder
    } else {
        array
    };
    if !versioned && !array.writeable() {
        return Err(Error::Buffer(
            "cannot export a read-only array as a legacy DLPack capsule (it cannot \
             say read-only); ask for max_version=(1, 0) or higher, or copy=True"
                .into(),
        ));
    }
    let (code, bits) = array.dtype().dlpack();
    let tensor = DLTensor {
        data: array.data_ptr() as *mut c_void,
        device: DLDevice {
            device_type: DLDeviceType::CPU,
            device_id: 0,
        },
        ndim: array.ndim() as i32,
        dtype: DLDataType {
            code: DLDataTypeCode(code),
            bits,
            lanes: 1,
        },
        shape: std::ptr::null_mut(),
        strides: std::ptr::null_mut(),
        byte_offset: 0,
    };
    let dims: SmallVec<[i64; 8]> = array
        .shape()
        .iter()
        .map(|&d| d as i64)
        .chain(array.strides().iter().map(|&s| s as i64))
        .collect();
    let storage = array.storage().clone();
    LIVE_EXPORTS.fetch_add(1, Ordering::Relaxed);
    Ok(if versioned {
        let mut flags = 0;
        if !array.writeable() {
            flags |= FLAG_READ_ONLY;
        }
        if copied {
            flags |= FLAG_IS_COPIED;
        }
        let managed = DLManagedTensorVersioned {
            version: VERSION,
            manager_ctx: std::ptr::null_mut(),
            deleter: Some(delete_export::<DLManagedTensorVersioned>),
            flags,
            dl_tensor: tensor,
        };
        let p = into_export(managed, dims, storage, |m| &mut m.dl_tensor);
        Managed::Versioned(p)
    } else {
        let managed = DLManagedTensor {
            dl_tensor: tensor,
            manager_ctx: std::ptr::null_mut(),
            deleter: Some(delete_export::<DLManagedTensor>),
        };
        Managed::Legacy(into_export(managed, dims, storage, |m| &mut m.dl_tensor))
    })
}

/// Box the export block and point the tensor's shape/strides (and manager_ctx)
/// into it. Returns the pointer to the managed struct (= to the block).
fn into_export<M>(
    managed: M,
    dims: SmallVec<[i64; 8]>,
    storage: Arc<Storage>,
    tensor: impl Fn(&mut M) -> &mut DLTensor,
) -> NonNull<M> {
    // The block goes to its final address first; only then does the tensor
    // point into it (the dims may be inline, inside the block).
    let raw = Box::into_raw(Box::new(Export {
        managed,
        dims,
        _storage: storage,
    }));
    // SAFETY: `raw` is valid and unique (fresh from Box::into_raw, never NULL)
    // and stays put until the deleter frees it; dims has 2 * ndim entries, the
    // strides starting at index ndim; `managed` is the first field of the
    // #[repr(C)] block, so the two pointers are equal.
    unsafe {
        let block = &mut *raw;
        let ndim = block.dims.len() / 2;
        let dims_ptr = block.dims.as_mut_ptr();
        let t = tensor(&mut block.managed);
        if ndim > 0 {
            t.shape = dims_ptr;
            t.strides = dims_ptr.add(ndim);
        }
        NonNull::new_unchecked(raw as *mut M)
    }
}

// ---------------------------------------------------------------------------
// Import

/// A validated description of a producer's tensor, not yet owned by us.
#[derive(Debug)]
pub struct TensorInfo {
    managed: *mut c_void,
    versioned: bool,
    dtype: DType,
    shape: Dims,
    /// In elements, size-1 and empty dimensions normalised to C strides.
    strides: Strides,
    /// Lowest byte the tensor touches (NULL/dangling when empty).
    base: *mut u8,
    /// Bytes from `base` to one past the highest byte touched.
    len: usize,
    /// Byte offset of element [0, ...] from `base`.
    offset: usize,
    read_only: bool,
    copied: bool,
}

fn buffer_err<T>(msg: impl Into<String>) -> Result<T> {
    Err(Error::Buffer(msg.into()))
}

impl TensorInfo {
    /// Read and validate the managed tensor at `managed` (versioned struct if
    /// `versioned`, else legacy). Legacy tensors are read-only (see docs/dlpack.md).
    ///
    /// # Safety
    /// `managed` must point to a live managed tensor of that kind whose shape
    /// and strides (if non-NULL) hold `ndim` entries.
    pub unsafe fn read(managed: *mut c_void, versioned: bool) -> Result<TensorInfo> {
        if managed.is_null() {
            return buffer_err("the DLPack capsule holds a NULL tensor");
        }
        // SAFETY: non-NULL and of this kind, by the caller's contract.
        let (tensor, read_only, copied) = unsafe {
            if versioned {
                let m = &*(managed as *const DLManagedTensorVersioned);
                if m.version.major != VERSION.major {
                    return buffer_err(format!(
                        "unsupported DLPack version {}.{} (pyarray reads {}.x)",
                        m.version.major, m.version.minor, VERSION.major
                    ));
                }
                let flags = m.flags;
                (
                    m.dl_tensor,
                    flags & FLAG_READ_ONLY != 0,
                    flags & FLAG_IS_COPIED != 0,
                )
            } else {
                (
                    (*(managed as *const DLManagedTensor)).dl_tensor,
                    true,
                    false,
                )
            }
        };
        // SAFETY: forwarded caller contract on shape/strides.
        let mut info = unsafe { Self::from_tensor(&tensor)? };
        info.managed = managed;
        info.versioned = versioned;
        info.read_only = read_only;
        info.copied = copied;
        Ok(info)
    }

    /// Validate a DLTensor and compute the layout.
    ///
    /// # Safety
    /// Non-NULL `shape`/`strides` point to `ndim` readable values.
    unsafe fn from_tensor(t: &DLTensor) -> Result<TensorInfo> {
        if !t.device.device_type.is_cpu_accessible() {
            return buffer_err(format!(
                "unsupported DLPack device type {} (pyarray reads CPU-accessible memory: \
                 kDLCPU, kDLCUDAHost, kDLROCMHost, kDLCUDAManaged)",
                t.device.device_type.0
            ));
        }
        let dtype = import_dtype(t.dtype)?;
        if !(0..=MAX_NDIM).contains(&t.ndim) {
            return buffer_err(format!(
                "DLPack tensor has {} dimensions; pyarray supports 0 to {MAX_NDIM}",
                t.ndim
            ));
        }
        let ndim = t.ndim as usize;
        if ndim > 0 && t.shape.is_null() {
            return buffer_err("DLPack tensor has a NULL shape");
        }
        // SAFETY: the caller guarantees ndim readable entries behind non-NULL pointers.
        let (raw_shape, raw_strides) = unsafe {
            let shape = if ndim == 0 {
                &[][..]
            } else {
                std::slice::from_raw_parts(t.shape, ndim)
            };
            let strides = if ndim == 0 || t.strides.is_null() {
                None
            } else {
                Some(std::slice::from_raw_parts(t.strides, ndim))
            };
            (shape, strides)
        };
        let shape = import_shape(raw_shape)?;
        let size = checked_size(&shape, dtype.itemsize())
            .map_err(|_| Error::Buffer(format!("DLPack tensor shape {shape:?} is too large")))?;
        let strides = import_strides(&shape, raw_strides, size)?;
        let itemsize = dtype.itemsize();
        if size == 0 {
            return Ok(TensorInfo::new(
                dtype,
                shape,
                strides,
                t.data as *mut u8,
                0,
                0,
            ));
        }
        if t.data.is_null() {
            return buffer_err("DLPack tensor has NULL data but is not empty");
        }
        let (lo, hi) = checked_extent(&shape, &strides, itemsize)?;
        let first = (t.data as usize)
            .checked_add(usize::try_from(t.byte_offset).unwrap_or(usize::MAX))
            .ok_or_else(|| {
                Error::Buffer("DLPack byte_offset overflows the address space".into())
            })?;
        let base = first
            .checked_add_signed(lo)
            .filter(|b| b.checked_add(hi.abs_diff(lo)).is_some())
            .ok_or_else(|| {
                Error::Buffer("DLPack tensor reaches outside the address space".into())
            })?;
        let len = (hi - lo) as usize;
        let offset = (-lo) as usize;
        Ok(TensorInfo::new(
            dtype,
            shape,
            strides,
            base as *mut u8,
            len,
            offset,
        ))
    }

    fn new(
        dtype: DType,
        shape: Dims,
        strides: Strides,
        base: *mut u8,
        len: usize,
        offset: usize,
    ) -> TensorInfo {
        TensorInfo {
            managed: std::ptr::null_mut(),
            versioned: false,
            dtype,
            shape,
            strides,
            base,
            len,
            offset,
            read_only: false,
            copied: false,
        }
    }

    pub fn dtype(&self) -> DType {
        self.dtype
    }
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }
    pub fn read_only(&self) -> bool {
        self.read_only
    }
    /// The producer says this is a copy made for us (IS_COPIED).
    pub fn copied(&self) -> bool {
        self.copied
    }
    /// Whether element [0, ...] is aligned for the dtype (our kernels need it).
    pub fn is_aligned(&self) -> bool {
        let first = (self.base as usize).wrapping_add(self.offset);
        self.shape.contains(&0) || first.is_multiple_of(self.dtype.alignment())
    }

    /// View the memory without owning it, for copying it at once.
    ///
    /// # Safety
    /// The result must be dropped while the producer's tensor is still alive.
    pub unsafe fn borrow(&self) -> Result<Array> {
        // SAFETY: the caller keeps the memory alive as long as the view.
        let storage = unsafe { Storage::foreign(self.base, self.len, Box::new(())) };
        self.clone_layout().into_array(storage)
    }

    /// Take ownership of the tensor: the result's storage calls the producer's
    /// deleter once, when the last view dies.
    ///
    /// # Safety
    /// The caller must have taken the tensor from its capsule (renamed it), so
    /// no one else calls the deleter.
    pub unsafe fn adopt(self) -> Result<Array> {
        let owner = ManagedOwner {
            managed: self.managed,
            versioned: self.versioned,
        };
        // SAFETY: the memory stays valid until the producer's deleter runs, which
        // happens when `owner` is dropped together with the storage.
        let storage = unsafe { Storage::foreign(self.base, self.len, Box::new(owner)) };
        self.into_array(storage)
    }

    /// A copy of the description (the fields other than the layout are plain data).
    fn clone_layout(&self) -> TensorInfo {
        TensorInfo {
            shape: self.shape.clone(),
            strides: self.strides.clone(),
            ..*self
        }
    }

    fn into_array(self, storage: Storage) -> Result<Array> {
        Array::from_parts(
            Arc::new(storage),
            self.dtype,
            &self.shape,
            &self.strides,
            self.offset,
            !self.read_only,
        )
    }
}

/// A fresh, aligned, C-contiguous copy of a view that may be misaligned (the
/// bytes are moved as `uint8`, so no typed access touches unaligned memory).
pub fn copy_unaligned(view: &Array) -> Result<Array> {
    let itemsize = view.itemsize();
    let mut shape = view.shape().to_vec();
    shape.push(itemsize);
    let mut strides: Vec<isize> = view
        .strides()
        .iter()
        .map(|&s| s * itemsize as isize)
        .collect();
    strides.push(1);
    let bytes = Array::from_parts(
        view.storage().clone(),
        DType::UInt8,
        &shape,
        &strides,
        view.offset(),
        false,
    )?;
    bytes
        .to_contiguous()?
        .reinterpret(view.dtype(), view.shape())
}

fn import_dtype(t: DLDataType) -> Result<DType> {
    if t.lanes != 1 {
        return buffer_err(format!(
            "unsupported DLPack dtype: {} lanes (pyarray reads lanes = 1 only)",
            t.lanes
        ));
    }
    DType::from_dlpack(t.code.0, t.bits).ok_or_else(|| {
        Error::Buffer(format!(
            "unsupported DLPack dtype (code {}, bits {})",
            t.code.0, t.bits
        ))
    })
}

fn import_shape(raw: &[i64]) -> Result<Dims> {
    raw.iter()
        .map(|&d| {
            usize::try_from(d)
                .map_err(|_| Error::Buffer(format!("DLPack tensor has a negative dimension {d}")))
        })
        .collect()
}

/// Element strides: given ones, or C order when NULL. Strides of length-1
/// dimensions (and of empty tensors) are never used to step, so they are
/// replaced by C strides: arbitrary values there are legal and must not
/// overflow our byte arithmetic later.
fn import_strides(shape: &[usize], raw: Option<&[i64]>, size: usize) -> Result<Strides> {
    let Some(raw) = raw.filter(|_| size > 0) else {
        return Ok(c_strides(shape));
    };
    let mut out: Strides = smallvec::smallvec![0isize; shape.len()];
    let mut c_stride: isize = 1; // C stride of dimension i (size > 0: no overflow)
    for i in (0..shape.len()).rev() {
        out[i] = if shape[i] == 1 {
            c_stride
        } else {
            isize::try_from(raw[i]).map_err(|_| {
                Error::Buffer(format!(
                    "DLPack stride {} does not fit this platform",
                    raw[i]
                ))
            })?
        };
        c_stride *= shape[i] as isize;
    }
    Ok(out)
}

/// Lowest and one-past-highest byte offset touched relative to element
/// [0, ...] (non-empty tensors), with every product and sum checked.
fn checked_extent(shape: &[usize], strides: &[isize], itemsize: usize) -> Result<(isize, isize)> {
    let overflow = || Error::Buffer("DLPack strides overflow the address space".into());
    let (mut lo, mut hi) = (0isize, itemsize as isize);
    for (&d, &s) in shape.iter().zip(strides) {
        let span = (d as isize - 1)
            .checked_mul(s)
            .and_then(|v| v.checked_mul(itemsize as isize))
            .ok_or_else(overflow)?;
        if span < 0 {
            lo = lo.checked_add(span).ok_or_else(overflow)?;
        } else {
            hi = hi.checked_add(span).ok_or_else(overflow)?;
        }
    }
    hi.checked_sub(lo).ok_or_else(overflow)?;
    Ok((lo, hi))
}

/// Owns a producer's managed tensor; dropping it calls the producer's deleter
/// (once). A NULL deleter means the producer needs no notification.
struct ManagedOwner {
    managed: *mut c_void,
    versioned: bool,
}

// SAFETY: DLPack requires deleters to be callable from any thread (acquiring
// the GIL themselves if they need it); the pointer is only used in `drop`.
unsafe impl Send for ManagedOwner {}
unsafe impl Sync for ManagedOwner {}

impl Drop for ManagedOwner {
    fn drop(&mut self) {
        // SAFETY: we own the tensor (the capsule was renamed) and call its
        // deleter exactly once, here; the struct kind matches `versioned`.
        unsafe {
            if self.versioned {
                let m = self.managed as *mut DLManagedTensorVersioned;
                if let Some(deleter) = (*m).deleter {
                    deleter(m);
                }
            } else {
                let m = self.managed as *mut DLManagedTensor;
                if let Some(deleter) = (*m).deleter {
                    deleter(m);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arange(n: usize) -> Array {
        let v: Vec<i64> = (0..n as i64).collect();
        Array::from_vec(&v, &[n]).unwrap()
    }

    use crate::test_util::i64s as values;

    /// Export then import (as a consumer that renamed the capsule would).
    fn round_trip(a: &Array, versioned: bool, copy: Option<bool>) -> Array {
        let m = export(a, versioned, copy).unwrap();
        unsafe {
            TensorInfo::read(m.as_ptr(), versioned)
                .unwrap()
                .adopt()
                .unwrap()
        }
    }

    #[test]
    fn round_trip_shares_memory_and_frees_once() {
        // The export holds one reference to the storage until its deleter
        // runs. Counting references on this test's own storage (not the
        // process-wide LIVE_EXPORTS, which tests running in parallel also
        // move) shows the one reference taken and released exactly once.
        let a = arange(12).reshape(&[3, 4]).unwrap();
        let v = a.slice_axis(1, 3, 2, -2).transpose(); // strides (-2, 4)
        let before = Arc::strong_count(v.storage());
        let b = round_trip(&v, true, None);
        assert_eq!(Arc::strong_count(v.storage()), before + 1);
        assert_eq!(values(&b), values(&v));
        assert_eq!(b.data_ptr(), v.data_ptr());
        assert!(b.writeable());
        drop(b);
        assert_eq!(Arc::strong_count(v.storage()), before);
    }

    #[test]
    fn legacy_imports_are_read_only_and_read_only_exports_need_versioned() {
        let a = arange(3);
        assert!(!round_trip(&a, false, None).writeable());
        assert!(matches!(
            export(&a.read_only(), false, None),
            Err(Error::Buffer(_))
        ));
        let b = round_trip(&a.read_only(), true, None);
        assert!(!b.writeable());
    }

    #[test]
    fn copy_sets_is_copied_and_does_not_share() {
        let a = arange(4);
        let m = export(&a, true, Some(true)).unwrap();
        let info = unsafe { TensorInfo::read(m.as_ptr(), true).unwrap() };
        assert!(info.copied());
        let b = unsafe { info.adopt().unwrap() };
        assert_ne!(b.data_ptr(), a.data_ptr());
        assert_eq!(values(&b), values(&a));
    }

    #[test]
    fn zero_d_and_empty_arrays() {
        let z = Array::from_vec(&[7i64], &[]).unwrap();
        assert_eq!(values(&round_trip(&z, true, None)), vec![7]);
        let e = Array::zeros(DType::Float32, &[3, 0, 2]).unwrap();
        assert_eq!(round_trip(&e, true, None).shape(), &[3, 0, 2]);
    }

    #[test]
    fn every_dtype_round_trips_its_code() {
        for d in DType::ALL {
            let a = Array::zeros(d, &[2]).unwrap();
            assert_eq!(round_trip(&a, true, None).dtype(), d);
        }
    }

    fn tensor(shape: &mut [i64], strides: Option<&mut [i64]>, data: *mut c_void) -> DLTensor {
        DLTensor {
            data,
            device: DLDevice {
                device_type: DLDeviceType::CPU,
                device_id: 0,
            },
            ndim: shape.len() as i32,
            dtype: DLDataType {
                code: DLDataTypeCode(2),
                bits: 64,
                lanes: 1,
            },
            shape: shape.as_mut_ptr(),
            strides: strides.map_or(std::ptr::null_mut(), |s| s.as_mut_ptr()),
            byte_offset: 0,
        }
    }

    #[test]
    fn malformed_tensors_are_buffer_errors() {
        let mut buf = [0f64; 8];
        let data = buf.as_mut_ptr() as *mut c_void;
        let (mut two, mut neg, mut huge) = ([2i64], [-1i64], [i64::MAX, 4]);
        let (mut three, mut bad_strides) = ([3i64, 3], [i64::MAX, 1]);
        let check = |t: DLTensor| {
            let r = unsafe { TensorInfo::from_tensor(&t) };
            assert!(matches!(r, Err(Error::Buffer(_))), "{r:?}");
        };
        let mut t = tensor(&mut two, None, data);
        t.device.device_type = DLDeviceType::CUDA;
        check(t);
        let mut t = tensor(&mut two, None, data);
        t.dtype.lanes = 4;
        check(t);
        let mut t = tensor(&mut two, None, data);
        t.dtype.code = DLDataTypeCode(99);
        check(t);
        let mut t = tensor(&mut two, None, data);
        t.ndim = 1000;
        check(t);
        check(tensor(&mut neg, None, data));
        check(tensor(&mut two, None, std::ptr::null_mut()));
        check(tensor(&mut three, Some(&mut bad_strides), data));
        check(tensor(&mut huge, None, data));
    }

    #[test]
    fn null_strides_byte_offset_and_size_one_dims() {
        let mut buf: Vec<f64> = (0..8).map(|i| i as f64).collect();
        let data = buf.as_mut_ptr() as *mut c_void;
        let (mut shape, mut one_two, mut absurd, mut empty) =
            ([2i64, 3], [1i64, 2], [i64::MAX, 1], [0i64, 5]);
        let mut t = tensor(&mut shape, None, data);
        t.byte_offset = 16;
        let info = unsafe { TensorInfo::from_tensor(&t).unwrap() };
        let a = unsafe { info.borrow().unwrap() };
        let got: Vec<f64> = a.to_scalars().into_iter().map(|s| s.as_f64()).collect();
        assert_eq!(got, vec![2., 3., 4., 5., 6., 7.]);
        // A length-1 dimension may carry any stride, even an absurd one.
        let t = tensor(&mut one_two, Some(&mut absurd), data);
        let a = unsafe { TensorInfo::from_tensor(&t).unwrap().borrow().unwrap() };
        assert_eq!(a.shape(), &[1, 2]);
        assert_eq!(a.strides(), &[2, 1]);
        // Empty with NULL data.
        let t = tensor(&mut empty, None, std::ptr::null_mut());
        let a = unsafe { TensorInfo::from_tensor(&t).unwrap().borrow().unwrap() };
        assert_eq!(a.size(), 0);
    }

    #[test]
    fn misaligned_data_is_detected_and_copied() {
        let buf: Vec<u8> = (0..17).collect();
        let mut shape = [2i64];
        let t = DLTensor {
            data: buf.as_ptr().wrapping_add(1) as *mut c_void,
            ..tensor(&mut shape, None, std::ptr::null_mut())
        };
        let info = unsafe { TensorInfo::from_tensor(&t).unwrap() };
        let aligned = buf.as_ptr() as usize % 8 == 7;
        assert_eq!(info.is_aligned(), aligned);
        let view = unsafe { info.borrow().unwrap() };
        let copy = copy_unaligned(&view).unwrap();
        assert_eq!(copy.data_ptr() as usize % 8, 0);
        let expect: Vec<u8> = (1..17).collect();
        let bytes = copy.reinterpret(DType::UInt8, &[16]).unwrap();
        let got: Vec<u8> = bytes
            .to_scalars()
            .into_iter()
            .map(|s| s.as_i64() as u8)
            .collect();
        assert_eq!(got, expect);
    }
}
