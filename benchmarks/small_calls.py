"""Per-call overhead on tiny arrays, NumPy against pyarray, in one process.

Each statement runs on 10-element float64 arrays (``x``, ``y``) and a 3x4
matrix (``m``); the time is the best of 7 repeats of 20000 calls, so it is
the call's fixed cost, not its arithmetic. Run with a release build::

    python benchmarks/small_calls.py
"""

import timeit

import numpy as np

import pyarray as xp

STATEMENTS = [
    "x + y",
    "x + 1.0",
    "x * y",
    "x > y",
    "mod.sin(x)",
    "mod.abs(x)",
    "x[::2]",
    "x[3]",
    "m[1:, 2]",
    "mod.sum(x)",
    "mod.mean(x)",
    "mod.argmax(x)",
    "mod.sort(x)",
    "mod.reshape(x, (2, 5))",
    "mod.zeros(10)",
    "mod.where(x > y, x, y)",
    "mod.concat([x, y])",
    "mod.asarray(x)",
]


def call_time(statement, mod, number=20000, repeat=7):
    """Return the best time of one call of ``statement`` in nanoseconds.

    Parameters
    ----------
    statement : str
        Python expression using ``x``, ``y``, ``m`` and ``mod`` (the library).
    mod : module
        ``numpy`` or ``pyarray``.
    number, repeat : int
        Calls per timing and timings taken (the minimum is reported).

    Returns
    -------
    float
        Nanoseconds per call.
    """
    names = {
        "x": mod.linspace(0, 1, 10),
        "y": mod.linspace(1, 2, 10),
        "m": mod.reshape(mod.arange(12.0), (3, 4)),
        "mod": mod,
    }
    timer = timeit.Timer(statement, globals=names)
    return min(timer.repeat(repeat, number)) / number * 1e9


def main():
    """Print NumPy and pyarray times and their ratio for every statement."""
    print(f"{'statement':28s} {'NumPy ns':>9s} {'pyarray ns':>11s} {'NumPy/pyarray':>14s}")
    for statement in STATEMENTS:
        t_np = call_time(statement, np)
        t_xp = call_time(statement, xp)
        print(f"{statement:28s} {t_np:9.0f} {t_xp:11.0f} {t_np / t_xp:14.2f}")


if __name__ == "__main__":
    main()
