"""A poll whose lock has been held for long: by a poll stopped with Ctrl-Z, or hung on a
connection that died without a word. Every `wtg poll -q` of cron's after it found the lock
taken and said nothing, ever: the mail waited in the inbox for hours, and `wtg status
--host` showed only the age of the last poll.

Ruling: a poll that finds the lock taken by another poll for longer than ``STUCK_AFTER``
says so once on stderr (cron mails it, -q too), with the holder and what to do; the polls
after it say nothing more of the same holder (``TOLD`` keeps which it said). The first poll
that runs after it says once that the lock is free again. An hour: cron polls every few
minutes, a poll's every mail has its time limit (``wtg.mail.poll.timelimit``), and a poll of
thousands of mails ends well within it; a GM is not mailed every five minutes for a stuck
poll, and not mailed at all for a slow one. `wtg serve` and `wtg poll --idle` hold the lock
while they run, as they must: they are not stuck, and are said as ever (``serving``).
Nothing here breaks a lock: its holder is alive (the kernel drops the lock of a process
that is gone, ``wtg.mail.spool.runlock``), and only the GM knows whether it is hung."""

from __future__ import annotations

import contextlib
from datetime import datetime, timedelta
from pathlib import Path

from wtg.files import private
from wtg.game.schedule import moment_text
from wtg.gm.gamestatus import span_text
from wtg.mail.spool.runlock import Holder, holder

STUCK_AFTER = timedelta(hours=1)
TOLD = "poll-stuck-told"
"""The spool's file that names the holder a poll said was stuck (its pid and since)."""
LIVES_HOLDING = ("wtg serve", "wtg poll --idle")
"""The commands that hold the poll's lock for as long as they run."""


def stuck_line(spool: Path, now: datetime) -> str | None:
    """The line to say, once, when the poll's lock has been held past ``STUCK_AFTER`` by a
    poll (or a backup, a GM's command): None when it has not, when the holder is one that
    holds it for its life, or when this holder was said already."""
    held = holder(spool, "poll")
    if held is None or held.what in LIVES_HOLDING or now - held.since < STUCK_AFTER:
        return None
    key = f"{held.pid} {held.since.isoformat()}\n"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        if (spool / TOLD).read_text(encoding="utf-8") == key:
            return None
    with contextlib.suppress(OSError):  # not kept: said again by the next poll
        private.write_file(spool / TOLD, key.encode("utf-8"), sync=False)
    return (
        f"the poll's lock has been held for {span_text(now - held.since)} by {named(held)}: "
        f"every poll since did nothing, and the mail waits in the inbox; {what_to_do(held, spool)}"
        " (said once; `wtg status --host` shows it while it lasts)"
    )


def cleared_line(spool: Path, now: datetime) -> str | None:
    """Once a poll has run after one said stuck: the line that says the lock is free again
    (the told mark removed); None when none was said stuck."""
    try:
        key = (spool / TOLD).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    with contextlib.suppress(OSError):
        (spool / TOLD).unlink()
    pid, _, since = key.strip().partition(" ")
    try:
        held = f", for {span_text(now - datetime.fromisoformat(since))}"
    except ValueError:
        held = ""
    return f"the poll's lock, held by pid {pid}{held}, is free again: this poll ran"


def named(held: Holder) -> str:
    """The holder in words: its command, pid, since when, and what it does."""
    state = {"stopped": ", STOPPED", "gone": ", its process gone"}.get(held.state, "")
    return f"{held.what} (pid {held.pid}, since {moment_text(held.since)}{state})"


def what_to_do(held: Holder, spool: Path) -> str:
    """What the GM does about the holder: never a lock broken, the process let go or ended."""
    if held.state == "stopped":
        return (
            f"it was stopped (Ctrl-Z, SIGSTOP): `kill -CONT {held.pid}` (or `fg` in its "
            f"terminal) lets it finish, `kill {held.pid}` ends it"
        )
    if held.state == "gone":
        return (
            "the poll's helper processes hold the lock until each has ended (`fuser "
            f"{spool / 'poll.lock'}` names them)"
        )
    return (
        f"if it hangs (a connection dead), `kill {held.pid}` ends it: what it filed is kept, "
        "and the next poll takes up the rest"
    )
