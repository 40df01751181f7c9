"""A newcomer on a waiting list under the name of another game's colour: Ann plays a Duel as
AnnA, AnnB and AnnC (the colours its reports and press name her by), and a stranger joined
a list as ``AnnA``. A takeover compared the game's sides (hostile21); a JOIN compared the
names of the seats of every game here, never their sides, so the stranger took the name,
and once he played beside Ann in a game, or wrote press, he passed for her Duel's first
colour. A JOIN (and its CONFIRM) compares the sides of every game here now, as read
(``lookalikes.alike``); from the address that plays the side, the name is his own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, joined
from wtg.core.ruleset import PublicSide, public_sides


def _duel(hall: Hall) -> None:
    """Ann (p1) and Bob (p2) play a Duel made from a list; a wok4 list is open."""
    hall.open_list("standard", variant="duel", players=2)
    for number, name in ((1, "Ann"), (2, "Bob")):
        joined(hall, number, f"JOIN standard duel AS {name}")
    hall.new_mails()
    hall.open_list("wok4", players=4)


@pytest.mark.parametrize(
    ("name", "colour"), [("ann-B", "AnnB"), ("annC", "AnnC"), ("b o b A", "BobA")]
)  # in capitals, the name reads as a colour of Ann's whether she plays a Duel or not (below)
def test_a_join_under_another_games_colour_is_refused(
    tmp_path: Path, name: str, colour: str
) -> None:
    hall = Hall(tmp_path)
    _duel(hall)
    assert colour in {s.name for s in _sides(hall)}
    answer = hall.answer(address(9), f"JOIN wok4 AS {name}")
    assert answer.subject == f"JOIN wok4 AS {name}: not done", answer.subject
    assert (
        (  # a player's name and a colour's capital letter, as a colour he would have
            f"the name {name} reads as the name the host gives a colour of {colour[:-1]}'s in a "
            "Duel or Trinity"
        )
        in answer.words
    ), answer.body


@pytest.mark.parametrize("name", ["Annabel", "Anna", "annc", "ann-b", "b o b a", "Boba"])
def test_a_join_under_a_name_of_its_own_is_asked(tmp_path: Path, name: str) -> None:
    """A name ending in a small letter is no colour's, whose letter is a capital: a person
    called Anna joins beside Ann's AnnA (she was refused while Ann played a Duel, as the
    sides were compared in any case, and joined while Ann did not)."""
    hall = Hall(tmp_path)
    _duel(hall)
    answer = hall.answer(address(9), f"JOIN wok4 AS {name}")
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM "), answer.subject


def _sides(hall: Hall) -> list[PublicSide]:
    game = hall.game("standard-duel-1")
    return public_sides(game.ruleset.public_json(game.state_view()))


def _ann_on_a_list(hall: Hall) -> None:
    """Ann (p1) waits on a wok4 list; she plays no Duel yet."""
    hall.open_list("wok4", players=4)
    ask = hall.answer(address(1), "JOIN wok4 AS Ann")
    hall.mail(address(1), f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    hall.new_mails()


@pytest.mark.parametrize("name", ["AnnA", "AnnC", "Ann B", "ANN-A"])
def test_a_join_under_a_colour_a_player_would_have_is_refused(tmp_path: Path, name: str) -> None:
    """Before Ann plays a Duel: the newcomer who took AnnA first would pass for her first
    colour in the Duel she plays later."""
    hall = Hall(tmp_path)
    _ann_on_a_list(hall)
    answer = hall.answer(address(9), f"JOIN wok4 AS {name}")
    assert answer.subject == f"JOIN wok4 AS {name}: not done", answer.subject
    assert (
        f"the name {name} reads as the name the host gives a colour of Ann's in a Duel or "
        "Trinity (AnnA, AnnB, ...)"
    ) in answer.words, answer.body


@pytest.mark.parametrize("name", ["Anna", "AnnD", "Annie"])
def test_a_name_that_is_no_colour_of_hers_is_asked(tmp_path: Path, name: str) -> None:
    hall = Hall(tmp_path)
    _ann_on_a_list(hall)
    answer = hall.answer(address(9), f"JOIN wok4 AS {name}")
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM "), answer.subject
