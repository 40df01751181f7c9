"""PHASE VI - spying and covert operations (manual v2.50, section 7 and PHASE VI).

Random draws in PHASE VI, in order, for every operation that runs: one ``chance`` for
success, one for catching (the target's spies in %), one for detecting the source
(triple that). A skipped order draws nothing. No earlier phase draws anything in these
tests (no bombs, no attacks), and the new OoP is shuffled after PHASE VI.

The usual setup: player 1 (EFF 50) owns province 1 only, player 2 (EFF 50) owns its
neighbour 2 and the far province 20; PHASE III entropy leaves them at 49 and 48 before
the spies go out.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.builders import (
    FixedRng,
    empty,
    grid_config,
    kinds,
    make_state,
    one,
    orders,
    run,
    spy,
)
from tests.shipped import WOK4 as RULESET
from wtg.core.ruleset import TurnResult
from wtg.game.report import report_text
from wtg.rules.wok.state import WokState

CONFIG = grid_config("wok4")
YES, NO = 0.0, 0.99
SPY_PROVINCE, SPY_PLAYER, SABOTAGE_MISSILES, SABOTAGE_DEFENSES, STEAL_POPULATION = 1, 2, 3, 4, 5


def duel(spies: int = 20, players: int = 2, **target: Any) -> WokState:
    state = make_state(players=players)
    state.player(1).eff = 50
    state.player(2).eff = 50
    empty(state, 1, 1, spy=spies)
    empty(state, 2, 2, **target)
    empty(state, 20, 2)
    return state


def operate(
    state: WokState, *ops: dict[str, int], values: tuple[float, ...]
) -> TurnResult[WokState]:
    return run(state, orders(1, spy=list(ops)), rng=FixedRng(*values))


# --- the chance of success ----------------------------------------------------------------


def test_spying_a_neighbour_is_eff_plus_two_per_spy() -> None:
    """ "Spy neighbor provinces : EFF Level +2% for every spy you use" - 49 + 2 x 5 = 59%."""
    ok = operate(duel(), spy(1, 2, SPY_PROVINCE, 5), values=(0.585, NO, NO))
    assert (one(ok, "spy_report").chance, one(ok, "spy_report").success) == (59, True)
    ko = operate(duel(), spy(1, 2, SPY_PROVINCE, 5), values=(0.595, NO, NO))
    assert (one(ko, "spy_report").chance, one(ko, "spy_report").success) == (59, False)


def test_spying_a_far_province_is_three_quarters_of_eff() -> None:
    """ "Spy other provinces (anywhere on the map) : 3/4 of your EFF Level" - 3/4 of 49%,
    rounded down, whatever the number of spies."""
    for spies in (1, 10):
        ok = operate(duel(), spy(1, 20, SPY_PROVINCE, spies), values=(0.355, NO, NO))
        assert (one(ok, "spy_report").chance, one(ok, "spy_report").success) == (36, True)
    ko = operate(duel(), spy(1, 20, SPY_PROVINCE, 5), values=(0.365, NO, NO))
    assert one(ko, "spy_report").success is False
    assert ko.state.province(1).spy == 15  # the spies are gone all the same


def test_spying_a_player_is_half_eff_plus_half_per_spy() -> None:
    """ "Spy a Player (MUST be a neighbor) and ALL his provinces : 1/2 EFF Level +0.5% for
    every spy used" - (49 + 5) / 2 = 27%."""
    ok = operate(duel(), spy(1, 2, SPY_PLAYER, 5), values=(0.265, NO, NO))
    assert (one(ok, "spy_report").chance, one(ok, "spy_report").success) == (27, True)
    ko = operate(duel(), spy(1, 2, SPY_PLAYER, 5), values=(0.275, NO, NO))
    assert one(ko, "spy_report").success is False


