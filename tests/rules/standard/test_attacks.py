"""Standard WoK, phase 2 - attacking: power, rolls, rounds, injured troops, spoils, level
bonuses, how many attacks a player has and which orders count.

Random draws in phase 2: every round of a battle one ``roll`` for the attacker
(``int(v * (PATT + 1))``) then one for the defender (``int(v * (PDEF + 1))``). A battle
against an empty province draws nothing. No other phase draws anything in these tests
until the new Order of Play is shuffled at the end of the turn.

The usual battle: player 1 (EFF 50) attacks from province 1 with armies at level 2.000,
so PATT = 0.5 x 20 = 10 (rolls 0..10, ``int(v * 11)``); player 2 (EFF 50) defends
province 2 with level 1.000 and no defense, PDEF = 0.5 x 10 = 5 (rolls 0..5,
``int(v * 6)``). The provinces hold nothing but the armies, so no later phase changes
them; player 2 keeps province 20 so that the game does not end.
"""

from __future__ import annotations

from typing import Any

from tests.rules.builders import FixedRng, attack, empty, kinds, make_state, orders, run_standard
from wtg.core.ruleset import TurnResult
from wtg.rules.standard.combat import attack_top, defense_top, fight
from wtg.rules.standard.phases.attacks import attacks_allowed
from wtg.rules.wok.state import WokState

# attacker rolls (0..10) and defender rolls (0..5)
A0, A4, A5, A10 = 0.0, 0.4, 0.5, 0.95
D0, D3, D4, D5 = 0.0, 0.5, 0.7, 0.9


def battle_state(attackers: int = 2, defenders: int = 1, **target: Any) -> WokState:
    state = make_state()
    state.player(1).eff = 50
    state.player(2).eff = 50
    empty(state, 1, 1, arm=attackers, lev=2000)
    empty(state, 2, 2, arm=defenders, **target)
    empty(state, 20, 2)
    return state


def one_battle(result: TurnResult[WokState]) -> Any:
    battles = kinds(result, "battle")
    assert len(battles) == 1
    return battles[0]


def skipped(result: TurnResult[WokState]) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.phase == "2 attacking"]


# --- power and rolls --------------------------------------------------------------------


def test_power_of_attacker() -> None:
    """ "Power of Attacker ("PATT") = EFF X (10 X army level)" - rounded down (ruling)."""
    assert attack_top(1750, 99) == 17  # 0.99 x 17.5 = 17.325
    assert attack_top(2000, 50) == 10
    assert attack_top(3333, 75) == 24  # 0.75 x 33.33 = 24.9975


def test_power_of_defender() -> None:
    """ "Power of Defender ("PDEF") = EFF X ((10 X army level) + (4 * defense))"."""
    assert defense_top(1000, 3, 99) == 11  # 0.99 x (10 + 1.2) = 11.088
    assert defense_top(1750, 10, 80) == 17  # 0.8 x (17.5 + 4) = 17.2
    assert defense_top(1000, 0, 50) == 5
    assert defense_top(2000, 25, 50) == 15  # 0.5 x (20 + 10)


def test_power_below_one_still_rolls_zero_or_one() -> None:
    """Ruling (as in WoK IV): a power below 1 rolls 0..1, never only 0."""
    assert attack_top(1000, 5) == 1
    assert defense_top(1000, 0, 1) == 1
    result = fight(FixedRng(0.9, 0.1), 1, attack_top(1000, 5), 1, defense_top(1000, 0, 1))
    assert (result.attackers_left, result.defenders_left, result.rounds) == (1, 0, 1)


def test_the_lower_roll_loses_one_army_until_one_side_has_none() -> None:
    """ "The game engine compares a random number for the attacker from the range of 0 to
    PATT, with a random number for the defender from the range of 0 to PDEF, and the player
    with the lower number loses one army ... This is repeated until one side has no armies
    left." - round 1: 0 against 3, the attacker loses one (not injured: 3 is not less than
    half of 3); round 2: 10 against 0, the defender's last army falls."""
    state = battle_state(attackers=2, defenders=1)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(A0, D3, A10, D0))
    battle = one_battle(result)
    assert (battle.rounds, battle.attacker_losses, battle.defender_losses) == (2, 1, 1)
    assert (battle.conquered, battle.recovered) == (True, 0)
    target = result.state.province(2)
    assert (target.owner, target.arm) == (1, 1)


