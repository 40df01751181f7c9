"""PHASE II - attacks: power, rolls, rounds, spoils and level bonuses (manual v2.50)."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import FixedRng, empty, give, kinds, make_state, orders, run
from tests.rules.wok4.test_spying import CONFIG
from tests.shipped import WOK4
from wtg.game.report import report_text
from wtg.rules.wok4.combat import attack_top, defense_top, fight


def test_attack_power_formula() -> None:
    """ "Attacker : (10 x level of the armies) x 0,EFF level"."""
    assert attack_top(1750, 99) == 17  # 17.325 rounded down
    assert attack_top(2000, 50) == 10


def test_defense_power_formula() -> None:
    """ "Defender : ((10 x level of the armies) + (4 x defense points)) x 0,EFF level"."""
    assert defense_top(1000, 3, 99) == 11  # (10 + 1.2) x 0.99 = 11.088
    assert defense_top(1750, 10, 80) == 17  # (17.5 + 4) x 0.8 = 17.2


def test_power_below_one_rolls_zero_or_one() -> None:
    """ "Should your PATT/PDEF be less then 1, you will be rolling 0 OR 1 (and not just 0)"."""
    assert attack_top(1000, 5) == 1  # 0.5 -> rolls 0..1
    assert defense_top(1000, 0, 1) == 1
    # with both sides at 0..1 an attacker still wins some rounds: no stalemate
    result = fight(random.Random(3), 20, 1000, 5, 20, 1000, 0, 5)
    assert result.rounds >= 20
    assert result.attackers_left == 0 or result.defenders_left == 0


def test_loser_of_a_round_loses_one_army() -> None:
    """ "The loser loses 1 army and the calculation starts again until one of the players
    armies is completely wiped out." Ruling: a tie goes to the defender."""
    # attacker top 17, defender top 11; rolls: att 0.9*18=16 vs def 0.1*12=1 -> defender loses
    # then att 0.0 -> 0 vs def 0.0 -> 0: a tie, the attacker loses
    rng = FixedRng(0.9, 0.1, 0.99, 0.0, 0.0, 0.99, 0.9, 0.1, 0.99)
    result = fight(rng, 1, 1750, 99, 2, 1000, 3, 99)
    assert result.defenders_left == 1
    assert result.attackers_left == 0
    assert result.rounds == 2


def test_three_percent_chance_to_lose_defense_each_round() -> None:
    """ "There is a 3% chance to destroy 0.1 points of defenses in every single round"."""
    # each round: attack roll, defense roll, then the 3% roll
    rng = FixedRng(0.9, 0.1, 0.02, 0.9, 0.1, 0.5, 0.9, 0.1, 0.029)
    result = fight(rng, 5, 1750, 99, 3, 1000, 5, 99)
    assert result.rounds == 3
    assert result.dfn_left == 3  # two of the three rounds rolled under 3%


def test_conquest_spoils_and_level_bonus() -> None:
    """ "If you win a province, you will get : All remaining defenses - 80% of the population
    and workers - 60% of all missiles and spies - The remaining armies will get a level bonus
    of (+0.003 x the duration of the battle)" and "ALL his remaining armies from the battle
    will invade the province"."""
    state = make_state()
    give(state, 1, 1, arm=200, lev=2000, pop=50)
    give(state, 2, 2, pop=101, wok=25, arm=3, lev=1000, dfn=5, mis=11, spy=9)
    give(state, 10, 2)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 150}]), seed=4)
    battle = kinds(result, "battle")[0]
    province = result.state.province(2)
    assert battle.conquered
    assert province.owner == 1
    assert province.pop == 80 + 80 * 20 // 100  # 80% of 101 = 80, then +20% growth = 96
    assert province.wok == 20
    assert province.mis == 6
    assert province.arm == 150 - battle.attacker_losses
    assert province.lev == 2000 + 3 * battle.rounds
    assert battle.level_bonus == 3 * battle.rounds
    assert province.dfn == 5 - battle.dfn_lost + 2  # then 20 workers on DEF make +0.2
    assert result.state.province(1).arm == 50  # the 50 not sent stayed home


def test_spies_after_conquest_are_sixty_percent() -> None:
    """ "60% of all missiles and spies"."""
    state = make_state()
    give(state, 1, 1, arm=300, lev=3000)
    empty(state, 2, 2, arm=1, spy=10, mis=50, aim="MIS")
    give(state, 3, 2)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 300}]))
    province = result.state.province(2)
    assert province.owner == 1
    assert province.spy == 6
    assert province.mis == 30  # no workers there to make more


def test_unprotected_province_gives_level_bonus_of_0_1() -> None:
    """ "Invading an unprotected province gives you a Level Bonus of +0.100 Points"."""
    state = make_state()
    give(state, 1, 1, arm=10, lev=1500)
    empty(state, 2, 0, arm=0)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 10}]))
    battle = kinds(result, "battle")[0]
    assert battle.rounds == 0 and battle.conquered and battle.level_bonus == 100
    assert result.state.province(2).lev == 1600
    assert result.state.province(2).arm == 10


