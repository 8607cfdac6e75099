"""asv benchmarks: FFT: fft and rfft of 1-D arrays, fftn of a 2-D array."""

from .cases import asv_classes

# One class per case of the group, parametrized by library, size and dtype;
# the cases themselves are defined in cases.py (shared with compare.py).
globals().update(asv_classes("fft"))
