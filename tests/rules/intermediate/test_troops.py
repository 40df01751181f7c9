"""Intermediate WoK, phase 7 - Upgrade Troops: ARM into PIK, ARC, KNI or CAT for 5 WOOD a
unit, back for 2 WOOD reclaimed, kind to kind for 3 WOOD, at most 50 units an order.

No phase draws anything in these tests. Player 1 (100 WOOD) owns province 1 with nothing
but the troops given; player 2 owns province 20 so that the game goes on."""

from __future__ import annotations

from typing import Any

from tests.rules.builders import empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from wtg.core.ruleset import TurnResult
from wtg.rules.wok.state import WokState


def change(province: int, source: str, target: str, amount: int) -> dict[str, object]:
    return {"province": province, "from": source, "to": target, "amount": amount}


def setup(wood: int = 100, **province: Any) -> WokState:
    state = make_grid(wood=wood)
    empty(state, 1, 1, **province)
    empty(state, 20, 2)
    return state


def upgrade(state: WokState, *changes: dict[str, object], **more: object) -> TurnResult[WokState]:
    return run_intermediate(state, orders(1, upgrade_troops=list(changes), **more))


def skipped(result: TurnResult[WokState]) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.phase == "7 upgrade troops"]


def test_armies_become_a_kind_for_five_wood_each() -> None:
    """ "Change ARM into PIK, ARC, KNI or CAT, costing 5 WOOD per unit converted." - 4 ARM
    into 4 CAT cost 20 WOOD; the troops keep the province's level."""
    state = setup(arm=10, lev=1500)
    result = upgrade(state, change(1, "ARM", "CAT", 4))
    province = result.state.province(1)
    assert (province.arm, province.cat, province.lev) == (6, 4, 1500)
    assert result.state.player(1).wood == 80
    event = kinds(result, "troops_upgraded")[0]
    assert (event.source, event.target, event.amount, event.wood, event.wood_left) == (
        "ARM",
        "CAT",
        4,
        20,
        80,
    )


def test_upgraded_troops_go_back_to_armies_for_two_wood_each() -> None:
    """ "Change PIK, ARC, KNI or CAT back into ARM, reclaiming 2 WOOD per unit." - even with
    no WOOD at all."""
    state = setup(wood=0, pik=7)
    result = upgrade(state, change(1, "PIK", "ARM", 7))
    assert (result.state.province(1).arm, result.state.province(1).pik) == (7, 0)
    assert result.state.player(1).wood == 14
    assert kinds(result, "troops_upgraded")[0].wood == -14


def test_kind_to_kind_costs_three_wood_each() -> None:
    """ "Change between PIK, ARC, KNI and CAT, costing 3 WOOD per unit.\""""
    state = setup(arc=10)
    result = upgrade(state, change(1, "ARC", "KNI", 10))
    assert (result.state.province(1).arc, result.state.province(1).kni) == (0, 10)
    assert result.state.player(1).wood == 70


def test_at_most_fifty_units_an_order() -> None:
    """ "At most 50 units in one province can be converted per order." - an order for 80
    converts 50; a second order converts more."""
    state = setup(wood=1000, arm=120)
    result = upgrade(state, change(1, "ARM", "PIK", 80))
    assert (result.state.province(1).pik, result.state.player(1).wood) == (50, 750)
    state = setup(wood=1000, arm=120)
    result = upgrade(state, change(1, "ARM", "PIK", 80), change(1, "ARM", "PIK", 80))
    assert result.state.province(1).pik == 100


def test_not_enough_troops_converts_all_there_are() -> None:
    """Ruling 11, as for transformations ("all that are available will be used"): 30 ARM
    ordered, 6 there, 6 converted; none there: the order is skipped."""
    state = setup(arm=6)
    result = upgrade(state, change(1, "ARM", "KNI", 30), change(1, "CAT", "ARM", 5))
    assert (result.state.province(1).arm, result.state.province(1).kni) == (0, 6)
    assert skipped(result) == ["no CAT in province 1 Prov1"]


def test_not_enough_wood_converts_what_it_pays_for() -> None:
    """Ruling 11: 23 WOOD pay for 4 armies at 5 (3 WOOD left); with 2 WOOD not even one
    kind-to-kind change is paid, and the order is skipped."""
    state = setup(wood=23, arm=10)
    result = upgrade(state, change(1, "ARM", "ARC", 10))
    assert (result.state.province(1).arc, result.state.player(1).wood) == (4, 3)
    state = setup(wood=2, pik=10)
    result = upgrade(state, change(1, "PIK", "ARC", 10))
    assert result.state.province(1).pik == 10
    assert skipped(result) == ["a unit costs 3 WOOD and you have 2"]


def test_only_in_ones_own_province_and_between_two_kinds() -> None:
    """Troops are changed in the player's own provinces, and into another kind."""
    state = setup(arm=10)
    empty(state, 2, 2, arm=10)
    result = upgrade(state, change(2, "ARM", "KNI", 5), change(1, "ARM", "ARM", 5))
    assert skipped(result) == ["province 2 Prov2 is not yours", "they are that kind already"]
    assert (result.state.player(1).wood, result.state.province(2).kni) == (100, 0)


def test_the_phase_comes_after_transformations_and_before_movement() -> None:
    """ "6. Transformations 7. Upgrade Troops ... 9. Movement": armies made from POP this
    turn are upgraded, and the knights made move on the same turn."""
    state = setup(pop=40)
    empty(state, 2, 1)
    result = upgrade(
        state,
        change(1, "ARM", "KNI", 10),
        transform=[{"province": 1, "kind": "POP-ARM", "amount": 40}],
        move=[{"from": 1, "to": 2, "unit": "KNI", "amount": 10}],
    )
    assert (result.state.province(1).kni, result.state.province(2).kni) == (0, 10)


def test_wood_chopped_this_turn_pays_for_upgrades_this_turn() -> None:
    """ "5. Working" comes before "7. Upgrade Troops": the WOOD chopped in phase 5 is there
    to spend in phase 7 - 20 choppers on a Forest make 30, enough for 6 armies."""
    state = setup(wood=0, arm=10, wok=20, aim="CHO")
    state.province(1).terrain = "Forest"
    result = upgrade(state, change(1, "ARM", "PIK", 10))
    assert (result.state.province(1).pik, result.state.player(1).wood) == (6, 0)
