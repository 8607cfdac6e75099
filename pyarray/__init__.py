"""pyarray: n-dimensional arrays for Python, written in Rust.

``import pyarray as xp`` gives an implementation of the Python array API
standard (2025.12) with DLPack built in. The numerics live in the compiled
module ``pyarray._core``; this package re-exports it, adds the ``linalg`` and
``fft`` extension namespaces and the few pure-Python pieces (constants, the
inspection namespace).
"""

import math as _math

from pyarray import _core, fft, linalg
from pyarray._core import *  # noqa: F403
from pyarray._info import __array_namespace_info__

e = _math.e
inf = _math.inf
nan = _math.nan
pi = _math.pi
newaxis = None

__all__ = [
    "__array_namespace_info__",
    "e",
    "fft",
    "inf",
    "linalg",
    "nan",
    "newaxis",
    "pi",
]
# Plus every name of the compiled module (its own __all__).
__all__ += _core.__all__
