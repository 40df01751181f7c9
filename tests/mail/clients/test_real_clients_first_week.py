"""A newcomer's first week, through the real clients (mutt, neomutt, mutt quoting with
"| ", s-nail, Emacs Gnus, aerc, alpine): he replies to the host's answer to his JOIN (it
asks to CONFIRM), quoting it, with a question in plain words, or with ``STATUS wok4`` for
the list he joined.

Before, the question got "did not confirm it: you wrote more than a plain yes or no", and
nothing said that no one would answer it; ``STATUS wok4`` got "there is no game 'wok4'
here", as if the list he had just joined did not exist. Now the answer quotes the question
and says the host is a program that answers none (HELP and LIST for what it does), and
STATUS of a list's name says it is a waiting list, what shows it and how its games are
named. His JOIN waits as before in both: nothing of the quote is read. Once on the list,
his question in a reply to the mail that said so got the HELP alone; it quotes the
question now, with the same word."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.asked import ALICE, Asked, pending_codes, waiting_names
from tests.lobby.hall import Hall
from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Client, Desk
from tests.mail.clients.player import TYPED_FILE
from wtg.mail.outgoing.compose import render

QUESTION = "When does the game start, and is there anything else I need to do?"


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Asked:
    return Asked(tmp_path_factory.mktemp("asked") / "hall")


def _replied(client: Client, asked: Asked, tmp_path: Path, where: str, typed: str) -> bytes:
    need(client)
    desk = Desk(tmp_path / "desk", asked.answer, f"file-{where}", "JOIN wok4")
    desk.write(TYPED_FILE, typed)
    client.write(desk)
    return desk.reply()


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("where", ["top", "bottom"])
def test_a_question_in_plain_words_is_told_no_one_answers_it(
    client: Client, where: str, asked: Asked, tmp_path: Path
) -> None:
    raw = _replied(client, asked, tmp_path, where, f"Hi, I'm new here.\n{QUESTION}\n\nAlice\n")
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f'answered: commands: reply not read as a yes to {asked.code}; asked "{QUESTION}"'
    ]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    (told,) = hall.new_mails(ALICE)
    assert told.subject == "JOIN wok4: not confirmed", told.subject
    assert (
        f'Your mail asks "{QUESTION}": the host is a program, which carries out the commands '
        "it knows and answers no question. Mail HELP for its commands, and LIST for the "
        "waiting lists and how many players wait on each."
    ) in told.words, told.body
    assert f"CONFIRM {asked.code}" in told.words


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
def test_status_of_the_list_joined_names_the_request(
    client: Client, asked: Asked, tmp_path: Path
) -> None:
    """Her JOIN waits for its CONFIRM: the STATUS of its list names it and its code (it
    said only that wok4 is a waiting list: tests/lobby/test_status_before_confirm.py)."""
    raw = _replied(client, asked, tmp_path, "bottom", "STATUS wok4\n\nAlice\n")
    hall = asked.hall(tmp_path / "hall")
    hall.deliver(raw)
    hall.poll(hours=1)
    assert pending_codes(hall) == [asked.code]
    mails = {mail.subject: mail for mail in hall.new_mails(ALICE)}
    assert sorted(mails) == ["JOIN wok4: not confirmed", "STATUS wok4: not done"], mails
    said = mails["STATUS wok4: not done"].words
    assert "you are not on the waiting list wok4 yet: your request of 20" in said, said
    assert f"waits for its CONFIRM. Mail CONFIRM {asked.code} (good until 20" in said, said


class Joined:
    """A hall where Alice joined wok4 and confirmed: the mail that told her she is on the
    list, as sent."""

    def __init__(self, root: Path) -> None:
        self.root = root
        hall = Hall(root)
        hall.open_list("wok4", players=3)
        ask = hall.answer(ALICE, "JOIN wok4", name="Alice")
        told = hall.answer(ALICE, f"CONFIRM {ask.code()}")
        assert told.subject == "you are on the waiting list wok4", told.subject
        hall.send()
        (self.mail,) = [
            path.read_bytes()
            for path in (hall.gm.spool / "outbox" / "sent").glob("*.eml")
            if b"Subject: you are on the waiting list wok4" in path.read_bytes()
        ]

    def hall(self, folder: Path) -> Hall:
        return Hall.copied(self.root, folder)


@pytest.fixture(scope="module")
def joined(tmp_path_factory: pytest.TempPathFactory) -> Joined:
    return Joined(tmp_path_factory.mktemp("joined") / "hall")


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
def test_a_question_to_the_mail_that_said_he_waits_is_quoted_in_the_help(
    client: Client, joined: Joined, tmp_path: Path
) -> None:
    need(client)
    desk = Desk(tmp_path / "desk", joined.mail, "file-bottom", "waiting list")
    desk.write(TYPED_FILE, f"Thanks! {QUESTION}\n\nAlice\n")
    client.write(desk)
    hall = joined.hall(tmp_path / "hall")
    hall.deliver(desk.reply())
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f'answered: HELP (no command found); asked "Thanks! {QUESTION}"'
    ]
    (told,) = hall.new_mails(ALICE)
    assert told.subject == "the commands of the host", told.subject
    assert (
        f'Your mail asks "Thanks! {QUESTION}": the host is a program, which carries out the '
        "commands below and answers no question."
    ) in told.words, told.body
    assert waiting_names(hall) == ["Alice"]


def test_an_answer_remembered_before_the_question_note_renders() -> None:
    """An answer the book kept for a mail read before (``Answering.remember``), by a wtg
    that had no question note, is made again from its context when the mail is read again
    after a kill: without ``question`` it renders as it did, never quarantining the mail."""
    help_text = render("lobby/help", verbs=(), unknown=None, waiting=[])
    assert "Your mail asks" not in help_text
    kept = render(
        "lobby/reply_unconfirmed",
        request="JOIN wok4",
        code="ABCD2345EF",
        until="2026-11-29 12:00 UTC",
        strict=False,
        yes=False,
    )
    assert "CONFIRM ABCD2345EF" in kept and "Your mail asks" not in kept
