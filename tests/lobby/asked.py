"""A request of the lobby's and the replies to it (issue 25, item 16): a hall where Alice
asked to JOIN wok4, the host's answer to her as sent, and what a reply to it must do."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

from tests.lobby.hall import Hall, Mail
from tests.mail.clients.drivers import PLAYER
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

ALICE = PLAYER.email
GM_LINE = "Game Master <gm@wtg.example>"


class Asked:
    """A hall where Alice asked to JOIN wok4, and the host's answer to her, as sent."""

    def __init__(self, root: Path) -> None:
        self.root = root
        hall = Hall(root)
        hall.open_list("wok4", players=3)
        hall.mail(ALICE, "JOIN wok4", name="Alice")
        hall.poll()
        hall.send()
        (sent,) = (hall.gm.spool / "outbox" / "sent").glob("*.eml")
        self.answer = sent.read_bytes()
        msg = email.message_from_bytes(self.answer, policy=email.policy.default)
        self.subject = str(msg["Subject"])
        self.message_id = str(msg["Message-ID"]).strip()
        self.code = self.subject.rsplit(" ", 1)[1]
        body = msg.get_body(preferencelist=("plain",))
        assert body is not None
        self.text = str(body.get_content()).replace("\r\n", "\n")
        assert f"\nCONFIRM {self.code}\n" in self.text

    def hall(self, folder: Path) -> Hall:
        """A copy of the hall, to answer in."""
        return Hall.copied(self.root, folder)


def waiting_names(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [w.name for w in waiting(book, "wok4")]


def a_reply(asked: Asked, body: str, html: str | None = None) -> bytes:
    """A reply from Alice to the host's answer, in the thread."""
    msg = EmailMessage()
    msg["From"] = f"Alice <{ALICE}>"
    msg["To"] = GM_LINE
    msg["Subject"] = f"Re: {asked.subject}"
    msg["Message-ID"] = "<reply-1@players.example>"
    msg["In-Reply-To"] = asked.message_id
    msg["References"] = asked.message_id
    msg.set_content(body)
    if html is not None:
        msg.add_alternative(html, subtype="html")
    # as a client writes it: the standard library would encode an In-Reply-To longer than
    # a line (RFC 2047), which no client does
    raw = msg.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998))
    assert f"In-Reply-To: {asked.message_id}".encode() in raw
    return raw


def confirms(asked: Asked, folder: Path, raw: bytes) -> Hall:
    """The reply is read as Alice's CONFIRM: she is on the list, and told so."""
    hall = asked.hall(folder)
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [f"answered: commands: CONFIRM {asked.code}"]
    assert waiting_names(hall) == ["Alice"]
    (joined,) = hall.new_mails(ALICE)
    assert joined.subject == "you are on the waiting list wok4"
    return hall


def cancels(asked: Asked, folder: Path, raw: bytes) -> Hall:
    """The reply carries no command of Alice's, and says no: nobody joins, her request is
    cancelled (its code forgotten), and she is told so (``wtg.lobby.yesno``)."""
    hall = asked.hall(folder)
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: a no by reply to {asked.code}"
    ]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == []
    (told,) = hall.new_mails(ALICE)
    assert told.subject == "JOIN wok4: cancelled"
    assert f"its code {asked.code} no longer works" in " ".join(told.body.split())
    return hall


def pending_codes(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [str(row[0]) for row in book.rows("SELECT code FROM pending")]


def confirms_by_reply(asked: Asked, folder: Path, raw: bytes) -> Hall:
    """The reply, with no command typed, is read as Alice's yes to the answer it replies to
    (``wtg.lobby.yesno``): she is on the list, and told so."""
    hall = asked.hall(folder)
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: CONFIRM {asked.code} (by reply)"
    ]
    assert waiting_names(hall) == ["Alice"]
    assert pending_codes(hall) == []
    (joined,) = hall.new_mails(ALICE)
    assert joined.subject == "you are on the waiting list wok4"
    return hall


def unconfirmed_by_reply(asked: Asked, folder: Path, raw: bytes) -> Mail:
    """The reply confirms nothing: Alice's request waits with its code, and she is told how
    to confirm it (the notice returned)."""
    hall = asked.hall(folder)
    hall.deliver(raw)
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: reply not read as a yes to {asked.code}"
    ]
    assert waiting_names(hall) == []
    assert pending_codes(hall) == [asked.code]
    (told,) = hall.new_mails(ALICE)
    assert told.subject == "JOIN wok4: not confirmed"
    return told
