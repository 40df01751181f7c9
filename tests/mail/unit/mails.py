"""A filled AOF, what parsing it gives, and real mails carrying it as mail clients send them."""

from __future__ import annotations

import html
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from tests.aof.reading import read_aof
from wtg.aof.render import render_aof
from wtg.core.orders import ParseOutcome
from wtg.data.forms import read_form
from wtg.mail.message.extract import Extracted, extract_from_message, parse_mail

ROOT = Path(__file__).resolve().parents[3]
FORM = read_form(ROOT / "forms" / "wok4.yaml")
ORDERS: dict[str, Any] = {
    "player": 3,
    "turn": 1,
    "attack": [{"from": 12, "to": 13, "armies": 50}],
    "trade": [100],
    "aim": [{"province": 12, "aim": "TECH"}],
    "move": [{"from": 12, "to": 11, "unit": "ARM", "amount": 20}],
}
AOF = render_aof(FORM, {"game": "g", "turn": 1, "player": 3, "code": "K7Q2M9XD"}, ORDERS, None)
ORDER_LINES = ("A1: 12   13 050", "M1: 12   11 3    20", "X1: 100", "G1: 12   5")

Summary = tuple[dict[str, str], list[tuple[str, dict[str, Any], int]]]


def summary(outcome: ParseOutcome) -> Summary:
    """The header and (section, values, position) of every entry: all that must survive."""
    entries = [(e.section, dict(e.values), e.position) for e in outcome.entries]
    return outcome.header, entries


EXPECTED = summary(read_aof(FORM, AOF))


def assert_finds_aof(raw: bytes) -> Extracted:
    """The AOF found in ``raw`` parses exactly like the AOF that was sent."""
    extracted = extract_from_message(parse_mail(raw))
    assert extracted.text is not None, extracted
    outcome = read_aof(FORM, extracted.text)
    assert outcome.problems == []
    assert outcome.bad == []
    assert summary(outcome) == EXPECTED
    return extracted


def message(subject: str = "orders turn 1") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Cid Player <cid@example.org>"
    msg["To"] = "gm@example.net"
    msg["Subject"] = subject
    return msg


def text_mail(body: str, charset: str = "utf-8", cte: str = "8bit") -> EmailMessage:
    msg = message()
    msg.set_content(body, charset=charset, cte=cte)
    return msg


def quoted(text: str, prefix: str) -> str:
    return "".join((prefix + line).rstrip() + "\n" for line in text.splitlines())


def html_lines(text: str, layout: str) -> str:
    """The AOF as HTML mail editors write it: spaces as &nbsp;, one <p> or <br> per line."""
    lines = [html.escape(line).replace("  ", "&nbsp; ") for line in text.splitlines()]
    if layout == "p":
        cells = [f'<p class="MsoNormal"><span>{line or "&nbsp;"}</span></p>' for line in lines]
        body = "\n".join(cells)
    else:
        body = "<div>" + "<br>\n".join(lines) + "</div>"
    return f"<html><head><style>p {{margin:0}}</style></head><body>{body}</body></html>"


def flowed(text: str, width: int, delsp: bool, depth: int = 0) -> str:
    """RFC 3676 format=flowed: lines longer than ``width`` cut with a trailing space.

    Quoted ``depth`` levels deep; lines that start with a space, ``>`` or ``From `` are
    space-stuffed.
    """
    out: list[str] = []
    for line in text.splitlines():
        chunks: list[str] = []
        while len(line) > width:
            cut = width if delsp else line.rfind(" ", 1, width) + 1
            if cut <= 0:
                break
            chunks.append(line[:cut] + (" " if delsp else ""))
            line = line[cut:]
        out += [_stuffed(chunk, depth) for chunk in [*chunks, line]]
    return "".join(line + "\r\n" for line in out)


def _stuffed(chunk: str, depth: int) -> str:
    if depth:
        return ">" * depth + " " + chunk
    return " " + chunk if chunk.startswith((" ", ">", "From ")) else chunk


def samples() -> list[bytes]:
    """A few real mails of every shape, for the fuzz tests to break."""
    plain = text_mail("Orders:\n\n" + AOF)
    qp = text_mail("Grüße!\n" + AOF, cte="quoted-printable")
    b64 = text_mail(AOF, cte="base64")
    alternative = message()
    alternative.set_content(AOF)
    alternative.add_alternative(f"<pre>{html.escape(AOF)}</pre>", subtype="html")
    mixed = message()
    mixed.set_content("see attached")
    mixed.add_attachment(AOF.encode(), "application", "octet-stream", filename="aof.txt")
    forward = message()
    forward.set_content("forwarding")
    forward.add_attachment(b64)
    return [
        m.as_bytes(policy=policy.default) for m in (plain, qp, b64, alternative, mixed, forward)
    ]
