"""Mail that never gets an automatic reply, the reply address, the reply limit, the size limit."""

from __future__ import annotations

import base64
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

import pytest

from wtg.mail.incoming.noreply import (
    LOOP_MAX,
    ReplyLimiter,
    auto_reply_reason,
    oversized,
    raw_headers,
    sender_address,
)
from wtg.mail.outgoing.compose import loop_id

LOOP = "wtg-gm@example.net"


def received(*headers: tuple[str, str], body: str = "orders\n") -> Message:
    """A player's mail with extra headers, as the poller sees it: parsed from bytes."""
    msg = EmailMessage()
    msg["From"] = "Cid Player <cid@example.org>"
    msg["To"] = "gm@example.net"
    msg["Subject"] = "orders"
    for name, value in headers:
        msg[name] = value
    msg.set_content(body)
    return message_from_bytes(msg.as_bytes(), policy=policy.default)


def reason(*headers: tuple[str, str]) -> str | None:
    return auto_reply_reason(received(*headers), LOOP)


def test_a_plain_player_mail_may_be_answered() -> None:
    assert reason() is None


@pytest.mark.parametrize("value", ["auto-replied", "auto-generated", "Auto-Notified; owner=x"])
def test_auto_submitted_other_than_no(value: str) -> None:
    assert reason(("Auto-Submitted", value)) == f"Auto-Submitted: {value}"


def test_auto_submitted_no_is_a_person() -> None:
    assert reason(("Auto-Submitted", "No")) is None


@pytest.mark.parametrize("value", ["bulk", "list", "JUNK", "auto_reply"])
def test_precedence_bulk_list_junk(value: str) -> None:
    assert reason(("Precedence", value)) == f"Precedence: {value}"


def test_precedence_first_class_is_fine() -> None:
    assert reason(("Precedence", "first-class")) is None


def test_list_id() -> None:
    assert (
        reason(("List-Id", "Players <players.example.org>")) == "a mailing list message (List-Id)"
    )


def test_list_unsubscribe() -> None:
    found = reason(("List-Unsubscribe", "<mailto:leave@example.org>"))
    assert found == "a mailing list message (List-Unsubscribe)"


def test_list_archive_alone_is_no_list_marker_we_check() -> None:
    assert reason(("List-Archive", "<https://example.org>")) is None


@pytest.mark.parametrize("value", ["<>", "< >"])
def test_empty_return_path(value: str) -> None:
    assert reason(("Return-Path", value)) == "empty return path (a bounce or a notification)"


def test_a_return_path_with_an_address_is_fine() -> None:
    assert reason(("Return-Path", "<cid@example.org>")) is None


def test_mailer_daemon_in_from() -> None:
    msg = received()
    msg.replace_header("From", "Mail Delivery System <MAILER-DAEMON@mx.example.org>")
    assert auto_reply_reason(msg, LOOP) == "sent by MAILER-DAEMON@mx.example.org (From)"


def test_postmaster_in_return_path() -> None:
    found = reason(("Return-Path", "<postmaster@example.org>"))
    assert found == "sent by postmaster@example.org (Return-Path)"


def test_a_daemon_in_the_display_name_only_is_a_person() -> None:
    msg = received()
    msg.replace_header("From", '"Postmaster General" <pg@example.org>')
    assert auto_reply_reason(msg, LOOP) is None


def test_our_own_x_loop() -> None:
    found = reason(("X-Loop", "WTG-GM@Example.NET"))
    assert found == f"X-Loop: {LOOP} (our own mail came back)"


def test_our_own_x_loop_with_a_non_ascii_domain_is_known_in_every_form() -> None:
    """A host whose address has a non-ASCII domain: its X-Loop is the address with the
    domain in its ASCII form (a plain header); one written before that, an encoded word of
    the Unicode address, is known as ours too, as is the Unicode form itself."""
    ours = loop_id("Spielleiter <gm@bücher.example>")
    assert ours == "gm@xn--bcher-kva.example"
    encoded = "=?utf-8?b?" + base64.b64encode("gm@bücher.example".encode()).decode() + "?="
    for value in (ours, "GM@XN--BCHER-KVA.example", encoded, "gm@bücher.example"):
        assert (
            auto_reply_reason({"x-loop": [value]}, ours)
            == f"X-Loop: {ours} (our own mail came back)"
        ), value
    assert auto_reply_reason({"x-loop": ["gm@bucher.example"]}, ours) is None


