"""Standard WoK, phase 10 - spying: reaching the target, evading its spies, the mission,
and the five operations.

Random draws in phase 10, for every order that runs: when the target is not short range,
one ``chance`` (EFF%) per spy to reach it; then, while spies and guards are left, one
``roll`` (0..EFF) for the spies and one for the guards a round; then one ``chance``
(EFF%) per spy for the mission (ops 1-4 stop at the first success). No earlier phase
draws anything here; the new Order of Play is shuffled after phase 10.

The usual setup: player 1 (EFF 51) owns province 1 with 10 spies; player 2 (EFF 52) owns
its neighbour 2 and the far province 20. Entropy leaves both at EFF 50 when the spies go
out, so a roll is ``int(v * 51)``. The provinces hold nothing else.
"""

from __future__ import annotations

from typing import Any

from tests.rules.builders import (
    FixedRng,
    empty,
    grid_config,
    kinds,
    make_state,
    one,
    orders,
    run_standard,
    spy,
)
from tests.shipped import STANDARD as RULESET
from wtg.core.ruleset import TurnResult
from wtg.game.report import report_text
from wtg.rules.wok.state import WokState

CONFIG = grid_config("standard")
YES, NO = 0.0, 0.99
SPY_PROVINCE, SPY_PLAYER, PROPAGANDA, FALSE_ORDERS, STEAL_GOLD = 1, 2, 3, 4, 5


def setup(spies: int = 10, **target: Any) -> WokState:
    state = make_state()
    state.player(1).eff = 51
    state.player(2).eff = 52
    empty(state, 1, 1, spy=spies)
    empty(state, 2, 2, **target)
    empty(state, 20, 2)
    return state


def operate(
    state: WokState, *ops: dict[str, int], values: tuple[float, ...]
) -> TurnResult[WokState]:
    return run_standard(state, orders(1, spy=list(ops)), rng=FixedRng(*values))


def report(result: TurnResult[WokState], player: int) -> str:
    """The player's report of the turn (as ``wtg run-turn`` writes it)."""
    events = [e.to_dict() for e in result.events]
    return report_text(RULESET, CONFIG, result.state, events, player, aof="")


def skipped(result: TurnResult[WokState]) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.phase == "10 spying"]


# --- who can be spied on, and how many orders -------------------------------------------


def test_spying_only_works_on_players() -> None:
    """ "Spying only works on other players, not neutral provinces." - no spy is sent."""
    state = setup()
    empty(state, 2, 0)
    result = operate(state, spy(1, 2, SPY_PROVINCE, 5), values=(YES,))
    assert kinds(result, "spy_report") == []
    assert skipped(result) == [
        "spying only works on other players, not neutral provinces (no spies sent)"
    ]
    assert result.state.province(1).spy == 10


def test_at_most_five_spying_orders_and_returning_spies_go_again() -> None:
    """ "You can input a maximum of 5 spying instructions" and "Successful spies return to
    their source province and can be used in subsequent orders" - one spy spreads
    propaganda five times (-2 EFF each); the sixth order is not read."""
    state = setup(spies=1)
    result = operate(state, *[spy(1, 2, PROPAGANDA, 1)] * 6, values=(YES,))
    assert len(kinds(result, "spy_report")) == 5
    assert result.state.player(2).eff == 50 - 5 * 2
    assert result.state.province(1).spy == 1


def test_spies_come_from_ones_own_province_and_only_those_there() -> None:
    """An order for more spies than the province holds sends all there are; an order from
    a province with none left is skipped."""
    state = setup(spies=3)
    result = operate(state, spy(1, 2, SPY_PROVINCE, 8), spy(1, 2, SPY_PROVINCE, 1), values=(NO,))
    report = kinds(result, "spy_report")[0]
    assert (report.spies, report.returned) == (3, 0)
    assert skipped(result) == ["no spies left in province 1 Prov1 (no spies sent)"]


# --- reaching the target ----------------------------------------------------------------


def test_short_range_spies_reach_the_target_automatically() -> None:
    """ "If the target neighbours your empire ... then this is a short range operation, the
    spies will automatically reach the target province." - no draw for the way there: the
    first draw is the mission's."""
    result = operate(setup(), spy(1, 2, PROPAGANDA, 5), values=(YES, NO))
    report = one(result, "spy_report")
    assert (report.short_range, report.arrived, report.success, report.returned) == (
        True,
        5,
        True,
        5,
    )
    assert result.state.player(2).eff == 48


