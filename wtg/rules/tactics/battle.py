"""The battle equations, "completely documented (and simple)":

- ChanceOfMiss = (tgtAGI - AGI + 1) * 10, limited to 0-100;
- ChanceOfCrit = 12.5 * ((AGI + STR + RST) / (tgtAGI + tgtSTR + tgtRST)), limited to 0-100;
- DamagePoints = weaponDamage * (STR / tgtDEF), tgtDEF halved when the attacker's weapon
  dominates the target's weapon class; a critical hit does 75% more.

"ratios are generally limited to '20', and no divide-by-zeroes are allowed": each ratio
is at most ``RATIO_LIMIT``, and a ratio over zero is the limit. Run-time stats are used.
Rounding (whole hit points, half up; a hit does at least 1) is our ruling.
"""

from __future__ import annotations

import math
from random import Random

from wtg.core.record import Record
from wtg.rules.tactics.world import Weapon

RATIO_LIMIT = 20.0
MISS_STEP = 10
CRIT_BASE = 12.5
CRIT_BONUS = 0.75


class Fighter(Record):
    """What the equations read of a piece: run-time STR, DEF, AGI, its rest and weapon."""

    strength: int
    defense: int
    agility: int
    rest: int
    weapon: Weapon


class Forecast(Record):
    """What the info popup tells before an attack."""

    miss: int
    """Chance of missing, in percent."""
    crit: float
    """Chance of a critical hit, in percent."""
    damage: int
    crit_damage: int
    dominates: bool

    @property
    def expected(self) -> float:
        """The damage to expect on average."""
        hit = 1 - self.miss / 100
        crit = self.crit / 100
        return hit * ((1 - crit) * self.damage + crit * self.crit_damage)

    def expected_against(self, hp: int) -> float:
        """The HP to expect a target of ``hp`` to lose on average: a strike takes no more
        than it has (a crit of 5 against 3 HP takes 3), so no more than ``hp`` is expected."""
        hit = 1 - self.miss / 100
        crit = self.crit / 100
        hp = max(hp, 0)
        return hit * ((1 - crit) * min(self.damage, hp) + crit * min(self.crit_damage, hp))


class Strike(Record):
    """What one attack did."""

    missed: bool
    crit: bool
    damage: int


def limited_ratio(top: float, bottom: float) -> float:
    """``top / bottom``, at most RATIO_LIMIT; RATIO_LIMIT when ``bottom`` is 0 or less."""
    if bottom <= 0:
        return RATIO_LIMIT if top > 0 else 0.0
    return min(top / bottom, RATIO_LIMIT)


def chance_of_miss(agility: int, target_agility: int) -> int:
    """(tgtAGI - AGI + 1) * 10, limited to 0-100."""
    return max(0, min(100, (target_agility - agility + 1) * MISS_STEP))


def chance_of_crit(attacker: Fighter, target: Fighter) -> float:
    """12.5 * ((AGI + STR + RST) / (tgtAGI + tgtSTR + tgtRST)), limited to 0-100."""
    mine = attacker.agility + attacker.strength + attacker.rest
    theirs = target.agility + target.strength + target.rest
    return max(0.0, min(100.0, CRIT_BASE * limited_ratio(mine, theirs)))


def dominates(weapon: Weapon, target_weapon: Weapon) -> bool:
    """Rock/paper/scissors: the weapon names the target weapon's class as the one it beats."""
    return bool(weapon.dominates) and weapon.dominates == target_weapon.wclass


def damage_points(attacker: Fighter, target: Fighter) -> float:
    """weaponDamage * (STR / tgtDEF), the target's DEF halved when the weapon dominates."""
    defense = target.defense / 2 if dominates(attacker.weapon, target.weapon) else target.defense
    return attacker.weapon.damage * limited_ratio(attacker.strength, defense)


def whole(points: float) -> int:
    """Whole hit points, half up; a hit with any damage at all does at least 1."""
    if points <= 0:
        return 0
    return max(1, math.floor(points + 0.5))


def forecast(attacker: Fighter, target: Fighter) -> Forecast:
    points = damage_points(attacker, target)
    return Forecast(
        miss=chance_of_miss(attacker.agility, target.agility),
        crit=chance_of_crit(attacker, target),
        damage=whole(points),
        crit_damage=whole(points * (1 + CRIT_BONUS)),
        dominates=dominates(attacker.weapon, target.weapon),
    )


def strike(attacker: Fighter, target: Fighter, rng: Random) -> Strike:
    """One attack: a roll against the chance of missing, then one against the chance of a
    critical hit."""
    odds = forecast(attacker, target)
    if rng.random() * 100 < odds.miss:
        return Strike(missed=True, crit=False, damage=0)
    crit = rng.random() * 100 < odds.crit
    return Strike(missed=False, crit=crit, damage=odds.crit_damage if crit else odds.damage)
