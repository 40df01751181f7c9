"""The outbox's bytes of a mail, written without the email package's generator, and the
headers ``compose.message`` keeps as text: byte for byte what the header registry and the
generator write, and the same checks (one address, no line break)."""

from __future__ import annotations

import email.utils
import hashlib
import re
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.mail.outgoing import compose
from wtg.mail.outgoing.compose import POLICY, Outgoing, message, wire

WHEN = datetime(2026, 11, 22, 9, 30, tzinfo=timezone.utc)
GM = "Game Master <gm@wtg.example>"
BODY = "Orders received.\nA1: 29 19 061\n" + "x" * 120 + "\nJörg\r\nlast line"


def through_the_registry(
    ident: str, sender: str, to: str, subject: str, body: str, reply_to_id: str | None
) -> bytes:
    """The mail as every header through the registry (``msg[name] = value``) and the
    generator make it: what ``message`` and ``wire`` must write."""
    domain = compose.loop_id(sender).rpartition("@")[2]
    digest = hashlib.sha256(ident.encode()).hexdigest()[:16]
    msg = Outgoing(policy=POLICY)
    msg["MIME-Version"] = "1.0"
    msg["Content-Type"] = 'text/plain; charset="utf-8"'
    msg["Content-Transfer-Encoding"] = "quoted-printable"
    msg.set_payload(compose.quoted_printable(body))
    for name, address in (("From", sender), ("To", to)):
        msg[name] = address
    _text_header(msg, "Subject", compose.harmless(subject))
    msg["Date"] = email.utils.format_datetime(WHEN)
    msg["Message-ID"] = f"<{compose.safe(ident)}.{digest}@{domain}>"
    msg["Auto-Submitted"] = "auto-replied"
    msg["X-Loop"] = compose.loop_id(sender)
    msg["X-Mailer"] = "wtg"
    if reply_to_id:
        _text_header(msg, "In-Reply-To", compose.harmless(reply_to_id))
        _text_header(msg, "References", compose.harmless(reply_to_id))
    return msg.as_bytes(policy=POLICY)


def _text_header(msg: Outgoing, name: str, value: str) -> None:
    """A text through the registry; one holding ``=?`` (which the registry would decode as
    an encoded word) as the encoded words of the text itself (``compose._literal``)."""
    literal = compose._literal(name, value)
    if literal is None:
        msg[name] = value
    else:
        msg.set_raw(name, literal)


def _both(
    to: str,
    subject: str = "[t1] orders",
    reply_to_id: str | None = None,
    ident: str = "conf-1",
    body: str = BODY,
) -> tuple[bytes, bytes]:
    msg = message(ident, GM, to, subject, body, when=WHEN, reply_to_id=reply_to_id)
    assert msg.refused == ""
    assert wire(msg) == msg.as_bytes(policy=POLICY)
    return wire(msg), through_the_registry(ident, GM, to, subject, body, reply_to_id)


@pytest.mark.parametrize(
    ("to", "reply_to_id"),
    [
        ("t1p1@players.example", "<bench1@players.example>"),
        ("Ann Smith <ann@players.example>", "<a.b@x>"),
        ('"Smith, Ann" <ann@players.example>', "=?utf-8?q?J=C3=B6rg?= <x@y>"),
        ("Jörg Müller <joerg@players.example>", "<Jörg@x.example>"),
        ("ann(the player)@players.example", "a" * 200),
        ("a" * 70 + "@players.example", '<m@x> (comment) "quoted" ? = ;'),
        ("first.last+wtg@sub.players.example", "<" + "id." * 40 + "@x.example>"),
    ],
)
def test_the_bytes_are_the_registry_s_and_the_generator_s(to: str, reply_to_id: str) -> None:
    fast, slow = _both(to, reply_to_id=reply_to_id)
    assert fast == slow


def test_a_long_ident_and_subject_fold_as_before() -> None:
    subject = "[a-game-with-a-long-name] " + "orders for turn 3 received " * 4
    fast, slow = _both("ann@players.example", subject=subject, ident="conf-" + "imap:9:" * 40)
    assert fast == slow


_ATEXT = st.sampled_from(list("abcXYZ019!#$%&'*+/^_`{|}~-"))
_ATOMS = st.lists(st.text(_ATEXT, min_size=1, max_size=6), min_size=1, max_size=3)


