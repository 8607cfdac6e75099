"""Benchmark cases shared by the asv suite and ``benchmarks/compare.py``.

Every case is defined once here. A case has a ``make(xp, size, dtype)``
function that builds its inputs with NumPy (seeded), converts them with
``xp.asarray`` and returns a zero-argument callable that runs the measured
operation once. ``xp`` is the namespace of the library under test: ``numpy``
or ``pyarray``.

A case that the library cannot run yet (missing function, method or dtype)
raises ``NotImplementedError`` while it is being prepared: asv then skips it
and ``compare.py`` notes it in its table.
"""

from __future__ import annotations

import importlib
import inspect
import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from types import ModuleType

import numpy as np

LIBRARIES = ("numpy", "pyarray")
SIZES = (1, 100, 10**4, 10**6, 10**7)
FLOATS = ("float64", "float32")
MATMUL_SIZES = (64, 512, 1000)
SEED = 20251201
QUICK_MAX_SIZE = 10**5


@dataclass(frozen=True)
class Case:
    """One benchmark case, run for every size and dtype it lists.

    Attributes
    ----------
    group : str
        Group name, e.g. ``"elementwise"``; one asv module per group.
    name : str
        Identifier of the case, unique within its group.
    title : str
        Short human-readable description of what is timed.
    make : callable
        ``make(xp, size, dtype)`` returns a zero-argument callable that runs
        the operation once.
    sizes : tuple of int
        Values of the size parameter.
    dtypes : tuple of str
        Names of the dtypes the case is run with.
    needs : tuple of str
        Dotted names that the namespace must have, e.g. ``"linalg.solve"``.
    label : callable
        Turns a size into the text shown in tables, e.g. ``"500x500"``.
    """

    group: str
    name: str
    title: str
    make: Callable[[ModuleType, int, str], Callable[[], object]]
    sizes: tuple[int, ...] = SIZES
    dtypes: tuple[str, ...] = ("float64",)
    needs: tuple[str, ...] = ()
    label: Callable[[int], str] = str

    @property
    def quick_sizes(self):
        """Sizes used by ``compare.py --quick``: the small ones, or the smallest.

        Returns
        -------
        tuple of int
            The sizes not above ``QUICK_MAX_SIZE``, or the smallest size.
        """
        small = tuple(size for size in self.sizes if size <= QUICK_MAX_SIZE)
        return small or (min(self.sizes),)

    @property
    def source(self):
        """Source code of the case, shown by asv and used for its version.

        Returns
        -------
        str
            The case title followed by the source of ``make``.
        """
        func = getattr(self.make, "func", self.make)  # unwrap functools.partial
        try:
            code = inspect.getsource(func)
        except (OSError, TypeError):
            code = ""
        return f"# {self.group}.{self.name}: {self.title}\n{code}"


CASES: list[Case] = []


def case(group, name, title, **options):
    """Register the decorated ``make`` function as a `Case`.

    Parameters
    ----------
    group, name, title : str
        See `Case`.
    **options
        Other `Case` fields: ``sizes``, ``dtypes``, ``needs``, ``label``.

    Returns
    -------
    callable
        A decorator that registers the function and returns it unchanged.
    """

    def register(make):
        CASES.append(Case(group, name, title, make, **options))
        return make

    return register


def cases_in(group):
    """Return the cases of one group, in definition order.

    Parameters
    ----------
    group : str
        Group name.

    Returns
    -------
    list of Case
        The cases of that group.
    """
    return [c for c in CASES if c.group == group]


def groups():
    """Return the group names, in definition order.

    Returns
    -------
    list of str
        Each group name once.
    """
    return list(dict.fromkeys(c.group for c in CASES))


# --- Namespaces and checks ---------------------------------------------------


def namespace(library):
    """Import the array namespace of a library.

    Parameters
    ----------
    library : str
        ``"numpy"`` or ``"pyarray"``.

    Returns
    -------
    module
        The imported module.

    Raises
    ------
    NotImplementedError
        If the module cannot be imported or has no ``asarray`` (for pyarray
        this usually means the extension module has not been built).
    """
    try:
        module = importlib.import_module(library)
    except ImportError as exc:
        raise NotImplementedError(f"cannot import {library}: {exc}") from exc
    if not hasattr(module, "asarray"):
        where = list(getattr(module, "__path__", [])) or module.__file__
        raise NotImplementedError(
            f"{library} (from {where}) has no asarray: is the extension built?"
        )
    return module


