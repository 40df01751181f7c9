"""The walks of the tests of names a JOIN AS may give (``test_posing_names``,
``test_authority_names``): a name refused at the JOIN of a list and at a takeover, a name
taken, and what each answer says."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, Mail, address
from tests.lobby.test_second_seat import game_with_quitters, offer
from wtg.lobby.database import LobbyDatabase

NEWCOMER = address(9)


def with_a_seat_offered(tmp_path: Path) -> Hall:
    """A hall whose list wok4 is open and whose game wok4-1 offers seat 4 (its player quit)."""
    hall = Hall(tmp_path)
    game_with_quitters(hall, (4,))
    offer(hall, 4)
    return hall


def refused_at_join_and_takeover(hall: Hall, name: str, shown: str | None = None) -> list[Mail]:
    """The newcomer's JOIN wok4 AS ``name``, then his JOIN wok4-1 AS ``name`` (the seat
    offered), each answered ``not done`` under the name as the host read it (``shown``,
    ``name`` itself when not given): the two answers."""
    answers = []
    for target in ("wok4", "wok4-1"):
        answer = hall.answer(NEWCOMER, f"JOIN {target} AS {name}")
        assert answer.subject == f"JOIN {target} AS {shown or name}: not done", answer.subject
        answers.append(answer)
    return answers


def nothing_pending(hall: Hall) -> None:
    """No request of the hall waits for its CONFIRM."""
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []


def asked_to_confirm(answer: Mail, name: str) -> None:
    """``answer`` asks for the code of a JOIN wok4 (of 3 players) taken under ``name``."""
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM "), answer.subject
    assert f"3 players on the map classic60 (60 provinces), open to all) as {name}." in (
        answer.words
    ), answer.body


def taken(tmp_path: Path, name: str) -> None:
    """Player 1's JOIN wok4 AS ``name`` of a list of 3 is taken under it."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    asked_to_confirm(hall.answer(address(1), f"JOIN wok4 AS {name}"), name)


FROM_NAME_REFUSED = (
    "your From's name cannot be your name here, and the host shows no part of your address "
    "in its place: "
)
"""How the refusal of a JOIN without AS whose From's name could be no player's begins."""


def refused_for_from_name(answer: Mail, local: str, join: str = "JOIN wok4") -> None:
    """``answer`` refuses ``join`` (no AS) for the name of the sender's From, asking for a
    name, and shows no part of his address (``local``: its local part) as a name: before
    round 50 he waited as ``local``, which LIST showed to anyone."""
    assert answer.subject == f"{join}: not done", answer.subject
    assert FROM_NAME_REFUSED in answer.words, answer.body
    assert f"mail {join} AS <name>, with the name you will play under (" in answer.words
    assert f"as {local}." not in answer.words and f" {local} " not in answer.words, answer.body