@pytest.mark.parametrize("op", [SABOTAGE_MISSILES, SABOTAGE_DEFENSES, STEAL_POPULATION])
def test_sabotage_and_theft_are_eff_minus_20(op: int) -> None:
    """ "Sabotage Missiles (neighboring province) : EFF Level -20%", "Sabotage Defenses
    (neighbour) : EFF Level -20%", "Steal Population (neighbor) : EFF Level -20%"."""
    held = {"pop": 100, "mis": 20, "dfn": 10}  # something to take: else no success
    ok = operate(duel(**held), spy(1, 2, op, 5), values=(0.285, NO, NO))
    assert (one(ok, "spy_report").chance, one(ok, "spy_report").success) == (29, True)
    ko = operate(duel(**held), spy(1, 2, op, 5), values=(0.295, NO, NO))
    assert one(ko, "spy_report").success is False


def test_success_chance_is_kept_between_1_and_99() -> None:
    """ "every order will separately have a chance of % (up to 99%)"; ruling: and at least
    1%."""
    state = duel(spies=20)
    state.player(1).eff = 99  # 98 after entropy + 2 x 20 = 138
    report = one(operate(state, spy(1, 2, SPY_PROVINCE, 20), values=(0.985, NO, NO)), "spy_report")
    assert (report.chance, report.success) == (99, True)
    state = duel(spies=20)
    state.player(1).eff = 99
    assert not one(
        operate(state, spy(1, 2, SPY_PROVINCE, 20), values=(0.995, NO, NO)), "spy_report"
    ).success
    state = duel(mis=20)
    state.player(1).eff = 10  # 9 after entropy - 20 = -11
    report = one(
        operate(state, spy(1, 2, SABOTAGE_MISSILES, 5), values=(0.0099, NO, NO)), "spy_report"
    )
    assert (report.chance, report.success) == (1, True)


# --- what the operations do -----------------------------------------------------------------


def test_sabotage_missiles_destroys_three_per_spy() -> None:
    """ "Sabotage Missiles ... If successful, every spy used will destroy 3 missiles"."""
    result = operate(duel(mis=20), spy(1, 2, SABOTAGE_MISSILES, 4), values=(YES, NO, NO))
    assert one(result, "spy_report").effect == 12
    assert one(result, "spied_upon").effect == 12
    assert result.state.province(2).mis == 8


def test_sabotage_missiles_destroys_no_more_than_there_are() -> None:
    """ "Destroying or stealing can of course only be successful up to the number of units in
    the target"."""
    result = operate(duel(mis=5), spy(1, 2, SABOTAGE_MISSILES, 4), values=(YES, NO, NO))
    assert one(result, "spy_report").effect == 5
    assert result.state.province(2).mis == 0


@pytest.mark.parametrize(("spies", "destroyed"), [(3, 2), (6, 4), (7, 4), (8, 4), (9, 6)])
def test_sabotage_defenses_destroys_0_2_per_three_spies(spies: int, destroyed: int) -> None:
    """ "Sabotage Defenses ... If successful, every 3 spies used in the attack will destroy 0.2
    defenses"."""
    result = operate(duel(dfn=10), spy(1, 2, SABOTAGE_DEFENSES, spies), values=(YES, NO, NO))
    assert one(result, "spy_report").effect == destroyed
    assert result.state.province(2).dfn == 10 - destroyed
    assert result.state.province(1).spy == 20 - spies


@pytest.mark.parametrize("spies", [1, 2])
def test_sabotage_defenses_with_too_few_spies_destroys_nothing_and_loses_them(
    spies: int,
) -> None:
    """ "If however you use spies and are not successful (like ... using less spies than
    required with a "sabotage defenses" order) your spies will be lost because the order was
    executable"."""
    result = operate(duel(dfn=10), spy(1, 2, SABOTAGE_DEFENSES, spies), values=(YES, NO, NO))
    report = one(result, "spy_report")
    assert (report.success, report.found_nothing, report.effect) == (False, True, 0)
    assert result.state.province(2).dfn == 10
    assert result.state.province(1).spy == 20 - spies


def test_sabotage_defenses_destroys_no_more_than_there_is() -> None:
    """ "Destroying or stealing can of course only be successful up to the number of units in
    the target"."""
    result = operate(duel(dfn=1), spy(1, 2, SABOTAGE_DEFENSES, 6), values=(YES, NO, NO))
    assert one(result, "spy_report").effect == 1
    assert result.state.province(2).dfn == 0


