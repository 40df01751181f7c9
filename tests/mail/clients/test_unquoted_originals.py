"""Replies that leave the report unquoted under them, as Outlook (desktop, plain text or
HTML), a phone's mail app and a forward write them, on a game of every ruleset: the order
lines Alice types above the original are hers, as they are above a quoted report, and are
filed; the original's own blank form is the mail answered, not a blank form of hers.

Before, lines typed above the original were never read ("they may be anyone's"), and the
original's blank form was filed as Alice's own: "Orders received ... (0 accepted, 0
rejected)", an empty order file, and no reminder before the deadline, for the way most
people answer a mail."""

from __future__ import annotations

import email
import email.policy
import html
import re
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.rulesets import PLAYED, Played
from tests.mail.clients.table import DUEL, Table
from tests.mail.replies import quoted

SENT = "Friday, December 4, 2026 6:00 PM"
Shape = Callable[[EmailMessage, str, str], bytes]
"""(the report mail, its text, what Alice typed above it) -> her reply."""


def report_of(table: Table) -> tuple[EmailMessage, str]:
    report = email.message_from_bytes(table.report(1), policy=email.policy.default)
    assert isinstance(report, EmailMessage)
    body = report.get_body(preferencelist=("plain",))
    assert body is not None
    return report, str(body.get_content()).replace("\r\n", "\n")


def reply_to(report: EmailMessage) -> EmailMessage:
    reply = EmailMessage()
    reply["From"] = "Alice <alice@example.org>"
    reply["To"] = "Game Master <gm@example.org>"
    reply["Subject"] = f"RE: {report['Subject']}"
    reply["Message-ID"] = "<AM9PR07MB7186C3E1B0F54D2A9C8E0B11A4E92@example.outlook.com>"
    reply["In-Reply-To"] = str(report["Message-ID"])
    return reply


def typed_above_the_quote(table: Table, above: str, message_id: str | None = None) -> None:
    """Player 1's reply to his report (under ``message_id``, if given): ``above``, then the
    report quoted under the line of Apple Mail's (``On ..., Game Master <...> wrote:``),
    quoted-printable; the host polls it."""
    report, text = report_of(table)
    reply = reply_to(report)
    if message_id is not None:
        reply.replace_header("Message-ID", message_id)
    reply.set_content(
        f"{above}\n> On 4 Dec 2026, at 18:00, Game Master <gm@example.org> wrote:\n>\n"
        f"{quoted(text)}",
        cte="quoted-printable",
    )
    table.deliver(bytes(reply))
    table.poll()


def outlook_plain(report: EmailMessage, text: str, above: str) -> bytes:
    """Outlook (desktop) in plain text: the reply, then the original's head (From, Sent,
    To, Subject) and the original unprefixed; windows-1252, quoted-printable, CRLF."""
    reply = reply_to(report)
    body = (
        f"{above}\n\nFrom: Game Master <gm@example.org>\nSent: {SENT}\n"
        f"To: Alice <alice@example.org>\nSubject: {report['Subject']}\n\n{text}"
    )
    reply.set_content(body, charset="windows-1252", cte="quoted-printable")
    return reply.as_bytes(policy=email.policy.SMTP)


def _paragraphs(text: str, style: str) -> str:
    """Lines as Outlook writes them: a paragraph each, runs of spaces as no-break spaces,
    an empty paragraph an <o:p> holding one."""
    out = []
    for line in text.rstrip("\n").split("\n"):
        shown = re.sub(r" {2,}", lambda run: "&nbsp;" * (len(run[0]) - 1) + " ", html.escape(line))
        out.append(f"<p class={style}>{shown or '<o:p>&nbsp;</o:p>'}<o:p></o:p></p>")
    return "\n".join(out)


