//! The strided n-d array: shared storage, dtype, shape, strides, offset.
//! Everything here that returns an `Array` without copying returns a view.

use crate::dtype::{DType, Element, Scalar};
use crate::error::{Error, Result};
use crate::iter::for_each_run;
use crate::layout::{self, broadcast_strides, c_strides, checked_size, Dims, Strides};
use crate::storage::Storage;
use smallvec::SmallVec;
use std::sync::Arc;

pub struct Array {
    storage: Arc<Storage>,
    dtype: DType,
    shape: Dims,
    /// Strides in elements; negative (reversed) and zero (broadcast) allowed.
    strides: Strides,
    /// Byte offset of element [0, 0, ...] from the start of the storage.
    offset: usize,
    writeable: bool,
}

/// By hand: the derived clone copies shape and strides through SmallVec's
/// generic `extend` (~65 instructions per array, and views clone often);
/// `from_slice` copies them as plain memory.
impl Clone for Array {
    fn clone(&self) -> Self {
        Array {
            storage: Arc::clone(&self.storage),
            dtype: self.dtype,
            shape: Dims::from_slice(&self.shape),
            strides: Strides::from_slice(&self.strides),
            offset: self.offset,
            writeable: self.writeable,
        }
    }
}

impl std::fmt::Debug for Array {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Array")
            .field("dtype", &self.dtype)
            .field("shape", &self.shape)
            .field("strides", &self.strides)
            .field("offset", &self.offset)
            .finish()
    }
}

impl Array {
    // ------------------------------------------------------------------
    // Construction

    /// A new C-contiguous array of zeros (false, 0, 0.0).
    pub fn zeros(dtype: DType, shape: &[usize]) -> Result<Array> {
        Self::allocate(dtype, shape, Storage::zeroed)
    }

    /// `zeros` for arrays the caller does not fill at once (the `zeros` and
    /// `empty` functions): large ones are zeroed lazily by the kernel
    /// (`Storage::zeroed_lazily`) instead of by a pass over memory.
    pub fn zeros_lazily(dtype: DType, shape: &[usize]) -> Result<Array> {
        Self::allocate(dtype, shape, Storage::zeroed_lazily)
    }

    /// A new C-contiguous array whose contents are unspecified bytes.
    ///
    /// # Safety
    /// The caller must write every element before the array is read or shared
    /// (kernels producing complete results use this to skip zeroing).
    pub unsafe fn for_overwrite(dtype: DType, shape: &[usize]) -> Result<Array> {
        Self::allocate(dtype, shape, Storage::for_overwrite)
    }

    /// `for_overwrite` laid out like `like` (same shape; NumPy's order="K"):
    /// when `like` is dense in another axis order (`m.T`), the new array has
    /// its strides, so the two hold their elements in the same memory order
    /// and an elementwise function maps one flat slice onto the other. Other
    /// layouts get C order.
    ///
    /// # Safety
    /// As `for_overwrite`: every element must be written before it is read.
    #[inline]
    pub unsafe fn for_overwrite_like(dtype: DType, like: &Array) -> Result<Array> {
        Self::for_overwrite_in_order_of(dtype, &like.shape, Some(like))
    }

    /// `for_overwrite` of `shape`, laid out like `like` when that has the
    /// same shape and is dense in another axis order (`for_overwrite_like`),
    /// else in C order. One allocation site for both: small calls pay for
    /// every copy of the returned array.
    ///
    /// # Safety
    /// As `for_overwrite`: every element must be written before it is read.
    #[inline]
    pub unsafe fn for_overwrite_in_order_of(
        dtype: DType,
        shape: &[usize],
        like: Option<&Array>,
    ) -> Result<Array> {
        let mut out = Self::allocate(dtype, shape, Storage::for_overwrite)?;
        if let Some(like) = like {
            if !like.is_c_contiguous()
                && out.size() > 1
                && layout::same_dims(&like.shape, &out.shape)
                && like.is_dense()
            {
                out.strides = like.strides.clone();
            }
        }
        Ok(out)
    }

    fn allocate(
        dtype: DType,
        shape: &[usize],
        storage: impl FnOnce(usize) -> Result<Storage>,
    ) -> Result<Array> {
        let n = checked_size(shape, dtype.itemsize())?;
        Ok(Array {
            storage: Arc::new(storage(n * dtype.itemsize())?),
            dtype,
            shape: Dims::from_slice(shape),
            strides: c_strides(shape),
            offset: 0,
            writeable: true,
        })
    }

