"""The confirmation's forecast table beside a line the player's own attacks leave without
troops. press49 saw it in a game: Bob sent `A1: 1 2 99` (all 12 ARM of province 1) and
`C1: 1 1 4 10` (10 ARM into KNI in 1); his confirmation said the change would not run ('no
ARM in province 1 Ashfold once your attacks from it have sent their troops'), and its table
under it showed it run all the same: 2 ARM and 10 KNI in Ashfold, WOOD 50. The turn ran no
change: WOOD 100, no KNI. The table still keeps the troops the attacks send at home, as it
says; everything else in it is what the turn does: a change or a move runs with the troops
the attacks leave, and the WOOD it costs is what the turn takes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.builders import empty, make_state
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.core.jsondata import Json
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import WokState


def attack(source: int, target: int, armies: int) -> dict[str, Json]:
    return {"from": source, "to": target, "armies": armies}


def change(province: int, source: str, target: str, amount: int) -> dict[str, Json]:
    return {"province": province, "from": source, "to": target, "amount": amount}


def move(source: int, target: int, unit: str, amount: int) -> dict[str, Json]:
    return {"from": source, "to": target, "unit": unit, "amount": amount}


def forecast(ruleset: WokRuleset, state: WokState, **orders: Json) -> dict[str, Any]:
    return ruleset.forecast(state, {"player": 1, **orders}, 1)


def troops(result: dict[str, Any], province: int) -> dict[str, int]:
    row = next(r for r in result["provinces"] if r.id == province)
    kinds = ("arm", "pik", "arc", "kni", "cat")
    return {kind: getattr(row, kind) for kind in kinds if getattr(row, kind, 0)}


def intermediate() -> WokState:
    state = make_state()
    state.player(1).wood = 100
    empty(state, 1, 1, pop=10, arm=12, terrain="Plains")
    return state


def test_a_change_the_attacks_leave_no_arm_for_costs_no_wood_and_makes_no_kni() -> None:
    result = forecast(
        INTERMEDIATE,
        intermediate(),
        attack=[attack(1, 2, 99)],
        upgrade_troops=[change(1, "ARM", "KNI", 10)],
    )
    assert [s["order"] for s in result["skipped"]] == ["change 10 ARM into KNI in 1"]
    assert result["wood"] == 100
    assert troops(result, 1) == {"arm": 12}


def test_a_change_the_attacks_leave_some_arm_for_changes_those_and_pays_for_those() -> None:
    """10 of the 12 ARM attack: the change of 10 ARM into KNI finds 2 and changes them, at
    5 WOOD each, as the turn does; it is no line that would not run."""
    result = forecast(
        INTERMEDIATE,
        intermediate(),
        attack=[attack(1, 2, 10)],
        upgrade_troops=[change(1, "ARM", "KNI", 10)],
    )
    assert result["skipped"] == []
    assert result["wood"] == 90
    assert troops(result, 1) == {"arm": 10, "kni": 2}


def test_a_change_the_attacks_leave_the_arm_for_is_forecast_as_before() -> None:
    result = forecast(
        INTERMEDIATE,
        intermediate(),
        attack=[attack(1, 2, 2)],
        upgrade_troops=[change(1, "ARM", "KNI", 10)],
    )
    assert result["wood"] == 50
    assert troops(result, 1) == {"arm": 2, "kni": 10}


@pytest.mark.parametrize("ruleset", [STANDARD, WOK4, INTERMEDIATE], ids=lambda r: r.name)
def test_a_move_takes_only_the_armies_the_attacks_leave(ruleset: WokRuleset) -> None:
    """3 of the 5 ARM of province 1 attack: the move of 5 ARM to 6 takes the 2 left. The
    table moved all 5 to 6 and showed none in 1, beside the attack's 3 it keeps at home."""
    state = make_state()
    empty(state, 1, 1, pop=10, arm=5)
    empty(state, 6, 1, pop=10)
    result = forecast(ruleset, state, attack=[attack(1, 2, 3)], move=[move(1, 6, "ARM", 5)])
    assert troops(result, 1) == {"arm": 3}
    assert troops(result, 6) == {"arm": 2}


@pytest.mark.parametrize("ruleset", [STANDARD, WOK4, INTERMEDIATE], ids=lambda r: r.name)
def test_a_move_into_the_province_attacked_from_one_the_attacks_empty_would_not_run(
    ruleset: WokRuleset,
) -> None:
    """press49's Bob: `A1: 1 2 6`, `A2: 1 5 9` (every ARM of province 1) and `M1: 1 2 3 10`
    (10 ARM from 1 into 2, which A1 may take). His confirmation counted the move among the
    'orders in a province your attacks may take', and the line's note said it 'runs only if'
    the attack takes 2; the attacks took 2 and the turn skipped the move all the same: 'no
    ARM in province 1 Ardwenny'. Whether 2 falls or not, the move finds no ARM."""
    state = make_state()
    empty(state, 1, 1, pop=10, arm=5)
    result = forecast(ruleset, state, attack=[attack(1, 2, 5)], move=[move(1, 2, "ARM", 3)])
    assert [(s["order"], s["reason"]) for s in result["skipped"]] == [
        (
            "move 3 ARM from 1 to 2",
            "no ARM in province 1 Prov1 once your attacks from it have sent their troops",
        )
    ]
    assert result["later"] == ["1 attack"]
    kept = forecast(ruleset, state, attack=[attack(1, 2, 3)], move=[move(1, 2, "ARM", 5)])
    assert kept["skipped"] == []  # 2 ARM stay for it: it runs if the attack takes 2
    assert kept["later"] == ["1 attack", "1 order in a province your attacks may take"]
