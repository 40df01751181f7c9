"""game.yaml's `first:` (the day of a game's first deadline) edited in a running game: it
counts when a game starts, and the edit did nothing the GM was told of (gmtrial32): the
coming deadline stays as its turn set it, and the turns after it keep their days or, on a
game of every 2 days, move by what the edit counts from. `wtg status GAME` and `wtg
status` say which on a NOTE line (`--json`: `first_edited`)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.conftest import players
from tests.test_gm_controls import head, run
from wtg.game.engine import create_game, open_game
from wtg.game.schedule import local_text, make_schedule, parse_iso
from wtg.gm.control import hold, release
from wtg.gm.nextdeadline import first_edited

MADE = datetime(2026, 12, 1, 10, 0, tzinfo=timezone.utc)


def made(root: Path) -> Path:
    """A game of every 2 days at 18:00 UTC made on 1 December: its first deadline is on the
    3rd. Its game.yaml."""
    schedule = make_schedule(2, "18:00", "UTC", now=MADE)
    assert schedule.first == "2026-12-03"
    game = create_game(
        root / "games" / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=MADE
    )
    return game.store.root / "game.yaml"


def notes(root: Path, *game: str) -> list[str]:
    said = run(root, "status", *game).stdout.splitlines()
    return [line for line in said if line.startswith("NOTE") and "first:" in line]


def test_first_moved_a_day_says_the_turn_after_the_coming_one_moves(tmp_path: Path) -> None:
    config = made(tmp_path)
    assert notes(tmp_path, "g1") == []
    config.write_text(config.read_text().replace("2026-12-03", "2026-12-02"))
    (note,) = notes(tmp_path, "g1")
    assert note == (
        "NOTE: game.yaml's schedule says first: 2026-12-02, the day of the game's first "
        "deadline, which counts when a game starts (its turn 0 set 2026-12-03): the coming "
        "deadline stays Thu 03 Dec 2026 18:00 UTC "
        f"(`{head(tmp_path)} extend g1 HOURS` moves it); the edit moves the turn after it to "
        "Fri 04 Dec 2026 18:00 UTC (it had Sat 05 Dec 2026 18:00 UTC)"
    )
    data = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert data["first_edited"] == note.removeprefix("NOTE: ").replace(head(tmp_path), "wtg")
    (overview,) = notes(tmp_path)
    assert overview.startswith("NOTE: game g1: game.yaml's schedule says first: 2026-12-02")
    every = json.loads(run(tmp_path, "status", "--json").stdout)
    assert every["games"][0]["first_edited"] == data["first_edited"]


def test_first_moved_a_whole_turn_says_it_moves_nothing(tmp_path: Path) -> None:
    config = made(tmp_path)
    config.write_text(config.read_text().replace("2026-12-03", "2026-12-01"))
    (note,) = notes(tmp_path, "g1")
    assert note.endswith(
        "moves it), and the edit moves no later one either: give back first: 2026-12-03"
    )
    config.write_text(config.read_text().replace("2026-12-01", "2026-12-03"))
    assert notes(tmp_path, "g1") == []
    assert json.loads(run(tmp_path, "status", "g1", "--json").stdout)["first_edited"] is None


def test_a_game_whose_turn_0_ran_after_its_first_day_is_not_said_edited(tmp_path: Path) -> None:
    """A first day its turn 0 ran after (a game of a waiting list made late): game.yaml's
    `first:` gives the deadline turn 0 set, and nothing was edited."""
    schedule = make_schedule(2, "18:00", "UTC", first="2026-11-20", now=MADE)
    create_game(
        tmp_path / "games" / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=MADE
    )
    data = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert data["deadline"] == "2026-12-02T18:00:00Z"
    assert data["first_edited"] is None
    assert notes(tmp_path, "g1") == []


def test_a_deadline_moved_by_extend_is_no_edit_of_first(tmp_path: Path) -> None:
    """`wtg extend g1 48` at turn 0 moves the deadline turn 0 set to another day: game.yaml's
    `first:` is as it was, and nothing is said of it."""
    config = made(tmp_path)
    run(tmp_path, "extend", "g1", "48")
    data = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert not data["deadline"].startswith("2026-12-03")  # moved off the first day
    assert data["first_edited"] is None
    config.write_text(config.read_text().replace("2026-12-03", "2026-12-02"))
    assert notes(tmp_path, "g1")[0].startswith(
        "NOTE: game.yaml's schedule says first: 2026-12-02, the day of the game's first "
        "deadline, which counts when a game starts (its turn 0 set 2026-12-03): the coming "
        "deadline stays "
    )


def test_a_game_held_at_turn_0_and_released_after_its_deadline_is_not_said_edited(
    tmp_path: Path,
) -> None:
    """`wtg hold` at turn 0 and `wtg release` once its first deadline passed: the release
    gives the players a whole turn, written into turn 0's `turn.json`; game.yaml's `first:`
    is as it was made, and nothing is said of it (gmjson34). An edit of `first:` after the
    release is said, against the day turn 0 set."""
    config = made(tmp_path)  # its first deadline, 3 December, passed (the wall clock's now)
    run(tmp_path, "hold", "g1")
    run(tmp_path, "release", "g1")
    data = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert data["deadline"] > "2026-12-03T18:00:00Z"  # a whole turn from the release
    assert data["first_edited"] is None
    assert notes(tmp_path, "g1") == []
    assert notes(tmp_path) == []
    config.write_text(config.read_text().replace("2026-12-03", "2026-12-02"))
    (note,) = notes(tmp_path, "g1")
    assert note.startswith(
        "NOTE: game.yaml's schedule says first: 2026-12-02, the day of the game's first "
        "deadline, which counts when a game starts (its turn 0 set 2026-12-03): the coming "
        f"deadline stays {local_text(parse_iso(data['deadline']), 'UTC')} "
    )


def test_a_game_rolled_back_to_turn_0_after_its_deadline_is_not_said_edited(
    tmp_path: Path,
) -> None:
    """A rollback to turn 0 gives the coming turn a whole turn when the deadline turn 0 set
    has passed, written into turn 0's `turn.json` as a release's: no edit of `first:`."""
    made(tmp_path)
    run(tmp_path, "run-turn", "g1", "--now", "--unmailed")
    run(tmp_path, "rollback", "g1", "--to", "0")
    data = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert data["turn"] == 1
    assert data["deadline"] > "2026-12-03T18:00:00Z"
    assert data["first_edited"] is None
    assert notes(tmp_path, "g1") == []


def test_a_turn_0_json_edited_into_no_object_says_no_edit_of_first(tmp_path: Path) -> None:
    """Turn 0's `turn.json` edited by hand into a JSON list: `wtg status` says nothing of
    `first:` (its check of the turn files says what is wrong), and does not crash."""
    config = made(tmp_path)
    config.write_text(config.read_text().replace("2026-12-03", "2026-12-02"))
    game = open_game(tmp_path / "games" / "g1")
    (game.store.turn_dir(0) / "turn.json").write_text("[]\n")
    assert first_edited(game, "2026-12-03T18:00:00Z") is None


def test_a_deadline_extended_then_released_keeps_the_day_turn_0_set(tmp_path: Path) -> None:
    """`wtg extend` at turn 0, then a hold and a release after the extended deadline passed
    too (a week later): the day turn 0 set is the first move's `from`, kept by the release
    as it gives a whole turn."""
    made(tmp_path)
    run(tmp_path, "extend", "g1", "24")
    game = open_game(tmp_path / "games" / "g1")
    later = datetime.now(timezone.utc) + timedelta(days=7)
    hold(game, later)
    release(game, later + timedelta(hours=1), lambda _hold: 0)
    meta = json.loads((game.store.turn_dir(0) / "turn.json").read_text())
    assert meta["moved"][0]["from"] == meta["deadline_set"] == "2026-12-03T18:00:00Z"
    assert parse_iso(meta["next_deadline"]) > later
    assert first_edited(open_game(game.store.root), meta["next_deadline"]) is None
