"""An answer names the mail it answers by its Message-ID (In-Reply-To, References), as the
mail wrote it. A Message-ID of 50,000 characters, or thousands of them in one header, made
each answer's header hundreds of times its size (twice the Message-ID, encoded), past what
mail servers take, and the answer goes to the seat's address whoever wrote the mail: a
Message-ID longer than a mail's line names nothing, and the answer goes out whole."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from tests.lobby.hall import GM, Hall, ann_and_bob
from wtg.mail.outgoing.compose import REFERENCE_MAX


def _queued_heads(hall: Hall) -> list[tuple[email.message.EmailMessage, bytes]]:
    queue = hall.gm.spool / "outbox" / "queue"
    found = []
    for path in sorted(queue.glob("*.eml")):
        raw = path.read_bytes()
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        found.append((msg, raw.split(b"\r\n\r\n", 1)[0]))
    return found


@pytest.mark.parametrize(
    ("message_id", "named"),
    [
        ("<" + "a" * 50_000 + "@else.example>", False),
        ("<a@else.example>" + " <r@else.example>" * 5_000, False),
        ("<" + "b" * (REFERENCE_MAX - 20) + "@else.example>", True),
        ("<m1@else.example>", True),
    ],
)
def test_an_answer_names_a_message_id_only_as_long_as_a_line(
    tmp_path: Path, message_id: str, named: bool
) -> None:
    """Orders from Ann (a confirmation threads only to a mail of the seat's own address):
    the confirmation goes to Ann, its header under 4 kB, In-Reply-To and References the
    Message-ID when it fits a line (up to ``REFERENCE_MAX`` characters), else neither."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id).replace("X1: ___", "X1: 100").replace("\n", "\r\n")
    hall.deliver(
        f"From: {ann.email}\r\nTo: {GM}\r\nSubject: orders\r\n"
        f"Message-ID: {message_id}\r\nContent-Type: text/plain\r\n\r\n{form}".encode()
    )
    (outcome,) = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcome == f"stored: wok4-1 turn 1 player {ann.id}"
    ((msg, head),) = _queued_heads(hall)
    assert str(msg["To"]) == ann.email
    assert len(head) < (4_000 if not named else 4_000 + 4 * REFERENCE_MAX)
    if named:
        assert str(msg["In-Reply-To"]) == message_id == str(msg["References"])
    else:
        assert msg["In-Reply-To"] is None and msg["References"] is None
