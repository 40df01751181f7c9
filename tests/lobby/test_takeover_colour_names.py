"""A takeover of a Trinity seat under the name of another player's colour: Bob plays
BobA and BobB, and a newcomer took the quitter's seat as ``BobA``. Every player's notice
read "is taken over by a new player, BobA", his press came from a BobA that was not Bob's,
and his own colours were BobAA and BobAB beside Bob's BobA. The takeover's check compared
the players' names alone (Ann, Bob, Cid); it compares the sides' names too now."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, joined
from tests.lobby.test_duel_results import quit_colours
from wtg.core.ruleset import SeatId
from wtg.game.engine import Game
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat


def _trinity_with_a_seat_offered(hall: Hall) -> tuple[Game, int]:
    """Ann, Bob and Cid (addresses 1 to 3) play a Trinity; Cid quits all his colours and
    his seat is offered: the game and the seat."""
    hall.open_list("standard", variant="trinity", players=3)
    for number, name in ((1, "Ann"), (2, "Bob"), (3, "Cid")):
        joined(hall, number, f"JOIN standard trinity AS {name}")
    game = hall.game("standard-trinity-1")
    cid = next(p for p in game.config.players if p.email == address(3)).id
    quit_colours(hall, game, cid, list(game.ruleset.sides_of(game.state_view(), SeatId(cid))))
    game = hall.game("standard-trinity-1")
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, game, cid, hall.now)
    hall.new_mails()
    return game, cid


@pytest.mark.parametrize(
    ("name", "colour"), [("BobA", "BobA"), ("bob-B", "BobB"), ("CidA", "CidA")]
)
def test_a_takeover_under_a_colours_name_is_refused(tmp_path: Path, name: str, colour: str) -> None:
    hall = Hall(tmp_path)
    _game, seat = _trinity_with_a_seat_offered(hall)
    answer = hall.answer(address(9), f"JOIN standard-trinity-1 AS {name}")
    assert answer.subject == f"JOIN standard-trinity-1 AS {name}: not done", answer.subject
    if name[-1].isupper():  # a player's name and a colour's letter: refused as any
        # newcomer's is, whichever game (tests/lobby/test_join_colour_names.py)
        owner = colour[:-1]
        assert (
            f"the name {name} reads as the name the host gives a colour of {owner}'s in a "
            "Duel or Trinity"
        ) in answer.words, answer.body
    else:
        assert (f"the name {name} reads as {colour}, the name of side ") in answer.words, (
            answer.body
        )
        assert "in its reports and press it would pass for that side" in answer.words
    assert hall.game("standard-trinity-1").config.player(seat).email == address(3)


@pytest.mark.parametrize("name", ["Dora", "Boba", "bob-b"])
def test_a_takeover_under_a_name_of_its_own_is_asked(tmp_path: Path, name: str) -> None:
    """A colour's letter is a capital: Boba is no BobA (``people.colour_alike``)."""
    hall = Hall(tmp_path)
    _trinity_with_a_seat_offered(hall)
    answer = hall.answer(address(9), f"JOIN standard-trinity-1 AS {name}")
    assert answer.subject.startswith("JOIN standard-trinity-1: confirm with CONFIRM "), (
        answer.subject
    )