@settings(max_examples=300, deadline=None)
@given(
    local=_ATOMS,
    domain=st.lists(st.from_regex(r"[a-z0-9-]{1,8}", fullmatch=True), min_size=1, max_size=3),
    name=st.one_of(st.none(), _ATOMS),
)
def test_every_plain_address_is_one_address_to_the_registry(
    local: list[str], domain: list[str], name: list[str] | None
) -> None:
    """The addresses ``compose`` keeps as text are those the registry reads as exactly one
    address, without a defect, and writes back unchanged."""
    address = ".".join(local) + "@" + ".".join(domain)
    value = address if name is None else f"{' '.join(name)} <{address}>"
    assert compose._PLAIN_ADDRESS.fullmatch(value)
    header = POLICY.header_store_parse("To", value)[1]
    assert not header.defects
    assert len(header.addresses) == 1
    assert header.addresses[0].username and header.addresses[0].domain
    assert str(header) == value
    fast, slow = _both(value)
    assert fast == slow


@settings(max_examples=300, deadline=None)
@given(reference=st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=120))
def test_every_printable_reference_is_written_as_the_registry_writes_it(reference: str) -> None:
    fast, slow = _both("ann@players.example", reply_to_id=reference or None)
    assert fast == slow


@settings(max_examples=200, deadline=None)
@given(
    body=st.lists(st.sampled_from(["a", "Ö", " ", "=", "\r", "\n", "\t", ".", "From "])).map(
        "".join
    )
)
def test_every_body_s_line_ends_are_written_as_the_generator_writes_them(body: str) -> None:
    fast, slow = _both("ann@players.example", body=body)
    assert fast == slow


@pytest.mark.parametrize("to", ["a@b@c", "a..b@c", ".a@c", "a@c.", "ann <a@c", "<a@c>", "a b@c"])
def test_an_address_that_only_looks_plain_still_goes_to_the_registry(to: str) -> None:
    assert not compose._PLAIN_ADDRESS.fullmatch(to)
    msg = message("conf-1", GM, to, "hello", BODY, when=WHEN)
    registry = POLICY.header_store_parse("To", to)[1]
    one = len(registry.addresses) == 1 and not registry.defects
    assert (msg.refused == "") == bool(one and registry.addresses[0].domain)


@pytest.mark.parametrize(
    "text",
    [
        "A1: 12 13 with CODE7X1",
        "a1: code7x1 in lower case",
        "\u212a\u0130\u017fS",  # Kelvin sign, dotted I, long s: case-blind K, I, S
        "C\u0131de7x1 a dotless i",
        "nothing secret here",
        "CODE7X",
    ],
)
def test_a_code_in_any_case_is_masked_and_a_text_without_one_is_left_alone(text: str) -> None:
    codes = {1: "Code7X1", 2: "KIS", 3: "CIDE7X1"}
    masked = compose.mask_codes(text, codes)
    assert masked == masked_by_hand(text, codes)
    assert (masked != text) == (text not in ("nothing secret here", "CODE7X"))


def masked_by_hand(text: str, codes: dict[int, str]) -> str:
    """Every code found case-blind (Python's re: the four letters beyond ASCII that match an
    ASCII one too), the longest first, all but its first two characters masked."""
    longest_first = sorted(codes.values(), key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(c.upper()) for c in longest_first), re.IGNORECASE)
    return pattern.sub(lambda m: m[0][:2] + "*" * (len(m[0]) - 2), text)


@settings(max_examples=400, deadline=None)
@given(
    text=st.lists(
        st.sampled_from(["k", "K", "\u212a", "i", "I", "\u0130", "\u0131", "s", "\u017f", "7", " "])
    ).map("".join)
)
def test_masking_finds_a_code_in_any_case(text: str) -> None:
    codes = {1: "KIS", 2: "sk7", 3: "ii"}
    assert compose.mask_codes(text, codes) == masked_by_hand(text, codes)


def test_a_code_that_another_begins_with_does_not_unmask_the_longer_one() -> None:
    """Issue 26, noticed: the codes were tried in sorted order, so with CODE1X1 and CODE1X10
    in one game the shorter matched first and the longer went out as ``CO*****0``."""
    codes = {1: "CODE1X1", 10: "CODE1X10"}
    assert compose.mask_codes("mine is CODE1X10, his CODE1X1", codes) == (
        "mine is CO******, his CO*****"
    )
