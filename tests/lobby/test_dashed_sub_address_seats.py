"""One seat a person in a game at a host whose GM lists his players' domain in
``mail.dash_subaddress_domains`` (a qmail host's, which delivers ``p1-wok@`` to ``p1@``):
the bounds of mail to strangers counted ``p1-wok@`` as ``p1@``, the seat checks compared
it as written, and a seated player took a second seat with it (round 46, left open). The
seat checks now fold the address as the rest does (``wtg.text.addresses.mailbox_of``)."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, offer

DASHED = ["players.example"]


def _dashed(written: str, tag: str) -> str:
    local, _, domain = written.partition("@")
    return f"{local}-{tag}@{domain}"


def test_a_seated_player_takes_no_second_seat_from_a_dashed_sub_address(tmp_path: Path) -> None:
    hall = Hall(tmp_path, dash_subaddress_domains=DASHED)
    game = game_with_quitters(hall, (4,))
    offer(hall, 4)
    answer = hall.answer(_dashed(game.config.player(1).email, "wok"), "JOIN wok4-1 AS Stranger")
    assert answer.subject == "JOIN wok4-1 AS Stranger: not done"
    assert "you play seat 1 of game wok4-1 already" in answer.words
    assert hall.game("wok4-1").config.player(4).email == game.config.player(4).email


def test_a_quitter_comes_back_from_no_dashed_sub_address(tmp_path: Path) -> None:
    hall = Hall(tmp_path, dash_subaddress_domains=DASHED)
    game = game_with_quitters(hall, (4,))
    offer(hall, 4)
    answer = hall.answer(_dashed(game.config.player(4).email, "back"), "JOIN wok4-1 AS Comeback")
    assert answer.subject == "JOIN wok4-1 AS Comeback: not done"
    assert "you left game wok4-1" in answer.words


def test_one_dashed_mailbox_waits_on_a_list_once(tmp_path: Path) -> None:
    hall = Hall(tmp_path, dash_subaddress_domains=DASHED)
    hall.open_list("wok4", players=3)
    hall.confirmed(address(1), "JOIN wok4 AS Ann")
    answer = hall.answer(_dashed(address(1), "two"), "JOIN wok4 AS Annabel")
    assert answer.subject == "JOIN wok4 AS Annabel: not done"
    assert "you are on the waiting list wok4 already, from another address" in answer.words


def test_a_hyphen_is_a_name_of_its_own_at_a_domain_not_listed(tmp_path: Path) -> None:
    """Ruling (``mailbox_of``): ``p1-two@`` is another person's at a domain the GM does not
    list, and waits on the list beside ``p1@``."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.confirmed(address(1), "JOIN wok4 AS Ann")
    _ask, done = hall.confirmed(_dashed(address(1), "two"), "JOIN wok4 AS Annabel")
    assert "not done" not in done.subject, done.words
