"""Robots: a simple, documented strategy whose orders are ordinary order files."""

from __future__ import annotations

import random
from typing import Any

from tests.rules.wisk.helpers import (
    ALASKA,
    ALBERTA,
    E_AUSTRALIA,
    INDONESIA,
    JAPAN,
    KAMCHATKA,
    NEW_GUINEA,
    NW_TERRITORY,
    W_AUSTRALIA,
    board_state,
    give_cards,
    new_game,
    put,
)
from tests.shipped import WISK as RULESET
from wtg.rules.wisk.state import WiskState
from wtg.rules.wisk.strategy import claim_choice, plan


def robot_turn(state: WiskState) -> dict[str, Any]:
    state.player(state.active).robot = True
    orders: dict[str, Any] = RULESET.robot_orders(state)[state.active]
    return orders


def test_robot_orders_are_orders_a_player_could_send() -> None:
    """Every robot order file of a whole game passes the same checks as a human's."""
    state = new_game(0, seed=4, robots=4)
    while not state.winner and state.turn < 400:
        planned = RULESET.robot_orders(state)
        entries, bad, problems = RULESET.entries_from_dict(planned[state.active])
        assert (bad, problems) == ([], [])
        acceptance = RULESET.accept(entries, state, state.active)
        assert [v.reason for v in acceptance.rejected] == []
        state = RULESET.resolve(state, planned, random.Random(state.turn)).state
    assert state.winner


def test_the_plan_depends_on_the_state_alone() -> None:
    state = new_game(0, seed=2, robots=3)
    assert plan(state, state.active) == plan(state.clone(), state.active)


def test_a_robot_trades_when_it_can() -> None:
    state = board_state(owners={ALASKA: 1, JAPAN: 1})
    give_cards(state, 1, 1, 10, 11, 2)
    orders = robot_turn(state)
    assert orders["trade"] == [[1, 10, 11]]


def test_a_robot_reinforces_toward_the_continent_it_can_complete() -> None:
    """Three of Australia's four territories are his: New Guinea (most armies) borders the
    fourth, so every new army goes there."""
    state = board_state(owners={INDONESIA: 1, NEW_GUINEA: 1, W_AUSTRALIA: 1, ALASKA: 1})
    put(state, NEW_GUINEA, 1, 4)
    put(state, ALASKA, 1, 9)
    orders = robot_turn(state)
    assert orders["place"] == [{"territory": NEW_GUINEA, "armies": 3}]
    # with 7 armies against 1 it takes Eastern Australia and moves all but one in
    assert orders["attack"][0] == {
        "from": NEW_GUINEA,
        "to": E_AUSTRALIA,
        "dice": 3,
        "until": 1,
        "move": 999,
    }


def test_a_robot_attacks_only_with_the_advantage() -> None:
    state = board_state(owners={ALASKA: 1, JAPAN: 1})
    put(state, ALASKA, 1, 2)
    put(state, JAPAN, 1, 1)
    for tid in (NW_TERRITORY, ALBERTA, KAMCHATKA):
        put(state, tid, 2, 4)
    orders = robot_turn(state)
    assert "attack" not in orders  # 2 + 3 new armies = 5: not 3 more than 4


def test_a_robot_fortifies_toward_the_front() -> None:
    state = board_state(owners={t: 1 for t in range(1, 10)})
    put(state, 6, 1, 8)  # Quebec: inland, next to Ontario, Greenland, Eastern US
    orders = robot_turn(state)
    fortify = orders["fortify"]
    assert fortify["from"] == 6 and fortify["armies"] == 7
    assert fortify["to"] in (3, 8)  # Greenland (next to Iceland), Eastern US: one step away


def test_a_robot_claims_in_the_smallest_continent_first() -> None:
    state = new_game(3, assignment="claim")
    choice = claim_choice(state, 1)
    assert state.board.site(choice).continent in ("Australia", "South America")
