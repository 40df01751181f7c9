"""Turns one after another: who moves, who is waited for, passing, the assignment stages."""

from __future__ import annotations

import random

from tests.rules.wisk.helpers import ALASKA, JAPAN, board_state, kinds, new_game, put, run
from wtg.rules.wisk import RULESET
from wtg.rules.wisk.state import CLAIMING, DEAD, PLACING, PLAYING, WiskState


def advance(state: WiskState, seed: int = 1) -> WiskState:
    """The active player's turn: a human's empty orders, a robot's own."""
    orders = RULESET.robot_orders(state) or {
        state.active: {"player": state.active, "turn": state.turn + 1}
    }
    after: WiskState = RULESET.resolve(state, orders, random.Random(seed)).state
    return after


def test_play_goes_clockwise_from_the_first_player() -> None:
    """ "and then play clockwise in turn" """
    state = new_game(3)
    seen = []
    for _ in range(6):
        seen.append(state.active)
        state = advance(state)
    assert seen == [1, 2, 3, 1, 2, 3]
    assert state.turn == 6


def test_an_eliminated_player_is_skipped() -> None:
    state = board_state(players=3, owners={ALASKA: 1, JAPAN: 3})
    state.player(2).status = DEAD
    state = advance(state)
    assert state.active == 3


def test_the_turn_waits_for_the_active_human_only() -> None:
    """Issue 6: owing() is the active player; a robot's turn waits for nobody."""
    state = new_game(2, robots=1)
    assert RULESET.owing(state) == [1]
    assert RULESET.robot_orders(state) == {}
    state = advance(advance(state))
    assert state.active == 3
    assert RULESET.owing(state) == []
    planned = RULESET.robot_orders(state)
    assert list(planned) == [3] and planned[3]["turn"] == state.turn + 1


def test_a_human_without_orders_passes() -> None:
    """Issue 6: "A missing human can be played by a robot for that turn, as a game option,
    or passes." """
    state = new_game(3)
    before = [h.armies for h in state.holdings]
    result = RULESET.resolve(state, {}, random.Random(1))
    assert [e["reason"] for e in kinds(result, "turn_passed")] == ["no orders"]
    assert [h.armies for h in result.state.holdings] == before
    assert result.state.player(1).missed == 1
    assert result.state.active == 2


def test_a_robot_stands_in_for_a_missing_human_when_the_game_says_so() -> None:
    state = new_game(3, missing="robot")
    result = RULESET.resolve(state, {}, random.Random(1))
    (began,) = kinds(result, "turn_began")
    assert began["stand_in"] is True
    placed = sum(e["armies"] for e in kinds(result, "placed"))
    assert placed == 4  # 14 territories: 4 new armies, placed by the robot
    assert result.state.player(1).missed == 1  # he sent no orders all the same


def test_orders_reset_the_missed_count() -> None:
    state = new_game(3)
    state.player(1).missed = 2
    result = run(state, {})
    assert result.state.player(1).missed == 0


def test_claiming_one_territory_a_turn_then_placing_then_play() -> None:
    """ "Each player use an army to claim an unoccupied terriotries in turn. After all the 42
    territories have been claimed, players need to assignment the rest of the army"; a
    claim nobody makes is made for him (rulings 5 and 16)."""
    state = new_game(3, assignment="claim")
    first = run(state, {"place": [{"territory": ALASKA, "armies": 1}]}).state
    assert first.owner(ALASKA) == 1 and first.armies(ALASKA) == 1
    assert first.player(1).to_place == 34 and first.active == 2
    # player 2 names Alaska (taken) and then Japan: Japan is his
    second = run(
        first, {"place": [{"territory": ALASKA, "armies": 1}, {"territory": JAPAN, "armies": 1}]}
    )
    assert second.state.owner(JAPAN) == 2
    assert kinds(second, "order_skipped")[0]["reason"] == f"territory {ALASKA} is not free"
    state = second.state
    while state.stage == CLAIMING:
        state = advance(state)
    assert state.turn == 42
    assert all(h.owner for h in state.holdings)
    assert state.stage == PLACING and state.active == 1
    for pid in (1, 2, 3):
        assert state.active == pid
        state = advance(state)
    assert state.stage == PLAYING and state.active == 1
    assert all(p.to_place == 0 for p in state.players)
    assert sum(h.armies for h in state.holdings) == 3 * 35


def test_semi_automatic_each_player_places_the_rest_on_one_aof() -> None:
    state = new_game(2, robots=1, assignment="semi")
    mine = state.territories_of(1)
    result = run(
        state,
        {"place": [{"territory": mine[0], "armies": 15}, {"territory": mine[1], "armies": 99}]},
    )
    after = result.state
    assert after.armies(mine[0]) == 16
    assert after.armies(mine[1]) == 1 + 35 - 14 - 15
    assert after.player(1).to_place == 0 and after.active == 2
    skipped = kinds(result, "order_skipped")
    assert skipped[0]["reason"] == "only 6 armies were left to place"
    after = advance(advance(after))
    assert after.stage == PLAYING and after.active == 1
    assert all(
        sum(after.armies(t) for t in after.territories_of(p.id)) == 35 for p in after.players
    )


def test_a_claim_or_placement_nobody_makes_is_made_for_him() -> None:
    """Ruling 16: starting armies cannot wait for a missing player."""
    state = new_game(3, assignment="semi")
    result = RULESET.resolve(state, {}, random.Random(1))
    assert result.state.player(1).to_place == 0
    assert result.state.player(1).missed == 1
    (left,) = kinds(result, "placed")
    assert left["why"] == "left over" and left["armies"] == 21


def test_the_game_is_over_for_nobody_to_move() -> None:
    state = board_state(owners={ALASKA: 1})
    put(state, ALASKA, 1, 5)
    state.winner = 1
    assert RULESET.is_over(state)
    assert RULESET.owing(state) == []
    assert RULESET.robot_orders(state) == {}
