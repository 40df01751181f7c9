"""Finding the AOF text in a mail, whatever the player's mail client made of it.

Every readable text part is decoded and normalised: text/plain bodies, text
attachments (and ``.txt`` files sent as application/octet-stream), HTML turned
into text, and the parts of forwarded mails. The part holding the begin marker
wins; failing that, one holding the header keys (``GAME:`` and ``CODE:``). Among
equals a text/plain body beats an attachment, which beats HTML, and the earlier
part beats the later. ``>`` quote prefixes stay: the AOF parser strips them.

A mail forwarded whole (message/rfc822: Thunderbird's and Outlook's "Forward as
attachment") is what the sender quotes: its text is read one quote level deeper for each
forward it sits in, under the text the sender typed in the mail's own body
(``_forwards_under``), as a reply quotes the report under the lines typed above it. The
order lines he typed there are his; the forwarded report's blank form is not his blank
form.

Parts nest at most ``MAX_NESTING`` deep: the standard library's parser takes a generator
frame per level (1,000 nested multiparts raise RecursionError) and checks every line
against every open boundary, so a deeper part is read as a leaf and skipped with a note.
A mail holds at most ``PARTS_MAX`` parts: those after are neither parsed nor read, with a
note.
"""

from __future__ import annotations

import codecs
import email.feedparser
import email.parser
import email.policy
import email.utils
import io
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.message import Message
from functools import cache
from itertools import islice
from typing import Any
from urllib.parse import unquote

from wtg.aof.mailtext import (
    BEGIN_MARKER,
    END_MARKER,
    has_marker,
    header_keys,
    mail_lines,
    marker_pattern,
)
from wtg.core.formatchars import in_text_dropped, with_shown_joiners
from wtg.core.plurals import counted
from wtg.core.printable import printable
from wtg.mail.message.picturename import is_our_picture

_TOO_DEEP = "parts nested too deep were skipped"
DEFAULT_MARKERS = (BEGIN_MARKER,)
HEADER_PROOF = frozenset(("game", "code"))
"""The header keys a text without the begin marker must hold to count (weaker) as a form."""
NOT_FOUND = "no AOF found"
FALLBACK_CHARSETS = ("utf-8", "cp1252", "latin-1")

