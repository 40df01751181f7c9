"""Phase 7, Upgrade Troops: "Change ARM into PIK, ARC, KNI or CAT, costing 5 WOOD per unit
converted. Change PIK, ARC, KNI or CAT back into ARM, reclaiming 2 WOOD per unit. Change
between PIK, ARC, KNI and CAT, costing 3 WOOD per unit. At most 50 units in one province can
be converted per order." Converted troops keep the province's level."""

from __future__ import annotations

from wtg.rules.intermediate.constants import (
    TROOPS_PER_ORDER,
    UPGRADE_TROOPS_ORDERS,
    WOOD_ARM_TO_TROOP,
    WOOD_TROOP_TO_ARM,
    WOOD_TROOP_TO_TROOP,
)
from wtg.rules.intermediate.events import TroopsUpgraded
from wtg.rules.wok.orders import TroopChange
from wtg.rules.wok.state import Player
from wtg.rules.wok.troops import TROOP_UNITS
from wtg.rules.wok.turn import Turn

PHASE = "7 upgrade troops"


def wood_per_unit(source: str, target: str) -> int:
    """WOOD a unit costs (negative: reclaimed) to change kind ``source`` into ``target``."""
    if source == "ARM":
        return WOOD_ARM_TO_TROOP
    if target == "ARM":
        return WOOD_TROOP_TO_ARM
    return WOOD_TROOP_TO_TROOP


def upgrade_troops(turn: Turn) -> None:
    for player, orders in turn.players_in_order():
        for order in orders.upgrade_troops[:UPGRADE_TROOPS_ORDERS]:
            _convert(turn, player, order)


def _convert(turn: Turn, player: Player, order: TroopChange) -> None:
    """Ruling, as for transformations: an order for more troops than there are converts all
    there are, and one for more than the WOOD pays for converts what it pays for."""
    text = f"change {order.amount} {order.source} into {order.target} in {order.province}"
    province = turn.own_or_skip(player.id, order.province, PHASE, text)
    if province is None:
        return
    if order.source not in TROOP_UNITS or order.target not in TROOP_UNITS:
        turn.skip(player.id, PHASE, text, "troops are ARM, PIK, ARC, KNI or CAT")
        return
    if order.source == order.target:
        turn.skip(player.id, PHASE, text, "they are that kind already")
        return
    source, target = TROOP_UNITS[order.source], TROOP_UNITS[order.target]
    price = wood_per_unit(order.source, order.target)
    amount = min(order.amount, TROOPS_PER_ORDER, getattr(province, source))
    if amount < 1:
        turn.skip(
            player.id,
            PHASE,
            text,
            f"no {order.source} in province {turn.state.named(order.province)}",
        )
        return
    wood = player.wood or 0
    if price > 0:
        amount = min(amount, wood // price)
    if amount < 1:
        turn.skip(player.id, PHASE, text, f"a unit costs {price} WOOD and you have {wood}")
        return
    setattr(province, source, getattr(province, source) - amount)
    setattr(province, target, getattr(province, target) + amount)
    player.wood = wood - price * amount
    turn.emit(
        TroopsUpgraded(
            player=player.id,
            province=province.id,
            source=order.source,
            target=order.target,
            amount=amount,
            wood=price * amount,
            wood_left=player.wood,
            visible_to=frozenset({player.id}),
        )
    )
