"""A waiting list's deadlines as LIST and STATUS say them, for each ruleset's turns: WISK's
and WoS Tactics' lists said "each turn runs once every player is READY", but in those games
one player moves a turn (WISK: "play clockwise in turn"; Tactics: "A single player's turn
consists of commanding some number of their individual army pieces, after which it is the
next player's turn"), and a turn waits for him alone. The words come from the ruleset's
registration: no game is opened for them."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_lobby_replay import waits
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.lobby.waitlist import due


def _list_said(hall: Hall, name: str) -> str:
    """The lines LIST gives the list ``name``, their words on one line."""
    listed = hall.answer("newcomer@else.example", "LIST")
    return " ".join(listed.body.split(f"  {name}: ", 1)[1].split("\n\n", 1)[0].split())


def test_a_wisk_list_says_a_turn_waits_for_its_player_alone(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wisk", players=3)
    said = _list_said(hall, "wisk")
    assert (
        "deadlines: none: each turn is one player's, in turn, and runs once he is READY (a "
        "robot's at once)"
    ) in said, said
    assert "every player is READY" not in said


def test_a_tactics_list_says_its_army_turn_waits_for_all_and_the_rest_for_one(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("tactics", players=2, every=1, at="20:00")
    said = _list_said(hall, "tactics")
    assert (
        "deadlines: a turn every day at 20:00 UTC (or sooner, once those it waits for are "
        "READY: every player for the first, where each picks his army; one player for each "
        "after it, whose turn it is)"
    ) in said, said
    assert "once all are READY" not in said


def test_status_of_a_wisk_list_says_the_same(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wisk", players=3, every=2, at="18:00")
    waits(hall, "wisk", "Ann", address(1))
    hall.new_mails()
    told = hall.answer(address(1), "STATUS wisk")
    assert (
        "Deadlines: a turn every 2 days at 18:00 UTC (or sooner, once the player whose turn "
        "it is is READY)."
    ) in told.words, told.body


def test_a_wok_list_still_waits_for_every_player(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    said = _list_said(hall, "wok4")
    assert "deadlines: none: each turn runs once every player is READY" in said, said


def test_a_seat_offered_in_a_wisk_game_says_whose_readiness_runs_the_turn(
    tmp_path: Path,
) -> None:
    """A seat offered in LIST, and the JOIN's answer for it, said of a game without a
    deadline that its next turn runs once every player is READY: in WISK it runs once the
    player whose turn it is is."""
    hall = Hall(tmp_path)
    seats = [PlayerEntry(n, f"P{n}", address(n), f"CODE{n:04d}X") for n in (1, 2, 3)]
    create_game(hall.gm.games_dir / "g", "wisk", "classic", seats, seed=3, now=hall.now)
    said = due(hall.game("g"))
    assert said == "turn 1 is next, no deadline: it runs once the player whose turn it is is READY"
    create_game(hall.gm.games_dir / "w", "wok4", "small", seats, seed=3, now=hall.now)
    assert due(hall.game("w")) == "turn 1 is next, no deadline: it runs once all are READY"
