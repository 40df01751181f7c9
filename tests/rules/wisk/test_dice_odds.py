"""Battle odds: many seeded rolls against the exact dice probabilities.

The exact probabilities come from every way the dice can fall (6^(a+d) of them); the
rolls come from the game's own dice with a fixed seed, so the test gives the same
answer every run and cannot flake. Each outcome's share must lie within 4 standard
errors of its probability, and a chi-square test over all outcomes must pass."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from wtg.rules.wisk.battle import compare, roll

ROLLS = 20_000
SEED = 20_260
CHI_SQUARE_999 = {1: 10.83, 2: 13.82}
"""The chi-square value a fair die exceeds once in a thousand, by degrees of freedom."""


def exact_odds(attack: int, defence: int, ties: str) -> dict[tuple[int, int], Fraction]:
    counts: Counter[tuple[int, int]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=attack + defence):
        mine = tuple(sorted(faces[:attack], reverse=True))
        theirs = tuple(sorted(faces[attack:], reverse=True))
        counts[compare(mine, theirs, ties)] += 1
    total = 6 ** (attack + defence)
    return {outcome: Fraction(n, total) for outcome, n in counts.items()}


def test_the_exact_odds_of_the_classic_rule_are_the_known_ones() -> None:
    """With ties to the defender, three dice against two: the attacker loses two 2275/7776,
    each loses one 2611/7776, the defender loses two 2890/7776 (the published odds)."""
    odds = exact_odds(3, 2, "defender")
    assert odds == {
        (2, 0): Fraction(2275, 7776),
        (1, 1): Fraction(2611, 7776),
        (0, 2): Fraction(2890, 7776),
    }
    assert exact_odds(1, 1, "defender")[(0, 1)] == Fraction(15, 36)
    assert exact_odds(1, 1, "attacker")[(0, 1)] == Fraction(21, 36)


@pytest.mark.parametrize("ties", ["attacker", "defender"])
@pytest.mark.parametrize(("attack", "defence"), [(a, d) for a in (1, 2, 3) for d in (1, 2)])
def test_seeded_rolls_match_the_exact_odds(attack: int, defence: int, ties: str) -> None:
    odds = exact_odds(attack, defence, ties)
    rng = random.Random(f"{SEED}:{attack}:{defence}:{ties}")
    seen: Counter[tuple[int, int]] = Counter(
        compare(roll(rng, attack), roll(rng, defence), ties) for _ in range(ROLLS)
    )
    assert set(seen) <= set(odds)
    chi_square = 0.0
    for outcome, p in odds.items():
        expected = float(p) * ROLLS
        error = (expected * (1 - float(p))) ** 0.5
        assert abs(seen[outcome] - expected) <= 4 * error, (outcome, seen[outcome], expected)
        chi_square += (seen[outcome] - expected) ** 2 / expected
    assert chi_square < CHI_SQUARE_999[len(odds) - 1]