def test_failed_attack_loses_every_attacking_army() -> None:
    """The battle runs "until one of the players armies is completely wiped out"."""
    state = make_state()
    give(state, 1, 1, arm=40, lev=1000)
    give(state, 2, 0, arm=300, lev=5000, dfn=90, wok=0)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 10}]))
    battle = kinds(result, "battle")[0]
    assert not battle.conquered
    assert battle.attacker_losses == 10
    assert result.state.province(2).owner == 0
    assert result.state.province(2).arm == 300 - battle.defender_losses + 2  # +2 neutral recruits
    assert result.state.province(1).arm == 30


def test_more_armies_than_present_uses_them_all() -> None:
    """ "If you enter a number greater than what you actually have in possession ... ALL of
    your items will be used"."""
    state = make_state()
    give(state, 1, 1, arm=7, lev=1750, pop=0)
    empty(state, 2, 0)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 999}]))
    battle = kinds(result, "battle")[0]
    assert battle.armies == 7
    assert result.state.province(2).arm == 7


def test_attack_count_by_tech_points() -> None:
    """ "0-49 Tech Points : 3 attacks possible, 50-99 Tech Points : 4 attacks possible ...
    200-999 Tech Points : 7 attacks possible"."""
    from wtg.rules.wok4.reach import attacks_allowed

    assert [attacks_allowed(t) for t in (0, 49, 50, 99, 100, 149, 150, 199, 200, 999)] == [
        3,
        3,
        4,
        4,
        5,
        5,
        6,
        6,
        7,
        7,
    ]


def test_eliminating_the_last_province_rips_the_player() -> None:
    """ "the last one standing will find the Paradise" - a player with no province is out."""
    state = make_state()
    give(state, 1, 1, arm=500, lev=5000)
    empty(state, 2, 2, arm=1)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 500}]), orders(2))
    assert result.state.player(2).status == "dead"
    assert result.state.player(2).died_on == result.state.turn
    assert [e.player for e in kinds(result, "player_eliminated")] == [2]


@pytest.mark.parametrize("seed", range(5))
def test_battle_conserves_armies(seed: int) -> None:
    """No army appears or vanishes in a battle except by losing a round."""
    result = fight(random.Random(seed), 60, 1750, 90, 45, 1500, 20, 80)
    lost = (60 - result.attackers_left) + (45 - result.defenders_left)
    assert lost == result.rounds


def test_neutrals_defend_at_99_percent_eff(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling: PDEF multiplies by "0,EFF level"; neutrals, who have none, fight at 99%."""
    import wtg.rules.wok4.phases.attacks as attacks_phase

    seen = []

    def recording_fight(*args: object) -> object:
        seen.append(args)
        return fight(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(attacks_phase, "fight", recording_fight)
    state = make_state()
    state.player(1).eff = 60
    give(state, 1, 1, arm=30, lev=1500)
    run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 30}]))
    (args,) = seen
    assert args[3] == 60 and args[7] == 99  # attacker's EFF, defender's EFF


def test_a_defender_who_holds_gains_no_level() -> None:
    """Ruling: "The remaining armies will get a level bonus" is said of the winner of a
    province; a defender who holds gains nothing."""
    state = make_state()
    give(state, 1, 1, arm=3, lev=1000)
    empty(state, 2, 2, arm=200, lev=3000, dfn=20)
    empty(state, 20, 2)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 3}]), orders(2))
    assert not kinds(result, "battle")[0].conquered
    assert result.state.province(2).lev == 3000


def empty_province_attacked() -> tuple[str, str]:
    """Player 1's 10 armies (level 1.5) attack player 2's province 2, which has none: the
    reports of the turn, the attacker's and the defender's, their words one space apart."""
    state = make_state()
    give(state, 1, 1, arm=10, lev=1500)
    give(state, 2, 2, arm=0)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 10}]))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(WOK4, CONFIG, result.state, events, 1, aof="").split())
    theirs = " ".join(report_text(WOK4, CONFIG, result.state, events, 2, aof="").split())
    return mine, theirs


def test_an_attack_on_a_province_without_armies_is_told_so() -> None:
    """WoK IV's report said of it 'against your 0: 0 rounds, you lost 0, they lost 0': a
    battle of no rounds. Both reports say no armies defended it."""
    mine, theirs = empty_province_attacked()
    assert "with 10 armies: no armies defended it. The province is yours" in mine
    assert "with 10 armies: you had no armies there to defend it. The province is lost." in theirs


def test_the_level_a_conquest_gives_is_said_as_the_attacker_s_armies() -> None:
    """ "The remaining armies will get a level bonus": 'The province is yours (level
    +0.100)' did not say whose level rose; it is the armies that invaded ("Invading an
    unprotected province gives you a Level Bonus of +0.100 Points")."""
    mine, _theirs = empty_province_attacked()
    assert "The province is yours (your armies' level +0.100)." in mine
