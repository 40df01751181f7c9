"""Standard WoK, phase 1 - bombing: range, hit chance, what a hit destroys, the limits.

Random draws in phase 1, in order: for every missile one ``chance`` (hit or miss); on a
hit one ``roll(2)`` for the kind, ``int(v * 3)``: v < 1/3 one ARM, < 2/3 one SPY, else
0.1 DEF. No later phase draws anything in these tests (no attacks, no spies) until the
new Order of Play is shuffled at the end of the turn.

The usual setup: player 1 (EFF 80) owns province 1 with missiles and nothing else;
player 2 owns the neighbour 2 with nothing but the units to be bombed (no workers, so
working adds nothing to it). 3, 7 and 11 are neighbours of 1's neighbours; 4 is not.
"""

from __future__ import annotations

from typing import Any

from tests.rules.builders import FixedRng, bomb, empty, kinds, make_state, one, orders, run_standard
from wtg.core.ruleset import TurnResult
from wtg.rules.standard.phases.bombing import bomb_range
from wtg.rules.wok.state import WokState

HIT, MISS = 0.0, 0.99
ARM, SPY, DEF = 0.1, 0.5, 0.9


def setup(eff: int = 80, missiles: int = 10) -> WokState:
    state = make_state()
    state.player(1).eff = eff
    empty(state, 1, 1, mis=missiles)
    return state


def fire(
    state: WokState, *bombs: dict[str, int], values: tuple[float, ...]
) -> TurnResult[WokState]:
    return run_standard(state, orders(1, bomb=list(bombs)), rng=FixedRng(*values))


def only_run(result: TurnResult[WokState]) -> Any:
    return one(result, "bombing_run")


def skipped(result: TurnResult[WokState]) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.phase == "1 bombing"]


# --- range and chance -------------------------------------------------------------------


def test_short_range_chance_is_the_eff_percentage() -> None:
    """ "You can bomb a neighbouring province (known as "short-range" bombing), and your
    chance of successfully hitting something per missile fired is equal to your EFF
    percentage. So, if you have an 80% EFF, each missile has an 80% chance of hitting
    something." - the EFF of phase 1, before entropy takes its point."""
    state = setup(eff=80)
    empty(state, 2, 2, arm=10)
    result = fire(state, bomb(1, 2, 2), values=(0.795, ARM, 0.805))
    report = only_run(result)
    assert (report.chance, report.long_range) == (80, False)
    assert (report.missiles, report.armies, report.misses) == (2, 1, 1)
    assert result.state.province(2).arm == 9
    assert result.state.player(1).eff == 79  # entropy came after the bombs


def test_long_range_chance_is_three_quarters_of_eff() -> None:
    """ "You can also bomb any province which a neighbour of a neighbouring province. In this
    case you are doing "long-range" bombing, and your chance of successfully hitting
    something per missile fired is ¾ of your EFF percentage." - 3/4 of 80 is 60."""
    state = setup(eff=80)
    empty(state, 3, 2, arm=10)
    result = fire(state, bomb(1, 3, 2), values=(0.595, ARM, 0.605))
    report = only_run(result)
    assert (report.chance, report.long_range) == (60, True)
    assert (report.armies, report.misses) == (1, 1)
    assert result.state.province(3).arm == 9


def test_long_range_chance_is_rounded_down() -> None:
    """ "your chance of successfully hitting something per missile fired is ¾ of your EFF
    percentage". Ruling 24: a whole percent, rounded down as in WoK IV - at EFF 99 that is
    74%, so a draw of 74.2 misses and one of 73.9 hits."""
    state = setup(eff=99)
    empty(state, 3, 2, arm=10)
    missed = fire(state, bomb(1, 3, 1), values=(0.742, ARM))
    assert (only_run(missed).chance, only_run(missed).armies) == (74, 0)
    state = setup(eff=99)
    empty(state, 3, 2, arm=10)
    hit = fire(state, bomb(1, 3, 1), values=(0.739, ARM))
    assert only_run(hit).armies == 1
    assert hit.state.province(3).arm == 9


def test_long_range_reaches_exactly_the_neighbours_of_neighbours() -> None:
    """ "a neighbour of a neighbouring province" - on the grid, 1's neighbours are 2 and 6,
    theirs 3, 7 and 11; 4 and 12 are farther; a province is not in range of itself."""
    state = make_state()
    assert {t: bomb_range(state, 1, t) for t in (2, 6, 3, 7, 11, 4, 12, 1)} == {
        2: "short",
        6: "short",
        3: "long",
        7: "long",
        11: "long",
        4: None,
        12: None,
        1: None,
    }


def test_a_province_out_of_range_cannot_be_bombed() -> None:
    """Bombing reaches a neighbour or a neighbour's neighbour only: province 4 Prov4 is three
    steps from 1; the order is skipped and no missile is spent."""
    state = setup()
    empty(state, 4, 2, arm=10)
    result = fire(state, bomb(1, 4, 5), values=(HIT, ARM))
    assert kinds(result, "bombing_run") == []
    assert skipped(result) == ["province 4 Prov4 is out of range"]
    assert result.state.province(1).mis == 10
    assert result.state.province(4).arm == 10


# --- what a hit destroys ----------------------------------------------------------------


