"""Build script for the optional C extensions; everything else is in pyproject.toml.

``optional=True``: when an extension cannot be compiled (no C compiler, no
Python headers), setuptools warns (``pip install -v`` shows it) and the
install goes on without it; the package then runs its pure-Python walk
(``jarnac_solver.IMPLEMENTATION`` says which runs).
"""

import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class AlwaysBuildExt(build_ext):
    """Compile every time (a few seconds), the old output removed first: a ``build/`` folder left by
    an earlier install must not hand an old extension to this one (without a compiler, the install must
    come out pure)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.force = True

    def build_extension(self, ext: Extension) -> None:
        stale = self.get_ext_fullpath(ext.name)
        if os.path.exists(stale):
            os.remove(stale)
        super().build_extension(ext)


setup(
    cmdclass={"build_ext": AlwaysBuildExt},
    ext_modules=[
        # Compiled with Python's own flags (-O3 on CPython's Linux builds).
        Extension(
            "jarnac_solver._speedups",
            ["jarnac_solver/_speedups.c", "jarnac_solver/_selfplay.c", "jarnac_solver/_plan.c"],
            depends=[
                "jarnac_solver/_trie.h",
                "jarnac_solver/_pcg32.h",
                "jarnac_solver/_engine.h",
                "jarnac_solver/_allocation.c",
                "jarnac_solver/_planlane.c",
            ],
            optional=True,
        ),
        Extension("jarnac_solver._allocation", ["jarnac_solver/_allocation.c"], optional=True),
    ],
)
