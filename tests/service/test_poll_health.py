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


def test_a_failure_stamped_by_a_clock_that_was_ahead_is_past_once_a_poll_succeeds(
    tmp_path: Path,
) -> None:
    """A poll failed while the machine's clock was two weeks ahead; set right, the next poll
    succeeded. `wtg status --host` said the last poll had FAILED (with no reason) and the
    due run held turns as in a mail outage, until the clock caught up with the failure."""
    ahead = NOW.replace(day=16)
    record_poll(tmp_path, ahead, "cannot reach 127.0.0.1:993: Connection refused")
    record_poll(tmp_path, NOW, None, "filed 1, rejected 0, quarantined 0, ignored 0")
    health = last_poll(tmp_path)
    assert health is not None and not health.failing
    assert (health.last, health.error) == (NOW, "")
    record_poll(tmp_path, NOW.replace(second=5), "")  # a failure that gave no reason
    failed = last_poll(tmp_path)
    assert failed is not None and failed.failing
    assert failed.error == "the poll failed, and said no more"