def require(obj, *names, owner=None):
    """Check that ``obj`` has the (dotted) attributes ``names``.

    Parameters
    ----------
    obj : object
        A namespace, an array or an array type.
    *names : str
        Attribute names; dots reach into sub-namespaces (``"linalg.svd"``).
    owner : str, optional
        Name used in the error message; defaults to the module name, or the
        qualified name of the (array) type.

    Raises
    ------
    NotImplementedError
        If an attribute is missing.
    """
    if owner is None:
        if isinstance(obj, ModuleType):
            owner = obj.__name__
        else:
            cls = obj if isinstance(obj, type) else type(obj)
            owner = f"{cls.__module__}.{cls.__qualname__}"
    for name in names:
        target = obj
        for part in name.split("."):
            if not hasattr(target, part):
                raise NotImplementedError(f"{owner} has no {name}")
            target = getattr(target, part)


def prepare(case, library, size, dtype):
    """Build the inputs of a case and return the callable to time.

    Parameters
    ----------
    case : Case
        The case.
    library : str
        ``"numpy"`` or ``"pyarray"``.
    size : int
        One of ``case.sizes``.
    dtype : str
        One of ``case.dtypes``.

    Returns
    -------
    callable
        Zero-argument callable running the operation once.

    Raises
    ------
    NotImplementedError
        If the library lacks something the case needs.
    """
    xp = namespace(library)
    require(xp, dtype, *case.needs)
    return case.make(xp, size, dtype)


def import_statement(library):
    """Return the statement timed by the import-time case.

    Parameters
    ----------
    library : str
        ``"numpy"`` or ``"pyarray"``.

    Returns
    -------
    str
        Python source that imports the library.
    """
    return f"import {library}"


# --- Inputs (made with NumPy, seeded, then converted with xp.asarray) -------


def _rng(seed):
    return np.random.default_rng(SEED + seed)


def normal(xp, shape, dtype="float64", seed=0):
    """Standard-normal array converted with ``xp.asarray``.

    Parameters
    ----------
    xp : module
        Target namespace.
    shape : int or tuple of int
        Shape of the array.
    dtype : str, optional
        Real or complex floating-point dtype name.
    seed : int, optional
        Offset added to the suite seed.

    Returns
    -------
    array
        The array, in namespace ``xp``.
    """
    rng = _rng(seed)
    values = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return xp.asarray(values.astype(dtype))


def uniform(xp, shape, dtype="float64", low=0.5, high=2.0, seed=0):
    """Uniform array in ``[low, high)`` converted with ``xp.asarray``.

    Parameters
    ----------
    xp : module
        Target namespace.
    shape : int or tuple of int
        Shape of the array.
    dtype : str, optional
        Floating-point dtype name.
    low, high : float, optional
        Bounds of the values.
    seed : int, optional
        Offset added to the suite seed.

    Returns
    -------
    array
        The array, in namespace ``xp``.
    """
    return xp.asarray(_rng(seed).uniform(low, high, shape).astype(dtype))


def integers(xp, shape, high, dtype="int64", seed=0):
    """Random integers in ``[0, high)``, cast to ``dtype``, via ``xp.asarray``.

    Parameters
    ----------
    xp : module
        Target namespace.
    shape : int or tuple of int
        Shape of the array.
    high : int
        Exclusive upper bound of the values.
    dtype : str, optional
        Dtype name of the result (may be a floating-point dtype).
    seed : int, optional
        Offset added to the suite seed.

    Returns
    -------
    array
        The array, in namespace ``xp``.
    """
    return xp.asarray(_rng(seed).integers(0, high, shape).astype(dtype))


def side(size):
    """Side ``n`` of a square ``(n, n)`` array with about ``size`` elements.

    Parameters
    ----------
    size : int
        Wanted number of elements.

    Returns
    -------
    int
        ``round(sqrt(size))``, at least 1.
    """
    return max(1, round(math.sqrt(size)))


