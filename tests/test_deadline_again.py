"""The deadline a rollback or a release leaves (``schedule.deadline_again``): a rollback
whose turn's deadline had passed got the schedule's next deadline after now, and a release
kept the deadline that passed while the game was held (the turn ran at the next cron):
on a daily game the players had minutes, or none, to send their orders. Now the deadline
they had stands while it is at least half a day ahead; else they get a whole turn, as a
new game's first deadline, and the command's line says the deadline."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import cast

from click.testing import CliRunner

from tests.conftest import players
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game
from wtg.game.hold import Hold
from wtg.game.schedule import iso, make_schedule
from wtg.gm.control import hold, release, rollback
from wtg.rules.wok.state import WokState

MADE = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
"""The game is made then, daily at 18:00 UTC from 2026-11-23: turn 1 is due 11-23 18:00."""


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=timezone.utc)


def daily(games: Path) -> Game:
    schedule = make_schedule(1, "18:00", "UTC", first="2026-11-23")
    return create_game(games / "g1", "wok4", "small", players(4), 7, schedule=schedule, now=MADE)


def played(game: Game, now: datetime) -> None:
    wok = cast("Game[WokState]", game)
    for seat in range(1, 5):
        wok.submit(filled_aof(wok, seat))
    game.run_turn(now=now)


def no_one(_hold: Hold) -> int:
    return 0


def test_a_rollback_leaves_half_a_day_or_gives_a_whole_turn(tmp_path: Path) -> None:
    game = daily(tmp_path)
    played(game, at(23, 9))  # early, all READY: turn 2 is due the day after turn 1's
    assert game.deadline() == at(24, 18)
    # the turn-0 deadline (11-23 18:00) is 13 hours ahead: it stands
    done, _ = rollback(game, 0, at(23, 5))
    assert done.deadline == iso(at(23, 18))
    assert game.deadline() == at(23, 18)

    played(game, at(23, 9))
    # ten minutes before the deadline turn 1 had: the players would have ten minutes
    done, _ = rollback(game, 0, at(23, 17, 50))
    assert done.deadline == iso(at(24, 18))
    assert game.deadline() == at(24, 18)
    assert "Tue 24 Nov 2026 18:00 UTC" in game.report(1, 0)

    played(game, at(24, 9))
    # turn 1's deadline long passed, the schedule's next ten minutes away: a whole day
    done, _ = rollback(game, 0, at(25, 17, 50))
    assert done.deadline == iso(at(26, 18))
    assert game.deadline() == at(26, 18)


def test_a_release_after_the_deadline_passed_gives_a_whole_turn(tmp_path: Path) -> None:
    game = daily(tmp_path)
    hold(game, at(23, 9))
    # released the next day, ten minutes before the schedule's next deadline
    _kept, new, _queued = release(game, at(24, 17, 50), no_one)
    assert new
    assert game.deadline() == at(25, 18)
    assert "Wed 25 Nov 2026 18:00 UTC" in game.report(2, 0)
    assert game.meta(0)["next_deadline"] == iso(at(25, 18))

    hold(game, at(25, 1))
    release(game, at(25, 5), no_one)  # 13 hours ahead: it stands
    assert game.deadline() == at(25, 18)
    hold(game, at(25, 6))
    release(game, at(25, 7), no_one)  # 11 hours ahead: the next day's
    assert game.deadline() == at(26, 18)


def test_the_lines_of_rollback_and_release_say_the_deadline(tmp_path: Path) -> None:
    """Against the wall clock: a game made long ago, daily at an hour twenty minutes from
    now; its turn-0 deadline passed years ago, the schedule's next is twenty minutes away."""
    now = datetime.now(timezone.utc)
    hour = (now + timedelta(minutes=20)).replace(second=0, microsecond=0)
    schedule = make_schedule(1, f"{hour:%H:%M}", "UTC", first="2020-01-06")
    long_ago = datetime(2020, 1, 5, 12, 0, tzinfo=timezone.utc)
    games = tmp_path / "games"
    game = create_game(
        games / "g1", "wok4", "small", players(4), 7, schedule=schedule, now=long_ago
    )
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")

    def wtg(*args: str) -> str:
        result = CliRunner().invoke(main, ["--config", str(config), *args])
        assert result.exit_code == 0, result.output
        return result.stdout

    tomorrow = f"{hour + timedelta(days=1):%Y-%m-%d %H:%M} UTC"
    wtg("hold", "g1")
    released = wtg("release", "g1")
    assert f"game g1 released; turn 1 is due {tomorrow}; " in released
    played(game, long_ago + timedelta(hours=1))  # turn 1 ran long ago too
    rolled = wtg("rollback", "g1", "--to", "0")
    assert "orders of 4 players pending again for turn 1; " in rolled
    assert f"; turn 1 is due {tomorrow}; " in rolled


def test_a_turn_run_late_leaves_half_a_day_or_gives_a_whole_turn(tmp_path: Path) -> None:
    """The host was down (or its cron broken) past a deadline: the turn runs at the first
    cron after, and the next deadline was the schedule's next after that moment. Run ten
    minutes before the next day's 18:00, the players had ten minutes: their reports came
    after it, the next cron ran the turn without their orders, a missed turn for each (three
    and a WoK player is out). Now the next deadline is at least half a day ahead, else a
    whole turn, as after a rollback or a release."""
    game = daily(tmp_path)
    played(game, at(24, 17, 50))  # turn 1 was due 11-23 18:00; run a day late
    assert game.deadline() == at(25, 18)
    assert "Wed 25 Nov 2026 18:00 UTC" in game.report(1)
    played(game, at(26, 5))  # turn 2 run 11 hours late: 13 hours left, which stands
    assert game.deadline() == at(26, 18)
    played(game, at(26, 18, 5))  # on time, at the cron after the deadline: the next day's
    assert game.deadline() == at(27, 18)
