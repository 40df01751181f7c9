"""PHASE I - bombing: range, hit chance, the four kinds of hits, detection (manual v2.50).

Random draws in PHASE I, in order: for every missile one ``chance`` (hit or miss); on a
hit one ``roll`` for the kind (0 armies, 1 spies, 2 defense, 3 tech) and, except for a
defense hit, one ``roll`` for the amount; after the missiles, one ``chance`` for
detection when the target has an owner. ``roll(3)`` is ``int(v * 4)``: v < .25 armies,
< .5 spies, < .75 defense, else tech. Armies/spies amount: ``1 + int(v * 5)``; tech:
``5 + int(v * 9)``. No later phase draws anything here until the new OoP is shuffled.
"""

from __future__ import annotations

from typing import Any

from tests.rules.builders import FixedRng, bomb, empty, kinds, make_state, one, orders, run
from tests.rules.wok4.test_spying import CONFIG
from tests.shipped import WOK4 as RULESET
from wtg.core.orders import RawEntry
from wtg.core.ruleset import TurnResult
from wtg.game.report import report_text
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.reach import bomb_range

MISS = 0.99
HIT = 0.0
ARMIES, SPIES, DEFENSE, TECH = 0.1, 0.3, 0.6, 0.8
LEAST, MOST = 0.0, 0.99  # amount rolls: 1 (or 5 tech) and 5 (or 13 tech)


def duel(eff: int = 80, missiles: int = 10, players: int = 2) -> WokState:
    """Player 1 in province 1 with missiles; nothing else changes there during the turn."""
    state = make_state(players=players)
    state.player(1).eff = eff
    empty(state, 1, 1, mis=missiles)
    return state


def fire(
    state: WokState, *bombs: dict[str, int], values: tuple[float, ...]
) -> TurnResult[WokState]:
    return run(state, orders(1, bomb=list(bombs)), rng=FixedRng(*values))


def only_run(result: TurnResult[WokState]) -> Any:
    return one(result, "bombing_run")


# --- range and hit chance ---------------------------------------------------------------


def test_short_range_chance_is_the_eff_level() -> None:
    """ "attack a neighbour : 80% chance (your current EFF Level)"."""
    state = duel(eff=80)
    empty(state, 2, 2, arm=10)
    # missile 1: 79.5 < 80 hits armies for 1; missile 2: 80.5 misses; detection 50 >= 1
    result = fire(state, bomb(1, 2, 2), values=(0.795, ARMIES, LEAST, 0.805, 0.5))
    report = only_run(result)
    assert (report.chance, report.long_range) == (80, False)
    assert (report.armies, report.misses) == (1, 1)
    assert result.state.province(2).arm == 9


def test_long_range_chance_is_three_quarters_of_eff() -> None:
    """ "attack at long-range : 60% chance (3/4 of 80%)"."""
    state = duel(eff=80)
    empty(state, 4, 2, arm=10)  # 4 is not next to 1, but numbered within +3
    result = fire(state, bomb(1, 4, 2), values=(0.595, ARMIES, LEAST, 0.605, 0.5))
    report = only_run(result)
    assert (report.chance, report.long_range) == (60, True)
    assert (report.armies, report.misses) == (1, 1)
    assert result.state.province(4).arm == 9


def test_long_range_chance_is_rounded_down() -> None:
    """Ruling: the long-range chance is EFF*3//4 (3/4 of 97% = 72.75% -> 72%)."""
    state = duel(eff=97)
    empty(state, 4, 0)
    result = fire(state, bomb(1, 4, 2), values=(0.725, 0.715, DEFENSE, MISS))
    report = only_run(result)
    assert report.chance == 72
    assert report.misses == 1  # 72.5 is not under 72
    assert report.dfn == 0  # the second missile hit the defenses of an empty province


def test_neighbour_within_three_numbers_is_short_range() -> None:
    """Ruling: a neighbour that is also numbered -3..+3 is a short-range attack (the
    better chance)."""
    state = duel(eff=80)
    empty(state, 2, 0)  # next to 1 and numbered 1 + 1
    assert bomb_range(state, 1, 2) == "short"
    report = only_run(fire(state, bomb(1, 2, 1), values=(MISS,)))
    assert (report.chance, report.long_range) == (80, False)


