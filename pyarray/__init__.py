"""pyarray: n-dimensional arrays for Python, written in Rust.

``import pyarray as xp`` gives an implementation of the Python array API
standard (2025.12) with DLPack built in. The numerics live in the compiled
module ``pyarray._core``; this package re-exports it and adds the few
pure-Python pieces (constants, the inspection namespace).
"""

import math as _math

from pyarray import fft
from pyarray._core import *  # noqa: F403
from pyarray._core import (
    CPU_DEVICE,
    Array,
    Device,
    __array_api_version__,
    _rebuild,
    dtype,
)
from pyarray._info import __array_namespace_info__

e = _math.e
inf = _math.inf
nan = _math.nan
pi = _math.pi
newaxis = None

__all__ = [
    "Array",
    "CPU_DEVICE",
    "Device",
    "__array_api_version__",
    "__array_namespace_info__",
    "_rebuild",
    "dtype",
    "e",
    "fft",
    "inf",
    "nan",
    "newaxis",
    "pi",
] + [name for name in dir(_core) if not name.startswith("_") and name not in ("Array",)]  # noqa: F405
