"""Whole WISK and Tactics games between order-writing sides (robots, naive players), played
as the engine plays a turn (``wtg.game.engine``): a robot's orders handed to the rules as
they are, a player's read with the game's form and checked (``accept``), then the turn
resolved with its RNG (``turn_rng``), so a game is a function of its seed.

Every seat is set up as a robot seat (the rules then give each the same kind of start:
WISK spreads the armies, Tactics draws each bot's army); the side sitting there writes its
orders. Seats are counted in the order of play from the player who moves first."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from tests.rules.tactics.builders import lake_battle
from tests.shipped import TACTICS, WISK
from wtg.core.jsondata import JsonObject
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup
from wtg.rules.tactics.state import TacticsState
from wtg.rules.wisk.state import WiskState

WISK_TURN_CAP = 2000
"""A WISK game has no turn limit in the rules: one still going after this many turns
counts as a game that did not end (a draw)."""

Plan = Callable[[Any, int, Random], JsonObject]


@dataclass(frozen=True)
class Side:
    """Who writes a seat's orders: ``name`` as the tallies print it. A robot's orders go
    to the turn as the engine hands them (``robot_orders``), its planning's CPU time
    counted; a player's (``player``) come through the door as an order file does: read
    with the form and checked by the rules, the lines they reject counted."""

    name: str
    plan: Plan
    player: bool = False


@dataclass
class Played:
    """One game: the sides by order of play, the winner's seat (None: nobody won), the
    turns it took, whether it ended by a win (not by a turn limit), the CPU seconds of
    each robot's turns and the order lines the rules rejected of each player, by side
    name."""

    sides: tuple[str, ...]
    winner: int | None
    turns: int
    decided: bool
    cpu: dict[str, list[float]] = field(default_factory=dict)
    rejected: dict[str, int] = field(default_factory=dict)


def play_wisk(seed: int, sides: Sequence[Side], missions: bool = False) -> Played:
    """A WISK game on the default map and options (``missions``: with secret missions);
    seat 0 moves first (a robot-only game starts with the first seat)."""
    options = {"robots": len(sides), "missions": missions}
    setup = GameSetup("bench", WISK.default_map(None, {}), seed, (), options=options)
    state: WiskState = WISK.new_game(setup, turn_rng(seed, 0)).state
    order = [p.id for p in state.players]
    first = order.index(state.first)
    order = order[first:] + order[:first]
    game = _Game(seed, order, sides)
    while not state.winner and state.turn < WISK_TURN_CAP:
        state = game.turn(WISK, state, state.active)
    winner = order.index(state.winner) if state.winner else None
    return game.played(winner, state.turn, bool(state.winner))


def tactics_maps(players: int) -> list[str]:
    """The shipped Tactics maps with a start for each of ``players`` armies."""
    fitting = []
    for name in TACTICS.map_names():
        try:
            TACTICS.new_game(GameSetup("bench", name, 1, (), options={"bots": players}), Random(1))
        except ValueError:
            continue
        fitting.append(name)
    return fitting


def play_tactics(seed: int, map_name: str, sides: Sequence[Side]) -> Played:
    """A Tactics battle of bots' seats (armies drawn by the rules); seat 0 is the seat the
    rules drew to move first."""
    setup = GameSetup("bench", map_name, seed, (), options={"bots": len(sides)})
    state: TacticsState = TACTICS.new_game(setup, turn_rng(seed, 0)).state
    order = [p.id for p in state.turn_order()]
    first = order.index(state.active)
    order = order[first:] + order[:first]
    game = _Game(seed, order, sides)
    while not TACTICS.is_over(state):
        state = game.turn(TACTICS, state, state.active)
    winners = [p.id for p in state.players if p.place == 1]
    winner = order.index(winners[0]) if winners else None
    return game.played(winner, state.turn, len(state.standing()) == 1)


@dataclass(frozen=True)
class Meeting:
    """A battle between armies that cannot reach each other: the turn of its first hit
    (None: none came), and the game."""

    first_hit: int | None
    played: Played


def play_lake(seed: int, per_turn: str, side: Side) -> Meeting:
    """The 64 x 64 lake battle (``tests/rules/tactics/builders.py`` ``lake_battle``:
    knights on the land, fish out in the lake), ``side`` writing both armies' orders."""
    state = lake_battle(per_turn)
    game = _Game(seed, [1, 2], [side, side])
    first_hit = None
    while not TACTICS.is_over(state):
        state = game.turn(TACTICS, state, state.active)
        if first_hit is None and state.last_hit:
            first_hit = state.turn
    winners = [p.id for p in state.players if p.place == 1]
    winner = [1, 2].index(winners[0]) if winners else None
    return Meeting(first_hit, game.played(winner, state.turn, len(state.standing()) == 1))


class _Game:
    def __init__(self, seed: int, order: Sequence[int], sides: Sequence[Side]) -> None:
        self.seed = seed
        self.sides = dict(zip(order, sides, strict=True))
        self.rngs = {pid: Random(f"naive player {seed} {seat}") for seat, pid in enumerate(order)}
        self.names = tuple(side.name for side in sides)
        self.cpu: dict[str, list[float]] = {}
        self.rejected: dict[str, int] = {}

    def turn(self, ruleset: Any, state: Any, pid: int) -> Any:
        side = self.sides[pid]
        began = time.process_time()
        orders = side.plan(state, pid, self.rngs[pid])
        if side.player:
            entries, unread, problems = ruleset.entries_from_dict(orders, state)
            checked = ruleset.accept(entries, state, pid)
            rejected = len(unread) + len(problems) + len(checked.rejected)
            self.rejected[side.name] = self.rejected.get(side.name, 0) + rejected
            orders = checked.orders
        else:
            self.cpu.setdefault(side.name, []).append(time.process_time() - began)
        rng = turn_rng(self.seed, state.turn + 1)
        return ruleset.resolve(state, {pid: orders}, rng).state

    def played(self, winner: int | None, turns: int, decided: bool) -> Played:
        return Played(self.names, winner, turns, decided, self.cpu, self.rejected)


def median_ms(games: Sequence[Played], name: str) -> float:
    """The median CPU time of one turn of side ``name`` over ``games``, in milliseconds."""
    times = [t for game in games for t in game.cpu.get(name, [])]
    return 1000 * statistics.median(times) if times else 0.0
