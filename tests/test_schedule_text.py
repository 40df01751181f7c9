"""How a deadline reads in reports and confirmations."""

from __future__ import annotations

from datetime import datetime, timezone

from wtg.schedule import local_text

MOMENT = datetime(2026, 11, 24, 17, 0, tzinfo=timezone.utc)


def test_a_deadline_reads_in_the_gms_zone_with_utc_beside_it() -> None:
    assert local_text(MOMENT, "Europe/Vienna") == "Tue 24 Nov 2026 18:00 Europe/Vienna (17:00 UTC)"
    assert local_text(MOMENT, "America/New_York") == (
        "Tue 24 Nov 2026 12:00 America/New_York (17:00 UTC)"
    )


def test_a_game_kept_in_utc_says_it_once() -> None:
    assert local_text(MOMENT, "UTC") == "Tue 24 Nov 2026 17:00 UTC"
    assert local_text(MOMENT, "Etc/UTC") == "Tue 24 Nov 2026 17:00 Etc/UTC"
