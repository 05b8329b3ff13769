"""The optional C extension (the Voronoi split's counts); everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("lazytron._split", ["lazytron/_split.c"], optional=True)])