PARAMS_MAX = 4000
"""Characters of a part's Content-Type or Content-Disposition whose parameters are read
(``_Part``); a client's, a long file name's in RFC 2231's form among them, is far shorter."""
UNREAD_NAMED = 5
"""Attachments not read that a mail's ``Extracted.unread`` names (its help says them)."""
SIGNATURES = frozenset(
    ("application/pgp-signature", "application/pkcs7-signature", "application/x-pkcs7-signature")
)
"""The signature of a signed mail (PGP/MIME's ``signature.asc``, S/MIME's ``smime.p7s``):
a file of the mail's, not an attachment of the player's that was not read."""
LOGO_HEIGHT = 150
"""Pixels high, at the most, of a picture the mail's HTML shows that is a part of its text
(a signature's logo: Outlook's ``image001.png``), not an attachment of the player's; a
screenshot of a form is taller (its lines)."""
SHOWN_MAX = 50
"""Pictures of a mail with a Content-ID looked at (a signature has one or a few)."""
_CID = re.compile(r"""cid:([^\s"'<>()]{1,300})""", re.IGNORECASE)
SIGNATURE_MARK = re.compile(
    r"""<a\s[^<>]{0,300}?\bname=["']?_MailAutoSig\b|<div\s[^<>]{0,300}?\bid=["']?Signature\b"""
)
"""Where the signature of an HTML mail begins, as Outlook marks it: its bookmark
``<a name="_MailAutoSig">`` (Outlook for Windows), ``<div id="Signature">`` (Outlook on the
web, the new Outlook). A picture shown above it was pasted into what the player typed (a
cropped screenshot of his order lines, as low as a logo); below it, a logo is his
signature's. (A quoted mail's mark is ``x__MailAutoSig``, ``x_Signature``: not his.)"""
NAME_MAX = 80
"""Characters of an attachment's file name kept in what is said of it."""
MAX_NESTING = 12
"""Parts within parts (a forwarded message counts two: itself and its own tree). A
reply forwarded three times with its attachments nests about nine deep."""
PARTS_MAX = 1000
"""Parts of a mail read, the mail itself and every part that holds others counted, in the
order they are written (a forwarded message's own parts counted too): a client's mail has
a few, a reply forwarded with its attachments a few dozen. The email package makes a
message of each part, and the poll reads each (its type, its text, its copy mark): a
stranger's mail of 190,000 empty parts, five bytes each and under ``mail.max_bytes``, had
the poll make and read 190,000 messages, one mail of many in a flood (attack48). The parser is
fed no more of the text once it has made more than these, and the parts past them are
dropped from what it made: a copy of the mail whose server writes its boundaries anew
keeps the same parts, and the same copy mark."""
_FED = 8192
"""Characters given to the parser at a time, as its own ``Parser.parse`` gives them."""
_TOO_MANY = f"parts past the {PARTS_MAX:,}th were not read"
_KINDS = {"body": 0, "attachment": 1, "html": 2}
_TEXT_FILES = (".txt", ".aof")
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_CHARSET_NAME = re.compile(r"[A-Za-z0-9_.:+-]{1,40}")
_NOT_CHARSETS = frozenset(("unicode-escape", "raw-unicode-escape", "idna", "punycode", "undefined"))
"""Text codecs that are no charset: they read escapes (and make lone surrogates, which no
answer can be written with) or host names (punycode takes quadratic time)."""
_WEB_LABELS = {
    **dict.fromkeys(("iso-8859-8-i", "csiso88598i", "logical"), "iso8859_8"),
    **dict.fromkeys(("iso-8859-8-e", "csiso88598e", "visual"), "iso8859_8"),
    **dict.fromkeys(("iso-8859-6-i", "iso-8859-6-e", "csiso88596i", "csiso88596e"), "iso8859_6"),
    **dict.fromkeys(("windows-874", "dos-874"), "cp874"),
    **dict.fromkeys(("x-mac-cyrillic", "x-mac-ukrainian"), "mac_cyrillic"),
    **dict.fromkeys(("x-mac-roman", "mac", "csmacintosh"), "mac_roman"),
    "x-mac-ce": "mac_latin2",
    **dict.fromkeys(("x-sjis", "windows-31j"), "cp932"),
    **dict.fromkeys(("x-euc-jp", "cseucpkdfmtjapanese"), "euc_jp"),
    "x-gbk": "gbk",
    **dict.fromkeys(("x-x-big5", "cn-big5"), "big5"),
    **{f"x-cp{page}": f"cp{page}" for page in range(1250, 1259)},
    **dict.fromkeys(
        ("unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"), "utf-8"
    ),
}
"""Charset labels of the web's Encoding Standard that Python's codecs do not know, as
Thunderbird (and Apple Mail) write them: a Hebrew mail's ``ISO-8859-8-I``, a Thai one's
``windows-874``, ``x-mac-cyrillic``. Each names the codec it is written in."""
_SURROGATES = re.compile("[\ud800-\udfff]")
_HEADER_LINE = re.compile(r"^(From |[\041-\071\073-\176]*:|[\t ])")
_BLANK_LINE = re.compile(r"\r\n|\r|\n")
"""A header line (or its continuation) and the line after the headers, as the email package's
parser knows them (its ``headerRE`` and ``NLCRE``: a test holds them equal)."""
_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
_SPACES += "\u202f\u205f\u3000"
_LOOKALIKES = {
    "'": "\u2018\u2019\u201a\u201b\u2032\u02bc",
    '"': "\u201c\u201d\u201e\u201f\u2033",
    "-": "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63",
    "...": "\u2026",
    "\n": "\u2028\u2029",
}


@cache
def _table() -> dict[int, str | None]:
    """The one ``str.translate`` table of ``normalise``, built on first use."""
    table: dict[int, str | None] = {ord(ch): " " for ch in _SPACES}
    table.update(in_text_dropped())
    for ascii_text, chars in _LOOKALIKES.items():
        table.update({ord(ch): ascii_text for ch in chars})
    table.update({code: chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)})
    return table


@dataclass(frozen=True)
class Extracted:
    """The plain text holding the AOF (None when no part has one), where it was, and notes."""

    text: str | None
    source: str
    notes: tuple[str, ...]
    texts: tuple[str, ...] = ()
    """Every part that holds a form, the body's first, then attachments, then HTML: a
    reply may quote the blank form in its body and carry the filled one attached."""
    unread: tuple[str, ...] = ()
    """The attachments no text was read from (a form saved as a document, a zip, a
    picture): each one's file name, or its type when it has none; at most
    ``UNREAD_NAMED``. Those of a forwarded message are not the sender's, nor is a
    picture of ours his client kept (``wtg.mail.message.picturename``): not named."""
    parts_cut: bool = False
    """Whether the mail holds more than ``PARTS_MAX`` parts, those past them not read: the
    help a mail without a form gets says so (review48b: only this record's notes did,
    which no answer shows)."""
    too_deep: bool = False
    """Whether parts of the mail nest deeper than ``MAX_NESTING``, those not read."""

    def parts_note(self) -> str:
        """What the player is told of the parts of his mail that were not read (``parts_cut``,
        ``too_deep``), a sentence each, or "": the help of a mail without a form, the
        confirmation of a form read from the others (a form past them was not), and the
        lobby's HELP say it (leftovers49: the help alone said the parts cut, and nothing the
        parts nested too deep)."""
        said = []
        if self.parts_cut:
            said.append(
                f"Your mail holds more than {PARTS_MAX:,} parts: those past the "
                f"{PARTS_MAX:,}th were not read, nor a form in them."
            )
        if self.too_deep:
            said.append(
                f"Your mail holds parts nested more than {MAX_NESTING} deep (a mail forwarded "
                "inside a forwarded mail, again and again): those were not read, nor a form "
                "in them."
            )
        return " ".join(said)


