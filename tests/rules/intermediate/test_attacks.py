"""Intermediate WoK, phase 3 - attacking: troop kinds, the preferred-terrain bonus, which
troop a lost round kills, what moves in, and the attacks a tech level gives.

Random draws in phase 3: every round of a battle one ``roll`` for the attacker
(``int(v * (PATT + 1))``) then one for the defender (``int(v * (PDEF + 1))``); when the
side that lost the round has troops of more than one kind, one more ``roll`` picks the kind
that falls (``int(v * troops)``, counting ARM, PIK, ARC, KNI, CAT in that order). No other
phase draws anything in these tests until the Order of Play is shuffled at the end.

The usual battle: player 1 (EFF 99) attacks from province 1 with troops at level 1.000,
PATT = 0.99 x 10 = 9 (rolls ``int(v * 10)``), or 0.99 x 10.5 = 10 (``int(v * 11)``) with
the full 0.05 terrain bonus; player 2 (EFF 99) defends province 2 (Plains) with one army at
1.000 and no defense, PDEF 9. Player 2 keeps province 20 so that the game goes on.
"""

from __future__ import annotations

from typing import Any

from tests.rules.builders import FixedRng, attack, empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from wtg.core.ruleset import TurnResult
from wtg.rules.wok.combat import Force, attack_top, defense_top
from wtg.rules.wok.state import WokState
from wtg.rules.wok.troops import terrain_bonus

LOSE, WIN = 0.0, 0.95
"""The attacker's roll: 0, or the top (9 rolls 9, 10 rolls 10); the defender rolls 9."""


def battle_state(defenders: int = 1, terrain: str = "Plains", **attackers: int) -> WokState:
    state = make_grid()
    state.player(1).eff = 99
    state.player(2).eff = 99
    empty(state, 1, 1, **attackers)
    empty(state, 2, 2, arm=defenders)
    state.province(2).terrain = terrain
    empty(state, 20, 2)
    return state


def one_battle(result: TurnResult[WokState]) -> Any:
    """The turn's only battle."""
    (battle,) = kinds(result, "battle")
    return battle


# --- the terrain bonus ------------------------------------------------------------------


def test_preferred_terrain_adds_a_twentieth_of_a_level() -> None:
    """ "When upgraded troops are fighting in their preferred terrain they grant 0.05 extra
    level to the power calculation" and "Power of Attacker ("PATT") = EFF X 10 X (level +
    bonus level)": knights ("Knight Plains") attacking the Plains fight at 1.050, PATT
    0.99 x 10.5 = 10, so v = 0.95 rolls 10 and beats the defender's 9 in one round."""
    state = battle_state(kni=1)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(WIN, WIN))
    battle = one_battle(result)
    assert (battle.terrain, battle.attacker_bonus, battle.defender_bonus) == ("Plains", 50, 0)
    assert (battle.rounds, battle.conquered) == (1, True)
    assert (result.state.province(2).owner, result.state.province(2).kni) == (1, 1)


def test_no_bonus_off_the_preferred_terrain() -> None:
    """The same knight attacking a Forest ("Archer Forest") gets no bonus: PATT 9, the
    rolls tie (9 and 9), and the next round is lost."""
    state = battle_state(kni=1, terrain="Forest")
    result = run_intermediate(
        state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(WIN, WIN, LOSE, WIN)
    )
    battle = one_battle(result)
    assert (battle.attacker_bonus, battle.rounds, battle.conquered) == (0, 2, False)


def test_armies_prefer_no_terrain() -> None:
    """ "Army None": plain armies never get the bonus."""
    state = battle_state(arm=1)
    result = run_intermediate(
        state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(WIN, WIN, LOSE, WIN)
    )
    assert (one_battle(result).attacker_bonus, one_battle(result).conquered) == (0, False)


def test_each_kind_has_its_terrain() -> None:
    """ "Pikeman Desert, Archer Forest, Knight Plains, Catapult Mountains"."""
    for kind, terrain in (("pik", "Desert"), ("arc", "Forest"), ("kni", "Plains")):
        assert terrain_bonus({kind: 4}, 4, terrain) == 50
        assert terrain_bonus({kind: 4}, 4, "Swamp") == 0
    assert terrain_bonus({"cat": 4}, 4, "Mountain") == 50
    assert terrain_bonus({"arm": 4}, 4, "Plains") == 0