def test_short_range_means_next_to_the_empire_not_the_source() -> None:
    """ "If the target neighbours your empire" - province 4 is three steps from the source
    1, but next to 3, which is joined to 1 through 2."""
    state = setup()
    empty(state, 2, 1)
    empty(state, 3, 1)
    empty(state, 4, 2)
    state.player(1).eff = 53  # three provinces: 50 after entropy
    result = operate(state, spy(1, 4, PROPAGANDA, 5), values=(YES, NO))
    report = one(result, "spy_report")
    assert (report.short_range, report.arrived, report.success) == (True, 5, True)


def test_a_broken_empire_counts_only_the_part_the_spies_are_in() -> None:
    """ "(or the part of your empire the spies are in if it's been broken up)" and "If there
    is no path through your empire to the target, then each spy individually has an EFF%
    chance of reaching the target." - player 1 holds 1 and 9; 10 is next to 9 but not to
    the part 1 is in: from 1, 49.5 < 50 reaches, 50.5 does not, 0 reaches; the first spy
    there succeeds and both come home."""
    state = setup()
    state.player(1).eff = 52  # two provinces: 50 after entropy
    state.player(2).eff = 53  # three provinces
    empty(state, 9, 1, spy=5)
    empty(state, 10, 2)
    result = operate(
        state,
        spy(1, 10, PROPAGANDA, 3),
        spy(9, 10, PROPAGANDA, 1),
        values=(0.495, 0.505, YES, YES, YES),
    )
    far, near = kinds(result, "spy_report")
    assert (far.short_range, far.spies, far.arrived, far.success, far.returned) == (
        False,
        3,
        2,
        True,
        2,
    )
    assert (near.short_range, near.arrived, near.success) == (True, 1, True)
    assert result.state.province(1).spy == 10 - 3 + 2
    assert result.state.player(2).eff == 50 - 4


def test_no_spy_reaching_the_target_ends_the_operation() -> None:
    """Spies that do not reach the target are lost; with none there, nothing happens."""
    result = operate(setup(), spy(1, 20, PROPAGANDA, 2), values=(NO,))
    report = one(result, "spy_report")
    assert (report.short_range, report.arrived, report.success, report.returned) == (
        False,
        0,
        False,
        0,
    )
    assert result.state.province(1).spy == 8
    assert result.state.player(2).eff == 50


# --- evading the guards -----------------------------------------------------------------


def test_spies_roll_eff_against_the_guards_like_in_combat() -> None:
    """ "If any spies make it to the target, they have to avoid defensive spies in the
    province. - They roll EFF against the enemy spies until one group is exhausted, much
    like in combat." and "Defensive spies are not removed by counter espionage but attacking
    spies are." - round 1: 45 against 5 passes a guard; round 2: 5 against 45 costs a spy;
    round 3: 25 against 25, a tie; round 4: 45 against 5 passes the last guard. Two spies
    are through, the two guards are all still there."""
    state = setup(spy=2)
    result = operate(
        state,
        spy(1, 2, PROPAGANDA, 3),
        values=(0.9, 0.1, 0.1, 0.9, 0.5, 0.5, 0.9, 0.1, YES),
    )
    report = one(result, "spy_report")
    assert (report.arrived, report.caught, report.success, report.returned) == (3, 1, True, 2)
    assert result.state.province(2).spy == 2
    assert result.state.province(1).spy == 10 - 3 + 2
    victim = one(result, "spied_upon")
    assert (victim.caught, victim.success, victim.op) == (1, True, PROPAGANDA)


def test_spies_all_caught_do_nothing() -> None:
    """A group exhausted by the guards does no mission: 5 against 45 costs the only spy."""
    state = setup(spy=1)
    result = operate(state, spy(1, 2, PROPAGANDA, 1), values=(0.1, 0.9, YES))
    report = one(result, "spy_report")
    assert (report.caught, report.success, report.returned) == (1, False, 0)
    assert result.state.player(2).eff == 50
    assert result.state.province(2).spy == 1
    victim = one(result, "spied_upon")  # ruling 13: the victim learns what was tried
    assert (victim.op, victim.success, victim.caught) == (PROPAGANDA, False, 1)


def test_the_victim_is_told_which_operation_hit_him() -> None:
    """Ruling 13 (the family's, as WoK IV's ruling 12: the victim always learns of an
    operation against it, what kind, whether it succeeded, what it lost, whether it caught
    spies): Spy Player ("See the total POP, WOK, ARM, MIS and SPY ...") and a failed
    propaganda are named in the victim's report, as is the operation in the spymaster's."""
    state = setup()
    player = operate(state, spy(1, 2, SPY_PLAYER, 1), values=(YES,))
    victim = report(player, 2)
    assert "Enemy spies in 2 Prov2, operation 2 (spy player), a success" in victim
    assert "operation 2 (spy player), short range" in " ".join(report(player, 1).split())
    failed = operate(setup(spy=1), spy(1, 2, PROPAGANDA, 1), values=(0.1, 0.9, YES))
    assert "operation 3 (spread propaganda), a failure: your spies caught 1" in " ".join(
        report(failed, 2).split()
    )


