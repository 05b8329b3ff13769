"""lazytron: a Tron light-cycle bot toolkit built on a lazily expanded game tree."""

__version__ = "0.2.0"
