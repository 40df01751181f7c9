"""How the last mail polls went: `run-turn --due` holds a game when the poll has been failing."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from wtg.core.record import Record
from wtg.files import private
from wtg.files.store import write_atomic
from wtg.game.schedule import iso, parse_iso

HEALTH_FILE = "poll-health.json"


class PollHealth(Record):
    last_success: datetime | None
    last_failure: datetime | None
    error: str = ""

    def describe_success(self) -> str:
        return iso(self.last_success) if self.last_success else "it was set up"


def last_poll(spool: Path) -> PollHealth | None:
    """None when the poll never ran (games run by hand need no poll)."""
    try:
        data = json.loads((spool / HEALTH_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None

    def moment(key: str) -> datetime | None:
        return parse_iso(data[key]) if data.get(key) else None

    return PollHealth(
        last_success=moment("last_success"),
        last_failure=moment("last_failure"),
        error=str(data.get("error", "")),
    )


def record_poll(spool: Path, now: datetime, error: str | None) -> None:
    previous = last_poll(spool)
    success = previous.last_success if previous else None
    failure = previous.last_failure if previous else None
    if error is None:
        success = now
    else:
        failure = now
    private.make_dirs(spool)
    data = {
        "last_success": iso(success) if success else None,
        "last_failure": iso(failure) if failure else None,
        "error": error or "",
    }
    write_atomic(spool / HEALTH_FILE, json.dumps(data) + "\n")
