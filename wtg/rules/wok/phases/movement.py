"""PHASE IV, last: movement between neighbouring provinces of one's own."""

from __future__ import annotations

from wtg.rules.wok.events import Moved
from wtg.rules.wok.limits import (
    ARM_MAX,
    MIS_MAX,
    MOVE_ORDERS,
    POP_MAX,
    SPY_MAX,
    UNITS_PER_ORDER,
    WOK_MAX,
)
from wtg.rules.wok.orders import Move
from wtg.rules.wok.state import Player
from wtg.rules.wok.turn import Turn, mixed_level

PHASE = "IV movement"
UNIT_FIELD = {"POP": "pop", "WOK": "wok", "ARM": "arm", "MIS": "mis", "SPY": "spy"}
UNIT_MAX = {"POP": POP_MAX, "WOK": WOK_MAX, "ARM": ARM_MAX, "MIS": MIS_MAX, "SPY": SPY_MAX}


def movement(turn: Turn) -> None:
    for player, orders in turn.players_in_order():
        for order in orders.move[:MOVE_ORDERS]:
            _move(turn, player, order)


def _move(turn: Turn, player: Player, order: Move) -> None:
    text = f"move {order.amount} {order.unit} from {order.source} to {order.target}"
    pair = turn.own_and_next(player.id, order.source, order.target, PHASE, text)
    if pair is None:
        return
    source, target = pair
    if target.owner != player.id:
        turn.skip(
            player.id, PHASE, text, f"province {order.target} is not yours: your units were halted"
        )
        return
    name = UNIT_FIELD[order.unit]
    available: int = getattr(source, name)
    wanted = min(order.amount, UNITS_PER_ORDER, available)
    if wanted < 1:
        turn.skip(player.id, PHASE, text, f"no {order.unit} in province {order.source}")
        return
    room = UNIT_MAX[order.unit] - getattr(target, name)
    moved = min(wanted, room)
    if order.unit == "ARM":
        target.lev = mixed_level(target.arm, target.lev, moved, source.lev)
    setattr(source, name, available - moved)
    setattr(target, name, getattr(target, name) + moved)
    turn.emit(
        Moved(
            player=player.id,
            source=source.id,
            target=target.id,
            unit=order.unit,
            amount=moved,
            halted=wanted - moved,
            visible_to=frozenset({player.id}),
        )
    )
