"""The moments of events in the GM's lines (a hold's since, orders received, a rollback's
at) said as the deadlines are, ``2026-11-23 09:12 UTC``, by one helper
(``schedule.moment_text``); `--json` keeps the files' ISO (gmlines43)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.test_gm_controls import make, run, status
from wtg.game.schedule import moment_text

HOLD = '{"since": "2026-11-23T09:12:40Z", "reason": "a bug in the rules", "telling": true}\n'
"""A hold whose notices were never queued: `wtg hold` killed before it told anyone."""


def test_a_moment_of_the_files_is_said_to_the_minute_in_utc() -> None:
    assert moment_text("2026-11-23T09:12:40Z") == "2026-11-23 09:12 UTC"
    # a takeover's at, as datetime.isoformat writes it, and an offset of another zone
    assert moment_text("2026-11-23T09:12:40.667745+00:00") == "2026-11-23 09:12 UTC"
    assert moment_text("2026-11-23T10:12:40+01:00") == "2026-11-23 09:12 UTC"
    later = datetime(2026, 11, 23, 10, 12, 40, tzinfo=timezone(timedelta(hours=1)))
    assert moment_text(later) == "2026-11-23 09:12 UTC"
    # a file edited by hand: its text as written, without the terminal's control sequences
    assert moment_text("soon") == "soon"
    assert moment_text("2026-11-23T09:12:40") == "2026-11-23T09:12:40"  # no offset: no guess
    assert moment_text("\x1b[2Jsoon") == "soon"


def test_status_says_a_hold_and_the_orders_received_as_it_says_a_deadline(
    tmp_path: Path,
) -> None:
    """`wtg status GAME` printed the hold's since and when the orders came as the files'
    ISO (``2026-11-23T09:12:40Z``) beside a deadline said ``2026-11-24 18:00 UTC``."""
    game = make(tmp_path / "games")
    (game.store.root / "held.json").write_text(HOLD, encoding="utf-8")
    form = tmp_path / "orders.txt"
    form.write_text(run(tmp_path, "aof", "g1", "--player", "1").stdout, encoding="utf-8")
    run(tmp_path, "orders", "g1", form)
    seats = status(tmp_path)["players"]
    assert isinstance(seats, list)
    received = next(p["received"] for p in seats if p["id"] == 1)
    assert isinstance(received, str) and received.endswith("Z")  # --json: the file's ISO
    came = f"{datetime.strptime(received, '%Y-%m-%dT%H:%M:%SZ'):%Y-%m-%d %H:%M} UTC"

    lines = run(tmp_path, "status", "g1").stdout.splitlines()

    assert lines[1].startswith(
        "HELD by the GM since 2026-11-23 09:12 UTC (a bug in the rules): no turn runs until "
    )
    assert lines[2] == (
        "NOTICES OWED: the hold (since 2026-11-23 09:12 UTC) was cut short before every player "
        f"was told: give `wtg --config {tmp_path / 'wtg.yaml'} hold g1` again"
    )
    assert lines[3].endswith(f" orders received {came}")
    assert lines[3].startswith("  player  1 ")
    # the JSON's values as they were: the files' ISO
    owed = json.loads(run(tmp_path, "status", "g1", "--json").stdout)["owed"]
    assert owed == [
        "the hold (since 2026-11-23T09:12:40Z) was cut short before every player was told: "
        "give `wtg hold g1` again"
    ]
    listed = json.loads(run(tmp_path, "status", "--json").stdout)
    assert listed["games"][0]["owed"] == owed


def test_a_turn_of_a_held_game_refused_says_since_when_as_the_hold_did(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    (game.store.root / "held.json").write_text(HOLD, encoding="utf-8")
    refused = run(tmp_path, "run-turn", "g1", code=1)
    assert refused.stderr.startswith(
        "wtg: game g1 is held by the GM since 2026-11-23 09:12 UTC (a bug in the rules): "
    )


def test_a_moment_edited_by_hand_past_the_calendar_s_ends_is_said_as_written(
    tmp_path: Path,
) -> None:
    """A hold's since edited by hand to a moment whose offset takes it past the first or
    the last year (``0001-01-01T00:00:00+01:00``) stopped `wtg status` with a traceback
    (OverflowError), where the line said the file's text before gmlines43."""
    assert moment_text("0001-01-01T00:00+01:00") == "0001-01-01T00:00+01:00"
    assert moment_text("9999-12-31T23:59:00-05:00") == "9999-12-31T23:59:00-05:00"
    game = make(tmp_path / "games")
    since = '{"since": "0001-01-01T00:00:00+01:00", "reason": "a bug in the rules"}\n'
    (game.store.root / "held.json").write_text(since, encoding="utf-8")
    lines = run(tmp_path, "status", "g1").stdout.splitlines()
    assert lines[1].startswith(
        "HELD by the GM since 0001-01-01T00:00:00+01:00 (a bug in the rules): no turn runs "
    )
