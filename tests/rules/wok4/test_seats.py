"""Seats between turns: a new player takes over a QUIT empire (rulings, the texts have no
takeover), and a planned absence is neither a missed turn nor a turn played."""

from __future__ import annotations

import pytest

from tests.rules.builders import empty, make_state, orders, run
from tests.shipped import WOK4 as RULESET
from wtg.core.ruleset import SideId
from wtg.rules.wok.limits import MISSED_TURNS_TO_QUIT
from wtg.rules.wok.state import ACTIVE, QUIT


def test_a_quit_empire_is_taken_over_as_it_stands() -> None:
    """WoK IV: a quitter "can not re-enter this specific game"; ruling: a new player may take
    the empire over, provinces, troops, EFF and tech as they are."""
    state = make_state(players=2)
    empty(state, 1, 1, arm=40)
    empty(state, 7, 2, arm=30)
    quitter = state.player(2)
    quitter.status, quitter.quit_on, quitter.missed, quitter.tech = QUIT, 4, 3, 77
    quitter.turn_points = 1
    taken = RULESET.take_over(state, SideId(2), "Newcomer")
    player = taken.player(2)
    assert (player.status, player.name, player.missed, player.quit_on) == (
        ACTIVE,
        "Newcomer",
        0,
        None,
    )
    # "a turn point for every turn a player sent orders": the quitter's turn, not his
    assert player.turn_points == 0
    assert (player.tech, taken.province(7).arm, taken.province(7).owner) == (77, 30, 2)
    assert SideId(2) in RULESET.owing(taken)
    assert state.player(2).status == QUIT  # the state given is not changed


def test_only_a_quit_empire_with_land_is_taken_over() -> None:
    state = make_state(players=2)
    empty(state, 1, 1)
    with pytest.raises(ValueError, match="player 1 has not quit"):
        RULESET.take_over(state, SideId(1), "X")
    state.player(2).status = QUIT
    with pytest.raises(ValueError, match="player 2 holds no province any more"):
        RULESET.take_over(state, SideId(2), "X")


def test_a_planned_absence_is_no_missed_turn() -> None:
    """ "If you miss orders for 3 Turns in a row, you will be considered as to have QUIT":
    ruling, a planned absence (a mail's ABSENCE) counts neither way."""
    state = make_state(players=2)
    empty(state, 1, 1, arm=10)
    empty(state, 7, 2, arm=10)
    state.player(2).missed = MISSED_TURNS_TO_QUIT - 1
    absent = orders(
        2, **{k: v for k, v in RULESET.absent_orders(SideId(2)).items() if k != "player"}
    )
    result = run(state, orders(1), absent)
    player = result.state.player(2)
    assert (player.status, player.missed, player.turn_points) == (
        ACTIVE,
        MISSED_TURNS_TO_QUIT - 1,
        0,
    )
    assert result.state.province(7).arm == 10  # dug in: no orders ran
    missed = run(state, orders(1))
    assert missed.state.player(2).status == QUIT


def test_a_newcomer_takes_over_no_alliance() -> None:
    """Standard: an alliance "is an agreement to work together to share the victory"; WoK
    IV: "Only up to 2 Players can win a game, alone or as an Alliance". Ruling (wok4 ruling
    21, standard ruling 16): the quitter's agreement is not the newcomer's. The seat taken
    over names no ally, and a player who named the quitter names him no more: before, both
    reports said `Alliance: you name ... as your ally.` of a pact neither had made, and
    the newcomer's L1 alone would have made it count."""
    state = make_state(players=3)
    empty(state, 1, 1, arm=40)
    empty(state, 7, 2, arm=30)
    empty(state, 13, 3, arm=30)
    state.player(1).ally, state.player(3).ally = 2, 2
    quitter = state.player(2)
    quitter.status, quitter.quit_on, quitter.ally = QUIT, 4, 1
    taken = RULESET.take_over(state, SideId(2), "Newcomer")
    assert [p.ally for p in taken.players] == [0, 0, 0]
    assert [p.ally for p in state.players] == [2, 1, 2]  # the state given is not changed
