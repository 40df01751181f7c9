"""Games played by the rules alone, turn by turn, for the tests that read what every turn
produced (the report of every event kind): the built-in strategies give the humans'
orders (a ``twist`` may change them, or drop them: a missed turn; ``attacking`` makes a
WoK player attack where the built-in one would not), robots and bots their own, and each
turn is resolved with the game's RNG."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from wtg.core.jsondata import Json
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, OptionValue, PlansAbsence, Ruleset, S, SeatSetup
from wtg.game.gameconfig import GameConfig, PlayerEntry

Plan = Callable[[Any, int, random.Random], dict[str, Any]]
Twist = Callable[[Any, int, dict[str, Any]], dict[str, Any] | None]
"""(state, side, planned orders) -> the orders to give, or None for none (a missed turn)."""


def attacking(plan: Plan) -> Plan:
    """A WoK ruleset's built-in player (``plan``), bolder: where it planned no attack, it
    attacks from its province of the most troops whose troops outnumber those of the
    weakest province next to it not its own, with all its troops but one. The
    built-in player attacks only at twice the target's strength (Intermediate's: 1.2
    times), which Standard's games rarely give it, and its reports then told of no battle
    a human fought."""

    def planned(state: Any, side: int, rng: random.Random) -> dict[str, Any]:
        orders = dict(plan(state, side, rng))
        if orders.get("attack"):
            return orders
        for province in sorted(state.provinces_of(side), key=lambda p: (-p.troops, p.id)):
            others = [state.province(n) for n in province.neighbours]
            others = [p for p in others if p.owner != side]
            if not others:
                continue
            target = min(others, key=lambda p: (p.troops, p.id))
            if province.troops - 1 > target.troops:
                orders["attack"] = [
                    {"from": province.id, "to": target.id, "armies": province.troops - 1}
                ]
                break
        return orders

    return planned


class Played:
    """One resolved turn: the state after it and its events (as stored)."""

    def __init__(self, state: Any, events: list[dict[str, Any]]) -> None:
        self.state = state
        self.events = events


def game_config(ruleset: str, map_name: str, humans: int, seed: int) -> GameConfig:
    """The GM's config of a game of ``humans`` seats (made-up names, addresses and codes)."""
    return GameConfig(
        game="played",
        ruleset=ruleset,
        map=map_name,
        seed=seed,
        players=tuple(
            PlayerEntry(i, f"P{i}", f"p{i}@example.org", f"CODE{i:04d}X")
            for i in range(1, humans + 1)
        ),
    )


def play(
    ruleset: Ruleset[S],
    config: GameConfig,
    plan: Plan | None,
    turns: int,
    *,
    variant: str | None = None,
    options: Mapping[str, OptionValue] | None = None,
    twist: Twist | None = None,
) -> Iterator[Played]:
    """Turn 0, then up to ``turns`` turns (fewer when the game ends)."""
    seed = config.seed
    setup = GameSetup(
        game=config.game,
        map=config.map,
        seed=seed,
        players=tuple(SeatSetup(id=p.id, name=p.name) for p in config.players),
        variant=variant,
        options=dict(options or {}),
    )
    state = ruleset.new_game(setup, turn_rng(seed, 0)).state
    yield Played(state, [])
    for _ in range(turns):
        if ruleset.is_over(state):
            return
        turn = ruleset.turn_of(state)
        orders: dict[int, Mapping[str, Json]] = {}
        for side in ruleset.owing(state):
            planned = plan(state, side, random.Random(f"{seed}:{turn}:{side}")) if plan else {}
            given = twist(state, side, planned) if twist else planned
            if given is None:
                continue
            if given.get("absent") is True:  # a planned absence, as the host files it
                assert isinstance(ruleset, PlansAbsence)
                orders[side] = ruleset.absent_orders(side)
                continue
            entries, _bad, problems = ruleset.entries_from_dict(given)
            assert not problems, problems
            orders[side] = ruleset.accept(entries, state, side).orders
        orders.update(ruleset.robot_orders(state))
        result = ruleset.resolve(state, orders, turn_rng(seed, turn + 1))
        state = result.state
        yield Played(state, [e.to_dict() for e in result.events])
