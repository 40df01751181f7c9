"""Whole WoK IV and Intermediate WoK games between the built-in players, new and old, as the
engine plays a turn: each seat's orders written by its side, read back as an order file and
checked (``accept``) as a mailed form is, then the turn resolved with the game's RNG
(``turn_rng``), so a game is a function of its seed and its seating.

The measure is the provinces each side holds when the game stops (at ``turns``, or when it
ends), as the WoK rulesets' Top Ten counts an empire; and how many games each side's best
seat led."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.frozen_robots import intermediate as old_intermediate
from bench.frozen_robots import wok4 as old_wok4
from tests.shipped import INTERMEDIATE, WOK4
from wtg.core.jsondata import JsonObject
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.intermediate import strategy as new_intermediate
from wtg.rules.wok.state import WokState
from wtg.rules.wok4 import strategy as new_wok4

Plan = Callable[[WokState, int, random.Random], JsonObject]
NEW, OLD = "new", "old"
RULESETS: dict[str, Any] = {"wok4": WOK4, "intermediate": INTERMEDIATE}
PLANS: dict[str, dict[str, Plan]] = {
    "wok4": {NEW: new_wok4.plan_orders, OLD: old_wok4.plan_orders},
    "intermediate": {NEW: new_intermediate.plan_orders, OLD: old_intermediate.plan_orders},
}
FROZEN_AT = {"wok4": old_wok4.FROZEN_AT, "intermediate": old_intermediate.FROZEN_AT}
MAPS = {"wok4": ("small", "classic60"), "intermediate": ("marchlands", "pentarchy")}
SEATS = {"small": 4, "classic60": 10, "marchlands": 2, "pentarchy": 5}
TURNS = 20
"""Turns a game is played, at most."""


@dataclass
class WokPlayed:
    """One game: the side of each seat, the provinces each seat held at the end, the turns
    played, the order lines the rules rejected by side, the CPU seconds of each side's
    plans."""

    sides: tuple[str, ...]
    held: tuple[int, ...]
    turns: int
    rejected: dict[str, int] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)

    def provinces(self, side: str) -> int:
        return sum(h for s, h in zip(self.sides, self.held, strict=True) if s == side)

    def leader(self) -> str | None:
        """The side of the seat holding the most provinces (None: a tie between sides)."""
        most = max(self.held)
        leading = {s for s, h in zip(self.sides, self.held, strict=True) if h == most}
        return leading.pop() if len(leading) == 1 else None


def seating(seats: int, game: int) -> tuple[str, ...]:
    """New and old in alternate seats, new in the odd seats in odd games and in the even
    ones in even games: each seed is played twice, every seat by both."""
    return tuple(NEW if (seat + game) % 2 else OLD for seat in range(1, seats + 1))


def play(ruleset: str, map_name: str, seed: int, sides: Sequence[str], turns: int) -> WokPlayed:
    rules = RULESETS[ruleset]
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, len(sides) + 1))
    setup = GameSetup(game="bench", map=map_name, seed=seed, players=seats)
    state: WokState = rules.new_game(setup, turn_rng(seed, 0)).state
    played = WokPlayed(tuple(sides), (), 0)
    for _ in range(turns):
        if state.outcome is not None:
            break
        orders: dict[int, Any] = {}
        for pid in rules.owing(state):
            side = sides[pid - 1]
            began = time.process_time()
            planned = PLANS[ruleset][side](state, pid, random.Random(f"{seed}:{state.turn}:{pid}"))
            played.cpu.setdefault(side, []).append(time.process_time() - began)
            entries, unread, problems = rules.entries_from_dict(planned)
            checked = rules.accept(entries, state, pid)
            bad = len(unread) + len(problems) + len(checked.rejected)
            played.rejected[side] = played.rejected.get(side, 0) + bad
            orders[pid] = checked.orders
        state = rules.resolve(state, orders, turn_rng(seed, state.turn + 1)).state
    played.held = tuple(state.count_of(i) for i in range(1, len(sides) + 1))
    played.turns = state.turn
    return played
