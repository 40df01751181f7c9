"""A hall for lobby tests: a GM config on the maildir transport, no game yet, and people
who mail the host; every mail the host queued or sent, read back by address."""

from __future__ import annotations

import email
import email.policy
import json
import mailbox
import re
import shutil
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

from wtg.game.engine import Game, open_game
from wtg.host.config import GmConfig, config_from_data
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.duetasks import DueTasks, run_due_tasks
from wtg.lobby.lists import add_list
from wtg.lobby.start import checked_list
from wtg.mail.outgoing.notices import Notices
from wtg.mail.outgoing.outbox import queue_order
from wtg.mail.outgoing.sender import SendSummary, send
from wtg.mail.poll.poller import poll
from wtg.mail.poll.summary import PollSummary
from wtg.mail.servers.inbox import MaildirInbox

START = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
GM = "Game Master <gm@wtg.example>"
CODE_LINE = re.compile(r"^CONFIRM ([A-Z0-9]{10})$", re.M)


def address(number: int) -> str:
    return f"p{number}@players.example"


class Mail:
    def __init__(self, raw: bytes) -> None:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        self.to = str(msg["To"])
        self.subject = str(msg["Subject"])
        part = msg.get_body(preferencelist=("plain",))
        assert part is not None
        self.body = str(part.get_content()).replace("\r\n", "\n")
        self.words = " ".join(self.body.split())
        """The body's words, one space between each: a long sentence of the host's is
        wrapped to a mail's 78 columns, so a test reads its words across the breaks."""

    def code(self) -> str:
        """The code a request's answer asks to CONFIRM."""
        found = CODE_LINE.search(self.body)
        assert found is not None, self.body
        return found.group(1)


class Hall:
    def __init__(self, root: Path, again: bool = False, **limits: object) -> None:
        """``again``: the hall at ``root`` is there already (a copy of another's)."""
        self.gm: GmConfig = config_from_data(
            {"games_dir": "games", "from": GM, "mail": dict(limits)}, root
        )
        self.gm.games_dir.mkdir(parents=True, exist_ok=again)
        self.gm.maildir_in.parent.mkdir(parents=True, exist_ok=True)
        self.inbox = mailbox.Maildir(self.gm.maildir_in, create=True)
        self.now = START
        self.count = 0
        self.seen: set[str] = set()

    @classmethod
    def copied(cls, root: Path, folder: Path, **limits: object) -> Hall:
        """A copy at ``folder`` of the hall at ``root``, the mails it had sent read: a test
        answers in it what a fixture made once for every client."""
        shutil.copytree(root, folder)
        hall = cls(folder, again=True, **limits)
        hall.new_mails()
        return hall

    def open_list(self, ruleset: str = "wok4", **options: object) -> None:
        wanted = checked_list(
            ruleset,
            options.get("variant"),  # type: ignore[arg-type]
            options.get("map"),  # type: ignore[arg-type]
            options.get("players"),  # type: ignore[arg-type]
            str(options.get("group", "any")),
            options.get("every"),  # type: ignore[arg-type]
            options.get("at"),  # type: ignore[arg-type]
            options.get("robots_after"),  # type: ignore[arg-type]
            self.now,
        )
        with LobbyDatabase(self.gm.games_dir) as book:
            add_list(book, wanted)

    def mail(self, sender: str, body: str, name: str = "", subject: str = "to the host") -> None:
        self.count += 1
        msg = EmailMessage()
        msg["From"] = f"{name} <{sender}>" if name else sender
        msg["To"] = GM
        msg["Subject"] = subject
        msg["Message-ID"] = f"<h{self.count}@players.example>"
        msg.set_content(body)
        self.inbox.add(msg)

    def answer(self, sender: str, body: str, hours: float = 1, name: str = "") -> Mail:
        """``sender`` mails ``body`` (under ``name``), a poll ``hours`` on takes it: the one
        mail the host has for ``sender`` since last asked (checked: exactly one)."""
        self.mail(sender, body, name)
        self.poll(hours=hours)
        found = self.new_mails(sender)
        assert len(found) == 1, [m.subject for m in found]
        return found[0]

    def confirmed(self, sender: str, body: str, hours: float = 1) -> tuple[Mail, Mail]:
        """``sender``'s request ``body`` answered, then the code it asks for CONFIRMed: the
        answer asking for the code, and the answer to the CONFIRM (each polled ``hours``
        on)."""
        ask = self.answer(sender, body, hours)
        return ask, self.answer(sender, f"CONFIRM {ask.code()}", hours)

    def deliver(self, raw: bytes) -> None:
        """A mail as a client sent it, byte for byte."""
        self.inbox.add(raw)

    def poll(self, hours: float = 0) -> PollSummary:
        self.now += timedelta(hours=hours)
        return poll(self.gm, MaildirInbox(self.gm.maildir_in), self.now)

    def send(self) -> SendSummary:
        return send(self.gm, now=self.now)

    def due_tasks(self, moment: datetime | None = None) -> DueTasks:
        """The lobby's tasks of a `run-turn --due` at ``moment`` (the hall's now), telling
        by mail, as the command does, a player taken off a list."""
        when = moment or self.now
        return run_due_tasks(
            self.gm.games_dir, when, Notices(self.gm.spool, self.gm.sender, when).taken_off
        )

    def new_mails(self, to: str | None = None) -> list[Mail]:
        """The mails the host queued or sent since last asked (to ``to`` alone, if given),
        each folder's in the order a send mails them."""
        outbox = self.gm.spool / "outbox"
        found = []
        for path in [
            path
            for folder in ("queue", "sent")
            for path in sorted((outbox / folder).glob("*.eml"), key=lambda p: queue_order(p.name))
        ]:
            if path.name in self.seen:
                continue
            mail = Mail(path.read_bytes())
            if to is None or mail.to == to:
                self.seen.add(path.name)
                found.append(mail)
        return found

    def sent_id(self, subject: str) -> str:
        """The Message-ID of the mail the host sent with this subject."""
        for path in (self.gm.spool / "outbox" / "sent").glob("*.eml"):
            msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if str(msg["Subject"]) == subject:
                return str(msg["Message-ID"])
        raise AssertionError(f"no mail sent with the subject {subject!r}")

    def game(self, name: str) -> Game:
        return open_game(self.gm.games_dir / name)

    def config_file(self, **limits: object) -> Path:
        """The hall's config as a file, for a `wtg` run as a process (``limits``: its mail
        limits)."""
        path = self.gm.games_dir.parent / "wtg.yaml"
        data = {"games_dir": "games", "from": GM, "mail": dict(limits)}
        path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
        return path