def test_the_guards_roll_their_owners_eff() -> None:
    """The guards roll their own player's EFF: at EFF 20 (22 less entropy) a roll is
    ``int(v * 21)``, so 0.99 rolls 20 and ties the spy's 0.4 x 51 = 20; round 2, 45 against
    0, the spy gets through."""
    state = setup(spy=1)
    state.player(2).eff = 22
    result = operate(state, spy(1, 2, PROPAGANDA, 1), values=(0.4, 0.99, 0.9, 0.0, YES))
    report = one(result, "spy_report")
    assert (report.caught, report.success, report.returned) == (0, True, 1)
    assert result.state.player(2).eff == 18


# --- the mission ------------------------------------------------------------------------


def test_each_spy_tries_the_mission_with_eff_percent() -> None:
    """ "Each spy has an EFF% chance of succeeding in the mission." - EFF 50: 49.5 succeeds,
    50.5 fails."""
    ok = operate(setup(), spy(1, 2, PROPAGANDA, 1), values=(0.495,))
    assert one(ok, "spy_report").success
    ko = operate(setup(), spy(1, 2, PROPAGANDA, 1), values=(0.505,))
    assert not one(ko, "spy_report").success


def test_the_eff_of_phase_10_counts() -> None:
    """Spying is phase 10, after "3. Entropy" and "9. Upgrades": EFF 30, less 1, plus the
    EFF upgrade's 30 is 59%."""
    for value, success in ((0.585, True), (0.595, False)):
        state = setup()
        state.player(1).eff = 30
        state.player(1).gold = 100
        result = run_standard(
            state,
            orders(1, upgrade=["EFF"], spy=[spy(1, 2, PROPAGANDA, 1)]),
            rng=FixedRng(value),
        )
        assert one(result, "spy_report").success is success


def test_surviving_spies_return_as_soon_as_one_succeeds() -> None:
    """ "For the first four operations, all surviving spies will return as soon as one
    succeeds." Ruling: a spy who fails is lost - two fail, the third succeeds: it and the
    two who had not tried come home (5 - 2)."""
    result = operate(setup(), spy(1, 2, PROPAGANDA, 5), values=(NO, NO, YES))
    report = one(result, "spy_report")
    assert (report.success, report.returned) == (True, 3)
    assert result.state.province(1).spy == 8
    assert result.state.player(2).eff == 48  # one success, one effect


def test_when_every_spy_fails_none_return() -> None:
    """Ruling: spies who fail the mission are lost."""
    result = operate(setup(), spy(1, 2, PROPAGANDA, 3), values=(NO,))
    report = one(result, "spy_report")
    assert (report.success, report.returned) == (False, 0)
    assert result.state.province(1).spy == 7
    assert result.state.player(2).eff == 50


# --- the five operations ----------------------------------------------------------------


def test_spy_province_shows_its_full_contents() -> None:
    """ "1 Spy Province. See the full contents of the target province." - as it is in phase
    10 (its 50 POP grown to 60)."""
    state = setup(pop=50, wok=8, arm=3, lev=1500, dfn=4, mis=2, aim="MIN")
    result = operate(state, spy(1, 2, SPY_PROVINCE, 1), values=(YES,))
    report = one(result, "spy_report")
    assert report.success
    assert report.provinces == (result.state.province(2).to_dict(),)
    seen = report.provinces[0]
    assert (seen["owner"], seen["pop"], seen["wok"], seen["arm"], seen["aim"]) == (
        2,
        60,
        8,
        3,
        "MIN",
    )
    assert (seen["lev"], seen["def"], seen["mis"]) == (1.5, 0.4, 2)


def test_spy_player_shows_the_empire_totals() -> None:
    """ "2 Spy Player. See the total POP, WOK, ARM, MIS and SPY, along with the average LEV
    and DEF for the player's empire, but not any province specific breakdown. Also see the
    player's EFF, GOLD and Tech Level." - 60 + 115 POP, 40 armies averaging 1.250, DEF 0.4
    and 1.0 averaging 0.7."""
    state = setup(pop=50, arm=10, lev=2000, dfn=4, mis=3)
    empty(state, 20, 2, pop=100, arm=30, lev=1000, dfn=10, spy=1)
    state.player(2).gold = 123
    state.player(2).tech = 2
    result = operate(state, spy(1, 2, SPY_PLAYER, 1), values=(YES,))
    report = one(result, "spy_report")
    assert report.provinces == ()
    assert report.empire == {
        "provinces": 2,
        "pop": 175,
        "wok": 0,
        "arm": 40,
        "lev": "1.250a",
        "dfn": "0.7a",
        "mis": 3,
        "spy": 1,
        "eff": 50,
        "gold": 123,
        "tech": 2,
    }


