"""Where everyone starts, in the words of the turn 0 report.

"Once turn 0 has run, you can see on the map where everyone is starting. It's now time to
contact players near you to do deals" (000_..., "Diplomacy"; ruling 29 of
docs/rules/standard.md). The map picture showed it, and nothing else did: a game made with
--no-map-pictures, or a player who wrote MAP: off, had the headhunting line's province
numbers and no word of who starts in which.
"""

from __future__ import annotations

from pathlib import Path

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
    homes = sorted((p.home, p.id) for p in state.players)
    assert lines[heading + 1 : heading + 1 + len(homes)] == [
        f"  {home} {state.province(home).name}: {state.player(pid).name} (#{pid})"
        for home, pid in homes
    ]
    state.turn = 1  # later, what others hold is fog unless the report tells it
    assert "WHERE EVERYONE STARTS" not in report_text(STANDARD, game.config, state, [], 1, aof="")


def test_a_duel_human_reads_the_starts_once_and_wok4_none(tmp_path: Path) -> None:
    duel = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel")
    report = duel.report(1)
    assert report.count("WHERE EVERYONE STARTS") == 1
    assert ": Robo4 (#10)" in report  # the robots start somewhere too
    players = [PlayerEntry(i, f"P{i}", f"p{i}@example.org", f"C{i:04d}") for i in (1, 2)]
    wok4 = create_game(tmp_path / "w", "wok4", "small", players, 5).typed(WOK4)
    assert "WHERE EVERYONE STARTS" not in wok4.report(1)  # WoK IV's starts are not public
