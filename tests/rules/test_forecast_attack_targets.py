"""The confirmation's forecast of orders in a province an attack line of the player's may
take: the line was confirmed ``ok ... this order runs only if it does``, and the forecast
then said ``Would not run: transform 20 POP->ARM in 16: province 16 Prov16 is not yours.`` of
what the turn did run once the attack won. Who wins is decided when the turn runs, so
the forecast counts such orders there; a bombing from that province is still said as
one that would not run (bombing comes before the attack)."""

from __future__ import annotations

import pytest

from tests.rules.builders import empty, make_state
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.core.jsondata import Json
from wtg.rules.wok.ruleset import WokRuleset


@pytest.mark.parametrize("ruleset", [STANDARD, WOK4, INTERMEDIATE], ids=lambda r: r.name)
def test_orders_in_a_province_an_attack_may_take_are_decided_when_the_turn_runs(
    ruleset: WokRuleset,
) -> None:
    state = make_state()
    empty(state, 1, 1, pop=100, wok=20, arm=20)
    given: dict[str, Json] = {
        "player": 1,
        "bomb": [{"from": 6, "to": 11, "missiles": 5}],
        "attack": [{"from": 1, "to": 6, "armies": 20}, {"from": 6, "to": 11, "armies": 9}],
        "transform": [{"province": 6, "kind": "POP-ARM", "amount": 20}],
        "move": [
            {"from": 1, "to": 6, "unit": "POP", "amount": 10},
            {"from": 3, "to": 4, "unit": "POP", "amount": 10},
        ],
        "aim": [{"province": 11, "aim": "DEF"}],
    }
    said = ruleset.forecast(state, given, 1)
    assert [(s["order"], s["reason"]) for s in said["skipped"]] == [  # type: ignore[attr-defined]
        ("bomb 11 from 6 with 5 missiles", "province 6 Prov6 is not yours"),
        ("move 10 POP from 3 to 4", "province 3 Prov3 is not yours"),
    ]
    assert said["later"] == [
        "2 attacks",
        "3 orders in provinces your attacks may take",
    ]
