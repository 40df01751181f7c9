"""The lobby's commands of a player on one of two lists of a game (``wok4-beginner`` and
``wok4``, open to all), typed in a reply to the mail that told him he is on the list, by
the real clients (mutt, neomutt, mutt quoting with "| ", mutt with signatures, s-nail,
Emacs Gnus, aerc, alpine), above the quote and below it: ``LIST``, ``STATUS <list>``,
``WITHDRAW <list>``, ``JOIN wok4`` (which puts him on the list open to all too) and a
question labelled without its question mark. Each is read as typed, none from the quote,
and the question reaches the GM."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from tests.lobby.asked import ALICE
from tests.lobby.hall import Hall
from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Client, Desk
from tests.mail.clients.player import TYPED_FILE

JOINED = "you are on the waiting list wok4-beginner"
QUESTION = "Question: may I wait on both lists of wok4"
TYPED = f"LIST\nSTATUS wok4-beginner\nWITHDRAW wok4-beginner\nJOIN wok4\n\n{QUESTION}\n"


class Waiting:
    """A hall with wok4-beginner and wok4 open, Alice on wok4-beginner; the mail that told
    her so, as sent."""

    def __init__(self, root: Path) -> None:
        self.root = root
        hall = Hall(root, replies_per_hour=30)
        hall.open_list("wok4", map="small", players=3, group="beginner")
        hall.open_list("wok4", map="small", players=3)
        ask = hall.answer(ALICE, "JOIN wok4 AS Alice", name="Alice")
        hall.mail(ALICE, f"CONFIRM {ask.code()}")
        hall.poll(hours=1)
        hall.send()
        hall.new_mails()
        for sent in sorted((hall.gm.spool / "outbox" / "sent").glob("*.eml")):
            msg = email.message_from_bytes(sent.read_bytes(), policy=email.policy.default)
            if str(msg["Subject"]) == JOINED:
                self.answer = sent.read_bytes()
                break
        else:
            raise AssertionError("no mail told Alice she was on the list")

    def hall(self, folder: Path) -> Hall:
        return Hall.copied(self.root, folder, replies_per_hour=30)


@pytest.fixture(scope="module")
def waiting(tmp_path_factory: pytest.TempPathFactory) -> Waiting:
    return Waiting(tmp_path_factory.mktemp("two-lists") / "hall")


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("where", ["top", "bottom"])
def test_the_commands_of_a_player_on_two_lists_typed_in_a_reply(
    client: Client, where: str, waiting: Waiting, tmp_path: Path
) -> None:
    need(client)
    desk = Desk(tmp_path / "desk", waiting.answer, f"file-{where}", JOINED)
    desk.write(TYPED_FILE, f"Hi,\n\n{TYPED}\nthanks!\nAlice\n")
    client.write(desk)
    raw = desk.reply()
    hall = waiting.hall(tmp_path / "hall")
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        "answered: commands: LIST, STATUS wok4-beginner, WITHDRAW wok4-beginner, JOIN wok4; "
        f'asked "{QUESTION}"'
    ]
    told = {mail.subject.split(":")[0]: mail for mail in hall.new_mails(ALICE)}
    assert all("not understood" not in mail.words for mail in told.values())
    assert "The waiting lists open now" in told["waiting lists and seats offered"].words
    withdraw = told["WITHDRAW wok4-beginner"]
    assert "You wait on the waiting list wok4-beginner and asked to leave it." in withdraw.words, (
        withdraw.body
    )
    join = told["JOIN wok4"]
    assert "You wait on the waiting list wok4-beginner of the same game already" in join.words
    assert len(told) == 4, sorted(told)


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.name)
@pytest.mark.parametrize("where", ["top", "bottom"])
def test_a_question_without_its_mark_typed_in_a_reply_reaches_the_gm(
    client: Client, where: str, waiting: Waiting, tmp_path: Path
) -> None:
    """``Q: ...`` alone, no command: the HELP quotes it, and the GM's line names it."""
    need(client)
    asked = "Q: when does the beginners game start"
    desk = Desk(tmp_path / "desk", waiting.answer, f"file-{where}", JOINED)
    desk.write(TYPED_FILE, f"Hello,\n\n{asked}\n\nAlice\n")
    client.write(desk)
    hall = waiting.hall(tmp_path / "hall")
    hall.deliver(desk.reply())
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f'answered: HELP (no command found); asked "{asked}"'
    ]
    (told,) = hall.new_mails(ALICE)
    assert f'Your mail asks "{asked}"' in told.words, told.body
