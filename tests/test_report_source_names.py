"""A WoK report names the province an attack, a bombing, a spy operation or a move came
from as it names the one it went to: by number and name.

The lines gave the target its name and the source its number alone ('Attack from 7 on 1
Arvenlee', 'Player2 (#2) attacked 2 Bellwynne from 6 with 49 armies', 'bombed by 6
missiles from province 13 of Ann'): a player had to look the number up in his province
table, or could not at all where the source is another player's province."""

from __future__ import annotations

from typing import Any

from tests.shipped import WOK4
from wtg.game.engine import Game
from wtg.game.report import report_text
from wtg.rules.wok.state import WokState


def said(game: Game[WokState], events: list[dict[str, Any]], player: int) -> str:
    text = report_text(WOK4, game.config, game.state(), events, player, aof="")
    return " ".join(text.split())


def name(game: Game[WokState], pid: int) -> str:
    return f"{pid} {game.state().province(pid).name}"


def test_the_defender_reads_where_the_attack_came_from(game: Game[WokState]) -> None:
    battle = {
        "kind": "battle",
        "visible_to": [1, 2],
        "public": False,
        "attacker": 1,
        "defender": 2,
        "source": 9,
        "province": 4,
        "armies": 23,
        "defenders": 7,
        "rounds": 10,
        "attacker_losses": 3,
        "defender_losses": 7,
        "conquered": True,
        "level_bonus": 30,
        "dfn_lost": 1,
    }
    assert (
        f"- Attack from {name(game, 9)} on {name(game, 4)} (Bob (#2)) with 23 armies against "
        "7: 10 rounds, you lost 3, they lost 7, defense -0.1. The province is yours (your "
        "armies' level +0.030)."
    ) in said(game, [battle], 1)
    assert (
        f"- Ann (#1) attacked {name(game, 4)} from {name(game, 9)} with 23 armies against "
        "your 7: 10 rounds, you lost 7, they lost 3, defense -0.1. The province is lost."
    ) in said(game, [battle], 2)


def test_bombs_spies_and_moves_name_their_source(game: Game[WokState]) -> None:
    events: list[dict[str, Any]] = [
        {
            "kind": "bombing_suffered",
            "visible_to": [2],
            "public": False,
            "player": 2,
            "province": 15,
            "missiles": 6,
            "armies": 0,
            "spies": 3,
            "dfn": 1,
            "tech": 0,
            "source": 13,
            "bomber": 1,
        },
        {
            "kind": "spied_upon",
            "visible_to": [2],
            "public": False,
            "player": 2,
            "province": 6,
            "op": 5,
            "success": True,
            "effect": 26,
            "caught": False,
            "eff_change": -2,
            "source": 7,
            "spymaster": 1,
            "found_nothing": False,
        },
        {
            "kind": "moved",
            "visible_to": [2],
            "public": False,
            "player": 2,
            "amount": 5,
            "unit": "ARM",
            "source": 6,
            "target": 5,
            "halted": 0,
        },
    ]
    text = said(game, events, 2)
    assert (
        f"- {name(game, 15)} was bombed by 6 missiles from {name(game, 13)} of Ann (#1): lost "
        "3 SPY, 0.1 DEF."
    ) in text
    assert (
        f"- Enemy spies in {name(game, 6)}, sent from {name(game, 7)} by Ann (#1), operation 5 "
        "(steal population): they succeeded, 26 population stolen. Your EFF -2%."
    ) in text
    assert f"- Moved 5 ARM from {name(game, 6)} to {name(game, 5)}." in text