@dataclass(frozen=True)
class _Candidate:
    text: str
    source: str
    kind: int
    notes: tuple[str, ...]
    forwarded: tuple[int, ...] = ()
    """The forwarded messages (message/rfc822 parts) the part sits in, each by its number
    in the mail, the outermost first."""


@dataclass
class _Walk:
    candidates: list[_Candidate] = field(default_factory=list)
    troubles: list[str] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    shown: set[str] = field(default_factory=set)
    """The Content-IDs the mail's HTML shows (``cid:``)."""
    pasted: set[str] = field(default_factory=set)
    """Those of them it shows above its signature's mark (``SIGNATURE_MARK``): pictures
    the player pasted into what he typed, never a signature's logo."""
    logos: list[tuple[int, str]] = field(default_factory=list)
    """Each picture of a logo's size with a Content-ID, with its place in ``unread``: not
    named when the HTML shows it."""
    forwards: int = 0
    """The forwarded messages met so far: each one's number."""
    parts: int = 0
    """The parts visited so far (``PARTS_MAX`` at most, a forwarded message's own too)."""


def extract_from_message(message: Message, markers: Sequence[str] = DEFAULT_MARKERS) -> Extracted:
    """The text part of a mail (parsed by ``parse_mail`` or with any policy) that holds the
    AOF, decoded and normalised; never raises."""
    walk = _Walk()
    if isinstance(message, _Part) and message.parts_cut:
        walk.troubles.append(_TOO_MANY)
    try:
        _visit(message, 0, "", walk)
    except Exception as error:  # a mail is untrusted input: report, never raise
        walk.troubles.append(f"the mail could not be read fully ({type(error).__name__})")
    logos = {place for place, cid in walk.logos if cid in walk.shown and cid not in walk.pasted}
    walk.unread = [name for place, name in enumerate(walk.unread) if place not in logos]
    del walk.unread[UNREAD_NAMED:]
    return _choose(walk, markers)


def parse_mail(raw: bytes) -> Message:
    """A raw mail as a compat32 message whose parts nest at most ``MAX_NESTING`` deep.

    compat32: the modern policy's header objects are slow and not needed here."""
    return _parse(raw, 0)


def _parse(raw: bytes, nesting: int, room: int = PARTS_MAX) -> Message:
    """``room``: the parts it may hold (``PARTS_MAX``, or what a forwarded message's parent
    left of them)."""
    made = 0

    def factory(policy: email.policy.Policy = email.policy.compat32) -> Message:
        nonlocal made
        made += 1
        return _Part(policy, nesting)

    text = raw.decode("ascii", "surrogateescape")  # as email.message_from_bytes reads bytes
    parser = email.parser.Parser(factory, policy=email.policy.compat32)
    split = _head_and_body(text)
    if split is not None and not _may_nest(head := "".join(split[0])):  # a single part
        lines, body = split
        message = _plain_headers(lines, nesting)
        if message is not None:  # all read: nothing went after the headers
            # and its type is none that nests: get_content_type() reads the first
            # Content-Type, lower-cased, which _may_nest found none in (or text/plain)
            message.set_payload(body)
            return message
        message = parser.parsestr(head, headersonly=True)
        unread = message.get_payload()  # a "From " line last in the headers goes to the body
        if unread == "" and message.get_content_maintype() not in ("multipart", "message"):
            message.set_payload(body)
            return message
    feeder = email.feedparser.FeedParser(factory, policy=email.policy.compat32)
    for start in range(0, len(text), _FED):
        if made > room:
            break
        feeder.feed(text[start : start + _FED])
    message = feeder.close()
    if isinstance(message, _Part) and _kept(message, room) > room:
        message.parts_cut = True
    return message


def _kept(message: Message, room: int) -> int:
    """The parts of ``message`` (itself first, then each of its parts and theirs, in the
    order written), those past the first ``room`` dropped; how many it held (more than
    ``room`` when some were dropped)."""
    held = 1
    children = message.get_payload() if message.is_multipart() else []
    if not isinstance(children, list):  # a multipart's payload is the list of its parts
        return held
    for index, child in enumerate(children):
        if held >= room:
            del children[index:]
            return held + 1
        held += _kept(child, room - held) if isinstance(child, Message) else 0
    return held


