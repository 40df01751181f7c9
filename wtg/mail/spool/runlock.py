"""One `wtg poll` and one `wtg send` at a time: cron may start the next run before the last
one ends (a slow server), and two sends of one outbox could mail a message twice.

The lock is a flock (``wtg.files.filelock``): the kernel drops it when its process dies,
however it dies, so a lock is never left behind by a process that is gone and nothing here
ever breaks one. A poll's helper processes inherit it through the fork: a poller killed
while they work leaves it held until the last of them ends. What flock cannot say is who
holds it: the holder writes ``<name>.holder`` beside the lock (its pid, since when, which
command) once it has taken it and leaves it when it lets go; `wtg status --host` and a
poll that finds the lock taken read it (``holder``) only while another process holds the
lock, and the next holder writes it again: only a file read while the lock is held counts."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from wtg.core.errors import MailError
from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.files import private
from wtg.files.filelock import exclusive, held_by_another

HOLDER_SUFFIX = ".holder"
"""The end of the name of a lock's holder file, beside ``<name>.lock``."""


class AlreadyRunning(MailError, RuntimeError):
    """Another process holds the lock: this run has nothing to do."""


class Holder(Record):
    """The process that holds a lock of the spool, as its ``<name>.holder`` says."""

    pid: int
    since: datetime
    what: str
    """The command that took it: ``wtg poll``, ``wtg poll --idle``, ``wtg serve``, ..."""
    state: str
    """``running``; ``stopped`` (Ctrl-Z, SIGSTOP: it holds the lock and does nothing);
    ``gone`` (the pid named has ended: a poll's helper processes hold the lock still)."""


@contextlib.contextmanager
def only_one(spool: Path, name: str, what: str = "") -> Iterator[None]:
    """Hold ``spool/<name>.lock`` for the block; AlreadyRunning at once if another process
    holds it. ``what``: the command that holds it, for ``holder`` (``wtg <name>`` when not
    given)."""
    private.make_dirs(spool)
    with exclusive(
        spool / f"{name}.lock", lambda: AlreadyRunning(f"another wtg {name} is running")
    ):
        # left when the lock is let go: read only while a lock is held, it names no one
        # after (a removal there would be a write after the command's work, and a kill
        # before it a command finished that a GM would give again)
        _say_holder(spool / f"{name}{HOLDER_SUFFIX}", what or f"wtg {name}")
        yield


def _say_holder(path: Path, what: str) -> None:
    """This process's pid, the time and ``what`` in ``path``; a file that cannot be written
    (a full disk) names no holder, and the run goes on: the lock is what counts."""
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    data = json.dumps({"pid": os.getpid(), "since": now, "what": what}) + "\n"
    with contextlib.suppress(OSError):
        private.write_file(path, data.encode("utf-8"), sync=False)


def holder(spool: Path, name: str) -> Holder | None:
    """Who holds ``spool/<name>.lock`` now, when another process holds it and its holder
    file says who; None when no other process holds it, or none says (a wtg older than
    this one, or the instant between a lock taken and its holder written)."""
    if not held_by_another(spool / f"{name}.lock"):
        return None
    try:
        data = json.loads((spool / f"{name}{HOLDER_SUFFIX}").read_text(encoding="utf-8"))
        pid, since, what = data["pid"], datetime.fromisoformat(data["since"]), data["what"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if since.tzinfo is None or not isinstance(what, str) or not _a_pid(pid):
        return None
    shown = " ".join(printable(what).split())[:80]  # a GM's terminal and cron's mail show it
    return Holder(pid=pid, since=since, what=shown, state=_state(pid))


def _a_pid(pid: object) -> bool:
    """Whether ``pid`` (read from a holder file) names one process, as ``_say_holder``
    writes it: 0 and -1 name a process group and every process (the `kill` said for the
    holder would end the GM's own shell), a number beyond the system's stopped ``os.kill``
    with an OverflowError, a boolean or a text is none wtg writes."""
    return type(pid) is int and 0 < pid <= _PID_MAX


_PID_MAX = 2**31 - 1
"""The largest pid a process may have (Linux's bound is 2**22, a pid_t's 2**31 - 1)."""


def _state(pid: int) -> str:
    """``running``, ``stopped`` or ``gone``: what the process ``pid`` is doing (Linux says
    stopped in ``/proc``; elsewhere a process alive reads as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return "gone"
    except PermissionError:  # alive, another user's
        pass
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    except (OSError, ValueError, IndexError):
        return "running"
    return "stopped" if fields and fields[0] in ("T", "t") else "running"
