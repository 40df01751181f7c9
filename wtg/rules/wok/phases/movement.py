"""PHASE IV, last: movement between neighbouring provinces of one's own.

Troops moved into a province mix their level with the troops there. Intermediate WoK adds
its troop kinds, TRO (every kind, plain armies first) and, at tech level 10, moves between
any two of one's provinces (``move_all(..., jump_tech=10)``)."""

from __future__ import annotations

from wtg.rules.wok.events import Moved, TroopsMoved
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
from wtg.rules.wok.state import Player, Province, WokState
from wtg.rules.wok.troops import TROOP_UNITS, take_troops
from wtg.rules.wok.turn import Turn, mixed_level

UNIT_FIELD = {"POP": "pop", "WOK": "wok", "MIS": "mis", "SPY": "spy", **TROOP_UNITS}
UNIT_MAX = {"POP": POP_MAX, "WOK": WOK_MAX, "MIS": MIS_MAX, "SPY": SPY_MAX}
ALL_TROOPS = "TRO"
"""Intermediate WoK: "move troops (TRO) in which case all troop types will be moved"."""


MOVEMENT = "IV movement"
"""WoK IV's phase, as its turn names it."""


def movement(turn: Turn) -> None:
    """WoK IV's phase IV movement; other rulesets call ``move_all`` under their phase's name."""
    move_all(turn, MOVEMENT)


def move_all(turn: Turn, phase: str, jump_tech: int | None = None) -> None:
    """Every player's first 7 move orders, in the Order of Play; from ``jump_tech`` on (a
    tech level), a player moves between any two provinces of his own."""
    for player, orders in turn.players_in_order():
        jumps = jump_tech is not None and player.tech >= jump_tech
        for order in orders.move[:MOVE_ORDERS]:
            _move(turn, phase, player, order, jumps)


def _move(turn: Turn, phase: str, player: Player, order: Move, jumps: bool) -> None:
    text = f"move {order.amount} {order.unit} from {order.source} to {order.target}"
    if jumps:
        source = turn.own_or_skip(player.id, order.source, phase, text)
        if source is None:
            return
        if not turn.state.has_province(order.target) or order.target == order.source:
            turn.skip(player.id, phase, text, f"there is no other province {order.target}")
            return
        target = turn.state.province(order.target)
    else:
        pair = turn.own_and_next(player.id, order.source, order.target, phase, text)
        if pair is None:
            return
        source, target = pair
    if target.owner != player.id:
        turn.skip(
            player.id,
            phase,
            text,
            turn.not_yours(order.target, player.id, "your units were halted"),
        )
        return
    wanted = min(order.amount, UNITS_PER_ORDER, available(source, order.unit))
    if wanted < 1:
        turn.skip(player.id, phase, text, none_to_move(turn.state, order.source, order.unit))
        return
    moved, taken = _carry(source, target, order.unit, wanted)
    if not turn.keeps_events:  # a forecast shows none
        return
    said = Moved(
        player=player.id,
        source=source.id,
        target=target.id,
        unit=order.unit,
        amount=moved,
        halted=wanted - moved,
        ordered=order.amount,
        visible_to=frozenset({player.id}),
    )
    if order.unit == ALL_TROOPS:  # a move of TRO says the kinds it took
        kinds = {kind: count for kind, count in taken.items() if count}
        said = TroopsMoved(**said.field_values(), troops=kinds)
    turn.emit(said)


def none_to_move(state: WokState, source: int, unit: str) -> str:
    """Why a move of ``unit`` out of ``source`` does not run: there is none there."""
    return f"no {unit} in province {state.named(source)}"


def available(source: Province, unit: str) -> int:
    """How many of ``unit`` (an order's: ``UNIT_FIELD``'s or TRO) ``source`` holds."""
    if unit == ALL_TROOPS:
        return source.troops
    count: int = getattr(source, UNIT_FIELD[unit])
    return count


def _carry(
    source: Province, target: Province, unit: str, wanted: int
) -> tuple[int, dict[str, int]]:
    """Move ``wanted`` units (that ``source`` has) up to the room in ``target``; troops bring
    their level into the mix. Returns how many moved, and of troops how many of each kind."""
    if unit != ALL_TROOPS and unit not in TROOP_UNITS:
        name = UNIT_FIELD[unit]
        moved: int = min(wanted, UNIT_MAX[unit] - getattr(target, name))
        setattr(source, name, getattr(source, name) - moved)
        setattr(target, name, getattr(target, name) + moved)
        return moved, {}
    moved = min(wanted, ARM_MAX - target.troops)
    target.lev = mixed_level(target.troops, target.lev, moved, source.lev)
    if unit == ALL_TROOPS:
        taken = take_troops(source, moved)
    else:
        name = UNIT_FIELD[unit]
        setattr(source, name, getattr(source, name) - moved)
        taken = {name: moved}
    for kind, count in taken.items():
        setattr(target, kind, getattr(target, kind) + count)
    return moved, taken
