"""A WoK report's tables of provinces head their columns POP, WOK, ARM, LEV, DEF, MIS,
SPY and AIM (Intermediate's PIK, ARC, KNI and CAT too), and said none of them in words: a
newcomer had to find in the rule text that WOK are workers, or guess. A line under the
tables says each, in the texts' words ("1 ARM = 2 WOK OR 4 POP", "Defense (DEF)", "Level
(LEV)", "Missiles (MIS)", "Spies (SPY)"; docs/rules/wok.md, ruling 30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import players
from wtg.game.engine import create_game

WOK = (
    "POP population, WOK workers, ARM armies, LEV the armies' level, DEF defense, "
    "MIS missiles, SPY spies, AIM what the workers make."
)
INTERMEDIATE = (
    "POP population, WOK workers, DEF defense, MIS missiles, SPY spies, AIM what the "
    "workers make. YOUR TROOPS"
)
"""Intermediate's two tables, each with its own columns said under it."""
INTERMEDIATE_TROOPS = (
    "ARM armies, PIK pikemen, ARC archers, KNI knights, CAT catapults, LEV the troops' level "
    "(- where there are none)."
)


@pytest.mark.parametrize(
    ("ruleset", "map_name", "said"),
    [
        ("wok4", "small", WOK),
        ("standard", "star-islands", WOK),
        ("intermediate", "pentarchy", INTERMEDIATE),
        ("intermediate", "pentarchy", INTERMEDIATE_TROOPS),
    ],
)
def test_the_province_tables_say_their_columns(
    tmp_path: Path, ruleset: str, map_name: str, said: str
) -> None:
    report = create_game(tmp_path / "g", ruleset, map_name, players(3), seed=5).report(1)
    tables = report[report.index("YOUR PROVINCES") : report.index("BORDERS")]
    assert said in " ".join(tables.split())
    assert all(len(line) <= 72 for line in tables.splitlines())