def _plain_headers(lines: Sequence[str], nesting: int) -> Message | None:
    """A message holding the headers ``lines`` (the header lines and the blank line after
    them, as ``_head_and_body`` cuts them) as the email package's parser stores them and
    no payload yet, or None when a line is one it handles its own way: a "From " envelope
    line, a header without a name, a continuation first. The parser takes a Python call a
    line and looks at each for the envelope and defects: here a header is its name and
    value, split as the policy's own ``header_source_parse`` splits them (the name up to
    the first ":", the value without the spaces before it, its continuation lines joined
    on, no line end after it), at a third of the cost."""
    fields: list[tuple[str, str]] = []
    for line in lines[:-1]:  # the last one is the blank line
        if line[0] in " \t":  # a continuation: part of the header before it
            if not fields:
                return None
            name, value = fields[-1]
            fields[-1] = (name, value + line)
            continue
        if line.startswith(("From ", ":")):
            return None
        name, value = line.split(":", 1)  # a header line holds one (_HEADER_LINE)
        fields.append((name, value.lstrip(" \t")))
    message = _Part(email.policy.compat32, nesting)
    for name, value in fields:
        message.set_raw(name, value.rstrip("\r\n"))
    message.set_payload("")  # as the parser leaves it: nothing after the headers
    return message


def parse_headers(raw: bytes) -> Message:
    """A raw mail's headers exactly as ``parse_mail`` reads them, its body unread: the text
    through the first line that is no header line (the blank line, or where the parser
    gives up on the headers), parsed alone. Looked for in the first ``HEADERS_LOOK`` bytes,
    else in the whole mail."""
    start = raw[:HEADERS_LOOK]
    text = start.decode("ascii", "surrogateescape")
    split = _head_and_body(text)
    if split is not None:  # the usual mail: its header lines read as parse_mail reads them
        message = _plain_headers(split[0], 0)
        if message is not None:
            return message
    end = _headers_end(text, whole=len(start) == len(raw))
    if end is None:
        text = raw.decode("ascii", "surrogateescape")
        end = _headers_end(text, whole=True)
    parser = email.parser.Parser(policy=email.policy.compat32)
    return parser.parsestr(text if end is None else text[:end], headersonly=True)


HEADERS_LOOK = 65536
"""Bytes of a mail in which ``parse_headers`` looks for the end of its headers first."""


def _headers_end(text: str, whole: bool) -> int | None:
    """Where the line that ends the headers ends (None: the text holds none; when it is
    not ``whole``, a last line cut short is no proof)."""
    size = 0
    for line in io.StringIO(text, newline=""):
        size += len(line)
        if not _HEADER_LINE.match(line):
            return size if whole or line.endswith(("\n", "\r")) else None
    return None


def _may_nest(head: str) -> bool:
    """Whether headers may make a multipart or message/* part (those are parsed whole at
    once, not their headers twice): their content type is one only when the text holds
    "multipart/" or "message/" (lower-cased as ``get_content_type`` does)."""
    lowered = head.lower()
    return "multipart/" in lowered or "message/" in lowered


def _head_and_body(text: str) -> tuple[list[str], str] | None:
    """The header lines through the blank line after them, and the body, split where the
    email package's parser splits them (its own patterns, its way of cutting lines); None
    when the headers end without a blank line.

    A body that holds no more parts is the rest of the text as it is: the parser hands it
    over line by line (a Python call a line, half of parsing a mail), so a single-part mail
    is parsed as its headers alone and given the rest as its payload."""
    size = 0
    lines: list[str] = []
    for line in io.StringIO(text, newline=""):
        size += len(line)
        lines.append(line)
        if not _HEADER_LINE.match(line):
            return (lines, text[size:]) if _BLANK_LINE.match(line) else None
    return None


