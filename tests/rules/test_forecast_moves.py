"""The confirmation's forecast of a move out of a province the player's own attacks empty:
Standard and WoK IV confirmed `M1: 1 6 ARM 5` beside an attack from province 1 sending all
its 5 ARM with no word (the forecast leaves the attacks to the turn, and its table keeps
their armies at home), and the turn then skipped the move ('no ARM in province 1').
Intermediate said it would not run; every WoK ruleset moves after attacking, and an
attack takes the armies it sends, won or lost: each says it the same way."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.builders import empty, make_state
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.core.jsondata import Json
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import WokState

RULESETS = [STANDARD, WOK4, INTERMEDIATE]
EMPTIED = "no ARM in province 1 Prov1 once your attacks from it have sent their troops"


def said(ruleset: WokRuleset, state: WokState, **orders: Json) -> list[tuple[str, str]]:
    forecast: dict[str, Any] = ruleset.forecast(state, {"player": 1, **orders}, 1)
    return [(s["order"], s["reason"]) for s in forecast["skipped"]]


def attack(source: int, target: int, armies: int) -> dict[str, Json]:
    return {"from": source, "to": target, "armies": armies}


def move(source: int, target: int, unit: str, amount: int) -> dict[str, Json]:
    return {"from": source, "to": target, "unit": unit, "amount": amount}


def mine() -> WokState:
    state = make_state()
    empty(state, 1, 1, pop=10, arm=5)
    empty(state, 6, 1, pop=10)
    empty(state, 7, 1, pop=10, arm=12)
    return state


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_a_move_of_the_armies_the_attacks_send_away_would_not_run(ruleset: WokRuleset) -> None:
    moves: list[Json] = [move(1, 6, "ARM", 5), move(7, 6, "ARM", 2), move(1, 6, "POP", 4)]
    assert said(ruleset, mine(), attack=[attack(1, 2, 5)], move=moves) == [
        ("move 5 ARM from 1 to 6", EMPTIED)
    ]
    assert said(ruleset, mine(), move=moves) == []


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_a_move_the_attacks_leave_armies_for_runs(ruleset: WokRuleset) -> None:
    """3 of the 5 ARM attack: the move takes the 2 left, as the turn does."""
    lines: list[Json] = [move(1, 6, "ARM", 5)]
    assert said(ruleset, mine(), attack=[attack(1, 2, 3)], move=lines) == []


@pytest.mark.parametrize("ruleset", [STANDARD, INTERMEDIATE], ids=lambda r: r.name)
def test_an_attack_line_past_the_limit_sends_nothing(ruleset: WokRuleset) -> None:
    """At tech level 0 three attack lines count: a fourth, from province 1, never runs,
    and the move out of 1 finds its armies."""
    state = mine()
    attacks: list[Json] = [attack(7, 8, 1), attack(7, 12, 1), attack(7, 2, 1), attack(1, 2, 5)]
    assert said(ruleset, state, attack=attacks, move=[move(1, 6, "ARM", 5)]) == []


def test_standard_counts_the_attacks_by_the_tech_the_turn_starts_with() -> None:
    """Standard's upgrades are phase 9, after the attacks (phase 2): an upgrade line this
    turn does not let a fourth attack line run (Intermediate's phase 1 upgrades do)."""
    state = mine()
    state.player(1).gold = 1000
    attacks: list[Json] = [attack(7, 8, 1), attack(7, 12, 1), attack(7, 2, 1), attack(1, 2, 5)]
    lines: list[Json] = [move(1, 6, "ARM", 5)]
    assert said(STANDARD, state, attack=attacks, move=lines, upgrade=["TECH"]) == []
    raised: dict[str, Any] = STANDARD.forecast(state, {"player": 1, "upgrade": ["TECH"]}, 1)
    assert raised["tech"] == 1  # the forecast's tech is after the upgrade
