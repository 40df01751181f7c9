"""wtg: a play-by-mail turn generator."""

__version__ = "0.1.0"