def test_neighbour_numbered_far_away_is_short_range() -> None:
    """ "You can choose to bomb a neighbouring province (called a short-range attack)"."""
    state = duel(eff=80)
    empty(state, 6, 0)  # below 1 on the grid: a neighbour numbered 1 + 5
    report = only_run(fire(state, bomb(1, 6, 1), values=(MISS,)))
    assert (report.chance, report.long_range, report.target) == (80, False, 6)


def test_long_range_is_by_province_number() -> None:
    """ "province 40 can bomb its neighbours and also provinces 37-39 and 41-43"."""
    state = make_state()
    reach = {pid: bomb_range(state, 10, pid) for pid in range(1, 21)}
    assert {pid for pid, r in reach.items() if r == "short"} == {5, 9, 15}
    assert {pid for pid, r in reach.items() if r == "long"} == {7, 8, 11, 12, 13}
    assert {pid for pid, r in reach.items() if r is None} == (
        set(range(1, 21)) - {5, 7, 8, 9, 11, 12, 13, 15}
    )


def test_highest_province_reaches_only_lower_numbers() -> None:
    """ "province 60 might only attack its neighbours and provinces 57-59 as no provinces
    higher than 60 exist" - here province 20 of 20."""
    state = duel(eff=80)
    state.province(1).owner = 0
    empty(state, 20, 1, mis=10)
    for pid in (15, 16, 17, 18, 19):
        empty(state, pid, 0)
    result = fire(
        state,
        bomb(20, 17, 1),
        bomb(20, 18, 1),
        bomb(20, 19, 1),
        bomb(20, 15, 1),
        bomb(20, 16, 1),
        values=(MISS,),
    )
    runs = kinds(result, "bombing_run")
    assert [(r.target, r.long_range) for r in runs] == [
        (17, True),
        (18, True),
        (19, False),
        (15, False),
    ]
    assert [s.order for s in kinds(result, "order_skipped")] == ["bomb 16 from 20 with 1 missile"]
    assert result.state.province(20).mis == 6
    # there is no province 21..23 to aim at: such an order is refused on arrival
    entries = [RawEntry("bomb", bomb(20, pid, 1), n) for n, pid in enumerate((21, 23), 1)]
    verdicts = RULESET.accept(entries, state, 1).verdicts
    assert [v.accepted for v in verdicts] == [False, False]
    assert all("there is no province" in v.reason for v in verdicts)


def test_out_of_range_target_is_skipped_and_keeps_the_missiles() -> None:
    """ "a province which has a number of -3 to +3 to your provinces number" - province 5 is
    neither a neighbour of 1 nor within 3 of its number."""
    state = duel(eff=80, missiles=7)
    empty(state, 5, 2, arm=10)
    result = fire(state, bomb(1, 5, 7), values=(HIT, ARMIES, MOST, HIT))
    assert kinds(result, "bombing_run") == []
    skipped = kinds(result, "order_skipped")
    assert [(s.phase, s.reason) for s in skipped] == [
        ("I bombing", "province 5 Prov5 is out of range")
    ]
    assert result.state.province(1).mis == 7
    assert result.state.province(5).arm == 10


# --- the four kinds of hits ---------------------------------------------------------------


def test_army_hits_kill_one_to_five_armies_each() -> None:
    """ "armies - will go for 1-5 armies/missile"."""
    state = duel()
    empty(state, 2, 2, arm=20)
    result = fire(state, bomb(1, 2, 2), values=(HIT, ARMIES, LEAST, HIT, ARMIES, MOST, MISS))
    report = only_run(result)
    assert report.armies == 1 + 5
    assert result.state.province(2).arm == 14


def test_spy_hits_kill_one_to_five_spies_each() -> None:
    """ "spies - will try to kill 1-5 spies/missile"."""
    state = duel()
    empty(state, 2, 2, spy=20)
    result = fire(state, bomb(1, 2, 2), values=(HIT, SPIES, LEAST, HIT, SPIES, MOST, MISS))
    report = only_run(result)
    assert report.spies == 6
    assert result.state.province(2).spy == 14