def test_each_hit_destroys_one_arm_one_spy_or_a_tenth_of_def() -> None:
    """ "Each successful missile will randomly destroy 1 ARM, 1 SPY or 0.1 DEF."."""
    state = setup()
    empty(state, 2, 2, arm=5, spy=5, dfn=5)
    result = fire(state, bomb(1, 2, 3), values=(HIT, ARM, HIT, SPY, HIT, DEF))
    report = only_run(result)
    assert (report.armies, report.spies, report.dfn, report.misses) == (1, 1, 1, 0)
    target = result.state.province(2)
    assert (target.arm, target.spy, target.dfn) == (4, 4, 4)
    suffered = kinds(result, "bombing_suffered")
    assert len(suffered) == 1
    assert (suffered[0].player, suffered[0].armies, suffered[0].spies, suffered[0].dfn) == (
        2,
        1,
        1,
        1,
    )


def test_a_hit_on_a_unit_that_is_not_there_destroys_nothing() -> None:
    """ "If none of the appropriate unit are present in the target province then the missile
    will not destroy anything." - the missile is spent all the same."""
    state = setup()
    empty(state, 2, 2, arm=3)
    result = fire(state, bomb(1, 2, 3), values=(HIT, SPY, HIT, DEF, HIT, ARM))
    report = only_run(result)
    assert (report.armies, report.spies, report.dfn, report.misses) == (1, 0, 0, 0)
    target = result.state.province(2)
    assert (target.arm, target.spy, target.dfn) == (2, 0, 0)
    assert result.state.province(1).mis == 7


def test_missed_missiles_are_spent_too() -> None:
    """ "per missile fired" - a missile that misses is gone as well."""
    state = setup(eff=80)
    empty(state, 2, 2, arm=10)
    result = fire(state, bomb(1, 2, 4), values=(MISS,))
    report = only_run(result)
    assert (report.missiles, report.misses, report.armies) == (4, 4, 0)
    assert result.state.province(1).mis == 6
    assert result.state.province(2).arm == 10


def test_neutral_provinces_can_be_bombed() -> None:
    """Missiles are not limited to players' provinces (unlike spies): a neutral province
    loses its army, then gains its 2 recruits ("Neutral provinces gain 2 armies each turn")."""
    state = setup()
    empty(state, 2, 0, arm=5)
    result = fire(state, bomb(1, 2, 1), values=(HIT, ARM))
    assert only_run(result).armies == 1
    assert kinds(result, "bombing_suffered") == []  # nobody to tell
    assert result.state.province(2).arm == 5 - 1 + 2


def test_bombing_comes_before_the_attacks() -> None:
    """Phases "1. Bombing 2. Attacking": a missile that destroys the last defending army
    leaves an empty province, and the attack that follows gains "0.2 divided by their
    current level" (0.2 / 2.000 = +0.100) without a fight."""
    state = setup(missiles=1)
    empty(state, 1, 1, mis=1, arm=10, lev=2000)
    empty(state, 2, 2, arm=1)
    empty(state, 20, 2)
    result = run_standard(
        state,
        orders(
            1,
            bomb=[bomb(1, 2, 1)],
            attack=[{"from": 1, "to": 2, "armies": 10}],
        ),
        rng=FixedRng(HIT, ARM),
    )
    battle = kinds(result, "battle")[0]
    assert (battle.defenders, battle.rounds, battle.conquered) == (0, 0, True)
    target = result.state.province(2)
    assert (target.owner, target.arm, target.lev) == (1, 10, 2100)


# --- limits -----------------------------------------------------------------------------


def test_at_most_five_bombing_orders() -> None:
    """ "you can put in up to 5 rounds of bombing instructions" - the sixth is not read."""
    state = setup(missiles=10)
    empty(state, 2, 2, arm=10)
    result = fire(state, *[bomb(1, 2, 1)] * 6, values=(HIT,))
    assert len(kinds(result, "bombing_run")) == 5
    assert result.state.province(1).mis == 5
    assert result.state.province(2).arm == 5


def test_at_most_99_missiles_a_round_and_only_those_there() -> None:
    """ "(with a maximum of 99 missiles fired per round)"; an order for more missiles than
    the province holds fires all it holds."""
    state = setup(missiles=99)
    empty(state, 2, 2, arm=200)
    result = fire(state, bomb(1, 2, 150), values=(HIT, ARM))
    assert only_run(result).missiles == 99
    assert result.state.province(2).arm == 101
    state = setup(missiles=3)
    empty(state, 2, 2, arm=10)
    result = fire(state, bomb(1, 2, 50), values=(HIT, ARM))
    assert only_run(result).missiles == 3
    assert result.state.province(1).mis == 0
    assert result.state.province(2).arm == 7


def test_missiles_fire_only_from_ones_own_province() -> None:
    """Missiles are fired from a province of the bomber's: an order from a province that
    is not his is skipped."""
    state = setup()
    empty(state, 6, 2, mis=10)
    empty(state, 2, 2, arm=10)
    result = fire(state, bomb(6, 2, 5), values=(HIT, ARM))
    assert kinds(result, "bombing_run") == []
    assert skipped(result) == ["province 6 Prov6 is not yours"]
    assert result.state.province(6).mis == 10
    assert result.state.province(2).arm == 10


def test_later_orders_use_what_earlier_ones_left() -> None:
    """Each round of bombing spends its missiles: a second order from the same province
    fires only what the first left."""
    state = setup(missiles=5)
    empty(state, 2, 2, arm=20)
    empty(state, 6, 2, arm=20)
    result = fire(state, bomb(1, 2, 4), bomb(1, 6, 4), values=(HIT, ARM))
    runs = kinds(result, "bombing_run")
    assert [(r.target, r.missiles) for r in runs] == [(2, 4), (6, 1)]
    assert result.state.province(2).arm == 16
    assert result.state.province(6).arm == 19
    assert result.state.province(1).mis == 0
