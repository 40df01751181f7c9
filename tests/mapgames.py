"""WoK games played on disk for the map tests: made with ``create_game``, each human's
orders planned by the built-in strategy and filed through ``Game.submit`` (an order file,
as the GM would give it), then ``run_turn``; every turn's state and events are then
there for ``wtg map`` to draw."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wtg.aof.orderfile import orders_to_yaml
from wtg.core.ruleset import SeatId
from wtg.game.engine import Game, create_game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.rules.intermediate.strategy import plan_orders as intermediate_plan
from wtg.rules.standard.strategy import plan_orders as standard_plan
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.strategy import plan_orders as wok4_plan

PLANS: dict[str, Callable[[WokState, int, random.Random], dict[str, Any]]] = {
    "wok4": wok4_plan,
    "standard": standard_plan,
    "intermediate": intermediate_plan,
}
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


def played_game(
    folder: Path,
    ruleset: str,
    map_name: str,
    humans: int,
    turns: int,
    variant: str | None = None,
    seed: int = 5,
) -> Game:
    """A game of ``humans`` players after ``turns`` turns (fewer if it ends)."""
    players = [
        PlayerEntry(i, NAMES[i - 1], f"p{i}@example.org", f"CODE{i:04d}X")
        for i in range(1, humans + 1)
    ]
    game = create_game(folder, ruleset, map_name, players, seed, variant=variant)
    for _ in range(turns):
        if game.ruleset.is_over(game.state()):
            break
        file_orders(game, seed)
        game.run_turn()
    return open_game(folder)


def file_orders(game: Game, seed: int = 5) -> None:
    """Every seat's orders for the coming turn, as the built-in strategy writes them."""
    state: Any = game.state()
    plan = PLANS[game.ruleset.name]
    owing = set(game.ruleset.owing(state))
    for entry in game.config.players:
        for side in game.ruleset.sides_of(state, SeatId(entry.id)):
            if side not in owing:
                continue
            orders = {"player": side, "turn": state.turn + 1}
            orders.update(plan(state, side, random.Random(f"{seed}:{state.turn}:{side}")))
            game.submit(orders_to_yaml(orders), player=side)
