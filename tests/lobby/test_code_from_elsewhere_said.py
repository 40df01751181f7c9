"""A seat's right code used from another address (round 46, left open): the player is
told, in the answer to his seat's address, that someone knows his code; ``wtg poll -v`` (the
GM's line of the mail, the log) said only ``stored: wok4-1 turn 1 player 2`` or
``answered: commands: REPORT wok4-1``, as for his own mail, and the GM, who alone can give a
new code, heard nothing. The line now says it (``answers.ELSEWHERE_SAID``), naming the seat,
never for the player's own mail, his ``+tag`` or a ``-tag`` of a domain the GM lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, ann_and_bob
from wtg.game.gameconfig import PlayerEntry

THIEF = "thief@elsewhere.example"


def _bob_s_form(hall: Hall) -> tuple[PlayerEntry, str]:
    """Ann and Bob's game made in ``hall``: Bob's seat, and his AOF for turn 1 with an
    order in it."""
    game = ann_and_bob(hall)
    bob = next(p for p in game.config.players if p.name == "Bob")
    return bob, re.sub(r"(?m)^(R1:).*$", r"\1 1", game.aof(bob.id))


def _outcomes(hall: Hall) -> list[str]:
    return [text for _key, text in hall.poll(hours=1).outcomes]


def test_orders_with_a_right_code_from_another_address_are_said(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    bob, form = _bob_s_form(hall)
    hall.mail(THIEF, form)
    assert _outcomes(hall) == [
        f"stored: wok4-1 turn 1 player {bob.id}, with the seat's code from another address"
    ]


def test_orders_from_the_seat_s_own_address_say_nothing_of_it(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    bob, form = _bob_s_form(hall)
    hall.mail(address(2), form)
    assert _outcomes(hall) == [f"stored: wok4-1 turn 1 player {bob.id}"]


@pytest.mark.parametrize("command", ["REPORT wok4-1", "AOF wok4-1", "STATUS wok4-1"])
def test_a_command_with_a_right_code_from_another_address_is_said(
    tmp_path: Path, command: str
) -> None:
    hall = Hall(tmp_path)
    bob, _form = _bob_s_form(hall)
    hall.mail(THIEF, f"{command}\nCODE {bob.code}\n")
    assert _outcomes(hall) == [
        f"answered: commands: {command}, with the seat's code from another address "
        f"(wok4-1 p{bob.id})"
    ]


def test_a_command_from_a_dashed_sub_address_of_the_seat_says_nothing_of_it(
    tmp_path: Path,
) -> None:
    """``p2-wok@`` of a domain the GM lists in ``mail.dash_subaddress_domains`` is p2's own
    mailbox."""
    hall = Hall(tmp_path, dash_subaddress_domains=["players.example"])
    bob, _form = _bob_s_form(hall)
    hall.mail("p2-wok@players.example", f"REPORT wok4-1\nCODE {bob.code}\n")
    assert _outcomes(hall) == ["answered: commands: REPORT wok4-1"]
