"""The mark of a poll under way: ``spool/poll-under-way``, on disk while a poll may have
queued answers that its journal has not recorded yet.

A poll writes it (and flushes its folder) before it queues its first answer, and
removes it only once its last batch's journal is committed. A poll killed in between
(SIGKILL, a reboot, an error that stopped it) leaves it, and the next poll that finds it
knows an earlier reading may have been cut short: its answers queued, their counts against
the limits gone with the batch that never committed. That poll looks each new mail's
answers up in the outbox (``wtg.mail.incoming.earlieranswers``) and handles those first
(``Poller._handle_all``); a poll that finds no mark looks nothing up, which is every poll
after one that finished (the look-up costs a listing of the outbox).

Only what the mark's presence says counts to a poll, never what it holds (a line for the
GM: which process wrote it, when): a kill while it was written leaves a file, empty or not,
and the next poll looks. The digest reads when it began, while the poll runs
(``wtg.mail.spool.pollbegun``).

One poll of a spool at a time writes or removes it: the poll's run lock
(``wtg.mail.spool.runlock``, a flock) is held by the poller and, inherited through the
fork, by its helpers, so a poller killed while a helper still queues answers leaves the
lock held until that helper has ended; the next poll starts after, and finds the mark. A
poll of `wtg serve` or `poll --idle` runs in the process that holds the lock for its
whole life, one poll after the other, each reading the mark as it starts.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

from wtg.files import private
from wtg.files.store import fsync_dir
from wtg.mail.spool.pollbegun import BEGUN, MARK

NAME = MARK


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def begin(
    spool: Path, now: datetime | None = None, clock: Callable[[], datetime] = _utc_now
) -> datetime:
    """The moment a poll's rows carry: ``now`` when given (a test's), else the clock read
    once the poll's note of when it began (``BEGUN``) is there, which says a moment no later
    (a digest in another process ends its lists of the journal at it:
    ``wtg.mail.spool.pollbegun``). Read before the note, a digest made between the two, in a
    later second, found neither note nor mark, and ended its lists after the rows' moment.
    The note is not flushed (a digest reads it only while the poll holds its lock, which a
    crash lets go); one that cannot be written (a full disk) leaves the poll to go on."""
    first = now if now is not None else clock()
    line = f"a poll (pid {os.getpid()}) began at {first.isoformat()}\n"
    with contextlib.suppress(OSError):
        private.write_file(spool / BEGUN, line.encode("utf-8"), sync=False)
    return first if now is not None else max(first, clock())


def ended(spool: Path) -> None:
    """The poll's note of when it began removed: its rows are committed, or never will be."""
    with contextlib.suppress(OSError):
        (spool / BEGUN).unlink(missing_ok=True)


def found(spool: Path) -> bool:
    """Whether an earlier poll of this spool left its mark (it did not finish)."""
    return os.path.lexists(spool / NAME)


def mark(spool: Path, now: datetime) -> None:
    """This poll's mark, on disk before it returns: its name flushed (its folder's one
    fsync), which is all the next poll reads of it; its line is not."""
    line = f"a poll (pid {os.getpid()}) under way since {now.isoformat(timespec='seconds')}\n"
    private.write_file(spool / NAME, line.encode("utf-8"), sync=False)
    fsync_dir(spool)


def clear(spool: Path) -> None:
    """The mark removed: every answer the poll queued is counted in the committed journal,
    and no mail an earlier poll may have cut short is left unhandled."""
    (spool / NAME).unlink(missing_ok=True)
