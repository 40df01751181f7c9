"""A command typed in a mail that carries an order form (a PRESS above the filled-in form,
an ABSENCE below it) is not carried out: an order mail is read for its orders alone. It
was left unsaid, and the player, whose orders were confirmed, took his press for sent.
The confirmation names each such command as not carried out."""

from __future__ import annotations

import email.policy
import re
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.hall import GM, Hall, ann_and_bob
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import press_for

NOTE = "NOT carried out.\nA mail with an order form is read for its orders alone"


def press_mailed(hall: Hall) -> tuple[PlayerEntry, PlayerEntry, str]:
    """Ann and Bob's game, Bob's press of turn 1 mailed with its reports: Ann, Bob and the
    press mail of turn 1 as Ann got it."""
    game = ann_and_bob(hall)
    ann, bob = (next(p for p in game.config.players if p.name == n) for n in ("Ann", "Bob"))
    hall.mail(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\nShall we share the north?\n")
    hall.poll(hours=1)
    game.run_turn(now=hall.now)
    hall.send()
    press = {m.subject: m.body for m in hall.new_mails(ann.email)}["[wok4-1] press of turn 1"]
    assert press.startswith("PRESS of game wok4-1, turn 1:"), press
    return ann, bob, press


def reply(
    hall: Hall, player: PlayerEntry, subject: str, body: str, message_id: str, authres: str = ""
) -> None:
    """``player``'s reply to the host's mail ``subject`` (its In-Reply-To), ``body`` its
    text, delivered to the host's inbox; ``authres``: the GM's server's
    Authentication-Results on it."""
    msg = EmailMessage()
    if authres:
        msg["Authentication-Results"] = authres
    msg["From"] = f"{player.name} <{player.email}>"
    msg["To"] = GM
    msg["Subject"] = f"Re: {subject}"
    msg["Message-ID"] = message_id
    msg["In-Reply-To"] = hall.sent_id(subject)
    msg.set_content(body)
    hall.deliver(msg.as_bytes(policy=email.policy.SMTP))


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
    assert f'the command "PRESS wok4-1": {NOTE}' in first.body, first.body
    (second,) = hall.new_mails(two.email)
    assert f'the command "ABSENCE wok4-1 3 4": {NOTE}' in second.body, second.body
    assert press_for(hall.game("wok4-1").store, 2) == []


def test_an_order_mail_without_commands_has_no_such_note(tmp_path: Path) -> None:
    """A reply quoting the host's mail (with its PRESS and CONFIRM lines) and a form whose
    own lines are in capitals holds no command of the player's."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    quoted = "> PRESS wok4-1 TO 2, your CODE line, then your text.\n> CONFIRM ABCDEFGHJK\n"
    answer = hall.answer(one.email, f"Hi,\n\n{game.aof(1)}\n\n{quoted}")
    assert answer.subject == "[wok4-1] orders for turn 2 received", answer.subject
    assert "NOT carried out" not in answer.body, answer.body


def test_commands_beside_a_form_refused_are_named_as_not_carried_out(tmp_path: Path) -> None:
    """A rejected form drops the commands beside it too, and its answer says so: player 1's
    PRESS, whose text pasted a header line of player 2's with a made-up code, made his mail
    an order mail refused for the code (the answer gives no reason), and player 2's
    ABSENCE below a form of the turn before was lost with it. Each was answered only that
    the orders were not accepted: the writer took his press for kept. A form refused for its
    code names the commands by their words alone (its From may be forged, and the host
    writes no stranger's words to a player); one whose code was right names them whole."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one, two = game.config.player(1), game.config.player(2)
    pasted = "Hello all.\nGAME: wok4-1 TURN: 2 PLAYER: 2 CODE: MADEUP2345\nBye."
    hall.mail(one.email, f"PRESS wok4-1\nCODE {one.code}\n\n{pasted}\n")
    old = re.sub(r"TURN: *2", "TURN: 1", game.aof(2), count=1)
    hall.mail(two.email, f"{old}\n\nABSENCE wok4-1 3 4\n")
    hall.poll(hours=1)
    (first,) = hall.new_mails(one.email)
    assert first.subject == "[wok4-1] your orders were not accepted", first.subject
    assert f'the command "PRESS": {NOTE}' in first.body, first.body
    assert "wok4-1" not in first.body and "Hello" not in first.body, first.body
    answers = {m.subject: m.body for m in hall.new_mails(two.email)}
    second = answers["[wok4-1] your orders were not accepted"]
    assert "turn" in second.splitlines()[0], second
    assert f'the command "ABSENCE wok4-1 3 4": {NOTE}' in second, second
    assert "[wok4-1] someone sent orders for you with a wrong code" in answers, answers
    assert press_for(hall.game("wok4-1").store, 2) == []


def test_a_line_not_understood_beside_a_form_is_named_too(tmp_path: Path) -> None:
    """``resign wok4-1 please`` below the form is no command as the host reads them, and
    was left unsaid even among the commands named as not carried out."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    answer = hall.answer(one.email, f"{game.aof(1)}\n\nresign wok4-1 please\n")
    assert answer.subject == "[wok4-1] orders for turn 2 received", answer.subject
    # the quote leaves no room for "out." on its line, and "out." goes down with "carried"
    # (round 43: no word alone under its sentence)
    said = NOTE.replace("NOT carried ", "NOT\ncarried ")
    assert f'the command "resign wok4-1 please": {said}' in answer.body, answer.body


def test_the_host_s_press_mail_pasted_beside_a_form_holds_no_command_of_his(
    tmp_path: Path,
) -> None:
    """A reply to the turn's press mail from a client that does not quote (the press mail
    pasted under what Ann typed, no quote marks, no separator), with her form filled in
    above it: the press mail's head (``PRESS of game wok4-1, turn 1: ...``), a line in
    capitals of the host's, was named in her confirmation as a PRESS of hers not carried
    out, and the lines under it taken for its text. The host knows the mail she answers
    (its In-Reply-To): none of its lines is hers; the ABSENCE she typed is named."""
    hall = Hall(tmp_path)
    ann, _bob, press = press_mailed(hall)
    subject = "[wok4-1] press of turn 1"
    form = re.sub(r"(?m)^(R1:).*$", r"\1 1", hall.game("wok4-1").aof(ann.id))
    body = f"Bob: yes.\n\n{form}\n\nABSENCE wok4-1 3 4\n\n{press}"
    reply(hall, ann, subject, body, "<unquoted-1@players.example>")
    hall.poll(hours=1)
    (answer,) = hall.new_mails(ann.email)
    assert answer.subject == "[wok4-1] orders for turn 2 received", answer.subject
    assert f'the command "ABSENCE wok4-1 3 4": {NOTE}' in answer.body, answer.body
    assert "PRESS of game" not in answer.body, answer.body


DMARC_FAIL = "mx.wtg.example; dmarc=fail (p=reject dis=none) header.from=players.example"


@pytest.mark.parametrize("quoting", ["", "> "])
def test_a_forged_from_s_order_mail_reads_no_host_line_as_a_command_either(
    tmp_path: Path, quoting: str
) -> None:
    """The same reply to the press mail (its form filled in above the press mail, pasted
    unquoted, or quoted as Thunderbird quotes it), its From failing DMARC at the GM's
    server: the orders are filed with their right code and confirmed to the seat's own
    address alone, as for any mail whose From failed its check (docs/mail.md, "Forged
    senders"). That confirmation named the press mail's head, ``PRESS of game wok4-1, turn
    1: ...``, as a PRESS of Ann's not carried out: the forged path read the lines beside the
    form without the host's mail the reply answers, which the other path leaves out."""
    hall = Hall(tmp_path)
    ann, _bob, press = press_mailed(hall)
    subject = "[wok4-1] press of turn 1"
    form = re.sub(r"(?m)^(R1:).*$", r"\1 1", hall.game("wok4-1").aof(ann.id))
    pasted = "".join(f"{quoting}{line}".rstrip() + "\n" for line in press.splitlines())
    attribution = "On Sun, 22 Nov 2026, Game Master wrote:\n" if quoting else ""
    body = f"Bob: yes.\n\n{form}\n\nABSENCE wok4-1 3 4\n\n{attribution}{pasted}"
    reply(hall, ann, subject, body, "<forged-1@players.example>", DMARC_FAIL)
    summary = hall.poll(hours=1)
    assert [event.text() for event in summary.events] == [
        f"stored: wok4-1 turn 2 player {ann.id}; not answered: authres: dmarc=fail for "
        "players.example"
    ]
    (answer,) = hall.new_mails(ann.email)
    assert answer.subject == "[wok4-1] orders for turn 2 received", answer.subject
    assert f'the command "ABSENCE wok4-1 3 4": {NOTE}' in answer.body, answer.body
    assert "PRESS of game" not in answer.body, answer.body
    assert list(hall.game("wok4-1").store.pending_orders(2)) == [ann.id]
