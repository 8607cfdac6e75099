"""The benchmark cases time what they claim: their inputs stay unchanged.

A case whose callable modified its own inputs would time a different
operation on every call (NumPy's temporary elision turned a ``x + y`` case
into an in-place add this way). Calling each elementwise case twice must give
the same result both times.
"""

import sys
from pathlib import Path

import numpy as np
import pytest

import pyarray

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from benchmarks import cases  # noqa: E402

# Above NumPy's 256 KiB threshold for eliding temporaries, in float32 too.
SIZE = 10**5


@pytest.mark.parametrize("library", [np, pyarray], ids=["numpy", "pyarray"])
@pytest.mark.parametrize("case", cases.cases_in("elementwise"), ids=lambda c: c.name)
def test_elementwise_case_gives_the_same_result_twice(case, library):
    run = case.make(library, SIZE, "float64")
    first = np.asarray(run())
    second = np.asarray(run())
    np.testing.assert_array_equal(first, second)
