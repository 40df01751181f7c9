"""When the last digest was made: ``digest.json`` in the spool, which `wtg digest` and the
service's daily digest write (``wtg.mail.outgoing.digest``) and the poll reads too: the mails not
answered since then are the next digest's to count (``wtg.mail.poll.poller.unanswered_before``)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from wtg.game.schedule import parse_iso

DIGEST_FILE = "digest.json"


def last_digest(spool: Path, now: datetime | None = None) -> datetime | None:
    """The moment the next digest tells what happened after; None when there is none yet,
    or it cannot be read (the next digest then looks back a day), or, given ``now``, when
    it is later than now: marked while the machine's clock ran ahead, it would hide every
    turn run until the clock caught up with it."""
    try:
        data = json.loads((spool / DIGEST_FILE).read_text(encoding="utf-8"))
        last = parse_iso(str(data["last"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return None if now is not None and last > now else last
