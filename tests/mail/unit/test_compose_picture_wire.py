"""A mail with its picture (a report's map, a confirmation's orders) made and written
without the email package's work for each mail that does not depend on it: the picture's
part made by ``with_picture`` as ``set_content`` makes it, its headers made once a file
name; and written by ``wire`` without the generator, which spent more on the picture's
lines than the rest of the mail: byte for byte what the email package makes and writes."""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from email.generator import BytesGenerator
from email.message import EmailMessage, MIMEPart
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.mail.outgoing import compose
from wtg.mail.outgoing.compose import POLICY, message, wire, with_picture

WHEN = datetime(2026, 12, 7, 8, 0, tzinfo=timezone.utc)


def _picture_mail(body: str, png: bytes, filename: str) -> EmailMessage:
    msg = message(
        "report-g-t0008-p01",
        "gm@wtg.example",
        "ann@players.example",
        "[g] turn 8",
        body,
        when=WHEN,
        kind="auto-generated",
        game="g",
    )
    with_picture(msg, png, filename)
    return msg


@settings(max_examples=150, deadline=None)
@given(
    body=st.text(max_size=400),
    png=st.binary(max_size=2000),
    filename=st.sampled_from(["map-turn-08.png", "orders-turn-123.png"]),
)
def test_a_mail_with_its_picture_is_written_as_the_generator_writes_it(
    body: str, png: bytes, filename: str
) -> None:
    msg = _picture_mail(body, png, filename)
    made = msg.as_bytes(policy=POLICY)
    with mock.patch.object(BytesGenerator, "flatten", side_effect=AssertionError("generator")):
        assert wire(msg) == made


def test_a_picture_mail_s_parts_lie_between_its_boundary_s_lines() -> None:
    msg = _picture_mail("Your report.\n", b"\x89PNG\r\n\x1a\n" + bytes(100), "map-turn-08.png")
    with mock.patch.object(BytesGenerator, "flatten", side_effect=AssertionError("generator")):
        written = wire(msg)
    boundary = msg.get_boundary()
    assert boundary is not None and boundary.startswith("=_wtg_")
    body = written.split(b"\r\n\r\n", 1)[1]
    assert body.startswith(f"--{boundary}\r\nContent-Type: text/plain".encode())
    assert body.count(f"\r\n--{boundary}\r\nContent-Type: image/png\r\n".encode()) == 1
    assert body.endswith(f"\r\n--{boundary}--\r\n".encode())


def test_a_mail_the_generator_must_write_is_still_written_by_it() -> None:
    """A multipart with a preamble (no mail of ours) is left to the generator."""
    msg = _picture_mail("Your report.\n", b"\x89PNG", "map-turn-08.png")
    msg.preamble = "This is a MIME mail."
    written = wire(msg)
    assert written == msg.as_bytes(policy=POLICY)
    assert b"This is a MIME mail.\r\n--=_wtg_" in written


def _set_content(msg: EmailMessage, png: bytes, filename: str) -> None:
    """``with_picture`` as the email package makes each part in its ordinary way."""
    text = MIMEPart(policy=POLICY)
    for name in ("Content-Type", "Content-Transfer-Encoding"):
        text[name] = msg[name]
        del msg[name]
    text.set_payload(msg.get_payload())
    image = MIMEPart(policy=POLICY)
    image.set_content(png, "image", "png", disposition="inline", filename=filename)
    mark = hashlib.sha256(str(msg["Message-ID"]).encode()).hexdigest()[:16]
    msg["Content-Type"] = "multipart/mixed"
    msg.set_param("boundary", f"=_wtg_{mark}")
    msg.set_payload([text, image])


_NAME_CHARACTERS = st.characters(min_codepoint=32, blacklist_categories=("Cc", "Cs", "Zl", "Zp"))
"""What a file name may hold in a header (no control character: ``compose`` refuses one)."""


@settings(max_examples=150, deadline=None)
@given(
    png=st.one_of(st.binary(max_size=300), st.integers(0, 4).map(lambda n: bytes(57 * n))),
    filename=st.one_of(
        st.sampled_from(["map-turn8.png", "orders-turn123.png"]), st.text(_NAME_CHARACTERS)
    ),
)
def test_a_picture_s_part_is_what_set_content_makes(png: bytes, filename: str) -> None:
    """The base64 lines (a whole line's 57 bytes and any rest) and the headers, quoted as
    the email package quotes a file name, are ``set_content``'s."""
    made = _picture_mail("Your report.\n", png, filename)
    ordinary = message(
        "report-g-t0008-p01",
        "gm@wtg.example",
        "ann@players.example",
        "[g] turn 8",
        "Your report.\n",
        when=WHEN,
        kind="auto-generated",
        game="g",
    )
    _set_content(ordinary, png, filename)
    assert made.as_bytes(policy=POLICY) == ordinary.as_bytes(policy=POLICY)


def test_a_turn_s_pictures_of_one_name_make_its_part_s_headers_once() -> None:
    compose._picture_headers.cache_clear()
    for seat in range(1, 11):
        _picture_mail(f"Report of p{seat}.\n", bytes([seat]) * 500, "map-turn8.png")
    assert compose._picture_headers.cache_info().misses == 1
    _picture_mail("Report.\n", b"\x89PNG", "orders-turn9.png")
    assert compose._picture_headers.cache_info().misses == 2
