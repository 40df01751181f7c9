"""Which lines read the clock or the machine's time zone, test by test: a pytest plugin for
choosing what `tests/test_calendar.py` runs again under a moved clock.

``pytest -p tests.clocklines --clock-lines=OUT.json -o addopts=-q TESTS`` writes, for each
test, the lines of ``wtg/`` and ``tests/`` that called a reader of the clock (``time.time``,
``datetime.now`` and their kin) or of the machine's zone (``time.localtime``,
``datetime.astimezone``, ``datetime.fromtimestamp`` ...), directly or through the standard
library (``mailbox`` naming a file by the time: the line of ours that called it), whether
the test started a process (whose lines it cannot see), and the CPU seconds it took (the
recording's own cost included). Reads in threads the test starts count; reads in another
process do not, which is why a test that starts one is marked."""

from __future__ import annotations

import datetime
import json
import sys
import threading
import time
from collections.abc import Generator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

CHECKOUT = Path(__file__).resolve().parent.parent
OURS = (f"{CHECKOUT}/wtg/", f"{CHECKOUT}/tests/")
READERS = frozenset(
    {"now", "utcnow", "today", "time", "time_ns", "localtime", "gmtime", "mktime"}
    | {"strftime", "ctime", "asctime", "fromtimestamp"}
)
"""Functions of ``time``, ``datetime.datetime`` and ``datetime.date`` that read the clock, or
turn a moment into the machine's local time."""
ZONED = frozenset({"astimezone", "timestamp"})
"""Methods of a date or time that read the machine's zone (when given none, or naive)."""
STARTS = frozenset({"subprocess.Popen", "os.fork", "os.posix_spawn", "os.exec", "os.spawn"})
"""Audit events of a process started."""


class Recorder:
    """The lines of ours that read the clock in the test under way, and whether it started
    a process."""

    def __init__(self) -> None:
        self.lines: set[str] = set()
        self.started = False
        self.tests: dict[str, dict[str, Any]] = {}

    def profile(self, frame: FrameType, event: str, arg: object) -> None:
        if event != "c_call":
            return
        name = getattr(arg, "__name__", None)
        owner = getattr(arg, "__self__", None)
        reads = name in READERS and owner in (time, datetime.datetime, datetime.date)
        if reads or (name in ZONED and isinstance(owner, datetime.date)):
            self.seen(frame)

    def seen(self, frame: FrameType | None) -> None:
        """The innermost frame of ours, the caller of the reader or of the library that
        called it."""
        while frame is not None:
            path = frame.f_code.co_filename
            if path.startswith(OURS):
                self.lines.add(f"{Path(path).relative_to(CHECKOUT)}:{frame.f_lineno}")
                return
            frame = frame.f_back

    def audit(self, event: str, args: tuple[object, ...]) -> None:
        if event in STARTS:
            self.started = True


RECORDER = Recorder()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--clock-lines", help="where to write the lines each test read the clock at")


def pytest_configure(config: pytest.Config) -> None:
    sys.addaudithook(RECORDER.audit)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    RECORDER.lines = set()
    RECORDER.started = False
    cpu = time.process_time()
    sys.setprofile(RECORDER.profile)
    threading.setprofile(RECORDER.profile)
    try:
        yield
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    RECORDER.tests[item.nodeid] = {
        "lines": sorted(RECORDER.lines),
        "started": RECORDER.started,
        "cpu": round(time.process_time() - cpu, 3),
    }


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = session.config.getoption("--clock-lines")
    if out:
        Path(out).write_text(json.dumps(RECORDER.tests, indent=1, sort_keys=True) + "\n")
