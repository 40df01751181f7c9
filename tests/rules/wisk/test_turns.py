"""Turns one after another: who moves, who is waited for, passing, the assignment stages."""

from __future__ import annotations

import random

from tests.rules.wisk.helpers import (
    ALASKA,
    JAPAN,
    board_state,
    give_cards,
    kinds,
    new_game,
    put,
    run,
)
from tests.shipped import WISK as RULESET
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


def test_a_human_without_orders_gets_his_new_armies_placed_as_a_robot_would() -> None:
    """Ruling 16, the default (`--missing place`): "for every 3 territories occupied, 1 army
    can be obtained ... 3 armies is the minimum" and "If you have five or more cards, you
    must exchange armies with your card": a human who sends no orders still gets his new
    armies, placed for him on his front as a robot would place them, and trades the sets
    he must; he does not attack or fortify."""
    state = new_game(3)
    assert state.options.missing == "place"
    give_cards(state, 1, 1, 2, 3, 4, 5)  # five cards: a set must be traded
    before = sum(state.armies(t) for t in state.territories_of(1))
    result = RULESET.resolve(state, {}, random.Random(1))
    after = result.state
    (began,) = kinds(result, "turn_began")
    assert began["stand_in"] is False
    assert [e["player"] for e in kinds(result, "placed_for_missing")] == [1]
    traded = kinds(result, "traded")
    assert len(traded) == 1 and traded[0]["why"] == "five cards"
    (reinforced,) = kinds(result, "reinforced")
    assert reinforced["from_territories"] == 4  # 14 territories
    placed = sum(e["armies"] for e in kinds(result, "placed"))
    assert placed == reinforced["total"] + 2 * len(traded[0]["bonus"])
    assert sum(after.armies(t) for t in after.territories_of(1)) == before + placed
    assert kinds(result, "battle") == [] and kinds(result, "fortified") == []
    assert len(after.player(1).cards) == 2
    assert after.player(1).missed == 1 and after.active == 2


def test_with_missing_pass_a_human_without_orders_passes() -> None:
    """Issue 6: "A missing human can be played by a robot for that turn, as a game option,
    or passes"; `--missing pass`: no trades, no new armies (ruling 16)."""
    state = new_game(3, missing="pass")
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


def claim_all(state: WiskState) -> WiskState:
    while state.stage == CLAIMING:
        state = advance(state)
    return state


def test_claiming_one_territory_a_turn_then_one_army_a_turn_then_play() -> None:
    """ "Each player use an army to claim an unoccupied terriotries in turn. After all the 42
    territories have been claimed, players need to assignment the rest of the army to those
    previous claimed territories with 1 army in each turn. The initial assignment stage
    will be ended after all te players placed their armies." (ruling 5); a claim nobody
    makes is made for him (ruling 16)."""
    state = new_game(3, assignment="claim")
    first = run(state, {"place": [{"territory": ALASKA, "armies": 1}]}).state
    assert first.owner(ALASKA) == 1 and first.armies(ALASKA) == 1
    assert first.player(1).to_place == 34 and first.active == 2
    # player 2 names Alaska (taken) and then Japan: Japan is his
    second = run(
        first, {"place": [{"territory": ALASKA, "armies": 1}, {"territory": JAPAN, "armies": 1}]}
    )
    assert second.state.owner(JAPAN) == 2
    assert kinds(second, "order_skipped")[0]["reason"] == f"territory Alaska ({ALASKA}) is not free"
    state = claim_all(second.state)
    assert state.turn == 42
    assert all(h.owner for h in state.holdings)
    assert state.stage == PLACING and state.active == 1
    assert [p.to_place for p in state.players] == [21, 21, 21]
    # one army a turn, whatever the line asks for; the first line on a territory of his
    theirs, mine = state.territories_of(2)[0], state.territories_of(1)
    lines = [{"territory": theirs, "armies": 5}, {"territory": mine[1], "armies": 5}]
    one = run(state, {"place": [*lines, {"territory": mine[2], "armies": 1}]})
    assert [(e["territory"], e["armies"]) for e in kinds(one, "placed")] == [(mine[1], 1)]
    assert [e["reason"] for e in kinds(one, "order_skipped")] == [
        f"territory {state.board.site(theirs).name} ({theirs}) is not yours",
        "one army a turn while the starting armies are placed: 1 placed, not 5",
        f"one army a turn while the starting armies are placed: it went on {mine[1]}",
    ]
    state = one.state
    assert state.player(1).to_place == 20 and state.active == 2
    assert state.stage == PLACING
    while state.stage == PLACING:
        before = sum(p.to_place for p in state.players)
        state = advance(state)
        assert sum(p.to_place for p in state.players) == before - 1
    assert state.turn == 42 + 3 * 21
    assert state.active == 1
    assert all(p.to_place == 0 for p in state.players)
    assert sum(h.armies for h in state.holdings) == 3 * 35


def test_claim_rest_places_the_rest_on_one_aof_each() -> None:
    """Ruling 5's option `--assignment claim-rest`: "Some players complaint the initial
    assignment stage take a long time": after the claims each player in turn places all
    the rest of his armies on one AOF."""
    state = claim_all(new_game(3, assignment="claim-rest"))
    assert state.turn == 42 and state.stage == PLACING and state.active == 1
    for pid in (1, 2, 3):
        assert state.active == pid
        state = advance(state)
    assert state.stage == PLAYING and state.active == 1 and state.turn == 45
    assert all(p.to_place == 0 for p in state.players)
    assert sum(h.armies for h in state.holdings) == 3 * 35


def test_placing_goes_on_in_turn_after_the_last_claim() -> None:
    """ "with 1 army in each turn": the turns go on round the table; with four players
    the 42nd claim is player 2's, so player 3 places first."""
    state = claim_all(new_game(4, assignment="claim"))
    assert state.stage == PLACING and state.active == 3
    assert [p.to_place for p in state.players] == [19, 19, 20, 20]


def test_a_placement_nobody_makes_is_one_army_on_the_robots_front() -> None:
    """Ruling 16: the starting armies cannot wait; one a turn all the same."""
    state = claim_all(new_game(3, assignment="claim"))
    result = RULESET.resolve(state, {}, random.Random(1))
    (placed,) = kinds(result, "placed")
    assert placed["armies"] == 1 and placed["why"] == "left over"
    assert result.state.player(1).to_place == 20


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
