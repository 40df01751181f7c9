"""The test's clock inside a real `wtg serve` process (put there by killpoints' prelude,
``install()``): a scenario of mails dropped into the inbox at fake moments, played as fast
as the service works, and a time that survives a ``kill -9``.

The scenario is a JSON file named by ``WTG_TEST_SCENARIO``: ``start`` and ``end`` (ISO
moments), ``saved`` (a file outside the host where the time is kept) and ``drops`` (each
``[moment, name, path of the mail]``). Each wait moves the time on to the moment asked
for, the next drop or the end, drops what is due (a drop made before is not made again:
the mail's name is looked for in every folder of the inbox), and keeps the time; a
service started again goes on from the time kept. At the end it sends itself SIGTERM.
"""

from __future__ import annotations

import json
import os
import signal
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from wtg.game.schedule import iso, parse_iso
from wtg.mail.servers.inbox import Inbox
from wtg.serve import clock, service
from wtg.serve.wakeup import Wakeup

SCENARIO = "WTG_TEST_SCENARIO"
PRELUDE = "from tests.service.fileclock import install; install()"


def write_scenario(
    path: Path,
    start: datetime,
    end: datetime,
    saved: Path,
    drops: list[tuple[datetime, str, Path]],
) -> None:
    data = {
        "start": iso(start),
        "end": iso(end),
        "saved": str(saved),
        "drops": [[iso(when), name, str(mail)] for when, name, mail in drops],
    }
    path.write_text(json.dumps(data), encoding="utf-8")


class FileClock:
    def __init__(self) -> None:
        data: dict[str, Any] = json.loads(Path(os.environ[SCENARIO]).read_text(encoding="utf-8"))
        self.end = parse_iso(data["end"])
        self.saved = Path(data["saved"])
        self.drops = sorted((parse_iso(w), n, Path(p)) for w, n, p in data["drops"])
        kept = self.saved.read_text(encoding="utf-8") if self.saved.exists() else ""
        start = parse_iso(data["start"])
        self.time = max(start, parse_iso(kept)) if kept else start
        self.inbox: Path | None = None

    def now(self) -> datetime:
        return self.time

    def wait(self, until: datetime, inbox: Inbox | None, wake: Wakeup) -> bool:
        if inbox is not None and self.inbox is None:
            self.inbox = Path(inbox.path)  # type: ignore[attr-defined]  # the maildir's
            self._drop()  # what a killed service had not dropped yet
        if wake.is_set():
            return False
        if self.time >= self.end:
            os.kill(os.getpid(), signal.SIGTERM)
            return False
        ahead = [when for when, _, _ in self.drops if when > self.time]
        self.time = min(until, self.end, *ahead[:1])
        dropped = self._drop()
        self.saved.write_text(iso(self.time), encoding="utf-8")
        return dropped

    def _drop(self) -> bool:
        if self.inbox is None:
            return False
        there = {
            name.split(":")[0]
            for folder in ("new", "cur", ".processed/cur", ".rejected/cur")
            if (self.inbox / folder).is_dir()
            for name in os.listdir(self.inbox / folder)
        }
        dropped = False
        for when, name, mail in self.drops:
            if when <= self.time and name not in there:
                tmp = self.inbox / "tmp" / name
                tmp.write_bytes(mail.read_bytes())
                stamp = when.timestamp()
                os.utime(tmp, (stamp, stamp))
                os.replace(tmp, self.inbox / "new" / name)
                dropped = True
        return dropped


def install() -> None:
    """The service's clock is this one, and it looks at the games every three hours."""
    clock.SystemClock = FileClock  # type: ignore[misc,assignment]
    defaults = service.Service.__init__.__kwdefaults__
    assert defaults is not None
    defaults["look"] = timedelta(hours=3)
