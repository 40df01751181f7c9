"""Games of every ruleset played through the engine for the site's tests: the built-in
strategies write each human side's orders as an order file (YAML), ``Game.submit`` files
them as the GM would, ``Game.run_turn`` runs the turn. Names, addresses and codes are
made to be found: a test greps the site for every one of them."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any
from unittest import mock

from wtg.aof.orderfile import orders_to_yaml
from wtg.core.orders import OrderError
from wtg.core.ruleset import OptionValue
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import GAME_NAME, PlayerEntry
from wtg.rules.intermediate.strategy import plan_orders as intermediate_plan
from wtg.rules.standard.strategy import plan_orders as standard_plan
from wtg.rules.tactics.strategy import plan_orders as tactics_plan
from wtg.rules.wisk.strategy import plan as wisk_plan
from wtg.rules.wok4.strategy import plan_orders as wok4_plan

Plan = Callable[[Any, int, random.Random], Mapping[str, Any]]
PLANS: dict[str, Plan] = {
    "wok4": wok4_plan,
    "standard": standard_plan,
    "intermediate": intermediate_plan,
    "wisk": lambda state, side, rng: wisk_plan(state, side),
    "tactics": lambda state, side, rng: tactics_plan(state, side),
}
START = datetime(2026, 11, 2, 18, 0, tzinfo=timezone.utc)
"""Turn 0 of every game runs then; each turn after it a day later."""


def people(game: str, count: int, shared: tuple[int, ...] = ()) -> list[PlayerEntry]:
    """Players with a name, an address and a code that name the game and the seat."""
    tag = "".join(c for c in game if c.isalnum())
    return [
        PlayerEntry(
            id=i,
            name=f"{game.title()} {i}",
            email=f"{tag}.p{i}@players.example",
            code=f"{tag.upper()[:6]}{i:02d}SECRET",
            share_address=i in shared,
        )
        for i in range(1, count + 1)
    ]


def older_wtg() -> contextlib.AbstractContextManager[object]:
    """Games made as an older wtg made them: with any name (issue 25, item 14 made the rule)."""
    return mock.patch("wtg.game.engine.check_game_name")


def play_game(
    games_dir: Path,
    name: str,
    ruleset: str,
    map_name: str,
    humans: int,
    turns: int,
    *,
    variant: str | None = None,
    options: Mapping[str, OptionValue] | None = None,
    players: list[PlayerEntry] | None = None,
    seed: int = 3,
) -> Game:
    """A game of ``ruleset`` played ``turns`` turns (fewer when it ends). A name that is
    not a game's name by today's rule (``star isles #2``) is one an older wtg made: the
    site still shows its game."""
    made_before = contextlib.nullcontext() if GAME_NAME.fullmatch(name) else older_wtg()
    with made_before:
        game = create_game(
            games_dir / name,
            ruleset,
            map_name,
            players or people(name, humans),
            seed,
            variant=variant,
            options=options,
            now=START,
        )
    play_turns(game, turns)
    return game


def play_turns(game: Game, turns: int) -> None:
    """Up to ``turns`` more turns, each a day after the one before; a side whose planned
    orders the game refuses (Tactics' army pick) misses the turn."""
    plan = PLANS[game.ruleset.name]
    for _ in range(turns):
        state = game.state()
        if game.ruleset.is_over(state):
            return
        turn = game.ruleset.turn_of(state) + 1
        for side in game.ruleset.owing(state):
            orders = dict(plan(state, side, random.Random(f"{turn}:{side}")))
            orders.update(player=side, turn=turn)
            try:
                game.submit(orders_to_yaml(orders), player=side)
            except OrderError:
                continue
        game.run_turn(now=START + timedelta(days=turn))


GAMES: dict[str, dict[str, Any]] = {
    "kaomaris": {"ruleset": "wok4", "map_name": "small", "humans": 3, "turns": 4},
    "star isles #2": {
        "ruleset": "standard",
        "map_name": "star-islands",
        "humans": 3,
        "turns": 3,
        "variant": "skirmish",
    },
    "marches": {
        "ruleset": "intermediate",
        "map_name": "marchlands",
        "humans": 2,
        "turns": 60,
        "seed": 5,
    },
    "risk": {"ruleset": "wisk", "map_name": "classic", "humans": 2, "turns": 100, "seed": 3},
    "meadow": {"ruleset": "tactics", "map_name": "meadow", "humans": 2, "turns": 120},
}
"""A game of each ruleset: WoK IV and Standard running, the others played to the end (the
name with a space and a ``#`` checks the links)."""
RUNNING = ("kaomaris", "star isles #2")
FINISHED = ("marches", "risk", "meadow")


def every_ruleset(games_dir: Path) -> dict[str, Game]:
    """``GAMES`` played in ``games_dir``."""
    return {name: play_game(games_dir, name, **spec) for name, spec in GAMES.items()}
