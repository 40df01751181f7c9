"""PHASE IV, first half: transformations, neutral recruits, then growth (Intermediate WoK
adds POP->SPY, 5 POP a spy, and grows by a formula of its own)."""

from __future__ import annotations

from collections.abc import Callable

from wtg.aof.values import code_name
from wtg.rules.wok.events import Transformed
from wtg.rules.wok.limits import (
    GROWTH,
    LEV_MIN,
    NEUTRAL_LEV,
    NEUTRAL_RECRUITS,
    POP_ARM_ORDERS,
    POP_MAX,
    POP_PER_ARM,
    POP_PER_SPY,
    POP_PER_WOK,
    SPY_MAX,
    TRANSFORM_ORDERS,
    UNITS_PER_ORDER,
    WOK_MAX,
    WOK_PER_POP,
)
from wtg.rules.wok.orders import Transform
from wtg.rules.wok.state import Player
from wtg.rules.wok.turn import Turn, add_armies


def transformations(turn: Turn) -> None:
    """WoK IV's phase IV; other rulesets call ``transform_all`` under their phase's name."""
    transform_all(turn, "IV transformations")


def transform_all(turn: Turn, phase: str) -> None:
    for player, orders in turn.players_in_order():
        pop_to_arm = 0
        for order in orders.transform[:TRANSFORM_ORDERS]:
            if order.kind == "POP-ARM":
                pop_to_arm += 1
                if pop_to_arm > POP_ARM_ORDERS:
                    turn.skip(
                        player.id,
                        phase,
                        _text(order),
                        f"only {POP_ARM_ORDERS} POP->ARM transformations a turn",
                    )
                    continue
            _transform(turn, phase, player, order)


def _text(order: Transform) -> str:
    return f"transform {order.amount} {code_name(order.kind)} in {order.province}"


RATES: dict[str, tuple[str, int, str, int]] = {
    "WOK-POP": ("wok", WOK_PER_POP, "pop", POP_MAX),
    "POP-WOK": ("pop", POP_PER_WOK, "wok", WOK_MAX),
    "POP-SPY": ("pop", POP_PER_SPY, "spy", SPY_MAX),
    "POP-ARM": ("pop", POP_PER_ARM, "arm", 0),
}
"""A transformation: what it uses, how many of that make one, what it makes and the most a
province may hold of it (armies are capped by ``add_armies``, which also mixes levels)."""


def _transform(turn: Turn, phase: str, player: Player, order: Transform) -> None:
    # the order's text is made for an order that does not run only (a forecast runs seven)
    province = turn.owned(order.province, player.id)
    if province is None:
        turn.skip(
            player.id,
            phase,
            _text(order),
            turn.not_yours(order.province, player.id),
        )
        return
    if order.kind not in RATES:
        turn.skip(
            player.id, phase, _text(order), f"there is no transformation {code_name(order.kind)}"
        )
        return
    source, rate, target, most = RATES[order.kind]
    taken = min(order.amount, UNITS_PER_ORDER, getattr(province, source))
    made = taken // rate
    used = taken if turn.waste_remainder else made * rate
    setattr(province, source, getattr(province, source) - used)
    if target == "arm":
        lost = add_armies(province, made, LEV_MIN)
    else:
        total = getattr(province, target) + made
        setattr(province, target, min(total, most))
        lost = total - most if total > most else 0
    if used == 0:
        turn.skip(
            player.id,
            phase,
            _text(order),
            f"not enough {order.kind[:3]} in province {turn.state.named(order.province)}",
        )
        return
    if turn.keeps_events:  # a forecast shows none
        turn.emit(
            Transformed(
                player=player.id,
                province=province.id,
                transform=order.kind,
                used=used,
                made=made,
                lost=lost,
                visible_to=frozenset({player.id}),
            )
        )


def neutral_recruits(turn: Turn) -> None:
    """ "Right after the transformations, the neutral provinces will gain +2 fresh Armies"."""
    for province in turn.state.provinces:
        if province.owner == 0:
            add_armies(province, NEUTRAL_RECRUITS, NEUTRAL_LEV)


def growth_rate(pop: int) -> int:
    """Percent growth by population: 0-99 +20%, 100-199 +15%, ... 400-999 +3%."""
    for below, percent in GROWTH:
        if pop < below:
            return percent
    return GROWTH[-1][1]


def growth(turn: Turn) -> None:
    """Ruling: growth is rounded down, so a province needs 5 POP to grow at all."""
    grow(turn, lambda pop: pop * growth_rate(pop) // 100)


def grow(turn: Turn, increase: Callable[[int], int]) -> None:
    """Every province's population grows by ``increase(pop)``, up to the limit."""
    for province in turn.state.provinces:
        province.pop = min(POP_MAX, province.pop + increase(province.pop))
