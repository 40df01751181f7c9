"""The bytes of an outgoing mail: every header comes from the stdlib's header registry under a
policy that refuses line breaks, so no text can add a header; the fast header path writes
what the registry's own folding writes."""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timezone
from typing import TYPE_CHECKING

import pytest

from wtg.mail.outgoing.compose import POLICY, message

if TYPE_CHECKING:
    from wtg.mail.outgoing.compose import Outgoing

WHEN = datetime(2026, 11, 22, 9, 30, tzinfo=timezone.utc)
EVIL = "Alice\r\nBcc: evil@example.org"


def _mail(subject: str, to: str = "Ann <ann@players.example>", **more: str) -> Outgoing:
    body = "Orders received.\nA1: 29 19 061\n" + "x" * 120 + "\nJörg\n"
    return message("conf-imap:7:42", "GM <gm@wtg.example>", to, subject, body, when=WHEN, **more)


def _parsed(msg: Outgoing) -> email.message.EmailMessage:
    parsed = email.message_from_bytes(msg.as_bytes(policy=POLICY), policy=email.policy.default)
    assert isinstance(parsed, email.message.EmailMessage)
    return parsed


def test_short_ascii_headers_are_written_as_the_header_registry_writes_them() -> None:
    msg = _mail("[t1] orders for turn 3 received", reply_to_id="<m1@players.example>")
    fast = msg.as_bytes(policy=POLICY)
    assert fast == msg.as_bytes(policy=email.policy.SMTP)
    assert b"\r\nSubject: [t1] orders for turn 3 received\r\n" in fast
    assert b"\r\nX-Loop: gm@wtg.example\r\n" in fast
    assert b"\r\nIn-Reply-To: <m1@players.example>\r\n" in fast


def test_long_and_non_ascii_headers_still_fold_and_encode() -> None:
    subject = "[a-game-with-a-long-name] " + "orders for turn 3 received " * 4
    msg = _mail(subject, to="Jörg Müller <joerg@players.example>")
    fast = msg.as_bytes(policy=POLICY)
    assert fast == msg.as_bytes(policy=email.policy.SMTP)
    head = fast.split(b"\r\n\r\n", 1)[0]
    assert max(len(line) for line in head.split(b"\r\n")) <= 78
    parsed = _parsed(msg)
    assert parsed["Subject"] == subject
    assert parsed["To"].addresses[0].display_name == "Jörg Müller"
    assert (
        parsed.get_content().replace("\r\n", "\n")
        == "Orders received.\nA1: 29 19 061\n" + "x" * 120 + "\nJörg\n"
    )


@pytest.mark.parametrize(
    "breaker", ["\r\n", "\n", "\r", "\x00", "\x0b", "\x0c", "\x1c", "\x7f", "\x85", "\u2028"]
)
def test_no_text_in_a_subject_adds_a_header(breaker: str) -> None:
    """A hand-edited game.yaml puts a line break in a player's name: the subject keeps the
    text on its one line and the mail carries no Bcc."""
    msg = _mail(f"[g1] turn 3 report for Alice{breaker}Bcc: evil@example.org")
    assert msg.refused == ""
    parsed = _parsed(msg)
    assert parsed["Bcc"] is None
    assert parsed["Subject"] == "[g1] turn 3 report for Alice Bcc: evil@example.org"
    assert [name for name, _ in parsed.items()].count("Subject") == 1


def test_a_line_break_in_an_address_refuses_the_mail_and_writes_no_recipient() -> None:
    msg = _mail("[g1] turn 3 report", to="alice@example.org\r\nBcc: evil@example.org")
    assert msg.refused == (
        "To: 'alice@example.org\\r\\nBcc: evil@example.org' holds a line break or control character"
    )
    raw = msg.as_bytes(policy=POLICY)
    assert b"evil" not in raw and b"\r\nTo:" not in raw and b"Bcc" not in raw


@pytest.mark.parametrize("to", ["x@", "foo", "a@b.example, c@d.example", "", "<>", "a b@c.example"])
def test_an_address_that_is_not_one_address_refuses_the_mail(to: str) -> None:
    msg = _mail("hello", to=to)
    assert msg.refused == f"To: {to!r} is not one e-mail address"
    assert "To" not in msg


def test_the_policy_refuses_a_header_value_with_a_line_break() -> None:
    msg = _mail("hello")
    with pytest.raises(ValueError, match="line break"):
        msg["X-Note"] = EVIL
    with pytest.raises(ValueError, match="line break"):
        msg["Comments"] = "a\x85b"


def test_a_folded_message_id_of_a_player_is_unfolded_in_the_reply() -> None:
    """A Message-ID read from a player's mail may keep its folding (compat32 keeps it)."""
    msg = _mail("hello", reply_to_id="<very.long.id@players.example>\r\n <more@x.example>")
    parsed = _parsed(msg)
    assert parsed["In-Reply-To"] == "<very.long.id@players.example> <more@x.example>"
    assert parsed["References"] == parsed["In-Reply-To"]
