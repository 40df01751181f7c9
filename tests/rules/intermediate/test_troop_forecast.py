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
