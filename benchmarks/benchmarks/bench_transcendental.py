"""asv benchmarks: the transcendental functions beyond exp, log, sin, cos and tan."""

from .cases import asv_classes

# One class per case of the group, parametrized by library, size and dtype;
# the cases themselves are defined in cases.py (shared with compare.py).
globals().update(asv_classes("transcendental"))
