"""Small hand-made WoK states for rule tests: a grid of provinces, two or more players.

``run`` resolves a WoK IV turn, ``run_standard`` a Standard WoK one."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from wtg.core.board import Board, Spot
from wtg.core.jsondata import Json, JsonObject
from wtg.core.ruleset import TurnResult
from wtg.game.gameconfig import GameConfig, PlayerEntry
from wtg.rules.standard.resolve import resolve as resolve_standard
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import Player, Province, WokState
from wtg.rules.wok4.resolve import resolve


def grid_neighbours(width: int, height: int) -> dict[int, tuple[int, ...]]:
    """Provinces numbered row by row; neighbours are up, down, left and right."""
    result = {}
    for row in range(height):
        for col in range(width):
            pid = row * width + col + 1
            near = []
            if row > 0:
                near.append(pid - width)
            if col > 0:
                near.append(pid - 1)
            if col < width - 1:
                near.append(pid + 1)
            if row < height - 1:
                near.append(pid + width)
            result[pid] = tuple(sorted(near))
    return result


def make_state(width: int = 5, height: int = 4, players: int = 2, **_: Any) -> WokState:
    """A neutral grid with ``players`` players who own nothing yet (give them provinces)."""
    provinces = [
        Province(pid, f"Prov{pid}", near, owner=0, pop=50, wok=16, arm=5, lev=1000, dfn=3)
        for pid, near in grid_neighbours(width, height).items()
    ]
    people = [Player(i, f"P{i}") for i in range(1, players + 1)]
    return WokState("test", "grid", 5, 10, people, provinces, list(range(1, players + 1)))


def give(state: WokState, pid: int, owner: int, **fields: Any) -> Province:
    province = state.province(pid)
    province.owner = owner
    for name, value in fields.items():
        setattr(province, name, value)
    return province


def empty(state: WokState, pid: int, owner: int = 0, **fields: Any) -> Province:
    """A province with nothing in it (unless ``fields`` say otherwise)."""
    base = dict(pop=0, wok=0, arm=0, lev=1000, dfn=0, mis=0, spy=0)
    base.update(fields)
    return give(state, pid, owner, **base)


def orders(player: int, **sections: Any) -> Orders:
    return Orders.from_dict({"player": player, **sections})


def run(
    state: WokState, *player_orders: Orders, seed: int = 1, rng: random.Random | None = None
) -> TurnResult[WokState]:
    by_player: Mapping[int, Orders] = {o.player: o for o in player_orders}
    return resolve(state, by_player, rng or random.Random(seed))


def run_standard(
    state: WokState, *player_orders: Orders, seed: int = 1, rng: random.Random | None = None
) -> TurnResult[WokState]:
    by_player: Mapping[int, Orders] = {o.player: o for o in player_orders}
    return resolve_standard(state, by_player, rng or random.Random(seed))


def kinds(result: TurnResult[WokState], kind: str) -> list[Any]:
    return [e for e in result.events if e.kind == kind]


def one(result: TurnResult[WokState], kind: str) -> Any:
    """The one event of ``kind`` the turn had (checked: one)."""
    found = kinds(result, kind)
    assert len(found) == 1
    return found[0]


def spy(source: int, target: int, op: int, spies: int) -> dict[str, int]:
    """A spying order's line, as an order form's section holds it."""
    return {"from": source, "to": target, "op": op, "spies": spies}


def attack(source: int, target: int, armies: int) -> dict[str, int]:
    """An attack order's line, as an order form's section holds it."""
    return {"from": source, "to": target, "armies": armies}


def bomb(source: int, target: int, missiles: int) -> dict[str, int]:
    """A bombing order's line, as an order form's section holds it."""
    return {"from": source, "to": target, "missiles": missiles}


def grid_config(ruleset: str, players: int = 2) -> GameConfig:
    """A game's config of ``ruleset`` on the grid map, players 1 to ``players`` (P1,
    p1@example.org, CODE0001, ...): what a report of a hand-made state is written for."""
    return GameConfig(
        game="test",
        ruleset=ruleset,
        map="grid",
        seed=1,
        players=tuple(
            PlayerEntry(i, f"P{i}", f"p{i}@example.org", f"CODE{i:04d}")
            for i in range(1, players + 1)
        ),
    )


class FixedRng(random.Random):
    """An RNG whose random() returns the given values in turn (then repeats the last)."""

    def __init__(self, *values: float) -> None:
        super().__init__(0)
        self.values = list(values)
        self.index = 0

    def random(self) -> float:
        value = self.values[min(self.index, len(self.values) - 1)]
        self.index += 1
        return value


def drawn(ruleset: WokRuleset, result: TurnResult[WokState], player: int | None) -> Board:
    """The board ``ruleset`` draws after ``result``'s turn for ``player`` (None: the GM),
    from the turn's events as stored."""
    events: list[dict[str, Any]] = [e.to_dict() for e in result.events]
    return ruleset.board(result.state, player, events)


def spot(view: Board, pid: int) -> Spot:
    (found,) = [s for s in view.spots if s.id == str(pid)]
    return found


def attacks(planned: JsonObject) -> list[Json]:
    """The attack lines of a built-in player's orders (none: an empty list)."""
    lines = planned.get("attack", [])
    assert isinstance(lines, list)
    return lines