class _Part(Message):
    """A part that knows how deep it sits. The parser asks each part's main type to decide
    whether it holds more parts: at ``MAX_NESTING`` the answer is "text", so it does not.

    Its Content-Type and Content-Disposition are read as far as ``PARAMS_MAX`` characters
    (to the last ``;`` within them): the email package reads a header's parameters in time
    that grows with the square of its length (each one cut off the rest of the text), and
    every read of the charset, the file name, a boundary or ``format`` reads them all again,
    so a header of 100,000 parameters held one mail for half a minute.

    Its Content-Transfer-Encoding is read without the blanks and line ends around it: the
    parser keeps a folded header's line end and the blanks of its next line in its value
    (``Content-Transfer-Encoding:`` CRLF `` quoted-printable``, as Exchange folds a part's
    headers anew), and the email package decodes a payload only when the value is the
    name of an encoding as it is: folded, a part's quoted-printable or base64 was read as
    it was sent, ``=3D`` and soft breaks and all."""

    def __init__(self, policy: email.policy.Policy, nesting: int) -> None:
        super().__init__(policy)
        self.nesting = nesting
        self.parts_cut = False
        """Whether parts past ``PARTS_MAX`` were dropped from the mail (set on the mail)."""
        self.text_read: tuple[str, tuple[str, ...]] | None = None
        """Its text as ``part_text`` read it, once it has."""
        self.html_read: str | None = None
        """Its HTML's text as ``html_text`` read it, once it has."""
        self.normalised: str | None = None
        """Its text as ``normalised_text`` read it, once it has."""

    def get(self, name: str, failobj: Any = None) -> Any:
        value = super().get(name, failobj)
        if isinstance(value, str) and name.lower() == "content-transfer-encoding":
            return value.strip()
        long = isinstance(value, str) and len(value) > PARAMS_MAX
        if long and name.lower() in ("content-type", "content-disposition"):
            cut = value.rfind(";", 0, PARAMS_MAX)
            return value[: cut if cut > 0 else PARAMS_MAX]
        return value

    def attach(self, payload: Message[str, str] | str) -> None:
        if isinstance(payload, _Part):
            payload.nesting = self.nesting + 1
        super().attach(payload)

    def get_content_maintype(self) -> str:
        maintype = super().get_content_maintype()
        if self.nesting >= MAX_NESTING and maintype in ("multipart", "message"):
            return "text"
        return maintype


def _choose(walk: _Walk, markers: Sequence[str]) -> Extracted:
    ranked = [
        (-_strength(c.text, markers), c.kind, index, c) for index, c in enumerate(walk.candidates)
    ]
    found = [item for item in ranked if item[0] < 0]
    if not found:
        looked = f"{counted(len(walk.candidates), 'text part')} looked at, none holds an AOF"
        return Extracted(
            None,
            NOT_FOUND,
            (looked, *walk.troubles),
            unread=tuple(walk.unread),
            parts_cut=_TOO_MANY in walk.troubles,
            too_deep=_TOO_DEEP in walk.troubles,
        )
    best = min(found, key=lambda item: item[:3])[3]
    ordered = [item[3] for item in sorted(found, key=lambda item: item[1:3])]
    # the text typed beside forwarded mails is read only when the mail forwards one: most
    # mails forward none, and it would read their form's text for its marker a second time
    forwards = any(candidate.forwarded for candidate in ordered)
    texts = _forwards_under(_typed(walk.candidates, markers) if forwards else "", ordered)
    text = texts[ordered.index(best)] if best in ordered else texts[0]
    cut, deep = _TOO_MANY in walk.troubles, _TOO_DEEP in walk.troubles
    return Extracted(text, best.source, best.notes, tuple(texts), tuple(walk.unread), cut, deep)


def _forwards_under(typed: str, ordered: Sequence[_Candidate]) -> list[str]:
    """The texts of the candidates holding a form, in their order, each forwarded one
    quoted once for each forward it sits in (``_quoted_text``). The text the sender typed
    (``typed``) is read above the forwarded messages' forms once, all of them quoted under
    it in one text, where the first of them stands (one text a message: its plain text,
    else its HTML), as a reply quotes the reports it answers: order lines typed above two
    games' reports belong to neither."""
    texts = [c.text if not c.forwarded else _quoted_text(c) for c in ordered]
    firsts: dict[tuple[int, ...], int] = {}
    for index, candidate in enumerate(ordered):
        if candidate.forwarded:
            firsts.setdefault(candidate.forwarded, index)
    if not typed.strip() or not firsts:
        return texts
    under = "\n\n".join(texts[index] for index in firsts.values())
    texts[min(firsts.values())] = f"{typed.rstrip()}\n\n{under}"
    return texts


def _typed(candidates: Sequence[_Candidate], markers: Sequence[str]) -> str:
    """The text the sender typed in the mail's own body, outside every forwarded message
    (its plain text, else its HTML), when it holds no form of its own: the text a
    forwarded message's form is read under. Empty when there is none."""
    own = [c for c in candidates if not c.forwarded and c.kind != _KINDS["attachment"]]
    if not own:
        return ""
    body = min(own, key=lambda c: c.kind)
    return "" if _strength(body.text, markers) else body.text


def _quoted_text(candidate: _Candidate) -> str:
    """A forwarded candidate's text, quoted once for each forward it sits in."""
    prefix = "> " * len(candidate.forwarded)
    return "\n".join((prefix + line).rstrip() for line in candidate.text.split("\n"))


def holds_form(text: str) -> bool:
    """Whether ``text`` holds an order form as a mail's parts are searched for one: its begin
    marker, or the header keys GAME and CODE (``_strength``). A mail of commands may say
    ``game:`` in its prose (``What a game: ...``), and holds none."""
    return _strength(text, DEFAULT_MARKERS) > 0