def test_propaganda_costs_the_owner_two_eff() -> None:
    """ "3 Spread Propaganda. Reduce the province owner's EFF by 2 points."."""
    result = operate(setup(), spy(1, 2, PROPAGANDA, 1), values=(YES,))
    assert result.state.player(2).eff == 48
    assert (one(result, "spy_report").effect, one(result, "spied_upon").effect) == (2, 2)


def test_propaganda_stops_at_one_percent() -> None:
    """EFF never falls below 1%: at 3, entropy takes 2 and propaganda nothing more."""
    state = setup()
    state.player(2).eff = 3
    result = operate(state, spy(1, 2, PROPAGANDA, 1), values=(YES,))
    assert result.state.player(2).eff == 1
    assert one(result, "spy_report").effect == 0


def test_false_orders_stop_the_workers_until_the_aim_changes() -> None:
    """ "4 False Orders. Stop the workers in the province from doing anything until their
    AIM is changed." - turn 6: the 16 miners have mined (phase 4) before the spies came
    (phase 10); turn 7: they do nothing, and their owner changes the aim (phase 8, after
    working); turn 8: they work at the new aim."""
    state = setup(wok=16, aim="MIN")
    first = operate(state, spy(1, 2, FALSE_ORDERS, 1), values=(YES,))
    assert one(first, "spy_report").success
    assert first.state.province(2).idle
    assert first.state.player(2).gold == 16
    second = run_standard(
        first.state, orders(1), orders(2, aim=[{"province": 2, "aim": "DEF"}]), seed=1
    )
    assert second.state.player(2).gold == 16
    assert not second.state.province(2).idle
    assert second.state.province(2).dfn == 0
    third = run_standard(second.state, orders(1), orders(2), seed=1)
    assert third.state.province(2).dfn == 2


def test_false_orders_last_while_the_same_aim_is_given() -> None:
    """ "until their AIM is changed" - naming the aim the province already has is no change
    (ruling), so the workers stay idle."""
    state = setup(wok=16, aim="MIN")
    first = operate(state, spy(1, 2, FALSE_ORDERS, 1), values=(YES,))
    second = run_standard(
        first.state, orders(1), orders(2, aim=[{"province": 2, "aim": "MIN"}]), seed=1
    )
    assert second.state.province(2).idle
    third = run_standard(second.state, orders(1), orders(2), seed=1)
    assert third.state.player(2).gold == 16


def test_steal_gold_each_spy_steals_ten() -> None:
    """ "5 Steal Gold. Every spy used will steal 10 gold." and "For Steal Gold, each spy will
    attempt to steal in turn." - of three spies the first and third succeed: 20 gold; they
    return (ruling), the one who failed is lost."""
    state = setup()
    state.player(2).gold = 25
    result = operate(state, spy(1, 2, STEAL_GOLD, 3), values=(YES, NO, YES))
    report = one(result, "spy_report")
    assert (report.success, report.effect, report.returned) == (True, 20, 2)
    assert (result.state.player(1).gold, result.state.player(2).gold) == (20, 5)
    assert result.state.province(1).spy == 9


def test_steal_gold_takes_only_what_is_there() -> None:
    """ "You will only gain gold that is there to steal!" - 15 gold, three thieves: 10, 5,
    then nothing (the third, successful all the same, comes home)."""
    state = setup()
    state.player(2).gold = 15
    result = operate(state, spy(1, 2, STEAL_GOLD, 3), values=(YES,))
    report = one(result, "spy_report")
    assert (report.effect, report.returned) == (15, 3)
    assert (result.state.player(1).gold, result.state.player(2).gold) == (15, 0)


