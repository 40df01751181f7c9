"""The service's record of itself (wtg/host/servicerecord.py), read by `wtg status --host`."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from wtg.host.servicerecord import (
    SERVICE_FILE,
    ServiceRecord,
    clear_service_record,
    read_service_record,
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
