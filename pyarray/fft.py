"""The fft extension of the array API standard: ``xp.fft``.

Discrete Fourier transforms computed by rustfft and realfft in the compiled
module. Unlike NumPy, precision is preserved: float32 and complex64 input
gives complex64 (or float32) output. The complex-input transforms also accept
real floating-point arrays, as NumPy does; integer and bool arrays raise
TypeError.
"""

from pyarray._core import _fft

fft = _fft.fft
ifft = _fft.ifft
fftn = _fft.fftn
ifftn = _fft.ifftn
rfft = _fft.rfft
irfft = _fft.irfft
rfftn = _fft.rfftn
irfftn = _fft.irfftn
hfft = _fft.hfft
ihfft = _fft.ihfft
fftfreq = _fft.fftfreq
rfftfreq = _fft.rfftfreq
fftshift = _fft.fftshift
ifftshift = _fft.ifftshift

__all__ = [
    "fft",
    "fftfreq",
    "fftn",
    "fftshift",
    "hfft",
    "ifft",
    "ifftn",
    "ifftshift",
    "ihfft",
    "irfft",
    "irfftn",
    "rfft",
    "rfftfreq",
    "rfftn",
]
