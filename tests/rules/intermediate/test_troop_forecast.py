"""The confirmation's forecast of an Upgrade Troops line in a province whose troops of its
kind the player's own attacks send away: it was forecast as if it ran (the forecast leaves
the attacks to the turn, and its table keeps their troops at home), with no word, and the
turn then skipped it ('no ARM in province 1 Prov1'). Attacks (phase 3) take the troops they send,
won or lost, ARM first; Upgrade Troops is phase 7."""

from __future__ import annotations

from typing import Any

from tests.rules.builders import empty, make_state
from tests.shipped import INTERMEDIATE
from wtg.core.jsondata import Json
from wtg.rules.wok.state import WokState


def said(state: WokState, **orders: Json) -> list[tuple[str, str]]:
    forecast: dict[str, Any] = INTERMEDIATE.forecast(state, {"player": 1, **orders}, 1)
    return [(s["order"], s["reason"]) for s in forecast["skipped"]]


def change(province: int, source: str, target: str, amount: int) -> dict[str, Json]:
    return {"province": province, "from": source, "to": target, "amount": amount}


def attack(source: int, target: int, armies: int) -> dict[str, Json]:
    return {"from": source, "to": target, "armies": armies}


def mine() -> WokState:
    state = make_state()
    state.player(1).wood = 100
    empty(state, 1, 1, pop=10, arm=12)
    empty(state, 7, 1, pop=10, arm=12)
    return state


def test_an_upgrade_of_the_arm_the_attacks_send_away_would_not_run() -> None:
    lines: list[Json] = [change(1, "ARM", "KNI", 5), change(7, "ARM", "KNI", 5)]
    assert said(mine(), attack=[attack(1, 2, 12)], upgrade_troops=lines) == [
        (
            "change 5 ARM into KNI in 1",
            "no ARM in province 1 Prov1 once your attacks from it have sent their troops",
        )
    ]


def test_an_upgrade_the_attacks_leave_troops_for_runs_as_before() -> None:
    lines: list[Json] = [change(1, "ARM", "KNI", 5)]
    assert said(mine(), attack=[attack(1, 2, 7)], upgrade_troops=lines) == []
    assert said(mine(), upgrade_troops=lines) == []


def test_a_transformation_that_makes_arm_after_the_attacks_lets_it_run() -> None:
    """Transformations are phase 6: POP->ARM makes ARM where the attacks took them all."""
    transform: list[Json] = [{"province": 1, "kind": "POP-ARM", "amount": 8}]
    lines: list[Json] = [change(1, "ARM", "KNI", 1)]
    assert said(mine(), attack=[attack(1, 2, 12)], transform=transform, upgrade_troops=lines) == []


def test_the_attacks_send_arm_first_then_the_other_kinds() -> None:
    state = mine()
    empty(state, 1, 1, pop=10, arm=5, pik=3)
    lines: list[Json] = [change(1, "PIK", "KNI", 2), change(1, "ARM", "ARC", 1)]
    assert said(state, attack=[attack(1, 2, 6)], upgrade_troops=lines) == [
        (
            "change 1 ARM into ARC in 1",
            "no ARM in province 1 Prov1 once your attacks from it have sent their troops",
        )
    ]


def move(source: int, target: int, unit: str, amount: int) -> dict[str, Json]:
    return {"from": source, "to": target, "unit": unit, "amount": amount}


def test_a_move_of_the_troops_the_attacks_send_away_would_not_run() -> None:
    """A move of 3 KNI out of province 1 beside an attack from 1 that sends every KNI there
    was confirmed with no word, and its forecast table moved them; the turn skips it.
    Moves are phase 9, after the attacks (phase 3): a move of troops out of a province the
    attacks leave without them would not run, and says why. One the attacks leave a KNI
    for moves it, as the turn does."""
    state = mine()
    empty(state, 1, 1, pop=10, arm=5, kni=3)
    empty(state, 6, 1)
    moves: list[Json] = [move(1, 6, "KNI", 3), move(7, 6, "ARM", 2), move(1, 6, "POP", 4)]
    assert said(state, attack=[attack(1, 2, 8)], move=moves) == [
        (
            "move 3 KNI from 1 to 6",
            "no KNI in province 1 Prov1 once your attacks from it have sent their troops",
        )
    ]
    assert said(state, attack=[attack(1, 2, 7)], move=moves) == []  # 1 KNI stays: it moves
    assert said(state, move=moves) == []