def square(size):
    """Label ``"NxN"`` of a square array of side ``size``.

    Parameters
    ----------
    size : int
        Side of the array.

    Returns
    -------
    str
        The label.
    """
    return f"{size}x{size}"


def _square_of_about(size):
    return square(side(size))


# --- elementwise -------------------------------------------------------------


def _binary(func_name, xp, size, dtype):
    x = normal(xp, size, dtype, seed=0)
    y = normal(xp, size, dtype, seed=1)
    return partial(getattr(xp, func_name), x, y)


def _unary(func_name, inputs, xp, size, dtype):
    x = inputs(xp, size, dtype)
    return partial(getattr(xp, func_name), x)


for _name in ("add", "multiply", "divide", "greater"):
    CASES.append(
        Case(
            "elementwise",
            _name,
            f"xp.{_name}(x, y)",
            partial(_binary, _name),
            dtypes=FLOATS,
            needs=(_name,),
        )
    )

for _name, _inputs, _what in (
    ("exp", normal, "normal"),
    ("log", uniform, "in [0.5, 2)"),
    ("sin", normal, "normal"),
    ("cos", normal, "normal"),
    ("tan", normal, "normal"),
    ("sqrt", uniform, "in [0.5, 2)"),
    ("abs", normal, "normal"),
):
    CASES.append(
        Case(
            "elementwise",
            _name,
            f"xp.{_name}(x), x {_what}",
            partial(_unary, _name, _inputs),
            dtypes=FLOATS,
            needs=(_name,),
        )
    )


# The other transcendental functions, each on its domain (NumPy has SIMD
# kernels for all of them on AVX-512 machines).
_in_unit = partial(uniform, low=-0.9, high=0.9)
for _name, _inputs, _what in (
    ("expm1", normal, "normal"),
    ("log1p", uniform, "in [0.5, 2)"),
    ("log2", uniform, "in [0.5, 2)"),
    ("log10", uniform, "in [0.5, 2)"),
    ("sinh", normal, "normal"),
    ("cosh", normal, "normal"),
    ("tanh", normal, "normal"),
    ("asin", _in_unit, "in [-0.9, 0.9)"),
    ("acos", _in_unit, "in [-0.9, 0.9)"),
    ("atan", normal, "normal"),
    ("asinh", normal, "normal"),
    ("acosh", partial(uniform, low=1.1, high=10.0), "in [1.1, 10)"),
    ("atanh", _in_unit, "in [-0.9, 0.9)"),
):
    CASES.append(
        Case(
            "transcendental",
            _name,
            f"xp.{_name}(x), x {_what}",
            partial(_unary, _name, _inputs),
            dtypes=FLOATS,
            needs=(_name,),
        )
    )


@case("transcendental", "pow", "xp.pow(x, y), x in [0.5, 2), y normal", dtypes=FLOATS)
def _pow(xp, size, dtype):
    x = uniform(xp, size, dtype, seed=0)
    y = normal(xp, size, dtype, seed=1)
    return partial(xp.pow, x, y)


@case("elementwise", "square_operator", "x ** 2", dtypes=FLOATS)
def _square_operator(xp, size, dtype):
    x = normal(xp, size, dtype, seed=0)
    require(type(x), "__pow__")
    return lambda: x**2


@case("elementwise", "sqrt_operator", "x ** 0.5, x in [0.5, 2)", dtypes=FLOATS)
def _sqrt_operator(xp, size, dtype):
    x = uniform(xp, size, dtype, seed=0)
    require(type(x), "__pow__")
    return lambda: x**0.5


@case("transcendental", "atan2", "xp.atan2(y, x), both normal", dtypes=FLOATS)
def _atan2(xp, size, dtype):
    return _binary("atan2", xp, size, dtype)


@case("elementwise", "add_operator", "x + y", dtypes=FLOATS)
def _add_operator(xp, size, dtype):
    x = normal(xp, size, dtype, seed=0)
    y = normal(xp, size, dtype, seed=1)
    require(type(x), "__add__")
    # A closure, not partial(operator.add, x, y): with the inputs referenced
    # only by the partial's argument tuple, NumPy's temporary elision sees a
    # refcount of 1 and writes the sum into x (arrays >= 256 KiB), so NumPy
    # was timed adding in place and the inputs drifted on every call.
    return lambda: x + y