def test_a_tie_costs_nobody_an_army() -> None:
    """ "(if the rolls tie neither side loses an army)" - round 1: 5 against 5."""
    state = battle_state(attackers=2, defenders=1)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(A5, D5, A10, D0))
    battle = one_battle(result)
    assert (battle.rounds, battle.attacker_losses, battle.defender_losses) == (2, 0, 1)
    assert result.state.province(2).arm == 2


def test_attack_power_uses_eff_before_entropy() -> None:
    """Phase 2 comes before "3. Entropy": the attacker fights at his EFF of the turn's
    start. At EFF 50 PATT is 10, so v = 0.95 rolls 10 and beats a 9; at EFF 49 (after
    entropy) PATT would be 9 and the roll 9, a tie."""
    state = battle_state(attackers=1, defenders=1)
    state.player(2).eff = 99  # PDEF 9, rolls int(v * 10)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(A10, 0.95))
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered) == (1, True)


def test_neutral_provinces_defend_at_99_eff() -> None:
    """Ruling: neutrals fight at 99% EFF. A neutral army at 1.000 with 0.3 DEF has PDEF
    0.99 x 11.2 = 11 (rolls int(v * 12)): v = 0.9 rolls 10 and ties the attacker's 10,
    where at EFF 50 it would roll 5 and lose at once."""
    state = battle_state()
    empty(state, 2, 0, arm=1, dfn=3)
    result = run_standard(
        state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(A10, 0.9, A10, D0)
    )
    battle = one_battle(result)
    assert (battle.defender, battle.rounds, battle.conquered) == (0, 2, True)
    assert result.state.province(2).lev == 2000 + 2 * 6


def test_defense_adds_four_times_its_value_to_the_defender() -> None:
    """ "(4 * defense)" in PDEF: with 2.5 DEF the defender's power is 0.5 x (10 + 10) = 10
    (rolls int(v * 11)), so v = 0.95 rolls 10 and ties the attacker's 10."""
    state = battle_state(attackers=1, defenders=1, dfn=25)
    result = run_standard(
        state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(A10, 0.95, A10, D0)
    )
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered) == (2, True)


def test_combat_costs_no_defense() -> None:
    """Ruling: the text gives no loss of DEF in combat, so a province keeps its defense,
    also when it is conquered."""
    state = battle_state(attackers=3, defenders=2, dfn=25)
    result = run_standard(
        state,
        orders(1, attack=[attack(1, 2, 3)]),
        rng=FixedRng(A0, 0.95, A10, D0, A10, D0),
    )
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered) == (3, True)
    assert result.state.province(2).dfn == 25


# --- injured troops ---------------------------------------------------------------------


def test_injured_attackers_recover_when_the_attacker_wins() -> None:
    """ "At the end of the fight, injured troops in the victorious army will recover. Injured
    troops are those which lost the combat roll, but the difference was less than half the
    higher roll." - round 1: 4 against 5, a difference of 1 is less than 2.5: injured;
    round 2: 10 against 0. Both attacking armies move in."""
    state = battle_state(attackers=2, defenders=1)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(A4, D5, A10, D0))
    battle = one_battle(result)
    assert (battle.conquered, battle.recovered, battle.attacker_losses) == (True, 1, 0)
    assert result.state.province(2).arm == 2


def test_injured_defenders_recover_when_the_defender_holds() -> None:
    """Round 1: 5 against 4, the defender loses by 1 (less than half of 5: injured); round
    2: 0 against 5, the attacker's only army falls (5 is not less than half of 5). The
    defender holds, and his injured army is back."""
    state = battle_state(attackers=1, defenders=2)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(A5, D4, A0, D5))
    battle = one_battle(result)
    assert (battle.conquered, battle.recovered, battle.defender_losses) == (False, 1, 0)
    assert result.state.province(2).arm == 2


