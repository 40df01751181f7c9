"""Order lines typed into a table in Outlook (Insert > Table, or a table pasted from Word),
a cell for the label and one for each blank: Word's markup puts each cell's text in a
paragraph of its own (``<td><p class=MsoNormal>A1:</p></td>``), and the HTML was read as a
line a cell ('A1:', '60', '55', '010' on lines of their own): no order was read, the
original's blank form was filed. A row is a line, as it is in a table without paragraphs
in its cells; the text of a cell of several paragraphs (a layout table around a whole
mail) keeps a line each."""

from __future__ import annotations

import email.policy
import html
from pathlib import Path

import pytest

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import Table
from tests.mail.clients.test_unquoted_originals import (
    SENT,
    _paragraphs,
    reply_to,
    report_of,
)
from wtg.mail.message.htmltext import html_to_text


def word_table(rows: list[list[str]]) -> str:
    """A table as Outlook writes one: each cell's text a MsoNormal paragraph."""
    cells = (
        "".join(
            f"<td width=80 valign=top style='width:60.0pt;padding:0cm 5.4pt 0cm 5.4pt'>"
            f"<p class=MsoNormal>{html.escape(cell)}<o:p></o:p></p></td>"
            for cell in row
        )
        for row in rows
    )
    return (
        "<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0>"
        + "".join(f"<tr>{row}</tr>" for row in cells)
        + "</table>"
    )


def test_a_word_table_is_a_line_a_row() -> None:
    text = html_to_text(
        f"<p>My orders:</p>{word_table([['A1:', '60', '55', '010'], ['R1:', '1']])}<p>Alice</p>"
    )
    assert text == "My orders:\nA1: 60 55 010\nR1: 1\nAlice\n"
    layout = "<table><tr><td><p>Hello,</p><p>A1: 60 55 010</p><div>R1: 1</div></td></tr></table>"
    assert html_to_text(layout) == "Hello,\nA1: 60 55 010\nR1: 1\n"


@pytest.mark.parametrize("ruleset", PLAYED)
def test_orders_typed_into_an_outlook_table_are_filed(ruleset: str, tmp_path: Path) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    report, text = report_of(table)
    rows = [[f"{label}:", *words] for label, words in played.orders.items()]
    head = (
        "<div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'>"
        "<p class=MsoNormal><b>From:</b> Game Master &lt;gm@example.org&gt; <br><b>Sent:</b> "
        f"{SENT}<br><b>To:</b> Alice &lt;alice@example.org&gt;<br><b>Subject:</b> "
        f"{html.escape(str(report['Subject']))}<o:p></o:p></p></div>"
    )
    page = (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>'
        '<meta name=Generator content="Microsoft Word 15 (filtered medium)"></head>'
        "<body lang=EN-GB><div class=WordSection1>\n<p class=MsoNormal>My orders:</p>\n"
        f"{word_table(rows)}\n<p class=MsoNormal>Alice<o:p></o:p></p>\n{head}\n"
        f"{_paragraphs(text, 'MsoPlainText')}\n</div></body></html>"
    )
    reply = reply_to(report)
    reply.set_content(page, subtype="html", cte="quoted-printable")
    table.deliver(reply.as_bytes(policy=email.policy.SMTP))
    table.poll()
    assert table.orders(1) == played.filed
