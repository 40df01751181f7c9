"""The service's record of itself (wtg/host/servicerecord.py), read by `wtg status --host`."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from wtg.game.schedule import iso
from wtg.host.servicerecord import (
    SERVICE_FILE,
    STOPPED_FILE,
    ServiceRecord,
    StoppedService,
    clear_service_record,
    read_service_record,
    read_stopped_service,
    write_service_record,
)

SINCE = datetime(2026, 12, 2, 10, 0, tzinfo=timezone.utc)


def test_a_record_written_is_read_back_and_private(tmp_path: Path) -> None:
    spool = tmp_path / ".mail"
    write_service_record(spool, ServiceRecord(pid=os.getpid(), since=SINCE, version="9.1"))
    record = read_service_record(spool)
    assert record == ServiceRecord(pid=os.getpid(), since=SINCE, version="9.1")
    assert record is not None and record.running()
    assert (spool / SERVICE_FILE).stat().st_mode & 0o777 == 0o600


def test_a_record_of_a_process_gone_is_not_running(tmp_path: Path) -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    write_service_record(tmp_path, ServiceRecord(pid=gone.pid, since=SINCE, version="1"))
    record = read_service_record(tmp_path)
    assert record is not None and record.pid == gone.pid
    assert not record.running()


def test_no_record_and_a_broken_one_read_as_none(tmp_path: Path) -> None:
    assert read_service_record(tmp_path) is None
    (tmp_path / SERVICE_FILE).write_text('{"pid": "x"', encoding="utf-8")
    assert read_service_record(tmp_path) is None


def test_clearing_removes_only_this_process_record(tmp_path: Path) -> None:
    write_service_record(tmp_path, ServiceRecord(pid=12345, since=SINCE, version="1"))
    clear_service_record(tmp_path, pid=os.getpid())
    assert read_service_record(tmp_path) is not None  # another process's: left
    clear_service_record(tmp_path, pid=12345)
    assert read_service_record(tmp_path) is None


def test_a_stop_recorded_then_killed_before_the_record_went_reads_as_stopped(
    tmp_path: Path,
) -> None:
    """The service writes its stop (``service-stopped.json``), then removes its record
    (``service.json``): killed between the two, the record stayed, and was read as a
    service killed (its process gone), or, its pid taken by another process, as one that
    runs. Now a record whose stop is recorded reads as none; the stop is what is read."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    write_service_record(tmp_path, ServiceRecord(pid=gone.pid, since=SINCE, version="1"))
    left = (tmp_path / SERVICE_FILE).read_bytes()
    stopped = datetime(2026, 12, 2, 18, 30, tzinfo=timezone.utc)
    clear_service_record(tmp_path, gone.pid, stopped)
    (tmp_path / SERVICE_FILE).write_bytes(left)  # as the kill left it: both files there
    assert read_service_record(tmp_path) is None
    assert read_stopped_service(tmp_path) == StoppedService(
        since=SINCE, stopped=stopped, pid=gone.pid
    )
    # the pid taken since by a process that runs (this one): not read as the service
    write_service_record(tmp_path, ServiceRecord(pid=os.getpid(), since=SINCE, version="1"))
    clear_service_record(tmp_path, os.getpid(), stopped)
    (tmp_path / SERVICE_FILE).write_bytes(
        left.replace(str(gone.pid).encode(), str(os.getpid()).encode())
    )
    assert read_service_record(tmp_path) is None
    # a service started since, of another pid or start: its record reads as it is
    again = ServiceRecord(pid=os.getpid(), since=stopped, version="1")
    write_service_record(tmp_path, again)
    assert read_service_record(tmp_path) == again
    # a stop an older wtg recorded (no pid): the same start is the same service
    (tmp_path / STOPPED_FILE).write_text(
        f'{{"since": "{iso(stopped)}", "stopped": "{iso(stopped)}", "error": ""}}\n',
        encoding="utf-8",
    )
    assert read_service_record(tmp_path) is None


def test_a_clean_stop_keeps_only_its_stop(tmp_path: Path) -> None:
    write_service_record(tmp_path, ServiceRecord(pid=12345, since=SINCE, version="1"))
    stopped = datetime(2026, 12, 2, 18, 30, tzinfo=timezone.utc)
    clear_service_record(tmp_path, 12345, stopped, "OSError: gone")
    assert not (tmp_path / SERVICE_FILE).exists()
    assert read_stopped_service(tmp_path) == StoppedService(
        since=SINCE, stopped=stopped, error="OSError: gone", pid=12345
    )