def test_defense_hits_take_0_1_each() -> None:
    """ "defenses - can reduce the provinces defenses by 0.1/missile"."""
    state = duel()
    empty(state, 2, 2, dfn=5)
    # a defense hit draws no amount: the third value is already the next missile
    result = fire(state, bomb(1, 2, 3), values=(HIT, DEFENSE, HIT, DEFENSE, MISS, MISS))
    report = only_run(result)
    assert (report.dfn, report.misses) == (2, 1)
    assert result.state.province(2).dfn == 3


def test_tech_hits_take_5_to_13_points_each() -> None:
    """ "tech level - can reduce the opponenets tech points by 5-13 points/missile"."""
    state = duel()
    state.player(2).tech = 100
    empty(state, 2, 2)
    result = fire(state, bomb(1, 2, 2), values=(HIT, TECH, LEAST, HIT, TECH, MOST, MISS))
    report = only_run(result)
    assert report.tech == 5 + 13
    assert result.state.player(2).tech == 82
    suffered = kinds(result, "bombing_suffered")[0]
    assert suffered.tech == 18


def test_tech_hit_on_a_neutral_province_does_nothing() -> None:
    """Ruling: a tech hit on a neutral province does nothing (neutrals have no tech points);
    it draws no amount and there is no detection roll for a neutral."""
    state = duel()
    empty(state, 2, 0, arm=10)
    result = fire(state, bomb(1, 2, 2), values=(HIT, TECH, HIT, ARMIES, LEAST, MISS))
    report = only_run(result)
    assert (report.tech, report.armies, report.misses) == (0, 1, 0)
    assert result.state.province(2).arm == 10 - 1 + 2  # +2 neutral recruits in PHASE IV
    assert kinds(result, "bombing_suffered") == []


def test_a_hit_never_takes_more_than_there_is() -> None:
    """ "Destroying or stealing can of course only be successful up to the number of units in
    the target" - 5 armies asked of 2, 5 spies of 1, 0.1 DEF of 0.0, 13 tech of 3."""
    state = duel()
    state.player(2).tech = 3
    empty(state, 2, 2, arm=2, spy=1, dfn=0)
    result = fire(
        state,
        bomb(1, 2, 4),
        values=(HIT, ARMIES, MOST, HIT, SPIES, MOST, HIT, DEFENSE, HIT, TECH, MOST, MISS),
    )
    report = only_run(result)
    assert (report.armies, report.spies, report.dfn, report.tech) == (2, 1, 0, 3)
    target = result.state.province(2)
    assert (target.arm, target.spy, target.dfn) == (0, 0, 0)
    assert result.state.player(2).tech == 0
    assert target.owner == 2  # bombing never conquers


# --- missiles used ------------------------------------------------------------------------


def test_missiles_are_used_even_when_they_all_miss() -> None:
    """ "Every missile launched will SEPARATELY have a chance to hit the Target" - a missile
    launched is gone, hit or miss."""
    state = duel(missiles=10)
    empty(state, 2, 2, arm=10)
    result = fire(state, bomb(1, 2, 4), values=(MISS,))
    report = only_run(result)
    assert (report.missiles, report.misses) == (4, 4)
    assert result.state.province(1).mis == 6
    assert result.state.province(2).arm == 10


def test_more_missiles_than_present_fires_them_all() -> None:
    """ "If you enter a number greater than what you actually have in possession (i.e. you
    want to use 14 missiles but only have 11 in the province) ALL of your items will be
    used"."""
    state = duel(missiles=11)
    empty(state, 2, 2, arm=50)
    # 11 hits on armies, one army each, then detection fails
    result = fire(state, bomb(1, 2, 14), values=(HIT, ARMIES, LEAST) * 11 + (MISS,))
    report = only_run(result)
    assert (report.missiles, report.armies) == (11, 11)
    assert result.state.province(1).mis == 0
    assert result.state.province(2).arm == 39


