"""Phase 1, bombing: each missile may destroy 1 ARM, 1 SPY or 0.1 DEF."""

from __future__ import annotations

from wtg.core.rng import chance, roll
from wtg.rules.standard.constants import BOMB_KILLS, BOMB_MISSILES_MAX, BOMB_ORDERS
from wtg.rules.standard.protection import forbidden
from wtg.rules.wok.orders import Bomb
from wtg.rules.wok.state import Player, WokState
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.warfare import Hits, report_bombing

PHASE = "1 bombing"


def bomb_range(state: WokState, source: int, target: int) -> str | None:
    """ "short" for a neighbour, "long" for "a neighbour of a neighbouring province"."""
    near = state.province(source).neighbours
    if target in near:
        return "short"
    if target != source and any(target in state.province(n).neighbours for n in near):
        return "long"
    return None


def bombing(turn: Turn) -> None:
    for player, orders in turn.players_in_order():
        for order in orders.bomb[:BOMB_ORDERS]:
            _bomb(turn, player, order)


def _bomb(turn: Turn, player: Player, order: Bomb) -> None:
    text = f"bomb {order.target} from {order.source} with {order.missiles} missiles"
    source = turn.own_or_skip(player.id, order.source, PHASE, text)
    if source is None:
        return
    reach = bomb_range(turn.state, order.source, order.target)
    target = turn.state.province(order.target)
    reason = (
        "out of range"
        if reach is None
        else "it is yours"
        if target.owner == player.id
        else forbidden(turn, player.id, order.target)
    )
    if reason:
        turn.skip(player.id, PHASE, text, reason)
        return
    missiles = min(order.missiles, source.mis, BOMB_MISSILES_MAX)
    if missiles < 1:
        turn.skip(player.id, PHASE, text, f"no missiles left in province {order.source}")
        return
    source.mis -= missiles
    percent = player.eff * 3 // 4 if reach == "long" else player.eff
    hits = Hits()
    for _ in range(missiles):
        if not chance(turn.rng, percent):
            hits.misses += 1
            continue
        unit = BOMB_KILLS[roll(turn.rng, len(BOMB_KILLS) - 1)]
        if getattr(target, unit) > 0:  # "If none ... are present ... will not destroy anything"
            setattr(target, unit, getattr(target, unit) - 1)
            setattr(hits, _HIT_OF_UNIT[unit], getattr(hits, _HIT_OF_UNIT[unit]) + 1)
    report_bombing(
        turn, player, source, target, missiles, reach == "long", percent, hits, detected=False
    )


_HIT_OF_UNIT = {"arm": "armies", "spy": "spies", "dfn": "dfn"}
