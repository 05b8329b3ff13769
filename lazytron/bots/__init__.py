"""Small deterministic bots to play against: each runs as ``python -m lazytron.bots.NAME``."""