def _strength(text: str, markers: Sequence[str]) -> int:
    """2: a line is the begin marker (read as the intake reads it); 1: the text holds the
    header keys (a form pasted without its markers, or an order file in YAML)."""
    if markers and has_marker(markers[0], text):
        return 2
    if "code" not in text.casefold():  # most parts: no header at all, found so at once
        return 0
    keys: set[str] = set()
    for line in mail_lines(text):
        keys |= header_keys(line.text)
    return int(keys >= HEADER_PROOF)


def _visit(
    part: Message, depth: int, where: str, walk: _Walk, forwarded: tuple[int, ...] = ()
) -> None:
    ctype = part.get_content_type()
    nests = ctype.startswith(("multipart/", "message/"))
    if depth > MAX_NESTING or (depth == MAX_NESTING and nests):
        if _TOO_DEEP not in walk.troubles:
            walk.troubles.append(_TOO_DEEP)
        return
    if walk.parts >= PARTS_MAX:
        if _TOO_MANY not in walk.troubles:
            walk.troubles.append(_TOO_MANY)
        return
    walk.parts += 1
    try:
        _visit_part(part, ctype, depth, where, walk, forwarded)
    except Exception as error:  # one broken part must not hide the others
        walk.troubles.append(f"a part could not be read ({type(error).__name__})")


def _visit_part(
    part: Message, ctype: str, depth: int, where: str, walk: _Walk, forwarded: tuple[int, ...]
) -> None:
    inner = " in a forwarded message" if ctype == "message/rfc822" else where
    within = forwarded
    if ctype == "message/rfc822":
        walk.forwards += 1
        within = (*forwarded, walk.forwards)
    if part.is_multipart():  # a leaf's payload is read decoded only: undecoded, an 8bit
        # part whose charset is given in RFC 2231's form (charset*=) makes it raise
        for child in part.get_payload():
            if isinstance(child, Message):
                _visit(child, depth + 1, inner, walk, within)
    elif ctype == "message/rfc822":
        data = part.get_payload(decode=True)
        if isinstance(data, bytes):
            room = max(1, PARTS_MAX - walk.parts)  # its message is one more part
            _visit(_parse(data, depth + 1, room), depth + 1, inner, walk, within)
    else:
        candidate = _candidate(part, ctype, where, forwarded)
        if candidate is not None:
            walk.candidates.append(candidate)
            if ctype == "text/html":
                shown, pasted = _shown(part)
                walk.shown.update(shown)
                walk.pasted.update(pasted)
        elif (
            _attached(part)
            and not forwarded  # a forwarded mail's are its sender's (the report's picture)
            and ctype not in SIGNATURES
            and len(walk.unread) < UNREAD_NAMED + SHOWN_MAX
        ):
            name = _file_name(part.get_filename())
            if not (ctype == "image/png" and is_our_picture(name)):  # ours, kept in a reply
                cid = _logo(part) if len(walk.logos) < SHOWN_MAX else ""
                if cid:
                    walk.logos.append((len(walk.unread), cid))
                walk.unread.append(name or ctype)


def _shown(part: Message) -> tuple[set[str], set[str]]:
    """The Content-IDs an HTML part shows pictures of (``src="cid:..."``), and those of
    them it shows above the mark of its signature (``SIGNATURE_MARK``), when it has one."""
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return set(), set()
    html = data.decode("ascii", "replace")
    mark = SIGNATURE_MARK.search(html)
    shown: set[str] = set()
    pasted: set[str] = set()
    for found in islice(_CID.finditer(html), SHOWN_MAX):
        cid = unquote(found[1]).lower()
        shown.add(cid)
        if mark is not None and found.start() < mark.start():
            pasted.add(cid)
    return shown, pasted


def _logo(part: Message) -> str:
    """The Content-ID of a picture of a logo's size (at most ``LOGO_HEIGHT`` pixels high)
    given inline, as a signature's is; empty for any other part."""
    cid = " ".join(str(part.get("Content-ID", "")).split()).strip("<>").lower()
    if not cid or part.get_content_maintype() != "image" or _attached_only(part):
        return ""
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return ""
    # Pillow is heavy to load and only a mail with an inline picture needs it: every
    # command that reads mail would otherwise load it at its start
    from PIL import Image

    try:
        with warnings.catch_warnings():  # a header claiming a huge picture warns: no logo
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as picture:  # its header only: never decoded
                height = picture.size[1]
    except Exception:  # anyone's bytes: a picture that cannot be read is no logo
        return ""
    return cid if 0 < height <= LOGO_HEIGHT else ""


def _attached_only(part: Message) -> bool:
    """Whether a part says it is an attachment (not shown in the text)."""
    return part.get_content_disposition() == "attachment"


