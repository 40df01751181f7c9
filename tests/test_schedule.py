"""How a deadline reads in reports and confirmations."""

from __future__ import annotations

import itertools
import json
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from wtg.game.schedule import local_text

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
    from wtg.game.schedule import make_schedule

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
    from wtg.game.engine import create_game
    from wtg.game.schedule import make_schedule

    made = datetime(2026, 11, 20, 9, 0, tzinfo=timezone.utc)
    schedule = make_schedule(2, "18:00", "Europe/Vienna", now=made)
    game = create_game(tmp_path / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=made)
    written = json.loads((game.store.turn_dir(0) / "turn.json").read_text(encoding="utf-8"))
    assert game.deadline_stamp() == game.deadline_stamp(0) == written["next_deadline"]
    assert game.deadline_stamp() == "2026-11-22T17:00:00Z"
    assert game.deadline() == datetime(2026, 11, 22, 17, 0, tzinfo=timezone.utc)
    plain = create_game(tmp_path / "g2", "wok4", "small", players(2), 7)
    assert (plain.deadline_stamp(), plain.deadline()) == (None, None)


def test_a_game_made_at_the_very_deadline_hour_has_a_whole_turn_first(tmp_path: Path) -> None:
    """Issue 26, mutant: a schedule's boundary (``<=`` vs ``<``) in wtg/game/schedule.py. A game
    with a deadline every 2 days at 18:00 Vienna time, made at 18:00:00 to the second, has
    its first deadline two days on, not three (a whole turn to the second); made a second
    before 18:00, two days on too; made a second after, three days on at 18:00: the first
    deadline hour at least a turn's days away."""
    from tests.conftest import players
    from wtg.game.engine import create_game
    from wtg.game.schedule import make_schedule

    made = datetime(2026, 11, 20, 17, 0, tzinfo=timezone.utc)  # 18:00 in Vienna
    for name, moment, deadline in (
        ("on", made, made + timedelta(days=2)),
        ("after", made + timedelta(seconds=1), made + timedelta(days=3)),
        ("before", made - timedelta(seconds=1), made + timedelta(days=2)),
    ):
        schedule = make_schedule(2, "18:00", "Europe/Vienna", now=moment)
        game = create_game(
            tmp_path / name, "wok4", "small", players(2), 7, schedule=schedule, now=moment
        )
        assert game.deadline() == deadline, name


def test_a_deadline_at_half_past_falls_at_half_past(tmp_path: Path) -> None:
    """Issue 26, mutant (mutmut, wtg/game/schedule.py): the minutes of ``--at`` dropped, where the
    slot is made or where the first day is chosen. Every day at 18:30 Vienna time, a game
    made at 18:10 there has its first deadline at 18:30 the next day (a whole day on, and
    20 minutes), the next at 18:30 the day after."""
    from tests.conftest import players
    from wtg.game.engine import create_game
    from wtg.game.schedule import make_schedule

    made = datetime(2026, 11, 20, 17, 10, tzinfo=timezone.utc)  # 18:10 in Vienna
    schedule = make_schedule(1, "18:30", "Europe/Vienna", now=made)
    game = create_game(tmp_path / "g", "wok4", "small", players(2), 7, schedule=schedule, now=made)
    assert game.deadline() == datetime(2026, 11, 21, 17, 30, tzinfo=timezone.utc)
    assert schedule.slot(1) == datetime(2026, 11, 22, 17, 30, tzinfo=timezone.utc)


def test_a_game_made_after_the_hour_every_3_days_waits_3_days(tmp_path: Path) -> None:
    """Issue 26, mutant (mutmut, wtg/game/schedule.py): a first day moved back rather than on
    once the hour has passed. Every 3 days at 18:00 Vienna time, made at 19:00 there: the
    first deadline is at 18:00 4 days on (3 days on at 18:00 would be an hour short of a
    turn), not the next day."""
    from tests.conftest import players
    from wtg.game.engine import create_game
    from wtg.game.schedule import make_schedule

    made = datetime(2026, 11, 20, 18, 0, tzinfo=timezone.utc)  # 19:00 in Vienna
    schedule = make_schedule(3, "18:00", "Europe/Vienna", now=made)
    game = create_game(tmp_path / "g", "wok4", "small", players(2), 7, schedule=schedule, now=made)
    assert game.deadline() == datetime(2026, 11, 24, 17, 0, tzinfo=timezone.utc)


