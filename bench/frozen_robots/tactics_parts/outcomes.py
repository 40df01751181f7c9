"""A target's hit points as chances: the chance nodes of the bots' look-ahead.

An attack misses, hits or hits critically with the chances the info popup shows
(``battle.forecast``); a target attacked by several pieces in a row ends with each
number of hit points at some chance. The bots weigh their plans by these chances
(expected values), and never roll a die.
"""

from __future__ import annotations

from collections.abc import Mapping

from wtg.rules.tactics.battle import Forecast

HitPoints = Mapping[int, float]
"""Hit points left -> the chance of it (0: the target is dead)."""


def certain(hp: int) -> HitPoints:
    return {hp: 1.0}


def after_attack(before: HitPoints, odds: Forecast) -> dict[int, float]:
    """The chances of each hit point total once one more attack with ``odds`` is made."""
    miss = odds.miss / 100
    crit = min(1.0, odds.crit / 100)
    after: dict[int, float] = {}
    for hp, chance in before.items():
        if hp <= 0:
            after[0] = after.get(0, 0.0) + chance
            continue
        outcomes = (
            (hp, chance * miss),
            (max(0, hp - odds.damage), chance * (1 - miss) * (1 - crit)),
            (max(0, hp - odds.crit_damage), chance * (1 - miss) * crit),
        )
        for left, weight in outcomes:
            if weight > 0:
                after[left] = after.get(left, 0.0) + weight
    return after


def dead(chances: HitPoints) -> float:
    """The chance the piece is dead."""
    return chances.get(0, 0.0)
