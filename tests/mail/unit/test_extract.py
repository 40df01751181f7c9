"""Finding the AOF in real mails: every way a mail client may wrap it parses like the original."""

from __future__ import annotations

import base64
import html
import quopri
from email import policy
from email.message import EmailMessage
from email.mime.message import MIMEMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

import pytest

from tests.mail.unit.mails import (
    AOF,
    EXPECTED,
    ORDER_LINES,
    assert_finds_aof,
    flowed,
    html_lines,
    message,
    quoted,
    text_mail,
)
from wtg.mail.message.extract import NOT_FOUND, extract_from_message, parse_mail

CHATTY = "Hi GM,\n\nhere are my orders.\n\n"


def test_the_expected_outcome_has_the_orders() -> None:
    header, entries = EXPECTED
    assert header == {"game": "g", "turn": "1", "player": "3", "code": "K7Q2M9XD"}
    assert [section for section, _, _ in entries] == ["attack", "move", "trade", "aim"]


def test_plain_text_us_ascii() -> None:
    raw = text_mail(CHATTY + AOF, charset="us-ascii", cte="7bit").as_bytes()
    found = assert_finds_aof(raw)
    assert found.source == "text/plain body"
    assert found.notes == ()


def test_quoted_printable_utf8() -> None:
    raw = text_mail("Grüße aus Köln – “bis bald”\n" + AOF, cte="quoted-printable").as_bytes()
    assert b"quoted-printable" in raw
    assert b"=E2=80=93" in raw
    assert assert_finds_aof(raw).notes == ()


def test_base64() -> None:
    raw = text_mail(CHATTY + AOF, cte="base64").as_bytes()
    assert b"GAME:" not in raw
    assert assert_finds_aof(raw).source == "text/plain body"


@pytest.mark.parametrize(
    ("charset", "cte"), [("latin-1", "8bit"), ("windows-1252", "quoted-printable")]
)
def test_single_byte_charsets_declared(charset: str, cte: str) -> None:
    greeting = "Grüße, Jörg" if charset == "latin-1" else "Grüße – “Jörg”"
    raw = text_mail(f"{greeting}\n\n{AOF}", charset=charset, cte=cte).as_bytes()
    found = assert_finds_aof(raw)
    assert found.notes == ()
    assert found.text is not None
    assert found.text.startswith("Grüße, Jörg" if charset == "latin-1" else 'Grüße - "Jörg"')


def test_an_unknown_charset_falls_back_and_says_so() -> None:
    msg = text_mail("Grüße – “Jörg”\n" + AOF, charset="windows-1252", cte="8bit")
    msg.set_param("charset", "x-unknown")
    found = assert_finds_aof(msg.as_bytes())
    assert found.notes == ("charset 'x-unknown' unknown, read as cp1252",)
    assert found.text is not None
    assert found.text.startswith('Grüße - "Jörg"')


def test_utf8_declared_as_us_ascii() -> None:
    msg = text_mail("Grüße\n" + AOF, cte="8bit")
    msg.set_param("charset", "us-ascii")
    found = assert_finds_aof(msg.as_bytes())
    assert found.notes == ("charset 'us-ascii' does not fit the text, read as utf-8",)


def test_html_only_in_pre() -> None:
    msg = message()
    msg.set_content(f"<p>Hi GM,</p><pre>\n{html.escape(AOF)}</pre><p>Cid</p>", subtype="html")
    found = assert_finds_aof(msg.as_bytes())
    assert found.source == "text/html body"


@pytest.mark.parametrize("layout", ["p", "br"])
def test_html_only_one_element_per_line(layout: str) -> None:
    msg = message()
    msg.set_content(html_lines(AOF, layout), subtype="html", cte="quoted-printable")
    assert b"&nbsp;" in msg.as_bytes()
    assert assert_finds_aof(msg.as_bytes()).source == "text/html body"


def test_alternative_prefers_the_plain_text() -> None:
    msg = message()
    msg.set_content(AOF)
    msg.add_alternative(html_lines(AOF, "br"), subtype="html")
    assert msg.get_content_type() == "multipart/alternative"
    assert assert_finds_aof(msg.as_bytes()).source == "text/plain body"


def test_text_attachment_with_a_chatty_body() -> None:
    msg = message()
    msg.set_content("Hi GM, see attached.\nCid\n")
    msg.add_attachment(AOF, filename="orders turn 1.txt")
    assert assert_finds_aof(msg.as_bytes()).source == "attachment orders turn 1.txt"


def test_octet_stream_txt_attachment() -> None:
    msg = MIMEMultipart()
    msg["From"] = "cid@example.org"
    msg.attach(MIMEText("see attached", "plain"))
    part = EmailMessage()
    part.set_content(AOF.encode("cp1252"), "application", "octet-stream", filename="AOF.TXT")
    msg.attach(part)
    assert assert_finds_aof(msg.as_bytes()).source == "attachment AOF.TXT"


