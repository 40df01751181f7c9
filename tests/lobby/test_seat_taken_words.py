"""The notice of a seat taken over names the seat's players: a Duel's seat plays three
colours, and the notice read 'Seat 1 of game d1 (player 1, 3, 5)'."""

from __future__ import annotations

import pytest

from wtg.mail.outgoing import compose


@pytest.mark.parametrize(
    ("sides", "said"),
    [([3], "(player 3)"), ([1, 3, 5], "(players 1, 3 and 5)"), ([2, 4], "(players 2 and 4)")],
)
def test_the_seat_s_players_are_listed_in_words(sides: list[int], said: str) -> None:
    body = compose.render(
        "lobby/seat_taken",
        seat=sides[0],
        game="d1",
        sides=sides,
        name="Cat",
        left_name=None,
        quitter=False,
        parted=False,
    )
    assert " ".join(body.split()).startswith(
        f"Seat {sides[0]} of game d1 {said}, whose player had quit, is taken over by a new"
        " player, Cat, from the coming turn."
    )


def test_the_other_players_are_told_whose_seat_it_was() -> None:
    """The quitter's name in the game (noted by the takeover) is said: his alliance too."""
    body = compose.render(
        "lobby/seat_taken",
        seat=3,
        game="g",
        sides=[3],
        name="Cat",
        left_name="Bob",
        quitter=False,
        parted=True,
    )
    said = " ".join(body.split())
    assert said.startswith(
        "Seat 3 of game g (player 3), which Bob left, is taken over by a new player, Cat,"
        " from the coming turn. You named Bob as your ally."
    ), said
