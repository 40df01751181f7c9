"""The report says which provinces headhunting protects in the coming turn.

"Home provinces enjoy special protection at the beginning of the game. - They cannot be the
target of missiles, armies or spies while "headhunting protection" is in place" (000_...,
"Headhunting"; Intermediate plays by the same, ruling 2 of docs/rules/intermediate.md).
The reports never said it: a player learned it from a confirmation's 'Would not run', or
from the turn that skipped his orders. Each report now says it while it binds the coming
turn, with the provinces' numbers, as it lists a Duel's NAPs, and their names since (by
number alone, a player looked each up in WHERE EVERYONE STARTS), each kept whole on a line.
"""

from __future__ import annotations

from pathlib import Path

from tests.rules.standard.test_duel import entries
from tests.shipped import INTERMEDIATE, STANDARD
from wtg.game.engine import create_game
from wtg.game.report import report_text


def words(text: str) -> str:
    return " ".join(text.split())


def test_a_skirmish_report_says_the_homes_are_protected_in_turn_1(tmp_path: Path) -> None:
    game = create_game(tmp_path / "s", "standard", "trial", entries(2), 5, "skirmish").typed(
        STANDARD
    )
    state = game.state()
    said = (
        "Headhunting: the start provinces cannot be bombed, attacked or spied on\n"
        "  until the end of turn 1: 1 Ardwenny, 20 Corvastle.\n"
    )
    assert said in game.report(1, 0)
    assert said in game.report(2, 0)
    report = game.report(1, 0).split("=== BEGIN AOF ===")[0]
    assert max(len(line) for line in report.splitlines()) <= 72  # a phone's columns
    state.turn = 1  # the report of turn 1: turn 2 is free of it
    assert "Headhunting" not in report_text(STANDARD, game.config, state, [], 1, aof="")


def test_a_duel_report_names_the_ten_start_provinces_for_three_turns(tmp_path: Path) -> None:
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel").typed(
        STANDARD
    )
    state = game.state()
    said = (
        "Headhunting: the start provinces cannot be bombed, attacked or spied on\n"
        "  until the end of turn 3: 3 Vessany, 7 Quessel, 13 Dunmaren,\n"
        "  21 Caradune, 25 Hollowmarch, 29 Tamberlin, 38 Mirrendale, 44 Halcarra,\n"
        "  52 Yarrowgate, 60 Tessandrine.\n"
    )
    assert said in report_text(STANDARD, game.config, state, [], 1, aof="")
    state.turn = 2
    assert said in report_text(STANDARD, game.config, state, [], 1, aof="")
    state.turn = 3
    assert "Headhunting" not in report_text(STANDARD, game.config, state, [], 1, aof="")


def test_an_intermediate_report_says_it_too(tmp_path: Path) -> None:
    game = create_game(tmp_path / "i", "intermediate", "marchlands", entries(2), 5).typed(
        INTERMEDIATE
    )
    assert (
        "Headhunting: the start provinces cannot be bombed, attacked or spied on until the"
        " end of turn 1: 1 Ashfold, 20 Wheatley." in words(game.report(1, 0))
    )


def test_a_wok4_report_has_no_such_line(tmp_path: Path) -> None:
    """WoK IV's manual has no headhunting protection."""
    game = create_game(tmp_path / "w", "wok4", "small", entries(2), 5)
    assert "Headhunting" not in game.report(1, 0)
