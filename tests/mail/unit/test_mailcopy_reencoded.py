"""``wtg.mail.message.mailcopy``: one mail as servers give it anew at each fetch (Exchange
builds a mail's bytes again from what it stored: its headers in another order and folded
anew, headers of its own added, an 8bit body given as quoted-printable or base64, another
charset, other boundaries, the Date in its own zone) has one copy mark; mails that differ
in what the poll reads of them (their text, subject, date or sender) have two."""

from __future__ import annotations

import base64
import quopri
import re
from email.header import decode_header
from email.message import Message

import pytest

from wtg.mail.message import mailcopy
from wtg.mail.message.mailcopy import copy_mark, kept_mark

SENDER = "zoe@players.example"
TEXT = "Zoë's orders for turn 3:\r\nA1: 60 55 010   \r\nPS: à bientôt\r\n"


def sent(text: str = TEXT, subject: str = "Orders g1", date: str = "") -> bytes:
    """The mail as the player's client sent it: one 8bit UTF-8 part."""
    return (
        f"From: Zoë <{SENDER}>\r\nTo: gm@example.org\r\nSubject: {subject}\r\n"
        f"Date: {date or 'Mon, 07 Dec 2026 11:02:03 +0100'}\r\n"
        "Message-ID: <z1@players.example>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
    ).encode() + text.encode()


EXCHANGE_HEAD = (
    "Received: from EX1.corp.example (10.0.0.1) by EX2.corp.example; Mon, 7 Dec 2026 10:02:05"
    " +0000\r\nContent-Type: {ctype}\r\nFrom: =?utf-8?Q?Zo=C3=AB?= <zoe@players.example>\r\n"
    "To: gm@example.org\r\nSubject: Orders\r\n g1\r\nThread-Topic: Orders g1\r\n"
    "Date: Mon, 7 Dec 2026 10:02:03 +0000\r\nMessage-ID:\r\n <z1@players.example>\r\n"
    "X-MS-Exchange-Organization-AuthAs: Anonymous\r\nX-MS-Has-Attach:\r\n"
    "MIME-Version: 1.0\r\n"
)


def rebuilt(
    encoding: str, charset: str = "utf-8", multipart: bool = False, folded: bool = False
) -> bytes:
    """The same mail as a server that builds its bytes anew gives it: ``encoding`` its
    transfer encoding, ``charset`` its text's, ``multipart``: alone in a multipart/mixed of
    a boundary of the server's, as some servers wrap a mail; ``folded``: its part's
    Content-Type and Content-Transfer-Encoding folded after their names and before the
    charset, as Exchange folds them anew."""
    data = TEXT.replace("   \r\n", "\r\n").encode(charset)  # trailing spaces dropped too
    if encoding == "quoted-printable":
        body = quopri.encodestring(data.replace(b"\r\n", b"\n")).replace(b"\n", b"\r\n")
    else:
        body = base64.encodebytes(data).replace(b"\n", b"\r\n")
    fold = "\r\n\t" if folded else " "
    ctype = f'text/plain;{fold}charset="{charset}"'
    encoded = f"Content-Transfer-Encoding:{fold}{encoding}\r\n\r\n"
    part = f"Content-Type:{fold}{ctype}\r\n{encoded}".encode() + body
    if not multipart:
        return EXCHANGE_HEAD.format(ctype=ctype).encode() + encoded.encode() + body
    head = EXCHANGE_HEAD.format(ctype='multipart/mixed;\r\n\tboundary="_000_EX2_"')
    return head.encode() + b"\r\n--_000_EX2_\r\n" + part + b"\r\n--_000_EX2_--\r\n"


def mark(raw: bytes) -> str:
    return copy_mark("<z1@players.example>", SENDER, raw)


