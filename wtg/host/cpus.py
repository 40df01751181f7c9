"""How many processes a command may run at once: the cores this process may use."""

from __future__ import annotations

import os


def default_jobs() -> int:
    """The cores this process may use (its CPU affinity on Linux)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
