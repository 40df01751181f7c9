"""Text a stranger typed that reaches a header of the host's answer (a command echoed in the
Subject of its refusal, the Message-ID of his mail in the answer's In-Reply-To) and is
written as an RFC 2047 encoded word (``=?utf-8?q?x=0D=0ACc:_victim@else.example?=``) is
that text, not what it would decode to: the header registry decoded it, and the answer
carried a line break the check of control characters never saw, so a header of the
stranger's (a Cc that SMTP sends the answer to, a blank line and a body of his) stood in a
mail of the host's."""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from wtg.mail.outgoing.compose import message, wire
from wtg.mail.servers.transport import envelope

INJECTION = "=?utf-8?q?x=0D=0ACc:_victim@else.example?="
SHORT = "=?utf-8?q?=0D=0ACc:_v@e.xy?="
"""The same within the 40 characters of a word the HELP's Subject echoes."""
ESCAPE = "=?utf-8?b?G10wO293bmVkBw==?="
"""ESC ] 0 ; owned BEL: a terminal's window title, as an encoded word."""


def _queued(hall: Hall) -> list[bytes]:
    return [p.read_bytes() for p in sorted((hall.gm.spool / "outbox" / "queue").glob("*.eml"))]


def _headers(raw: bytes) -> list[str]:
    head = raw.split(b"\r\n\r\n", 1)[0].decode("ascii")
    return [line.split(":", 1)[0] for line in head.split("\r\n") if not line.startswith(" ")]


@pytest.mark.parametrize(
    "typed",
    [f"JOIN {INJECTION}", f"JOIN wok4 AS {INJECTION}", f"WITHDRAW {INJECTION}", f"SUB {SHORT}"],
)
def test_an_echoed_command_adds_no_header_and_reads_as_typed(tmp_path: Path, typed: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("stranger@x.example", typed)
    hall.poll()
    (raw,) = _queued(hall)
    assert envelope(raw)[1] == ["stranger@x.example"]
    assert "Cc" not in _headers(raw), raw
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert "=?" in str(msg["Subject"])
    assert "\r" not in str(msg["Subject"]) and "\n" not in str(msg["Subject"])
    assert str(msg["Subject"]).startswith(typed[:20]), str(msg["Subject"])


@pytest.mark.parametrize(
    "message_id",
    [f"<{INJECTION}@h.example>", INJECTION, f"<a@b> {INJECTION}"],
)
def test_a_message_id_of_the_stranger_adds_no_header_to_the_answer(
    tmp_path: Path, message_id: str
) -> None:
    hall = Hall(tmp_path)
    hall.deliver(
        b"From: stranger@x.example\nTo: gm@wtg.example\nSubject: hi\n"
        + f"Message-ID: {message_id}\n\nHELP\n".encode()
    )
    hall.poll()
    (raw,) = _queued(hall)
    assert envelope(raw)[1] == ["stranger@x.example"]
    assert "Cc" not in _headers(raw), raw
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert str(msg["In-Reply-To"]) == message_id


@pytest.mark.parametrize(
    "subject",
    [
        f"JOIN {INJECTION}: not done",
        f"[g1] from {ESCAPE}",
        "=?utf-8?q?Game_Master?=",
        "x " * 60 + INJECTION + " y" * 30,
        f"Jörg {INJECTION} Müller",
    ],
)
def test_a_subject_reads_as_it_was_given(subject: str) -> None:
    """The Subject a reader's client shows is the text given, each character of it."""
    when = datetime(2026, 11, 22, 9, 30, tzinfo=timezone.utc)
    msg = message("id-1", "gm@wtg.example", "ann@players.example", subject, "body", when=when)
    raw = wire(msg)
    assert raw == msg.as_bytes(policy=msg.policy)
    assert _headers(raw) == [
        "MIME-Version",
        "Content-Type",
        "Content-Transfer-Encoding",
        "From",
        "To",
        "Subject",
        "Date",
        "Message-ID",
        "Auto-Submitted",
        "X-Loop",
        "X-Mailer",
    ]
    assert all(len(line) <= 78 for line in raw.split(b"\r\n\r\n", 1)[0].split(b"\r\n"))
    read = email.message_from_bytes(raw, policy=email.policy.default)
    assert str(read["Subject"]) == subject
