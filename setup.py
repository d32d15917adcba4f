"""Build script for the optional C extension; everything else is in pyproject.toml.

``optional=True``: when the extension cannot be compiled (no C compiler, no
Python headers), setuptools warns and the install goes on without it; the
package then runs its pure-Python walk (``jarnac_solver.IMPLEMENTATION``).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        # Compiled with Python's own flags (-O3 on CPython's Linux builds).
        Extension("jarnac_solver._speedups", ["jarnac_solver/_speedups.c"], optional=True),
        Extension("jarnac_solver._allocation", ["jarnac_solver/_allocation.c"], optional=True),
    ]
)
