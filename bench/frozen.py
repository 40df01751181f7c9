"""A poll timed inside a benchmark's process as `wtg poll` runs in its own: the command
freezes what its start left alive out of the collector's sight before it polls
(``wtg/cli/mail.py``); here what the set-up left (the games it made, the mails) is frozen
the same way, or every collection during the poll would walk it. ``cpu_seconds`` counts a
poll's helper processes with it."""

from __future__ import annotations

import argparse
import gc
import resource
from collections.abc import Iterator
from contextlib import contextmanager

from wtg.host.cpus import default_jobs


@contextmanager
def as_the_command() -> Iterator[None]:
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def cpu_seconds() -> tuple[float, float]:
    """(CPU, of it in the kernel) of this process and of the processes it has waited for
    (a poll's helpers: ``wtg.mail.poll.workers``), so far."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    helpers = resource.getrusage(resource.RUSAGE_CHILDREN)
    kernel = own.ru_stime + helpers.ru_stime
    return own.ru_utime + helpers.ru_utime + kernel, kernel


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """``--jobs N``: the processes a benchmark's poll may file on, as `wtg poll --jobs`."""
    parser.add_argument(
        "--jobs",
        type=int,
        default=default_jobs(),
        help="processes the poll may file on, as `wtg poll --jobs` (default: the cores)",
    )
