"""A target's hit points as chances, as the bots weigh attacks: "a little battle will play
out with some result" -- a miss, a hit or a critical hit, at the info popup's odds."""

from __future__ import annotations

import pytest

from wtg.rules.tactics.battle import Forecast
from wtg.rules.tactics.outcomes import after_attack, certain, dead

ODDS = Forecast(miss=10, crit=12.5, damage=4, crit_damage=7, dominates=False)


def test_one_attack_splits_the_hit_points_into_miss_hit_and_crit() -> None:
    after = after_attack(certain(8), ODDS)
    assert after == pytest.approx({8: 0.1, 4: 0.9 * 0.875, 1: 0.9 * 0.125})
    left = sum(hp * chance for hp, chance in after.items())
    assert left == pytest.approx(8 - ODDS.expected)


def test_two_attacks_kill_what_one_cannot() -> None:
    """8 HP: one attack never kills; a second kills unless one of the two missed or a
    crit left 1 HP that a miss then spared."""
    once = after_attack(certain(8), ODDS)
    assert dead(once) == 0.0
    twice = after_attack(once, ODDS)
    assert dead(twice) == pytest.approx(0.9 * 0.9)
    assert sum(twice.values()) == pytest.approx(1.0)
    assert after_attack({0: 1.0}, ODDS) == {0: 1.0}
