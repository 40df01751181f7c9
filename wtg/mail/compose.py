"""Building the mails the turn generator sends: every one plain text, marked as ours."""

from __future__ import annotations

import binascii
import email.errors
import email.utils
import hashlib
import re
from collections.abc import Mapping
from datetime import datetime
from email.headerregistry import BaseHeader, HeaderRegistry
from email.message import EmailMessage, MIMEPart
from email.policy import EmailPolicy
from functools import cache, lru_cache
from typing import Any

from wtg.report import environment

_LINE = 78
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""What may never stand in a header value: every C0 and C1 control character (CR, LF,
TAB, NUL, DEL, ...) and the Unicode line and paragraph separators."""
# a run of control characters with the spaces around it (a folded line's CRLF and indent)
_CONTROL_RUN = re.compile(r" *[\x00-\x1f\x7f-\x9f\u2028\u2029][\x00-\x20\x7f-\x9f\u2028\u2029]*")


class _Registry(HeaderRegistry):
    """The stdlib's header registry, making each kind of header's class once (the stdlib
    makes a new class for every header it parses)."""

    def __init__(self) -> None:
        super().__init__()
        self._made: dict[str, type[BaseHeader]] = {}

    def __getitem__(self, name: str) -> type[BaseHeader]:
        key = name.lower()
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = super().__getitem__(name)
        return made


class _Policy(EmailPolicy):
    """The SMTP policy (CRLF line ends, every header parsed by the header registry) that
    refuses a header value with a line break or any other control character, so no text
    can add a header; and writes a short printable ASCII header as it is, since the
    registry's folding costs more than the rest of a mail."""

    def header_store_parse(self, name: str, value: Any) -> tuple[str, Any]:
        if isinstance(value, str) and _CONTROL.search(value):
            raise ValueError(f"a {name} header may not hold a line break or control character")
        stored: tuple[str, Any] = super().header_store_parse(name, value)
        return stored

    def fold_binary(self, name: str, value: Any) -> bytes:
        text = str(value)
        if len(name) + len(text) + 2 <= _LINE and text.isascii() and text.isprintable():
            return f"{name}: {text}{self.linesep}".encode("ascii")
        folded: bytes = super().fold_binary(name, value)
        return folded


POLICY = _Policy(linesep="\r\n", header_factory=_Registry())


def quoted_printable(body: str) -> str:
    """The UTF-8 body as quoted-printable (readable, and quotable, where base64 is not),
    by the C codec: the email package's pure-Python one costs more than the headers."""
    return binascii.b2a_qp(body.encode("utf-8"), istext=True).decode("ascii")


class Outgoing(EmailMessage):
    """A mail for the outbox. ``refused`` says why it may never be sent (an address that
    is not one address): the outbox queues it with that reason, and the next `wtg send`
    sets it aside for good in ``outbox/failed/``."""

    refused: str = ""


@cache
def loop_id(sender: str) -> str:
    """Our X-Loop value: the address we send from."""
    return email.utils.parseaddr(sender)[1].lower() or "wtg@localhost"


def render(template: str, **context: Any) -> str:
    return environment().get_template(f"mail/{template}.txt.j2").render(**context)


def message(
    ident: str,
    sender: str,
    to: str,
    subject: str,
    body: str,
    *,
    when: datetime,
    reply_to_id: str | None = None,
    kind: str = "auto-replied",
) -> Outgoing:
    """A text/plain mail. Its Message-ID comes from ``ident``, so a mail that is ever sent
    again carries the same Message-ID and mail clients show it once.

    Every header goes through the header registry under a policy that refuses line
    breaks, so no text can add a header. Text (the subject, which carries game and
    player names) is made harmless: each control character becomes a space. An address
    that is not exactly one address (a hand-edited game.yaml, say) cannot be: the mail
    is ``refused``, and the outbox sets it aside with the reason."""
    domain = re.sub(r"[^A-Za-z0-9.-]", "", loop_id(sender).rpartition("@")[2]) or "localhost"
    digest = hashlib.sha256(ident.encode()).hexdigest()[:16]
    msg = Outgoing(policy=POLICY)
    for name, value in _BODY_HEADERS:
        msg[name] = value
    msg.set_payload(quoted_printable(body))
    problems = []
    for name, address in (("From", sender), ("To", to)):
        header, problem = _address(name, address)
        if header is not None:
            msg[name] = header
        else:
            problems.append(problem)
    msg["Subject"] = _stored("Subject", harmless(subject))
    msg["Date"] = _stored("Date", email.utils.format_datetime(when))
    msg["Message-ID"] = f"<{safe(ident)}.{digest}@{domain}>"
    msg["Auto-Submitted"] = _constant("Auto-Submitted", kind)
    msg["X-Loop"] = _constant("X-Loop", harmless(loop_id(sender)))
    msg["X-Mailer"] = _constant("X-Mailer", "wtg")
    if reply_to_id:
        reference = harmless(reply_to_id)
        msg["In-Reply-To"] = reference
        msg["References"] = reference
    msg.refused = "; ".join(problems)
    return msg


