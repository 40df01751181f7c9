"""Building the mails the turn generator sends: every one plain text, marked as ours."""

from __future__ import annotations

import binascii
import email.errors
import email.header
import email.utils
import hashlib
import re
from collections.abc import Mapping
from datetime import datetime
from email.headerregistry import Address, BaseHeader
from email.message import EmailMessage, Message, MIMEPart
from email.policy import EmailPolicy
from functools import cache, lru_cache
from typing import Any

from jinja2 import Template

from wtg.game.report import gm_environment, player_environment
from wtg.mail.outgoing.listid import ascii_address, domain_of, list_id
from wtg.mail.outgoing.utf8address import Utf8Address, header_line, header_value, needs_utf8
from wtg.text.addresses import ascii_domain, bare_address

_LINE = 78
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""What may never stand in a header value: every C0 and C1 control character (CR, LF,
TAB, NUL, DEL, ...) and the Unicode line and paragraph separators."""
# a run of control characters with the spaces around it (a folded line's CRLF and indent)
_CONTROL_RUN = re.compile(r" *[\x00-\x1f\x7f-\x9f\u2028\u2029][\x00-\x20\x7f-\x9f\u2028\u2029]*")
_ATOM = r"[A-Za-z0-9!#$%&'*+/^_`{|}~-]+"
_ADDR_SPEC = rf"{_ATOM}(?:\.{_ATOM})*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"
_PLAIN_ADDRESS = re.compile(rf"{_ADDR_SPEC}|{_ATOM}(?: {_ATOM})* <{_ADDR_SPEC}>")
"""An address the header registry reads as one address, changing nothing: ``local@domain``
or ``Display Name <local@domain>``, each part atoms of plain characters (no ``=?``, which
could start an encoded word, no quotes, comments or dots outside the address)."""
_PLAIN_TEXT = re.compile(r"[ -<>@-~]*")
"""Printable ASCII without ``=`` and ``?`` (no encoded word): an unstructured header the
registry stores as it is."""


REFERENCE_MAX = 998
"""Characters of the Message-ID of a mail answered that its answer names (In-Reply-To and
References), the longest line a mail may have: a longer one (a stranger's of a megabyte,
or a list of thousands) is named by neither, so that no answer's header grows past what a
server takes, whoever wrote the Message-ID."""


_OWN_MESSAGE_ID = re.compile(r"<[A-Za-z0-9._-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*>")
"""A Message-ID as ``message`` makes it (``safe`` ident, digest, cleaned domain): one token
without a space, which the registry never breaks (``_Policy.fold_binary``)."""


_OWN_LIST_ID = re.compile(
    r'(?:"(?:[ !#-\[\]-~]|\\["\\])*"'  # a quoted phrase
    r"|=\?utf-8\?[bq]\?[!-~]*\?=(?: =\?utf-8\?[bq]\?[!-~]*\?=)*)"  # or encoded words
    r" <[a-z0-9-]+(?:\.[A-Za-z0-9-]+)+>"
)
"""A List-Id as ``listid.list_id`` makes it: a quoted phrase or encoded words, then the id."""


class _Policy(EmailPolicy):
    """The SMTP policy (CRLF line ends, every header parsed by the header registry) that
    refuses a header value with a line break or any other control character, so no text
    can add a header; and writes a short printable ASCII header (and our own Message-ID)
    as the registry would, without it, since its folding costs more than the rest of a
    mail."""

    def header_store_parse(self, name: str, value: Any) -> tuple[str, Any]:
        if isinstance(value, str) and _CONTROL.search(value):
            raise ValueError(f"a {name} header may not hold a line break or control character")
        if (
            isinstance(value, str)
            and name.lower() == "message-id"
            and _OWN_MESSAGE_ID.fullmatch(value)
        ):
            # one token, as ours are (the outbox stamps its token on each answer's): kept
            # as text, as ``message`` keeps it (``_text``), which the registry's parse
            # would give back unchanged and ``fold_binary`` writes without it
            return name, value
        stored: tuple[str, Any] = super().header_store_parse(name, value)
        return stored

    def fold_binary(self, name: str, value: Any) -> bytes:
        if isinstance(value, Utf8Address):  # an address only SMTPUTF8 carries: as it is
            return header_line(name, value, self.linesep)
        text = str(value)
        if len(name) + len(text) + 2 <= _LINE and text.isascii() and text.isprintable():
            return f"{name}: {text}{self.linesep}".encode("ascii")
        if name == "Message-ID" and isinstance(value, str) and _OWN_MESSAGE_ID.fullmatch(text):
            # our own Message-ID, too long for one line with its name (a maildir mail's key
            # is long): the registry moves the token whole to the next line when it fits
            # there, else leaves it after the name, without the policy's parse and fold
            if len(text) + 1 <= _LINE:
                return f"{name}:{self.linesep} {text}{self.linesep}".encode("ascii")
            return f"{name}: {text}{self.linesep}".encode("ascii")
        if name == "List-Id" and isinstance(value, str) and _OWN_LIST_ID.fullmatch(text):
            # our own List-Id (``listid.list_id``: ASCII, the phrase an encoded word when the
            # game's name is not ASCII): folded before its id, each part whole
            phrase, _, ident = text.rpartition(" <")
            return f"{name}: {phrase}{self.linesep} <{ident}{self.linesep}".encode("ascii")
        folded: bytes = super().fold_binary(name, value)
        return folded


POLICY = _Policy(linesep="\r\n")


def quoted_printable(body: str) -> str:
    """The UTF-8 body as quoted-printable (readable, and quotable, where base64 is not),
    by the C codec: the email package's pure-Python one costs more than the headers."""
    return binascii.b2a_qp(body.encode("utf-8"), istext=True).decode("ascii")