def test_steal_population_takes_15_per_spy_to_the_source() -> None:
    """ "Steal Population ... If successful, every spy used in the attack will steal 15
    population and bring them to the source province of the spying"."""
    result = operate(duel(pop=100), spy(1, 2, STEAL_POPULATION, 3), values=(YES, NO, NO))
    # PHASE IV growth first: 100 + 15% = 115; then 45 are stolen
    assert one(result, "spy_report").effect == 45
    assert result.state.province(2).pop == 115 - 45
    assert result.state.province(1).pop == 45


def test_steal_population_takes_no_more_than_there_is() -> None:
    """ "there is no sense in stealing population from a province that hasnt any" - 4 POP
    (too few to grow) against 3 thieves."""
    result = operate(duel(pop=4), spy(1, 2, STEAL_POPULATION, 3), values=(YES, NO, NO))
    assert one(result, "spy_report").effect == 4
    assert (result.state.province(2).pop, result.state.province(1).pop) == (0, 4)


def test_stolen_population_is_capped_at_999_in_the_source() -> None:
    """ "POP - The population (0-999)"; ruling: the thieves' share above 999 is lost."""
    state = duel(pop=200)
    state.province(1).pop = 990  # grows by 3% to 1019 -> 999 in PHASE IV
    result = operate(state, spy(1, 2, STEAL_POPULATION, 2), values=(YES, NO, NO))
    assert one(result, "spy_report").effect == 30
    assert result.state.province(2).pop == 220 - 30  # 200 + 10% growth, then the theft
    assert result.state.province(1).pop == 999


# --- spies used, and orders that cannot run -------------------------------------------------


@pytest.mark.parametrize("value", [YES, NO])
def test_spies_used_are_lost_whether_success_or_failure(value: float) -> None:
    """ "After an order for a spying operation was executed the spies used will be lost and
    disappear from your province" ... "then your spies will be gone for sure, no matter if
    the result is a success or not"."""
    result = operate(duel(spies=10), spy(1, 2, SPY_PROVINCE, 4), values=(value, NO, NO))
    assert one(result, "spy_report").spies == 4
    assert result.state.province(1).spy == 6


def test_more_spies_than_present_uses_them_all() -> None:
    """ "If you enter a number greater than what you actually have in possession ... ALL of
    your items will be used"."""
    result = operate(duel(spies=7), spy(1, 2, SABOTAGE_MISSILES, 50), values=(NO,))
    assert one(result, "spy_report").spies == 7
    assert result.state.province(1).spy == 0


def test_spying_on_a_neutral_province_is_skipped_and_costs_no_spies() -> None:
    """ "You are NOT allowed to conduct any spying operations against neutral provinces !"
    and "If you give orders that cannot be executed (like spying on a neutral province) NO
    spies will be lost"."""
    state = duel(spies=10)
    empty(state, 6, 0, pop=100, mis=20)
    result = operate(
        state, spy(1, 6, SPY_PROVINCE, 5), spy(1, 6, SABOTAGE_MISSILES, 5), values=(YES, NO, NO)
    )
    assert kinds(result, "spy_report") == [] and kinds(result, "spied_upon") == []
    assert len(kinds(result, "order_skipped")) == 2
    assert all("(no spies lost)" in s.reason for s in kinds(result, "order_skipped"))
    assert result.state.province(1).spy == 10
    assert result.state.province(6).mis == 20
    assert result.state.player(1).eff == 49  # entropy only


def test_spying_on_your_own_province_is_skipped_and_costs_no_spies() -> None:
    """ "it is NOT allowed to sabotage or spy on a neutral province or a province you own (but
    you will not lose any spies trying to do it)"."""
    state = duel(spies=10)
    empty(state, 6, 1, mis=20)
    result = operate(state, spy(1, 6, SABOTAGE_MISSILES, 5), values=(YES, NO, NO))
    assert kinds(result, "spy_report") == []
    assert [s.reason for s in kinds(result, "order_skipped")] == [
        "province 6 Prov6 is yours (no spies lost)"
    ]
    assert (result.state.province(1).spy, result.state.province(6).mis) == (10, 20)


