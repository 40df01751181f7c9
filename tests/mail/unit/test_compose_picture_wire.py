"""A mail with its picture (a report's map, a confirmation's orders), made by
``with_picture`` and written by ``wire``: byte for byte what the email package makes of
it in its ordinary way, the picture's part by ``set_content``, the boundary by
``set_param``, the bytes by the generator. (That such a mail is multipart/mixed, its
text first and one image/png, issue 29's contract, is tests/mail/test_map_pictures.py's
and tests/mail/test_orders_picture.py's.)"""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from email.message import EmailMessage, MIMEPart

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.mail.outgoing.compose import POLICY, message, wire, with_picture

WHEN = datetime(2026, 12, 7, 8, 0, tzinfo=timezone.utc)


def _report(body: str) -> EmailMessage:
    return message(
        "report-g-t0008-p01",
        "gm@wtg.example",
        "ann@players.example",
        "[g] turn 8",
        body,
        when=WHEN,
        kind="auto-generated",
        game="g",
    )


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


@settings(max_examples=200, deadline=None)
@given(
    body=st.text(max_size=400),
    png=st.one_of(st.binary(max_size=2000), st.integers(0, 4).map(lambda n: bytes(57 * n))),
    filename=st.one_of(
        st.sampled_from(["map-turn8.png", "orders-turn123.png"]), st.text(_NAME_CHARACTERS)
    ),
)
def test_a_mail_with_its_picture_is_what_the_email_package_makes(
    body: str, png: bytes, filename: str
) -> None:
    """Any text, any picture (a whole base64 line's 57 bytes and any rest), any file name
    (quoted as the email package quotes one)."""
    made = _report(body)
    with_picture(made, png, filename)
    ordinary = _report(body)
    _set_content(ordinary, png, filename)
    assert wire(made) == ordinary.as_bytes(policy=POLICY)
