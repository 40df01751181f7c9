"""The built-in WoK IV player (``wtg/rules/wok4/strategy.py``) in the middle game, on hand-made
boards: where it makes its armies, how long it keeps a siege, and what it does once its
empire has grown (each of these failed on the player of rounds 37-43, frozen in
``bench/frozen_robots/wok4_r43.py``)."""

from __future__ import annotations

from random import Random
from typing import Any

from bench.frozen_robots.wok4_r43 import plan_orders as r43_plan
from tests.rules.builders import empty, make_state
from wtg.core.jsondata import JsonObject
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.strategy import plan_orders as new_plan


def lines(planned: JsonObject, key: str) -> list[dict[str, Any]]:
    """The lines of one section of a built-in player's orders (none: an empty list)."""
    found = planned.get(key, [])
    assert isinstance(found, list) and all(isinstance(line, dict) for line in found)
    return [dict(line) for line in found if isinstance(line, dict)]


def corner() -> WokState:
    """Player 1's corner: province 1 (400 POP, no foreign neighbour) behind its borders 2
    and 6 (85 POP each); the neutrals next to them far too strong to attack (90 armies)."""
    state = make_state()
    empty(state, 1, 1, pop=400, wok=60)
    empty(state, 2, 1, pop=85, wok=24, arm=10, lev=1750, dfn=10)
    empty(state, 6, 1, pop=85, wok=24, arm=10, lev=1750, dfn=10)
    for neutral in (3, 7, 11):
        state.province(neutral).arm = 90
    return state


def test_it_makes_armies_where_the_pop_is_and_sends_them_to_the_border() -> None:
    """The inner province's 400 POP (growing by 3% a turn) make 12 armies before the
    borders' 85 (20%), and the 12 go to a border in the same turn, the moves of PHASE IV
    coming after its transformations; the player before made armies on its borders alone."""
    state = corner()
    made = [
        (line["province"], line["kind"])
        for line in lines(r43_plan(state, 1, Random(1)), "transform")
    ]
    assert (1, "POP-ARM") not in made
    planned = new_plan(state, 1, Random(1))
    levies = [line for line in lines(planned, "transform") if line["kind"] == "POP-ARM"]
    assert [line["province"] for line in levies] == [1, 2, 6]
    moved = [line for line in lines(planned, "move") if line["from"] == 1]
    assert len(moved) == 1 and moved[0]["to"] in (2, 6) and moved[0]["amount"] == 12