def test_the_bonus_affects_all_troops_that_are_fighting() -> None:
    """ "This extra level affects all troops that are fighting": one knight beside one army
    lifts the whole side. Ruling 3: the bonus is 0.05 x (troops of the preferred kind) /
    (the side's troops when the battle began): 0.025 here, PATT 0.99 x 10.25 = 10."""
    state = battle_state(arm=1, kni=1)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(WIN, WIN))
    battle = one_battle(result)
    assert (battle.attacker_bonus, battle.rounds, battle.conquered) == (25, 1, True)
    assert attack_top(1000 + 25, 99) == 10
    assert attack_top(1000, 99) == 9


def test_the_bonus_shrinks_as_the_preferred_troops_are_killed() -> None:
    """ "... but will decrease as the upgraded troops are killed." Round 1 is lost and the
    draw kills the knight (v = 0.99 of 2 troops picks the second, KNI): the side's bonus
    falls from 0.025 to 0, PATT to 9, and round 2 ties (9 and 9); round 3 is lost."""
    state = battle_state(arm=1, kni=1)
    rng = FixedRng(LOSE, WIN, 0.99, WIN, WIN, LOSE, WIN)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 2)]), rng=rng)
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered) == (3, False)
    assert battle.attackers_left == {"arm": 0, "pik": 0, "arc": 0, "kni": 0, "cat": 0}


def test_the_bonus_stays_while_the_preferred_troops_stand() -> None:
    """The same battle, but the draw kills the army (v = 0.0 picks the first, ARM): the
    knight still counts for 0.05 x 1 / 2, PATT stays 10, and round 2 is won."""
    state = battle_state(arm=1, kni=1)
    rng = FixedRng(LOSE, WIN, 0.0, WIN, WIN)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 2)]), rng=rng)
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered) == (2, True)
    target = result.state.province(2)
    assert (target.arm, target.kni) == (0, 1)


def test_the_shrinking_bonus_in_numbers() -> None:
    """Ruling 3 in numbers: four knights on the Plains give 0.050, three of the four
    standing 0.037 (rounded down to the thousandth), none 0; the base is the side's
    troops at the start, so the armies' deaths do not raise it."""
    assert [terrain_bonus({"kni": k}, 4, "Plains") for k in (4, 3, 2, 1, 0)] == [50, 37, 25, 12, 0]
    assert terrain_bonus({"arm": 1, "kni": 2}, 4, "Plains") == 25


def test_defenders_on_their_ground_get_the_bonus_too() -> None:
    """ "Power of Defender ("PDEF") = EFF X (10 X (level + bonus level) + 4 X defense)":
    archers holding a Forest defend at 1.050 - PDEF 0.99 x 10.5 = 10, so the defender's
    v = 0.95 rolls 10 and beats the attacker's 9."""
    state = battle_state(arm=1, terrain="Forest")
    empty(state, 2, 2, arc=1)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(WIN, WIN))
    battle = one_battle(result)
    assert (battle.defender_bonus, battle.rounds, battle.conquered) == (50, 1, False)
    assert defense_top(1050, 0, 99) == 10
    assert defense_top(1050, 5, 99) == 12  # 0.99 x (10.5 + 4 x 0.5)


# --- which troop falls ----------------------------------------------------------------------


def test_a_lost_round_kills_a_troop_drawn_in_proportion() -> None:
    """ "the player with the lower number loses one army". Ruling 4: with several kinds the
    fallen troop is drawn in proportion to their numbers (as the text has bombing hit "each
    type proportional to the numbers"): of 3 ARM and 1 KNI, v < 0.75 kills an army and
    v >= 0.75 the knight."""
    army = Force({"arm": 3, "pik": 0, "arc": 0, "kni": 1, "cat": 0})
    assert army.lose_one(FixedRng(0.74), injured=False) == "arm"
    knight = Force({"arm": 3, "pik": 0, "arc": 0, "kni": 1, "cat": 0})
    assert knight.lose_one(FixedRng(0.76), injured=False) == "kni"
    assert (army.troops["arm"], knight.troops["kni"]) == (2, 0)


def test_one_kind_alone_needs_no_draw() -> None:
    """A side of one kind loses that kind, and no number is drawn for it (the next draw
    is the next round's)."""
    rng = FixedRng(0.5)
    force = Force({"pik": 2})
    assert force.lose_one(rng, injured=True) == "pik"
    assert (rng.index, force.troops, force.injured) == (0, {"pik": 1}, {"pik": 1})