def _candidate(
    part: Message, ctype: str, where: str, forwarded: tuple[int, ...]
) -> _Candidate | None:
    kind, source = _classify(part.get_content_disposition(), ctype, part.get_filename())
    if kind is None:
        return None
    text, notes = part_text(part)
    flowed, delsp = flowing(part)
    if ctype.startswith("multipart/"):
        notes = ("the MIME structure is broken; the raw body was read", *notes)
    if flowed:  # its lines joined: no other reader reads it so
        text = html_text(part) if kind == "html" else text
        text = normalise(text, flowed=flowed, delsp=delsp)
    else:
        text = normalised_text(part)
    return _Candidate(text, source + where, _KINDS[kind], notes, forwarded)


def part_text(part: Message) -> tuple[str, tuple[str, ...]]:
    """A part's payload decoded from its transfer encoding and its charset, with what was
    noted of the charset (``decode_bytes``). The poll reads a part's text three times, for
    the mail's mark (``wtg.mail.message.mailcopy``), for a form and for commands: a part
    ``parse_mail`` made decodes it once, and keeps it (no reader changes a part)."""
    if isinstance(part, _Part) and part.text_read is not None:
        return part.text_read
    data = part.get_payload(decode=True)
    read = decode_bytes(data if isinstance(data, bytes) else b"", part.get_content_charset())
    if isinstance(part, _Part):
        part.text_read = read
    return read


def html_text(part: Message) -> str:
    """An HTML part's text (``html_to_text`` of its ``part_text``). The poll reads it for
    the mail's mark, for a form and for commands: lxml parses a part ``parse_mail`` made
    once, and the text is kept on it."""
    if isinstance(part, _Part) and part.html_read is not None:
        return part.html_read
    from wtg.mail.message.htmltext import html_to_text  # lxml: only for mail that has HTML

    text = html_to_text(part_text(part)[0])
    if isinstance(part, _Part):
        part.html_read = text
    return text


def normalised_text(part: Message) -> str:
    """A part's text as a person typed it, ``normalise``d, its lines as they were sent (a
    format=flowed text's not joined): an HTML part's ``html_text``, any other's
    ``part_text``. Read for a form (of a part that is not flowed) and for commands, and
    kept on a part ``parse_mail`` made."""
    if isinstance(part, _Part) and part.normalised is not None:
        return part.normalised
    html = part.get_content_type() == "text/html"
    text = normalise(html_text(part) if html else part_text(part)[0])
    if isinstance(part, _Part):
        part.normalised = text
    return text


def part_kind(part: Message, ctype: str) -> str:
    """How a part that holds no parts, of type ``ctype``, is read for a form: "body",
    "attachment" (a text file, by its disposition or its name), "html", or "" (not read: a
    picture, a signature, a file of another kind)."""
    if part.get("Content-Disposition") is None and "name" not in _lower(part, "Content-Type"):
        return _classify(None, ctype, None)[0] or ""  # most parts: no file name to look for
    return _classify(part.get_content_disposition(), ctype, part.get_filename())[0] or ""


def flowing(part: Message) -> tuple[bool, bool]:
    """Whether a part's text is format=flowed (RFC 3676: a line ending in a blank goes on
    on the next), and whether its lines' last blank is then deleted (DelSp=yes)."""
    if "format" not in _lower(part, "Content-Type"):  # most parts: its parameters unread
        return False, False
    flowed = str(part.get_param("format", "")).lower() == "flowed"
    return flowed, flowed and str(part.get_param("delsp", "")).lower() == "yes"


def _lower(part: Message, name: str) -> str:
    """A header of ``part`` as written, lower-cased; "" when it has none."""
    return str(part.get(name, "")).lower()


def _attached(part: Message) -> bool:
    """Whether a part is an attachment: it has a file name, or says it is one."""
    return bool(part.get_filename()) or part.get_content_disposition() == "attachment"


def _file_name(filename: str | None) -> str:
    """The file name as the email package reads it (RFC 2231 decoded in the charset the
    mail names): one line, no lone surrogate, at most ``NAME_MAX`` characters."""
    if not filename:
        return ""
    name = printable(_SURROGATES.sub("\ufffd", " ".join(filename.split())))
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 3] + "..."


def _classify(disposition: str | None, ctype: str, filename: str | None) -> tuple[str | None, str]:
    name = _file_name(filename)
    attached = bool(name) or disposition == "attachment"
    if ctype == "text/html":
        return "html", f"text/html attachment {name}".rstrip() if attached else "text/html body"
    if ctype.startswith("text/") or ctype.startswith("multipart/"):
        if attached:
            return "attachment", f"attachment {name}".rstrip()
        return "body", f"{ctype} body"
    if ctype == "application/octet-stream" and name.lower().endswith(_TEXT_FILES):
        return "attachment", f"attachment {name}"
    return None, ""


