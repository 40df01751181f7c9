"""A WoK IV game fought to the bitter end says so, and offers no alliance.

"If 5+ players of a group QUIT the game (before they get ripped) the remaining Players will
have to fight to the bitter end and the last one surviving will get only 1 VP ! If a game
starts with less then 10 Players all empty slots are considered like Players that have
QUIT" (section 3; ruling 21 of docs/rules/wok4.md: no alliance ends such a game). A game of
five on the 60-province map is one from its first turn: its players were never told, and
the form offered `ALLIANCE: the player you would share victory with`, a line that could
never share anything. Nor was anyone told when the fifth QUIT made a game one.
"""

from __future__ import annotations

from pathlib import Path

from tests.shipped import WOK4
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.rules.wok.ruleset import WokRuleset

LINE = (
    "Bitter end: {n} of the 10 seats are empty or QUIT, so no alliance shares the "
    "victory: the last one standing wins, alone, and gets 1 VP."
)


def players(count: int) -> list[PlayerEntry]:
    return [
        PlayerEntry(i, f"P{i}", f"p{i}@example.org", f"CODE{i:04d}") for i in range(1, count + 1)
    ]


def words(text: str) -> str:
    return " ".join(text.split())


def ally_refused(game: Game, ruleset: WokRuleset, above: str, units: int) -> str:
    """Player 1's form, checked to have no ALLIANCE section, sent with an alliance line
    (``L1: 02``) and ``units`` on his home (``G1``) written above its line ``above``: the
    reason the alliance line is refused with (checked: refused)."""
    form = game.aof(1)
    assert "ALLIANCE" not in form and "\nL1:" not in form
    home = next(p.id for p in game.typed(ruleset).state().provinces if p.owner == 1)
    filled = form.replace(above, f"\nL1: 02\nG1: {home:02d} {units}{above}", 1)
    submission = game.submit(filled)
    (verdict,) = [v for v in submission.verdicts if v.entry.section == "ally"]
    assert not verdict.accepted
    return verdict.reason


def test_a_game_of_five_says_it_is_fought_to_the_bitter_end(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g", "wok4", "classic60", players(5), 5)
    report = game.report(1, 0)
    assert LINE.format(n=5) in words(report)
    assert max(len(line) for line in report.splitlines()) <= 78
    assert ally_refused(game, WOK4, "\nQ1: _", 2) == (
        "no alliance shares the victory in a game fought to the bitter end (5 of the 10 "
        "seats are empty or QUIT): the last one standing wins alone"
    )


def test_a_game_of_ten_has_no_such_line_and_offers_the_alliance(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g", "wok4", "classic60", players(10), 5)
    assert "Bitter end" not in game.report(1, 0)
    assert "\nL1: __" in game.aof(1)


def test_the_quit_that_makes_it_one_is_told(tmp_path: Path) -> None:
    """Six players: four empty seats; player 6 QUITs on turn 1, the fifth."""
    game = create_game(tmp_path / "g", "wok4", "classic60", players(6), 5)
    assert "Bitter end" not in game.report(1, 0)
    for seat in range(1, 7):
        game.submit(f"player: {seat}\nturn: 1\n" + ("quit: true\n" if seat == 6 else ""))
    game.run_turn()
    assert LINE.format(n=5) in words(game.report(1, 1))
    assert "\nL1:" not in game.aof(1)
    assert WOK4.is_over(game.typed(WOK4).state()) is False
