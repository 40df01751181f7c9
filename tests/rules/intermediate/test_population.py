"""Intermediate WoK, phases 6 and 8 - transformations (POP->SPY among them) and growth by
100 x e^(-POP/100) percent; the neutrals' 2 armies a turn.

No phase draws anything in these tests. Player 1 owns province 1 (nothing in it unless
set); player 2 owns province 20 so that the game goes on."""

from __future__ import annotations

import pytest

from tests.rules.builders import empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from wtg.rules.intermediate.phases.growth import growth_of
from wtg.rules.wok.state import WokState


def transform(province: int, kind: str, amount: int) -> dict[str, object]:
    return {"province": province, "kind": kind, "amount": amount}


def setup(**province: int) -> WokState:
    state = make_grid()
    empty(state, 1, 1, **province)
    empty(state, 20, 2)
    return state


def test_pop_to_spy_five_to_one() -> None:
    """ "POP->SPY Convert POP to SPY in a ratio of 5:1"; "If the number converted is not a
    multiple of the ratio, the extra will be lost" - 23 POP make 4 SPY and all 23 are gone
    (growth of 0 POP is 0)."""
    state = setup(pop=23)
    result = run_intermediate(state, orders(1, transform=[transform(1, "POP-SPY", 23)]))
    event = kinds(result, "transformed")[0]
    assert (event.transform, event.used, event.made) == ("POP-SPY", 23, 4)
    assert (result.state.province(1).spy, result.state.province(1).pop) == (4, 0)


def test_pop_to_spy_takes_what_there_is_up_to_fifty() -> None:
    """ "If there are not enough of the unit you are converting from in the province, all
    that are available will be used" and "The maximum number of population that can be
    transformed per instruction is 50"."""
    state = setup(pop=12)
    result = run_intermediate(state, orders(1, transform=[transform(1, "POP-SPY", 40)]))
    assert result.state.province(1).spy == 2
    state = setup(pop=200)
    result = run_intermediate(state, orders(1, transform=[transform(1, "POP-SPY", 90)]))
    assert result.state.province(1).spy == 10


def test_the_other_transformations_and_their_limits() -> None:
    """ "It takes 2 population to make 1 worker, and 4 population to make 1 army ... a
    "backwards transformation" ... to change 2 workers into 1 population"; "a player can
    only use a maximum of 3 instructions for transforming population into armies"; the
    example: "An order to convert 16 POP->ARM in a province with only 15 POP will remove
    all the POP and add three new armies to the province"."""
    state = setup(pop=15, wok=9)
    result = run_intermediate(
        state,
        orders(1, transform=[transform(1, "POP-ARM", 16), transform(1, "WOK-POP", 9)]),
    )
    province = result.state.province(1)
    assert (province.arm, province.wok) == (3, 0)
    state = setup(pop=200)
    four = [transform(1, "POP-ARM", 4)] * 4
    result = run_intermediate(state, orders(1, transform=[*four, transform(1, "POP-WOK", 10)]))
    assert (result.state.province(1).arm, result.state.province(1).wok) == (3, 5)


def test_new_armies_mix_their_level_with_every_troop() -> None:
    """ "Newly-made armies have a Level of 1.000; if you have existing armies in the same
    province ... the levels will "mix" proportionately" - 5 knights at 2.000 and 5 new
    armies make 10 troops at 1.500."""
    state = setup(pop=20, kni=5, lev=2000)
    result = run_intermediate(state, orders(1, transform=[transform(1, "POP-ARM", 20)]))
    province = result.state.province(1)
    assert (province.arm, province.kni, province.lev) == (5, 5, 1500)


@pytest.mark.parametrize(
    ("pop", "grown"),
    [(0, 0), (1, 0), (2, 1), (10, 9), (50, 30), (100, 36), (200, 27), (300, 14), (999, 0)],
)
def test_growth_is_pop_times_e_to_the_minus_pop_over_100(pop: int, grown: int) -> None:
    """ "Percentage Increase = 100 * e-POP / 100", read as 100 x e^(-POP/100) percent (the
    exponent lost its superscript; RULE-NOTES agrees). Ruling 10: rounded down - 50 POP
    grow by 50 x 0.6065 = 30.3, so 30; 100 by 36.8, so 36; 999 by 0.045, so none."""
    assert growth_of(pop) == grown


def test_growth_comes_after_the_transformations() -> None:
    """Growth is phase 8, after "6. Transformations": 80 POP less 20 made into workers leave
    60, which grow by 60 x e^-0.6 = 32.9, so 32 (80 POP would have grown by 35)."""
    state = setup(pop=80)
    result = run_intermediate(state, orders(1, transform=[transform(1, "POP-WOK", 20)]))
    assert result.state.province(1).pop == 92
    assert run_intermediate(setup(pop=80)).state.province(1).pop == 80 + 35


def test_neutrals_gain_two_armies_a_turn() -> None:
    """ "Neutral provinces gain 2 armies each turn (including turn 0)" - at 1.000, mixed in."""
    state = setup()
    empty(state, 5, 0, arm=4, lev=2000)
    result = run_intermediate(state)
    assert (result.state.province(5).arm, result.state.province(5).lev) == (6, 1667)