def test_an_x_loop_longer_than_ours_can_be_is_not_decoded() -> None:
    """An X-Loop of 64,000 encoded words (a header of 900 kB, a mail under the size limit)
    took the email package seconds to decode: a value longer than ``LOOP_MAX`` is no X-Loop
    of ours, even one whose empty encoded words decode to our address; up to it, encoded
    words of our address are still ours."""
    flood = "=?utf-8?q?a?= " * 64_000
    assert auto_reply_reason({"x-loop": [flood]}, LOOP) is None
    padding = "=?utf-8?q??= " * (LOOP_MAX // 13)
    assert auto_reply_reason({"x-loop": [padding + LOOP]}, LOOP) is None
    near = "=?utf-8?q??= " * ((LOOP_MAX - len(LOOP)) // 13) + LOOP
    assert len(near) <= LOOP_MAX
    assert auto_reply_reason({"x-loop": [near]}, LOOP) == f"X-Loop: {LOOP} (our own mail came back)"


def test_an_x_loop_of_a_broken_encoded_word_is_someone_elses() -> None:
    """``=?utf-8?b?.<}=?utf-8?b??=``: the email package raised HeaderParseError (a base64
    decoding error) on it, and the mail that carried it was quarantined, as a stranger
    could have any number of his mails quarantined for the GM."""
    for value in (" ,=?utf-8?b?.<}=?utf-8?b??=b<", "=?utf-8?b?A?="):
        assert auto_reply_reason({"x-loop": [value]}, LOOP) is None


def test_someone_elses_x_loop_is_fine() -> None:
    assert reason(("X-Loop", "other@example.org")) is None


@pytest.mark.parametrize("name", ["X-Autoreply", "X-Autorespond"])
def test_x_autoreply_headers(name: str) -> None:
    assert reason((name, "yes")) == f"an automatic reply ({name})"


@pytest.mark.parametrize("value", ["All", "OOF", "DR, oof, AutoReply"])
def test_auto_response_suppress_all_or_oof(value: str) -> None:
    assert reason(("X-Auto-Response-Suppress", value)) == f"X-Auto-Response-Suppress: {value}"


def test_auto_response_suppress_of_receipts_only_is_fine() -> None:
    assert reason(("X-Auto-Response-Suppress", "DR, RN, NRN")) is None


def test_multipart_report_is_a_bounce() -> None:
    report = MIMEMultipart("report", report_type="delivery-status")
    report["From"] = "mx@example.org"
    report.attach(MIMEText("Your message could not be delivered.", "plain"))
    msg = message_from_bytes(report.as_bytes(), policy=policy.default)
    assert auto_reply_reason(msg, LOOP) == "a delivery or disposition report (multipart/report)"


def test_multipart_mixed_is_fine() -> None:
    mixed = MIMEMultipart()
    mixed["From"] = "cid@example.org"
    mixed.attach(MIMEText("orders", "plain"))
    assert auto_reply_reason(message_from_bytes(mixed.as_bytes()), LOOP) is None


def test_an_auto_reply_subject_alone_is_not_enough() -> None:
    msg = received()
    msg.replace_header("Subject", "Automatic reply: Out of Office")
    assert auto_reply_reason(msg, LOOP) is None


def test_sender_is_reply_to_when_present() -> None:
    msg = received(("Reply-To", "Cid at Home <Cid@Home.Example.ORG>"))
    assert sender_address(msg) == "cid@home.example.org"


def test_a_reply_to_of_another_mailbox_name_falls_back_to_from() -> None:
    """Anyone may have a mailbox of the From's domain (a provider's): a Reply-To of another
    name there is no one's word that the sender reads it."""
    msg = received(("Reply-To", "Cid at Home <Cid.Home@Example.ORG>"))
    assert sender_address(msg) == "cid@example.org"


def test_sender_is_from_without_reply_to() -> None:
    assert sender_address(received()) == "cid@example.org"


def test_an_unusable_reply_to_falls_back_to_from() -> None:
    assert sender_address(received(("Reply-To", "undisclosed-recipients:;"))) == "cid@example.org"


@pytest.mark.parametrize("value", ["", "Cid", "cid@", "@example.org", "not an address at all"])
def test_no_usable_sender(value: str) -> None:
    msg = Message()
    msg["From"] = value
    assert sender_address(msg) is None


def test_no_from_at_all() -> None:
    assert sender_address(Message()) is None


def test_replies_are_allowed_under_the_limit() -> None:
    assert ReplyLimiter.allowed("cid@example.org", 10_000.0, [])
    assert ReplyLimiter.allowed("cid@example.org", 10_000.0, [9_000.0, 9_500.0])


def test_replies_stop_at_the_limit() -> None:
    assert not ReplyLimiter.allowed("cid@example.org", 10_000.0, [9_000.0, 9_500.0, 9_900.0])
    assert not ReplyLimiter.allowed("cid@example.org", 10_000.0, [9_990.0], limit=1)


def test_replies_outside_the_window_do_not_count() -> None:
    old = [1_000.0, 2_000.0, 6_399.0]
    assert ReplyLimiter.allowed("cid@example.org", 10_000.0, old)
    assert not ReplyLimiter.allowed("cid@example.org", 10_000.0, old, window=9_500.0)


def test_no_replies_without_a_sender_or_with_limit_zero() -> None:
    assert not ReplyLimiter.allowed("", 10_000.0, [])
    assert not ReplyLimiter.allowed("cid@example.org", 10_000.0, [], limit=0)


def test_oversized() -> None:
    assert oversized(b"x" * 1001, 1000)
    assert not oversized(b"x" * 1000, 1000)


def test_the_headers_grouped_once_serve_the_checks_and_the_sender() -> None:
    """The poll groups a mail's headers once (``raw_headers``) for the robot checks and the
    reply address both: each reads the same from them as from the mail."""
    plain = received(("Reply-To", "Cid at Home <Cid@Home.Example.ORG>"))
    bulk = received(("Precedence", "bulk"))
    assert auto_reply_reason(raw_headers(plain), LOOP) is None
    assert sender_address(raw_headers(plain)) == "cid@home.example.org"
    assert auto_reply_reason(raw_headers(bulk), LOOP) == "Precedence: bulk"
    assert sender_address(raw_headers(bulk)) == "cid@example.org"
    for msg in (plain, bulk):
        assert auto_reply_reason(raw_headers(msg), LOOP) == auto_reply_reason(msg, LOOP)
        assert sender_address(raw_headers(msg)) == sender_address(msg)