@pytest.mark.parametrize(
    ("encoding", "charset", "multipart"),
    [
        ("quoted-printable", "utf-8", False),
        ("base64", "utf-8", False),
        ("quoted-printable", "iso-8859-1", False),
        ("base64", "utf-8", True),
    ],
)
@pytest.mark.parametrize("folded", [False, True])
def test_a_mail_whose_bytes_a_server_builds_anew_has_one_mark(
    encoding: str, charset: str, multipart: bool, folded: bool
) -> None:
    again = rebuilt(encoding, charset, multipart, folded)
    assert again != sent()
    assert mark(again) == mark(sent())


@pytest.mark.parametrize(
    "other",
    [
        sent(TEXT.replace("010", "011")),
        sent(subject="Re: your code"),
        sent(date="Tue, 08 Dec 2026 11:02:03 +0100"),
    ],
)
def test_mails_that_differ_in_what_the_poll_reads_have_marks_of_their_own(other: bytes) -> None:
    """Another text, another subject (a question the lobby reads there), another date (a
    script that writes one Message-ID and one body on every mail, sent another day)."""
    assert mark(other) != mark(sent())
    assert copy_mark("<z1@players.example>", "ann@players.example", sent()) != mark(sent())


def test_a_mail_the_email_package_cannot_read_has_a_mark_all_the_same() -> None:
    broken = b'Message-ID: <z1@x>\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b'
    assert kept_mark("<z1@x>", SENDER, broken).startswith("<z1@x> ")


def without_id(raw: bytes) -> bytes:
    """``raw`` without its Message-ID line (and its folded line after it)."""
    lines = raw.split(b"\r\n")
    at = next(n for n, line in enumerate(lines) if line.lower().startswith(b"message-id:"))
    end = at + 1 + (not lines[at].strip().endswith(b">"))
    return b"\r\n".join(lines[:at] + lines[end:])


RECEIVED = (
    b"Received: from mx.players.example by mx.example.org; Mon, 7 Dec 2026 10:02:04 +0000\r\n"
)


def test_a_mail_without_a_message_id_whose_bytes_a_server_builds_anew_has_one_mark() -> None:
    """Known by its Received lines besides (the ones of its delivery, which the server keeps),
    not by its bytes: two deliveries of it are two mails."""
    inside = EXCHANGE_HEAD.split("\r\n")[0].encode() + b"\r\n"  # its own hop, kept with it
    first = RECEIVED + inside + without_id(sent())
    again = RECEIVED + without_id(rebuilt("quoted-printable"))
    assert b"Message-ID" not in again
    assert kept_mark("", SENDER, again) == kept_mark("", SENDER, first)
    other = RECEIVED.replace(b"10:02:04", b"10:07:31") + inside + without_id(sent())
    assert kept_mark("", SENDER, other) != kept_mark("", SENDER, first)


