"""The WoK rulesets' reasons and notes name a province as the report's events and PROVINCES
table do, its number and its name (``2 Minsk``), not by its number alone: the player reads
which province is meant without looking the number up (as WISK's name territories)."""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import empty, give, make_state
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.core.jsondata import Json
from wtg.core.orders import RawEntry
from wtg.rules.wok.events import OrderSkipped
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import WokState

NAMES = {1: "Kiev", 2: "Minsk", 3: "Riga", 6: "Vilnius", 7: "Tallinn", 9: "Warsaw"}
RULESETS = [STANDARD, INTERMEDIATE, WOK4]


def named_state() -> WokState:
    """Player 1 holds 1 Kiev (next to 2 Minsk and 6 Vilnius); the others are neutral."""
    state = make_state()
    for pid, name in NAMES.items():
        state.province(pid).name = name
    give(state, 1, 1, arm=20)
    return state


def line(section: str, **values: int) -> RawEntry:
    return RawEntry(section=section, values=dict(values), position=1, line=10)


def test_named_is_the_number_and_the_name_or_the_number_alone_off_the_map() -> None:
    state = named_state()
    assert state.named(2) == "2 Minsk"
    assert state.named(77) == "77"
    assert state.named(0) == "0"


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_a_rejected_line_names_the_province(ruleset: WokRuleset) -> None:
    state = named_state()
    verdicts = ruleset.accept(
        [
            line("attack", **{"from": 2, "to": 3, "armies": 5}),
            line("attack", **{"from": 1, "to": 9, "armies": 5}),
        ],
        state,
        1,
    ).verdicts
    first, second = (v.reason for v in verdicts)
    assert first.startswith("province 2 Minsk is not yours (it is neutral): ")
    assert second.startswith(
        "province 9 Warsaw is not next to 1 Kiev (its neighbours are 2 Minsk, 6 Vilnius)"
    )


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_a_note_names_the_province(ruleset: WokRuleset) -> None:
    state = named_state()
    verdicts = ruleset.accept(
        [
            line("attack", **{"from": 1, "to": 2, "armies": 5}),
            line("spy", **{"from": 1, "to": 7, "op": 1, "spies": 2}),
        ],
        state,
        1,
    ).verdicts
    assert verdicts[0].accepted
    assert "province 7 Tallinn is neutral now" in verdicts[1].reason


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_an_order_skipped_when_the_turn_runs_names_the_province(ruleset: WokRuleset) -> None:
    state = named_state()
    empty(state, 3, 2, mis=9)
    give(state, 6, 2)
    orders: dict[int, dict[str, Json]] = {
        1: {"player": 1, "bomb": [{"from": 3, "to": 2, "missiles": 5}]}
    }
    result = ruleset.resolve(state, orders, random.Random(1))
    reasons = [e.reason for e in result.events if isinstance(e, OrderSkipped)]
    assert reasons == ["province 3 Riga is not yours"]