class Outgoing(EmailMessage):
    """A mail for the outbox. ``refused`` says why it may never be sent (an address that
    is not one address): the outbox queues it with that reason, and the next `wtg send`
    sets it aside for good in ``outbox/failed/``."""

    refused: str = ""
    made_id: str = ""
    """The Message-ID ``message`` gave it, as it set it: the outbox, which adds its token
    (``wtg.mail.outgoing.outbox``), reads it here rather than parse the header back."""


def address_key(to: str) -> str:
    """The address in ``to`` (``addr`` or ``Name <addr>``), lower-cased, as every room
    compares one (``wtg.text.addresses.bare_address``): an answer's rate limit's key."""
    return bare_address(to)


@cache
def loop_id(sender: str) -> str:
    """Our X-Loop value: the address we send from, its domain in its ASCII form (so that
    the header stays plain ASCII, no encoded word, where the domain is not)."""
    return ascii_address(email.utils.parseaddr(sender)[1]) or "wtg@localhost"


@cache
def id_domain(sender: str) -> str:
    """The domain of our Message-IDs and List-Ids: the sender's, in its ASCII form, without
    what a Message-ID may not hold (``listid.domain_of``; made once: every answer of a poll
    asks)."""
    return domain_of(loop_id(sender))


TERMINAL = frozenset({"digest"})
"""The mails the GM reads (his digest), in a terminal's 78 columns, each of
``wtg.game.report.GM_TEMPLATES``; every other mail is a player's, its prose broken at a
phone's 72 (docs/mail.md, "Every mail on a phone")."""


def render(template: str, **context: Any) -> str:
    """The mail ``templates/mail/<template>.txt.j2`` with ``context``: a player's broken at
    a phone's columns (``player_environment``), the GM's digest at a terminal's
    (``gm_environment``, which loads no player's template)."""
    env = gm_environment() if template in TERMINAL else player_environment()
    return env.get_template(f"mail/{template}.txt.j2").render(**context)


def render_gm(template: str, columns: int, **context: Any) -> str:
    """The GM's mail ``templates/mail/<template>.txt.j2`` (``TERMINAL``: his digest) with
    ``context``, broken at ``columns`` rather than 78: `wtg digest` on a narrower terminal."""
    return gm_environment(columns).get_template(f"mail/{template}.txt.j2").render(**context)


def forecast_template(ruleset: str) -> Template:
    """The forecast a confirmation includes: the ruleset's own, else the WoK one (the
    poller asks once a ruleset: a template not found is looked for again each time)."""
    names = [f"{ruleset}/forecast.txt.j2", "mail/forecast.txt.j2"]
    return player_environment().select_template(names)


