"""The confirmation's forecast of a spy line sent from a province with no spies: the line
was confirmed ``ok``, the forecast counted it among the ``3 spy operations`` decided when
the turn runs, and the report then said ``Not executed (10 spying): spy province in 9 from
18: no spies left in province 18 Prov18 (no spies sent).`` Nothing but the player's own orders
brings spies to his province before the spying, and the forecast has run them: it says
such a line would not run, as it says a bombing without missiles."""

from __future__ import annotations

import pytest

from tests.rules.builders import empty, make_state
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.core.jsondata import Json
from wtg.rules.wok.ruleset import WokRuleset


@pytest.mark.parametrize("ruleset", [STANDARD, WOK4, INTERMEDIATE], ids=lambda r: r.name)
def test_a_spy_line_from_a_province_without_spies_would_not_run(ruleset: WokRuleset) -> None:
    state = make_state()
    empty(state, 1, 1, pop=10, arm=10, spy=0)
    empty(state, 3, 1, pop=10, spy=4)
    empty(state, 2, 2, pop=10, arm=3)
    given: dict[str, Json] = {
        "player": 1,
        "attack": [{"from": 1, "to": 6, "armies": 10}],
        "spy": [
            {"from": 1, "to": 2, "op": 1, "spies": 3},
            {"from": 3, "to": 2, "op": 1, "spies": 3},
            {"from": 6, "to": 2, "op": 1, "spies": 3},
        ],
    }
    said = ruleset.forecast(state, given, 1)
    assert [(s["order"], s["reason"]) for s in said["skipped"]] == [  # type: ignore[attr-defined]
        ("spy operation on 2 from 1", "no spies left in province 1 Prov1")
    ]
    assert said["later"] == ["1 attack", "2 spy operations"]


def test_spies_the_player_moves_there_first_are_counted() -> None:
    """Movement comes before the spying: spies moved into the province go on the mission."""
    state = make_state()
    empty(state, 1, 1, pop=10, spy=0)
    empty(state, 6, 1, pop=10, spy=4)
    empty(state, 2, 2, pop=10, arm=3)
    given: dict[str, Json] = {
        "player": 1,
        "move": [{"from": 6, "to": 1, "unit": "SPY", "amount": 2}],
        "spy": [{"from": 1, "to": 2, "op": 1, "spies": 2}],
    }
    said = STANDARD.forecast(state, given, 1)
    assert said["skipped"] == []
    assert said["later"] == ["1 spy operation"]
