"""asv benchmarks comparing pyarray with NumPy (cases live in ``cases.py``)."""
