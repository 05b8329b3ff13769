"""The optional C speedups of the chambers engine; everything else is in pyproject.toml.

Without a C compiler the install succeeds without them, and the engine runs in
Python (``lazytron --version`` says which).
"""

from pathlib import Path

from setuptools import Extension, setup

SOURCES = sorted(str(p) for p in Path("lazytron/engines/chambers/_speedups").glob("*.c"))

setup(ext_modules=[Extension("lazytron.engines.chambers._speedups", SOURCES, optional=True)])