    /// A new array holding `data` in C order.
    pub fn from_vec<T: Element>(data: &[T], shape: &[usize]) -> Result<Array> {
        let size = checked_size(shape, T::DTYPE.itemsize())?;
        if size != data.len() {
            return Err(Error::Value(format!(
                "cannot fill shape {shape:?} with {} elements",
                data.len()
            )));
        }
        // SAFETY: the copy below writes all data.len() == size elements.
        let out = unsafe { Array::for_overwrite(T::DTYPE, shape)? };
        // SAFETY: fresh contiguous storage of exactly data.len() elements of T.
        unsafe { out.slice_mut_unchecked::<T>() }.copy_from_slice(data);
        Ok(out)
    }

    /// A 0-d array holding one scalar, cast to `dtype`.
    pub fn from_scalar(value: Scalar, dtype: DType) -> Result<Array> {
        let out = Array::zeros(dtype, &[])?;
        crate::dispatch!(dtype, T => unsafe { *(out.data_ptr() as *mut T) = T::from_scalar(value) });
        Ok(out)
    }

    /// An array over existing storage. Checks that every element lies inside it.
    pub fn from_parts(
        storage: Arc<Storage>,
        dtype: DType,
        shape: &[usize],
        strides: &[isize],
        offset: usize,
        writeable: bool,
    ) -> Result<Array> {
        if shape.len() != strides.len() {
            return Err(Error::Value("shape and strides differ in length".into()));
        }
        let n = checked_size(shape, dtype.itemsize())?;
        if n > 0 {
            let (lo, hi) = byte_extent(shape, strides, dtype.itemsize());
            let first = offset as isize;
            if first + lo < 0 || (first + hi) as usize > storage.len() {
                return Err(Error::Buffer(
                    "array layout reaches outside its memory".into(),
                ));
            }
        }
        Ok(Array {
            storage,
            dtype,
            shape: Dims::from_slice(shape),
            strides: Strides::from_slice(strides),
            offset,
            writeable,
        })
    }

    // ------------------------------------------------------------------
    // Properties