HOSTILE = {
    "broken MIME": b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\n\r\nA1: 60 55 010',
    "no charset known": b"Content-Type: text/plain; charset=x-klingon\r\n\r\nA1: \xe9",
    "header of megabytes": b"Subject: " + b"=?utf-8?q?x?= " * 200_000 + b"\r\n\r\nA1: 60",
    "base64 that is none": b"Content-Transfer-Encoding: base64\r\n\r\n!!*A1: 60\r\n",
    "no payload": b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n',
    "file name in punycode": (
        b"Content-Type: text/plain\r\n"
        b"Content-Disposition: attachment; filename*=punycode''%FF%FE\r\n\r\nA1: 60\r\n"
    ),
    "file name in idna": b"Content-Type: text/plain; name*=idna''%FF\r\n\r\nA1: 60\r\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_mail_has_a_mark_of_its_text(name: str) -> None:
    """Each has a mark, and two of them that differ in their last byte have two: the
    file name in a charset whose codec fails raises UnicodeError in the email package,
    and the mail is read as its body's bytes."""
    raw = b"Message-ID: <z1@x>\r\n" + HOSTILE[name]
    first = kept_mark("<z1@x>", SENDER, raw)
    assert re.fullmatch(r"<z1@x> [0-9a-f]{32}", first)
    assert kept_mark("<z1@x>", SENDER, raw[:-1] + b"1") != first


def test_a_bug_of_wtg_reading_a_mail_is_not_taken_for_a_mark(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only what a hostile mail makes the email package raise is read as its body's bytes
    (``UNREADABLE``): a bug of wtg's reading its text raises, never marks the mail wrongly
    (as the same mail as another of one body, given anew)."""

    def broken(part: Message) -> tuple[str, tuple[str, ...]]:
        raise TypeError("a bug")

    monkeypatch.setattr(mailcopy, "part_text", broken)
    with pytest.raises(TypeError, match="a bug"):
        kept_mark("<z1@players.example>", SENDER, sent())


def test_a_subject_of_thousands_of_encoded_words_is_marked_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The email package decodes encoded words in time that grows with the square of their
    number: a subject of 200,000 of them held the poll for minutes. One longer than
    ``SUBJECT_DECODED`` is not decoded; a client's is."""
    decoded: list[str] = []

    def counted(header: str) -> list[tuple[bytes | str, str | None]]:
        decoded.append(header)
        return decode_header(header)

    monkeypatch.setattr(mailcopy, "decode_header", counted)
    words = b"=?utf-8?q?Zo=C3=AB?= " * (mailcopy.SUBJECT_DECODED // 20)
    kept_mark("<z1@x>", SENDER, b"Message-ID: <z1@x>\r\nSubject: " + words + b"\r\n\r\nA1: 60")
    assert decoded == []
    kept_mark("<z1@x>", SENDER, b"Subject: =?utf-8?q?Zo=C3=AB?= orders\r\n\r\nA1: 60")
    assert decoded == ["=?utf-8?q?Zo=C3=AB?= orders"]


HTML = (
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head>'
    "<body><div>Zo\u00eb's orders for turn 3:</div><div>A1: 60 55 010</div>"
    '<div>PS: <a href="https://players.example/zoe">\u00e0 bient\u00f4t</a></div></body></html>'
)
HTML_AGAIN = (
    "<html>\r\n<head>\r\n"
    '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\r\n</head>\r\n'
    '<body dir="ltr" data-ms-track="7f3a">\r\n<div>Zo\u00eb\'s orders\r\n for turn 3:</div>\r\n'
    '<div   style="font-size:11pt">A1: 60 55 010</div>\r\n<div>PS:\r\n'
    '<a href="https://players.example/zoe" data-auth="NotApplicable" target="_blank">'
    "\u00e0 bient\u00f4t</a></div>\r\n</body>\r\n</html>\r\n"
)


def with_html(html: str) -> bytes:
    """The mail of ``sent`` as a multipart/alternative of its text and ``html``, given as
    quoted-printable."""
    parts = [("plain", TEXT), ("html", html)]
    body = "".join(
        f'--alt\r\nContent-Type: text/{kind}; charset="utf-8"\r\n'
        f"Content-Transfer-Encoding: quoted-printable\r\n\r\n"
        + quopri.encodestring(text.encode()).decode()
        + "\r\n"
        for kind, text in parts
    )
    head = sent().split(b"Content-Type:")[0].decode()
    return (head + 'Content-Type: multipart/alternative; boundary="alt"\r\n\r\n').encode() + (
        body + "--alt--\r\n"
    ).encode()


def test_a_mail_whose_html_a_server_writes_anew_has_one_mark() -> None:
    """The HTML part given again with attributes of the server's (a tracking one) and its
    blanks and lines laid out anew: the poll reads the same text in it, one mark. Another
    order line in it is another mail."""
    assert mark(with_html(HTML_AGAIN)) == mark(with_html(HTML))
    other = HTML.replace("A1: 60 55 010", "A1: 60 55 011")
    assert mark(with_html(other)) != mark(with_html(HTML))