@pytest.mark.parametrize("op", [SPY_PLAYER, SABOTAGE_MISSILES, SABOTAGE_DEFENSES, STEAL_POPULATION])
def test_operations_needing_a_neighbour_are_skipped_against_far_provinces(op: int) -> None:
    """ "2> spy a player (must be a neighbor, very risky) 3> sabotage missiles (must be a
    neighbor) 4> sabotage defenses (must be a neighbor) 5> steal population (must be a
    neighbor)" - skipped, so no spies lost."""
    state = duel(spies=10)
    empty(state, 20, 2, mis=20, dfn=10, pop=4)
    result = operate(state, spy(1, 20, op, 5), values=(YES, NO, NO))
    assert kinds(result, "spy_report") == []
    assert len(kinds(result, "order_skipped")) == 1
    assert result.state.province(1).spy == 10
    far = result.state.province(20)
    assert (far.mis, far.dfn, far.pop) == (20, 10, 4)


def test_only_five_spy_orders_count() -> None:
    """ "PHASE VI - spying & covert operations : ... Up to 5 of them can be ordered every
    turn"."""
    state = duel(spies=12)
    result = operate(state, *[spy(1, 2, SPY_PROVINCE, 2) for _ in range(6)], values=(NO,))
    reports = kinds(result, "spy_report")
    assert len(reports) == 5
    # each failure costs 2% EFF, so every next order has 2% less: 49 + 4, 47 + 4, ...
    assert [r.chance for r in reports] == [53, 51, 49, 47, 45]
    assert result.state.province(1).spy == 2
    assert result.state.player(1).eff == 39


# --- catching, detecting, who learns what -------------------------------------------------


def test_catching_chance_is_the_victims_spies() -> None:
    """ "If you are a victim of spy operations, you have a chance equal to your own number of
    spies in the province to catch some enemy spies" - 10 spies: 10%."""
    caught = operate(duel(spy=10), spy(1, 2, SPY_PROVINCE, 1), values=(YES, 0.095, NO))
    assert one(caught, "spy_report").caught and one(caught, "spied_upon").caught
    missed = operate(duel(spy=10), spy(1, 2, SPY_PROVINCE, 1), values=(YES, 0.105, NO))
    assert not one(missed, "spy_report").caught and not one(missed, "spied_upon").caught


def test_detection_chance_is_triple_the_victims_spies() -> None:
    """ "You have triple that chance to detect from where the spies came" - 10 spies: 30%."""
    seen = operate(duel(spy=10), spy(1, 2, SPY_PROVINCE, 1), values=(YES, NO, 0.295))
    assert one(seen, "spy_report").detected
    unseen = operate(duel(spy=10), spy(1, 2, SPY_PROVINCE, 1), values=(YES, NO, 0.305))
    assert not one(unseen, "spy_report").detected


def test_a_province_without_spies_never_detects_the_spies() -> None:
    """ "you have a chance equal to your own number of spies in the province to catch some
    enemy spies. You have triple that chance to detect from where the spies came" - 0 spies:
    0% to catch, 3 x 0 = 0% to detect (the "at least 1%" is said of bombing only)."""
    result = operate(duel(spy=0), spy(1, 2, SPY_PROVINCE, 1), values=(NO, 0.0, 0.0))
    assert not one(result, "spy_report").caught
    assert not one(result, "spy_report").detected
    assert one(result, "spied_upon").source == 0


def test_the_victim_learns_the_source_only_when_detected() -> None:
    """ "You have triple that chance to detect from where the spies came" - otherwise the
    victim's report names neither the province nor the player."""
    seen = one(
        operate(duel(spy=10), spy(1, 2, SABOTAGE_MISSILES, 1), values=(YES, NO, 0.0)), "spied_upon"
    )
    assert (seen.province, seen.op, seen.source, seen.spymaster) == (2, 3, 1, 1)
    unseen = one(
        operate(duel(spy=10), spy(1, 2, SABOTAGE_MISSILES, 1), values=(YES, NO, NO)), "spied_upon"
    )
    assert (unseen.province, unseen.op, unseen.source, unseen.spymaster) == (2, 3, 0, 0)