def message(
    ident: str,
    sender: str,
    to: str,
    subject: str,
    body: str,
    *,
    when: datetime,
    reply_to_id: str | None = None,
    kind: str = "auto-replied",
    game: str | None = None,
) -> Outgoing:
    """A text/plain mail. Its Message-ID comes from ``ident``, so a mail that is ever sent
    again carries the same Message-ID and mail clients show it once. ``kind``: its
    Auto-Submitted (RFC 3834: ``auto-replied`` for an answer to a mail, ``auto-generated``
    for the rest). ``game``: the game the mail is about, whose List-Id it carries
    (``wtg.mail.outgoing.listid``); a mail about no one game carries none.

    Every header goes through the header registry under a policy that refuses line
    breaks, so no text can add a header. Text (the subject, which carries game and
    player names) is made harmless: each control character becomes a space. An address
    that is not exactly one address (a hand-edited game.yaml, say) cannot be: the mail
    is ``refused``, and the outbox sets it aside with the reason."""
    domain = id_domain(sender)
    msg = Outgoing(policy=POLICY)
    # set_raw: each value below is a header the registry made (under the refusing policy)
    # or a text it would store unchanged, checked here; each name is set once
    for name, value in _BODY_HEADERS:
        msg.set_raw(name, value)
    msg.set_payload(quoted_printable(body))
    problems = []
    for name, address in (("From", sender), ("To", to)):
        header, problem = _address(name, address)
        if header is not None:
            msg.set_raw(name, header)
        else:
            problems.append(problem)
    msg.set_raw(
        "Subject", _literal("Subject", harmless(subject)) or _stored("Subject", harmless(subject))
    )
    msg.set_raw("Date", _date(when))
    msg.made_id = f"<{safe(ident)}.{digest(ident)}@{domain}>"
    msg.set_raw("Message-ID", _text("Message-ID", msg.made_id))
    msg.set_raw("Auto-Submitted", _constant("Auto-Submitted", kind))
    if game:
        msg.set_raw("List-Id", list_id(game, domain))
    msg.set_raw("X-Loop", _constant("X-Loop", harmless(loop_id(sender))))
    msg.set_raw("X-Mailer", _constant("X-Mailer", "wtg"))
    reference = harmless(reply_to_id) if reply_to_id else ""
    if reference and len(reference) <= REFERENCE_MAX:
        for name in ("In-Reply-To", "References"):
            msg.set_raw(name, _literal(name, reference) or _text(name, reference))
    msg.refused = "; ".join(problems)
    return msg


def with_picture(msg: EmailMessage, png: bytes, filename: str) -> None:
    """Make a text/plain mail of ``message`` a multipart/mixed mail of two parts: its text
    first, as it was (a reply quotes it, and the AOF in it), then the PNG, base64, with
    ``Content-Disposition: inline`` and ``filename`` (clients show it below the text), as
    the email package's ``set_content`` makes it. The boundary comes from the Message-ID
    (a mail made again is the same bytes) and starts with "=_", which neither
    quoted-printable nor base64 text can hold."""
    text = MIMEPart(policy=POLICY)
    for name, _value in _BODY_HEADERS[1:]:
        text[name] = msg[name]
        del msg[name]
    text.set_payload(msg.get_payload())
    image = MIMEPart(policy=POLICY)
    image.set_content(png, "image", "png", disposition="inline", filename=filename)
    mark = hashlib.sha256(str(msg["Message-ID"]).encode()).hexdigest()[:16]
    msg["Content-Type"] = f'multipart/mixed; boundary="=_wtg_{mark}"'
    msg.set_payload([text, image])


def text_only(msg: EmailMessage, body: str) -> None:
    """Make a mail ``with_picture`` made multipart a text/plain mail again, of ``body``."""
    for name, value in _BODY_HEADERS[1:]:
        del msg[name]
        msg.set_raw(name, value)
    msg.set_payload(quoted_printable(body))


