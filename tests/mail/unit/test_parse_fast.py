"""``parse_mail`` parses a single-part mail as its headers alone and gives it the rest as
its payload (the parser would hand the body over line by line): held equal, field by
field and part by part, to the email package's parse of the whole mail."""

from __future__ import annotations

import email
import email.feedparser
import email.policy
import os
from email.message import Message
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.mail.unit.mails import samples
from wtg.mail.message import extract
from wtg.mail.message.extract import parse_mail

SETTINGS = settings(
    max_examples=int(os.environ.get("WTG_EXAMPLES", "400")), deadline=None, database=None
)
ROOT = Path(__file__).resolve().parents[3]
CORPUS = [
    *samples(),
    *(path.read_bytes() for path in sorted((ROOT / "tests" / "mail" / "bounces").glob("*.eml"))),
    *(path.read_bytes() for path in sorted((ROOT / "tests" / "fuzz" / "corpus").glob("*"))),
]
LINE_ENDS = st.sampled_from(["\r\n", "\n", "\r", "\r\r\n"])
HEADER_LINES = st.sampled_from(
    [
        "From: Ann <ann@example.org>",
        "From ann@example.org Mon Jan  1 00:00:00 2024",
        "Subject: orders",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Type: text/html",
        "Content-Type: multipart/mixed; boundary=b",
        "Content-Type: multipart/alternative",
        "Content-Type: message/rfc822",
        "Content-Type: message/delivery-status",
        "Content-Type: MultiPart/ mixed",
        "Subject: about multipart/mixed and message/rfc822",
        "Content-Transfer-Encoding: base64",
        'CONTENT-TYPE: Multipart/Mixed; boundary="b"',
        " folded on",
        "\tfolded on",
        "X-Empty:",
        ":",
        "no colon, no header",
        "Bad Name: x",
        "Subject: caf\udcc3\udca9",
        "",
    ]
)
BODY_LINES = st.sampled_from(
    ["--b", "--b--", "", "GAME: g1 TURN: 1", "A1: 12 13 050", "Content-Type: text/plain", "=3D"]
) | st.text(max_size=8)


@st.composite
def mails(draw: st.DrawFn) -> bytes:
    end = draw(LINE_ENDS)
    head = draw(st.lists(HEADER_LINES, max_size=8))
    body = draw(st.lists(BODY_LINES, max_size=10))
    blank = draw(st.sampled_from([[""], [], ["", ""]]))
    text = end.join([*head, *blank, *body]) + draw(st.sampled_from(["", end]))
    return text.encode("utf-8", "surrogateescape")


def parsed_whole(raw: bytes) -> Message:
    """The email package's parse of the whole mail, with the extractor's own parts."""

    def factory(policy: email.policy.Policy = email.policy.compat32) -> Message:
        return extract._Part(policy, 0)

    return email.message_from_bytes(raw, factory, policy=email.policy.compat32)


def fields(message: Message) -> dict[str, Any]:
    """Everything a message holds, its parts' fields in place of the parts; defects by kind."""
    held = dict(vars(message))
    held["defects"] = [type(defect).__name__ for defect in message.defects]
    if message.is_multipart():  # get_payload() of one part may fail in the email package
        parts = message.get_payload()  # itself (a NUL in its charset and an 8-bit body)
        held["_payload"] = [fields(p) if isinstance(p, Message) else p for p in parts]
    held["_class"] = type(message).__name__
    return held


def test_the_parsers_own_patterns() -> None:
    assert extract._HEADER_LINE.pattern == vars(email.feedparser)["headerRE"].pattern
    assert extract._BLANK_LINE.pattern == vars(email.feedparser)["NLCRE"].pattern


def test_every_mail_of_the_tests_parses_as_the_whole_parse() -> None:
    assert len(CORPUS) > 30
    for raw in CORPUS:
        assert fields(parse_mail(raw)) == fields(parsed_whole(raw))


def test_a_nul_in_the_charset_of_an_8bit_body_parses_as_the_whole_parse() -> None:
    """Found by the spliced-mail property: the email package's own ``get_payload()`` fails
    on such a part (``embedded null character``); the fields are still compared."""
    raw = 'Subject: x\nContent-Type: text/plain; charset=\x00"utf-8"\n\ncaf\u00e9\n'.encode()
    assert fields(parse_mail(raw)) == fields(parsed_whole(raw))


def test_a_single_part_mail_is_read_from_its_headers() -> None:
    raw = b"From: a@example.org\r\nSubject: x\r\n folded\r\n\r\nline 1\r\n\r\nline 3\r"
    message = parse_mail(raw)
    assert message.get_payload() == "line 1\r\n\r\nline 3\r"
    assert message.items() == [("From", "a@example.org"), ("Subject", "x\r\n folded")]
    assert fields(message) == fields(parsed_whole(raw))


@SETTINGS
@given(mails() | st.binary(max_size=300))
def test_random_mails_parse_as_the_whole_parse(raw: bytes) -> None:
    assert fields(parse_mail(raw)) == fields(parsed_whole(raw))


@SETTINGS
@given(st.sampled_from(CORPUS), st.integers(0, 5000), st.integers(0, 50), st.binary(max_size=30))
def test_spliced_mails_parse_as_the_whole_parse(
    raw: bytes, start: int, length: int, junk: bytes
) -> None:
    raw = raw[:start] + junk + raw[start + length :]
    assert fields(parse_mail(raw)) == fields(parsed_whole(raw))
