"""How a deadline reads in reports and confirmations."""

from __future__ import annotations

import itertools
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

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


def test_deadlines_keep_the_local_hour_across_summer_time() -> None:
    """Every 2 days at 18:00 Vienna time: 16:00 UTC in summer, 17:00 UTC in winter, and
    no deadline skipped or doubled where the clocks change (25 October 2026)."""
    from wtg.schedule import make_schedule

    schedule = make_schedule(2, "18:00", "Europe/Vienna", first="2026-10-21")
    slots = [schedule.slot(i) for i in range(4)]
    assert [f"{s:%d %H:%M}" for s in slots] == ["21 16:00", "23 16:00", "25 17:00", "27 17:00"]
    for before, after in itertools.pairwise(slots):
        assert schedule.next_after(before) == after
        assert schedule.next_after(after - timedelta(minutes=1)) == after
    spring = make_schedule(1, "18:00", "Europe/Vienna", first="2026-03-27")
    days = [
        spring.next_after(datetime(2026, 3, d, 12, 0, tzinfo=timezone.utc)) for d in range(27, 31)
    ]
    assert [f"{s:%d %H:%M}" for s in days] == ["27 17:00", "28 17:00", "29 16:00", "30 16:00"]


def test_a_games_deadline_is_read_as_its_turn_file_writes_it(tmp_path: Path) -> None:
    """One place reads a game's deadline: ``Game.deadline_stamp`` is turn.json's
    ``next_deadline`` as written (a confirmation shows it, kept as text), ``Game.deadline``
    the same moment parsed; a game without a schedule has neither."""
    from tests.conftest import players
    from wtg.engine import create_game
    from wtg.schedule import make_schedule

    made = datetime(2026, 11, 20, 9, 0, tzinfo=timezone.utc)
    schedule = make_schedule(2, "18:00", "Europe/Vienna", now=made)
    game = create_game(tmp_path / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=made)
    written = json.loads((game.store.turn_dir(0) / "turn.json").read_text(encoding="utf-8"))
    assert game.deadline_stamp() == game.deadline_stamp(0) == written["next_deadline"]
    assert game.deadline_stamp() == "2026-11-21T17:00:00Z"
    assert game.deadline() == datetime(2026, 11, 21, 17, 0, tzinfo=timezone.utc)
    plain = create_game(tmp_path / "g2", "wok4", "small", players(2), 7)
    assert (plain.deadline_stamp(), plain.deadline()) == (None, None)


def test_a_game_made_at_the_very_deadline_hour_has_a_whole_turn_first(tmp_path: Path) -> None:
    """Issue 26, mutant: a schedule's boundary (``<=`` vs ``<``) in wtg/schedule.py. A game
    with a deadline every 2 days at 18:00 Vienna time, made at 18:00:00 to the second, has
    its first deadline two days on, not one (the hour it was made at counts as passed, as a
    moment a second later does); made a second before 18:00, the first deadline is that
    day's 18:00 plus a turn's days less one."""
    from tests.conftest import players
    from wtg.engine import create_game
    from wtg.schedule import make_schedule

    made = datetime(2026, 11, 20, 17, 0, tzinfo=timezone.utc)  # 18:00 in Vienna
    for name, moment, deadline in (
        ("on", made, made + timedelta(days=2)),
        ("after", made + timedelta(seconds=1), made + timedelta(days=2)),
        ("before", made - timedelta(seconds=1), made + timedelta(days=1)),
    ):
        schedule = make_schedule(2, "18:00", "Europe/Vienna", now=moment)
        game = create_game(
            tmp_path / name, "wok4", "small", players(2), 7, schedule=schedule, now=moment
        )
        assert game.deadline() == deadline, name
