"""Battles of Standard and Intermediate WoK: the powers, and rounds fought until one side has
no troops left. Ties cost nothing, and the winner's injured troops recover.

A side is a ``Force``: its troops by kind. Standard WoK's sides are armies alone; in
Intermediate WoK a lost round kills one troop of a kind drawn in proportion to the kinds'
numbers (a ruling), and a side's power may change as its troops fall (the terrain bonus).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from random import Random

from wtg.core.rng import roll
from wtg.rules.wok.troops import TROOP_KINDS, Mix

DEF_WEIGHT = 4
"""PDEF counts "4 X defense"."""


def attack_top(level: int, eff: int) -> int:
    """PATT = EFF x (10 x army level), rounded down; at least 1 (ruling, as in WoK IV)."""
    return max(1, level * eff // 10_000)


def defense_top(level: int, dfn: int, eff: int) -> int:
    """PDEF = EFF x ((10 x army level) + (4 x defense))."""
    return max(1, (level + DEF_WEIGHT * 10 * dfn) * eff // 10_000)


@dataclass(slots=True)
class Force:
    """One side of a battle: the troops still standing by kind, and the injured among the
    fallen (they recover if the side wins)."""

    troops: Mix
    injured: Mix = field(default_factory=dict)

    @property
    def count(self) -> int:
        return sum(self.troops.values())

    def lose_one(self, rng: Random, injured: bool) -> str:
        """One troop falls: of the only kind there is, or of a kind drawn in proportion to
        the numbers standing (a draw only when there are several kinds)."""
        kinds = [k for k in TROOP_KINDS if self.troops.get(k)]
        kind = kinds[0]
        if len(kinds) > 1:
            pick = roll(rng, self.count - 1)
            for kind in kinds:
                if pick < self.troops[kind]:
                    break
                pick -= self.troops[kind]
        self.troops[kind] -= 1
        if injured:
            self.injured[kind] = self.injured.get(kind, 0) + 1
        return kind

    def recover(self) -> int:
        """The injured rejoin the side; returns how many."""
        for kind, count in self.injured.items():
            self.troops[kind] += count
        return sum(self.injured.values())


Power = Callable[[Force], int]
"""The top of a side's roll, from what is left of it."""


def clash(
    rng: Random, attackers: Force, attack_power: Power, defenders: Force, defense: Power
) -> tuple[int, int]:
    """ "the player with the lower number loses one army (if the rolls tie neither side loses
    an army). This is repeated until one side has no armies left." A loss is an injury when
    "the difference was less than half the higher roll"; the victor's injured recover.
    The forces are changed in place; returns (rounds, troops recovered)."""
    rounds = 0
    while attackers.count and defenders.count:
        rounds += 1
        att, dfn = roll(rng, attack_power(attackers)), roll(rng, defense(defenders))
        if att < dfn:
            attackers.lose_one(rng, 2 * (dfn - att) < dfn)
        elif dfn < att:
            defenders.lose_one(rng, 2 * (att - dfn) < att)
    winner = defenders if defenders.count else attackers
    return rounds, winner.recover()


@dataclass(frozen=True, slots=True)
class BattleResult:
    attackers_left: int
    defenders_left: int
    rounds: int
    recovered: int

    @property
    def attacker_won(self) -> bool:
        return self.defenders_left == 0


def fight(rng: Random, attackers: int, att_top: int, defenders: int, def_top: int) -> BattleResult:
    """A battle of armies alone at fixed powers."""
    attacking, defending = Force({"arm": attackers}), Force({"arm": defenders})
    rounds, recovered = clash(rng, attacking, lambda _: att_top, defending, lambda _: def_top)
    return BattleResult(attacking.count, defending.count, rounds, recovered)


def standing(mix: Mapping[str, int]) -> Mix:
    """A copy of ``mix`` with every troop kind named."""
    return {kind: mix.get(kind, 0) for kind in TROOP_KINDS}
