"""Fortifying armies: one move at the end of the turn, to a neighbour of one's own."""

from __future__ import annotations

from tests.rules.wisk.helpers import (
    ALASKA,
    ALBERTA,
    JAPAN,
    KAMCHATKA,
    NW_TERRITORY,
    board_state,
    kinds,
    put,
    run,
)
from wtg.rules.wisk.state import WiskState

PLACE = {"place": [{"territory": JAPAN, "armies": 3}]}


def north() -> WiskState:
    state = board_state(owners={ALASKA: 1, ALBERTA: 1, NW_TERRITORY: 1, JAPAN: 1})
    put(state, ALASKA, 1, 6)
    return state


def test_fortify_to_a_neighbour_leaving_one_behind() -> None:
    """ "you can fortify your enemy from one of your territory the another of your own
    territory next to it ... Remember you should remain at least one army at the original
    territory." """
    result = run(north(), {**PLACE, "fortify": {"from": ALASKA, "to": ALBERTA, "armies": 4}})
    assert (result.state.armies(ALASKA), result.state.armies(ALBERTA)) == (2, 5)
    (moved,) = kinds(result, "fortified")
    assert moved["armies"] == 4


def test_asking_for_too_many_moves_all_but_one() -> None:
    result = run(north(), {**PLACE, "fortify": {"from": ALASKA, "to": ALBERTA, "armies": 50}})
    assert (result.state.armies(ALASKA), result.state.armies(ALBERTA)) == (1, 6)


def test_not_to_a_territory_that_is_not_next_to_it() -> None:
    state = north()
    result = run(state, {**PLACE, "fortify": {"from": ALASKA, "to": JAPAN, "armies": 2}})
    assert result.state.armies(ALASKA) == 6
    assert (
        kinds(result, "order_skipped")[0]["reason"]
        == f"territory Japan ({JAPAN}) is not next to Alaska ({ALASKA})"
    )


def test_not_to_an_enemy_territory() -> None:
    result = run(north(), {**PLACE, "fortify": {"from": ALASKA, "to": KAMCHATKA, "armies": 2}})
    assert result.state.owner(KAMCHATKA) == 2
    assert kinds(result, "order_skipped")[0]["reason"] == (
        f"territories Alaska ({ALASKA}) and Kamchatka ({KAMCHATKA}) must both be yours"
    )


def test_no_fortification_is_fine() -> None:
    """ "Of course you can select not to fortify any of you army and simply end the turn." """
    result = run(north(), PLACE)
    assert kinds(result, "fortified") == []
    assert result.state.armies(ALASKA) == 6


def test_a_single_army_cannot_move() -> None:
    state = north()
    result = run(state, {**PLACE, "fortify": {"from": ALBERTA, "to": ALASKA, "armies": 1}})
    assert (
        kinds(result, "order_skipped")[0]["reason"]
        == f"territory Alberta ({ALBERTA}) has only 1 army"
    )
