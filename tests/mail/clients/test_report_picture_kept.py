"""A reply whose client kept the report's map picture (Apple Mail puts an inline picture of
the mail answered into its reply, a forward keeps every attachment) is not told that the
picture was an attachment of the player's not read: a thanks over the report was answered
'no orders found' and 'Its attachment map-turn0.png was not read: the form is read only as
text ... not from a document, a PDF, a picture or a zip', as if he had sent his orders as a
picture. A picture of his own is still named."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.table import KAO, Table
from tests.mail.clients.test_unquoted_originals import forward, reply_to, report_of
from tests.mail.replies import quoted


def picture_of(report: EmailMessage) -> bytes:
    (picture,) = [
        part for part in report.iter_attachments() if part.get_content_type() == "image/png"
    ]
    data = picture.get_content()
    assert isinstance(data, bytes) and picture.get_filename() == "map-turn0.png"
    return data


def apple_mail(report: EmailMessage, text: str, name: str) -> bytes:
    """Apple Mail's reply, the picture of the mail answered kept inline under the quote."""
    reply = reply_to(report)
    reply.set_content(
        f"Thanks, will do.\n\nAlice\n\n> On 4 Dec 2026, at 18:00, Game Master "
        f"<gm@example.org> wrote:\n> \n{quoted(text)}"
    )
    reply.add_attachment(
        picture_of(report), maintype="image", subtype="png", filename=name, disposition="inline"
    )
    return bytes(reply)


def gmail_forward(report: EmailMessage, text: str, name: str) -> bytes:
    """Gmail's forward, inline: the original's attachments kept as the forward's."""
    mail = email.message_from_bytes(
        forward(report, text, "Thanks, will do."), policy=email.policy.default
    )
    assert isinstance(mail, EmailMessage)
    mail.add_attachment(picture_of(report), maintype="image", subtype="png", filename=name)
    return bytes(mail)


SHAPES = {"apple-mail": apple_mail, "gmail-forward": gmail_forward}


def answer_to(table: Table) -> str:
    (queued,) = (table.games / ".mail" / "outbox" / "queue").glob("*.eml")
    mail = email.message_from_bytes(queued.read_bytes(), policy=email.policy.default)
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    return " ".join(str(body.get_content()).split())


@pytest.mark.parametrize("shape", SHAPES)
def test_the_reports_own_picture_is_not_said_unread(shape: str, tmp_path: Path) -> None:
    table = Table(tmp_path, KAO)
    report, text = report_of(table)
    table.deliver(SHAPES[shape](report, text, "map-turn0.png"))
    assert "ignored: no orders found in your mail (kao p1)" in table.poll()
    said = answer_to(table)
    assert "map-turn0.png" not in said and "not read" not in said


def test_a_confirmations_picture_is_not_said_unread(tmp_path: Path) -> None:
    """The picture of a confirmation (orders-turn1.png), kept in a reply that answers the
    report with it, is ours too."""
    table = Table(tmp_path, KAO)
    report, text = report_of(table)
    table.deliver(apple_mail(report, text, "orders-turn1.png"))
    table.poll()
    said = answer_to(table)
    assert "no orders found in your mail" in said
    assert "orders-turn1.png" not in said and "not read" not in said


def test_a_picture_of_the_players_own_is_still_named(tmp_path: Path) -> None:
    table = Table(tmp_path, KAO)
    report, text = report_of(table)
    table.deliver(apple_mail(report, text, "IMG_0412.png"))
    table.poll()
    assert "Its attachment IMG_0412.png was not read" in answer_to(table)
