"""The last poll's health (``wtg status --host``, the due run's outage guard): a poll that
fails in the same second as the success before it is failing, and one that succeeds in the
second of a failure is not (the file keeps times to the second)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from wtg.host.pollhealth import last_poll, record_poll

NOW = datetime(2026, 12, 2, 15, 0, 0, tzinfo=timezone.utc)


def test_the_last_poll_decides_within_one_second(tmp_path: Path) -> None:
    record_poll(tmp_path, NOW, None, "filed 1, rejected 0, quarantined 0, ignored 0")
    record_poll(tmp_path, NOW.replace(microsecond=500_000), "invalid_grant")
    failed = last_poll(tmp_path)
    assert failed is not None and failed.failing and failed.error == "invalid_grant"
    record_poll(tmp_path, NOW.replace(microsecond=900_000), None, "filed 0")
    again = last_poll(tmp_path)
    assert again is not None and not again.failing and again.error == ""