    pub fn dtype(&self) -> DType {
        self.dtype
    }
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }
    pub fn strides(&self) -> &[isize] {
        &self.strides
    }
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }
    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }
    pub fn itemsize(&self) -> usize {
        self.dtype.itemsize()
    }
    pub fn writeable(&self) -> bool {
        self.writeable
    }
    pub fn storage(&self) -> &Arc<Storage> {
        &self.storage
    }
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// Pointer to element [0, 0, ...].
    pub fn data_ptr(&self) -> *mut u8 {
        self.storage.as_ptr().wrapping_add(self.offset)
    }
    pub fn byte_strides(&self) -> Strides {
        let s = self.itemsize() as isize;
        self.strides.iter().map(|&x| x * s).collect()
    }
    pub fn is_c_contiguous(&self) -> bool {
        layout::is_c_contiguous(&self.shape, &self.strides)
    }
    /// Whether the elements fill a gap-free block in some axis order
    /// (`layout::is_dense`): C order, or `m.T` of a C-ordered `m`.
    #[inline]
    pub fn is_dense(&self) -> bool {
        layout::is_dense(&self.shape, &self.strides)
    }
    /// Whether a contiguous array's bytes are all zero (0, 0.0 or false in
    /// every dtype; -0.0 is not). False for other layouts.
    pub fn is_all_zero_bytes(&self) -> bool {
        if !self.is_c_contiguous() {
            return false;
        }
        let len = self.size() * self.itemsize();
        // SAFETY: a contiguous array's elements are `len` bytes from data_ptr.
        let bytes = unsafe { std::slice::from_raw_parts(self.data_ptr() as *const u8, len) };
        bytes.iter().all(|&b| b == 0)
    }
    /// Whether two arrays may touch the same bytes (conservative: compares the
    /// address ranges, so views of one buffer imported twice are caught too).
    pub fn may_overlap(&self, other: &Array) -> bool {
        if self.size() == 0 || other.size() == 0 {
            return false;
        }
        let range = |a: &Array| {
            let (lo, hi) = byte_extent(&a.shape, &a.strides, a.itemsize());
            let start = a.data_ptr() as isize;
            (start + lo, start + hi)
        };
        let (a0, a1) = range(self);
        let (b0, b1) = range(other);
        a0 < b1 && b0 < a1
    }

    /// The same bytes seen as another dtype and shape (C-contiguous only),
    /// e.g. raw `uint8` bytes as `float64` values when unpickling.
    pub fn reinterpret(&self, dtype: DType, shape: &[usize]) -> Result<Array> {
        let n = checked_size(shape, dtype.itemsize())?;
        if !self.is_c_contiguous() || n * dtype.itemsize() != self.size() * self.itemsize() {
            return Err(Error::Value(format!(
                "cannot view {} bytes as {dtype} of shape {shape:?}",
                self.size() * self.itemsize()
            )));
        }
        if !(self.data_ptr() as usize).is_multiple_of(dtype.itemsize()) {
            return Err(Error::Value("data is not aligned for this dtype".into()));
        }
        Ok(Array {
            dtype,
            shape: Dims::from_slice(shape),
            strides: c_strides(shape),
            ..self.clone()
        })
    }

    /// A read-only view of the same data.
    pub fn read_only(&self) -> Array {
        Array {
            writeable: false,
            ..self.clone()
        }
    }

    /// Contiguous data as a slice, if the array is C-contiguous.
    pub fn as_slice<T: Element>(&self) -> Option<&[T]> {
        if T::DTYPE != self.dtype || !self.is_c_contiguous() {
            return None;
        }
        // SAFETY: contiguous, dtype matches, storage alive as long as self.
        Some(unsafe { std::slice::from_raw_parts(self.data_ptr() as *const T, self.size()) })
    }

    /// The elements, in memory order, as a mutable slice.
    ///
    /// # Safety
    /// The array must be dense (C-contiguous, or `is_dense` in another axis
    /// order) with element type T, and no other reference into the same
    /// elements may be alive.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn slice_mut_unchecked<T: Element>(&self) -> &mut [T] {
        std::slice::from_raw_parts_mut(self.data_ptr() as *mut T, self.size())
    }

    /// The element at a multi-index (no bounds check beyond debug asserts).
    pub fn get_scalar(&self, index: &[usize]) -> Scalar {
        debug_assert_eq!(index.len(), self.ndim());
        let mut off = 0isize;
        for (i, &ix) in index.iter().enumerate() {
            off += ix as isize * self.strides[i];
        }
        let p = self
            .data_ptr()
            .wrapping_offset(off * self.itemsize() as isize);
        crate::dispatch!(self.dtype, T => unsafe { (p as *const T).read_unaligned().to_scalar() })
    }

    /// The single element of a one-element array.
    pub fn item(&self) -> Result<Scalar> {
        if self.size() != 1 {
            return Err(Error::Type(format!(
                "only arrays with one element can be converted to Python scalars, not shape {:?}",
                self.shape
            )));
        }
        Ok(self.get_scalar(&vec![0; self.ndim()]))
    }

    /// All elements in C order.
    pub fn to_scalars(&self) -> Vec<Scalar> {
        let mut out = Vec::with_capacity(self.size());
        let bs = self.byte_strides();
        crate::dispatch!(self.dtype, T => {
            for_each_run(&self.shape, [&bs], [self.data_ptr()], |p, len, s| {
                for i in 0..len {
                    // SAFETY: inside the array's extent.
                    let v = unsafe { (p[0].offset(i as isize * s[0]) as *const T).read_unaligned() };
                    out.push(v.to_scalar());
                }
            })
        });
        out
    }

    // ------------------------------------------------------------------
    // Copies

    /// Write `src` (broadcast to self's shape, cast to self's dtype) into self.
    pub fn assign(&self, src: &Array) -> Result<()> {
        if !self.writeable {
            return Err(Error::Value("assignment destination is read-only".into()));
        }
        broadcast_strides(&src.shape, &src.strides, &self.shape)?;
        // Overlapping source and destination (`a[1:] = a[:-1]`): read from a copy.
        let src = if self.may_overlap(src) {
            src.to_contiguous()?
        } else {
            src.clone()
        };
        let src_strides = broadcast_strides(&src.shape, &src.strides, &self.shape)?;
        crate::kernels::copy::cast_copy(self, &src, &src_strides);
        Ok(())
    }

    /// A C-contiguous copy (always a new buffer).
    pub fn to_contiguous(&self) -> Result<Array> {
        self.astype(self.dtype)
    }

    /// A C-contiguous copy converted to `dtype`.
    pub fn astype(&self, dtype: DType) -> Result<Array> {
        // SAFETY: cast_copy writes every element of `out`.
        let out = unsafe { Array::for_overwrite(dtype, &self.shape)? };
        crate::kernels::copy::cast_copy(&out, self, &self.strides);
        Ok(out)
    }

    /// A copy converted to `dtype` laid out like this array
    /// (`for_overwrite_like`): C order, or the array's own axis order when it
    /// is dense in another one (`cast_copy` walks in the order of `out`, so
    /// that copy is one pass over memory).
    pub fn astype_keeping_layout(&self, dtype: DType) -> Result<Array> {
        // SAFETY: cast_copy writes every element of `out`.
        let out = unsafe { Array::for_overwrite_like(dtype, self)? };
        crate::kernels::copy::cast_copy(&out, self, &self.strides);
        Ok(out)
    }

    /// This array in `dtype`: itself (shared, any layout) when it already
    /// has that dtype, else a converted C-contiguous copy.
    pub fn to_dtype(&self, dtype: DType) -> Result<Array> {
        if self.dtype == dtype {
            Ok(self.clone())
        } else {
            self.astype(dtype)
        }
    }

    /// Self if already C-contiguous, else a contiguous copy.
    pub fn contiguous(&self) -> Result<Array> {
        if self.is_c_contiguous() {
            Ok(self.clone())
        } else {
            self.to_contiguous()
        }
    }

    // ------------------------------------------------------------------
    // Views

    fn view(&self, shape: Dims, strides: Strides, offset: usize) -> Array {
        Array {
            storage: self.storage.clone(),
            dtype: self.dtype,
            shape,
            strides,
            offset,
            writeable: self.writeable,
        }
    }

    /// Reorder axes: result axis i is input axis `axes[i]`.
    pub fn permute(&self, axes: &[usize]) -> Result<Array> {
        let n = self.ndim();
        let mut seen: SmallVec<[bool; 8]> = smallvec::smallvec![false; n];
        if axes.len() != n {
            return Err(Error::Value(format!(
                "axes {axes:?} do not match an array of {n} dimensions"
            )));
        }
        for &a in axes {
            if a >= n || seen[a] {
                return Err(Error::Value(format!(
                    "axes {axes:?} are not a permutation of 0..{n}"
                )));
            }
            seen[a] = true;
        }
        let shape = axes.iter().map(|&a| self.shape[a]).collect();
        let strides = axes.iter().map(|&a| self.strides[a]).collect();
        Ok(self.view(shape, strides, self.offset))
    }

    /// All axes reversed (`x.T`).
    pub fn transpose(&self) -> Array {
        // Reversed copies, not `permute` with a list of axes: its checks and
        // two heap lists were a third of a small `m.T`.
        let mut shape = Dims::from_slice(&self.shape);
        let mut strides = Strides::from_slice(&self.strides);
        shape.reverse();
        strides.reverse();
        self.view(shape, strides, self.offset)
    }

    /// Last two axes swapped (`x.mT`).
    pub fn matrix_transpose(&self) -> Result<Array> {
        let n = self.ndim();
        if n < 2 {
            return Err(Error::Value(format!(
                "matrix transpose needs at least 2 dimensions, got {n}"
            )));
        }
        let mut shape = Dims::from_slice(&self.shape);
        let mut strides = Strides::from_slice(&self.strides);
        shape.swap(n - 1, n - 2);
        strides.swap(n - 1, n - 2);
        Ok(self.view(shape, strides, self.offset))
    }

    /// A read-only view broadcast to `shape`.
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Array> {
        // A size that overflows would wrap (to 0 for 2^32 x 2^32).
        checked_size(shape, self.itemsize())?;
        let strides = broadcast_strides(&self.shape, &self.strides, shape)?;
        let mut v = self.view(Dims::from_slice(shape), strides, self.offset);
        v.writeable = false;
        Ok(v)
    }

    /// View with a new axis of length 1 inserted at `axis` (0..=ndim).
    pub fn insert_axis(&self, axis: usize) -> Array {
        let mut out = self.clone();
        out.insert_axis_in_place(axis);
        out
    }

    /// `insert_axis` on this array itself (no copy of its dimensions).
    pub(crate) fn insert_axis_in_place(&mut self, axis: usize) {
        self.shape.insert(axis, 1);
        self.strides.insert(axis, 0);
    }

    /// View without the given length-1 axes.
    pub fn squeeze(&self, axes: &[usize]) -> Result<Array> {
        let mut shape = Dims::new();
        let mut strides = Strides::new();
        for i in 0..self.ndim() {
            if axes.contains(&i) {
                if self.shape[i] != 1 {
                    return Err(Error::Value(format!(
                        "cannot squeeze axis {i} of length {}",
                        self.shape[i]
                    )));
                }
            } else {
                shape.push(self.shape[i]);
                strides.push(self.strides[i]);
            }
        }
        Ok(self.view(shape, strides, self.offset))
    }

    /// Reshape without copying, if the layout allows it (None otherwise).
    pub fn reshape_view(&self, shape: &[usize]) -> Option<Array> {
        if checked_size(shape, self.itemsize()).ok() != Some(self.size()) {
            return None;
        }
        self.view_with_shape(shape)
    }

    /// `reshape_view` for a `shape` already known to hold `self.size()`
    /// elements (reshape checks it once for both of its attempts).
    fn view_with_shape(&self, shape: &[usize]) -> Option<Array> {
        if self.size() == 0 || self.is_c_contiguous() {
            return Some(self.view(Dims::from_slice(shape), c_strides(shape), self.offset));
        }
        // General case: match groups of old axes to groups of new axes; each old
        // group must be contiguous among itself.
        let old: Vec<(usize, isize)> = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|(&d, _)| d != 1)
            .map(|(&d, &s)| (d, s))
            .collect();
        let mut new_strides: Strides = smallvec::smallvec![0isize; shape.len()];
        let (mut oi, mut ni) = (0, 0);
        while ni < shape.len() {
            if shape[ni] == 1 {
                new_strides[ni] = 0;
                ni += 1;
                continue;
            }
            let (o_start, n_start) = (oi, ni);
            let (mut op, mut np) = (old.get(oi)?.0, shape[ni]);
            oi += 1;
            ni += 1;
            while op != np {
                if op < np {
                    op *= old.get(oi)?.0;
                    oi += 1;
                } else {
                    while ni < shape.len() && shape[ni] == 1 {
                        ni += 1;
                    }
                    np *= *shape.get(ni)?;
                    ni += 1;
                }
            }
            for k in o_start..oi - 1 {
                if old[k].1 != old[k + 1].1 * old[k + 1].0 as isize {
                    return None;
                }
            }
            let mut stride = old[oi - 1].1;
            for k in (n_start..ni).rev() {
                new_strides[k] = stride;
                stride *= shape[k] as isize;
            }
        }
        if oi != old.len() {
            return None;
        }
        Some(self.view(Dims::from_slice(shape), new_strides, self.offset))
    }

    /// Reshape, copying only when a view is impossible.
    pub fn reshape(&self, shape: &[usize]) -> Result<Array> {
        if checked_size(shape, self.itemsize())? != self.size() {
            return Err(Error::Value(format!(
                "cannot reshape array of size {} into shape {shape:?}",
                self.size()
            )));
        }
        match self.view_with_shape(shape) {
            Some(v) => Ok(v),
            None => Ok(self
                .to_contiguous()?
                .view_with_shape(shape)
                .expect("contiguous arrays reshape as views")),
        }
    }

    /// View of `start, start+step, ...` (`len` elements) along `axis`.
    pub fn slice_axis(&self, axis: usize, start: usize, len: usize, step: isize) -> Array {
        let mut out = self.clone();
        out.slice_axis_in_place(axis, start, len, step);
        out
    }

    /// `slice_axis` on this array itself (no copy of its dimensions).
    pub(crate) fn slice_axis_in_place(
        &mut self,
        axis: usize,
        start: usize,
        len: usize,
        step: isize,
    ) {
        if len > 0 {
            self.offset = self.offset_at(axis, start);
        }
        self.shape[axis] = len;
        // With fewer than two elements the stride is never used; keeping the old
        // one avoids overflow for huge steps.
        if len >= 2 {
            self.strides[axis] *= step;
        }
    }

    /// View with `axis` removed, at position `index` along it.
    pub fn index_axis(&self, axis: usize, index: usize) -> Array {
        // Built from the kept dimensions directly: cloning and then removing
        // one shifted both lists, a third of the cost of `x[3]`.
        let offset = self.offset_at(axis, index);
        self.view(
            without(&self.shape, axis),
            without(&self.strides, axis),
            offset,
        )
    }

    /// `index_axis` on this array itself (no copy of its dimensions).
    pub(crate) fn index_axis_in_place(&mut self, axis: usize, index: usize) {
        self.offset = self.offset_at(axis, index);
        self.shape.remove(axis);
        self.strides.remove(axis);
    }

    /// Byte offset of the element at position `index` along `axis` (the
    /// other indices those of element [0, ...]).
    fn offset_at(&self, axis: usize, index: usize) -> usize {
        let step = self.strides[axis] * self.itemsize() as isize;
        (self.offset as isize + index as isize * step) as usize
    }
}

