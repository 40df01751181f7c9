"""A player's order in a province his last report showed his was skipped with 'province 1
Prov1 is not yours', and he was puzzled: it was his. It was lost this turn, to an attack
before the order's phase, and the turn knows it (who owned each province when it began):
the reason says so ('province 1 Prov1 is not yours: lost this turn'); a province that was
never his this turn is said as before."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.builders import empty, make_state, orders, run, run_standard
from wtg.rules.wok.state import WokState


def lost_board() -> WokState:
    """Player 1 holds 1 (empty of armies, with spies) and 6 (armies to move); player 2 holds
    2, next to 1, with armies enough to take it."""
    state = make_state()
    empty(state, 1, 1, pop=40, spy=5)
    empty(state, 6, 1, pop=10, arm=10)
    empty(state, 2, 2, pop=10, arm=200)
    return state


def skipped(result: Any, player: int) -> dict[str, str]:
    return {
        e.order: e.reason for e in result.events if e.kind == "order_skipped" and e.player == player
    }


@pytest.mark.parametrize("resolve", [run_standard, run], ids=["standard", "wok4"])
def test_an_order_in_a_province_lost_this_turn_says_so(resolve: Any) -> None:
    result = resolve(
        lost_board(),
        orders(
            1,
            transform=[{"province": 1, "kind": "POP-ARM", "amount": 8}],
            move=[{"from": 6, "to": 1, "unit": "ARM", "amount": 5}],
        ),
        orders(2, attack=[{"from": 2, "to": 1, "armies": 200}]),
    )
    assert result.state.province(1).owner == 2
    reasons = skipped(result, 1)
    (transform,) = [r for o, r in reasons.items() if o.startswith("transform")]
    assert transform == "province 1 Prov1 is not yours: lost this turn"
    (move,) = [r for o, r in reasons.items() if o.startswith("move")]
    assert move == "province 1 Prov1 is not yours: lost this turn, so your units were halted"


def test_a_spy_operation_from_a_province_lost_this_turn_says_so() -> None:
    """WoK IV's spying runs after the attacks."""
    result = run(
        lost_board(),
        orders(1, spy=[{"from": 1, "to": 2, "op": 1, "spies": 5}]),
        orders(2, attack=[{"from": 2, "to": 1, "armies": 200}]),
    )
    assert list(skipped(result, 1).values()) == [
        "province 1 Prov1 is not yours: lost this turn (no spies lost)"
    ]


def test_a_province_never_his_this_turn_is_only_not_his() -> None:
    result = run_standard(
        lost_board(), orders(1, transform=[{"province": 13, "kind": "POP-ARM", "amount": 8}])
    )
    assert list(skipped(result, 1).values()) == ["province 13 Prov13 is not yours"]
