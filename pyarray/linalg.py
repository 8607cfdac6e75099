"""The linear algebra extension of the array API standard (``xp.linalg``).

Decompositions, solvers and norms are compiled (``pyarray._core._linalg``,
computed with faer: pure Rust, no system BLAS/LAPACK); ``matmul``,
``matrix_transpose``, ``tensordot`` and ``vecdot`` are the main namespace's
functions. Results of the
decompositions are named tuples with the standard's field names, e.g.
``xp.linalg.svd(a).S``. Failures on valid input (a singular or
non-positive-definite matrix, no convergence) raise :class:`LinAlgError`,
a subclass of ``ValueError``.

Examples
--------
>>> import pyarray as xp
>>> a = xp.asarray([[2.0, 1.0], [1.0, 3.0]])
>>> x = xp.linalg.solve(a, xp.asarray([1.0, 2.0]))
"""

from pyarray._core import _linalg, matmul, matrix_transpose, tensordot, vecdot

LinAlgError = _linalg.LinAlgError

cholesky = _linalg.cholesky
cross = _linalg.cross
det = _linalg.det
diagonal = _linalg.diagonal
eig = _linalg.eig
eigh = _linalg.eigh
eigvals = _linalg.eigvals
eigvalsh = _linalg.eigvalsh
inv = _linalg.inv
matrix_norm = _linalg.matrix_norm
matrix_power = _linalg.matrix_power
matrix_rank = _linalg.matrix_rank
outer = _linalg.outer
pinv = _linalg.pinv
qr = _linalg.qr
slogdet = _linalg.slogdet
solve = _linalg.solve
svd = _linalg.svd
svdvals = _linalg.svdvals
trace = _linalg.trace
vector_norm = _linalg.vector_norm

__all__ = [
    "LinAlgError",
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "trace",
    "vecdot",
    "vector_norm",
]
