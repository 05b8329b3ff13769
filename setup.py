"""The optional C extension (the Voronoi split's counts, the chamber tree's bound, the search's last plies); everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("lazytron._split", ["lazytron/_split.c", "lazytron/_fillable.c"], optional=True)])
