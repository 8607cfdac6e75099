"""A short tour of pyarray: creation, views, arithmetic, and NumPy interchange."""

import numpy as np

import pyarray as xp

# Creation
a = xp.arange(12, dtype=xp.float64)
m = xp.reshape(a, (3, 4)) if hasattr(xp, "reshape") else xp.asarray(np.arange(12.0).reshape(3, 4))
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
