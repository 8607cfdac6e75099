"""asv benchmarks: time to import the library in a fresh interpreter."""

from typing import ClassVar

from .cases import LIBRARIES, import_statement, namespace


class Import:
    """``import numpy`` vs ``import pyarray``, each in a new process."""

    params: ClassVar[list] = [list(LIBRARIES)]
    param_names: ClassVar[list] = ["library"]

    def setup(self, library):
        """Skip the benchmark if the library cannot be imported."""
        namespace(library)  # NotImplementedError (skip) if it is not importable

    def timeraw_import(self, library):
        """Return the import statement, timed by asv in a new process."""
        return import_statement(library)
