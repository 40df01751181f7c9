"""The confirmation's forecast of an attack from a province its earlier attack lines have
emptied: WoK IV confirmed 'ok A2: 19 16 5: attack 2 of 3; note: no ARM in province 19
after your earlier attack lines from it: this attack finds none there and does not run',
and its forecast then counted '2 attacks' as decided when the turn runs; the report said
'Not executed (II attacks): attack 16 from 19 with 5 armies: no armies left in province
19.' An attack takes the armies it sends whether it wins or fails, and nothing brings
armies to the province before the attacks: the forecast says it would not run."""

from __future__ import annotations

import pytest

from tests.rules.builders import empty, make_state
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.core.jsondata import Json
from wtg.rules.wok.ruleset import WokRuleset


@pytest.mark.parametrize("ruleset", [STANDARD, WOK4, INTERMEDIATE], ids=lambda r: r.name)
def test_an_attack_from_a_province_emptied_by_earlier_lines_would_not_run(
    ruleset: WokRuleset,
) -> None:
    state = make_state()
    empty(state, 1, 1, pop=10, arm=12)
    empty(state, 7, 1, pop=10, arm=12)
    given: dict[str, Json] = {
        "player": 1,
        "attack": [
            {"from": 1, "to": 2, "armies": 12},
            {"from": 1, "to": 6, "armies": 5},
            {"from": 7, "to": 8, "armies": 5},
            {"from": 7, "to": 12, "armies": 5},
            {"from": 2, "to": 3, "armies": 5},
        ],
        "transform": [{"province": 1, "kind": "POP-ARM", "amount": 8}],
    }
    said = ruleset.forecast(state, given, 1)
    sent = "troops" if ruleset is INTERMEDIATE else "armies"  # its ruling 31
    assert [(s["order"], s["reason"]) for s in said["skipped"]] == [  # type: ignore[attr-defined]
        ("attack on 6 from 1", f"no {sent} left in province 1 Prov1")
    ]
    # Standard and Intermediate stop once the 3 attacks of tech level 0 have run: the
    # fifth line never runs; WoK IV's turn runs every line its order file holds
    assert said["later"] == ["4 attacks" if ruleset is WOK4 else "3 attacks"]


@pytest.mark.parametrize("ruleset", [STANDARD, WOK4, INTERMEDIATE], ids=lambda r: r.name)
def test_attack_lines_past_the_form_s_limit_send_no_armies(ruleset: WokRuleset) -> None:
    """A form has seven attack lines and a line past them is rejected: it is no order. The
    forecast's count of armies left took its armies all the same, and an eighth line from a
    province the first seven emptied was said as 'no armies left', and counted among the
    attacks decided when the turn runs; the turn takes the first seven only."""
    state = make_state()
    empty(state, 1, 1, pop=10, arm=7)
    lines: list[Json] = [{"from": 1, "to": 2 if n % 2 else 6, "armies": 1} for n in range(7)]
    lines.append({"from": 1, "to": 2, "armies": 1})
    said = ruleset.forecast(state, {"player": 1, "attack": lines}, 1)
    assert said["skipped"] == []
    assert said["later"] == ["7 attacks" if ruleset is WOK4 else "3 attacks"]


@pytest.mark.parametrize("ruleset", [STANDARD, WOK4, INTERMEDIATE], ids=lambda r: r.name)
def test_attack_lines_past_the_tech_s_attacks_send_no_armies(ruleset: WokRuleset) -> None:
    """At tech level 0 a player has 3 attacks, and Standard's and Intermediate's turn stops
    once 3 valid lines have run: the fourth line, from province 1, never runs and takes
    none of its 5 ARM, so the fifth, from 1 as well, is no line that 'finds no armies
    left' (the forecast said so, and counted both among the attacks decided when the turn
    runs: '4 attacks'). WoK IV's order file holds the lines that count, and its turn runs
    each: there the fourth sends its armies and the fifth finds none."""
    state = make_state()
    empty(state, 1, 1, pop=10, arm=5)
    empty(state, 7, 1, pop=10, arm=12)
    lines: list[Json] = [
        {"from": 7, "to": 8, "armies": 1},
        {"from": 7, "to": 12, "armies": 1},
        {"from": 7, "to": 2, "armies": 1},
        {"from": 1, "to": 6, "armies": 5},
        {"from": 1, "to": 6, "armies": 5},
    ]
    said = ruleset.forecast(state, {"player": 1, "attack": lines}, 1)
    skipped = [(s["order"], s["reason"]) for s in said["skipped"]]  # type: ignore[attr-defined]
    if ruleset is WOK4:
        assert skipped == [("attack on 6 from 1", "no armies left in province 1 Prov1")]
        assert said["later"] == ["4 attacks"]
    else:
        assert skipped == []
        assert said["later"] == ["3 attacks"]


@pytest.mark.parametrize("ruleset", [STANDARD, INTERMEDIATE], ids=lambda r: r.name)
def test_a_protected_target_past_the_attacks_is_not_said(ruleset: WokRuleset) -> None:
    """A line the turn never comes to is not said cancelled by headhunting protection
    either: the turn says nothing of it."""
    state = make_state()
    empty(state, 7, 1, pop=10, arm=12)
    empty(state, 13, 2, pop=10, arm=1)
    state.protected, state.protection = [13], 10
    lines: list[Json] = [
        {"from": 7, "to": 8, "armies": 1},
        {"from": 7, "to": 12, "armies": 1},
        {"from": 7, "to": 2, "armies": 1},
        {"from": 7, "to": 13, "armies": 1},
    ]
    said = ruleset.forecast(state, {"player": 1, "attack": lines}, 1)
    assert said["skipped"] == []
    assert said["later"] == ["3 attacks"]
    first = ruleset.forecast(state, {"player": 1, "attack": lines[3:]}, 1)
    assert [s["order"] for s in first["skipped"]] == ["attack on 13 from 7"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("ruleset", [STANDARD, WOK4, INTERMEDIATE], ids=lambda r: r.name)
def test_spy_and_bombing_lines_past_their_limits_are_not_counted(ruleset: WokRuleset) -> None:
    """The turn takes the first 5 spy and 5 bombing lines ("a maximum of 5 spying
    instructions", "up to 5 rounds of bombing instructions"): a sixth is no order. The
    forecast said a sixth spy line from a province without spies would not run, and
    counted 6 of each among what the turn decides."""
    state = make_state()
    empty(state, 1, 1, pop=10, mis=12, spy=5)
    empty(state, 7, 1, pop=10)
    empty(state, 2, 2, pop=10, arm=1)
    spies: list[Json] = [{"from": 1, "to": 2, "op": 1, "spies": 1}] * 5
    spies.append({"from": 7, "to": 2, "op": 1, "spies": 1})
    bombs: list[Json] = [{"from": 1, "to": 2, "missiles": 2}] * 6
    said = ruleset.forecast(state, {"player": 1, "spy": spies, "bomb": bombs}, 1)
    assert said["skipped"] == []
    assert said["later"] == ["5 bombing orders", "5 spy operations"]
