"""A command typed in a mail that carries an order form (a PRESS above the filled-in form,
an ABSENCE below it) is not carried out: an order mail is read for its orders alone. It
was left unsaid, and the player, whose orders were confirmed, took his press for sent.
The confirmation names each such command as not carried out."""

from __future__ import annotations

import re
from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.press import press_for

NOTE = "NOT carried out.\nA mail with an order form is read for its orders alone"


def test_commands_beside_a_form_are_named_as_not_carried_out(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one, two = game.config.player(1), game.config.player(2)
    form = re.sub(r"(?m)^(R1:).*$", r"\1 1", game.aof(1))
    hall.mail(one.email, f"PRESS wok4-1\nCODE {one.code}\n\nWar on all!\n\n{form}")
    hall.mail(two.email, f"{game.aof(2)}\n\nabsence wok4-1 3 4\n")
    hall.poll(hours=1)
    (first,) = hall.new_mails(one.email)
    assert first.subject == "[wok4-1] orders for turn 2 received", first.subject
    assert f'the command(s) "PRESS wok4-1": {NOTE}' in first.body, first.body
    (second,) = hall.new_mails(two.email)
    assert f'the command(s) "ABSENCE wok4-1 3 4": {NOTE}' in second.body, second.body
    assert press_for(hall.game("wok4-1").store, 2) == []


def test_an_order_mail_without_commands_has_no_such_note(tmp_path: Path) -> None:
    """A reply quoting the host's mail (with its PRESS and CONFIRM lines) and a form whose
    own lines are in capitals holds no command of the player's."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    quoted = "> PRESS wok4-1 TO 2, your CODE line, then your text.\n> CONFIRM ABCDEFGHJK\n"
    hall.mail(one.email, f"Hi,\n\n{game.aof(1)}\n\n{quoted}")
    hall.poll(hours=1)
    (answer,) = hall.new_mails(one.email)
    assert answer.subject == "[wok4-1] orders for turn 2 received", answer.subject
    assert "NOT carried out" not in answer.body, answer.body
