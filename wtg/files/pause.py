"""A loop's pause before it looks again at what another process holds (an SQLite database
another wtg is making or writing, a lock another holds)."""

from __future__ import annotations

import threading


def pause_for(seconds: float) -> None:
    """Wait ``seconds`` by the monotonic clock. Not ``time.sleep``: under a date set by
    libfaketime (the year-end run of tests/test_calendar.py; a GM who tries wtg at a
    coming date), Python's sleep fails with ``OSError: [Errno 22] Invalid argument``, and
    a game whose first note in the mail journal met another worker's (`run-turn --due`,
    the journal made by both at once) failed for it; a wait on an event no one sets
    waits as asked on any date."""
    threading.Event().wait(seconds)
