"""A name that reads, where the host prints it in other players' mail (a takeover notice,
press, the Top Ten, a waiting list's answer, the site), as something the host or a mail
client writes: a seat (``Player 2``, ``Player2``, ``Seat 3``: press read ``From Player 2
(player 1):``), a command the host reads from a reply (``RESIGN g1``, ``JOIN wok4``), a
mail's header (``From: Ann``), a line of the host's own (``--- end of press ---``, ``>
quoted``), the host's name in letters of another alphabet (``ԌМ``, Cyrillic, reads GM), or
another player's name in another alphabet or spacing (``ВОВ``, ``B O B`` beside BOB). Each
was taken at the JOIN; each is now refused with its reason, at a JOIN, at a takeover's
JOIN, and at the CONFIRM of a JOIN asked before the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from tests.lobby.joinnames import asked_to_confirm, refused_for_from_name
from tests.lobby.test_second_seat import game_with_quitters, offer
from wtg.lobby import confirm
from wtg.lobby.database import LobbyDatabase

REFUSED = [
    ("Player 2", "holds Player 2, which reads as a seat as the host names one"),
    ("Player2", "holds Player2, which reads as a seat as the host names one"),
    ("Ready Player One", "holds Player One, which reads as a seat as the host names one"),
    ("Seat 3", "holds Seat 3, which reads as a seat as the host names one"),
    ("RESIGN g1", "holds RESIGN g1, which the host reads as a command"),
    ("Bob JOIN wok4", "holds JOIN wok4, which the host reads as a command"),
    ("join wok4", "holds join wok4, which the host reads as a command"),
    ("Ann CODE QRST2345EF", "holds CODE QRST2345EF, which the host reads as a command"),
    ("From: Ann", "holds From:, a mail's header as a client shows it"),
    ("Zed Subject: hi", "holds Subject:, a mail's header as a client shows it"),
    ("Deadline: moved to Friday", "holds Deadline:, which begins lines of the host's own"),
    ("Zed Orders missing: none", "holds Orders missing:, which begins lines of the host's"),
    ("Ann, Lord1", "holds ',': the host lists players' names with commas"),
    ("Smith; John", "holds ';': the host lists players' names with commas"),
    ("--- end of press ---", "begins with '-': a name begins with a letter or a digit"),
    ("> Ann wrote", "begins with '>': a name begins with a letter or a digit"),
    ("[wok4-1] Ann", "begins with '[': a name begins with a letter or a digit"),
    ("Ann === Bob", "holds ===, which reads as a rule of the host's own mails"),
    ("\u050c\u041c", "would pass for the host's own"),  # Cyrillic Komi Sje and Em: GM
    ("\u0413\u0430\u043c\u0435 Master", "mixes Latin and Cyrillic letters"),
]


def _bob(hall: Hall) -> None:
    """BOB (address 2) on the list, confirmed."""
    asked = hall.answer(address(2), "JOIN wok4 AS BOB")
    hall.mail(address(2), f"CONFIRM {asked.code()}")
    hall.poll(hours=1)
    hall.new_mails()


@pytest.mark.parametrize(("name", "why"), REFUSED)
def test_a_name_that_reads_as_a_line_of_the_host_is_refused_at_the_join(
    tmp_path: Path, name: str, why: str
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer(address(1), f"JOIN wok4 AS {name}")
    assert answer.subject.endswith(": not done"), answer.subject
    assert f"the name {name} {why}" in answer.words, answer.body
    assert "AS <name>" in answer.words
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []
        assert book.rows("SELECT * FROM people") == []


@pytest.mark.parametrize(
    "name",
    [
        "\u0412\u041e\u0412",
        "B O B",
        "b-o-b",
        "B.O.B.",
        "B\u00d3B",
        "Bo\u0307b",
        "\u0392\u039f\u0392",
    ],
)
def test_another_players_name_in_another_alphabet_or_spacing_is_refused(
    tmp_path: Path, name: str
) -> None:
    """``ВОВ`` is all Cyrillic (one alphabet, so no mix), ``ΒΟΒ`` all Greek: each read
    BOB beside BOB; so do ``BÓB`` and ``Bȯb``, whose accents a reader passes over."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    _bob(hall)
    answer = hall.answer(address(1), f"JOIN wok4 AS {name}")
    assert answer.subject == f"JOIN wok4 AS {name}: not done", answer.subject
    assert f"the name {name} " in answer.words
    assert "BOB" in answer.words, answer.body


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Player 3", "holds Player 3, which reads as a seat"),
        ("L o r d 2", "reads as Lord2, another player's name"),
        ("lord-2", "reads as Lord2, another player's name"),
        ("STATUS wok4-1", "holds STATUS wok4-1, which the host reads as a command"),
    ],
)
def test_a_takeover_under_such_a_name_is_refused(tmp_path: Path, name: str, why: str) -> None:
    hall = Hall(tmp_path)
    quitter = game_with_quitters(hall, (4,)).config.player(4)
    offer(hall, 4)
    answer = hall.answer(address(9), f"JOIN wok4-1 AS {name}")
    assert answer.subject == f"JOIN wok4-1 AS {name}: not done", answer.subject
    assert f"the name {name} {why}" in answer.words, answer.body
    assert hall.game("wok4-1").config.player(4) == quitter


def test_a_join_asked_before_the_rule_is_refused_at_its_confirm(tmp_path: Path) -> None:
    """A request an older wtg asked under ``Player 2``: its CONFIRM is answered with the
    reason, the code forgotten, and no one is on the list under that name."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    with LobbyDatabase(hall.gm.games_dir) as book, book.write():
        asked = confirm.ask(book, confirm.JOIN, address(1), "wok4", hall.now, name="Player 2")
    answer = hall.answer(address(1), f"CONFIRM {asked.code}")
    assert answer.subject == f"CONFIRM {asked.code}: not done", answer.subject
    assert "the name Player 2 holds Player 2, which reads as a seat" in answer.words
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []
        assert book.rows("SELECT * FROM people") == []


@pytest.mark.parametrize(
    ("display", "local"),
    [("Player 2", "p1"), ("RESIGN wok4-1", "p1"), ("\u050c\u041c", "p1"), ('"Smith, John"', "p1")],
)
def test_a_from_name_that_reads_so_asks_for_a_name(
    tmp_path: Path, display: str, local: str
) -> None:
    """Without AS the name is his From's, refused as one typed after AS is, and the answer
    asks for a name: before round 50 he waited under his address's local part, which LIST
    showed to anyone."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    refused_for_from_name(hall.answer(address(1), "JOIN wok4", name=display), local)


@pytest.mark.parametrize(
    "name",
    [
        "Ann Help",
        "Bucket List",
        "ANN Smith",
        "Sideshow Bob",
        "Seaton 3",
        "Mapmaker: Zed",
        "Playwright 2",
        "Anna-Lee O'Neil",
        "Zed...",
        "\u00a1Hola!",
        '"Ace" Rimmer',
        "C-3PO",
        "\u0410\u043d\u043d\u0430",  # Анна, all Cyrillic, no one's name here
    ],
)
def test_an_ordinary_name_is_still_taken(tmp_path: Path, name: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    _bob(hall)
    asked_to_confirm(hall.answer(address(1), f"JOIN wok4 AS {name}"), name)