def test_the_victims_report_names_the_operation() -> None:
    """Ruling 12: the victim always learns of an operation against it (what kind, whether it
    succeeded, what it lost, whether it caught spies). His report said ``they succeeded``
    with no word of which of the five operations it was."""
    result = operate(duel(spy=10), spy(1, 2, SPY_PLAYER, 1), values=(YES, NO, NO))
    events = [e.to_dict() for e in result.events]
    victim = report_text(RULESET, CONFIG, result.state, events, 2, aof="")
    assert "- Enemy spies in 2 Prov2, operation 2 (spy a player): they succeeded." in victim
    failed = operate(duel(spy=10), spy(1, 2, STEAL_POPULATION, 1), values=(NO, NO, NO))
    events = [e.to_dict() for e in failed.events]
    victim = report_text(RULESET, CONFIG, failed.state, events, 2, aof="")
    assert "operation 5 (steal population): they failed." in victim
    # whose EFF: 'they failed. EFF +1%.' read as the spies' own
    words = " ".join(victim.split())
    assert "operation 5 (steal population): they failed. Your EFF +" in words


def test_spying_a_province_reveals_its_row_to_the_spy_only() -> None:
    """ "1> spy on a neighbor or on any province" - a success shows the spymaster the
    province's data; the victim and third players do not get it."""
    state = duel(players=3, pop=77, arm=33, mis=9, spy=4, dfn=12)
    empty(state, 13, 3)
    result = operate(state, spy(1, 2, SPY_PROVINCE, 1), values=(YES, NO, NO))
    report = one(result, "spy_report")
    assert report.provinces == (result.state.province(2).to_dict(),)
    assert report.provinces[0]["arm"] == 33
    assert report.visible_to == frozenset({1}) and not report.public
    assert (report.target_eff, report.target_tech) == (0, 0)
    victim = one(result, "spied_upon")
    assert victim.visible_to == frozenset({2}) and not hasattr(victim, "provinces")
    assert [
        e for e in result.events if e.seen_by(3) and e.kind in ("spy_report", "spied_upon")
    ] == []
    failed = operate(duel(), spy(1, 2, SPY_PROVINCE, 1), values=(NO, NO, NO))
    assert one(failed, "spy_report").provinces == ()


def test_spying_a_player_reveals_all_provinces_eff_and_tech() -> None:
    """ "Spy a Player (MUST be a neighbor) and ALL his provinces"; the player data includes his
    effectiveness and tech points."""
    state = duel()
    state.player(2).tech = 123
    empty(state, 7, 2, arm=8)
    result = operate(state, spy(1, 2, SPY_PLAYER, 5), values=(YES, NO, NO))
    report = one(result, "spy_report")
    assert [p["id"] for p in report.provinces] == [2, 7, 20]
    assert report.provinces == tuple(result.state.province(p).to_dict() for p in (2, 7, 20))
    assert report.target_tech == 123
    # the spy sees the EFF as it was before his own operation took its 2%
    assert report.target_eff == 50 - 3
    assert result.state.player(2).eff == 50 - 3 - 2
    failed = one(operate(duel(), spy(1, 2, SPY_PLAYER, 5), values=(NO, NO, NO)), "spy_report")
    assert (failed.provinces, failed.target_eff, failed.target_tech) == ((), 0, 0)


# --- EFF won and lost -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "values", "mine", "theirs"),
    [
        (SPY_PROVINCE, (YES, NO, NO), +2, -2),  # success: victim -2%
        (SPY_PROVINCE, (YES, 0.05, NO), +2, -1),  # "less if he catches a spy
        (SPY_PROVINCE, (YES, NO, 0.2), +2, -1),  # or detects the source"
        (SPY_PROVINCE, (YES, 0.05, 0.2), +2, 0),
        (SPY_PROVINCE, (NO, NO, NO), -2, +1),  # failures cause the level to drop
        (SABOTAGE_DEFENSES, (YES, NO, NO), -2, +1),  # no defense there: not successful
        (STEAL_POPULATION, (NO, 0.05, 0.2), -2, +1),
        (SPY_PLAYER, (YES, NO, NO), +4, -2),
        (SPY_PLAYER, (NO, NO, NO), -6, +3),  # "could cost some 6% EFF or more"
    ],
)
def test_eff_changes_of_spying(op: int, values: tuple[float, ...], mine: int, theirs: int) -> None:
    """ "All successful spying or anti-spying operations will increase your effectiveness
    level, all failures will cause the level to drop" and "will now only decrease the enemys
    EFF by 2% (less if he catches a spy or detects the source). However spying the entire
    Player Data is now even more risky and could cost some 6% EFF or more (and the enemy also
    gets a nice EFF bonus)". Ruling: the numbers are EFF_SPY_* / EFF_VICTIM_*."""
    state = duel(spy=10)  # the victim catches under 10% and detects under 30%
    state.province(20).owner = 0  # player 2 keeps one province: 50 - 1 = 49 after entropy
    result = operate(state, spy(1, 2, op, 3), values=values)
    assert one(result, "spy_report").eff_change == mine
    assert one(result, "spied_upon").eff_change == theirs
    assert result.state.player(1).eff == 49 + mine
    assert result.state.player(2).eff == 49 + theirs


