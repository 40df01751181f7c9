"""What the poll reads of a mail without a form (its text, the host's mail it answers or
forwards) is read once a mail, and never served to the next mail."""

from __future__ import annotations

import re
from collections.abc import Iterator
from email.message import EmailMessage, Message
from types import SimpleNamespace
from typing import cast

import pytest

from wtg.mail.incoming import commands
from wtg.mail.incoming.answers import Answers
from wtg.mail.incoming.commands import Commands
from wtg.mail.message.extract import parse_mail
from wtg.mail.spool.hostgames import Registry

LOOP = "gm@example.net"
OURS = "<report-7.0123456789abcdef@example.net>"
REPORT = "Your report, turn 7.\n\nBob writes: shall we keep the peace?\n"


class SentMails:
    """The outbox's sent/ as ``Commands`` reads it: our report, under its Message-ID."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def sent_mail(self, message_id: str, domain: str) -> bytes | None:
        self.asked.append(message_id)
        if message_id != OURS or domain != "example.net":
            return None
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Message-ID"] = LOOP, "ann@example.org", OURS
        mail.set_content(REPORT)
        return mail.as_bytes()


def received(body: str, in_reply_to: str | None = None) -> Message:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "ann@example.org", LOOP, "hello"
    if in_reply_to:
        mail["In-Reply-To"] = in_reply_to
    mail.set_content(body)
    return parse_mail(mail.as_bytes())


def commands_reading(sent: SentMails) -> Commands:
    answers = cast(Answers, SimpleNamespace(loop=LOOP, outbox=sent))
    return Commands(answers, cast(Registry, None))


def test_a_reply_s_answered_mail_is_read_once_and_the_next_mail_reads_its_own() -> None:
    sent = SentMails()
    commands = commands_reading(sent)
    reply = received("LIST\n\n" + REPORT, in_reply_to=OURS)
    assert commands.text(reply) == "LIST\n\n" + REPORT
    assert commands.answered_text(reply) == REPORT
    assert commands.copied_text(reply) == REPORT
    assert commands.copied_text(reply) == REPORT
    assert sent.asked == [OURS]  # the sent report read once for all that asked
    other = received("JOIN wok4\n")
    assert commands.text(other) == "JOIN wok4\n"
    assert commands.answered_text(other) == ""
    assert commands.copied_text(other) == ""
    assert sent.asked == [OURS]
    again = received("LIST\n\n" + REPORT, in_reply_to=OURS)  # the same words, a new mail
    assert commands.copied_text(again) == REPORT
    assert sent.asked == [OURS, OURS]


def test_a_forward_s_host_mail_is_found_by_the_id_on_its_header_lines() -> None:
    sent = SentMails()
    commands = commands_reading(sent)
    forward = received(
        "not me!\n\n-------- Original Message --------\n"
        f"Message-ID: {OURS}\nSubject: report\n\n{REPORT}"
    )
    assert commands.answered_text(forward) == ""
    assert commands.copied_text(forward) == REPORT
    assert commands.copied_text(forward) == REPORT
    assert sent.asked == [OURS]


class Watched:
    """A line pattern of ``wtg.mail.incoming.commands``, each text it searches kept."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.searched: list[str] = []

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        self.searched.append(text)
        return self.pattern.finditer(text)

    def findall(self, text: str) -> list[str]:
        self.searched.append(text)
        return self.pattern.findall(text)


def test_a_text_without_their_words_is_not_searched_line_by_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The three patterns of lines the host's own mail pasted into a player's holds (a
    ``CONFIRM`` line, a forwarded ``Message-ID:``, a press mail's head) each tried every
    place of an order mail's text as a line's start, for every order mail: a text of ASCII
    without their words is not searched; one of other letters is, a dotless ``ı`` being an
    ``i`` to a pattern that ignores case."""
    watched = {
        name: Watched(getattr(commands, name))
        for name in ("_CONFIRM_LINE", "_FORWARDED_ID", "PRESS_HEAD")
    }
    for name, watcher in watched.items():
        monkeypatch.setattr(commands, name, watcher)
    reading = commands_reading(SentMails())
    assert reading.copied_text(received("A1: 60 55 010\nB1: 2 3\n")) == ""
    assert [w.searched for w in watched.values()] == [[], [], []]
    assert reading._code_mails("conf\u0131rm it, please\n") == ""
    assert watched["_CONFIRM_LINE"].searched == ["conf\u0131rm it, please\n"]
    assert commands._may_say("Message-ID: <a@b>", "message-id:")
    assert not commands._may_say("Message ID <a@b>", "message-id:")
