"""What this host's last look at the claims on its mailbox found
(``wtg.mail.servers.claims``): the folder it claimed, and the line that stopped it when a
copy of it took the folder over. `run-turn --due` reads it when the mailbox cannot be
reached, and `wtg serve` before its turns."""

from __future__ import annotations

import json
from pathlib import Path

from wtg.core.record import Record
from wtg.files import private
from wtg.files.store import write_atomic

CLAIM_STATE = "host-claim.json"
"""In the spool: the mailbox this host claimed and whether it was stopped, as last seen."""


class ClaimState(Record):
    mailbox: str
    """The mailbox and folder claimed (``Inbox.mailbox``, or the maildir's path)."""
    stopped: str | None
    """Why this host stopped: another host took the mailbox over; None: it serves it."""
    unread: str | None = None
    """The line a poll said last when the claims could not be read or written (said once,
    and again when it changes); None: they were read."""
    host: str | None = None
    """The id of the host that ``stopped`` (``wtg.mail.spool.hostid``): it stays stopped on
    this record whatever the claims' folder holds since (emptied by hand or by a server's
    retention), until `wtg poll --take-over`; a copy of it, of another id, does not. None:
    a file of round 45's, or no stop."""


def keep_state(spool: Path, state: ClaimState) -> None:
    """Keep ``state`` as the last look, written only when it differs from the one kept: a
    poll every few minutes that finds its claim as it was writes nothing."""
    if kept_state(spool) == state:
        return
    private.make_dirs(spool)
    data = {
        "mailbox": state.mailbox,
        "stopped": state.stopped,
        "unread": state.unread,
        "host": state.host,
    }
    write_atomic(spool / CLAIM_STATE, json.dumps(data))


def kept_state(spool: Path) -> ClaimState | None:
    """The state last kept; None when no look was kept (a host that never polled with
    claims) or the file does not read."""
    try:
        data = json.loads((spool / CLAIM_STATE).read_text(encoding="utf-8"))
        mailbox, stopped = data["mailbox"], data["stopped"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if not isinstance(mailbox, str) or not (stopped is None or isinstance(stopped, str)):
        return None
    unread = data.get("unread")  # none in a file of round 44's
    host = data.get("host")  # none in a file of round 45's
    return ClaimState(
        mailbox,
        stopped,
        unread if isinstance(unread, str) else None,
        host if isinstance(host, str) else None,
    )
