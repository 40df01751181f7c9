"""The forecast of an order confirmation: the trades and placements of the orders played on
a copy (no dice are needed for them); attacks and the fortification are left to the turn."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from wtg.core.events import Event
from wtg.core.jsondata import Json
from wtg.core.plurals import counted
from wtg.core.rng import NoChance
from wtg.rules.wisk.assignment import claim_turn, place_rest
from wtg.rules.wisk.events import Claimed, OrderSkipped, Placed, Traded
from wtg.rules.wisk.orders import WiskOrders
from wtg.rules.wisk.reinforce import ordered_trades, place, reinforce
from wtg.rules.wisk.state import CLAIMING, PLACING, WiskState
from wtg.rules.wisk.strategy import claim_choice, place_choice
from wtg.rules.wisk.turn import Turn
from wtg.rules.wisk.whywords import placed_why

FORCED = " (you hold five cards or more: a set is traded for you)"
"""The trade the turn makes for a player of five cards or more ("If you have five or more
cards, you must exchange armies with your card"; ruling 8), said as his own would be."""


def forecast(state: WiskState, orders: Mapping[str, Json], player: int) -> dict[str, object]:
    typed = WiskOrders.from_dict(orders)
    work = state.clone()
    turn = Turn(work, NoChance())
    if work.active != player:
        return {
            "lines": [],
            "after": [],
            "skipped": [],
            "later": ["your next turn"],
            "claim": False,
        }
    if work.stage == CLAIMING:
        claim_turn(turn, typed.place, claim_choice)
    elif work.stage == PLACING:
        place_rest(turn, typed.place, place_choice)
    else:
        pools = reinforce(turn, ordered_trades(turn, typed.trades))
        place(turn, pools, typed.place, place_choice)
    lines: list[str] = []
    touched: list[int] = []
    short = _short_placements(turn.events)
    for index, event in enumerate(turn.events):
        if isinstance(event, Traded):
            cards = " ".join(map(str, event.cards))
            forced = "" if event.why == "orders" else FORCED
            lines.append(f"cards {cards} traded: {_armies(event.armies)}{forced}")
        elif isinstance(event, Claimed):
            lines.append(f"{_name(state, event.territory)} claimed")
        elif isinstance(event, Placed):
            note = "" if event.why in ("orders", "setup") else f" ({placed_why(event.why)})"
            if index in short:
                note = f" ({short[index]})"
            lines.append(f"+{event.armies} on {_name(state, event.territory)}{note}")
        if isinstance(event, Claimed | Placed) and event.territory not in touched:
            touched.append(event.territory)
    after = [f"{_name(state, t)}: {_armies(work.armies(t))}" for t in touched]
    skipped = [
        e.to_dict()
        for index, e in enumerate(turn.events)
        if e.kind == "order_skipped" and index + 1 not in short
    ]
    later = []
    if typed.attacks:
        later.append(counted(len(typed.attacks), "attack"))
    if typed.fortify:
        later.append("the fortification")
    claim = state.stage == CLAIMING
    return {"lines": lines, "after": after, "skipped": skipped, "later": later, "claim": claim}


def _short_placements(events: Sequence[Event]) -> dict[int, str]:
    """The placements that ran short: index of the Placed event -> what was asked. The turn
    (``reinforce.place``) tells a line that gets fewer armies than it asks as an order
    skipped, right before the Placed of what it did place; the line did run, so the forecast
    shows it as a placement with its shortfall, not as an order that would not run."""
    short: dict[int, str] = {}
    for index, (event, after) in enumerate(itertools.pairwise(events)):
        if (
            isinstance(event, OrderSkipped)
            and isinstance(after, Placed)
            and after.why in ("orders", "setup")
            and event.order.endswith(f" on {after.territory}")
        ):
            asked = event.order.split()[1]  # "place 5 on 34"
            there = " there" if after.why == "orders" else ""
            short[index + 1] = f"{asked} ordered; no more were left to place{there}"
    return short


def _armies(count: int) -> str:
    return counted(count, "army", "armies")


def _name(state: WiskState, tid: int) -> str:
    return f"{state.board.site(tid).name} ({tid})"
