"""Standard WoK, phases 5, 6 and 7 - transformations, neutral recruits, growth and
movement.

No phase draws anything in these tests but the shuffle of the new Order of Play.
Provinces are empty but for what a test puts in them; their workers (if any) are on the
DEF aim and make 0.1 DEF per 8, which the tests avoid or count.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.rules.builders import empty, kinds, make_state, orders, run_standard
from tests.shipped import STANDARD as RULESET
from wtg.core.ruleset import GameSetup, SeatSetup, TurnResult
from wtg.rules.standard.setup import start_state
from wtg.rules.wok.state import WokState


def transform(province: int, kind: str, amount: int) -> dict[str, Any]:
    return {"province": province, "kind": kind, "amount": amount}


def move(source: int, target: int, unit: str, amount: int) -> dict[str, Any]:
    return {"from": source, "to": target, "unit": unit, "amount": amount}


def one_province(**fields: Any) -> WokState:
    state = make_state()
    empty(state, 1, 1, **fields)
    return state


def skipped(result: TurnResult[WokState]) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped")]


# --- transformations --------------------------------------------------------------------


def test_population_into_workers_two_to_one() -> None:
    """ "It takes 2 population to make 1 worker" - 20 POP make 10 WOK; the 20 POP left grow
    by 20% to 24 (phase 6 comes after phase 5)."""
    state = one_province(pop=40)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-WOK", 20)]))
    province = result.state.province(1)
    assert (province.pop, province.wok) == (24, 10)
    event = kinds(result, "transformed")[0]
    assert (event.transform, event.used, event.made) == ("POP-WOK", 20, 10)


def test_population_into_armies_four_to_one_at_level_one() -> None:
    """ "4 population to make 1 army" and "Newly-made armies have a Level of 1.000"."""
    state = one_province(pop=40)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-ARM", 40)]))
    province = result.state.province(1)
    assert (province.pop, province.arm, province.lev) == (0, 10, 1000)


def test_new_armies_mix_their_level_with_the_armies_there() -> None:
    """ "if you have existing armies in the same province in which you are making new
    armies, the levels will "mix" proportionately" - 10 at 2.000 and 10 at 1.000 give 20 at
    1.500; 3 at 1.750 and 1 at 1.000 give 4 at 1.5625, rounded half up to 1.563."""
    state = one_province(pop=40, arm=10, lev=2000)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-ARM", 40)]))
    province = result.state.province(1)
    assert (province.arm, province.lev) == (20, 1500)
    state = one_province(pop=4, arm=3, lev=1750)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-ARM", 4)]))
    province = result.state.province(1)
    assert (province.arm, province.lev) == (4, 1563)


def test_workers_back_into_population_two_to_one() -> None:
    """ "There is also a "backwards transformation" instruction which can be done, to change
    2 workers into 1 population." - 20 WOK make 10 POP (who grow to 12); the workers
    mined before they were transformed (phase 4 comes before phase 5)."""
    state = one_province(wok=20, aim="MIN")
    result = run_standard(state, orders(1, transform=[transform(1, "WOK-POP", 20)]))
    province = result.state.province(1)
    assert (province.wok, province.pop) == (0, 12)
    assert result.state.player(1).gold == 20


def test_at_most_fifty_units_an_instruction() -> None:
    """ "The maximum number of population that can be transformed per instruction is 50." -
    80 POP asked, 50 used: 25 WOK, and the 150 POP left grow by 15% to 172."""
    state = one_province(pop=200)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-WOK", 80)]))
    province = result.state.province(1)
    assert (province.pop, province.wok) == (172, 25)


def test_at_most_fifty_workers_back_an_instruction() -> None:
    """The 50 limit holds for the backwards transformation too: 80 WOK asked, 50 used."""
    state = one_province(wok=100, aim="MIN")
    result = run_standard(state, orders(1, transform=[transform(1, "WOK-POP", 80)]))
    province = result.state.province(1)
    assert (province.wok, province.pop) == (50, 30)  # 25 POP, +20% growth


def test_the_texts_example_of_too_little_population() -> None:
    """ "If there are not enough of the unit you are converting from in the province, all
    that are available will be used. If the number converted is not a multiple of the
    ratio, the extra will be lost. Example: An order to convert 16 POP->ARM in a province
    with only 15 POP will remove all the POP and add three new armies to the province."."""
    state = one_province(pop=15)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-ARM", 16)]))
    province = result.state.province(1)
    assert (province.pop, province.arm) == (0, 3)
    event = kinds(result, "transformed")[0]
    assert (event.used, event.made) == (15, 3)


