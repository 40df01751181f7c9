"""A WoK report's BORDERS named each neighbour by its number alone ('41: 30:N 31:N 52:1'):
to know which province 30 was, a player looked it up in the PROVINCES table or on the map,
for every neighbour of every province. The reasons and notes of a confirmation name
provinces as '11 Grennach' (docs/rules/wok.md ruling 17); BORDERS names them the same way,
each neighbour with its owner (#player, N neutral), packed in lines of the mail's 78
columns, a neighbour never cut in two."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_quitting import new_game
from wtg.game.report import report_text


def borders(tmp_path: Path, ruleset: str, mine: tuple[int, ...], theirs: int) -> list[str]:
    """The BORDERS lines of player 1's report when he holds ``mine`` and player 2 holds
    ``theirs`` (every other province neutral)."""
    game = new_game(tmp_path, ruleset, count=3)
    state: Any = game.state()
    state.turn = 1
    for province in state.provinces:
        province.owner = 1 if province.id in mine else 2 if province.id == theirs else 0
    lines = report_text(game.ruleset, game.config, state, [], 1, aof="").splitlines()
    start = lines.index("BORDERS (each neighbour and its owner: #player, N = neutral)")
    return lines[start + 1 : lines.index("", start)]


@pytest.mark.parametrize(
    ("ruleset", "mine", "theirs", "expected"),
    [
        (
            "wok4",
            (5, 6),
            11,
            [
                "   5 Ebbenreach: 1 Arvenlee N, 2 Bellwynne N, 4 Dallowmere N,",
                "       6 Frosthallow #1, 10 Jarrowby N, 11 Kestrelmoor #2",
                "   6 Frosthallow: 2 Bellwynne N, 3 Cindermoor N, 5 Ebbenreach #1,",
                "       7 Gildenmarsh N, 11 Kestrelmoor #2",
            ],
        ),
        (
            "standard",
            (48,),
            55,
            [
                "  48 Querrin: 37 Duskharrow N, 38 Mirrendale N, 47 Pathenmoor N,",
                "       49 Stallowey N, 55 Drumhollow #2, 56 Emberstrand N",
            ],
        ),
        (
            "intermediate",
            (21,),
            19,
            [
                "  21 Marshgate: 19 Frostfang #2, 20 Elmstead N, 23 Harvestdown N,",
                "       24 Rowanbrook N, 26 Cedarfall N",
            ],
        ),
    ],
)
def test_borders_name_each_neighbour_and_its_owner(
    tmp_path: Path, ruleset: str, mine: tuple[int, ...], theirs: int, expected: list[str]
) -> None:
    assert borders(tmp_path, ruleset, mine, theirs) == expected
