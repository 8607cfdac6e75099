"""Sphinx configuration for the pyarray documentation (built by scripts/docs.sh)."""

import importlib
from pathlib import Path

import pyarray

project = "pyarray"
author = "The pyarray developers"
copyright = "the pyarray developers"
release = importlib.metadata.version("pyarray")
version = release

extensions = [
    "myst_parser",
    "numpydoc",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3
html_theme = "pydata_sphinx_theme"
html_title = "pyarray"
html_theme_options = {"navigation_with_keys": False}

autosummary_generate = True
autodoc_default_options = {"members": False}
# numpydoc: the docstrings carry their own sections; no automatic member tables.
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False

DOCS = Path(__file__).parent


def public_names(module):
    """Return the public callables of `module` by kind: classes, then functions."""
    names = sorted(n for n in getattr(module, "__all__", dir(module)) if not n.startswith("_"))
    objects = {n: getattr(module, n) for n in names}
    classes = [n for n, o in objects.items() if isinstance(o, type)]
    functions = [n for n, o in objects.items() if callable(o) and not isinstance(o, type)]
    return classes, functions


def autosummary(module_name, names):
    """Return an autosummary directive listing `names` of `module_name`."""
    items = "".join(f"   {name}\n" for name in names)
    directive = ".. autosummary::\n   :toctree: generated\n\n"
    return f".. currentmodule:: {module_name}\n\n{directive}{items}\n"


def write_api_page():
    """Generate api.rst from what the package exports, so every public name is listed."""
    classes, functions = public_names(pyarray)
    dtypes = [n for n in pyarray.__all__ if isinstance(getattr(pyarray, n), pyarray.dtype)]
    constants = ["e", "inf", "nan", "newaxis", "pi"]
    text = [
        "API reference\n=============\n\n",
        "Generated from ``pyarray.__all__`` (and the ``linalg`` and ``fft``\n",
        "extensions when they are built). Examples assume ``import pyarray as xp``.\n\n",
        "Array and other classes\n-----------------------\n\n",
        autosummary("pyarray", classes),
        "Functions\n---------\n\n",
        autosummary("pyarray", functions + ["__array_namespace_info__"]),
        "Data types\n----------\n\n",
        "Objects of class :class:`pyarray.dtype`: ",
        ", ".join(f"``{n}``" for n in dtypes),
        ". ``float16`` and ``bfloat16`` are extensions to the standard.\n\n",
        "Constants\n---------\n\n",
        "".join(f"- ``{n}`` = ``{getattr(pyarray, n)!r}``\n" for n in constants),
        "\n",
    ]
    for sub in ("linalg", "fft"):
        try:
            module = importlib.import_module(f"pyarray.{sub}")
        except ImportError:
            continue
        sub_classes, sub_functions = public_names(module)
        title = f"``pyarray.{sub}``"
        text.append(f"{title}\n{'-' * len(title)}\n\n")
        text.append(autosummary(module.__name__, sub_classes + sub_functions))
    (DOCS / "api.rst").write_text("".join(text))


write_api_page()
