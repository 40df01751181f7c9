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


@pytest.mark.parametrize("ruleset", [STANDARD, INTERMEDIATE], ids=lambda r: r.name)
def test_an_attack_line_that_does_not_run_takes_no_attack(ruleset: WokRuleset) -> None:
    """ "Only valid orders count towards your attack limit": at tech level 0 three lines
    count, and an attack on a province of his own, one on a province not next to its
    source, one from a province not his and one from a province his earlier lines have
    emptied take none. The fourth valid line, from province 1, runs and sends its 5 ARM:
    the move out of 1 finds none (it was counted past the limit, and confirmed)."""
    state = mine()
    empty(state, 12, 1, pop=10, arm=1)
    attacks: list[Json] = [
        attack(7, 6, 1),  # his own
        attack(7, 20, 1),  # not next to 7
        attack(3, 8, 1),  # from a province not his
        attack(12, 13, 1),
        attack(12, 11, 1),  # 12's one army has gone
        attack(7, 8, 1),
        attack(1, 2, 5),
    ]
    sent = "troops" if ruleset is INTERMEDIATE else "armies"  # Intermediate's ruling 31
    assert said(ruleset, state, attack=attacks, move=[move(1, 6, "ARM", 5)]) == [
        ("attack on 11 from 12", f"no {sent} left in province 12 Prov12"),
        ("move 5 ARM from 1 to 6", EMPTIED),
    ]


@pytest.mark.parametrize("ruleset", [STANDARD, INTERMEDIATE], ids=lambda r: r.name)
def test_a_line_the_turn_skips_for_a_protected_target_takes_no_attack(
    ruleset: WokRuleset,
) -> None:
    """A home province under headhunting protection: the attack on it is cancelled (the
    forecast says so) and does not count; the third valid line, from 1, runs."""
    state = mine()
    empty(state, 8, 2, pop=10, arm=1)
    state.protected, state.protection = [8], 10
    state.province(6).arm = 1
    attacks: list[Json] = [
        attack(7, 8, 1),
        attack(7, 12, 1),
        attack(6, 11, 1),
        attack(1, 2, 5),
    ]
    found = said(ruleset, state, attack=attacks, move=[move(1, 6, "ARM", 5)])
    assert found[-1] == ("move 5 ARM from 1 to 6", EMPTIED)
    assert [order for order, _ in found] == ["attack on 8 from 7", "move 5 ARM from 1 to 6"]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_a_line_the_battles_decide_is_not_said_to_empty_its_province(
    ruleset: WokRuleset,
) -> None:
    """Province 2 is the target of an earlier line: if that battle is won, the line from 1
    finds 2 already his and sends nothing, and the move out of 1 runs; if it is lost, the
    move does not. The forecast cannot know: it does not say the move would not run."""
    attacks: list[Json] = [attack(7, 2, 1), attack(1, 2, 5)]
    assert said(ruleset, mine(), attack=attacks, move=[move(1, 6, "ARM", 5)]) == []


@pytest.mark.parametrize("ruleset", [STANDARD, INTERMEDIATE], ids=lambda r: r.name)
def test_a_line_after_lines_the_battles_decide_runs_only_if_it_fits_them_all(
    ruleset: WokRuleset,
) -> None:
    """Three lines count. 7 attacks 8, then 8 (if taken) attacks 9: whether that counts the
    battle decides. 7 attacks 12, then the line from 1 is the third valid line only if
    the one from 8 does not run: not sure, not said. With a fourth attack allowed (tech
    level 1) it runs whatever happens, and the move out of 1 is said."""
    state = mine()
    attacks: list[Json] = [attack(7, 8, 1), attack(8, 9, 1), attack(7, 12, 1), attack(1, 2, 5)]
    lines: list[Json] = [move(1, 6, "ARM", 5)]
    assert said(ruleset, state, attack=attacks, move=lines) == []
    state.player(1).tech = 1
    assert said(ruleset, state, attack=attacks, move=lines) == [("move 5 ARM from 1 to 6", EMPTIED)]
