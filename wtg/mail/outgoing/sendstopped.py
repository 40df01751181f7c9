"""Why the last send sent nothing: the server not reached, the login refused, the From
refused, the DKIM key not signing. Every mail due waits then, and `wtg status --host` said
only "1 mail waiting", without why (the log had it, and cron's mail of `wtg send`, but a
host run by `wtg serve` mails the GM no send's lines). Written by each send that met one,
removed by the first that sends a mail, has one put off by the server (which it reached) or
finds nothing waiting (a send that tried none, all waiting for their next try, says nothing
new of the server). It is said while a mail it held back still waits: the outbox emptied
without a send (a hold undone, a rollback, which take their mails out) and filled again
(`wtg outbox --retry`, a new answer) holds mails no send has tried since, and the line said
the old reason of them until the next send."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from wtg.core.record import Record
from wtg.files.store import write_atomic
from wtg.game.schedule import iso, parse_iso

STOPPED_FILE = "send-stopped.json"
"""In the spool (``GmConfig.spool``), beside the outbox."""


class SendStopped(Record):
    at: datetime
    """When the send met it."""
    error: str
    """Why it sent nothing, as the send's summary says it (with what to mend)."""
    sent: int = 0
    """The mails it sent before it met it (the server lost halfway): 0, it sent none (and
    in a record an older wtg wrote)."""
    held: tuple[str, ...] | None = None
    """The mails it left waiting in the queue, by name; None in a record an older wtg
    wrote (every mail waiting then counts as one it held back)."""

    def holds(self, spool: Path) -> bool:
        """Whether a mail it held back still waits in the queue of ``spool`` (one sent by
        another means, taken out or set aside since is not)."""
        queue = spool / "outbox" / "queue"
        if self.held is None:
            return any(queue.glob("*.eml"))
        return any((queue / f"{name}.eml").exists() for name in self.held)


def record_send(
    spool: Path,
    now: datetime,
    error: str,
    sent: int,
    waiting: int,
    deferred: int = 0,
    held: Sequence[str] = (),
) -> None:
    """Keep ``error`` (why the send at ``now`` sent no more mail, having sent ``sent``, and
    left the mails ``held`` waiting, by name), or remove the record once a send met none
    and sent a mail, had the server put one off (``deferred``: the server reached, and its
    answer the news the status says) or left none waiting; nothing else changes it."""
    path = spool / STOPPED_FILE
    if error:
        data = {"at": iso(now), "error": error, "sent": sent, "held": sorted(held)}
        write_atomic(path, json.dumps(data) + "\n")
    elif sent or deferred or not waiting:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def send_stopped(spool: Path) -> SendStopped | None:
    """Why the last send that met trouble sent nothing, while no send has sent since; None
    otherwise (or when the record cannot be read)."""
    try:
        data = json.loads((spool / STOPPED_FILE).read_text(encoding="utf-8"))
        sent = data.get("sent", 0)
        held = data.get("held")
        return SendStopped(
            at=parse_iso(str(data["at"])),
            error=str(data["error"]),
            sent=sent if isinstance(sent, int) and sent > 0 else 0,
            held=tuple(str(name) for name in held) if isinstance(held, list) else None,
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
