"""`wtg status` as a GM reads it on an 80-column terminal: the host's list had its name and
ruleset columns 16 and 12 wide whatever the names, and every game with a deadline ran past
80 (``g1               wok4         turn 1: ... deadline 2099-01-05 18:00 UTC``, 96). The
columns are as wide as the names in them now, to the same widths at most (gmlines43)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import players
from tests.test_gm_controls import run
from wtg.game.engine import create_game
from wtg.game.schedule import make_schedule


def make(games: Path, name: str, ruleset: str = "wok4") -> None:
    schedule = make_schedule(2, "18:00", "UTC", first="2099-01-05")
    create_game(games / name, ruleset, "small", players(4), 7, schedule=schedule)


def test_the_host_list_of_short_names_keeps_to_80_columns(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    make(tmp_path / "games", "league-07")
    listed = run(tmp_path, "status").stdout.splitlines()
    assert listed == [
        "g1        wok4 turn 1: 0 of 4 orders in, 0 READY, deadline 2099-01-05 18:00 UTC",
        "league-07 wok4 turn 1: 0 of 4 orders in, 0 READY, deadline 2099-01-05 18:00 UTC",
    ]


def test_a_name_longer_than_its_column_runs_past_it_and_the_others_keep_theirs(
    tmp_path: Path,
) -> None:
    make(tmp_path / "games", "a-very-long-game-name")
    make(tmp_path / "games", "g1")
    listed = run(tmp_path, "status").stdout.splitlines()
    assert listed == [
        "a-very-long-game-name wok4 turn 1: 0 of 4 orders in, 0 READY, deadline "
        "2099-01-05 18:00 UTC",
        "g1               wok4 turn 1: 0 of 4 orders in, 0 READY, deadline 2099-01-05 18:00 UTC",
    ]
