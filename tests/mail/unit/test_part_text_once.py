"""``wtg.mail.message.extract.part_text``: the poll reads a mail's text three times, for its
mark (``wtg.mail.message.mailcopy.kept_mark``), for a form (``extract_from_message``) and
for commands (``wtg.mail.incoming.commands.command_text``), and each part's bytes are
decoded once for the three, which read the same text."""

from __future__ import annotations

import base64
from collections.abc import Callable
from email.message import Message

import pytest

from wtg.mail.incoming.commands import command_text
from wtg.mail.message.extract import extract_from_message, parse_mail
from wtg.mail.message.mailcopy import kept_mark

FORM = "GAME: g1\nCODE: abc\nA1: 60 55 010\nOrte: Zürich\n"
MAIL = (
    "From: zoe@players.example\r\nTo: gm@example.org\r\nSubject: Orders g1\r\n"
    "Message-ID: <z1@players.example>\r\nMIME-Version: 1.0\r\n"
    "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    + base64.encodebytes(FORM.encode()).decode().replace("\n", "\r\n")
).encode()


def test_a_part_is_decoded_once_for_the_mark_the_form_and_the_commands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decoded: list[object] = []
    payload: Callable[..., object] = Message.get_payload

    def counted(self: Message, i: int | None = None, decode: bool = False) -> object:
        if decode:
            decoded.append(self.get_content_type())
        return payload(self, i, decode)

    monkeypatch.setattr(Message, "get_payload", counted)
    msg = parse_mail(MAIL)
    mark = kept_mark("<z1@players.example>", "zoe@players.example", MAIL, b"", msg)
    extracted = extract_from_message(msg)
    typed = command_text(msg)
    assert decoded == ["text/plain"]
    assert extracted.text == FORM
    assert typed == FORM
    # the mark reads that text as a mail parsed afresh gives it
    assert mark == kept_mark("<z1@players.example>", "zoe@players.example", MAIL)
    assert mark.startswith("<z1@players.example> ")


HTML_MAIL = (
    "From: zoe@players.example\r\nTo: gm@example.org\r\nSubject: Orders g1\r\n"
    "Message-ID: <z2@players.example>\r\nMIME-Version: 1.0\r\n"
    "Content-Type: text/html; charset=utf-8\r\n\r\n"
    "<html><body><p>GAME: g1<br>CODE: abc<br>A1: 60 55 010<br>Orte: Z\u00fcrich</p>"
    "</body></html>\r\n"
).encode()


def test_an_html_part_is_parsed_once_and_normalised_once_for_its_three_readers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An HTML mail's part was parsed by lxml three times (for the mark, the form and the
    commands) and its text normalised twice (the form's reader and the commands'): once
    each now, the three reading the same text as before."""
    from wtg.mail.incoming import commands
    from wtg.mail.message import extract, htmltext

    parsed: list[str] = []
    normalised: list[str] = []
    to_text = htmltext.html_to_text
    normalise = extract.normalise

    def counted_parse(html: str) -> str:
        parsed.append(html)
        return to_text(html)

    def counted_normalise(text: str, *, flowed: bool = False, delsp: bool = False) -> str:
        normalised.append(text)
        return normalise(text, flowed=flowed, delsp=delsp)

    monkeypatch.setattr(htmltext, "html_to_text", counted_parse)
    monkeypatch.setattr(extract, "normalise", counted_normalise)
    monkeypatch.setattr(commands, "normalise", counted_normalise)
    msg = parse_mail(HTML_MAIL)
    mark = kept_mark("<z2@players.example>", "zoe@players.example", HTML_MAIL, b"", msg)
    extracted = extract_from_message(msg)
    typed = command_text(msg)
    assert len(parsed) == 1
    assert len(normalised) == 1
    assert extracted.text == typed == "GAME: g1\nCODE: abc\nA1: 60 55 010\nOrte: Z\u00fcrich\n"
    monkeypatch.undo()
    assert mark == kept_mark("<z2@players.example>", "zoe@players.example", HTML_MAIL)
    assert extract_from_message(parse_mail(HTML_MAIL)).text == typed
