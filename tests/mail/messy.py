"""Real mails as mail clients send them, each carrying a filled AOF in its own way."""

from __future__ import annotations

import html
from collections.abc import Callable
from email import policy
from email.message import EmailMessage
from email.mime.application import MIMEApplication
from email.mime.message import MIMEMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

Build = Callable[[str, str], bytes]
"""(filled AOF, sender) -> the raw mail."""


def base(sender: str, subject: str = "my orders") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "Game Master <gm@example.org>"
    msg["Subject"] = subject
    return msg


def text(body: str, sender: str, charset: str = "utf-8", cte: str = "8bit") -> bytes:
    msg = base(sender)
    msg.set_content(body, charset=charset, cte=cte)
    return msg.as_bytes(policy=policy.SMTP)


def quote(body: str, prefix: str) -> str:
    return "".join((prefix + line).rstrip() + "\n" for line in body.splitlines())


def declared(aof: str, sender: str, charset: str, encode_as: str) -> bytes:
    """A body in ``encode_as`` bytes whose header says ``charset``."""
    greeting = (
        "Grüße, hier meine Befehle, bitte prüfen:"
        if encode_as == "latin-1"
        else ("Grüße, hier meine Befehle – “bitte” prüfen:")
    )
    body = (greeting + "\n\n" + aof).encode(encode_as)
    part = MIMEText("", "plain", "us-ascii")
    part.set_payload(body)
    del part["Content-Type"]
    del part["Content-Transfer-Encoding"]
    part["Content-Type"] = f'text/plain; charset="{charset}"'
    part["Content-Transfer-Encoding"] = "8bit"
    for name in ("From", "To", "Subject"):
        part[name] = str(base(sender)[name])
    return part.as_bytes()


def html_only(aof: str, sender: str, layout: str) -> bytes:
    lines = [html.escape(line).replace("  ", "&nbsp; ") for line in aof.splitlines()]
    if layout == "pre":
        body = f"<pre>{html.escape(aof)}</pre>"
    elif layout == "p":
        body = "\n".join(
            f"<p class=MsoNormal><span>{line or '&nbsp;'}</span></p>" for line in lines
        )
    else:
        body = "<div>" + "<br>\n".join(lines) + "</div>"
    msg = base(sender)
    msg.set_content(f"<html><body><p>My orders:</p>{body}</body></html>", subtype="html")
    return msg.as_bytes(policy=policy.SMTP)


def alternative(aof: str, sender: str) -> bytes:
    msg = base(sender)
    msg.set_content("Orders below.\n\n" + aof)
    msg.add_alternative(f"<html><body><pre>{html.escape(aof)}</pre></body></html>", subtype="html")
    return msg.as_bytes(policy=policy.SMTP)


def attachment(aof: str, sender: str, octet: bool) -> bytes:
    msg = base(sender)
    msg.set_content("Hi GM, my orders are attached. Cheers")
    if octet:
        msg.add_attachment(aof.encode(), "application", "octet-stream", filename="orders.txt")
    else:
        msg.add_attachment(aof, subtype="plain", filename="aof.txt")
    return msg.as_bytes(policy=policy.SMTP)


def top_posted(aof: str, sender: str, prefix: str) -> bytes:
    body = "Here you go, see below.\n\nOn Monday the GM wrote:\n" + quote(aof, prefix)
    return text(body, sender)


def bottom_posted(aof: str, sender: str) -> bytes:
    body = "GM wrote:\n> Please send your orders.\n\n" + aof + "\n-- \nCid\nSent from my phone\n"
    return text(body, sender)