def test_the_losers_injured_do_not_come_back() -> None:
    """Only "injured troops in the victorious army will recover": round 1, 4 against 5
    injures the attacker's only army, and the battle is lost."""
    state = battle_state(attackers=1, defenders=1)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(A4, D5))
    battle = one_battle(result)
    assert (battle.conquered, battle.attacker_losses, battle.recovered) == (False, 1, 0)
    assert result.state.province(1).arm == 0
    assert result.state.province(2).arm == 1


# --- the outcome ------------------------------------------------------------------------


def test_conquest_spoils() -> None:
    """ "If the defender loses all of his armies, then all of the attacker's remaining armies
    move into the defending province. The attacker also gets 80% of the population and
    workers that were in the province, and 60% of the missiles and spies. These fractions
    are rounded down." - 80% of 101 POP is 80 (then +20% growth: 96), of 25 WOK 20 (who
    then work at DEF after the battle: +0.2), 60% of 11 MIS is 6, of 9 SPY 5."""
    state = battle_state(attackers=2, defenders=1, pop=101, wok=25, mis=11, spy=9, dfn=5)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(A10, D0))
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered) == (1, True)
    target = result.state.province(2)
    assert target.owner == 1
    assert (target.pop, target.wok, target.mis, target.spy) == (96, 20, 6, 5)
    assert (target.arm, target.lev, target.dfn) == (2, 2006, 7)


def test_armies_not_sent_stay_home() -> None:
    """Only the armies of the order fight and move in; the others stay in the source."""
    state = battle_state(attackers=10, defenders=0)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 4)]))
    assert result.state.province(1).arm == 6
    assert result.state.province(2).arm == 4


def test_an_order_for_more_armies_than_there_are_sends_them_all() -> None:
    """An attack with more armies than the province holds is made with all of them."""
    state = battle_state(attackers=7, defenders=0)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 999)]))
    assert one_battle(result).armies == 7
    assert result.state.province(1).arm == 0
    assert result.state.province(2).arm == 7


def test_a_failed_attack_changes_nothing_else() -> None:
    """ "If the attacker loses all of his armies, nothing else happens." - the province
    stays the defender's with all it had (and its armies' level bonus)."""
    state = battle_state(attackers=1, defenders=1, pop=40, mis=3, spy=2, dfn=4)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(A0, D5))
    target = result.state.province(2)
    assert target.owner == 2
    assert (target.pop, target.mis, target.spy, target.dfn, target.arm) == (48, 3, 2, 4, 1)
    assert result.state.province(1).arm == 0


# --- level bonuses ----------------------------------------------------------------------


def test_level_bonus_when_the_attacker_wins() -> None:
    """ "+0.006 per attack round if the attacker wins" - three rounds: 2.000 + 0.018."""
    state = battle_state(attackers=2, defenders=2)
    result = run_standard(
        state,
        orders(1, attack=[attack(1, 2, 2)]),
        rng=FixedRng(A5, D5, A10, D0, A10, D0),
    )
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered, battle.level_bonus) == (3, True, 18)
    assert result.state.province(2).lev == 2018
    assert result.state.province(1).lev == 2000  # the armies that stayed home gain nothing


def test_level_bonus_when_the_defender_wins() -> None:
    """ "+0.003 per attack round if the defender wins" - two rounds: 1.000 + 0.006."""
    state = battle_state(attackers=1, defenders=1)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(A5, D5, A0, D5))
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered, battle.level_bonus) == (2, False, 6)
    assert result.state.province(2).lev == 1006


def test_level_bonus_into_an_empty_province() -> None:
    """ "If the attacker attacked a province with no armies in it, the attacking armies gain
    level equal to 0.2 divided by their current level instead." - 0.2 / 1.750 = 0.114
    (rounded down to the thousandth); no rolls are drawn."""
    state = battle_state(attackers=10, defenders=0)
    state.province(1).lev = 1750
    result = run_standard(state, orders(1, attack=[attack(1, 2, 10)]), rng=FixedRng(0.5))
    battle = one_battle(result)
    assert (battle.rounds, battle.conquered, battle.level_bonus) == (0, True, 114)
    assert result.state.province(2).lev == 1864


