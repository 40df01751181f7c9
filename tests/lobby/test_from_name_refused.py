"""A JOIN without AS whose From's name could be no player's (``Admin``, a control character,
``Smith, John``): before round 50 the newcomer waited under his address's local part, and
once he confirmed, LIST showed it to anyone who asked: a part of his address, which is the
host's to keep, given as a name he never chose. Ruling (round 50, docs/mail.md): the JOIN
is refused, saying why and asking for the name to wait under (``JOIN wok4 AS <name>``);
LIST shows only names the players gave (their From's, or after AS)."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.joinnames import nothing_pending, refused_for_from_name

ADDRESS = "k.ivanova77@players.example"
LOCAL = "k.ivanova77"


def test_a_refused_from_name_asks_for_a_name_and_list_never_shows_the_address(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    refused_for_from_name(hall.answer(ADDRESS, "JOIN wok4", name="Administrator"), LOCAL)
    nothing_pending(hall)
    listed = hall.answer("someone@else.example", "LIST")
    assert "0 of 3 players waiting" in listed.words and LOCAL not in listed.body, listed.body

    hall.confirmed(ADDRESS, "JOIN wok4 AS Katya", hours=1)
    listed = hall.answer("someone@else.example", "LIST")
    assert "1 of 3 players waiting: Katya" in listed.words, listed.body
    assert LOCAL not in listed.body, listed.body


def test_a_from_without_a_name_still_waits_under_its_local_part(tmp_path: Path) -> None:
    """A bare address (no name in the From, or the address written as the name) gives no
    name to refuse: the JOIN asks under the local part, as before."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    for name in ("", ADDRESS.upper()):
        asked = hall.answer(ADDRESS, "JOIN wok4", name=name)
        assert asked.subject.startswith("JOIN wok4: confirm with CONFIRM "), asked.subject
        assert f"open to all) as {LOCAL}." in asked.words, asked.body