def test_false_orders_are_told_under_the_province_table_until_the_aim_changes() -> None:
    """A player's trial: after the turn the spies came, a report said only 'in 1 province
    they followed false orders and did nothing', never which; and the AOF line giving the
    aim the province had ('already has the aim MIN') did not say the workers stay idle. The
    report names the province under YOUR PROVINCES while its workers idle, and the
    confirmation says a line of the same aim is no change."""
    state = setup(wok=16, aim="MIN")
    first = operate(state, spy(1, 2, FALSE_ORDERS, 1), values=(YES,))
    second = run_standard(first.state, orders(1), orders(2), seed=1)
    assert second.state.province(2).idle
    events = [e.to_dict() for e in second.events]
    report = " ".join(report_text(RULESET, CONFIG, second.state, events, 2, aof="").split())
    assert (
        "False orders: the workers of 2 Prov2 (aim MIN) do nothing until you give the province"
        " another aim on your form (WORKERS' AIM): the aim it has is no change." in report
    )
    assert "they followed false orders and did nothing" in report
    theirs = report_text(RULESET, CONFIG, second.state, events, 1, aof="")
    assert "False orders" not in theirs
    entries, bad, problems = RULESET.entries_from_dict(
        {"player": 2, "turn": 3, "aim": [{"province": 2, "aim": "MIN"}]}
    )
    assert (bad, problems) == ([], [])
    (verdict,) = RULESET.accept(entries, second.state, 2).verdicts
    assert verdict.reason == (
        "note: province 2 Prov2 already has the aim MIN: this is no change, so its workers go on"
        " following the false orders; give it another aim to set them working"
    )
    third = run_standard(
        second.state, orders(1), orders(2, aim=[{"province": 2, "aim": "DEF"}]), seed=1
    )
    events = [e.to_dict() for e in third.events]
    assert "False orders" not in report_text(RULESET, CONFIG, third.state, events, 2, aof="")


def test_thieves_who_find_no_gold_are_told_so() -> None:
    """ "You will only gain gold that is there to steal!": thieves in a player's province
    who had no gold read 'SUCCESS, 0 gold stolen', and he 'a success: ...; 0 gold stolen'.
    Both say there was no gold to steal."""
    state = setup()
    state.player(2).gold = 0
    result = operate(state, spy(1, 2, STEAL_GOLD, 2), values=(YES,))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    theirs = " ".join(report_text(RULESET, CONFIG, result.state, events, 2, aof="").split())
    assert "SUCCESS, no gold to steal there." in mine
    assert "; they found no gold to steal." in theirs
    assert "0 gold stolen" not in mine + theirs


def test_the_report_says_failed_spies_do_not_come_home() -> None:
    """ "Successful spies return to their source province": the spymaster's line said
    '3 arrived, 0 caught, 0 came home; FAILED', as if three spies vanished without a
    reason. It says the spies who failed their mission were lost (the ruling), keeping
    the numbers."""
    result = operate(setup(), spy(1, 2, PROPAGANDA, 3), values=(NO,))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    assert (
        "3 arrived, 0 caught, 0 came home: 3 failed the mission and are lost "
        "(a spy who fails does not come home); FAILED." in mine
    )


def test_the_report_says_how_many_failed_before_one_succeeded() -> None:
    """Two fail, the third succeeds: 3 of 5 come home, and the line says the 2 lost."""
    result = operate(setup(), spy(1, 2, PROPAGANDA, 5), values=(NO, NO, YES))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    assert (
        "5 arrived, 0 caught, 3 came home: 2 failed the mission and are lost "
        "(a spy who fails does not come home); SUCCESS" in mine
    )


def test_the_report_says_nothing_lost_when_all_come_home() -> None:
    result = operate(setup(), spy(1, 2, PROPAGANDA, 2), values=(YES,))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    assert "2 arrived, 0 caught, 2 came home; SUCCESS" in mine
    assert "failed the mission" not in mine


def test_the_report_says_the_spies_lost_on_the_way() -> None:
    """ "Each spy individually has an EFF% chance of reaching the target": those that do
    not are lost. The line said '2 arrived' of 3 and no more of the third."""
    state = setup()
    state.player(1).eff = 52
    state.player(2).eff = 53
    empty(state, 9, 1, spy=5)
    empty(state, 10, 2)
    result = operate(state, spy(1, 10, PROPAGANDA, 3), values=(0.495, 0.505, YES, YES))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    assert "long range: 2 arrived (1 lost on the way), 0 caught, 2 came home;" in mine


def test_propaganda_s_eff_is_told_in_percent_to_both_sides() -> None:
    """The spymaster read ``SUCCESS, their EFF -2.``, a number without its unit, where the
    victim read ``propaganda cost you 2% EFF``: both say it in percent, as EFF is."""
    result = operate(setup(), spy(1, 2, PROPAGANDA, 3), values=(YES,) * 4)
    spymaster, victim = (" ".join(report(result, p).split()) for p in (1, 2))
    assert "SUCCESS, their EFF -" in spymaster and "propaganda cost you" in victim
    lost = victim.split("propaganda cost you ")[1].split("%")[0]
    assert f"SUCCESS, their EFF -{lost}%." in spymaster
