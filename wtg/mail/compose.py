"""Building the mails the turn generator sends: every one plain text, marked as ours."""

from __future__ import annotations

import email.policy
import email.utils
import hashlib
import re
from collections.abc import Mapping
from datetime import datetime
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from functools import cache
from typing import Any

from wtg.report import environment

_LINE = 78


class _Policy(type(email.policy.compat32)):  # type: ignore[misc]
    """compat32 with CRLF line ends, writing a short ASCII header line as it is: folding
    every header through ``email.header.Header`` costs more than the rest of a mail."""

    def fold_binary(self, name: str, value: Any) -> bytes:
        short = isinstance(value, str) and len(name) + len(value) + 2 <= _LINE
        if short and value.isascii() and value.isprintable():
            return f"{name}: {value}{self.linesep}".encode("ascii")
        folded: bytes = super().fold_binary(name, value)
        return folded


POLICY = _Policy(linesep="\r\n")
_BODY_CHARSET = Charset("utf-8")
_BODY_CHARSET.body_encoding = QP  # readable, and quotable, where base64 is not


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
) -> Message:
    """A text/plain mail. Its Message-ID comes from ``ident``, so a mail that is ever sent
    again carries the same Message-ID and mail clients show it once.

    Built with the compat32 classes: the modern policy parses every header it is given,
    which costs more than everything else when a poll answers a thousand mails."""
    domain = loop_id(sender).rpartition("@")[2] or "localhost"
    digest = hashlib.sha256(ident.encode()).hexdigest()[:16]
    msg = Message()
    msg["MIME-Version"] = "1.0"
    msg.set_payload(body, charset=_BODY_CHARSET)
    msg["From"] = _address(sender)
    msg["To"] = _address(to)
    msg["Subject"] = _header(subject)
    msg["Date"] = email.utils.format_datetime(when)
    msg["Message-ID"] = f"<{safe(ident)}.{digest}@{domain}>"
    msg["Auto-Submitted"] = kind
    msg["X-Loop"] = loop_id(sender)
    msg["X-Mailer"] = "wtg"
    if reply_to_id:
        msg["In-Reply-To"] = reply_to_id
        msg["References"] = reply_to_id
    return msg


@cache
def _address(value: str) -> str:
    """``Name <addr>`` with a non-ASCII name as an encoded word (the address never is)."""
    name, addr = email.utils.parseaddr(value)
    return email.utils.formataddr((name, addr), charset="utf-8") if addr else value


def _header(value: str) -> str:
    """ASCII as it is; anything else as RFC 2047 encoded words."""
    return value if value.isascii() else Header(value, "utf-8").encode()


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
