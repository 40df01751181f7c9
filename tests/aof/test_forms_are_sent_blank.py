"""Every form the turn generator sends is blank: no order line of it reads as an order. The
choice of the form in a reply rests on it (``wtg.aof.choose``): of the copies quoted in a
mail, the one that differs from the form sent is the one with order lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import players
from wtg.aof.choose import find_all
from wtg.core.ruleset import OptionValue
from wtg.game.engine import Game, create_game

Setup = tuple[str, str, str | None, int, dict[str, OptionValue]]
"""A game to make: its ruleset, map, variant, number of players and options."""
GAMES: list[Setup] = [
    ("wok4", "classic60", None, 10, {}),
    ("standard", "classic60", None, 10, {}),
    ("standard", "classic60", "duel", 2, {}),
    ("standard", "classic60", "trinity", 3, {}),
    ("intermediate", "pentarchy", None, 5, {}),
    ("wisk", "classic", None, 3, {}),
    ("tactics", "meadow", None, 2, {"bots": 0}),
]
EVERY_GAME = pytest.mark.parametrize(
    "setup",
    GAMES,
    ids=[f"{ruleset}-{variant or map_name}" for ruleset, map_name, variant, *_ in GAMES],
)
"""A test parametrised over GAMES."""


def made(tmp_path: Path, setup: Setup) -> Game:
    """The game ``setup`` names, made at ``tmp_path/g`` with seed 7."""
    ruleset, map_name, variant, count, options = setup
    return create_game(
        tmp_path / "g", ruleset, map_name, players(count), seed=7, variant=variant, options=options
    )


@EVERY_GAME
def test_every_form_and_report_sent_reads_as_no_order(tmp_path: Path, setup: Setup) -> None:
    game = made(tmp_path, setup)
    count = setup[3]
    form = game.ruleset.form
    copies = 0
    for seat in range(1, count + 1):
        found = find_all(form, [game.report(seat)])
        copies += len(found)
        assert [item.filled for item in found] == [False] * len(found)
        assert all(item.outcome.problems == [] for item in found if item.copy.marked)
    assert copies >= 1
