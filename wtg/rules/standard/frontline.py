"""What the built-in Standard player (``strategy.py``) reckons of a battle before it orders
one, for a caller that has no plan at hand: its chance of taking a province with the armies
it can spare. Every number is the battle's own (``wtg.rules.wok.frontplan``'s odds: PATT,
PDEF and the rounds fought until one side has no armies left); the garrisons it keeps are
the frame's (``FrontPlan.garrison``)."""

from __future__ import annotations

from random import Random

from wtg.rules.standard.strategy import Plan
from wtg.rules.wok.state import Province, WokState


def taking_chance(
    state: WokState, player: int, source: Province, target: Province, armies: int
) -> float:
    """The chance that ``armies`` of ``source`` (its level, the player's EFF) take ``target``
    as the state stands."""
    return Plan(state, player, Random(0)).taking_chance(source, target, armies)