def test_an_attachment_named_and_its_charset_given_as_rfc_2231_parameters() -> None:
    """The charset and the file name as RFC 2231 writes them (``charset*=``, ``filename*=``,
    in upper case too): the text read in that charset, the part named by its decoded name."""
    greeting = "Gr\u00fc\u00dfe, J\u00f6rg\n"
    body = quopri.encodestring((greeting + AOF).encode("iso-8859-1").replace(b"\n", b"\r\n"))
    raw = (
        b"From: cid@example.org\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n'
        b"--b\r\nContent-Type: text/plain\r\n\r\nSee attached.\r\n"
        b"--b\r\nContent-Type: text/plain; CHARSET*=us-ascii''ISO-8859-1; format=Flowed\r\n"
        b"Content-Transfer-Encoding: quoted-printable\r\n"
        b"Content-Disposition: attachment; filename*=utf-8''orders%20%C3%A9.aof\r\n\r\n"
        + body
        + b"\r\n--b--\r\n"
    )
    found = assert_finds_aof(raw)
    assert found.source == "attachment orders \u00e9.aof"
    assert found.notes == ()
    assert found.text is not None and found.text.startswith(greeting)


def test_a_body_with_the_aof_beats_an_attachment_with_one() -> None:
    msg = message()
    msg.set_content(AOF)
    msg.add_attachment(AOF.replace("A1: 12   13 050", "A1: 01   02 003"), filename="old.txt")
    assert assert_finds_aof(msg.as_bytes()).source == "text/plain body"


def test_the_begin_marker_beats_a_bare_header_line() -> None:
    msg = message()
    msg.set_content("Last turn: GAME: g  TURN: 0  PLAYER: 3  CODE: K7Q2M9XD\n")
    msg.add_attachment(AOF, filename="aof.txt")
    assert assert_finds_aof(msg.as_bytes()).source == "attachment aof.txt"


def test_a_form_without_markers_is_found_by_its_header_line() -> None:
    lines = AOF.splitlines()[1:-1]
    found = assert_finds_aof(text_mail("\n".join(lines)).as_bytes())
    assert found.source == "text/plain body"


@pytest.mark.parametrize("prefix", ["> ", "> > "], ids=["once", "twice"])
def test_top_posted_reply_quoting_the_aof(prefix: str) -> None:
    body = "Orders below, filled in.\nCid\n\nOn Monday the GM wrote:\n" + quoted(AOF, prefix)
    found = assert_finds_aof(text_mail(body).as_bytes())
    assert found.text is not None
    assert f"{prefix}A1: 12   13 050" in found.text


def test_bottom_posted_reply_with_a_signature() -> None:
    body = "> On Monday the GM wrote:\n> Turn 1 is due Friday.\n\n" + AOF + "\n-- \nJohn\n"
    assert_finds_aof(text_mail(body).as_bytes())


@pytest.mark.parametrize("delsp", [False, True], ids=["delsp-no", "delsp-yes"])
def test_format_flowed_soft_breaks(delsp: bool) -> None:
    msg = text_mail(flowed(AOF, 12, delsp), cte="quoted-printable")
    msg.set_param("format", "flowed")
    if delsp:
        msg.set_param("delsp", "yes")
    assert "A1: 12   13 \n050" in msg.get_content() or delsp
    found = assert_finds_aof(msg.as_bytes())
    assert found.text is not None
    assert all(line in found.text.splitlines() for line in ORDER_LINES)


def test_format_flowed_quoted_reply() -> None:
    msg = text_mail("Orders:\r\n" + flowed(AOF, 10, True, depth=2), cte="8bit")
    msg.set_param("format", "flowed")
    msg.set_param("delsp", "yes")
    found = assert_finds_aof(msg.as_bytes())
    assert found.text is not None
    assert "> > A1: 12   13 050" in found.text.splitlines()


def test_crlf_line_endings() -> None:
    raw = text_mail(CHATTY + AOF).as_bytes(policy=policy.SMTP)
    assert AOF.replace("\n", "\r\n").encode() in raw
    found = assert_finds_aof(raw)
    assert found.text is not None
    assert "\r" not in found.text


def test_nbsp_smart_quotes_and_odd_digits_in_the_form() -> None:
    odd = (
        AOF.replace("A1: 12   13 050", "A1:\u00a012\u00a0\u00a0 13\u2009０５０")
        .replace("WORKERS' AIM", "WORKERS\u2019 AIM")
        .replace(" - ", " \u2013 ")
        .replace("GAME:", "GAME\u200b:")
        .replace("X1: 100", "X1:\u202f１00")
    )
    found = assert_finds_aof(text_mail(odd).as_bytes())
    assert found.text is not None
    assert "A1: 12   13 050" in found.text
    assert "WORKERS' AIM" in found.text
    assert not any(ord(ch) > 127 for ch in found.text)


def test_forwarded_message() -> None:
    inner = text_mail(AOF, cte="base64")
    outer = message("Fwd: orders turn 1")
    outer.set_content("Forwarding my orders from my other address.\n")
    outer.add_attachment(inner)
    found = assert_finds_aof(outer.as_bytes())
    assert found.source == "text/plain body in a forwarded message"


