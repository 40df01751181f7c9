"""attack39: a request forged in a player's name, confirmed by his auto-responder.

A stranger writes Ann's address in his From and asks ``WITHDRAW wok4``: the host mails Ann
the code to CONFIRM it, and nothing changes until she types the line. Her mailbox answers
every mail by itself (a helpdesk's or a hosting panel's auto-responder: no
``Auto-Submitted``, no ``In-Reply-To``) and pastes the mail it answers under its own words,
without quote marks. That paste holds the host's ``CONFIRM <code>`` line, and before round
39 it was read as Ann's: she was taken off the list she waited on, by a forger and a robot.

The lines of the host's mail that mailed a code, pasted anywhere, are none of the
sender's (docs/mail.md, "What the mail answered holds is never read as the sender's
commands"): the host makes that mail again from what its command kept, and the lines of a
copy of it (each one next to the same line as in that mail) are passed over, as in a reply
that names it. A ``CONFIRM <code>`` line typed alone still confirms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, Mail, address, joined
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

ANN = address(1)


def ann_waiting(tmp_path: Path) -> Hall:
    """Ann waits on wok4 (a list of 5), her JOIN confirmed."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=5)
    joined(hall, 1, "JOIN wok4 AS Ann")
    hall.new_mails()
    return hall


def waiting_names(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [entry.name for entry in waiting(book, "wok4")]


def forged_withdraw(hall: Hall) -> Mail:
    """A stranger's ``WITHDRAW wok4`` under Ann's address: the mail asking her to CONFIRM."""
    ask = hall.answer(ANN, "WITHDRAW wok4")
    assert ask.subject.startswith("WITHDRAW wok4: confirm with CONFIRM "), ask.subject
    return ask


def auto_responded(hall: Hall, subject: str, text: str) -> None:
    """Ann's mailbox answers by itself: its words, then the mail it answers pasted whole,
    unquoted, without an In-Reply-To; polled an hour on."""
    hall.deliver(
        f"From: {ANN}\nTo: gm@wtg.example\nSubject: {subject}\n"
        "Message-ID: <auto1@players.example>\n"
        "Content-Type: text/plain; charset=utf-8\n\n"
        "Thank you for your message. We will get back to you shortly.\n\n"
        f"Your message:\n\n{text}\n".encode()
    )
    hall.poll(hours=1)


@pytest.mark.parametrize(
    "subject",
    ["Automatic notice", "[Ticket#1234] WITHDRAW wok4: confirm with CONFIRM {code}"],
)
def test_a_withdraw_code_mail_pasted_back_confirms_nothing(tmp_path: Path, subject: str) -> None:
    """attack39: the code mail of a forged WITHDRAW, pasted back whole by Ann's
    auto-responder, leaves her on the list, and its request waiting."""
    hall = ann_waiting(tmp_path)
    ask = forged_withdraw(hall)
    auto_responded(hall, subject.format(code=ask.code()), ask.body)
    assert waiting_names(hall) == ["Ann"]
    (helped,) = hall.new_mails(ANN)
    assert helped.subject == "the commands of the host", helped.subject
    # the HELP names the request waiting, with its CONFIRM line: pasted back, nor does it
    assert f"CONFIRM {ask.code()}" in helped.body, helped.body
    auto_responded(hall, "Automatic notice", helped.body)
    assert waiting_names(hall) == ["Ann"]
    assert [m.subject for m in hall.new_mails(ANN)] == ["the commands of the host"]
    with LobbyDatabase(hall.gm.games_dir) as book:
        rows = book.rows("SELECT kind FROM pending WHERE address = ?", ANN)
    assert [str(row["kind"]) for row in rows] == ["withdraw"]


def test_a_join_code_mail_pasted_back_confirms_nothing(tmp_path: Path) -> None:
    """attack39: so does the code mail of a JOIN forged in a stranger's name: the stranger
    is put on no list by his auto-responder."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=5)
    ask = hall.answer(ANN, "JOIN wok4 AS Ann")
    auto_responded(hall, "Automatic notice", ask.body)
    assert waiting_names(hall) == []


def test_a_confirm_line_typed_in_a_new_mail_still_confirms(tmp_path: Path) -> None:
    """The CONFIRM line typed alone, between a greeting and a thanks, in a new mail that
    names no mail of the host's, confirms the WITHDRAW as ever."""
    hall = ann_waiting(tmp_path)
    ask = forged_withdraw(hall)
    done = hall.answer(ANN, f"Hi,\n\nCONFIRM {ask.code()}\n\nthanks, Ann")
    assert done.subject == "WITHDRAW wok4: done", done.subject
    assert waiting_names(hall) == []


def test_a_confirm_line_under_the_code_mails_lines_typed_again_confirms(tmp_path: Path) -> None:
    """A person who copies the code mail's sentence and types the CONFIRM line under it
    with words of his own around it confirms: a line is a copy only when it stands next to
    a line that stands next to it in the host's mail."""
    hall = ann_waiting(tmp_path)
    ask = forged_withdraw(hall)
    done = hall.answer(ANN, f"Yes, I asked for it.\nCONFIRM {ask.code()}\nAnn")
    assert done.subject == "WITHDRAW wok4: done", done.subject
    assert waiting_names(hall) == []


def test_the_answer_to_a_reply_that_did_not_confirm_pasted_back_confirms_nothing(
    tmp_path: Path,
) -> None:
    """attack39: the answer to a reply that did not confirm a request (``WITHDRAW wok4: not
    confirmed``) repeats its CONFIRM line: pasted back by an auto-responder, it confirms
    nothing either."""
    hall = ann_waiting(tmp_path)
    ask = forged_withdraw(hall)
    hall.deliver(
        f"From: {ANN}\nTo: gm@wtg.example\nSubject: Re: {ask.subject}\n"
        "Message-ID: <re1@players.example>\nContent-Type: text/plain; charset=utf-8\n\n"
        "I did ask for it, but please keep me on the other lists.\n".encode()
    )
    hall.poll(hours=1)
    (unconfirmed,) = hall.new_mails(ANN)
    assert unconfirmed.subject == "WITHDRAW wok4: not confirmed", unconfirmed.subject
    assert f"\nCONFIRM {ask.code()}\n" in unconfirmed.body, unconfirmed.body
    auto_responded(hall, "Automatic notice", unconfirmed.body)
    assert waiting_names(hall) == ["Ann"]