# --- how many attacks, and which orders count -------------------------------------------


def center(tech: int = 0) -> WokState:
    """Player 1 in province 7 (neighbours 2, 6, 8, 12) with 40 armies at 2.000; every
    neighbour neutral and empty."""
    state = make_state()
    state.player(1).tech = tech
    empty(state, 7, 1, arm=40, lev=2000)
    for pid in (2, 6, 8, 12, 3, 9, 11, 13):
        empty(state, pid, 0)
    return state


def owners(result: TurnResult[WokState], *pids: int) -> list[int]:
    return [result.state.province(p).owner for p in pids]


def test_three_attacks_at_tech_level_zero() -> None:
    """ "At the start of the game, you have three attacks." - the fourth order is not run
    (the neutral 12 gets its 2 recruits instead)."""
    state = center()
    result = run_standard(
        state,
        orders(1, attack=[attack(7, t, 10) for t in (2, 6, 8, 12)]),
    )
    assert owners(result, 2, 6, 8, 12) == [1, 1, 1, 0]
    assert len(kinds(result, "battle")) == 3
    assert result.state.province(7).arm == 10
    assert result.state.province(12).arm == 2


def test_each_tech_level_unlocks_an_attack_up_to_seven() -> None:
    """ "Increasing your tech level will unlock additional attacks, up to a maximum of
    seven." Ruling: one more attack a tech level."""
    assert [attacks_allowed(t) for t in (0, 1, 2, 3, 4, 5, 10, 99)] == [3, 4, 5, 6, 7, 7, 7, 7]


def test_tech_level_one_gives_four_attacks() -> None:
    """Tech level 1: 3 + 1 attacks; the fifth order (from 8, just taken) is not run."""
    state = center(tech=1)
    result = run_standard(
        state,
        orders(1, attack=[*(attack(7, t, 5) for t in (2, 6, 8, 12)), attack(8, 9, 5)]),
    )
    assert owners(result, 2, 6, 8, 12, 9) == [1, 1, 1, 1, 0]


def test_attacks_only_a_neighbour() -> None:
    """ "You can only attack a neighbouring province." - 7 to 13 is skipped."""
    state = center()
    result = run_standard(state, orders(1, attack=[attack(7, 13, 10)]))
    assert kinds(result, "battle") == []
    assert skipped(result) == [
        "province 13 Prov13 is not next to 7 Prov7",
    ]
    assert result.state.province(7).arm == 40


def test_invalid_orders_do_not_count_toward_the_limit() -> None:
    """ "If you do not own a province for which you entered an instruction to attack from, or
    if you already own a province which you put in an instruction to attack, or if you put
    in an instruction to attack a non-neighbouring province, then that instruction is
    ignored. Only valid orders count towards your attack limit" - three ignored orders, and
    the three valid ones after them all run."""
    state = center()
    empty(state, 2, 1)
    result = run_standard(
        state,
        orders(
            1,
            attack=[
                attack(3, 4, 10),  # not his source
                attack(7, 2, 10),  # his own target
                attack(7, 13, 10),  # not a neighbour
                attack(7, 6, 10),
                attack(7, 8, 10),
                attack(7, 12, 10),
            ],
        ),
    )
    assert owners(result, 6, 8, 12) == [1, 1, 1]
    assert len(skipped(result)) == 3
    assert result.state.province(7).arm == 10


def test_an_order_from_a_province_with_no_armies_left_does_not_count() -> None:
    """Ruling: an attack from a province with no armies left is ignored and does not
    count; the next order is tried."""
    state = center()
    empty(state, 2, 1)
    result = run_standard(
        state,
        orders(
            1,
            attack=[attack(2, 3, 5), attack(7, 6, 10), attack(7, 8, 10), attack(7, 12, 10)],
        ),
    )
    assert owners(result, 3, 6, 8, 12) == [0, 1, 1, 1]
    assert skipped(result) == ["no armies left in province 2 Prov2 (ignored: it does not count)"]


