"""A poll timed inside a benchmark's process as `wtg poll` runs in its own: the command
freezes what its start left alive out of the collector's sight before it polls
(``wtg/cli/mail.py``); here what the set-up left (the games it made, the mails) is frozen
the same way, or every collection during the poll would walk it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def as_the_command() -> Iterator[None]:
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