def test_eff_stays_within_1_and_99() -> None:
    """ "The maximum level is 99%, the minimum level is 1%"."""
    state = duel(spy=10)
    state.province(20).owner = 0
    state.player(1).eff = 2  # 1 after entropy; a failure (-6) would take it below 1
    state.player(2).eff = 99  # 98 after entropy; the victim's +3 would pass 99
    result = operate(state, spy(1, 2, SPY_PLAYER, 1), values=(NO, NO, NO))
    assert (result.state.player(1).eff, result.state.player(2).eff) == (1, 99)


@pytest.mark.parametrize(
    ("op", "spies", "target", "mine", "theirs"),
    [
        (
            STEAL_POPULATION,
            3,
            {},
            "FAILED: no population there to steal. EFF -2%.",
            "they failed, finding no population to steal.",
        ),
        (
            SABOTAGE_MISSILES,
            3,
            {},
            "FAILED: no missiles there to destroy. EFF -2%.",
            "they failed, finding no missiles to destroy.",
        ),
        (
            SABOTAGE_DEFENSES,
            2,
            {"dfn": 10},
            "FAILED: too few spies to destroy defense (0.2 for every 3). EFF -2%.",
            "they failed, destroying no defense.",
        ),
    ],
)
def test_a_sabotage_or_theft_that_takes_nothing_is_not_successful(
    op: int, spies: int, target: dict[str, int], mine: str, theirs: str
) -> None:
    """ "If however you use spies and are not successful (like stealing Population from a
    province that hasnt any or using less spies than required with a "sabotage defenses"
    order) your spies will be lost" and "all failures will cause the level to drop". The
    spymaster read `SUCCESS, 0 population stolen. EFF +2%.` and won 2% EFF, the victim
    lost 2% (`they succeeded, 0 population stolen`): the text calls it no success."""
    state = duel(spy=1, **target)  # the victim catches under 1%, detects under 3%
    state.province(20).owner = 0  # player 2 keeps one province: 50 - 1 = 49 after entropy
    result = operate(state, spy(1, 2, op, spies), values=(YES, NO, NO))
    assert (result.state.player(1).eff, result.state.player(2).eff) == (49 - 2, 49 + 1)
    report = one(result, "spy_report")
    assert (report.success, report.found_nothing, report.effect) == (False, True, 0)
    assert result.state.province(1).spy == 20 - spies  # lost: "the order was executable"
    events = [e.to_dict() for e in result.events]
    spymaster = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    victim = " ".join(report_text(RULESET, CONFIG, result.state, events, 2, aof="").split())
    assert mine in spymaster
    assert theirs + " Your EFF +1%." in victim


@pytest.mark.parametrize("value", [YES, NO])
def test_the_report_says_the_spies_used_are_spent(value: float) -> None:
    """ "After an order for a spying operation was executed the spies used will be lost and
    disappear from your province": the spymaster read 'Spies (4) from 1 on 2 ...: SUCCESS.
    EFF +2%.' and nothing of the four, where a line not executed says '(no spies lost)' and
    Standard's report says how many came home. The line says they are spent, won or
    lost."""
    result = operate(duel(spies=10), spy(1, 2, SPY_PROVINCE, 4), values=(value, NO, NO))
    events = [e.to_dict() for e in result.events]
    report = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    outcome = "SUCCESS" if value == YES else "FAILED"
    assert f"chance: {outcome}. EFF " in report
    assert "%. 4 spies spent (used spies are lost)." in report
