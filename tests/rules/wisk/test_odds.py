"""The robot's exact attack odds: one roll's table under each ``--ties`` option, and whole
attacks run to their end, against values worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wtg.rules.wisk.constants import TIE_RULES
from wtg.rules.wisk.odds import battle, losses_at_most, roll_odds


def test_one_die_against_one() -> None:
    """36 ways: the attacker's die beats the defender's in 15, ties in 6."""
    assert roll_odds("defender")[1, 1] == {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}
    assert roll_odds("attacker")[1, 1] == {(0, 1): Fraction(21, 36), (1, 0): Fraction(15, 36)}


def test_two_dice_against_one() -> None:
    """The higher of two dice beats one die (ties to the defender): sum over the die d of
    P(max > d) = (36 - d^2) / 36, over 6: 125/216."""
    assert roll_odds("defender")[2, 1][0, 1] == Fraction(125, 216)
    # ties to the attacker: max >= d, (36 - (d - 1)^2) / 36 each: 161/216
    assert roll_odds("attacker")[2, 1][0, 1] == Fraction(161, 216)


def test_three_dice_against_two_are_the_published_odds() -> None:
    assert roll_odds("defender")[3, 2] == {
        (0, 2): Fraction(2890, 7776),
        (1, 1): Fraction(2611, 7776),
        (2, 0): Fraction(2275, 7776),
    }


@pytest.mark.parametrize("ties", TIE_RULES)
def test_every_pairing_of_dice_has_a_table_summing_to_one(ties: str) -> None:
    table = roll_odds(ties)
    assert sorted(table) == [(a, d) for a in (1, 2, 3) for d in (1, 2)]
    for (attack, defence), outcomes in table.items():
        assert sum(outcomes.values()) == 1
        assert all(lost + killed == min(attack, defence) for lost, killed in outcomes)


def test_a_whole_attack_one_army_against_one() -> None:
    odds = battle(1, 1, "defender")
    assert odds.win == pytest.approx(15 / 36)
    assert odds.attackers_left == pytest.approx(15 / 36)
    assert odds.defenders_left == pytest.approx(21 / 36)
    assert odds.attackers_if_won == pytest.approx(1.0)


def test_a_whole_attack_two_armies_against_one() -> None:
    """Two dice win at once (125/216); else one army is lost and one die goes on (15/36)."""
    odds = battle(2, 1, "defender")
    win = 125 / 216 + 91 / 216 * 15 / 36
    assert odds.win == pytest.approx(win)
    assert odds.attackers_if_won == pytest.approx((125 / 216 * 2 + 91 / 216 * 15 / 36) / win)


def test_nothing_to_attack_with_or_nothing_to_take() -> None:
    assert battle(0, 3, "attacker").win == 0.0
    assert battle(3, 0, "attacker").win == 1.0


def test_ties_to_the_attacker_favour_him() -> None:
    for attackers, defenders in ((3, 3), (5, 5), (10, 10), (4, 8)):
        assert (
            battle(attackers, defenders, "attacker").win
            > battle(attackers, defenders, "defender").win
        )
    assert battle(10, 10, "defender").win == pytest.approx(0.5676, abs=1e-4)


def test_big_armies_keep_their_ratio() -> None:
    big = battle(200, 100, "defender")
    assert big.win == pytest.approx(battle(60, 30, "defender").win)
    assert 0.99 < big.win <= 1.0
    assert big.attackers_if_won == pytest.approx(
        battle(60, 30, "defender").attackers_if_won * 200 / 60
    )


def test_the_losses_an_attack_stays_within_when_the_target_falls() -> None:
    """Three armies on one, ties to the defender: the first roll wins outright with
    855/1296; else two dice win with 125/216; else one die with 15/36. So when the target
    falls the attack lost nothing 72% of the time, at most 1 93%, at most 2 always."""
    first, second, third = 855 / 1296, 125 / 216, 15 / 36
    win = first + (1 - first) * (second + (1 - second) * third)
    assert battle(3, 1, "defender").win == pytest.approx(win)
    assert first / win == pytest.approx(0.7199, abs=1e-4)
    assert (first + (1 - first) * second) / win == pytest.approx(0.9348, abs=1e-4)
    assert [losses_at_most(3, 1, "defender", sure) for sure in (0.7, 0.9, 0.95)] == [0, 1, 2]
    assert losses_at_most(0, 1, "defender", 0.9) == 0
    many = losses_at_most(300, 120, "defender", 0.9)
    assert many == 2 * losses_at_most(150, 60, "defender", 0.9)
    assert 0 < many < 300
