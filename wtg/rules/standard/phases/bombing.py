"""Phase 1, bombing: each missile may destroy 1 ARM, 1 SPY or 0.1 DEF."""

from __future__ import annotations

from wtg.core.rng import chance, roll
from wtg.rules.standard.constants import BOMB_KILLS
from wtg.rules.wok.protection import forbidden
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.warfare import (
    BOMB_MISSILES_MAX,
    BOMB_ORDERS,
    Hits,
    Salvo,
    aim_only,
    bomb_range,
    bombing_run,
    bombing_suffered,
    report_bombing,
    salvos,
)

__all__ = ["aiming", "bomb_range", "bombing"]

PHASE = "1 bombing"


def bombing(turn: Turn) -> None:
    for salvo in salvos(turn, PHASE, BOMB_ORDERS, bomb_range, BOMB_MISSILES_MAX, forbidden):
        _fire(turn, salvo)


def aiming(turn: Turn) -> None:
    """The bombing of a forecast: the orders that cannot fly, and the missiles that do."""
    aim_only(turn, PHASE, BOMB_ORDERS, bomb_range, BOMB_MISSILES_MAX, forbidden)


def _fire(turn: Turn, salvo: Salvo) -> None:
    target = salvo.target
    percent = salvo.chance
    hits = Hits()
    for _ in range(salvo.missiles):
        if not chance(turn.rng, percent):
            hits.misses += 1
            continue
        unit = BOMB_KILLS[roll(turn.rng, len(BOMB_KILLS) - 1)]
        if getattr(target, unit) > 0:  # "If none ... are present ... will not destroy anything"
            setattr(target, unit, getattr(target, unit) - 1)
            setattr(hits, _HIT_OF_UNIT[unit], getattr(hits, _HIT_OF_UNIT[unit]) + 1)
    report_bombing(
        turn,
        bombing_run(salvo, percent, hits, detected=False),
        bombing_suffered(salvo, hits, detected=False),
    )


_HIT_OF_UNIT = {"arm": "armies", "spy": "spies", "dfn": "dfn"}