def test_only_seven_orders_are_read() -> None:
    """ "Only valid orders count towards your attack limit, but you can only ever enter
    seven orders." - five ignored orders and two valid ones fill the seven lines; the
    eighth order is not run although only two attacks were made."""
    state = center()
    result = run_standard(
        state,
        orders(
            1,
            attack=[
                *[attack(3, 4, 10)] * 5,
                attack(7, 6, 10),
                attack(7, 8, 10),
                attack(7, 12, 10),
            ],
        ),
    )
    assert owners(result, 6, 8, 12) == [1, 1, 0]
    assert len(kinds(result, "battle")) == 2


def test_a_failed_attack_counts_toward_the_limit() -> None:
    """A valid order counts whether the battle is won or lost: the first of three attacks
    fails, and the fourth order is not run."""
    state = center()
    empty(state, 2, 0, arm=50, lev=5000)
    result = run_standard(
        state,
        orders(1, attack=[attack(7, t, 1) for t in (2, 6, 8, 12)]),
        rng=FixedRng(0.0, 0.99),
    )
    assert owners(result, 2, 6, 8, 12) == [0, 1, 1, 0]
    assert len(kinds(result, "battle")) == 3


def test_attacks_from_provinces_taken_this_turn() -> None:
    """ "Players can enter attack instructions based upon which provinces they believe they
    will conquer during the turn, and will attack from those newly-conquered provinces." -
    7 to 8, 8 to 9, 9 to 10, each time into an empty province: 2.000 + 0.2 / 2.000 =
    2.100, + 0.2 / 2.100 = 2.195, + 0.2 / 2.195 = 2.286."""
    state = center()
    empty(state, 10, 0)
    result = run_standard(
        state,
        orders(1, attack=[attack(7, 8, 30), attack(8, 9, 30), attack(9, 10, 30)]),
    )
    assert owners(result, 8, 9, 10) == [1, 1, 1]
    assert [b.level_bonus for b in kinds(result, "battle")] == [100, 95, 91]
    final = result.state.province(10)
    assert (final.arm, final.lev) == (30, 2286)
    assert [result.state.province(p).arm for p in (7, 8, 9)] == [10, 0, 0]


def test_an_order_from_a_province_lost_this_turn_is_ignored() -> None:
    """ "If you do not own a province for which you entered an instruction to attack from
    ... then that instruction is ignored" - player 2 moves first and takes province 1, so
    player 1's order from 1 is ignored (and does not count: his three others run)."""
    state = make_state()
    state.oop = [2, 1]
    empty(state, 1, 1, arm=0)
    empty(state, 7, 1, arm=30, lev=2000)
    empty(state, 6, 2, arm=10, lev=2000)
    empty(state, 20, 2)
    for pid in (2, 8, 12):
        empty(state, pid, 0)
    result = run_standard(
        state,
        orders(1, attack=[attack(1, 2, 5), *(attack(7, t, 10) for t in (2, 8, 12))]),
        orders(2, attack=[attack(6, 1, 10)]),
    )
    assert owners(result, 1, 2, 8, 12) == [2, 1, 1, 1]
    assert skipped(result) == ["province 1 Prov1 is not yours: lost this turn"]


def test_players_attack_in_the_order_of_play() -> None:
    """Each player's attacks run in the Order of Play: player 2, first, takes the empty
    neutral 3; player 1 then meets player 2's armies there."""
    battles = both_attack_the_neutral(make_state())
    assert [(b.attacker, b.defender, b.defenders) for b in battles] == [(2, 0, 0), (1, 2, 5)]


def both_attack_the_neutral(state: WokState) -> list[Any]:
    """Player 2, first in the Order of Play, attacks the empty neutral 3 from 4 with 5
    armies; player 1 attacks it from 2 with 10: the turn's battles."""
    state.oop = [2, 1]
    empty(state, 2, 1, arm=10, lev=2000)
    empty(state, 4, 2, arm=5, lev=2000)
    empty(state, 3, 0)
    result = run_standard(
        state,
        orders(1, attack=[attack(2, 3, 10)]),
        orders(2, attack=[attack(4, 3, 5)]),
        seed=3,
    )
    return kinds(result, "battle")
