"""The optional C speedups of the chambers engine; everything else is in pyproject.toml.

Without a C compiler the install succeeds without them, and the engine runs in
Python (``lazytron --version`` says which).  ``LAZYTRON_PURE_WHEEL=1`` builds
without them on purpose: the pure-Python wheel for platforms no built wheel
covers; ``LAZYTRON_REQUIRE_SPEEDUPS=1`` fails the build where they do not build
(the platform wheels of ``cibuildwheel``).
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup

SOURCES = sorted(str(p) for p in Path("lazytron/engines/chambers/_speedups").glob("*.c"))
# CPython builds extensions with -fwrapv (signed overflow wraps), which keeps GCC and clang from
# optimising the search's int-indexed loops; the speedups never overflow a signed number.
UNWRAPPED = [] if sys.platform == "win32" else ["-fno-wrapv"]
SPEEDUPS = Extension(
    "lazytron.engines.chambers._speedups",
    SOURCES,
    depends=["lazytron/engines/chambers/_speedups/speedups.h"],
    extra_compile_args=UNWRAPPED,
    optional=True,
)

setup(ext_modules=[] if os.environ.get("LAZYTRON_PURE_WHEEL") == "1" else [SPEEDUPS])
