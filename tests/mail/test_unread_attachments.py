"""A player who saves his filled form as a Word document (or zips it, or sends a photo of
it) and attaches it was told only that his mail "holds no order form": he could not tell
that the attachment was never opened, and sent it again. The help names the attachments
that were not read and says how the form is read: as text, in the mail or a .txt file.
The mails are shaped as Thunderbird sends an attachment (multipart/mixed: the text, then
the file with its name, base64)."""

from __future__ import annotations

import io
from email.message import EmailMessage
from pathlib import Path

from PIL import Image

from tests.mail.loop import GM, World
from tests.mail.test_poll_maildir import body_of
from wtg.mail.message.extract import UNREAD_NAMED, extract_from_message

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def attaching(world: World, *files: tuple[str, str, str]) -> None:
    """Player 2's mail with a line of text and ``files`` (name, main type, sub type)."""
    msg = EmailMessage()
    msg["From"] = "Player 2 <p2@players.example>"
    msg["To"] = GM
    msg["Subject"] = "my orders"
    msg["Message-ID"] = "<attached@players.example>"
    msg.set_content("Here are my orders for this turn.\n")
    for name, main, sub in files:
        msg.add_attachment(b"PK\x03\x04 not text" * 20, maintype=main, subtype=sub, filename=name)
    world.inbox.add(msg)


def test_the_help_names_the_attachment_that_was_not_read(tmp_path: Path) -> None:
    world = World(tmp_path)
    main, sub = DOCX.split("/")
    attaching(world, ("orders turn 1.docx", main, sub), ("orders.zip", "application", "zip"))
    world.poll()
    (help_mail,) = [raw for ident, raw in world.outbox().items() if ident.startswith("help-")]
    text = " ".join(body_of(help_mail).split())
    assert (
        "Its attachments orders turn 1.docx, orders.zip were not read: the form is read only "
        "as text, in the mail itself or attached as a .txt file, not from a document, a PDF, "
        "a picture or a zip."
    ) in text
    assert "PLAYER: 2 CODE: CODE0002" in text  # the blank form, as before


def test_a_mail_without_attachments_is_helped_as_before(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail("How do I play?", sender="Player 2 <p2@players.example>")
    world.poll()
    (help_mail,) = [raw for ident, raw in world.outbox().items() if ident.startswith("help-")]
    assert "not read" not in body_of(help_mail)


def test_the_unread_are_named_cleaned_and_bounded() -> None:
    msg = EmailMessage()
    msg.set_content("see attached")
    msg.add_attachment(b"\x89PNG", maintype="image", subtype="png", filename="photo\x1b[2J.png")
    msg.add_attachment(b"%PDF", maintype="application", subtype="pdf")  # no name: its type
    msg.add_attachment("GAME: g1\n", subtype="plain", filename="form.txt")  # read: not named
    for n in range(10):
        msg.add_attachment(b"x", maintype="application", subtype="zip", filename=f"{n}.zip")
    unread = extract_from_message(msg).unread
    assert unread[:3] == ("photo.png", "application/pdf", "0.zip")
    assert len(unread) == UNREAD_NAMED


def test_a_blank_form_quoted_beside_the_document_says_it_was_not_read(tmp_path: Path) -> None:
    """The usual shape: a reply to the report, which quotes its blank form, with the form
    filled in a document attached. The quoted form gives no orders; the answer says so,
    and that the document was not read."""
    world = World(tmp_path)
    msg = EmailMessage()
    msg["From"] = "p1@players.example"
    msg["To"] = GM
    msg["Subject"] = "Re: [g1] report of turn 0"
    msg["Message-ID"] = "<quoted@players.example>"
    quoted = "".join(f"> {line}\n" for line in world.aof(1).splitlines())
    msg.set_content(f"My orders are in the attached file.\n\n{quoted}")
    msg.add_attachment(b"{\\rtf1 ...}", maintype="application", subtype="rtf", filename="t1.rtf")
    world.inbox.add(msg)
    world.poll()
    (answer,) = world.outbox().values()
    text = " ".join(body_of(answer).split())
    assert "You have no orders on file for turn 1 yet." in text
    assert "Its attachment t1.rtf was not read: the form is read only as text" in text


def signed(kind: str) -> EmailMessage:
    """Player 2's mail signed as Thunderbird and mutt sign it (PGP/MIME), or as Outlook
    and Apple Mail do (S/MIME): multipart/signed, the text, then the signature, a file."""
    msg = EmailMessage()
    msg["From"] = "Player 2 <p2@players.example>"
    msg["To"] = GM
    msg["Subject"] = "my orders"
    msg["Message-ID"] = f"<signed-{kind}@players.example>"
    msg.set_content("How do I play?\n")
    msg.make_mixed()
    if kind == "pgp":
        subtype, name, data = "pgp-signature", "signature.asc", b"-----BEGIN PGP SIGNATURE-----"
    else:
        subtype, name, data = "pkcs7-signature", "smime.p7s", b"\x30\x82\x05\x00" * 40
    protocol = f"application/{subtype}"
    signature = EmailMessage()
    signature.set_content(data, "application", subtype, disposition="attachment", filename=name)
    msg.replace_header("Content-Type", f'multipart/signed; protocol="{protocol}"; micalg=sha-256')
    msg.attach(signature)
    return msg


def test_a_mail_s_signature_is_no_attachment_not_read(tmp_path: Path) -> None:
    """A signed mail's signature is a file of the mail's (``signature.asc``, ``smime.p7s``),
    not the player's: the help said 'Its attachment signature.asc was not read: the form is
    read only as text ...', as if he had sent his orders as a file."""
    world = World(tmp_path)
    for kind in ("pgp", "smime"):
        assert extract_from_message(signed(kind)).unread == ()
        world.inbox.add(signed(kind))
    world.poll()
    helps = [raw for ident, raw in world.outbox().items() if ident.startswith("help-")]
    assert len(helps) == 2
    assert all("not read" not in body_of(raw) for raw in helps)


def png_of(width: int, height: int) -> bytes:
    """A PNG picture of that size, as a client would send one."""
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, "PNG")
    return out.getvalue()


