"""Why the last send sent nothing: the server not reached, the login refused, the From
refused, the DKIM key not signing. Every mail due waits then, and `wtg status --host` said
only "1 mail waiting", without why (the log had it, and cron's mail of `wtg send`, but a
host run by `wtg serve` mails the GM no send's lines). Written by each send that met one,
removed by the first that sends a mail, has one put off by the server (which it reached) or
finds nothing waiting (a send that tried none, all waiting for their next try, says nothing
new of the server)."""

from __future__ import annotations

import contextlib
import json
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


def record_send(
    spool: Path, now: datetime, error: str, sent: int, waiting: int, deferred: int = 0
) -> None:
    """Keep ``error`` (why the send at ``now`` sent no more mail, having sent ``sent``), or
    remove the record once a send met none and sent a mail, had the server put one off
    (``deferred``: the server reached, and its answer the news the status says) or left
    none waiting; nothing else changes it."""
    path = spool / STOPPED_FILE
    if error:
        data = {"at": iso(now), "error": error, "sent": sent}
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
        return SendStopped(
            at=parse_iso(str(data["at"])),
            error=str(data["error"]),
            sent=sent if isinstance(sent, int) and sent > 0 else 0,
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
