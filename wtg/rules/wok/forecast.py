"""The forecast in an order confirmation: the player's provinces after this turn if nobody
else acted. The same phase functions run, on a copy, with only this player's orders;
bombing, attacks and spying are left to the turn itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wtg.core.rng import NoChance
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.turn import Phase, Turn
from wtg.rules.wok.view import province_row

_NO_CHANCE = NoChance()
"""Shared by every forecast: it never draws (a Random made anew seeds itself from the OS)."""


def forecast(
    state: WokState,
    orders: Mapping[str, Any],
    player: int,
    phases: Sequence[Phase],
    row: Callable[[Province], Any] = province_row,
) -> dict[str, Any]:
    """``phases``: the ruleset's phases without chance (they never draw from the RNG);
    ``row``: a province's line (a ruleset may show more); the wood where there is any."""
    typed = Orders.from_dict(orders)
    work = state.clone()
    work.turn = state.turn + 1
    turn = Turn(work, {player: typed}, _NO_CHANCE, (player,))
    for phase in phases:
        phase(turn)
    me = work.player(player)
    later = []
    if typed.bomb:
        later.append(f"{len(typed.bomb)} bombing order(s)")
    if typed.attack:
        later.append(f"{len(typed.attack)} attack(s)")
    if typed.spy:
        later.append(f"{len(typed.spy)} spy operation(s)")
    skipped = [e.to_dict() for e in turn.events if e.kind == "order_skipped"]
    result = {
        "provinces": [row(p) for p in work.provinces_of(player)],
        "eff": me.eff,
        "tech": me.tech,
        "gold": me.gold,
        "later": later,
        "skipped": skipped,
    }
    if me.wood is not None:
        result["wood"] = me.wood
    return result