def outlook(
    text: str, picture: bytes, shown: bool = True, signature: str = "<p>", pasted: bool = False
) -> EmailMessage:
    """A mail as Outlook sends an HTML mail with a picture in it (a signature's logo, a
    pasted screenshot): multipart/related, the HTML showing ``image001.png`` by its
    Content-ID (``shown``; else the HTML does not show it), under the signature's start
    (``signature``: Outlook's mark of it, or none) or in the text typed above it
    (``pasted``)."""
    msg = EmailMessage()
    msg["From"] = "Player 2 <p2@players.example>"
    msg["To"] = GM
    msg["Subject"] = "question"
    msg["Message-ID"] = "<outlook@players.example>"
    body = EmailMessage()
    body.set_content(f"{text}\n\nJane Doe\nSales Director | Acme Corp\n")
    cid = "image001.png@01DB4A2C.5E3F1A20"
    img = f'<img width="120" height="40" src="cid:{cid}">' if shown else ""
    above, below = (img, "") if pasted else ("", img)
    body.add_alternative(
        f"<html><body><p>{text}</p><p>{above}</p>{signature}Jane Doe<br>Sales Director | "
        f"Acme Corp</p><p>{below}</p></body></html>",
        subtype="html",
    )
    image = EmailMessage()
    image.set_content(picture, "image", "png", cid=f"<{cid}>", filename="image001.png")
    del image["Content-Disposition"]
    image["Content-Disposition"] = 'inline; filename="image001.png"'
    msg.make_related()  # Outlook's shape: related (alternative (plain, html), picture)
    msg.attach(body)
    msg.attach(image)
    return msg


def test_a_logo_in_the_html_signature_is_no_attachment_not_read(tmp_path: Path) -> None:
    """Outlook's signature logo (``image001.png``, in multipart/related, shown by the HTML
    through its Content-ID) was named to the player as an attachment not read: 'Its
    attachment image001.png was not read: the form is read only as text ...'. A picture the
    HTML shows that is a logo's size is part of the mail's text; a pasted screenshot of a
    form (also image001.png, as tall as a form) is still named, as is a picture the HTML
    does not show."""
    logo = outlook("How do I play?", png_of(240, 80))
    assert extract_from_message(logo).unread == ()
    screenshot = outlook("My orders are in the picture.", png_of(640, 420))
    assert extract_from_message(screenshot).unread == ("image001.png",)
    hidden = outlook("How do I play?", png_of(240, 80), shown=False)
    assert extract_from_message(hidden).unread == ("image001.png",)
    world = World(tmp_path)
    world.inbox.add(logo)
    world.poll()
    (help_mail,) = [raw for ident, raw in world.outbox().items() if ident.startswith("help-")]
    assert "not read" not in body_of(help_mail)


WINDOWS = '<p class=MsoNormal><a name="_MailAutoSig">'
"""Where Outlook for Windows begins the signature of a mail (a Word bookmark)."""
WEB = '<div id="Signature"><p>'
"""Where Outlook on the web and the new Outlook begin it."""


def test_a_cropped_screenshot_above_outlooks_signature_is_named(tmp_path: Path) -> None:
    """A few order lines cropped from a screenshot and pasted into an Outlook mail are as
    low as a logo (a picture of 90 pixels): it was taken for the signature's logo and not
    named, the player told nothing of why his orders were not read. A picture shown above
    the signature's mark (``_MailAutoSig``, ``id="Signature"``) is his, named; a logo
    under it is still not."""
    low = png_of(420, 90)
    for mark in (WINDOWS, WEB):
        pasted = outlook("My orders:", low, signature=mark, pasted=True)
        assert extract_from_message(pasted).unread == ("image001.png",), mark
        logo = outlook("How do I play?", png_of(240, 80), signature=mark)
        assert extract_from_message(logo).unread == (), mark
    world = World(tmp_path)
    world.inbox.add(outlook("My orders:", low, signature=WINDOWS, pasted=True))
    world.poll()
    (help_mail,) = [raw for ident, raw in world.outbox().items() if ident.startswith("help-")]
    assert "Its attachment image001.png was not read" in body_of(help_mail)


def test_an_outlook_mail_attached_as_a_file_is_said_to_be_one(tmp_path: Path) -> None:
    """Outlook attaches a saved mail (dragged in, or forwarded from a folder of .msg files)
    as ``application/vnd.ms-outlook``: the help named it with the documents and zips, and
    the player, who attached a mail, not a document, could not tell what to do instead."""
    world = World(tmp_path)
    attaching(world, ("RE [g1] report of turn 0.msg", "application", "vnd.ms-outlook"))
    world.poll()
    (help_mail,) = [raw for ident, raw in world.outbox().items() if ident.startswith("help-")]
    text = " ".join(body_of(help_mail).split())
    assert (
        "Its attachment RE [g1] report of turn 0.msg was not read: the form is read only as "
        "text, in the mail itself or attached as a .txt file, not from a document, a PDF, a "
        "picture or a zip. RE [g1] report of turn 0.msg is a mail Outlook attached as a file "
        "(.msg), never opened: forward the report with Forward, not Forward as Attachment, "
        "your orders typed above it, or type them in a reply to the report."
    ) in text, text
