"""A short tour of pyarray: creation, views, arithmetic, and NumPy interchange."""

import numpy as np

import pyarray as xp

# Creation
a = xp.arange(12, dtype=xp.float64)
m = xp.reshape(a, (3, 4))  # a view: no data is copied
print("matrix:\n", m)
print("dtype", m.dtype, "shape", m.shape, "device", m.device)

# Views share memory: slicing, transposes and reversed strides copy nothing.
column = m[:, 1]
reversed_rows = m[::-1]
print("column 1:", column)
print("rows reversed:\n", reversed_rows)
print("transpose:\n", m.T)

# Writes through a view are visible in the original.
m[0, :] = 100.0
print("after m[0, :] = 100:", a[:4])

# Zero-copy exchange with NumPy through the buffer protocol.
n = np.asarray(m)
print("NumPy sees the same memory:", np.shares_memory(n, np.asarray(m)))
back = xp.asarray(n)
print("and back:", back.shape, back.dtype)

# Arithmetic: broadcasting, Python scalars adopt the array's dtype.
row_means = xp.mean(m, axis=1, keepdims=True)
print("centred rows:\n", m - row_means)
print("float32 stays float32:", (xp.ones(3, dtype=xp.float32) * 2.5).dtype)

# DLPack round trip with NumPy: zero-copy both ways.
d = np.from_dlpack(m)
d[2, 3] = -1.0
print("NumPy wrote through DLPack:", m[2, 3])
again = xp.from_dlpack(np.arange(4.0))
print("from NumPy via DLPack:", again)
