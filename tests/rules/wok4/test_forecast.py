"""The forecast of an order confirmation (issue 3): the player's provinces after this turn if
nobody else acted, computed by the same phase code."""

from __future__ import annotations

from typing import Any

from tests.rules.builders import empty, make_state
from tests.shipped import WOK4 as RULESET


def test_forecast_applies_the_players_peaceful_orders() -> None:
    state = make_state()
    empty(state, 1, 1, pop=100, wok=16, arm=10, lev=1300, aim="DEF")
    empty(state, 2, 1)
    orders: dict[str, Any] = {
        "player": 1,
        "turn": state.turn + 1,
        "transform": [{"province": 1, "kind": "POP-ARM", "amount": 20}],
        "move": [{"from": 1, "to": 2, "unit": "ARM", "amount": 5}],
        "aim": [{"province": 2, "aim": "TECH"}],
        "attack": [{"from": 1, "to": 6, "armies": 3}],
    }
    before = state.to_dict()
    result: dict[str, Any] = RULESET.forecast(state, orders, 1)
    assert state.to_dict() == before  # pure: the state is not touched
    rows = {r.id: r for r in result["provinces"]}
    # 10 ARM at 1.300 + 5 new at 1.000 = 15 at 1.200; 5 move on; POP 80 grows 20%
    assert (rows[1].arm, rows[1].lev, rows[1].pop, rows[1].dfn) == (10, "1.200", 96, "0.2")
    assert (rows[2].arm, rows[2].aim) == (5, "TECH")
    assert result["later"] == ["1 attack"]
    assert result["eff"] == 99 - 2


def test_forecast_reports_orders_that_would_not_run() -> None:
    state = make_state()
    empty(state, 1, 1, pop=10)
    orders: dict[str, Any] = {
        "player": 1,
        "turn": state.turn + 1,
        "move": [{"from": 3, "to": 4, "unit": "POP", "amount": 5}],
    }
    result: dict[str, Any] = RULESET.forecast(state, orders, 1)
    assert [s["reason"] for s in result["skipped"]] == ["province 3 Prov3 is not yours"]


def test_forecast_says_a_bombing_without_missiles_would_not_run() -> None:
    """A player bombed from a province of no missiles (an order he cannot afford): the
    confirmation left the bombing to the turn, and the turn's first phase then skipped it
    for want of missiles. Bombing comes before anything could bring missiles, so the
    forecast says so; the missiles of a bombing that flies leave their province in the
    forecast, as they do in the turn."""
    state = make_state()
    empty(state, 1, 1, pop=10)
    empty(state, 6, 1, pop=10, mis=10)
    orders: dict[str, Any] = {
        "player": 1,
        "turn": state.turn + 1,
        "bomb": [
            {"from": 1, "to": 2, "missiles": 5},
            {"from": 6, "to": 7, "missiles": 4},
            {"from": 3, "to": 4, "missiles": 1},
        ],
    }
    result: dict[str, Any] = RULESET.forecast(state, orders, 1)
    assert [(s["order"], s["reason"]) for s in result["skipped"]] == [
        ("bomb 2 from 1 with 5 missiles", "no missiles left in province 1 Prov1"),
        ("bomb 4 from 3 with 1 missile", "province 3 Prov3 is not yours"),
    ]
    assert result["later"] == ["1 bombing order"]
    rows = {r.id: r for r in result["provinces"]}
    assert (rows[1].mis, rows[6].mis) == (0, 6)