@pytest.mark.parametrize(
    ("kind", "fields", "expected"),
    [
        ("POP-WOK", {"pop": 5}, {"pop": 0, "wok": 2}),
        ("POP-ARM", {"pop": 7}, {"pop": 0, "arm": 1}),
        ("WOK-POP", {"wok": 5}, {"wok": 0, "pop": 2}),
    ],
)
def test_the_extra_beyond_a_multiple_of_the_ratio_is_lost(
    kind: str, fields: dict[str, int], expected: dict[str, int]
) -> None:
    """ "If the number converted is not a multiple of the ratio, the extra will be lost."
    (2 POP a worker grows nothing: 20% of 2 rounds down to 0)."""
    state = one_province(**fields)
    result = run_standard(state, orders(1, transform=[transform(1, kind, 50)]))
    province = result.state.province(1)
    assert {name: getattr(province, name) for name in expected} == expected


def test_an_order_that_is_not_a_multiple_loses_the_extra_too() -> None:
    """ "the extra will be lost" also when the province has plenty: 7 POP->WOK uses all 7
    and makes 3 workers."""
    state = one_province(pop=50)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-WOK", 7)]))
    province = result.state.province(1)
    assert province.wok == 3
    assert province.pop == 43 + 43 * 20 // 100


def test_at_most_three_population_into_armies_instructions() -> None:
    """ "However, a player can only use a maximum of 3 instructions for transforming
    population into armies." - the fourth is skipped: 3 armies, 88 POP left (grow to 105)."""
    state = one_province(pop=100)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-ARM", 4)] * 4))
    province = result.state.province(1)
    assert (province.arm, province.pop) == (3, 105)
    assert skipped(result) == ["only 3 POP->ARM transformations a turn"]


def test_at_most_seven_instructions() -> None:
    """ "A player can input up to 7 different instructions for transforming population into
    workers or armies." - the eighth is not read."""
    state = one_province(pop=100)
    result = run_standard(state, orders(1, transform=[transform(1, "POP-WOK", 2)] * 8))
    province = result.state.province(1)
    assert (province.wok, province.pop) == (7, 86 + 86 * 20 // 100)
    assert len(kinds(result, "transformed")) == 7


def test_transformations_only_in_ones_own_province() -> None:
    """Transformations are made in the player's provinces: an order for another's province
    is skipped."""
    state = one_province(pop=40)
    empty(state, 2, 2, pop=40)
    result = run_standard(state, orders(1, transform=[transform(2, "POP-ARM", 40)]))
    assert result.state.province(2).arm == 0
    assert skipped(result) == ["province 2 Prov2 is not yours"]


# --- growth -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pop", "grown"),
    [
        (0, 0),
        (4, 4),  # 20% of 4 is 0.8, rounded down (ruling)
        (50, 60),
        (99, 118),
        (100, 115),
        (199, 228),
        (200, 220),
        (299, 328),
        (300, 318),
        (399, 422),
        (400, 412),
        (900, 927),
        (990, 999),  # the POP limit 999
        (999, 999),
    ],
)
def test_growth_by_population(pop: int, grown: int) -> None:
    """ "0 - 99 +20% growth, 100 - 199 +15% growth, 200 - 299 +10% growth, 300 - 399 + 6%
    growth, 400 - 999 + 3% growth" - rounded down (ruling), at most 999."""
    assert run_standard(one_province(pop=pop)).state.province(1).pop == grown


def test_neutral_population_grows_too() -> None:
    """ "Population in a province will grow." - every province, neutral ones included."""
    result = run_standard(make_state())
    assert result.state.province(10).pop == 60


# --- neutral recruits -------------------------------------------------------------------


def test_neutrals_gain_two_armies_each_turn() -> None:
    """ "Neutral provinces gain 2 armies each turn" - 5 armies become 7; a player's
    province gains none."""
    state = make_state()
    empty(state, 1, 1, arm=5)
    result = run_standard(state)
    assert result.state.province(2).arm == 7
    assert result.state.province(2).lev == 1000
    assert result.state.province(1).arm == 5


def test_neutral_recruits_mix_their_level_one() -> None:
    """The 2 recruits are at level 1.000 and mix in: 2 at 1.600 and 2 at 1.000 give 4 at
    1.300."""
    state = make_state()
    empty(state, 2, 0, arm=2, lev=1600)
    province = run_standard(state).state.province(2)
    assert (province.arm, province.lev) == (4, 1300)


def test_neutrals_have_their_two_recruits_on_turn_0() -> None:
    """ "Neutral provinces gain 2 armies each turn (including turn 0)" - ruling: 5 armies
    at 1.000 to start with, so 7 when turn 0 is over; 16 WOK and 0.3 DEF."""
    seats = (SeatSetup(id=1, name="Ann"), SeatSetup(id=2, name="Bob"))
    setup = GameSetup(game="g", map="trial", seed=1, players=seats)
    state = start_state(setup, RULESET.load_map("trial"), random.Random(1))
    neutrals = [p for p in state.provinces if p.owner == 0]
    assert len(neutrals) == 18
    assert all(
        (p.wok, p.arm, p.lev, p.dfn, p.mis, p.spy, p.aim) == (16, 7, 1000, 3, 0, 0, "DEF")
        for p in neutrals
    )


