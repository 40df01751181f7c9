"""Intermediate WoK, phase 2 - bombing: the defences hit at 10 x DEF percent, otherwise a unit
among ARM, PIK, ARC, KNI, CAT and SPY in proportion to their numbers; reach and chance as
in Standard WoK.

Random draws in phase 2, for every missile: one ``chance`` that it hits (EFF%, 3/4 of it at
long range); on a hit one ``chance`` that it strikes the defences (``v * 100 < DEF x 10``);
otherwise, when the province holds any of those units, one ``roll`` (``int(v * units)``)
that picks the unit, counting ARM, PIK, ARC, KNI, CAT, SPY in that order. No later phase
draws anything in these tests until the Order of Play is shuffled at the end.

The usual setup: player 1 (EFF 80) owns province 1 with missiles; player 2 owns the
neighbour 2 with the units to be bombed and no workers.
"""

from __future__ import annotations

from typing import Any

from tests.rules.builders import FixedRng, bomb, empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from wtg.core.ruleset import TurnResult
from wtg.rules.wok.state import WokState

HIT, MISS = 0.0, 0.99
WALLS, PAST_WALLS = 0.0, 0.99
"""The second draw of a hit: under 10 x DEF percent it strikes the defences."""


def setup(eff: int = 80, missiles: int = 10, **target: Any) -> WokState:
    state = make_grid()
    state.player(1).eff = eff
    empty(state, 1, 1, mis=missiles)
    empty(state, 2, 2, **target)
    return state


def fire(
    state: WokState, *bombs: dict[str, int], values: tuple[float, ...]
) -> TurnResult[WokState]:
    return run_intermediate(state, orders(1, bomb=list(bombs)), rng=FixedRng(*values))


def only_run(result: TurnResult[WokState]) -> Any:
    runs = kinds(result, "bombing_run")
    assert len(runs) == 1
    return runs[0]


def test_a_hit_strikes_the_defences_at_ten_times_def_percent() -> None:
    """ "Each successful missile has a chance of hitting the defences of the province equal
    to 10 X the DEF value. In this case 0.1 DEF will be destroyed" - DEF 2.0 is a 20%
    chance: a draw of 0.19 strikes the defences, one of 0.21 does not (and the army
    there is hit instead)."""
    state = setup(dfn=20, arm=5)
    result = fire(state, bomb(1, 2, 2), values=(HIT, 0.19, HIT, 0.21, 0.0))
    report = only_run(result)
    assert (report.dfn, report.armies, report.misses) == (1, 1, 0)
    target = result.state.province(2)
    assert (target.dfn, target.arm) == (19, 4)


def test_the_highest_defence_is_struck_almost_always() -> None:
    """10 x 9.9 = 99%: only a draw of 0.99 or more gets past DEF 9.9."""
    state = setup(dfn=99, arm=5)
    result = fire(state, bomb(1, 2, 2), values=(HIT, 0.985, HIT, 0.995, 0.0))
    assert (only_run(result).dfn, only_run(result).armies) == (1, 1)


def test_other_hits_land_in_proportion_to_the_numbers() -> None:
    """ "otherwise the hit will land randomly among the ARM, PIK, ARC, KNI, CAT and SPY in
    the province, with a chance of hitting each type proportional to the numbers in the
    province" - of 1 ARM, 1 PIK, 1 ARC, 1 KNI, 1 CAT and 5 SPY (10 units), a draw of 0.05
    hits the army, 0.15 the pikeman, 0.25 the archer, 0.35 the knight, 0.45 the catapult,
    and anything from 0.5 a spy."""
    expected = {0.05: "arm", 0.15: "pik", 0.25: "arc", 0.35: "kni", 0.45: "cat", 0.55: "spy"}
    for pick, unit in {**expected, 0.95: "spy"}.items():
        state = setup(missiles=1, arm=1, pik=1, arc=1, kni=1, cat=1, spy=5)
        result = fire(state, bomb(1, 2, 1), values=(HIT, PAST_WALLS, pick))
        report = only_run(result)
        hit = {
            "arm": report.armies,
            "pik": report.pik,
            "arc": report.arc,
            "kni": report.kni,
            "cat": report.cat,
            "spy": report.spies,
        }
        assert hit == {u: int(u == unit) for u in hit}, pick
        left = result.state.province(2)
        assert (left.troops + left.spy, getattr(left, unit)) == (9, 4 if unit == "spy" else 0)
        suffered = kinds(result, "bombing_suffered")[0]
        assert (suffered.player, suffered.armies + suffered.spies) == (
            2,
            report.armies + report.spies,
        )


