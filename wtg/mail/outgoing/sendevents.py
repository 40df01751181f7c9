"""What `wtg send` did with each mail of the outbox, as a line of the log (``wtg.logs``).

A line names the mail by its outbox name (``report-alpha-t0003-p01``), its kind (the
word its id starts with, as a GM says it: a ``conf-...`` is a confirmation) and, when
its subject names one (``[alpha] ...``, as every mail of a game's does), the game. Nothing
of the mail's body is read: no secret code reaches the log, and a reason that quotes an
address (a server's refusal) keeps it out of the lines from ``info`` up
(``wtg.logs.addresses``).
"""

from __future__ import annotations

import email.errors
import email.header
import logging
import re
from pathlib import Path

from wtg.logs.addresses import log_hiding_addresses
from wtg.logs.events import LOGGER
from wtg.mail.message.extract import parse_headers

KINDS = {
    "conf": "confirmation",
    "remind": "reminder",
    "unchanged": "no-orders answer",
    "rejected": "rejection",
    "held": "held notice",
    "wrongcode": "wrong-code warning",
    "cmd": "command answer",
    "hold": "hold notice",
    "release": "release notice",
    "extend": "extension notice",
    "rollback": "rollback notice",
    "announce": "announcement",
}
"""The kinds whose word is not the start of their id as it is (``report``, ``press``,
``help``, ``digest`` are)."""
_GAME = re.compile(r"\[([^\]]{1,200})\]")
HEAD_READ = 8192
"""Bytes of a mail read for its subject (our mails' headers are far shorter)."""


def kind_of(name: str) -> str:
    """The kind of a mail by its outbox name: ``report-alpha-t0003-p01`` is a report."""
    word = name.split("-", 1)[0]
    return KINDS.get(word, word or "mail")


def game_of(raw: bytes) -> str | None:
    """The game a mail of ours names in its subject (``[alpha] turn 3 report ...``)."""
    subject = parse_headers(raw[:HEAD_READ]).get("Subject")
    if subject is None:
        return None
    try:
        text = str(email.header.make_header(email.header.decode_header(str(subject))))
    except (LookupError, ValueError, email.errors.HeaderParseError):
        text = str(subject)
    found = _GAME.match(text.strip())
    return found[1] if found else None


def log_delivery(name: str, mail: bytes | Path, what: str, level: int = logging.INFO) -> None:
    """A line for one mail: ``<kind> <what>`` (``report sent``, ``confirmation deferred:
    451 ...``), with its game when its subject names one (``mail``: its bytes, or its file,
    read only when the line is logged)."""
    if not LOGGER.isEnabledFor(level):
        return
    try:
        head = mail if isinstance(mail, bytes) else _head(mail)
    except OSError:
        head = b""
    game = game_of(head) if head else None
    log_hiding_addresses(f"{kind_of(name)} {what}", game=game, mail=name, level=level)


def _head(path: Path) -> bytes:
    with open(path, "rb") as handle:
        return handle.read(HEAD_READ)