# --- movement ---------------------------------------------------------------------------


def two_provinces(**fields: Any) -> WokState:
    state = make_state()
    empty(state, 1, 1, **fields)
    empty(state, 2, 1)
    return state


@pytest.mark.parametrize("unit", ["POP", "WOK", "ARM", "MIS", "SPY"])
def test_every_kind_of_unit_can_move(unit: str) -> None:
    """ "A player can move population, workers, armies, missiles, or spies"."""
    field = unit.lower()
    state = two_provinces(**{field: 3})
    result = run_standard(state, orders(1, move=[move(1, 2, unit, 3)]))
    assert getattr(result.state.province(1), field) == 0
    assert getattr(result.state.province(2), field) == 3


def test_movement_comes_after_growth() -> None:
    """Phases "6. Growth 7. Movement": 100 POP grow to 115, then 50 move; the 50 that
    arrive do not grow this turn."""
    state = two_provinces(pop=100)
    result = run_standard(state, orders(1, move=[move(1, 2, "POP", 50)]))
    assert (result.state.province(1).pop, result.state.province(2).pop) == (65, 50)


def test_at_most_fifty_units_a_move() -> None:
    """ "can only move a maximum of 50 for each set of instructions"."""
    state = two_provinces(arm=80)
    result = run_standard(state, orders(1, move=[move(1, 2, "ARM", 80)]))
    assert (result.state.province(1).arm, result.state.province(2).arm) == (30, 50)


def test_at_most_seven_moves() -> None:
    """ "A player can input up to 7 sets of instructions to move things around." - the
    eighth is not read."""
    state = two_provinces(spy=10)
    result = run_standard(state, orders(1, move=[move(1, 2, "SPY", 1)] * 8))
    assert (result.state.province(1).spy, result.state.province(2).spy) == (3, 7)


def test_moves_go_only_to_a_neighbour() -> None:
    """ "You can only move things from a province into a neighbouring province." - 1 and 3
    are two steps apart."""
    state = two_provinces(arm=10)
    empty(state, 3, 1)
    result = run_standard(state, orders(1, move=[move(1, 3, "ARM", 10)]))
    assert (result.state.province(1).arm, result.state.province(3).arm) == (10, 0)
    assert skipped(result) == ["province 3 Prov3 is not next to 1 Prov1"]


def test_moves_go_only_into_ones_own_provinces() -> None:
    """Movement moves things "around" the player's empire: into another's province the
    units are halted."""
    state = two_provinces(arm=10)
    empty(state, 6, 2)
    result = run_standard(state, orders(1, move=[move(1, 6, "ARM", 10)]))
    assert (result.state.province(1).arm, result.state.province(6).arm) == (10, 0)
    assert skipped(result) == ["province 6 Prov6 is not yours: your units were halted"]


def test_moved_armies_mix_their_levels() -> None:
    """Armies that join others mix levels proportionately (as new armies do): 10 at 2.000
    into 10 at 1.000 give 20 at 1.500; the level where they left is unchanged."""
    state = two_provinces(arm=20, lev=2000)
    empty(state, 2, 1, arm=10, lev=1000)
    result = run_standard(state, orders(1, move=[move(1, 2, "ARM", 10)]))
    assert (result.state.province(2).arm, result.state.province(2).lev) == (20, 1500)
    assert (result.state.province(1).arm, result.state.province(1).lev) == (10, 2000)


def test_units_can_move_on_through_several_provinces() -> None:
    """Moves run in the order written: armies moved into 2 can move on to 3."""
    state = two_provinces(arm=10)
    empty(state, 3, 1)
    result = run_standard(state, orders(1, move=[move(1, 2, "ARM", 10), move(2, 3, "ARM", 10)]))
    assert [result.state.province(p).arm for p in (1, 2, 3)] == [0, 0, 10]


def test_skipped_orders_name_standard_phases() -> None:
    """The Order of Play: "5. Transformations" and "7. Movement": a skipped order says which
    of Standard's phases skipped it (not WoK IV's phase IV)."""
    state = one_province(pop=40)
    result = run_standard(
        state,
        orders(1, transform=[transform(2, "POP-WOK", 2)], move=[move(2, 1, "ARM", 1)]),
    )
    phases = [e.phase for e in kinds(result, "order_skipped")]
    assert phases == ["5 transformations", "7 movement"]
