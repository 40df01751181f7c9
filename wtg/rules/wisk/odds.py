"""Exact attack odds: one roll of the dice, and a whole attack run to its end.

``roll_odds(ties)`` is the table of one roll: for each pairing of attacking dice (1 to 3)
and defending dice (1 or 2), the chance of each (attacker's losses, defender's losses),
counted over every way the dice can fall with the rules' own ``compare`` (so each
``--ties`` option has its own table). ``battle(attackers, defenders, ties)`` plays an
attack order that runs until the target falls or the attackers are spent (``attackers``:
the armies that may roll, the source's armies less those that stay): the chance the
target falls and the armies each side is expected to keep. Exact, computed once for each
pairing (no dice of its own)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

from wtg.core.record import Record
from wtg.rules.wisk.battle import compare
from wtg.rules.wisk.constants import ATTACK_DICE, DEFENCE_DICE, DIE_FACES

Outcome = tuple[int, int]
"""(armies the attacker loses, armies the defender loses) in one roll."""

LARGEST = 60
"""Bigger armies are scaled down to this size, their ratio kept (the odds barely move)."""


@cache
def roll_odds(ties: str) -> dict[tuple[int, int], dict[Outcome, Fraction]]:
    """(attacking dice, defending dice) -> outcome -> its exact chance."""
    table: dict[tuple[int, int], dict[Outcome, Fraction]] = {}
    faces = range(1, DIE_FACES + 1)
    for attack in range(1, ATTACK_DICE + 1):
        for defence in range(1, DEFENCE_DICE + 1):
            counts: Counter[Outcome] = Counter()
            for dice in itertools.product(faces, repeat=attack + defence):
                mine = tuple(sorted(dice[:attack], reverse=True))
                theirs = tuple(sorted(dice[attack:], reverse=True))
                counts[compare(mine, theirs, ties)] += 1
            total = DIE_FACES ** (attack + defence)
            table[attack, defence] = {o: Fraction(n, total) for o, n in sorted(counts.items())}
    return table


class Odds(Record):
    """An attack run to its end: the chance the target falls, and the armies each side is
    expected to keep (the attackers that may still roll; the defenders)."""

    win: float
    attackers_left: float
    defenders_left: float
    attackers_if_won: float
    """The attackers expected to be left when the target falls (0 when it cannot)."""


def battle(attackers: int, defenders: int, ties: str) -> Odds:
    """``attackers`` armies that may roll (the source keeps its last army) against
    ``defenders``, rolling the most dice each may until one side has none left."""
    if attackers <= 0 or defenders <= 0:
        won = defenders <= 0
        return Odds(float(won), float(max(attackers, 0)), float(max(defenders, 0)), attackers)
    scale = max(attackers, defenders) / LARGEST
    if scale > 1:
        a, d = max(1, round(attackers / scale)), max(1, round(defenders / scale))
        small = _battle(a, d, ties)
        return Odds(
            small.win,
            small.attackers_left * scale,
            small.defenders_left * scale,
            small.attackers_if_won * scale,
        )
    return _battle(attackers, defenders, ties)


@cache
def _battle(attackers: int, defenders: int, ties: str) -> Odds:
    if defenders == 0:
        return Odds(1.0, float(attackers), 0.0, float(attackers))
    if attackers == 0:
        return Odds(0.0, 0.0, float(defenders), 0.0)
    dice = (min(attackers, ATTACK_DICE), min(defenders, DEFENCE_DICE))
    win = kept = held = if_won = 0.0
    for (lost, killed), chance in _float_odds(ties)[dice]:
        after = _battle(attackers - lost, defenders - killed, ties)
        win += chance * after.win
        kept += chance * after.attackers_left
        held += chance * after.defenders_left
        if_won += chance * after.win * after.attackers_if_won
    return Odds(win, kept, held, if_won / win if win else 0.0)


@cache
def _float_odds(ties: str) -> dict[tuple[int, int], tuple[tuple[Outcome, float], ...]]:
    return {
        dice: tuple((o, float(p)) for o, p in outcomes.items())
        for dice, outcomes in roll_odds(ties).items()
    }


def losses_at_most(attackers: int, defenders: int, ties: str, sure: float) -> int:
    """The fewest armies an attack of ``attackers`` on ``defenders`` loses, with chance
    ``sure`` or more, when the target falls (more than ``LARGEST`` defenders scaled down
    as in ``battle``, the losses scaled back up); 0 when it cannot fall."""
    if attackers <= 0 or defenders <= 0:
        return 0
    scale = max(1.0, defenders / LARGEST)
    a, d = max(1, round(attackers / scale)), max(1, round(defenders / scale))
    win = _battle(min(a, LARGEST), d, ties).win
    if not win:
        return 0
    for most in range(a):
        if _taken_within(min(a, most + ATTACK_DICE), d, most, ties) >= sure * win:
            return math.ceil(most * scale)
    return attackers


@cache
def _taken_within(attackers: int, defenders: int, most: int, ties: str) -> float:
    """The chance the target falls with the attacker losing ``most`` armies or fewer
    (with ``most`` + 3 attackers or more, all 3 dice roll to the end: the same chance)."""
    if defenders == 0:
        return 1.0
    if attackers == 0 or most < 0:
        return 0.0
    dice = (min(attackers, ATTACK_DICE), min(defenders, DEFENCE_DICE))
    total = 0.0
    for (lost, killed), chance in _float_odds(ties)[dice]:
        left = min(attackers - lost, most - lost + ATTACK_DICE)
        total += chance * _taken_within(left, defenders - killed, most - lost, ties)
    return total
