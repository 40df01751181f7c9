"""The battle equations ("Battle Equations", "Rock, Paper, Scissors?"): "Note that there are
some limits enforced (ratios are generally limited to '20'), and no divide-by-zeroes are
allowed. Run-time stats are used"."""

from __future__ import annotations

import random

import pytest

from tests.rules.tactics.builders import OPEN7, WEAPONS, piece, state
from wtg.rules.tactics.battle import (
    Fighter,
    chance_of_crit,
    chance_of_miss,
    damage_points,
    dominates,
    forecast,
    limited_ratio,
    strike,
    whole,
)
from wtg.rules.tactics.moves import fighter
from wtg.rules.tactics.world import Weapon

SWORD, SPEAR, CLAWS, BOW = (WEAPONS[n] for n in (1, 2, 3, 4))


def make(
    strength: int = 5, defense: int = 5, agility: int = 5, rest: int = 2, weapon: Weapon = SWORD
) -> Fighter:
    return Fighter(strength=strength, defense=defense, agility=agility, rest=rest, weapon=weapon)


@pytest.mark.parametrize(
    ("agility", "target", "miss"),
    [
        (5, 5, 10),
        (5, 4, 0),
        (6, 4, 0),
        (4, 5, 20),
        (3, 5, 30),
        (1, 8, 80),
        (1, 10, 100),
        (0, 20, 100),
    ],
)
def test_chance_of_miss(agility: int, target: int, miss: int) -> None:
    """ "ChanceOfMiss = (tgtAGI - AGI + 1) * 10 (limited to 0-100). If attacker is at least
    1 point higher in agility than target, then it will not miss. Otherwise miss
    percentage increase 10% per difference in agility." """
    assert chance_of_miss(agility, target) == miss


def test_one_point_higher_agility_never_misses_ruling() -> None:
    """Ruling 1: "If the attacker's agility is two (or more) higher than the target, he will
    not miss" (Player Stats) against "If attacker is at least 1 point higher in agility
    than target, then it will not miss" (Battle Equations): the equation decides, and it
    gives 0% at one point higher."""
    assert chance_of_miss(6, 5) == 0
    assert chance_of_miss(5, 5) == 10


def test_chance_of_crit() -> None:
    """ "ChanceOfCrit = 12.5 * ( (AGI+STR+RST) / (tgtAGI+tgtSTR+tgtRST) ) Basically if the
    attacker has TWICE the overall stats (sum of agility, strength, and restedness), they
    have a 25% chance of a crit." """
    assert chance_of_crit(make(5, agility=5, rest=2), make(5, agility=5, rest=2)) == 12.5
    assert chance_of_crit(make(8, agility=8, rest=2), make(4, agility=4, rest=1)) == 25.0
    assert chance_of_crit(make(2, agility=1, rest=0), make(5, agility=5, rest=2)) == 12.5 * 3 / 12


def test_crit_ratio_is_limited_to_20_and_the_chance_to_100() -> None:
    """ "ratios are generally limited to '20', and no divide-by-zeroes are allowed" """
    assert chance_of_crit(make(10, agility=10), make(0, agility=0, rest=0)) == 100.0
    assert limited_ratio(50, 1) == 20.0
    assert limited_ratio(3, 0) == 20.0
    assert limited_ratio(0, 0) == 0.0


def test_damage_points() -> None:
    """ "DamagePoints = weaponDamage * ( STR / tgtDEF )" """
    assert damage_points(make(6, weapon=SWORD), make(defense=4, weapon=SWORD)) == 4 * 6 / 4
    assert damage_points(make(4, weapon=BOW), make(defense=8, weapon=SWORD)) == 3 * 4 / 8


def test_a_dominating_weapon_halves_the_targets_defense() -> None:
    """ "If the attacker's weapon dominates the target's (rock/paper/scissors), then the
    tgtDEF is halved." "Your rock dominates my scissors." """
    assert dominates(SWORD, SPEAR) and not dominates(SPEAR, SWORD)
    assert dominates(SPEAR, CLAWS) and dominates(CLAWS, SWORD)
    assert not dominates(BOW, CLAWS)  # dominates nothing
    assert damage_points(make(6, weapon=SWORD), make(defense=6, weapon=SPEAR)) == 4 * 6 / 3
    assert damage_points(make(6, weapon=SWORD), make(defense=6, weapon=CLAWS)) == 4 * 6 / 6


def test_damage_ratio_is_limited_to_20_and_zero_defense_divides_nothing() -> None:
    assert damage_points(make(100), make(defense=1)) == 4 * 20
    assert damage_points(make(5), make(defense=0)) == 4 * 20
    assert damage_points(make(5, weapon=SWORD), make(defense=1, weapon=SPEAR)) == 4 * 10


def test_damage_is_whole_hit_points_half_up_at_least_one() -> None:
    """Ruling 4: hit points are whole; rounded half up; a hit with any damage does 1."""
    assert (whole(4.5), whole(4.49), whole(0.2), whole(0.0)) == (5, 4, 1, 0)


def test_a_crit_does_75_percent_more() -> None:
    """ "a 0% chance of making a critical hit (a larger than normal hit) in which case the
    hitpoint damage would be about 75% more" """
    odds = forecast(make(6, agility=5), make(defense=4, agility=5))
    assert odds.damage == 6 and odds.crit_damage == whole(6 * 1.75) == 11


def test_expected_damage_as_the_info_popup_estimates() -> None:
    """ "it estimates we would deliver 3 hit points of damage to the Harpy if we attacked it
    with our currently selected piece. But we have a 50% chance of missing." """
    odds = forecast(make(3, agility=1, rest=0), make(defense=4, agility=5, rest=0))
    assert odds.miss == 50 and odds.damage == 3
    crit = odds.crit / 100
    assert odds.expected == pytest.approx(0.5 * ((1 - crit) * 3 + crit * odds.crit_damage))


def test_the_damage_to_expect_of_a_target_is_at_most_its_hp() -> None:
    """A strike takes no more than the target's HP: against 2 HP a hit of 3 (or its crit)
    takes 2, and the damage to expect is of those 2; against more HP than a crit does it
    is the plain estimate."""
    odds = forecast(make(3, agility=1, rest=0), make(defense=4, agility=5, rest=0))
    assert odds.expected_against(2) == pytest.approx(0.5 * 2)
    assert odds.expected_against(odds.crit_damage) == pytest.approx(odds.expected)
    assert odds.expected_against(0) == 0


def test_strike_rolls_miss_then_crit() -> None:
    """ "there is very little randomness in WoS Tactics (other than the chance of hit and
    crit, you can pretty much predict exactly how much damage you WILL do" """
    sure = make(6, agility=9, rest=2)
    target = make(defense=6, agility=1, rest=0)
    results = {strike(sure, target, random.Random(seed)) for seed in range(200)}
    damages = {r.damage for r in results}
    odds = forecast(sure, target)
    assert odds.miss == 0
    assert damages == {odds.damage, odds.crit_damage}
    assert not any(r.missed for r in results)
    hopeless = make(6, agility=1)
    assert all(strike(hopeless, make(agility=11), random.Random(s)).missed for s in range(50))


def test_run_time_stats_are_used() -> None:
    """ "Run-time stats are used (some stats increase during a battle, due to levelups)" """
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1, lev=3, rest=1), piece(21, "PIKE", 2, 1)])
    me = fighter(game, game.pieces[0])
    assert (me.strength, me.agility, me.defense, me.rest) == (7, 7, 9, 1)
