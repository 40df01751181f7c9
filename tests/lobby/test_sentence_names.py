"""A newcomer named ``You``, ``All``, ``Nobody``, ``Turn 1`` or ``wok4-1`` (a game of the
host's) was put on a list under it (round 46, left open): another player then read
``[wok4-1] private press from You`` and ``From Nobody (player 3):`` over a press, in a mail
from the host's own address, and ``wok4-1 (#3)`` in a report's table, a game where a player
stands. Such a whole name is refused at the JOIN and at a takeover; a name that holds such
a word among others, and real short names, are taken (docs/mail.md, "What a name may
be")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.joinnames import (
    nothing_pending,
    refused_at_join_and_takeover,
    refused_for_from_name,
    taken,
    with_a_seat_offered,
)
from wtg.lobby.newcomername import default_name
from wtg.lobby.sentencenames import sentence_word

PLACES = ("wok4-1", "wok4", "standard-skirmish")

REFUSED = (
    "You",
    "YOU",
    "Ｙｏｕ",
    "Y\u043eu",  # a Cyrillic o
    "Y0u",
    "All",
    "A11",
    "Nobody",
    "No One",
    "No-one",
    "None",
    "Nobody 2",
    "Someone",
    "Anybody",
    "The Players",
    "Neutral",
    "Me",
    "Turn 1",
    "TURN #12",
    "turn no. 3",
    "Turn1",
    "wok4-1",
    "WOK4-1",
    "Wok 4",
    "wok4-7",
    "Game wok4-1",
    "Standard-Skirmish",
)
TAKEN = (
    "Al",
    "Ali",
    "Alla",
    "Allan",
    "Tom Turner",
    "Turner 1",
    "Turn",
    "Youssef",
    "Yu",
    "Mei",
    "Noe",
    "Nobody Jones",
    "Al You",
    "Theodore",
    "Gamma",
    "Usha",
    "Lord1",
    "Wokki",
    "wok4-1 fan",
    "Theall",  # review47b: a surname, read as "the all"
    "Theus",  # a given name and a surname, read as "the us"
)


@pytest.mark.parametrize("name", REFUSED)
def test_a_name_that_reads_as_the_host_s_words_is_refused(name: str) -> None:
    assert sentence_word(name, PLACES) is not None


@pytest.mark.parametrize("name", TAKEN)
def test_a_real_name_reads_as_none_of_them(name: str) -> None:
    assert sentence_word(name, PLACES) is None


def test_a_the_or_a_game_is_a_word_of_its_own() -> None:
    """review47b: ``the`` and ``game`` were taken off the front of a name joined, so that a
    name that begins with their letters read as the word after them: ``Theall`` as "all",
    ``Theron`` as the list ``ron``, ``Gamelin`` as the list ``lin``. A reader reads them
    so only as words of their own."""
    assert sentence_word("Theron", ("ron",)) is None
    assert sentence_word("Gamelin", ("lin",)) is None
    assert sentence_word("The Ron", ("ron",)) is not None
    assert sentence_word("Game lin-2", ("lin",)) is not None
    assert sentence_word("The Game lin", ("lin",)) is not None
    assert sentence_word("The All") is not None
    assert sentence_word("Th3 Nobody") is not None


def test_such_names_are_refused_at_join_and_takeover(tmp_path: Path) -> None:
    hall = with_a_seat_offered(tmp_path)
    for name, why in (
        ("You", 'the name You reads as "you", a word of the host\'s sentences'),
        ("Nobody", 'the name Nobody reads as "nobody", a word of the host\'s sentences'),
        ("All", 'the name All reads as "all"'),
        ("Turn 1", "the name Turn 1 reads as a turn of a game"),
        ("wok4-1", "the name wok4-1 reads as the name of a game here (wok4-1: a game or a"),
        ("wok4-2", "the name wok4-2 reads as the name of a game here (wok4: a game or a"),
    ):
        for answer in refused_at_join_and_takeover(hall, name):
            assert why in answer.words, answer.body
            assert "choose a name of your own with AS <name>" in answer.words, answer.body
    nothing_pending(hall)


@pytest.mark.parametrize("name", ["Al", "Tom Turner"])
def test_a_real_name_is_taken(tmp_path: Path, name: str) -> None:
    taken(tmp_path, name)


def test_a_from_name_that_reads_as_such_asks_for_a_name(tmp_path: Path) -> None:
    """A From's name ``You``: the JOIN is refused with why, asking for a name (before round
    50 it was taken under the address's local part, which LIST showed to anyone)."""
    assert default_name("Nobody", "amy@x.example") == "Nobody"  # checked as any name is
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("amy@x.example", "JOIN wok4", name="You")
    hall.poll(hours=1)
    (answer,) = hall.new_mails("amy@x.example")
    refused_for_from_name(answer, "amy")