@case("elementwise", "where", "xp.where(x > 0, x, y)", dtypes=FLOATS, needs=("where",))
def _where(xp, size, dtype):
    x = normal(xp, size, dtype, seed=0)
    y = normal(xp, size, dtype, seed=1)
    require(type(x), "__gt__")
    return lambda: xp.where(x > 0, x, y)


@case(
    "elementwise",
    "transpose_add",
    "a.T + b, (n, n) with n*n ~ size",
    dtypes=FLOATS,
    label=_square_of_about,
)
def _transpose_add(xp, size, dtype):
    n = side(size)
    a = normal(xp, (n, n), dtype, seed=0)
    b = normal(xp, (n, n), dtype, seed=1)
    require(a, "T", "__add__")
    return lambda: a.T + b


@case(
    "elementwise",
    "transpose_abs",
    "xp.abs(a.T), (n, n) with n*n ~ size",
    dtypes=FLOATS,
    sizes=(100, 10**4, 10**6),
    needs=("abs",),
    label=_square_of_about,
)
def _transpose_abs(xp, size, dtype):
    a = normal(xp, (side(size), side(size)), dtype, seed=0)
    require(a, "T")
    return lambda: xp.abs(a.T)


@case(
    "elementwise",
    "transpose_both_add",
    "a.T + b.T, (n, n) with n*n ~ size",
    dtypes=FLOATS,
    sizes=(100, 10**4, 10**6),
    label=_square_of_about,
)
def _transpose_both_add(xp, size, dtype):
    a = normal(xp, (side(size), side(size)), dtype, seed=0)
    b = normal(xp, (side(size), side(size)), dtype, seed=1)
    require(a, "T", "__add__")
    return lambda: a.T + b.T


@case(
    "elementwise",
    "transpose_row_add",
    "a.T + v, (n, n) with n*n ~ size, v of n elements",
    dtypes=FLOATS,
    sizes=(100, 10**4, 10**6),
    label=_square_of_about,
)
def _transpose_row_add(xp, size, dtype):
    a = normal(xp, (side(size), side(size)), dtype, seed=0)
    v = normal(xp, (side(size),), dtype, seed=1)
    require(a, "T", "__add__")
    return lambda: a.T + v


@case(
    "elementwise",
    "transpose_clip",
    "xp.clip(a.T, -1, 1), (n, n) with n*n ~ size",
    dtypes=FLOATS,
    sizes=(100, 10**4, 10**6),
    needs=("clip",),
    label=_square_of_about,
)
def _transpose_clip(xp, size, dtype):
    a = normal(xp, (side(size), side(size)), dtype, seed=0)
    require(a, "T")
    return lambda: xp.clip(a.T, -1.0, 1.0)


@case(
    "elementwise",
    "log_strided",
    "xp.log(x[::2]), x in [0.5, 2) of 2*size elements",
    dtypes=FLOATS,
    sizes=(100, 10**4, 10**6),
    needs=("log",),
)
def _log_strided(xp, size, dtype):
    x = uniform(xp, 2 * size, dtype)
    return lambda: xp.log(x[::2])


@case(
    "elementwise",
    "broadcast_add",
    "(n, 1) + (1, n), n*n ~ size",
    dtypes=FLOATS,
    label=_square_of_about,
)
def _broadcast_add(xp, size, dtype):
    n = side(size)
    a = normal(xp, (n, 1), dtype, seed=0)
    b = normal(xp, (1, n), dtype, seed=1)
    require(a, "__add__")
    return lambda: a + b  # a closure, for the reason given in _add_operator


# --- creation ----------------------------------------------------------------


def _filled(func_name, xp, size, dtype):
    return partial(getattr(xp, func_name), size, dtype=getattr(xp, dtype))


for _name in ("zeros", "ones", "empty"):
    CASES.append(
        Case(
            "creation",
            _name,
            f"xp.{_name}(size, dtype=dtype)",
            partial(_filled, _name),
            needs=(_name,),
        )
    )