def decode_bytes(data: bytes, declared: str | None) -> tuple[str, tuple[str, ...]]:
    """``data`` in the declared charset, else the first fallback that fits, with a note.

    A declared name that is no charset (``base64``, ``rot13``, ``unicode_escape``, ``idna``)
    counts as unknown; lone surrogates (``utf-7`` can make them) become U+FFFD."""
    if declared:
        codec = _charset(declared)
        shown = declared if len(declared) <= 40 else declared[:37] + "..."
        text = None if codec is None else _decoded(data, codec)
        if text is not None:
            return text, ()
        fit = "unknown" if codec is None else "does not fit the text"
        problem = f"charset {shown!r} {fit}"
    elif data.startswith(_UTF16_BOMS) and (text := _decoded(data, "utf-16")) is not None:
        return text, ("no charset declared, read as utf-16 (byte order mark)",)
    else:
        problem = "" if data.isascii() else "no charset declared"
    for name in FALLBACK_CHARSETS:
        text = _decoded(data, name)
        if text is not None:
            return text, (f"{problem}, read as {name}",) if problem else ()
    return data.decode("latin-1"), ()  # not reached: latin-1 reads any bytes


def _charset(declared: str) -> str | None:
    """The codec of a charset name from a mail, or None when the name is no text charset."""
    if not _CHARSET_NAME.fullmatch(declared):
        return None  # unknown names are cached by the codec registry: look up only sane ones
    try:
        info = codecs.lookup(_WEB_LABELS.get(declared.lower(), declared))
    except LookupError:
        return None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_CHARSETS:
        return None
    return info.name


def _decoded(data: bytes, charset: str) -> str | None:
    try:
        text = data.decode(charset)
    except Exception:  # unknown, not a text codec, or the bytes do not fit
        return None
    return text if text.isascii() else _SURROGATES.sub("\ufffd", text)


def normalise(text: str, *, flowed: bool = False, delsp: bool = False) -> str:
    """LF line ends, format=flowed unwrapped, odd spaces, quotes, dashes and digits as ASCII."""
    # str methods, no regex over every character: most texts are ASCII, many LF already
    text = text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
    if flowed:
        text = unflow(text, delsp=delsp)
    # the table holds no ASCII; nor the tag characters, which the text's readers judge (a
    # flag's kept, a press of nothing else refused with their code points: ``wtg.lobby``);
    # nor the joiners, kept where they show (a family emoji, a Persian word in a press)
    return text if text.isascii() else with_shown_joiners(text.translate(_table()))


_STARTS_ALONE = re.compile(r"[A-Za-z] ?[0-9]{1,6} *[:.)]")
"""A line that starts an order line (``A1: 60 55 010``, ``R1: 1``): it is never the
tail of the line above it, whatever space that line ends in."""


def unflow(text: str, *, delsp: bool = False) -> str:
    """RFC 3676: join soft-broken lines of the same quote depth into logical lines.

    A line that starts an order line, and a line that is a form's marker, starts a line
    of its own; a marker is never joined to the next line, nor an order line to one that
    does not go on with its values (a digit or a blank ``_``): a player who types an
    order line with a space at its end (a phone's keyboard puts one after each word), in
    a client that sends what he typed as format=flowed (mutt's text_flowed), has his
    lines read one by one, as he sees them."""
    out: list[str] = []
    depth_of_pending = -1
    pending: list[str] = []  # the pieces of the logical line being joined: joined once
    ordered = False  # the logical line being joined is an order line
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        body = line[depth + 1 :] if line[depth : depth + 1] == " " else line[depth:]
        alone = _alone(body)
        goes_on = body[:1].isdigit() or body[:1] == "_"
        if pending and (depth_of_pending != depth or alone or (ordered and not goes_on)):
            out.append(_quoted(depth_of_pending, "".join(pending)))
            pending = []
        if not pending:
            ordered = bool(_STARTS_ALONE.match(body))
        soft = body.endswith(" ") and body != "-- " and not _marker(body)
        pending.append(body[:-1] if soft and delsp else body)
        depth_of_pending = depth
        if not soft:
            out.append(_quoted(depth, "".join(pending)))
            pending = []
    if pending:
        out.append(_quoted(depth_of_pending, "".join(pending)))
    return "\n".join(out)


def _alone(body: str) -> bool:
    """Whether a line of a flowed text starts a logical line whatever the line above it
    ends in: an order line's start, or a marker of the form."""
    return bool(_STARTS_ALONE.match(body)) or _marker(body)


def _marker(body: str) -> bool:
    return "aof" in body.casefold() and any(
        marker_pattern(marker).fullmatch(body.strip()) for marker in (BEGIN_MARKER, END_MARKER)
    )


def _quoted(depth: int, content: str) -> str:
    return "> " * depth + content if content else ("> " * depth).rstrip()
