"""The bytes of an outgoing mail: the fast header path writes what compat32 would."""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timezone

from wtg.mail.compose import POLICY, message

WHEN = datetime(2026, 11, 22, 9, 30, tzinfo=timezone.utc)
SLOW = email.policy.compat32.clone(linesep="\r\n")


def _mail(subject: str, to: str = "Ann <ann@players.example>") -> email.message.Message:
    body = "Orders received.\nA1: 29 19 061\n" + "x" * 120 + "\nJörg\n"
    return message("conf-imap:7:42", "GM <gm@wtg.example>", to, subject, body, when=WHEN)


def test_short_ascii_headers_are_written_as_compat32_writes_them() -> None:
    msg = _mail("[t1] orders for turn 3 received")
    fast = msg.as_bytes(policy=POLICY)
    assert fast == msg.as_bytes(policy=SLOW)
    assert b"\r\nSubject: [t1] orders for turn 3 received\r\n" in fast
    assert b"\nX-Loop: gm@wtg.example\r\n" in fast


def test_long_and_non_ascii_headers_still_fold_and_encode() -> None:
    subject = "[a-game-with-a-long-name] " + "orders for turn 3 received " * 4
    msg = _mail(subject, to="Jörg Müller <joerg@players.example>")
    fast = msg.as_bytes(policy=POLICY)
    assert fast == msg.as_bytes(policy=SLOW)
    head = fast.split(b"\r\n\r\n", 1)[0]
    assert max(len(line) for line in head.split(b"\r\n")) <= 78
    parsed = email.message_from_bytes(fast, policy=email.policy.default)
    assert parsed["Subject"] == subject
    assert parsed["To"].addresses[0].display_name == "Jörg Müller"