def with_picture(msg: EmailMessage, png: bytes, filename: str) -> None:
    """Make a text/plain mail of ``message`` a multipart/mixed mail of two parts: its text
    first, as it was (a reply quotes it, and the AOF in it), then the PNG, base64, with
    ``Content-Disposition: inline`` and ``filename`` (clients show it below the text).
    The boundary comes from the Message-ID (a mail made again is the same bytes) and
    starts with "=_", which neither quoted-printable nor base64 text can hold."""
    text = MIMEPart(policy=POLICY)
    for name, _value in _BODY_HEADERS[1:]:
        text[name] = msg[name]
        del msg[name]
    text.set_payload(msg.get_payload())
    image = MIMEPart(policy=POLICY)
    image.set_content(png, "image", "png", disposition="inline", filename=filename)
    digest = hashlib.sha256(str(msg["Message-ID"]).encode()).hexdigest()[:16]
    msg["Content-Type"] = "multipart/mixed"
    msg.set_param("boundary", f"=_wtg_{digest}")
    msg.set_payload([text, image])


def harmless(text: str) -> str:
    """``text`` with each run of control characters (line breaks too), with the spaces
    around it, made one space: a folded line is unfolded."""
    return _CONTROL_RUN.sub(" ", text) if _CONTROL.search(text) else text


@cache
def _constant(name: str, value: str) -> BaseHeader:
    """A header every mail carries alike, parsed once."""
    header: BaseHeader = POLICY.header_store_parse(name, value)[1]
    return header


@lru_cache(maxsize=256)
def _stored(name: str, value: str) -> BaseHeader:
    """A header many mails of a run carry alike (the Date of a poll's answers, the Subject
    of one game's confirmations), parsed once."""
    header: BaseHeader = POLICY.header_store_parse(name, value)[1]
    return header


@lru_cache(maxsize=4096)
def _address(name: str, value: str) -> tuple[BaseHeader | None, str]:
    """The ``name`` header for one address (``addr`` or ``Name <addr>``), or None and why
    ``value`` is not one usable address."""
    if _CONTROL.search(value):
        return None, f"{name}: {value!r} holds a line break or control character"
    refused = f"{name}: {value!r} is not one e-mail address"
    try:  # the stdlib's parser raises more than HeaderParseError on some broken input
        header: Any = POLICY.header_store_parse(name, value)[1]
    except (email.errors.HeaderParseError, IndexError, ValueError):
        return None, refused
    addresses = header.addresses
    if header.defects or len(addresses) != 1 or not (addresses[0].username and addresses[0].domain):
        return None, refused
    checked: BaseHeader = header
    return checked, ""


_BODY_HEADERS = tuple(
    (name, _constant(name, value))
    for name, value in (
        ("MIME-Version", "1.0"),
        ("Content-Type", 'text/plain; charset="utf-8"'),
        ("Content-Transfer-Encoding", "quoted-printable"),
    )
)


def safe(ident: str) -> str:
    """An outbox id usable as a file name and in a Message-ID."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", ident)[:180]


def mask_code(code: str) -> str:
    return code[:2] + "*" * max(0, len(code) - 2)


def mask_codes(text: str, codes: Mapping[int, str]) -> str:
    """Hide every secret code in a text that goes out by mail."""
    pattern = _code_pattern(tuple(sorted(c.upper() for c in codes.values() if c)))
    if pattern is None:
        return text
    return pattern.sub(lambda m: mask_code(m.group(0)), text)


@cache
def _code_pattern(codes: tuple[str, ...]) -> re.Pattern[str] | None:
    if not codes:
        return None
    return re.compile("|".join(re.escape(c) for c in codes), re.IGNORECASE)
