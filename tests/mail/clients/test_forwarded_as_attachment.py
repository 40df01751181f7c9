"""A report forwarded as an attachment, the order lines typed in the forward's own text, as
Thunderbird's "Forward As Attachment" and Outlook's "Forward as Attachment" write it: the
report whole in a message/rfc822 part (a .eml file), the player's words in the body above
it. On a game of every ruleset, the lines typed are filed, as they are above a quoted
report; the report's blank form is the mail forwarded, never the player's own blank form.

Before, the body's lines were never read (the body holds no form, so it was no text of
the mail's), and the attached report's blank form was filed as the player's: 'Orders
received ... (0 accepted, 0 rejected)', an empty order file over his real orders."""

from __future__ import annotations

import email
import email.policy
import html
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import DUEL, KAO, Table

Shape = Callable[[bytes, str], bytes]
"""(the report mail as sent, what Alice typed) -> her forward."""


ALICE = "Alice <alice@example.org>"


def _forward(report: bytes, sender: str) -> EmailMessage:
    original = email.message_from_bytes(report, policy=email.policy.default)
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = "Game Master <gm@example.org>"
    mail["Subject"] = f"Fwd: {original['Subject']}"
    mail["Message-ID"] = "<5f0e2b7c-1d2a-4c1e-9a51-7c0b8f3e2a11@example.org>"
    return mail


def thunderbird(report: bytes, typed: str, sender: str = ALICE) -> bytes:
    """Thunderbird: the body as format=flowed text, the report as 'name.eml', its bytes
    as they came."""
    mail = _forward(report, sender)
    mail.set_content(typed, params={"format": "flowed"})
    mail.make_mixed()
    part = EmailMessage()
    part["Content-Type"] = 'message/rfc822; name="Turn 0 report.eml"'
    part["Content-Disposition"] = 'attachment; filename="Turn 0 report.eml"'
    part.set_payload([email.message_from_bytes(report, policy=email.policy.default)])
    mail.attach(part)
    return mail.as_bytes(policy=email.policy.SMTP)


def outlook(report: bytes, typed: str, sender: str = ALICE) -> bytes:
    """Outlook: the body as plain text and HTML (Word's paragraphs), the report attached."""
    mail = _forward(report, sender)
    mail.set_content(typed, charset="windows-1252", cte="quoted-printable")
    paragraphs = "".join(
        f"<p class=MsoNormal>{html.escape(line) or '&nbsp;'}<o:p></o:p></p>\n"
        for line in typed.split("\n")
    )
    mail.add_alternative(
        f"<html><body lang=EN-GB><div class=WordSection1>\n{paragraphs}</div></body></html>",
        subtype="html",
    )
    original = email.message_from_bytes(report, policy=email.policy.default)
    mail.add_attachment(original, filename="Turn 0 report.eml")
    return mail.as_bytes(policy=email.policy.SMTP)


DORA = "Dora <dora@example.org>"
SHAPES: dict[str, Shape] = {"thunderbird": thunderbird, "outlook": outlook}
shapes = pytest.mark.parametrize("shape", SHAPES)


@pytest.mark.parametrize("ruleset", PLAYED)
@shapes
def test_order_lines_typed_over_a_report_forwarded_as_attachment_are_filed(
    ruleset: str, shape: str, tmp_path: Path
) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    table.deliver(SHAPES[shape](table.report(1), f"{played.bare()}\nAlice\n"))
    table.poll()
    assert table.orders(1) == played.filed


@shapes
def test_a_thanks_over_a_report_forwarded_as_attachment_files_no_orders(
    shape: str, tmp_path: Path
) -> None:
    """The report's blank form is the mail forwarded: nothing is filed, and the answer
    says no orders were found."""
    table = Table(tmp_path, KAO)
    table.deliver(SHAPES[shape](table.report(1), "See below, GM.\n\nAlice\n"))
    assert "ignored: no orders found in your mail (kao p1)" in table.poll()
    assert table.orders(1) is None


def test_order_lines_over_a_forwarded_duel_report_name_no_colour(tmp_path: Path) -> None:
    """A Duel report holds a form for each of Dora's colours: lines typed over it may be
    for any of them, and are filed for none (as above a quoted report)."""
    table = Table(tmp_path, DUEL)
    table.deliver(thunderbird(table.report(1), "A1: 21 20 005\nR1: 1\n\nDora\n", DORA))
    table.poll()
    assert [table.orders(player) for player in (1, 3, 5)] == [None, None, None]


@shapes
def test_the_forwarded_reports_picture_is_not_said_unread(shape: str, tmp_path: Path) -> None:
    """The map picture in the forwarded report is the report's, not an attachment of the
    player's: the answer said 'Its attachment map-turn0.png was not read: the form is read
    only as text ...', as if he had sent his orders as a picture."""
    table = Table(tmp_path, KAO)
    report = table.report(1)
    assert b"map-turn0.png" in report
    table.deliver(SHAPES[shape](report, "See below, GM.\n\nAlice\n"))
    table.poll()
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("*.eml")
    mail = email.message_from_bytes(answer.read_bytes(), policy=email.policy.default)
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    said = " ".join(str(body.get_content()).split())
    assert "no orders found in your mail" in said
    assert "map-turn0.png" not in said and "not read" not in said
