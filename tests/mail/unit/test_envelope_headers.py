"""The SMTP envelope of a queued mail (``transport.envelope``: its sender and recipients)
is read from its headers alone: a report's picture, the most of its bytes, is not parsed
at each delivery."""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timezone
from email.message import Message
from unittest import mock

from wtg.mail.outgoing.compose import message, wire, with_picture
from wtg.mail.servers.transport import envelope

WHEN = datetime(2026, 12, 7, 8, 0, tzinfo=timezone.utc)


def _picture_mail(to: str) -> bytes:
    msg = message(
        "report-g-t0008-p01",
        "Game Master <gm@wtg.example>",
        to,
        "[g] turn 8",
        "Your report.\n",
        when=WHEN,
        kind="auto-generated",
        game="g",
    )
    with_picture(msg, b"\x89PNG\r\n\x1a\n" + bytes(5000), "map-turn8.png")
    return wire(msg)


def test_a_picture_mail_s_envelope_is_read_without_its_parts() -> None:
    raw = _picture_mail("Ann <ann@players.example>")
    with mock.patch.object(Message, "attach", side_effect=AssertionError("a part was parsed")):
        assert envelope(raw) == ("gm@wtg.example", ["ann@players.example"])


def test_the_envelope_is_the_whole_mail_s_from_to_and_cc() -> None:
    """From, To and Cc as the whole mail parsed gives them (a name in encoded words, a
    second recipient in Cc)."""
    raw = _picture_mail("Jörg Müller <joerg@players.example>")
    head, _, body = raw.partition(b"\r\n\r\n")
    raw = head + b"\r\nCc: Bob <bob@players.example>, cy@players.example\r\n\r\n" + body
    whole = email.message_from_bytes(raw, policy=email.policy.default)
    assert whole.is_multipart()
    named = [str(v) for v in whole.get_all("To", []) + whole.get_all("Cc", [])]
    expected = [address for _, address in email.utils.getaddresses(named)]
    assert expected == ["joerg@players.example", "bob@players.example", "cy@players.example"]
    assert envelope(raw) == ("gm@wtg.example", expected)