@case("creation", "arange", "xp.arange(size, dtype=dtype)", needs=("arange",))
def _arange(xp, size, dtype):
    return partial(xp.arange, size, dtype=getattr(xp, dtype))


@case("creation", "asarray_list", "xp.asarray(list of floats)", sizes=(1000,))
def _asarray_list(xp, size, dtype):
    values = _rng(0).standard_normal(size).astype(dtype).tolist()
    return partial(xp.asarray, values)


# astype in the creation group (it makes a new array): one case per target
# dtype, the source dtype in the dtype column. Float sources hold values in
# [0, 200), which every target represents.
_CASTS = {
    "int32": ("float64", "float32"),
    "uint8": ("float32", "int64"),
    "float64": ("uint64", "int32"),
    "float32": ("int64", "float64"),
}


def _astype(target, xp, size, dtype):
    if dtype.startswith("float"):
        x = uniform(xp, size, dtype, low=0.0, high=200.0)
    else:
        x = integers(xp, size, high=200, dtype=dtype)
    return partial(xp.astype, x, getattr(xp, target))


for _target, _sources in _CASTS.items():
    CASES.append(
        Case(
            "creation",
            f"astype_{_target}",
            f"xp.astype(x, {_target}), x of the dtype column",
            partial(_astype, _target),
            sizes=(10**4, 10**6),
            dtypes=_sources,
            needs=("astype",),
        )
    )


# --- reductions --------------------------------------------------------------


def _reduce(func_name, xp, size, dtype):
    x = normal(xp, size, dtype)
    return partial(getattr(xp, func_name), x)


def _reduce_axis(func_name, axis, xp, size, dtype):
    x = normal(xp, (size, size), dtype)
    return partial(getattr(xp, func_name), x, axis=axis)


for _name in ("sum", "mean", "std", "argmax", "cumulative_sum"):
    CASES.append(
        Case(
            "reductions",
            _name,
            f"xp.{_name}(x)",
            partial(_reduce, _name),
            needs=(_name,),
        )
    )

for _name in ("sum", "mean", "std"):
    for _axis in (0, 1):
        CASES.append(
            Case(
                "reductions",
                f"{_name}_axis{_axis}",
                f"xp.{_name}(x, axis={_axis})",
                partial(_reduce_axis, _name, _axis),
                sizes=(3000,),
                needs=(_name,),
                label=square,
            )
        )


# --- sorting -----------------------------------------------------------------

# 8-byte and 4-byte values: pyarray sorts them as 64- and 32-bit keys.
_SORT_DTYPES = ("float64", "int64", "float32", "int32")


def _sort_input(xp, size, dtype):
    if dtype.startswith("int"):
        return integers(xp, size, high=10**9, dtype=dtype)
    return normal(xp, size, dtype)


def _sort(func_name, kwargs, xp, size, dtype):
    x = _sort_input(xp, size, dtype)
    return partial(getattr(xp, func_name), x, **kwargs)


for _name in ("sort", "argsort"):
    for _suffix, _kwargs in (("", {}), ("_stable", {"stable": True})):
        _args = "".join(f", {k}={v}" for k, v in _kwargs.items())
        CASES.append(
            Case(
                "sorting",
                _name + _suffix,
                f"xp.{_name}(x{_args})",
                partial(_sort, _name, _kwargs),
                sizes=(10**4, 10**6),
                dtypes=_SORT_DTYPES,
                needs=(_name,),
            )
        )


