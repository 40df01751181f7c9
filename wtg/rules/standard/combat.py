"""Standard WoK battles: ties cost nothing, and the winner's injured troops recover."""

from __future__ import annotations

import random
from dataclasses import dataclass

from wtg.core.rng import roll
from wtg.rules.standard.constants import DEF_WEIGHT


def attack_top(level: int, eff: int) -> int:
    """PATT = EFF x (10 x army level), rounded down; at least 1 (ruling, as in WoK IV)."""
    return max(1, level * eff // 10_000)


def defense_top(level: int, dfn: int, eff: int) -> int:
    """PDEF = EFF x ((10 x army level) + (4 x defense))."""
    return max(1, (level + DEF_WEIGHT * 10 * dfn) * eff // 10_000)


@dataclass(frozen=True, slots=True)
class BattleResult:
    attackers_left: int
    defenders_left: int
    rounds: int
    recovered: int

    @property
    def attacker_won(self) -> bool:
        return self.defenders_left == 0


def fight(
    rng: random.Random, attackers: int, att_top: int, defenders: int, def_top: int
) -> BattleResult:
    """ "the player with the lower number loses one army (if the rolls tie neither side loses
    an army). This is repeated until one side has no armies left." A loss is an injury when
    "the difference was less than half the higher roll"; the victor's injured recover."""
    rounds = injured_att = injured_def = 0
    while attackers and defenders:
        rounds += 1
        att, dfn = roll(rng, att_top), roll(rng, def_top)
        if att < dfn:
            attackers -= 1
            injured_att += 2 * (dfn - att) < dfn
        elif dfn < att:
            defenders -= 1
            injured_def += 2 * (att - dfn) < att
    if defenders == 0:
        return BattleResult(attackers + injured_att, 0, rounds, injured_att)
    return BattleResult(0, defenders + injured_def, rounds, injured_def)