def test_the_injured_of_the_victor_recover_by_kind() -> None:
    """ "At the end of the fight, injured troops in the victorious army will recover. Injured
    troops are those which lost the combat roll, but the difference was less than half the
    higher roll." No bonus on a Forest, so PATT is 9. Round 1: the attacker's 8 (v = 0.85)
    loses to the defender's 9, and as 9 - 8 is less than half of 9 the knight is only
    injured; round 2: 9 against 0 takes the province, and the injured knight rejoins."""
    state = battle_state(kni=2, terrain="Forest")
    rng = FixedRng(0.85, WIN, WIN, LOSE)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 2)]), rng=rng)
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered, battle.recovered) == (2, True, 1)
    assert result.state.province(2).kni == 2


# --- what goes and what moves in ------------------------------------------------------------


def test_an_attack_takes_armies_first_then_pik_arc_kni_cat() -> None:
    """Ruling 5: an attack with N troops takes them in the order TRO movement has ("starting
    with ARM and working up through PIK, ARC, KNI and CAT"); the rest stay. Into an empty
    province "all of the attacker's remaining troops move into the defending province" and
    "the attacking troops gain level equal to 0.2 divided by their current level"."""
    state = battle_state(arm=2, arc=1, kni=2, lev=2000)
    empty(state, 2, 0)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 4)]))
    battle = one_battle(result)
    assert battle.sent == {"arm": 2, "pik": 0, "arc": 1, "kni": 1, "cat": 0}
    source, target = result.state.province(1), result.state.province(2)
    assert (source.arm, source.arc, source.kni) == (0, 0, 1)
    assert (target.owner, target.arm, target.arc, target.kni) == (1, 2, 1, 1)
    assert target.lev == 2000 + 100


def test_conquest_spoils_and_the_defenders_troops_are_gone() -> None:
    """ "The attacker also gets 80% of the population and workers that were in the province,
    and 60% of the missiles and spies. These fractions are rounded down." The defender's
    upgraded troops are all dead when the province falls."""
    state = battle_state(kni=1, lev=9000)
    empty(state, 2, 2, pik=1, pop=51, wok=11, mis=9, spy=6)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(WIN, 0.0))
    target = result.state.province(2)
    assert (target.owner, target.kni, target.pik) == (1, 1, 0)
    assert (target.wok, target.mis, target.spy) == (8, 5, 3)


def test_level_gains_of_the_winner() -> None:
    """ "+0.006 per attack round if the attacker wins, +0.003 per attack round if the
    defender wins" - two rounds each way: the knight's 9 (v = 0.85 of 0..10) ties the
    defender's 9, then 10 beats 9; the army ties, then loses."""
    won = battle_state(kni=1)
    result = run_intermediate(
        won, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(0.85, WIN, WIN, WIN)
    )
    assert (one_battle(result).rounds, result.state.province(2).lev) == (2, 1000 + 12)
    lost = battle_state(arm=1)
    result = run_intermediate(
        lost, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(WIN, WIN, LOSE, WIN)
    )
    assert (one_battle(result).rounds, result.state.province(2).lev) == (2, 1000 + 6)


# --- how many attacks ------------------------------------------------------------------------


def test_three_attacks_and_one_more_a_tech_level() -> None:
    """ "At the start of the game, you have three attacks. Increasing your tech level will
    unlock additional attacks, up to a maximum of seven." - and the upgrades come first
    ("1. Upgrades ... 3. Attacking"): a tech level bought this turn gives its attack now."""
    state = make_grid()
    for pid in (1, 6, 11, 16):
        empty(state, pid, 1, arm=5)
    for pid in (2, 7, 12, 17):
        empty(state, pid, 0)
    attacks = [attack(s, s + 1, 1) for s in (1, 6, 11, 16)]
    plain = run_intermediate(state, orders(1, attack=attacks))
    assert len(kinds(plain, "battle")) == 3
    state.player(1).gold = 100
    upgraded = run_intermediate(state, orders(1, upgrade=["TECH"], attack=attacks))
    assert len(kinds(upgraded, "battle")) == 4
    assert upgraded.state.player(1).tech == 1


def test_a_level_upgrade_comes_before_the_battle_and_lifts_every_troop() -> None:
    """ "LEV All armies gain 0.3 LEV", bought in phase 1: the knights of province 1 fight
    at 1.300 in phase 3 - PATT 0.99 x 13 = 12, and v = 0.8 rolls 10 against the 9."""
    state = battle_state(kni=1)
    state.province(2).terrain = "Swamp"
    state.player(1).gold = 100
    result = run_intermediate(
        state, orders(1, upgrade=["LEV"], attack=[attack(1, 2, 1)]), rng=FixedRng(0.8, WIN)
    )
    assert (one_battle(result).rounds, one_battle(result).conquered) == (1, True)
    assert result.state.province(2).lev == 1300 + 6