def outlook_html(report: EmailMessage, text: str, above: str) -> bytes:
    """Outlook (desktop) in HTML alone: Word's markup (MsoNormal, <o:p>), the original's
    head in a bordered block, the original's lines as MsoPlainText paragraphs."""
    head = (
        "<div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'>"
        "<p class=MsoNormal><b><span lang=EN-US>From:</span></b><span lang=EN-US> Game Master "
        f"&lt;gm@example.org&gt; <br><b>Sent:</b> {SENT}<br><b>To:</b> Alice "
        f"&lt;alice@example.org&gt;<br><b>Subject:</b> {html.escape(str(report['Subject']))}"
        "<o:p></o:p></span></p></div>"
    )
    page = (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office" '
        'xmlns="http://www.w3.org/TR/REC-html40"><head>'
        '<meta name=Generator content="Microsoft Word 15 (filtered medium)"><style><!--\n'
        "p.MsoNormal {margin:0cm;font-size:11.0pt;font-family:Calibri,sans-serif;}\n"
        "--></style></head><body lang=EN-GB><div class=WordSection1>\n"
        f"{_paragraphs(above, 'MsoNormal')}\n<p class=MsoNormal><o:p>&nbsp;</o:p></p>\n{head}\n"
        f"<p class=MsoNormal><o:p>&nbsp;</o:p></p>\n{_paragraphs(text, 'MsoPlainText')}\n"
        "</div></body></html>"
    )
    reply = reply_to(report)
    reply.set_content(page, subtype="html", cte="quoted-printable")
    return reply.as_bytes(policy=email.policy.SMTP)


def phone(report: EmailMessage, text: str, above: str) -> bytes:
    """A phone's mail app (Samsung's): the reply, its "Sent from" line, then the original
    under "-------- Original message --------" and its head; base64."""
    reply = reply_to(report)
    body = (
        f"{above}\n\nSent from my Galaxy\n\n\n-------- Original message --------\n"
        "From: Game Master <gm@example.org> \nDate: 04/12/2026 18:00 (GMT+00:00) \n"
        f"To: alice@example.org \nSubject: {report['Subject']} \n\n{text}"
    )
    reply.set_content(body, cte="base64")
    return reply.as_bytes(policy=email.policy.SMTP)


def forward(report: EmailMessage, text: str, above: str) -> bytes:
    """Gmail's forward, inline: its own line, the original's head, the original."""
    reply = reply_to(report)
    del reply["Subject"]
    reply["Subject"] = f"Fwd: {report['Subject']}"
    body = (
        f"{above}\n\n---------- Forwarded message ---------\nFrom: Game Master "
        f"<gm@example.org>\nDate: Fri, 4 Dec 2026 at 18:00\nSubject: {report['Subject']}\n"
        f"To: Alice <alice@example.org>\n\n\n{text}"
    )
    reply.set_content(body, cte="quoted-printable")
    return reply.as_bytes(policy=email.policy.SMTP)


SHAPES: dict[str, Shape] = {
    "outlook-plain": outlook_plain,
    "outlook-html": outlook_html,
    "phone": phone,
    "forward": forward,
}
shapes = pytest.mark.parametrize("shape", SHAPES)
rulesets = pytest.mark.parametrize("ruleset", PLAYED)


@rulesets
@shapes
def test_order_lines_typed_above_the_unquoted_original_are_filed(
    ruleset: str, shape: str, tmp_path: Path
) -> None:
    played: Played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    report, text = report_of(table)
    table.deliver(SHAPES[shape](report, text, f"{played.bare()}\nAlice"))
    table.poll()
    assert table.orders(1) == played.filed


@rulesets
def test_the_form_filled_in_inside_the_unquoted_original_is_filed(
    ruleset: str, tmp_path: Path
) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    report, text = report_of(table)
    table.deliver(outlook_plain(report, played.filled(text), "Filled in below."))
    table.poll()
    assert table.orders(1) == played.filed


