"""PHASE II combat arithmetic: attack and defense power, and one battle fought to the end."""

from __future__ import annotations

from random import Random

from wtg.core.record import Record
from wtg.rules.wok4.constants import DEF_LOSS_CHANCE, DEF_WEIGHT


def attack_top(level: int, eff: int) -> int:
    """Highest roll of the attacker: PATT = (10 x level) x 0,EFF, rounded down.

    Ruling: the rolls are whole numbers from 0 to the power; a power below 1
    rolls 0 or 1 ("you will be rolling 0 OR 1 (and not just 0)").
    """
    return max(1, level * eff // 10_000)


def defense_top(level: int, dfn: int, eff: int) -> int:
    """Highest roll of the defender: PDEF = ((10 x level) + (4 x defense)) x 0,EFF."""
    return max(1, (level + DEF_WEIGHT * 10 * dfn) * eff // 10_000)


class BattleResult(Record):
    attackers_left: int
    defenders_left: int
    rounds: int
    dfn_left: int

    @property
    def attacker_won(self) -> bool:
        return self.defenders_left == 0


def fight(
    rng: Random,
    attackers: int,
    att_level: int,
    att_eff: int,
    defenders: int,
    def_level: int,
    dfn: int,
    def_eff: int,
) -> BattleResult:
    """Rounds until one side has no armies left; the loser of each round loses 1 army.

    Ruling: a tie goes to the defender. Each round has a 3% chance to destroy
    0.1 points of the defending province's defense.
    """
    att_span = attack_top(att_level, att_eff) + 1
    def_span = defense_top(def_level, dfn, def_eff) + 1
    draw = rng.random  # roll() and chance() inlined (the same draws): a battle of hundreds
    rounds = 0  # of armies is hundreds of rounds
    while attackers and defenders:
        rounds += 1
        if int(draw() * att_span) > int(draw() * def_span):  # roll(rng, top) each
            defenders -= 1
        else:
            attackers -= 1
        if dfn and draw() * 100 < DEF_LOSS_CHANCE:  # chance(rng, DEF_LOSS_CHANCE)
            dfn -= 1
            def_span = defense_top(def_level, dfn, def_eff) + 1
    return BattleResult(
        attackers_left=attackers, defenders_left=defenders, rounds=rounds, dfn_left=dfn
    )
