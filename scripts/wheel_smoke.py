"""Smoke test of an installed pyarray wheel (run by scripts/wheel-smoke.sh).

Checks that the package comes from site-packages with its compiled module,
stubs and ``py.typed``, that a few operations give the right numbers, and,
when NumPy is installed, a DLPack round trip in both directions.
"""

import importlib.metadata
import pathlib
import pickle
import sys

import pyarray as xp

package = pathlib.Path(xp.__file__).parent
assert "site-packages" in str(package), f"pyarray imported from {package}, not the wheel"
for name in ("py.typed", "_core.pyi"):
    assert (package / name).exists(), f"the wheel lacks pyarray/{name}"
assert list(package.glob("_core*.so")), "the wheel lacks the compiled module"

x = xp.reshape(xp.arange(6, dtype=xp.float64), (2, 3))
assert xp.sum(x).tolist() == 15.0
assert (x.T @ x).tolist() == [[9.0, 12.0, 15.0], [12.0, 17.0, 22.0], [15.0, 22.0, 29.0]]
assert xp.sort(xp.asarray([3, 1, 2])).tolist() == [1, 2, 3]
assert (x[:, ::-1] * 2 + 1).tolist() == [[5.0, 3.0, 1.0], [11.0, 9.0, 7.0]]
assert xp.mean(x, axis=0).tolist() == [1.5, 2.5, 3.5]
assert pickle.loads(pickle.dumps(x)).tolist() == x.tolist()

try:
    import numpy as np
except ImportError:
    print("numpy not installed: DLPack round trip skipped")
else:
    n = np.from_dlpack(x)
    assert n.tolist() == x.tolist()
    n[0, 0] = 42.0  # zero-copy: the write shows in pyarray
    assert x[0, 0].tolist() == 42.0
    back = xp.from_dlpack(np.arange(4.0))
    assert back.tolist() == [0.0, 1.0, 2.0, 3.0]
    print("DLPack round trip with NumPy", np.__version__, "ok")

version = importlib.metadata.version("pyarray")
print(f"wheel smoke test passed: pyarray {version}, Python {sys.version.split()[0]}")
