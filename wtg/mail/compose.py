"""Building the mails the turn generator sends: every one plain text, marked as ours."""

from __future__ import annotations

import email.policy
import email.utils
import hashlib
import re
from collections.abc import Mapping
from datetime import datetime
from email.message import EmailMessage
from typing import Any

from wtg.report import environment

POLICY = email.policy.SMTP


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
) -> EmailMessage:
    """A text/plain mail. Its Message-ID comes from ``ident``, so a mail that is ever sent
    again carries the same Message-ID and mail clients show it once."""
    domain = loop_id(sender).rpartition("@")[2] or "localhost"
    digest = hashlib.sha256(ident.encode()).hexdigest()[:16]
    msg = EmailMessage(policy=POLICY)
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = email.utils.format_datetime(when)
    msg["Message-ID"] = f"<{safe(ident)}.{digest}@{domain}>"
    msg["Auto-Submitted"] = kind
    msg["X-Loop"] = loop_id(sender)
    msg["X-Mailer"] = "wtg"
    if reply_to_id:
        msg["In-Reply-To"] = reply_to_id
        msg["References"] = reply_to_id
    msg.set_content(body, charset="utf-8", cte="quoted-printable")
    return msg


def safe(ident: str) -> str:
    """An outbox id usable as a file name and in a Message-ID."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", ident)[:180]


def mask_code(code: str) -> str:
    return code[:2] + "*" * max(0, len(code) - 2)


def mask_codes(text: str, codes: Mapping[int, str]) -> str:
    """Hide every secret code in a text that goes out by mail to someone else's view."""
    for code in codes.values():
        if code:
            text = re.sub(re.escape(code), mask_code(code), text, flags=re.IGNORECASE)
    return text
