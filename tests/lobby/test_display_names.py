"""The name a JOIN without ``AS`` takes from the mail's From: its display name as the
sender's client wrote it, decoded (an RFC 2047 encoded word, or 8-bit bytes as most
clients send them in UTF-8 and some in Windows-1252), never the raw ``=?utf-8?q?...?=``
nor a replacement character; a display name that is no usable name (a bidi override, a
control character once decoded) refuses the JOIN, asking for a name with AS: before round
50 it gave way to the address's local part, which LIST showed to anyone (ruling, round 50,
docs/mail.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from tests.lobby.joinnames import refused_for_from_name


def _join(hall: Hall, number: int, from_name: bytes) -> str:
    """The answer to ``JOIN wok4`` from player ``number`` whose From shows ``from_name``."""
    hall.deliver(
        b"From: " + from_name + b" <" + address(number).encode() + b">\n"
        b"To: gm@wtg.example\nSubject: hello\nMessage-ID: <dn" + str(number).encode() + b"@x>\n"
        b"Content-Type: text/plain; charset=utf-8\n\nJOIN wok4\n"
    )
    hall.poll()
    (answer,) = hall.new_mails(address(number))
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM"), answer.body
    return answer.body


@pytest.mark.parametrize(
    ("from_name", "name"),
    [
        (b"=?utf-8?q?J=C3=BCrgen_M=C3=BCller?=", "Jürgen Müller"),
        (b'"=?iso-8859-1?q?J=FCrgen?= Smith"', "Jürgen Smith"),
        (b"=?utf-8?b?w4VzYQ==?=", "Åsa"),
        ("Jürgen Müller".encode(), "Jürgen Müller"),
        ("Jürgen".encode("cp1252"), "Jürgen"),
        (b"=?utf-8?q?Ann=0D=0ASmith?=", "Ann Smith"),
    ],
)
def test_a_joins_name_is_the_from_s_display_name_decoded(
    tmp_path: Path, from_name: bytes, name: str
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    body = _join(hall, 1, from_name)
    # the name whole, broken across lines only where it has a space (the list's title
    # before it is long enough to wrap there), never at a line break of its own
    spaced = r"[ \n]".join(re.escape(word) for word in name.split(" "))
    assert re.search(rf"\) as[ \n]{spaced}\.\n", body), body


def test_a_from_whose_name_cannot_be_read_is_a_from_without_one(tmp_path: Path) -> None:
    """An escape sequence in an encoded word the address parser cannot read (``[`` in it):
    the From shows no name, and the JOIN asks under the local part, as from a bare
    address."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    body = _join(hall, 4, b"=?utf-8?q?Ann=1B[2JSmith?=")
    assert ") as p4.\n" in body


@pytest.mark.parametrize(
    "from_name",
    [
        b"=?utf-8?b?4oCuZXZpbA==?=",  # U+202E RIGHT-TO-LEFT OVERRIDE, then "evil"
        b"=?utf-8?q?=E2=80=8B?=",  # a zero-width space alone
        # a lone surrogate, which no file holds (the escape codecs make one of "\ud800");
        # the JOIN was quarantined on the book's write
        b"=?unicode-escape?q?Ev=5Cud800e?=",
        b"=?raw-unicode-escape?q?=5Cudcff?=",
    ],
)
def test_a_display_name_that_is_no_name_refuses_the_join_and_asks_for_one(
    tmp_path: Path, from_name: bytes
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.deliver(
        b"From: " + from_name + b" <" + address(4).encode() + b">\n"
        b"To: gm@wtg.example\nSubject: hello\nMessage-ID: <dn4@x>\n"
        b"Content-Type: text/plain; charset=utf-8\n\nJOIN wok4\n"
    )
    hall.poll()
    (answer,) = hall.new_mails(address(4))
    refused_for_from_name(answer, "p4")
    answer = hall.answer(address(4), "JOIN wok4 AS Eve")  # the name he gives is taken
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM"), answer.body