def wire(msg: Message) -> bytes:
    """The bytes of a mail: ``msg.as_bytes(policy=POLICY)``. A text/plain mail of plain
    ASCII (the quoted-printable text ``message`` makes: every answer of a poll) is written
    without the generator's copies of the message: each header folded by the policy, a
    blank line, the body's lines ended by CRLF. Any other mail (one with its picture, a
    text not all ASCII, a message in a message) is the generator's."""
    payload = msg.get_payload()
    if (
        not isinstance(payload, str)
        or not payload.isascii()
        or msg.get_content_maintype() in ("message", "multipart")
    ):
        return msg.as_bytes(policy=POLICY)
    if "\r" in payload:  # every line end, CRLF, CR or LF, becomes one CRLF
        payload = payload.replace("\r\n", "\n").replace("\r", "\n")
    head = b"".join(POLICY.fold_binary(name, value) for name, value in msg.raw_items())
    return head + b"\r\n" + payload.replace("\n", "\r\n").encode("ascii")


def _text(name: str, value: str) -> str | BaseHeader:
    """An unstructured header's value (or a Message-ID), kept as text when the registry
    would store it unchanged, else its header (``value`` holds no control character)."""
    if _PLAIN_TEXT.fullmatch(value):
        return value
    header: BaseHeader = POLICY.header_store_parse(name, value)[1]
    return header


def _literal(name: str, value: str) -> str | None:
    """The header ``name`` holding ``value`` (no control character) as the text it is, when
    it holds ``=?``, which could start an encoded word (None: it does not): the value
    written whole as encoded words, folded, so that neither the header registry nor a
    reader's client decodes the text a stranger typed (``=?utf-8?q?x=0D=0ACc:_v@x?=`` in
    an echoed command) into a line break, a header of his, or a name it only spells."""
    if "=?" not in value:
        return None
    text = email.header.Header(value, "utf-8", maxlinelen=_LINE, header_name=name)
    folded: str = text.encode(linesep=POLICY.linesep)
    return folded


def harmless(text: str) -> str:
    """``text`` with each run of control characters (line breaks too), with the spaces
    around it, made one space: a folded line is unfolded."""
    return _CONTROL_RUN.sub(" ", text) if _CONTROL.search(text) else text


@cache
def _constant(name: str, value: str) -> BaseHeader:
    """A header every mail carries alike, parsed once."""
    header: BaseHeader = POLICY.header_store_parse(name, value)[1]
    return header


@lru_cache(maxsize=256)
def _stored(name: str, value: str) -> BaseHeader:
    """A header many mails of a run carry alike (the Date of a poll's answers, the Subject
    of one game's confirmations), parsed once."""
    header: BaseHeader = POLICY.header_store_parse(name, value)[1]
    return header


@lru_cache(maxsize=16)
def _date(when: datetime) -> BaseHeader:
    """The Date header of a moment (a poll's answers share one)."""
    return _stored("Date", email.utils.format_datetime(when))


@lru_cache(maxsize=1024)
def writable(address: str) -> bool:
    """Whether a mail to ``address`` can be made (``message``'s To): the poll answers only
    such an address, or the answer would be set aside for good at the send, and the GM
    told to correct an address a stranger typed (``a..b@example.org``,
    ``=?utf-8?q?x?=@example.org``, ``a@example.org.``)."""
    return _address("To", address)[0] is not None


def _address(name: str, value: str) -> tuple[str | BaseHeader | None, str]:
    """The ``name`` header for one address (``addr`` or ``Name <addr>``), or None and why
    ``value`` is not one usable address. An address of plain atoms is one (the registry
    would read it so, and store it as it is): it is kept as text."""
    if _PLAIN_ADDRESS.fullmatch(value):
        return value, ""
    if _CONTROL.search(value):
        return None, f"{name}: {value!r} holds a line break or control character"
    refused = f"{name}: {value!r} is not one e-mail address"
    try:  # the stdlib's parser raises more than HeaderParseError on some broken input
        # (AttributeError: a group where it wants an address, ``qr:+x!;}7[@=q5]``)
        header: Any = POLICY.header_store_parse(name, value)[1]
    except (email.errors.HeaderParseError, AttributeError, IndexError, TypeError, ValueError):
        return None, refused
    addresses = header.addresses
    if len(addresses) != 1 or not (addresses[0].username and addresses[0].domain):
        return None, refused
    if needs_utf8(addresses[0], tuple(header.defects)):  # δοκιμή@παράδειγμα.δοκιμή
        return header_value(addresses[0]), ""
    if header.defects:
        return None, refused
    if not addresses[0].domain.isascii():
        return _ascii_domain(name, addresses[0])
    checked: BaseHeader = header
    return checked, ""


