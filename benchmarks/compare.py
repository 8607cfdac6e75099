"""Compare pyarray with NumPy on the benchmark cases, in one process.

Both libraries are timed on the same inputs, interleaved: for every case,
size and dtype, each repeat times NumPy and pyarray back to back (alternating
which goes first). A repeat runs the call ``number`` times, with ``number``
chosen like ``timeit.Timer.autorange`` (1, 2, 5, 10, 20, ... calls until a run
takes at least ``--min-time``). The table shows the median time per call over
the repeats and the ratio NumPy/pyarray: above 1 means pyarray is faster.

The cases are those of the asv suite (``benchmarks/benchmarks/cases.py``),
plus the time to import each library in a fresh interpreter.

Examples
--------
python benchmarks/compare.py --quick
python benchmarks/compare.py --group sorting --group linalg --markdown
python benchmarks/compare.py --plot ratios.png
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import importlib.util
import math
import platform
import statistics
import subprocess
import sys
import time
import timeit
from dataclasses import dataclass

import numpy as np

from benchmarks import cases

IMPORT_GROUP = "import"


@dataclass
class Row:
    """One line of the result table.

    Attributes
    ----------
    group, case, dtype, size : str
        What was timed.
    times : dict
        Median seconds per call, by library; missing if not measured.
    note : str
        Why a library was skipped, or the error it raised.
    """

    group: str
    case: str
    dtype: str
    size: str
    times: dict
    note: str = ""

    @property
    def ratio(self):
        """NumPy time / pyarray time, or None if either is missing.

        Returns
        -------
        float or None
            Above 1 when pyarray is faster.
        """
        numpy_time = self.times.get("numpy")
        pyarray_time = self.times.get("pyarray")
        if not numpy_time or not pyarray_time:
            return None
        return numpy_time / pyarray_time


# --- timing ------------------------------------------------------------------


def loop_count(timer, min_time):
    """Choose how many calls one timing run makes, like ``Timer.autorange``.

    Parameters
    ----------
    timer : timeit.Timer
        Timer of the call.
    min_time : float
        Minimum duration of one run, in seconds.

    Returns
    -------
    int
        The first of 1, 2, 5, 10, 20, 50, ... whose run takes ``min_time``.
    """
    base = 1
    while True:
        for factor in (1, 2, 5):
            number = base * factor
            if timer.timeit(number) >= min_time:
                return number
        base *= 10


# Seconds to wait after timing one library before timing the other, in
# groups whose NumPy calls use its BLAS: OpenBLAS's idle worker threads spin
# for ~0.1 s after each call (measured here: 0.1 s of CPU during 1 s idle),
# which took the second core from pyarray's threads when timed right after
# (a 512² float64 matmul: 4.4-5.9 ms just after NumPy, 3.0-3.5 ms 0.5 s later).
BLAS_SETTLE_SECONDS = 0.15
SETTLE_GROUPS = {"linalg"}


def time_interleaved(funcs, repeat, min_time, settle=0.0):
    """Time several callables, alternating between them on every repeat.

    Parameters
    ----------
    funcs : dict
        Zero-argument callables by library name.
    repeat : int
        Number of timing runs per callable.
    min_time : float
        Minimum duration of one run, in seconds.
    settle : float
        Seconds to sleep after each run, so that worker threads left
        spinning by one library do not slow down the next.

    Returns
    -------
    dict
        Median seconds per call, by library name.
    """
    timers = {lib: timeit.Timer(func) for lib, func in funcs.items()}
    numbers = {lib: loop_count(timer, min_time) for lib, timer in timers.items()}
    samples = {lib: [] for lib in funcs}
    order = list(funcs)
    for _ in range(repeat):
        for lib in order:
            samples[lib].append(timers[lib].timeit(numbers[lib]) / numbers[lib])
            time.sleep(settle)
        order.reverse()
    return {lib: statistics.median(values) for lib, values in samples.items()}


def time_import(library, runs):
    """Median time to import a library in a fresh interpreter.

    Parameters
    ----------
    library : str
        Module to import.
    runs : int
        Number of fresh interpreters to start.

    Returns
    -------
    float
        Median import time in seconds (interpreter start-up excluded).
    """
    code = (
        "import time\n"
        "start = time.perf_counter()\n"
        f"{cases.import_statement(library)}\n"
        "print(time.perf_counter() - start)\n"
    )
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if out.returncode != 0:
            lines = out.stderr.strip().splitlines() or [f"exit status {out.returncode}"]
            raise RuntimeError(lines[-1])
        times.append(float(out.stdout))
    return statistics.median(times)


# --- running cases -----------------------------------------------------------


def _error_text(exc):
    text = f"{type(exc).__name__}: {exc}".splitlines()[0]
    return text if len(text) <= 100 else text[:97] + "..."


def run_case(case, size, dtype, repeat, min_time):
    """Prepare and time one case for both libraries; never raises.

    Parameters
    ----------
    case : cases.Case
        The case.
    size : int
        Size parameter.
    dtype : str
        Dtype name.
    repeat : int
        Number of timing runs per library.
    min_time : float
        Minimum duration of one run, in seconds.

    Returns
    -------
    Row
        The timings, or a note on what was skipped or failed.
    """
    funcs, notes = {}, []
    for lib in cases.LIBRARIES:
        try:
            func = cases.prepare(case, lib, size, dtype)
            func()  # warm-up, and check that it runs
        except NotImplementedError as exc:
            notes.append(f"skipped: {exc}" if str(exc) else f"{lib} skipped")
        except Exception as exc:  # noqa: BLE001 - reported in the table
            notes.append(f"{lib} error: {_error_text(exc)}")
        else:
            funcs[lib] = func
    times = {}
    if funcs:
        try:
            settle = BLAS_SETTLE_SECONDS if case.group in SETTLE_GROUPS else 0.0
            times = time_interleaved(funcs, repeat, min_time, settle)
        except Exception as exc:  # noqa: BLE001 - reported in the table
            notes.append(f"error while timing: {_error_text(exc)}")
    del funcs
    gc.collect()
    return Row(case.group, case.name, dtype, case.label(size), times, "; ".join(notes))


def run_import(runs):
    """Time ``import numpy`` and ``import pyarray``; never raises.

    Parameters
    ----------
    runs : int
        Fresh interpreters started per library.

    Returns
    -------
    Row
        The median import times.
    """
    times, notes = {}, []
    for lib in cases.LIBRARIES:
        try:
            times[lib] = time_import(lib, runs)
        except Exception as exc:  # noqa: BLE001 - reported in the table
            notes.append(f"{lib} error: {_error_text(exc)}")
    return Row(IMPORT_GROUP, "import", "-", "-", times, "; ".join(notes))


# --- output ------------------------------------------------------------------

COLUMNS = ("group", "case", "dtype", "size", "NumPy", "pyarray", "NumPy/pyarray")
WIDTHS = (11, 15, 10, 13, 10, 10, 13)


def format_time(seconds):
    """Format a duration with a unit suited to its size.

    Parameters
    ----------
    seconds : float or None
        Duration; None gives ``"-"``.

    Returns
    -------
    str
        E.g. ``"812 ns"``, ``"3.40 ms"``.
    """
    if seconds is None:
        return "-"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def format_ratio(ratio):
    """Format a NumPy/pyarray ratio.

    Parameters
    ----------
    ratio : float or None
        The ratio; None gives ``"-"``.

    Returns
    -------
    str
        E.g. ``"1.52"``.
    """
    return "-" if ratio is None else f"{ratio:.2f}"


def cells(row):
    """Return the table cells of a row, without the note.

    Parameters
    ----------
    row : Row
        The row.

    Returns
    -------
    list of str
        One string per column of `COLUMNS`.
    """
    return [
        row.group,
        row.case,
        row.dtype,
        row.size,
        format_time(row.times.get("numpy")),
        format_time(row.times.get("pyarray")),
        format_ratio(row.ratio),
    ]


def text_line(values):
    """Join cells into one fixed-width line of the text table.

    Parameters
    ----------
    values : list of str
        Cells of `COLUMNS`, optionally followed by a note.

    Returns
    -------
    str
        The line.
    """
    # Text columns are left-aligned, time and ratio columns right-aligned.
    parts = [value.ljust(width) for value, width in zip(values[:4], WIDTHS[:4], strict=True)]
    parts += [value.rjust(width) for value, width in zip(values[4:7], WIDTHS[4:], strict=True)]
    parts += values[7:]  # the note, if any
    return "  ".join(parts).rstrip()


def geometric_mean(values):
    """Geometric mean of positive numbers.

    Parameters
    ----------
    values : list of float
        Positive values.

    Returns
    -------
    float or None
        The geometric mean, or None if ``values`` is empty.
    """
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def summary(rows):
    """Geometric mean of the ratio per group, and over all rows.

    Parameters
    ----------
    rows : list of Row
        Result rows.

    Returns
    -------
    list of tuple
        ``(group, geometric mean or None, rows with a ratio, rows without)``,
        one per group, then ``"all"`` (every group but ``import``).
    """
    result = []
    names = list(dict.fromkeys(row.group for row in rows))
    for name in [*names, "all"]:
        if name == "all":  # the import time is not an operation: left out
            selected = [r for r in rows if r.group != IMPORT_GROUP]
        else:
            selected = [r for r in rows if r.group == name]
        ratios = [r.ratio for r in selected if r.ratio is not None]
        gm = geometric_mean(ratios)
        result.append((name, gm, len(ratios), len(selected) - len(ratios)))
    return result


def print_text_summary(rows, out):
    """Print the per-group geometric means as text.

    Parameters
    ----------
    rows : list of Row
        Result rows.
    out : file
        Where to print.
    """
    print("\nGeometric mean of NumPy/pyarray (>1: pyarray faster)", file=out)
    for name, gm, measured, other in summary(rows):
        extra = f", {other} skipped or failed" if other else ""
        print(f"  {name:<12} {format_ratio(gm):>6}  ({measured} cases{extra})", file=out)


def print_markdown(rows, out):
    """Print the results and the summary as markdown tables.

    Parameters
    ----------
    rows : list of Row
        Result rows.
    out : file
        Where to print.
    """
    header = [*COLUMNS, "note"]
    print("| " + " | ".join(header) + " |", file=out)
    print(
        "|" + "|".join("---:" if i >= 4 and i < 7 else "---" for i in range(len(header))) + "|",
        file=out,
    )
    for row in rows:
        values = [*cells(row), row.note.replace("|", "\\|")]
        print("| " + " | ".join(values) + " |", file=out)
    print(
        "\n| group | geometric mean NumPy/pyarray | cases | skipped or failed |",
        file=out,
    )
    print("|---|---:|---:|---:|", file=out)
    for name, gm, measured, other in summary(rows):
        print(f"| {name} | {format_ratio(gm)} | {measured} | {other} |", file=out)


def plot(rows, path):
    """Save a bar chart of the NumPy/pyarray ratio of every measured row.

    Parameters
    ----------
    rows : list of Row
        Result rows; those without a ratio are left out.
    path : str
        Output image file, e.g. ``ratios.png``.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FormatStrFormatter, LogLocator, NullFormatter

    measured = [r for r in rows if r.ratio is not None]
    if not measured:
        print("nothing to plot: no case was timed for both libraries", file=sys.stderr)
        return
    names = list(dict.fromkeys(r.group for r in measured))
    colors = plt.get_cmap("tab10")
    ratios = [r.ratio for r in measured]
    positions = range(len(measured))
    fig, ax = plt.subplots(figsize=(9, 1.5 + 0.22 * len(measured)))
    # Bars start at 1: right of it pyarray is faster, left of it slower.
    ax.barh(
        positions,
        [ratio - 1 for ratio in ratios],
        left=1,
        color=[colors(names.index(r.group) % 10) for r in measured],
    )
    ax.set_yticks(
        list(positions),
        [f"{r.group}: {r.case} {r.dtype} {r.size}" for r in measured],
        fontsize=7,
    )
    ax.invert_yaxis()
    ax.set_xscale("log")
    limit = max(2.0, 1.1 * max(max(ratios), 1 / min(ratios)))
    ax.set_xlim(1 / limit, limit)
    ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    ax.xaxis.set_major_formatter(FormatStrFormatter("%g"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlabel("NumPy time / pyarray time (>1: pyarray faster)")
    ax.set_title("pyarray vs NumPy")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    print(f"plot saved to {path}", file=sys.stderr)


# --- command line ------------------------------------------------------------


def version(module):
    """Version of an imported module, from itself or its installed metadata.

    Parameters
    ----------
    module : module
        The module.

    Returns
    -------
    str
        The version, or ``"?"`` if unknown.
    """
    found = getattr(module, "__version__", None)
    if found is None:
        try:
            found = importlib.metadata.version(module.__name__)
        except importlib.metadata.PackageNotFoundError:
            found = "?"
    return found


def parse_args(argv=None):
    """Parse the command line.

    Parameters
    ----------
    argv : list of str, optional
        Arguments; defaults to ``sys.argv[1:]``.

    Returns
    -------
    argparse.Namespace
        The options.
    """
    group_names = [*cases.groups(), IMPORT_GROUP]
    parser = argparse.ArgumentParser(
        description="Time pyarray against NumPy, interleaved in one process.",
    )
    parser.add_argument(
        "--group",
        action="append",
        choices=group_names,
        metavar="NAME",
        help=f"run only this group (repeatable): {', '.join(group_names)}",
    )
    parser.add_argument(
        "-k",
        "--case",
        action="append",
        metavar="TEXT",
        help="run only cases whose name contains TEXT (repeatable)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="fewer repeats, shorter runs and sizes up to "
        f"{cases.QUICK_MAX_SIZE} (or each case's smallest)",
    )
    parser.add_argument("--repeat", type=int, help="timing runs per call")
    parser.add_argument("--min-time", type=float, help="minimum seconds per timing run")
    parser.add_argument(
        "--markdown", action="store_true", help="print the results as markdown tables"
    )
    parser.add_argument(
        "--plot",
        metavar="FILE",
        help="save a bar chart of the ratios (needs matplotlib)",
    )
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    args = parser.parse_args(argv)
    if args.repeat is None:
        args.repeat = 3 if args.quick else 7
    if args.min_time is None:
        args.min_time = 0.01 if args.quick else 0.05
    return args


def selected_cases(args):
    """Return the cases chosen by ``--group`` and ``--case``.

    Parameters
    ----------
    args : argparse.Namespace
        The options.

    Returns
    -------
    list of cases.Case
        The selected cases, in definition order.
    """
    chosen = []
    for c in cases.CASES:
        if args.group and c.group not in args.group:
            continue
        if args.case and not any(text in c.name for text in args.case):
            continue
        chosen.append(c)
    return chosen


def main(argv=None):
    """Run the comparison and print the table.

    Parameters
    ----------
    argv : list of str, optional
        Command-line arguments; defaults to ``sys.argv[1:]``.

    Returns
    -------
    int
        Exit status: 0 on success, 1 if pyarray cannot be imported, 2 if
        ``--plot`` is given without matplotlib.
    """
    args = parse_args(argv)
    todo = selected_cases(args)
    run_import_case = (not args.group or IMPORT_GROUP in args.group) and (
        not args.case or any(text in "import" for text in args.case)
    )
    if args.list:
        for c in todo:
            sizes = ", ".join(c.label(s) for s in c.sizes)
            print(f"{c.group:<12} {c.name:<16} {c.title}  [{sizes}] {', '.join(c.dtypes)}")
        if run_import_case:
            print(f"{IMPORT_GROUP:<12} {'import':<16} import time, fresh process")
        return 0

    if args.plot and importlib.util.find_spec("matplotlib") is None:
        print(
            "error: --plot needs matplotlib, which is not installed (pip install matplotlib)",
            file=sys.stderr,
        )
        return 2
    try:
        pyarray = cases.namespace("pyarray")
    except NotImplementedError as exc:
        print(
            f"error: {exc}\npyarray must be built and importable before it "
            "can be benchmarked (e.g. `maturin develop --release`).",
            file=sys.stderr,
        )
        return 1

    # Progress goes to stdout as text, or to stderr when stdout gets markdown.
    progress = sys.stderr if args.markdown else sys.stdout
    print(
        f"numpy {np.__version__}, pyarray "
        f"{version(pyarray)}, Python "
        f"{platform.python_version()} on {platform.machine()}; "
        f"repeat={args.repeat}, min-time={args.min_time}s"
        f"{', quick' if args.quick else ''}",
        file=progress,
    )
    print(text_line([*COLUMNS, "note"]), file=progress, flush=True)

    rows = []
    try:
        for c in todo:
            sizes = c.quick_sizes if args.quick else c.sizes
            for size in sizes:
                for dtype in c.dtypes:
                    row = run_case(c, size, dtype, args.repeat, args.min_time)
                    rows.append(row)
                    print(text_line([*cells(row), row.note]), file=progress, flush=True)
        if run_import_case:
            row = run_import(5 if args.quick else 15)
            rows.append(row)
            print(text_line([*cells(row), row.note]), file=progress, flush=True)
    except KeyboardInterrupt:
        print("interrupted: results so far", file=progress)

    if args.markdown:
        print_markdown(rows, sys.stdout)
    else:
        print_text_summary(rows, sys.stdout)
    if args.plot:
        plot(rows, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
