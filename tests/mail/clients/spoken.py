"""What an answer says, read as a player reads it, for tests that look for what it must
not say: its body's words joined by single spaces, the moments it names put aside."""

from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

MOMENT = re.compile(
    r"\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?"
    r"|\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? \d{1,2} [A-Z][a-z]{2} \d{4}(?: \d{2}:\d{2}(?::\d{2})?)?"
)
"""A moment as an answer writes it: the server's time of a mail (``2026-12-06 12:21:29``),
a deadline (``Tue 08 Dec 2026 18:00``)."""


def timeless(text: str) -> str:
    """``text`` with every moment it names written ``<moment>``. A moment's digits move
    with the clock the test runs on, and read as what a test looks for: a telephone
    line's (``2026-12-06 12:21`` holds ``06 12``), a year a player wrote (``2027``)."""
    return MOMENT.sub("<moment>", text)


def spoken(answer: Path) -> str:
    """The text an answer says, its words joined by single spaces and its moments put
    aside: its body only, as its headers carry random ids whose digits could read as a
    telephone number's."""
    mail = message_from_bytes(answer.read_bytes(), policy=policy.default)
    assert isinstance(mail, EmailMessage)
    text = mail.get_body(("plain",))
    assert isinstance(text, EmailMessage), mail
    return timeless(" ".join(text.get_content().split()))
