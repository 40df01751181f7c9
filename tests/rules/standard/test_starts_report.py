"""Where everyone starts, in the words of the turn 0 report.

"Once turn 0 has run, you can see on the map where everyone is starting. It's now time to
contact players near you to do deals" (000_..., "Diplomacy"; ruling 29 of
docs/rules/standard.md). The map picture showed it, and nothing else did: a game made with
--no-map-pictures, or a player who wrote MAP: off, had the headhunting line's province
numbers and no word of who starts in which.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rules.standard.test_duel import entries
from tests.shipped import STANDARD, WOK4
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.report import report_text


def test_the_turn_0_report_says_where_everyone_starts(tmp_path: Path) -> None:
    game = create_game(tmp_path / "s", "standard", "star-islands", entries(3), 5).typed(STANDARD)
    state = game.state()
    text = report_text(STANDARD, game.config, state, [], 1, aof="")
    lines = text.splitlines()
    heading = lines.index("WHERE EVERYONE STARTS")
    # a table: the players in one column ('  13 Tamsvale: Bob (#2)' stood two letters
    # left of '  24 Vellacourt: Cid (#3)')
    assert lines[heading + 1 : heading + 5] == [
        "  13 Tamsvale    Bob (#2)",
        "  24 Vellacourt  Cid (#3)",
        "  28 Quorrowin   Ann (#1)",
        "",
    ]
    state.turn = 1  # later, what others hold is fog unless the report tells it
    assert "WHERE EVERYONE STARTS" not in report_text(STANDARD, game.config, state, [], 1, aof="")


def test_a_duel_human_reads_the_starts_once_and_wok4_none(tmp_path: Path) -> None:
    duel = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel")
    report = duel.report(1)
    assert report.count("WHERE EVERYONE STARTS") == 1
    assert re.search(r"^ +\d+ [A-Z][a-z]+ +Robo4 \(#10\)$", report, re.M)  # robots start too
    players = [PlayerEntry(i, f"P{i}", f"p{i}@example.org", f"C{i:04d}") for i in (1, 2)]
    wok4 = create_game(tmp_path / "w", "wok4", "small", players, 5).typed(WOK4)
    assert "WHERE EVERYONE STARTS" not in wok4.report(1)  # WoK IV's starts are not public


def test_the_report_says_what_the_total_row_s_a_marks(tmp_path: Path) -> None:
    """The TOTAL row reads '2.375a 1.3a': Standard's rule text never says what the 'a' is
    (only WoK IV's manual does: "For the armies level and the defenses, the AVERAGE numbers
    will be calculated (i.e. 1.244a means AVERAGE armies level of 1.244)"). The line under
    the table says it, in both rulesets, as Intermediate's does."""
    for ruleset, folder in ((STANDARD, "s"), (WOK4, "w")):
        name = "star-islands" if ruleset is STANDARD else "classic60"
        game = create_game(tmp_path / folder, ruleset.name, name, entries(3), 5)
        lines = game.report(1).splitlines()
        total = next(i for i, line in enumerate(lines) if line.startswith("TOTAL ("))
        assert re.search(r" \d\.\d{3}a +\d\.\da ", lines[total]), lines[total]
        assert lines[total + 1] == "In the TOTAL row, LEV and DEF are averages (marked a)."


@pytest.mark.parametrize(
    ("ruleset", "map_name", "count"),
    [("standard", "star-islands", 3), ("wok4", "small", 3), ("intermediate", "marchlands", 2)],
)
def test_the_turn_0_report_says_the_game_begins(
    tmp_path: Path, ruleset: str, map_name: str, count: int
) -> None:
    """Turn 0 plays no orders ("Once turn 0 has run, you can see on the map where everyone is
    starting"): its report said 'Nothing touched you this turn.' under WHAT HAPPENED THIS
    TURN, as if a turn of orders had gone by without the player; WISK's says 'The game
    begins.', Tactics' 'The battle has not started yet.'"""
    players = [
        PlayerEntry(i, f"P{i}", f"p{i}@example.org", f"C{i:04d}") for i in range(1, count + 1)
    ]
    game = create_game(tmp_path / "g", ruleset, map_name, players, 5)
    lines = game.report(1).splitlines()
    said = lines[lines.index("WHAT HAPPENED THIS TURN") + 1]
    assert said == "The game begins: turn 0 set out the board, and orders play from turn 1."
    assert "Nothing touched you" not in game.report(1)
    game.run_turn(now=None)
    assert "The game begins" not in game.report(1)


def test_the_intermediate_starts_stand_in_columns(tmp_path: Path) -> None:
    """Intermediate's marchlands: ids of one and two digits. The rows read '  1 Ashfold:
    Bob (#2)' over '  20 Wheatley: Ann (#1)', neither the ids nor the players under each
    other; the ids are right-aligned as in the province tables, the players in a column."""
    game = create_game(tmp_path / "i", "intermediate", "marchlands", entries(2), 5)
    report = game.report(1)
    assert "WHERE EVERYONE STARTS\n   1 Ashfold   Bob (#2)\n  20 Wheatley  Ann (#1)\n\n" in report