/// `v` without its entry at `axis`. Up to five entries, into an inline
/// buffer element by element: `extend_from_slice` called memmove for runs
/// of a word or two, a tenth of a small `x[3]`.
fn without<T: Copy + Default>(v: &[T], axis: usize) -> SmallVec<[T; 4]> {
    if v.len() <= 5 {
        let mut buf = [T::default(); 4];
        for (slot, &x) in buf.iter_mut().zip(v[..axis].iter().chain(&v[axis + 1..])) {
            *slot = x;
        }
        return SmallVec::from_buf_and_len(buf, v.len() - 1);
    }
    let mut out = SmallVec::from_slice(&v[..axis]);
    out.extend_from_slice(&v[axis + 1..]);
    out
}

/// Lowest and one-past-highest byte touched, relative to element [0, ...].
pub fn byte_extent(shape: &[usize], strides: &[isize], itemsize: usize) -> (isize, isize) {
    let (mut lo, mut hi) = (0isize, itemsize as isize);
    for (&d, &s) in shape.iter().zip(strides) {
        if d == 0 {
            return (0, 0);
        }
        let span = (d as isize - 1) * s * itemsize as isize;
        if span < 0 {
            lo += span;
        } else {
            hi += span;
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arange(n: usize) -> Array {
        let v: Vec<i64> = (0..n as i64).collect();
        Array::from_vec(&v, &[n]).unwrap()
    }

    use crate::test_util::i64s as values;

    #[test]
    fn without_drops_one_entry_inline_and_on_the_heap() {
        for len in 1..=7usize {
            let v: Vec<usize> = (10..10 + len).collect();
            for axis in 0..len {
                let mut expected = v.clone();
                expected.remove(axis);
                assert_eq!(without(&v, axis).as_slice(), expected.as_slice());
            }
        }
    }

    #[test]
    fn views_share_storage() {
        let a = arange(6).reshape(&[2, 3]).unwrap();
        let t = a.transpose();
        assert_eq!(t.shape(), &[3, 2]);
        assert_eq!(values(&t), vec![0, 3, 1, 4, 2, 5]);
        assert!(Arc::ptr_eq(a.storage(), t.storage()));
        let reversed = a.slice_axis(1, 2, 3, -1);
        assert_eq!(values(&reversed), vec![2, 1, 0, 5, 4, 3]);
    }

    #[test]
    fn reshape_of_transposed_copies_only_when_needed() {
        let a = arange(24).reshape(&[2, 3, 4]).unwrap();
        let p = a.permute(&[1, 0, 2]).unwrap();
        assert!(p.reshape_view(&[3, 8]).is_none());
        assert!(p.reshape_view(&[3, 2, 2, 2]).is_some());
        let r = p.reshape(&[3, 8]).unwrap();
        assert_eq!(values(&r), values(&p.to_contiguous().unwrap()));
        assert!(a.reshape(&[5, 5]).is_err());
    }

    #[test]
    fn assign_broadcasts_casts_and_handles_overlap() {
        let a = arange(5);
        let tail = a.slice_axis(0, 1, 4, 1);
        let head = a.slice_axis(0, 0, 4, 1);
        tail.assign(&head).unwrap();
        assert_eq!(values(&a), vec![0, 0, 1, 2, 3]);
        a.assign(&Array::from_scalar(Scalar::Float(7.9), DType::Float64).unwrap())
            .unwrap();
        assert_eq!(values(&a), vec![7; 5]);
        assert!(a.read_only().assign(&a).is_err());
    }

    #[test]
    fn out_of_bounds_parts_are_rejected() {
        let a = arange(4);
        let bad = Array::from_parts(a.storage().clone(), DType::Int64, &[5], &[1], 0, true);
        assert!(bad.is_err());
    }
}