def test_forwarded_html_message_built_with_email_mime() -> None:
    inner = MIMEText(html_lines(AOF, "p"), "html", "utf-8")
    outer = MIMEMultipart()
    outer.attach(MIMEText("fwd", "plain"))
    outer.attach(MIMEMessage(inner))
    assert assert_finds_aof(outer.as_bytes()).source == "text/html body in a forwarded message"


def test_a_broken_boundary_still_finds_the_body() -> None:
    msg = message()
    msg.set_content(AOF, cte="8bit")
    msg.add_alternative(html_lines(AOF, "br"), subtype="html")
    raw = msg.as_bytes()
    boundary = msg.get_boundary()
    assert boundary is not None
    raw = raw.replace(boundary.encode(), b"nonsense", 1)
    found = assert_finds_aof(raw)
    assert "the MIME structure is broken; the raw body was read" in found.notes


def test_no_aof_at_all() -> None:
    msg = message("question")
    msg.set_content("When is the next turn due?\n")
    msg.add_attachment(b"\x89PNG...", "image", "png", filename="map.png")
    found = extract_from_message(parse_mail(msg.as_bytes()))
    assert found.text is None
    assert found.source == NOT_FOUND
    assert found.notes == ("1 text part looked at, none holds an AOF",)


def test_custom_markers() -> None:
    text = AOF.replace("=== BEGIN AOF ===", "*** ORDERS ***")
    found = extract_from_message(
        parse_mail(text_mail(text).as_bytes()), markers=("*** orders ***",)
    )
    assert found.text is not None
    assert found.text.startswith("*** ORDERS ***")


def test_an_8bit_body_whose_charset_is_an_rfc_2231_parameter_is_read() -> None:
    """Issue 26, noticed: an 8bit part with ``charset*=utf-8''utf-8`` made the email
    package's undecoded ``get_payload()`` raise TypeError: the part was skipped and the
    player told no AOF was found. Its text is read in its charset."""
    greeting = "Gr\u00fc\u00dfe, J\u00f6rg\n"
    raw = (
        b"From: cid@example.org\r\nMIME-Version: 1.0\r\n"
        b"Content-Type: text/plain; charset*=utf-8''utf-8\r\n"
        b"Content-Transfer-Encoding: 8bit\r\n\r\n"
        + (greeting + AOF).replace("\n", "\r\n").encode("utf-8")
    )
    found = assert_finds_aof(raw)
    assert found.source == "text/plain body"
    assert found.text is not None and found.text.startswith(greeting)


def _refolded(encoding: str, fold: str, charset_fold: str) -> bytes:
    """A mail whose part headers a server folded anew (Exchange): ``fold`` between the
    Content-Transfer-Encoding's name and its value, ``charset_fold`` before the charset."""
    greeting = "Gr\u00fc\u00dfe, J\u00f6rg: A1 = my " + "long " * 20 + "line\n"
    data = (greeting + AOF).replace("\n", "\r\n").encode("iso-8859-1")
    if encoding.startswith("quoted-printable"):
        body = quopri.encodestring(data)
    else:
        body = base64.encodebytes(data).replace(b"\n", b"\r\n")
    return (
        (
            "From: cid@example.org\r\nMIME-Version: 1.0\r\n"
            'Content-Type: multipart/mixed;\r\n\tboundary="_000_EX_"\r\n\r\n'
            f'--_000_EX_\r\nContent-Type: text/plain;{charset_fold}charset="iso-8859-1"\r\n'
            f"Content-Transfer-Encoding:{fold}{encoding}\r\n\r\n"
        ).encode()
        + body
        + b"\r\n--_000_EX_--\r\n"
    )


@pytest.mark.parametrize("encoding", ["quoted-printable", "base64"])
@pytest.mark.parametrize(
    ("fold", "after", "charset_fold"),
    [("\r\n ", "", " "), ("\r\n\t", "", "\r\n\t"), (" ", " ", "\r\n ")],
)
def test_a_part_whose_headers_a_server_folded_is_decoded(
    encoding: str, fold: str, after: str, charset_fold: str
) -> None:
    """A Content-Transfer-Encoding folded onto a line of its own (``Content-Transfer-
    Encoding:`` CRLF `` quoted-printable``, as Exchange folds a part's headers anew), or
    written with a blank after it: the email package compares its value with the fold's
    line end and blanks kept, and the part's quoted-printable (``=3D``, soft breaks) or
    base64 was read undecoded. Its charset folded onto a line of its own besides."""
    raw = _refolded(encoding + after, fold, charset_fold)
    assert f"Transfer-Encoding:{fold}{encoding}{after}\r\n".encode() in raw
    found = assert_finds_aof(raw)
    assert found.notes == ()
    assert found.text is not None
    assert found.text.startswith("Gr\u00fc\u00dfe, J\u00f6rg: A1 = my long long ")
    assert found.text.split("\n")[0].endswith(" long line")
