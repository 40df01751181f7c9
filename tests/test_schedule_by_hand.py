"""Deadlines a tired GM meant and did not get: `new-game --at 18:00 --timezone
Europe/Vienna` without `--every` made a game of no deadlines in silence (its turns run
only once every player is READY, and the GM thinks they run at 18:00); and a schedule
written into the game.yaml of a game made without one gave the turn after the coming one
the schedule's next hour after it ran, minutes away on a daily game (the players lost that
turn), while `wtg extend` said only that there was no deadline to move."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main
from wtg.game.schedule import make_schedule, parse_iso
from wtg.game.turnfiles import new_meta

GAME = ("new-game", "g1", "--ruleset", "wok4", "--map", "small")
PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
DAILY = make_schedule(1, "18:00", "UTC", first="2026-12-01")
TEN_TO_SIX = datetime(2026, 12, 4, 17, 50, tzinfo=timezone.utc)


def wtg(games: Path, *args: str) -> tuple[int, str, str]:
    config = games.parent / "wtg.yaml"
    if not config.exists():
        config.write_text('games_dir: games\nfrom: "GM <gm@example.org>"\n', encoding="utf-8")
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["--config", str(config), *args])
    return result.exit_code, result.stdout, result.stderr


def test_new_game_of_wisk_refuses_an_hour_without_every_saying_whose_ready_runs_a_turn(
    tmp_path: Path,
) -> None:
    """The refusal said a turn runs only once every player is READY, of WISK too, where a
    turn is one player's."""
    games = tmp_path / "games"
    games.mkdir()
    wisk = ("new-game", "w1", "--ruleset", "wisk", "--map", "classic")
    code, _, err = wtg(games, *wisk, *PLAYERS, "--at", "18:00")
    assert (code, err) == (
        1,
        "wtg: --at goes with --every DAYS: without it the game has no deadlines: each turn is "
        "one player's, in turn, and runs once he is READY (a robot's at once); give --every, "
        "or leave out --at\n",
    )


def test_new_game_refuses_an_hour_or_zone_without_every(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    for given in (("--at", "18:00"), ("--timezone", "Europe/Vienna"), ("--at", "7:00")):
        code, _, err = wtg(games, *GAME, *PLAYERS, *given)
        assert code == 1, given
        assert err == (
            f"wtg: {given[0]} goes with --every DAYS: without it the game has no deadlines: "
            "each turn runs once every player is READY; give --every, or leave out "
            f"{given[0]}\n"
        )
        assert not (games / "g1").exists()
    code, out, _ = wtg(games, *GAME, *PLAYERS, "--every", "2", "--at", "18:00")
    assert code == 0
    assert "turn 1 is due" in out


def test_a_game_without_every_is_made_as_before(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    code, out, err = wtg(games, *GAME, *PLAYERS)
    assert (code, err) == (0, "")
    assert "turn is due" not in out and "turn 1 is due" not in out


def test_turn_0_takes_the_schedules_first_deadline() -> None:
    meta = new_meta(DAILY, 0, None, TEN_TO_SIX)
    assert meta["next_deadline"] == "2026-12-04T18:00:00Z"


def test_a_schedule_added_by_hand_gives_a_whole_turn_after_the_next() -> None:
    """Turn 1 of a game whose turn 0 set no deadline (no schedule then) runs at 17:50: the
    next deadline was 18:00 the same day, ten minutes for turn 2's orders."""
    meta = new_meta(DAILY, 1, None, TEN_TO_SIX)
    upcoming = parse_iso(str(meta["next_deadline"]))
    assert upcoming == datetime(2026, 12, 5, 18, 0, tzinfo=timezone.utc)
    assert upcoming - TEN_TO_SIX >= timedelta(days=1)


def scheduled_by_hand(tmp_path: Path) -> Path:
    """The games folder of g1, made without --every, its game.yaml then given a schedule."""
    games = tmp_path / "games"
    games.mkdir()
    assert wtg(games, *GAME, *PLAYERS)[0] == 0
    config = games / "g1" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    assert "schedule: null" in text
    config.write_text(
        text.replace(
            "schedule: null",
            "schedule: {every_days: 2, at: '18:00', timezone: UTC, first: '2026-12-01'}",
        ),
        encoding="utf-8",
    )
    return games


def test_extend_says_what_to_do_with_a_schedule_added_by_hand(tmp_path: Path) -> None:
    games = scheduled_by_hand(tmp_path)
    code, _, err = wtg(games, "extend", "g1", "24")
    assert code == 1
    assert err == (
        "wtg: game g1 has no deadline to move: its turn 0 set none (game.yaml's schedule "
        "came after it ran); the turn after it takes the schedule up, its deadline a whole "
        f"turn later: `wtg --config {games.parent / 'wtg.yaml'} run-turn g1 --now` runs turn 1 "
        "now, or it runs once every player is READY\n"
    )


def test_status_says_why_a_schedule_added_by_hand_shows_no_deadline(tmp_path: Path) -> None:
    """`wtg status` said "deadline none" and no more: the GM who wrote the schedule in
    thought it had not been read."""
    games = scheduled_by_hand(tmp_path)
    code, out, err = wtg(games, "status", "g1")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "game g1, orders for turn 1, deadline none"
    assert lines[1] == (
        "NO DEADLINE: its turn 0 set none (game.yaml's schedule came after it ran); the turn "
        "after it takes the schedule up, its deadline a whole turn later: `wtg --config "
        f"{games.parent / 'wtg.yaml'} run-turn g1 --now` runs turn 1 now, or it runs once "
        "every player is READY"
    )


def test_status_of_a_game_without_a_schedule_gives_no_such_line(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    assert wtg(games, *GAME, *PLAYERS)[0] == 0
    code, out, _ = wtg(games, "status", "g1")
    assert code == 0
    assert out.splitlines()[0] == "game g1, orders for turn 1, deadline none"
    assert "NO DEADLINE" not in out