def test_more_of_a_kind_is_hit_more_often() -> None:
    """Proportional: of 9 KNI and 1 SPY a draw under 0.9 hits a knight."""
    state = setup(missiles=1, kni=9, spy=1)
    result = fire(state, bomb(1, 2, 1), values=(HIT, PAST_WALLS, 0.89))
    assert (only_run(result).kni, result.state.province(2).kni) == (1, 8)
    state = setup(missiles=1, kni=9, spy=1)
    result = fire(state, bomb(1, 2, 1), values=(HIT, PAST_WALLS, 0.91))
    assert (only_run(result).spies, result.state.province(2).spy) == (1, 0)


def test_a_hit_on_an_empty_province_destroys_nothing() -> None:
    """Ruling 6: a hit that misses the defences where there is none of those units destroys
    nothing; the missile is spent."""
    state = setup()
    result = fire(state, bomb(1, 2, 3), values=(HIT, PAST_WALLS) * 3)
    report = only_run(result)
    assert (report.armies, report.spies, report.dfn, report.misses) == (0, 0, 0, 0)
    assert result.state.province(1).mis == 7


def test_chance_and_reach_as_in_standard() -> None:
    """ "You can bomb a neighbouring province with a chance per missile of successfully
    hitting something equal to your EFF percentage. You can also bomb any province which a
    neighbour of a neighbouring province. In this case your chance per missile of
    successfully hitting something is ¾ of your EFF." - 80% next door, 60% two steps
    away; province 4 (three steps) is out of range."""
    state = setup(arm=5)
    empty(state, 3, 2, arm=5)
    empty(state, 4, 2, arm=5)
    result = fire(
        state,
        bomb(1, 2, 1),
        bomb(1, 3, 1),
        bomb(1, 4, 1),
        values=(0.795, PAST_WALLS, 0.0, 0.605),
    )
    runs = kinds(result, "bombing_run")
    assert [(r.target, r.chance, r.long_range, r.armies, r.misses) for r in runs] == [
        (2, 80, False, 1, 0),
        (3, 60, True, 0, 1),
    ]
    skipped = [e.reason for e in kinds(result, "order_skipped") if e.phase == "2 bombing"]
    assert skipped == ["province 4 Prov4 is out of range"]


def test_at_most_five_orders_of_99_missiles() -> None:
    """Ruling 7: the text gives no limits; "Most of the phases are similar to Standard WoK",
    so Standard's hold: 5 bombing orders, at most 99 missiles each."""
    state = setup(missiles=99, arm=200)
    result = fire(state, *[bomb(1, 2, 150)] * 6, values=(MISS,))
    runs = kinds(result, "bombing_run")
    assert [r.missiles for r in runs] == [99]
    state = setup(missiles=10, arm=20)
    result = fire(state, *[bomb(1, 2, 1)] * 6, values=(MISS,))
    assert len(kinds(result, "bombing_run")) == 5


def test_missiles_bought_in_phase_one_fly_in_phase_two() -> None:
    """ "1. Upgrades 2. Bombing": the MIS upgrade ("All provinces gain 5 MIS") arms a
    province with no missiles before the bombing."""
    state = setup(missiles=0, arm=10)
    state.player(1).gold = 100
    result = run_intermediate(
        state, orders(1, upgrade=["MIS"], bomb=[bomb(1, 2, 5)]), rng=FixedRng(MISS)
    )
    assert only_run(result).missiles == 5
    assert result.state.province(1).mis == 0