def test_a_games_schedule_reads_back_from_game_yaml_as_made(tmp_path: Path) -> None:
    """Issue 26, mutant (mutmut, wtg/game/schedule.py): ``Schedule.from_dict`` not reading the
    first day (it was then counted from the clock on every read): a game every 3 days kept
    its days only while the GM's clock happened to agree. Read back, the schedule is the one
    made, and the deadlines fall on its days."""
    from tests.conftest import players
    from wtg.game.engine import create_game, open_game
    from wtg.game.schedule import make_schedule

    made = datetime(2026, 11, 20, 9, 0, tzinfo=timezone.utc)
    schedule = make_schedule(3, "18:00", "Europe/Vienna", first="2026-11-21")
    create_game(tmp_path / "g", "wok4", "small", players(2), 7, schedule=schedule, now=made)
    again = open_game(tmp_path / "g")
    assert again.config.schedule == schedule
    assert again.config.schedule.next_after(made + timedelta(days=2)) == datetime(
        2026, 11, 24, 17, 0, tzinfo=timezone.utc
    )


def test_a_turn_run_early_never_gets_the_same_deadline_again(tmp_path: Path) -> None:
    """Issue 26, mutant (mutmut, wtg/game/schedule.py): ``next_deadline`` not counting from the
    deadline the turn ran for. Turn 1, due on the 21st, runs on the 20th (every player
    READY, or the GM's `--now`): turn 2 is due on the 23rd, not on the 21st again."""
    from tests.conftest import players
    from wtg.game.engine import create_game
    from wtg.game.schedule import make_schedule

    made = datetime(2026, 11, 20, 9, 0, tzinfo=timezone.utc)
    schedule = make_schedule(2, "18:00", "UTC", first="2026-11-21")
    game = create_game(tmp_path / "g", "wok4", "small", players(2), 7, schedule=schedule, now=made)
    assert game.deadline() == datetime(2026, 11, 21, 18, 0, tzinfo=timezone.utc)
    assert game.run_turn(now=made + timedelta(hours=1), force=True) == 1
    assert game.deadline() == datetime(2026, 11, 23, 18, 0, tzinfo=timezone.utc)


def test_the_utc_beside_a_local_deadline_is_utc_on_a_host_in_another_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26, mutant (mutmut, wtg/game/schedule.py): the hour shown as UTC taken in the host's
    own zone. A GM's machine set to New York still tells Vienna's players 17:00 UTC, and
    writes 17:00 UTC in the turn files (``iso``)."""
    from wtg.game.schedule import iso

    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        assert local_text(MOMENT, "Europe/Vienna") == (
            "Tue 24 Nov 2026 18:00 Europe/Vienna (17:00 UTC)"
        )
        assert iso(MOMENT.astimezone(ZoneInfo("Asia/Tokyo"))) == "2026-11-24T17:00:00Z"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_the_first_turn_is_never_shorter_than_the_others() -> None:
    """A player's trial: a game made with ``--every 2`` at 15:30 had its first deadline the
    next day at 18:00, a turn of 26 hours where every later turn has 48 (made at 18:10 with
    ``--every 1 --at 18:30``, a first turn of 20 minutes). The first deadline is the first
    deadline hour at least a turn's days after the game is made, in the GM's zone, across
    summer time too: the first turn is as long as any other, and less than a day longer."""
    from wtg.game.schedule import make_schedule

    for days, zone, start in (
        (1, "UTC", datetime(2026, 11, 20, 0, 0, tzinfo=timezone.utc)),
        (2, "Europe/Vienna", datetime(2026, 11, 20, 0, 0, tzinfo=timezone.utc)),
        (3, "America/New_York", datetime(2026, 10, 30, 0, 0, tzinfo=timezone.utc)),
    ):
        for minutes in range(0, 48 * 60, 50):
            made = start + timedelta(minutes=minutes)
            first = make_schedule(days, "18:30", zone, now=made).slot(0)
            wall = made.astimezone(ZoneInfo(zone)).replace(tzinfo=None)
            due = first.astimezone(ZoneInfo(zone)).replace(tzinfo=None)
            assert f"{due:%H:%M}" == "18:30"
            assert timedelta(days=days) <= due - wall < timedelta(days=days + 1), (days, made)