def _ascii_domain(name: str, address: Address) -> tuple[BaseHeader, str]:
    """The ``name`` header for ``address`` with its domain in IDNA (``ann@xn--bcher-kva.example``,
    as the envelope carries it): the registry would write a domain in Unicode as an encoded
    word, which no address may hold, and a reader's client would show it broken or reply to
    it nowhere. The domain as it is when it has no IDNA form (the server refuses it then)."""
    domain = ascii_domain(f"x@{address.domain}").rpartition("@")[2]
    fixed = Address(address.display_name, address.username, domain)
    header: BaseHeader = POLICY.header_store_parse(name, fixed)[1]
    return header, ""


_BODY_HEADERS = tuple(
    (name, _constant(name, value))
    for name, value in (
        ("MIME-Version", "1.0"),
        ("Content-Type", 'text/plain; charset="utf-8"'),
        ("Content-Transfer-Encoding", "quoted-printable"),
    )
)


@lru_cache(maxsize=4096)
def safe(ident: str) -> str:
    """The outbox name of a mail's id: usable as a file name and in a Message-ID, and
    another for every other id. Letters, digits, ``.`` and ``-`` stand as they are (a
    leading dot excepted); every other character becomes ``_`` and two hex digits a byte
    of its UTF-8 (``Mordor 1`` is ``Mordor_201``, ``Mordor_1`` is ``Mordor_5f1``), so a
    name never holds ``__``. A name longer than ``NAME_MAX`` is its start, ``__`` and 32
    hex digits of the id's SHA-256."""
    name = _ESCAPED.sub(_escape, ident) if _ESCAPED.search(ident) else ident
    if len(name) > NAME_MAX:
        whole = hashlib.sha256(ident.encode("utf-8", "surrogatepass")).hexdigest()
        name = f"{name[:NAME_KEPT]}__{whole[:32]}"
    return name


