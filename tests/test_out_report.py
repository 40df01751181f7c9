"""The report of a WoK player who is out (wiped out, or QUIT and holding no province): the
game's news every player is told, the Top Ten and the other players, without the sections
of an empire he no longer has. It was a full report every turn: his status figures, "YOUR
PROVINCES: You own no province." and "Nothing touched you this turn." (ruling 6 of
docs/rules/wok.md). A quitter who keeps provinces (WoK IV) still reads of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_quitting import new_game
from wtg.core.jsondata import Json
from wtg.game.report import report_text

RULESETS = ("wok4", "standard", "intermediate")


def out_player(tmp_path: Path, ruleset: str, status: str) -> tuple[Any, Any]:
    game = new_game(tmp_path, ruleset, count=3)
    state: Any = game.state()
    state.turn = 1  # out after a turn of orders (turn 0's report says the game begins)
    for province in state.provinces:
        if province.owner == 3:
            province.owner = 0
    state.player(3).status = status
    if status == "dead":
        state.player(3).died_on = 1
    else:
        state.player(3).quit_on = 1
    return game, state


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("status", ["dead", "quit"])
def test_an_out_player_s_report_has_no_empty_sections(
    tmp_path: Path, ruleset: str, status: str
) -> None:
    game, state = out_player(tmp_path, ruleset, status)
    text = report_text(game.ruleset, game.config, state, [], 3, aof="")
    lines = text.splitlines()
    assert f"Status: {status.upper()}" in lines
    assert "YOUR PROVINCES" not in text and "You own no province." not in text
    assert "BORDERS" not in text and "EFF:" not in text and "Headhunting" not in text
    assert "Nothing touched you this turn." not in text
    assert "Nothing happened this turn that every player is told of." in lines
    assert "you give no more orders" in text
    assert "TOP TEN" in text and "THE OTHER PLAYERS" in text
    assert "ORDER OF PLAY" not in text and "DEADLINE" not in text
    assert max(len(row) for row in lines) <= 78
    ann = report_text(game.ruleset, game.config, state, [], 1, aof="")
    assert "YOUR PROVINCES" in ann and "Nothing touched you this turn." in ann


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_out_player_reads_the_turn_s_public_news(tmp_path: Path, ruleset: str) -> None:
    game, state = out_player(tmp_path, ruleset, "dead")
    gone = next(p for p in state.provinces if p.owner == 2)
    gone.owner = 1
    state.player(2).status = "dead"
    events: list[dict[str, Json]] = [
        {"kind": "player_eliminated", "player": 2, "by": 1, "province": gone.id, "public": True}
    ]
    text = report_text(game.ruleset, game.config, state, events, 3, aof="")
    said = " ".join(text.split())
    assert "WHAT HAPPENED THIS TURN - Bob (#2) was wiped out by Ann (#1)" in said
    assert "Nothing happened" not in text and "YOUR PROVINCES" not in text


def test_a_quitter_who_keeps_provinces_still_reads_of_them(tmp_path: Path) -> None:
    """WoK IV ruling 20: a quitter keeps his provinces, dug in; they can be attacked."""
    game = new_game(tmp_path, "wok4", count=3)
    state: Any = game.state()
    state.turn = 1
    state.player(3).status = "quit"
    state.player(3).quit_on = 1
    text = report_text(game.ruleset, game.config, state, [], 3, aof="")
    assert "YOUR PROVINCES" in text and "Nothing touched you this turn." in text
    assert "Status: QUIT   EFF:" in text