@case(
    "sorting",
    "unique_values",
    "xp.unique_values(x), about size/10 distinct values",
    sizes=(10**4, 10**6),
    dtypes=("int64", "float64"),
    needs=("unique_values",),
)
def _unique_values(xp, size, dtype):
    x = integers(xp, size, high=max(1, size // 10), dtype=dtype)
    return partial(xp.unique_values, x)


# --- indexing ----------------------------------------------------------------


@case("indexing", "take", "xp.take(x, idx), len(idx) == size", sizes=(10**4, 10**6))
def _take(xp, size, dtype):
    require(xp, "take", "int64")
    x = normal(xp, size, dtype)
    idx = integers(xp, size, high=size, dtype="int64", seed=1)
    return partial(xp.take, x, idx)


def _mask_input(xp, size, dtype):
    values = _rng(0).standard_normal(size).astype(dtype)
    return xp.asarray(values), xp.asarray(values > 0)


@case("indexing", "mask_get", "x[mask], half True", sizes=(10**4, 10**6))
def _mask_get(xp, size, dtype):
    x, mask = _mask_input(xp, size, dtype)
    require(type(x), "__getitem__")
    return partial(operator.getitem, x, mask)


@case("indexing", "mask_set", "x[mask] = 0, half True", sizes=(10**4, 10**6))
def _mask_set(xp, size, dtype):
    x, mask = _mask_input(xp, size, dtype)
    require(type(x), "__setitem__")
    return partial(operator.setitem, x, mask, 0)


def _small_arrays(xp, count, dtype):
    return [normal(xp, 10, dtype, seed=i) for i in range(count)]


@case(
    "indexing",
    "concat",
    "xp.concat(arrays), size arrays of shape (10,)",
    sizes=(1000,),
    needs=("concat",),
    label="{} x (10,)".format,
)
def _concat(xp, size, dtype):
    return partial(xp.concat, _small_arrays(xp, size, dtype))


@case(
    "indexing",
    "stack",
    "xp.stack(arrays), size arrays of shape (10,)",
    sizes=(1000,),
    needs=("stack",),
    label="{} x (10,)".format,
)
def _stack(xp, size, dtype):
    return partial(xp.stack, _small_arrays(xp, size, dtype))


@case("indexing", "slice_step", "x[::2]", sizes=(1, 100, 10**4))
def _slice_step(xp, size, dtype):
    x = normal(xp, size, dtype)
    require(type(x), "__getitem__")
    return partial(operator.getitem, x, slice(None, None, 2))


# --- linalg ------------------------------------------------------------------


@case(
    "linalg",
    "matmul",
    "xp.matmul(a, b), (n, n) @ (n, n)",
    sizes=MATMUL_SIZES,
    dtypes=FLOATS,
    needs=("matmul",),
    label=square,
)
def _matmul(xp, size, dtype):
    a = normal(xp, (size, size), dtype, seed=0)
    b = normal(xp, (size, size), dtype, seed=1)
    return partial(xp.matmul, a, b)


@case(
    "linalg",
    "matmul_batched",
    "xp.matmul(a, b), (size, 16, 16) stacks",
    sizes=(1000,),
    dtypes=FLOATS,
    needs=("matmul",),
    label="{}x16x16".format,
)
def _matmul_batched(xp, size, dtype):
    a = normal(xp, (size, 16, 16), dtype, seed=0)
    b = normal(xp, (size, 16, 16), dtype, seed=1)
    return partial(xp.matmul, a, b)


@case(
    "linalg",
    "matvec",
    "xp.matmul(a, v), (n, n) @ (n,)",
    sizes=MATMUL_SIZES,
    dtypes=FLOATS,
    needs=("matmul",),
    label=square,
)
def _matvec(xp, size, dtype):
    a = normal(xp, (size, size), dtype, seed=0)
    v = normal(xp, size, dtype, seed=1)
    return partial(xp.matmul, a, v)


def _spd_matrix(n, dtype):
    """Well-conditioned symmetric positive-definite NumPy matrix."""
    m = _rng(0).standard_normal((n, n))
    return (m @ m.T / n + np.eye(n)).astype(dtype)


def _linalg(func_name, xp, size, dtype):
    a = xp.asarray(_spd_matrix(size, dtype))
    func = getattr(xp.linalg, func_name)
    if func_name == "solve":
        b = normal(xp, (size, 1), dtype, seed=1)
        return partial(func, a, b)
    return partial(func, a)


for _name, _args in (
    ("solve", "a, b), b of shape (n, 1"),
    ("inv", "a"),
    ("cholesky", "a"),
    ("svd", "a"),
    ("eigh", "a"),
):
    CASES.append(
        Case(
            "linalg",
            _name,
            f"xp.linalg.{_name}({_args}), a symmetric positive definite",
            partial(_linalg, _name),
            sizes=(500,),
            needs=(f"linalg.{_name}",),
            label=square,
        )
    )


def _spd_stack(count, n, dtype):
    """A (count, n, n) NumPy stack of well-conditioned SPD matrices."""
    m = _rng(0).standard_normal((count, n, n))
    return (m @ np.swapaxes(m, -1, -2) / n + np.eye(n)).astype(dtype)


def _linalg_batched(func_name, xp, size, dtype):
    a = xp.asarray(_spd_stack(size, 8, dtype))
    func = getattr(xp.linalg, func_name)
    if func_name == "solve":
        b = normal(xp, (size, 8, 1), dtype, seed=1)
        return partial(func, a, b)
    return partial(func, a)


for _name in ("solve", "inv", "det", "cholesky", "eigh"):
    CASES.append(
        Case(
            "linalg",
            f"{_name}_batched",
            f"xp.linalg.{_name} of a (size, 8, 8) stack of SPD matrices",
            partial(_linalg_batched, _name),
            sizes=(1000,),
            needs=(f"linalg.{_name}",),
            label="{}x8x8".format,
        )
    )


# --- fft ---------------------------------------------------------------------


@case(
    "fft",
    "fft",
    "xp.fft.fft(x), complex x",
    sizes=(2**20, 10**6),
    dtypes=("complex128",),
    needs=("fft.fft",),
)
def _fft(xp, size, dtype):
    return partial(xp.fft.fft, normal(xp, size, dtype))


@case("fft", "rfft", "xp.fft.rfft(x)", sizes=(2**20, 10**6), needs=("fft.rfft",))
def _rfft(xp, size, dtype):
    return partial(xp.fft.rfft, normal(xp, size, dtype))


@case(
    "fft",
    "fftn",
    "xp.fft.fftn(x), complex x",
    sizes=(512,),
    dtypes=("complex128",),
    needs=("fft.fftn",),
    label=square,
)
def _fftn(xp, size, dtype):
    return partial(xp.fft.fftn, normal(xp, (size, size), dtype))


# --- dlpack (NumPy's own from_dlpack is the baseline) ------------------------


@case(
    "dlpack",
    "from_numpy",
    "xp.from_dlpack(a), a: NumPy array",
    needs=("from_dlpack",),
)
def _dlpack_from_numpy(xp, size, dtype):
    a = normal(np, size, dtype)
    return partial(xp.from_dlpack, a)


@case("dlpack", "to_numpy", "np.from_dlpack(x), x: xp array")
def _dlpack_to_numpy(xp, size, dtype):
    x = normal(xp, size, dtype)
    require(x, "__dlpack__", "__dlpack_device__")
    return partial(np.from_dlpack, x)


@case(
    "dlpack",
    "round_trip",
    "np.from_dlpack(xp.from_dlpack(a)), a: NumPy array",
    needs=("from_dlpack",),
)
def _dlpack_round_trip(xp, size, dtype):
    a = normal(np, size, dtype)
    return lambda: np.from_dlpack(xp.from_dlpack(a))


# --- asv glue ----------------------------------------------------------------


def _class_name(name):
    return "".join(part.capitalize() for part in name.split("_"))


def _asv_class(case_):
    """Build the asv benchmark class of one case."""

    def setup(self, library, size, dtype):
        self.func = prepare(case_, library, size, dtype)

    def time_case(self, library, size, dtype):
        self.func()

    time_case.pretty_source = case_.source
    return type(
        _class_name(case_.name),
        (),
        {
            "__doc__": case_.title,
            "params": [list(LIBRARIES), list(case_.sizes), list(case_.dtypes)],
            "param_names": ["library", "size", "dtype"],
            "timeout": 300,
            "setup": setup,
            f"time_{case_.name}": time_case,
        },
    )


def asv_classes(group):
    """Return the asv benchmark classes of a group, by class name.

    A benchmark module adds them to its globals, where asv finds them.

    Parameters
    ----------
    group : str
        Group name.

    Returns
    -------
    dict
        Maps class names (``"SortStable"``) to classes with a ``setup`` and one
        ``time_<case name>`` method, parametrized by library, size and dtype.
    """
    return {_class_name(c.name): _asv_class(c) for c in cases_in(group)}
