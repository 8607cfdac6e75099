"""Every public name has a numpydoc docstring, and its Examples are true.

Covers the functions and classes of ``pyarray``, ``pyarray.linalg`` and
``pyarray.fft``, the methods of ``Array`` that can carry a
docstring, and the inspection namespace. The examples run as doctests with
``xp`` (pyarray) already imported, so they stay in step with the code.
"""

import doctest
import inspect

import pytest

import pyarray as xp

# Operator slots (__add__, ...) are filled by pyo3 and cannot carry a
# docstring: the Array class docstring documents them instead.
SLOT_TYPE = type(int.__add__)


def public_objects():
    """Return (qualified name, object) for every documented public object."""
    found = []
    for module, prefix in [(xp, "xp"), (xp.linalg, "xp.linalg"), (xp.fft, "xp.fft")]:
        for name in sorted(set(module.__all__)):
            obj = getattr(module, name)
            if name.startswith("_") and name != "__array_namespace_info__":
                continue
            if callable(obj) and not isinstance(obj, xp.dtype):
                found.append((f"{prefix}.{name}", obj))
    for name, member in vars(xp.Array).items():
        if callable(member) and not isinstance(member, SLOT_TYPE):
            if not name.startswith("_") or (name.startswith("__") and name != "__new__"):
                found.append((f"Array.{name}", getattr(xp.Array, name)))
    info = xp.__array_namespace_info__()
    for name in ("capabilities", "default_device", "default_dtypes", "devices", "dtypes"):
        found.append((f"Info.{name}", getattr(info, name)))
    return found


def takes_arguments(obj):
    """Whether the callable has parameters besides self (unknown counts as yes)."""
    if inspect.isclass(obj):
        return False
    try:
        params = inspect.signature(obj).parameters
    except (TypeError, ValueError):
        return True
    return any(p not in ("self", "$self") for p in params)


def sections(doc):
    """Return the numpydoc section titles of `doc` (a title underlined by dashes)."""
    lines = inspect.cleandoc(doc).splitlines()
    return {
        a.strip()
        for a, b in zip(lines, lines[1:], strict=False)
        if b.strip() and set(b.strip()) == {"-"} and len(b.strip()) == len(a.strip())
    }


OBJECTS = public_objects()


def test_the_walk_finds_the_namespace():
    names = {name for name, _ in OBJECTS}
    assert {"xp.asarray", "xp.sum", "xp.Array", "Array.__dlpack__", "Info.dtypes"} <= names
    assert not any(name.startswith("Array.__add__") for name in names)


@pytest.mark.parametrize("name, obj", OBJECTS, ids=[n for n, _ in OBJECTS])
def test_numpydoc_sections(name, obj):
    doc = obj.__doc__
    assert doc and doc.strip(), f"{name} has no docstring"
    found = sections(doc)
    required = {"Examples"}
    if not inspect.isclass(obj):
        required.add("Returns")
        if takes_arguments(obj):
            required.add("Parameters")
    missing = required - found
    assert not missing, f"{name} lacks {sorted(missing)}"


def test_properties_are_documented():
    for name, member in vars(xp.Array).items():
        if isinstance(member, type(xp.Array.shape)) and not name.startswith("_"):
            assert member.__doc__ and member.__doc__.strip(), f"Array.{name} has no docstring"


@pytest.mark.parametrize("name, obj", OBJECTS, ids=[n for n, _ in OBJECTS])
def test_examples_run(name, obj):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(inspect.cleandoc(obj.__doc__ or ""), {"xp": xp}, name, None, 0)
    assert test.examples, f"{name} has no >>> example"
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    messages = []
    runner.run(test, out=messages.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(messages)


def test_a_wrong_example_fails():
    """The runner above really compares outputs (guards against a vacuous test)."""
    doc = ">>> xp.asarray([1, 2]) + 1\nArray([9, 9], dtype=int64)\n"
    test = doctest.DocTestParser().get_doctest(doc, {"xp": xp}, "bad", None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test, out=lambda _: None)
    assert runner.summarize(verbose=False).failed == 1
