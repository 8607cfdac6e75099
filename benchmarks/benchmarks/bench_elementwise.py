"""asv benchmarks: Element-wise functions and operators, float64 and float32."""

from .cases import asv_classes

# One class per case of the group, parametrized by library, size and dtype;
# the cases themselves are defined in cases.py (shared with compare.py).
globals().update(asv_classes("elementwise"))
