"""``wtg.mail.message.mailcopy``: two mails of one Message-ID, sender, subject, date and
text bytes that the poll reads apart (``wtg.mail.message.extract``) have two copy marks,
or the second is taken for a copy of the first and dropped: a part's text read as
format=flowed (a line ending in a blank goes on on the next), a file the poll reads by its
name (``orders.txt`` sent as application/octet-stream) or does not (``orders.dat``), a part
given inline or attached (the body's form wins over an attachment's), a form forwarded in
another mail (its order lines the forwarded sender's) or the sender's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import World
from wtg.mail.message.extract import extract_from_message, parse_mail
from wtg.mail.message.mailcopy import copy_mark

SENDER = "zoe@players.example"
HEAD = (
    "From: zoe@players.example\r\nTo: gm@example.org\r\nSubject: Orders g1\r\n"
    "Date: Mon, 07 Dec 2026 11:02:03 +0100\r\nMessage-ID: <z1@players.example>\r\n"
    "MIME-Version: 1.0\r\n"
)
FORM = "GAME: g1\r\nCODE: abc\r\nA1: 60 55 010\r\n"
OTHER = "GAME: g1\r\nCODE: abc\r\nA1: 70 25 005\r\n"


def one_part(params: str, text: str) -> bytes:
    """A mail of one text/plain part of ``text``, its Content-Type's ``params`` after it."""
    return (HEAD + f"Content-Type: text/plain; charset=utf-8{params}\r\n\r\n{text}").encode()


def two_parts(first: str, second: str) -> bytes:
    """A multipart/mixed mail of the two parts, each its headers, a blank line and its text."""
    parts = "".join(f"--b1\r\n{part}\r\n" for part in (first, second))
    head = HEAD + 'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n'
    return f"{head}{parts}--b1--\r\n".encode()


def text_part(text: str, attached: bool = False) -> str:
    shown = "Content-Disposition: attachment\r\n" if attached else ""
    return f"Content-Type: text/plain; charset=utf-8\r\n{shown}\r\n{text}"


def file_part(name: str, text: str) -> str:
    return (
        "Content-Type: application/octet-stream\r\n"
        f'Content-Disposition: attachment; filename="{name}"\r\n\r\n{text}'
    )


def forwarded(text: str) -> str:
    inner = "From: ann@players.example\r\nSubject: Orders g1\r\n\r\n" + text
    return f"Content-Type: message/rfc822\r\n\r\n{inner}"


PAIRS = {
    "flowed": (
        one_part("; format=flowed", "GAME: g1\r\nCODE: abc\r\nA1: 60 55 \r\n010\r\n"),
        one_part("", "GAME: g1\r\nCODE: abc\r\nA1: 60 55 \r\n010\r\n"),
    ),
    "a file read by its name": (
        two_parts(text_part("my orders attached"), file_part("orders.txt", FORM)),
        two_parts(text_part("my orders attached"), file_part("orders.dat", FORM)),
    ),
    "inline or attached": (
        two_parts(text_part(FORM), text_part(OTHER, attached=True)),
        two_parts(text_part(FORM, attached=True), text_part(OTHER)),
    ),
    "forwarded or his own": (
        two_parts(text_part("A1: 70 25 005\r\n"), forwarded(FORM)),
        two_parts(text_part("A1: 70 25 005\r\n"), text_part(FORM)),
    ),
}


@pytest.mark.parametrize("pair", list(PAIRS), ids=list(PAIRS))
def test_mails_the_poll_reads_apart_have_marks_of_their_own(pair: str) -> None:
    first, second = PAIRS[pair]
    read = [extract_from_message(parse_mail(raw)).texts for raw in (first, second)]
    assert read[0] != read[1]  # the poll reads other orders in each
    marks = {copy_mark("<z1@players.example>", SENDER, raw) for raw in (first, second)}
    assert len(marks) == 2


def test_a_flowed_text_with_no_line_to_join_has_the_mark_of_its_lines() -> None:
    """A server that gives the text again without its format=flowed gives the same lines
    where none of them went on on the next: one mark (the mail handled is not new)."""
    flowed = one_part("; format=flowed", FORM)
    assert (
        extract_from_message(parse_mail(flowed)).texts
        == extract_from_message(parse_mail(one_part("", FORM))).texts
    )
    assert copy_mark("<z1@x>", SENDER, flowed) == copy_mark("<z1@x>", SENDER, one_part("", FORM))


def test_a_poll_files_the_mail_whose_form_it_reads_after_one_it_did_not(tmp_path: Path) -> None:
    """A player's orders attached as orders.dat, which the poll does not read (told: no
    form), then the same mail again with the file named orders.txt (one Message-ID, his
    client's resend): filed, not ignored as a copy of the first."""
    world = World(tmp_path)
    form = world.aof(1).replace("\n", "\r\n")
    head = HEAD.replace("zoe@players.example", "p1@players.example", 1)
    for number, name in enumerate(("orders.dat", "orders.txt")):
        raw = two_parts(text_part("my orders attached"), file_part(name, form))
        raw = raw.replace(HEAD.encode(), head.encode())
        (world.gm.maildir_in / "new" / f"170000000{number}.M{number}P1.host").write_bytes(raw)
        summary = world.poll()
        assert (summary.seen, summary.filed, summary.ignored) == (1, number, 0)
