"""A mail with its picture (a report's map, a confirmation's orders) written by ``wire``
without the email package's generator, which spent more on the picture's lines than the
rest of the mail: byte for byte what the generator writes."""

from __future__ import annotations

from datetime import datetime, timezone
from email.generator import BytesGenerator
from email.message import EmailMessage
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

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