def digest(ident: str) -> str:
    """The 16 hex digits of a mail's id that its Message-ID carries after its outbox name:
    what tells apart two mails of one outbox name."""
    return hashlib.sha256(ident.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def legacy_name(ident: str) -> str:
    """The outbox name an id had before ``safe`` told every id apart: each character
    other than a letter, a digit, ``.``, ``_`` or ``-`` made ``_``, cut at 180 (``Mordor
    1`` and ``Mordor_1`` had one). Mails queued so wait in outboxes made before."""
    return _LEGACY_UNSAFE.sub("_", ident)[:180]


NAME_MAX = 170
"""The longest outbox name ``safe`` makes, room left for the ``__N`` of a spare name (the
outbox's) within the 180 characters a Message-ID of ours may name."""
NAME_KEPT = 130
_ESCAPED = re.compile(r"[^A-Za-z0-9.-]|^\.")
_LEGACY_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


def _escape(found: re.Match[str]) -> str:
    return "".join(f"_{byte:02x}" for byte in found[0].encode("utf-8", "surrogatepass"))


def mask_code(code: str) -> str:
    return code[:2] + "*" * max(0, len(code) - 2)


def mask_codes(text: str, codes: Mapping[int, str]) -> str:
    """Hide every secret code in a text that goes out by mail."""
    secrets, lowered = _secrets(tuple(codes.values()))
    if lowered is not None and not _may_hold(text, lowered):
        return text
    pattern = _code_pattern(secrets)
    if pattern is None:
        return text
    return pattern.sub(lambda m: mask_code(m.group(0)), text)


@lru_cache(maxsize=256)
def _secrets(codes: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """A game's codes as the pattern takes them (upper-cased), and lower-cased for
    the quick look when all are ASCII (None when one is not: the pattern looks). Made once
    a game's codes: every confirmation masks its lines. The longest first: where one code
    begins another (``CODE1X1``, ``CODE1X10``) the pattern must take the whole longer one,
    or its last characters would go out unmasked."""
    secrets = tuple(sorted({c.upper() for c in codes if c}, key=lambda c: (-len(c), c)))
    ascii_only = all(code.isascii() for code in secrets)
    return secrets, tuple(code.lower() for code in secrets) if ascii_only else None


_ASCII_LIKE = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
"""The four characters beyond ASCII that a case-blind regex matches with an ASCII letter
(İ, ı, ſ and the Kelvin sign; Python's ``re`` documentation names them)."""


def _may_hold(text: str, lowered_codes: tuple[str, ...]) -> bool:
    """False only when no code can match in ``text`` case-blind: none of the (ASCII) codes,
    lower-cased, is in the text lower-cased (those four letters made ASCII first). Most
    texts hold none, and are passed without compiling the codes' pattern."""
    # an ASCII text has none of those four letters to translate (a translation by a table
    # costs a dictionary lookup a character: most of a confirmation's masking)
    lowered = (text if text.isascii() else text.translate(_ASCII_LIKE)).lower()
    return any(map(lowered.__contains__, lowered_codes))


@cache
def _code_pattern(codes: tuple[str, ...]) -> re.Pattern[str] | None:
    if not codes:
        return None
    return re.compile("|".join(re.escape(c) for c in codes), re.IGNORECASE)


_HEADER_END = re.compile(rb"\r?\n\r?\n")
_FROM_LINE = re.compile(rb"from[ \t]*:", re.IGNORECASE)
_TO_LINE = re.compile(rb"to[ \t]*:", re.IGNORECASE)


def with_sender(raw: bytes, sender: str) -> bytes:
    """A queued mail with the From the config gives now: ``raw`` itself when its From is
    that address already, else its From header (with its folded lines) replaced. A mail
    is queued with the From of its day; one the server refused for its From waits until
    the GM has corrected ``smtp.from``, and goes out with the corrected one."""
    wanted = address_key(sender)
    end = _HEADER_END.search(raw)
    if not wanted or end is None:
        return raw
    lines = raw[: end.start()].splitlines(keepends=True)
    found = _header_lines(lines, _FROM_LINE)
    if not found:
        return raw
    start, stop = found[0]
    value = b"".join(lines[start:stop]).split(b":", 1)[1].decode("ascii", "replace")
    if address_key(" ".join(value.split())) == wanted:
        return raw
    header, _problem = _address("From", sender)
    if header is None:
        return raw
    folded = POLICY.fold_binary("From", header)
    return b"".join((*lines[:start], folded, *lines[stop:])) + raw[end.start() :]


def one_address(value: str) -> bool:
    """Whether ``value`` is one usable address (``addr`` or ``Name <addr>``), as ``message``
    takes a To: a game.yaml's address that is not one gets the mail refused."""
    return _address("To", value)[0] is not None


def with_recipient(raw: bytes, to: str) -> tuple[bytes | None, str]:
    """A mail of the outbox addressed to ``to`` (``addr`` or ``Name <addr>``: a player's
    address the GM corrected in game.yaml) instead: its To header (every one, with its
    folded lines) replaced by one made as ``message`` makes it, under the policy that
    refuses a line break, so no text of the address can add a header; the rest of the
    mail as it is (its Message-ID, its body). None and why when ``to`` is not one usable
    address, or the mail has no header to put it in."""
    header, problem = _address("To", to)
    if header is None:
        return None, problem
    end = _HEADER_END.search(raw)
    if end is None:
        return None, "the mail has no header"
    lines = raw[: end.start()].splitlines(keepends=True)
    if lines and not lines[-1].endswith(b"\n"):
        lines[-1] += b"\r\n"
    found = _header_lines(lines, _TO_LINE)
    at = found[0][0] if found else len(lines)  # a mail made without one: added last
    dropped = {i for start, stop in found for i in range(start, stop)}
    kept = [line for i, line in enumerate(lines) if i not in dropped]
    folded = POLICY.fold_binary("To", header)
    head = b"".join((*kept[:at], folded, *kept[at:]))
    return head.removesuffix(b"\r\n") + raw[end.start() :], ""


def _header_lines(lines: list[bytes], start: re.Pattern[bytes]) -> list[tuple[int, int]]:
    """Where each header that ``start`` matches lies in a mail's header ``lines``: its first
    line and the line after its last folded one."""
    found = []
    for index, line in enumerate(lines):
        if start.match(line):
            stop = index + 1
            while stop < len(lines) and lines[stop][:1] in (b" ", b"\t"):
                stop += 1
            found.append((index, stop))
    return found