def flowed(aof: str, sender: str) -> bytes:
    """format=flowed, DelSp=yes: long lines cut with a trailing space; the client
    re-wraps everything longer than 30 characters."""
    out = []
    for line in aof.splitlines():
        while len(line) > 30:
            out.append(line[:30] + " ")
            line = line[30:]
        out.append(" " + line if line.startswith((" ", ">", "From ")) else line)
    msg = MIMEText("", "plain", "utf-8")
    msg.set_payload("".join(f"{line}\r\n" for line in out).encode())
    del msg["Content-Type"]
    del msg["Content-Transfer-Encoding"]
    msg["Content-Type"] = 'text/plain; charset="utf-8"; format=flowed; delsp=yes'
    msg["Content-Transfer-Encoding"] = "8bit"
    for name in ("From", "To", "Subject"):
        msg[name] = str(base(sender)[name])
    return msg.as_bytes()


def hard_wrapped(aof: str, sender: str) -> bytes:
    """No format=flowed: the client breaks every line longer than 40 characters at its last
    space before them, as plain-text mailers do when they send."""
    out = []
    for line in aof.splitlines():
        while len(line) > 40 and " " in line[1:40]:
            cut = line.rindex(" ", 1, 40)
            out.append(line[:cut])
            line = line[cut + 1 :]
        out.append(line)
    return text("\n".join(out) + "\n", sender, cte="quoted-printable")


def crlf(aof: str, sender: str) -> bytes:
    return text(aof.replace("\n", "\r\n"), sender, cte="base64")


def nbsp_smart(aof: str, sender: str) -> bytes:
    body = "“Orders” – as always…\n" + aof.replace("  ", "\u00a0\u00a0")
    return text(body, sender, cte="quoted-printable")


def forwarded(aof: str, sender: str) -> bytes:
    inner = base(sender, "orders")
    inner.set_content(aof)
    outer = MIMEMultipart()
    for name in ("From", "To", "Subject"):
        outer[name] = str(base(sender, "Fwd: orders")[name])
    outer.attach(MIMEText("Forwarding my orders from my other account.", "plain", "utf-8"))
    outer.attach(MIMEMessage(inner))
    return outer.as_bytes()


def octet_named(aof: str, sender: str) -> bytes:
    outer = MIMEMultipart()
    for name in ("From", "To", "Subject"):
        outer[name] = str(base(sender)[name])
    outer.attach(MIMEText("attached", "plain", "utf-8"))
    part = MIMEApplication(aof.encode("cp1252"), Name="AOF.TXT")
    part["Content-Disposition"] = 'attachment; filename="AOF.TXT"'
    outer.attach(part)
    return outer.as_bytes()


CASES: dict[str, Build] = {
    "plain": lambda a, s: text(a, s, charset="us-ascii", cte="7bit"),
    "quoted-printable": lambda a, s: text("Grüße!\n" + a, s, cte="quoted-printable"),
    "base64": lambda a, s: text(a, s, cte="base64"),
    "latin-1": lambda a, s: declared(a, s, "iso-8859-1", "latin-1"),
    "windows-1252": lambda a, s: declared(a, s, "windows-1252", "cp1252"),
    "unknown charset": lambda a, s: declared(a, s, "x-martian", "cp1252"),
    "utf-8 declared as us-ascii": lambda a, s: declared(a, s, "us-ascii", "utf-8"),
    "html only, pre": lambda a, s: html_only(a, s, "pre"),
    "html only, paragraphs": lambda a, s: html_only(a, s, "p"),
    "html only, line breaks": lambda a, s: html_only(a, s, "br"),
    "alternative": alternative,
    "text attachment": lambda a, s: attachment(a, s, octet=False),
    "octet-stream attachment": lambda a, s: attachment(a, s, octet=True),
    "octet-stream AOF.TXT": octet_named,
    "quoted reply, top posting": lambda a, s: top_posted(a, s, "> "),
    "quoted twice": lambda a, s: top_posted(a, s, "> > "),
    "bottom posting, signature": bottom_posted,
    "format=flowed re-wrapped": flowed,
    "hard re-wrapped at 40": hard_wrapped,
    "crlf": crlf,
    "nbsp and smart quotes": nbsp_smart,
    "forwarded": forwarded,
}
