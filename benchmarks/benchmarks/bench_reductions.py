"""asv benchmarks.

Reductions: sum, mean, std (whole array and per axis), argmax, cumulative_sum.
"""

from .cases import asv_classes

# One class per case of the group, parametrized by library, size and dtype;
# the cases themselves are defined in cases.py (shared with compare.py).
globals().update(asv_classes("reductions"))
