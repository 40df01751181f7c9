"""A lock another process holds, waited for a while but never for ever (`wtg backup`:
each game's lock, the spool's)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

from wtg.files.pause import pause_for

WAIT = 120.0
"""Seconds a busy lock is waited for (`wtg backup --wait`)."""
FIRST_PAUSE = 0.05
LONGEST_PAUSE = 1.0
"""The pause between two tries grows from the first to this."""


@contextlib.contextmanager
def held_within(
    take: Callable[[], contextlib.AbstractContextManager[None]],
    busy: type[Exception],
    deadline: float,
    waiting: Callable[[], None],
    final: tuple[type[Exception], ...] = (),
) -> Iterator[bool]:
    """Hold the lock ``take`` makes for the block, waiting while it raises ``busy`` until
    the monotonic ``deadline``; the block is told whether it holds it (False: busy still).
    A ``busy`` that is also one of ``final`` is raised at once: waiting will not end it."""
    pause = FIRST_PAUSE
    told = False
    while True:
        stack = contextlib.ExitStack()
        try:
            stack.enter_context(take())
        except busy as error:
            if isinstance(error, final):
                raise
            left = deadline - time.monotonic()
            if left <= 0:
                break
            if not told:
                waiting()
                told = True
            pause_for(min(pause, left))
            pause = min(pause * 2, LONGEST_PAUSE)
            continue
        with stack:
            yield True
        return
    yield False
