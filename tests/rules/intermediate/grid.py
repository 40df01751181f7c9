"""Intermediate WoK rule tests' states: the grid of ``tests.rules.builders`` (5 x 4, neighbours
up, down, left and right) on one terrain, Plains unless told, every player with 100 WOOD.

Plains favours the EFF aim and knights; the grid's provinces start on the DEF aim, so
their workers get no terrain bonus until a test says otherwise."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tests.rules.builders import make_state
from wtg.core.ruleset import TurnResult
from wtg.rules.intermediate.resolve import resolve
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.state import WokState


def make_grid(terrain: str = "Plains", wood: int = 100, **options: Any) -> WokState:
    state = make_state(**options)
    for province in state.provinces:
        province.terrain = terrain
    for player in state.players:
        player.wood = wood
    state.variant = "skirmish"
    return state


def run_intermediate(
    state: WokState, *player_orders: Orders, seed: int = 1, rng: random.Random | None = None
) -> TurnResult[WokState]:
    by_player: Mapping[int, Orders] = {o.player: o for o in player_orders}
    return resolve(state, by_player, rng or random.Random(seed))