def test_no_missiles_left_is_skipped_and_nothing_is_lost() -> None:
    """ "If you enter an invalid number or no number at all, usually nothing will happen" -
    a province without missiles fires nothing."""
    state = duel(missiles=0)
    empty(state, 2, 2, arm=10, spy=4)
    result = fire(state, bomb(1, 2, 5), values=(HIT, ARMIES, MOST))
    assert kinds(result, "bombing_run") == [] and kinds(result, "bombing_suffered") == []
    assert [s.reason for s in kinds(result, "order_skipped")] == [
        "no missiles left in province 1 Prov1"
    ]
    assert result.state.province(1).mis == 0
    assert (result.state.province(2).arm, result.state.province(2).spy) == (10, 4)


def test_later_order_finds_the_missiles_spent_by_an_earlier_one() -> None:
    """ "You can even bomb the same province more than once" - and the orders are processed
    one by one, so the second order fires what the first left."""
    state = duel(missiles=5)
    empty(state, 2, 2, arm=20)
    result = fire(state, bomb(1, 2, 3), bomb(1, 2, 3), values=(MISS,))
    assert [r.missiles for r in kinds(result, "bombing_run")] == [3, 2]
    assert len(kinds(result, "bombing_suffered")) == 2
    assert result.state.province(1).mis == 0


def test_bombing_your_own_province_is_skipped() -> None:
    """Ruling: bombing a province you own is skipped and no missile is fired."""
    state = duel(missiles=5)
    empty(state, 2, 1, arm=10)
    result = fire(state, bomb(1, 2, 5), values=(HIT, ARMIES, MOST))
    assert kinds(result, "bombing_run") == []
    assert [s.reason for s in kinds(result, "order_skipped")] == ["province 2 Prov2 is yours"]
    assert result.state.province(1).mis == 5
    assert result.state.province(2).arm == 10


def test_bombing_from_a_province_not_yours_is_skipped() -> None:
    """The missiles are "stocked" in a province: only its owner fires them."""
    state = duel(missiles=5)
    empty(state, 3, 2, mis=9)
    empty(state, 2, 2, arm=10)
    result = fire(state, bomb(3, 2, 5), values=(HIT, ARMIES, MOST))
    assert kinds(result, "bombing_run") == []
    assert [s.reason for s in kinds(result, "order_skipped")] == ["province 3 Prov3 is not yours"]
    assert result.state.province(3).mis == 9


def test_only_five_bombing_orders_count() -> None:
    """ "it is not possible to enter more than 5 actions of bombing a target"."""
    state = duel(missiles=10)
    empty(state, 2, 2)
    result = fire(state, *[bomb(1, 2, 1) for _ in range(6)], values=(MISS,))
    assert len(kinds(result, "bombing_run")) == 5
    assert result.state.province(1).mis == 5


# --- detection and who sees what ------------------------------------------------------------


def test_detection_reveals_source_and_bomber_to_the_victim() -> None:
    """ "Every defending province has a chance equal to the triple of its number of spies to
    detect the source of the bombing" - 10 spies: 30%."""
    state = duel()
    empty(state, 2, 2, spy=10)
    result = fire(state, bomb(1, 2, 1), values=(MISS, 0.295))
    assert only_run(result).detected
    suffered = kinds(result, "bombing_suffered")[0]
    assert (suffered.province, suffered.source, suffered.bomber) == (2, 1, 1)


def test_undetected_bombing_hides_source_and_bomber() -> None:
    """ "The defending player has a chance to detect from where the missiles came" - when
    the 30% roll fails the victim learns only what was hit."""
    state = duel()
    empty(state, 2, 2, spy=10, arm=10)
    result = fire(state, bomb(1, 2, 1), values=(HIT, ARMIES, MOST, 0.305))
    assert not only_run(result).detected
    suffered = kinds(result, "bombing_suffered")[0]
    assert (suffered.source, suffered.bomber) == (0, 0)
    assert (suffered.province, suffered.missiles, suffered.armies) == (2, 1, 5)


