"""PHASE IV - transformations, neutral recruits and growth (manual section 4 and PHASE IV)."""

from __future__ import annotations

import pytest

from tests.rules.builders import empty, kinds, make_state, orders, run
from wtg.rules.wok.phases.population import growth_rate


def transform(pid: int, kind: str, amount: int) -> dict[str, object]:
    return {"province": pid, "kind": kind, "amount": amount}


@pytest.mark.parametrize("amount", [4, 5, 6, 7])
def test_four_population_make_one_army(amount: int) -> None:
    """ "1 ARMY = 2 WORKERS OR 4 POPULATION ... If you transform 5,6 or 7 Population into
    Armies you will get that same result.\""""
    state = make_state()
    empty(state, 1, 1, pop=amount)
    result = run(state, orders(1, transform=[transform(1, "POP-ARM", amount)]))
    province = result.state.province(1)
    assert province.arm == 1
    left = amount - 4
    assert province.pop == left  # too few to grow


def test_population_into_workers_two_for_one() -> None:
    """ "1 ARMY = 2 WORKERS OR 4 POPULATION": a worker costs 2 population."""
    state = make_state()
    empty(state, 1, 1, pop=21)
    result = run(state, orders(1, transform=[transform(1, "POP-WOK", 21)]))
    province = result.state.province(1)
    assert (province.wok, province.pop) == (10, 1)


def test_workers_back_into_population_two_for_one() -> None:
    """ "You can also change back some Workers into Population ... a 2:1 ratio (you need 2
    Workers to get 1 Population)." """
    state = make_state()
    empty(state, 1, 1, wok=11)
    result = run(state, orders(1, transform=[transform(1, "WOK-POP", 11)]))
    province = result.state.province(1)
    assert (province.wok, province.pop) == (1, 5 + 1)  # 5 POP then +20% growth


def test_fifty_units_per_order() -> None:
    """ "There is a limit of 50 Units that can be transformed with one single order"."""
    state = make_state()
    empty(state, 1, 1, pop=500)
    result = run(state, orders(1, transform=[transform(1, "POP-ARM", 99)]))
    assert result.state.province(1).arm == 12  # 50 POP -> 12 ARM, 2 POP left over


def test_only_three_pop_to_arm_transformations() -> None:
    """ "There is also the limit of 3 Population into Armies Transformations per Turn"."""
    state = make_state()
    empty(state, 1, 1, pop=800)
    four = [transform(1, "POP-ARM", 48)] * 4
    result = run(state, orders(1, transform=four))
    assert result.state.province(1).arm == 36
    skipped = kinds(result, "order_skipped")
    assert len(skipped) == 1 and "only 3" in skipped[0].reason


def test_level_mixing_example() -> None:
    """ "(10 x 1.300) + (5 x 1.000) / total number of armies = (13 + 5) / 15 = 18 / 15 = 1.200"."""
    state = make_state()
    empty(state, 1, 1, arm=10, lev=1300, pop=20)
    result = run(state, orders(1, transform=[transform(1, "POP-ARM", 20)]))
    province = result.state.province(1)
    assert province.arm == 15
    assert province.lev == 1200


def test_overflow_loses_armies_but_level_counts_them() -> None:
    """ "you transform 48 population into 12 armies. Your province already had 990 armies ...
    you lose 3 armies to reach the limit" and "your armies level will decrease proportional
    to this original total number, in our example 1.002 and not 999"."""
    state = make_state()
    empty(state, 1, 1, arm=990, lev=2000, pop=48)
    result = run(state, orders(1, transform=[transform(1, "POP-ARM", 48)]))
    province = result.state.province(1)
    assert province.arm == 999
    assert province.lev == (990 * 2000 + 12 * 1000 + 501) // 1002  # 1988, not 1988.9 of 999
    assert kinds(result, "transformed")[0].lost == 3


def test_workers_limited_to_125() -> None:
    """ "Remember that a province might hold 999 armies or population, but only 125 workers !\""""
    state = make_state()
    empty(state, 1, 1, wok=120, pop=40)
    result = run(state, orders(1, transform=[transform(1, "POP-WOK", 40)]))
    assert result.state.province(1).wok == 125
    assert kinds(result, "transformed")[0].lost == 15


def test_no_workers_into_armies() -> None:
    """ "changing Workers into Armies is not allowed": there is no such transformation."""
    from wtg.rules.wok.limits import TRANSFORM_KINDS

    assert "WOK-ARM" not in TRANSFORM_KINDS


@pytest.mark.parametrize(
    ("pop", "percent"),
    [
        (0, 20),
        (99, 20),
        (100, 15),
        (199, 15),
        (200, 10),
        (299, 10),
        (300, 6),
        (399, 6),
        (400, 3),
        (999, 3),
    ],
)
def test_growth_brackets(pop: int, percent: int) -> None:
    """ "0-99 population : +20% 100-199 population : +15% 200-299 population : +10% 300-399
    population : +6% 400-999 population :+3%"."""
    assert growth_rate(pop) == percent


def test_growth_rounds_down_and_stops_at_999() -> None:
    """Ruling: growth is rounded down; "(maximum is of course 999)"."""
    state = make_state()
    empty(state, 1, 1, pop=99)
    empty(state, 2, 1, pop=990)
    empty(state, 3, 1, pop=4)
    result = run(state, orders(1))
    assert [result.state.province(i).pop for i in (1, 2, 3)] == [118, 999, 4]


def test_growth_after_transformations() -> None:
    """ "first you will be asked to transform your population ... then growth": the
    transformed population does not grow."""
    state = make_state()
    empty(state, 1, 1, pop=100)
    result = run(state, orders(1, transform=[transform(1, "POP-ARM", 40)]))
    assert result.state.province(1).pop == 60 + 12  # 60 left, +20% (below 100 now)


def test_neutrals_gain_two_armies_each_turn() -> None:
    """Ruling on "+2" (section 4 and the v2.50 changes) against "+3" (PHASE II text):
    "Each Turn, neutral Provinces will gain +2 armies.\""""
    state = make_state()
    result = run(state)
    assert all(p.arm == 7 for p in result.state.provinces)
    assert all(p.lev == 1000 for p in result.state.provinces)


def test_a_transformation_the_rules_do_not_have_is_skipped_not_a_crash() -> None:
    """An order file that skipped the checks (a robot's, a GM's mistake) may name a kind the
    rules lack: the turn runs, and the order is skipped with the reason."""
    state = make_state()
    empty(state, 1, 1, pop=40)
    result = run(state, orders(1, transform=[transform(1, "POP-GOLD", 20)]))
    skipped = kinds(result, "order_skipped")
    assert [s.reason for s in skipped] == ["there is no transformation POP->GOLD"]
    assert result.state.province(1).pop == 48  # untouched, then grown by 20%
