"""The games the lazy tree knows."""