def all_confirmed(hall: Hall, names: Sequence[str], hours: float) -> None:
    """Players 1, 2, ... mail ``JOIN wok4 AS <name>`` at once, one poll answers them, each
    CONFIRMs the code he got, and a poll ``hours`` on takes the confirmations; the mails
    that went out are read."""
    for number, name in enumerate(names, start=1):
        hall.mail(address(number), f"JOIN wok4 AS {name}")
    hall.poll()
    codes = {m.to: m.code() for m in hall.new_mails()}
    for number in range(1, len(names) + 1):
        hall.mail(address(number), f"CONFIRM {codes[address(number)]}")
    hall.poll(hours=hours)
    hall.new_mails()


def joined(hall: Hall, number: int, command: str) -> None:
    """Player ``number``'s request ``command`` (a JOIN) answered, and the code it was
    mailed CONFIRMed, each mail polled an hour on; the answer to the CONFIRM left unread."""
    ask = hall.answer(address(number), command)
    hall.mail(address(number), f"CONFIRM {ask.code()}")
    hall.poll(hours=1)


def ann_and_bob(hall: Hall, ruleset: str = "wok4", **options: object) -> Game:
    """A two-player list of ``ruleset`` (and the list's other ``options``, as
    ``Hall.open_list`` takes them) opened and filled by Ann (p1) and Bob (p2), each JOIN
    confirmed, its game started and turn 0's mail sent and read: the game."""
    hall.open_list(ruleset, players=2, **options)
    codes = {}
    for number, name in ((1, "Ann"), (2, "Bob")):
        answer = hall.answer(address(number), f"JOIN {ruleset} AS {name}", hours=2)
        codes[number] = answer.code()
    for number in (1, 2):
        hall.mail(address(number), f"CONFIRM {codes[number]}")
    hall.poll(hours=2)
    hall.send()
    hall.new_mails()
    return hall.game(f"{ruleset}-1")
