"""The one source of chance, and the RNG of work that must have none (forecasts)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.rules.wok4.fullorders import full_orders
from tests.shipped import WOK4
from wtg.core.rng import NoChance, chance, roll, turn_rng
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry


def test_a_turns_rng_depends_on_the_seed_and_the_turn_only() -> None:
    draws = [turn_rng(7, 3).random() for _ in range(2)]
    assert draws[0] == draws[1]
    assert turn_rng(7, 3).random() != turn_rng(7, 4).random() != turn_rng(8, 3).random()
    rng = turn_rng(1, 1)
    assert {roll(rng, 3) for _ in range(400)} == {0, 1, 2, 3}
    assert not any(chance(rng, 0) for _ in range(100))
    assert all(chance(rng, 100) for _ in range(100))


DRAWS: list[Callable[[random.Random], object]] = [
    lambda r: r.random(),
    lambda r: r.randint(1, 6),
    lambda r: r.choice([1, 2, 3]),
    lambda r: r.shuffle([1, 2, 3]),
    lambda r: r.uniform(0, 1),
]


@pytest.mark.parametrize("draw", DRAWS)
def test_no_chance_refuses_every_draw(draw: Callable[[random.Random], object]) -> None:
    with pytest.raises(RuntimeError, match="must not draw on chance"):
        draw(NoChance())


def test_a_forecast_of_full_orders_needs_no_chance(tmp_path: Path) -> None:
    """Every WoK IV order line filled: the forecast's phases run without drawing (they would
    raise), and each player's forecast shows the player's own provinces."""
    players = [
        PlayerEntry(id=i, name=f"P{i}", email=f"p{i}@x.example", code=f"C{i}") for i in range(1, 11)
    ]
    game = create_game(tmp_path / "g", "wok4", "classic60", players, seed=4).typed(WOK4)
    state = game.state()
    for pid in range(1, 11):
        orders = full_orders(state, pid, random.Random(pid))
        forecast: dict[str, Any] = WOK4.forecast(state, orders, pid)
        mine = {p.id for p in state.provinces_of(pid)}
        assert {row.id for row in forecast["provinces"]} >= mine