@shapes
def test_a_thanks_above_the_unquoted_original_files_no_orders(shape: str, tmp_path: Path) -> None:
    """The original's blank form is the mail answered: nothing is filed, and the answer
    says no orders were found (a blank form of Alice's own would be filed, on purpose)."""
    table = Table(tmp_path, PLAYED["wok4"].spec)
    report, text = report_of(table)
    table.deliver(SHAPES[shape](report, text, "Thanks, will do.\n\nAlice"))
    assert "ignored: no orders found in your mail (kao p1)" in table.poll()
    assert table.orders(1) is None


def test_order_lines_above_an_unquoted_duel_report_name_no_colour(tmp_path: Path) -> None:
    """A Duel report holds a form for each of Dora's colours: lines typed above it may be
    for any of them, and are filed for none."""
    table = Table(tmp_path, DUEL)
    report, text = report_of(table)
    table.deliver(outlook_plain(report, text, "A1: 21 20 005\nR1: 1\n\nDora"))
    table.poll()
    assert [table.orders(player) for player in (1, 3, 5)] == [None, None, None]


def test_a_duel_colours_form_filled_in_the_unquoted_original_files_that_colour_alone(
    tmp_path: Path,
) -> None:
    """Dora fills in her colour 3's form where Outlook left the report unquoted: colour 3's
    orders are filed; her colours 1 and 5, whose forms she left blank in the original, get
    no order file: the original's forms are the mail answered."""
    table = Table(tmp_path, DUEL)
    report, text = report_of(table)
    forms = text.split("=== BEGIN AOF ===")
    colour = next(i for i, form in enumerate(forms) if "PLAYER: 3 " in form.split("\n")[2])
    forms[colour] = forms[colour].replace("A1: __   __ ___", "A1: 25   26 010", 1)
    forms[colour] = forms[colour].replace("R1: _", "R1: 1", 1)
    table.deliver(outlook_plain(report, "=== BEGIN AOF ===".join(forms), "Colour 3 below."))
    table.poll()
    assert [table.orders(player) for player in (1, 3, 5)] == [
        None,
        {"player": 3, "turn": 1, "attack": [{"from": 25, "to": 26, "armies": 10}], "ready": True},
        None,
    ]


OUTLOOK_HEADS = {
    "ja": ("差出人", "送信日時", "宛先", "件名"),
    "zh": ("发件人", "发送时间", "收件人", "主题"),
    "ko": ("보낸 사람", "보낸 날짜", "받는 사람", "제목"),
    "el": ("Από", "Στάλθηκε", "Προς", "Θέμα"),
    "he": ("מאת", "נשלח", "אל", "נושא"),
    "uk": ("Від", "Надіслано", "Кому", "Тема"),
    "ro": ("De la", "Trimis", "Către", "Subiect"),
    "sl": ("Od", "Poslano", "Za", "Zadeva"),
    "th": ("จาก", "ส่ง", "ถึง", "เรื่อง"),
}
"""The labels of the original's head that Outlook writes in a language: From, Sent, To and
Subject."""


@pytest.mark.parametrize("language", OUTLOOK_HEADS)
def test_order_lines_above_an_outlook_original_headed_in_any_language_are_filed(
    language: str, tmp_path: Path
) -> None:
    """Outlook in Japanese, Korean, Greek, Hebrew, Ukrainian, Romanian, Slovenian or Thai
    heads the original it leaves unquoted with its own words (``差出人: ... 送信日時: ...``):
    the head was not known, the original's blank form was read as the player's own, and his
    order lines typed above it as lines outside it, never read ('no orders'). A head of
    labelled lines, an address among them, is the original's, in any language."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    report, text = report_of(table)
    sender, sent, to, subject = OUTLOOK_HEADS[language]
    reply = reply_to(report)
    reply.set_content(
        f"{played.bare()}\n\n{sender}: Game Master <gm@example.org>\n{sent}: 2026-12-04 18:00"
        f"\n{to}: Alice <alice@example.org>\n{subject}: {report['Subject']}\n\n{text}",
        cte="base64",
    )
    table.deliver(reply.as_bytes(policy=email.policy.SMTP))
    table.poll()
    assert table.orders(1) == played.filed
