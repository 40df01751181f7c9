"""When the poll under way began, as the digest reads it.

Each row a poll writes in the journal of a mail it handled (a mail whose answer a limit
held back, orders set aside, a code tried wrong, orders read late, a flood's count) carries
the moment the poll began, and is there for other readers once the poll commits its batch,
later. A digest made in between did not see the row, and the next digest begins at the
second this one was made in: a row that carries a moment before it was listed by neither,
and the GM never learned, say, that a player's orders were set aside (review43c). The
digest's lists of the journal end where the poll under way began (``poll_begun``), and
the next digest's begin there (``wtg.mail.outgoing.digestmark``).

The poll's note (``BEGUN``, from before it takes the moment its rows carry) and its mark
(``MARK``, once it has its mails in hand; both written by ``wtg.mail.poll.underway``) say
when it began, and the poll's run lock (``wtg.mail.spool.runlock``) that it runs: a note or
a mark whose lock no process holds is a poll killed, whose rows are committed or gone with
it (the next poll handles its mails again).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from wtg.files.filelock import held_by_another, held_here

MARK = "poll-under-way"
"""The poll's mark in the spool (``wtg.mail.poll.underway``)."""
BEGUN = "poll-begun"
"""The poll's note of when it began, in the spool (``wtg.mail.poll.underway.begin``): on
disk from before it takes the moment its rows carry until it ends. The mark is written only
once it has its mails in hand (seconds later on IMAP): a digest made in between found the
lock held and no mark, and ended its lists at its own second, after the rows' moment."""
LOCK = "poll.lock"
"""The poll's run lock in the spool (``wtg.mail.spool.runlock.only_one``)."""


def polling(spool: Path) -> bool:
    """Whether a poll of ``spool`` may be under way in another process: its run lock is
    held, and not by this one (`wtg serve`, `poll --idle`: the process that holds it for
    its whole life polls and makes its digest one after the other). Which process holds it
    is known in memory (``held_here``), not read from the lock's holder file: a poll killed
    leaves its file, which names it until the next holder writes its own (an instant after
    it takes the lock), and a process given the same pid since (a container's service
    started again) took another's poll for its own."""
    return held_by_another(spool / LOCK) and not held_here(spool / LOCK)


def poll_begun(spool: Path) -> float | None:
    """The moment (seconds) the poll under way of ``spool`` began; None when none is under
    way. It is the earlier of its note (``BEGUN``) and its mark (``MARK``, left by a poll
    killed before it is the one under way's). A note or a mark that does not say when (cut
    short while it was written, or written by hand) gives 0: the digest's lists of the
    journal then end where they begin, and the next digest lists what they would have.
    In the process that holds the poll's lock (`wtg serve`, which makes its digest between
    two of its polls), a poll is under way only while its note is there: the mark an
    unfinished poll left stays until a poll finishes, and the service's digests ended their
    lists at it, its later polls' rows in none of them while it stayed."""
    there = [name for name in (BEGUN, MARK) if os.path.lexists(spool / name)]
    if not there or not held_by_another(spool / LOCK):
        return None
    if BEGUN not in there and held_here(spool / LOCK):
        return None
    said = [moment for name in there if (moment := _said(spool / name)) is not None]
    return min(said, default=None)


def _said(path: Path) -> float | None:
    """When the poll that wrote ``path`` began, as its line's end says it; 0 when it does
    not say; None when it is gone since it was seen (its poll ended: its rows are written)."""
    try:
        text = path.read_text(encoding="utf-8")
        begun = datetime.fromisoformat(text.rpartition(" ")[2].strip())
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return 0.0
    return begun.timestamp() if begun.tzinfo is not None else 0.0
