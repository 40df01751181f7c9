"""The record `wtg serve` keeps of itself in the mail spool: which process, since when.

`wtg status --host` reads it to say whether the service runs; a record whose process is
gone (the service was killed, the machine restarted) says it does not.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from wtg.core.record import Record
from wtg.files import private
from wtg.files.store import write_atomic
from wtg.game.schedule import iso, parse_iso

SERVICE_FILE = "service.json"


class ServiceRecord(Record):
    pid: int
    since: datetime
    version: str

    def running(self) -> bool:
        """Whether the process of the record is alive (a pid reused by another process after
        a restart of the machine reads as alive until the service writes its record anew)."""
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # alive, another user's
            return True
        return True


def write_service_record(spool: Path, record: ServiceRecord) -> None:
    private.make_dirs(spool)
    data = {"pid": record.pid, "since": iso(record.since), "version": record.version}
    write_atomic(spool / SERVICE_FILE, json.dumps(data) + "\n")


def read_service_record(spool: Path) -> ServiceRecord | None:
    """None when no service ever ran on this spool, or its record cannot be read."""
    try:
        data = json.loads((spool / SERVICE_FILE).read_text(encoding="utf-8"))
        return ServiceRecord(
            pid=int(data["pid"]), since=parse_iso(str(data["since"])), version=str(data["version"])
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def clear_service_record(spool: Path, pid: int) -> None:
    """Remove the record as the service stops, if it is still this process's."""
    record = read_service_record(spool)
    if record is not None and record.pid == pid:
        (spool / SERVICE_FILE).unlink(missing_ok=True)
