"""Order lines typed into the quote of an HTML reply, above the report it quotes: Apple
Mail, iOS Mail and Gmail put what is typed with the cursor inside the quote into the quote's
block (``<blockquote type="cite">``), so the lines come as quoted as the report. Quoted
text is not the player's to read as orders (it may be another's mail he quotes), but his
lines are not dropped without a word: the answer says which lines were not read and why.
Before, the answer said only 'no orders found in your mail'."""

from __future__ import annotations

import email
import email.policy
import html
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import Table
from tests.mail.clients.test_unquoted_originals import reply_to, report_of


def _divs(text: str) -> str:
    return "".join(f"<div>{html.escape(line) or '<br>'}</div>" for line in text.split("\n"))


def apple_mail(report: EmailMessage, text: str, typed: str) -> bytes:
    page = (
        '<html><body dir="auto"><div>Here you go</div><div><br><blockquote type="cite">On 4 '
        "Dec 2026, at 18:00, Game Master &lt;gm@example.org&gt; wrote:<br><br></blockquote>"
        f'</div><blockquote type="cite">{_divs(typed)}{_divs(text)}</blockquote></body></html>'
    )
    reply = reply_to(report)
    reply.set_content(page, subtype="html", cte="quoted-printable")
    return bytes(reply)


def gmail(report: EmailMessage, text: str, typed: str) -> bytes:
    page = (
        '<div dir="ltr">Here you go</div><br><div class="gmail_quote"><div dir="ltr" '
        'class="gmail_attr">On Fri, Dec 4, 2026 at 18:00 Game Master &lt;gm@example.org&gt; '
        'wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">'
        f"{_divs(typed)}{_divs(text)}</blockquote></div>"
    )
    reply = reply_to(report)
    reply.set_content(page, subtype="html", cte="quoted-printable")
    return bytes(reply)


SHAPES: dict[str, tuple[Callable[[EmailMessage, str, str], bytes], str]] = {
    "apple-mail": (apple_mail, "5, 6, 7"),
    "gmail": (gmail, "4, 5, 6"),
}
"""Each shape, and the lines of its text (HTML made text) the order lines are."""


@pytest.mark.parametrize("shape", SHAPES)
def test_order_lines_typed_into_the_quote_are_said_not_read(shape: str, tmp_path: Path) -> None:
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    report, text = report_of(table)
    write, numbers = SHAPES[shape]
    table.deliver(write(report, text, played.bare()))
    assert "ignored: no orders found in your mail (kao p1)" in table.poll()
    assert table.orders(1) is None
    (queued,) = (table.games / ".mail" / "outbox" / "queue").glob("*.eml")
    answer = email.message_from_bytes(queued.read_bytes(), policy=email.policy.default)
    body = answer.get_body(preferencelist=("plain",))
    assert body is not None
    said = " ".join(str(body.get_content()).split())
    assert (
        f"3 lines of your mail that look like order lines (lines {numbers}) stand outside "
        "the form that carries your code, and were not read"
    ) in said, said