def test_detection_counts_the_spies_before_the_hits() -> None:
    """Ruling: the detection chance is 3 x the target's spies BEFORE the hits - 10 spies give
    30% even after a hit killed 5 of them (15% would not detect a roll of 20)."""
    state = duel()
    empty(state, 2, 2, spy=10)
    result = fire(state, bomb(1, 2, 1), values=(HIT, SPIES, MOST, 0.2))
    assert result.state.province(2).spy == 5
    assert only_run(result).detected
    assert kinds(result, "bombing_suffered")[0].bomber == 1


def test_detection_chance_is_at_least_one_percent() -> None:
    """ "This % chance is equal to the triple number of spies in the province, but is at least
    1%"."""
    state = duel()
    empty(state, 2, 2, spy=0)
    assert only_run(fire(state, bomb(1, 2, 1), values=(MISS, 0.0099))).detected
    state = duel()
    empty(state, 2, 2, spy=0)
    assert not only_run(fire(state, bomb(1, 2, 1), values=(MISS, 0.0101))).detected


def test_detection_chance_is_at_most_99_percent() -> None:
    """Ruling: the detection chance is at most 99% (40 spies would give 120%)."""
    state = duel()
    empty(state, 2, 2, spy=40)
    assert only_run(fire(state, bomb(1, 2, 1), values=(MISS, 0.989))).detected
    state = duel()
    empty(state, 2, 2, spy=40)
    assert not only_run(fire(state, bomb(1, 2, 1), values=(MISS, 0.991))).detected


def test_bombing_reports_are_private() -> None:
    """The bomber's report goes to the bomber only and the victim's to the victim only; a
    third player sees neither, even when the source was detected."""
    state = duel(players=3)
    empty(state, 2, 2, arm=10, spy=10)
    empty(state, 3, 3)
    result = fire(state, bomb(1, 2, 2), values=(HIT, ARMIES, LEAST, MISS, 0.0))
    bomber = only_run(result)
    victim = kinds(result, "bombing_suffered")[0]
    assert bomber.visible_to == frozenset({1}) and not bomber.public
    assert victim.visible_to == frozenset({2}) and not victim.public
    assert victim.bomber == 1  # detected: the victim learns who it was ...
    seen_by_third = [e for e in result.events if e.seen_by(3) and "bomb" in e.kind]
    assert seen_by_third == []  # ... and nobody else learns anything
    assert not victim.seen_by(1)


def test_the_report_says_the_hits_that_found_nothing_to_destroy() -> None:
    """A hit "can at random hit only the following targets": armies, spies, defenses, tech
    points; a hit on what the province has none of takes nothing. '4 missiles, 0 missed;
    killed 2 ARM, 0 SPY, 0.1 DEF, 0 tech points' left the player to guess where two of
    his four hits went (a spy hit on a province without spies, a tech hit on a neutral),
    and an army hit may kill up to 5: the totals do not tell. The bomber's line counts
    them, as Standard's and Intermediate's do. Neutral province 2 holds 10 ARM and 0.3
    DEF: the hits strike armies (2), spies, defense and tech."""
    state = duel(eff=99)
    empty(state, 2, 0, arm=10, dfn=3)
    values = (HIT, ARMIES, 0.2, HIT, SPIES, LEAST, HIT, DEFENSE, HIT, TECH, LEAST)
    result = fire(state, bomb(1, 2, 4), values=values)
    run_event = only_run(result)
    assert (run_event.armies, run_event.spies, run_event.dfn, run_event.tech) == (2, 0, 1, 0)
    events = [e.to_dict() for e in result.events]
    report = " ".join(report_text(RULESET, CONFIG, result.state, events, 1, aof="").split())
    assert (
        "4 missiles, 0 missed; killed 2 ARM, 0.1 DEF; 2 hits found nothing there to destroy."
        in report
    )
    # "Every missile launched will SEPARATELY have a chance to hit": said as each one's
    # chance (it said '99% a missile', a chance of what the player had to guess)
    assert "short range, each missile 99% to hit: 4 missiles, 0 missed;" in report
