"""A stolen code used for REPORT and AOF (attack46): the report or form goes to the address
the game knows, as ever, but its mail said "As you asked (a mail to the host)" to a player who
had asked for nothing, while a press, an absence or orders under his code from another
address tell him so and to ask the GM for a new code. The thief learns that the code is
right (no refusal comes back to him); the player learnt nothing. Both answers now say that
the mail came from another address, never which."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, ann_and_bob
from wtg.game.gameconfig import PlayerEntry

TOLD = (
    "This mail came from an address other than the one game wok4-1 has for you (it is "
    "not shown to you: the GM has the mail). If you did not send it, someone knows your "
    "secret code: ask the GM for a new one."
)


def _bob(hall: Hall) -> PlayerEntry:
    """Ann and Bob's game made in ``hall``: Bob's seat."""
    game = ann_and_bob(hall)
    return next(p for p in game.config.players if p.name == "Bob")


@pytest.mark.parametrize(
    ("command", "subject"),
    [("REPORT wok4-1", "[wok4-1] turn 0 report for Bob"), ("AOF wok4-1", "[wok4-1] your AOF")],
)
def test_a_code_used_from_another_address_is_said_to_the_seat(
    tmp_path: Path, command: str, subject: str
) -> None:
    hall = Hall(tmp_path)
    bob = _bob(hall)
    hall.mail("thief@elsewhere.example", f"{command}\nCODE {bob.code}\n")
    hall.poll(hours=1)
    mails = hall.new_mails()
    assert [m.to for m in mails] == [bob.email]  # nothing to the thief's address
    (mail,) = mails
    assert mail.subject == subject
    assert TOLD in mail.words
    assert "As you asked" not in mail.words
    assert mail.words.startswith(TOLD)  # above the report, where he reads it first
    assert "thief" not in mail.body


@pytest.mark.parametrize("command", ["REPORT wok4-1", "AOF wok4-1"])
def test_the_players_own_request_says_nothing_of_another_address(
    tmp_path: Path, command: str
) -> None:
    hall = Hall(tmp_path)
    bob = _bob(hall)
    mail = hall.answer(bob.email, f"{command}\nCODE {bob.code}\n")
    assert mail.words.startswith("As you asked (a mail to the host), your ")
    assert "someone knows your secret code" not in mail.words


@pytest.mark.parametrize("command", ["REPORT wok4-1", "AOF wok4-1"])
def test_a_request_from_the_players_own_tag_says_nothing_of_another_address(
    tmp_path: Path, command: str
) -> None:
    """``bob+games@`` delivers to Bob's own mailbox: no warning that his code is known."""
    hall = Hall(tmp_path)
    bob = _bob(hall)
    local, _, domain = bob.email.partition("@")
    hall.mail(f"{local}+games@{domain}", f"{command}\nCODE {bob.code}\n")
    hall.poll(hours=1)
    (mail,) = hall.new_mails()
    assert mail.to == bob.email  # the game's address for him, as ever
    assert mail.words.startswith("As you asked (a mail to the host), your ")
    assert "someone knows your secret code" not in mail.words


def test_a_request_from_the_players_own_dash_tag_at_a_listed_domain_is_his(
    tmp_path: Path,
) -> None:
    """``bob-games@`` at a domain of ``mail.dash_subaddress_domains`` is Bob's own mailbox
    (attack47: the report he asked for told him someone knows his code)."""
    hall = Hall(tmp_path, dash_subaddress_domains="players.example")
    bob = _bob(hall)
    local, _, domain = bob.email.partition("@")
    hall.mail(f"{local}-games@{domain}", f"REPORT wok4-1\nCODE {bob.code}\n")
    hall.poll(hours=1)
    (mail,) = hall.new_mails()
    assert mail.words.startswith("As you asked (a mail to the host), your ")
    assert "someone knows your secret code" not in mail.words


def test_status_from_the_players_own_tag_needs_no_code(tmp_path: Path) -> None:
    """STATUS needs no code from the address the game knows; ``bob+games@`` delivers to
    the same mailbox (the takeovers, the order answers and REPORT read it so), and was
    refused for want of a code (attack47)."""
    hall = Hall(tmp_path)
    bob = _bob(hall)
    local, _, domain = bob.email.partition("@")
    mail = hall.answer(f"{local}+games@{domain}", "STATUS wok4-1")
    assert mail.subject == "[wok4-1] status of turn 1", mail.words
