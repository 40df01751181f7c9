"""The pieces of extraction on their own: charsets, format=flowed and character clean-up."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.mail.message.extract import _table, decode_bytes, normalise, unflow


def test_line_ends_become_lf() -> None:
    assert normalise("a\r\nb\rc\nd") == "a\nb\nc\nd"


def test_unicode_look_alikes_become_ascii() -> None:
    text = "\u201cA\u201d \u2018b\u2019 c\u2013d\u2014e\u2212f g\u2026 \uff11\uff12\uff1a"
    assert normalise(text) == "\"A\" 'b' c-d-e-f g... 12:"


def test_odd_spaces_become_spaces_and_invisible_characters_vanish() -> None:
    text = "\ufeffA1:\u00a012\u2007\u3000\u200b13\u00ad\u2060 050\u2028X1: 100"
    assert normalise(text) == "A1: 12  13 050\nX1: 100"


def test_quote_prefixes_and_tabs_stay() -> None:
    assert normalise("> > A1:\t12") == "> > A1:\t12"


def test_unflow_joins_soft_breaks() -> None:
    assert unflow("A1: 12 \n13 050\nX1: 100") == "A1: 12 13 050\nX1: 100"


def test_unflow_delsp_removes_the_break_space() -> None:
    assert unflow("A1: 1 \n2 13 050", delsp=True) == "A1: 12 13 050"


def test_unflow_removes_space_stuffing() -> None:
    assert unflow("     FROM TO \nMIS\n >not a quote") == "    FROM TO MIS\n>not a quote"


def test_unflow_keeps_quote_depth_and_stops_at_a_depth_change() -> None:
    text = ">> A1: 12 \n>> 13 050\n> said \nOK\n>"
    assert unflow(text) == "> > A1: 12 13 050\n> said \nOK\n>"


def test_unflow_keeps_the_signature_separator() -> None:
    assert unflow("orders\n-- \nJohn") == "orders\n-- \nJohn"


def test_decode_declared_charset() -> None:
    assert decode_bytes("Grüße".encode("latin-1"), "iso-8859-1") == ("Grüße", ())


def test_decode_without_charset() -> None:
    assert decode_bytes(b"plain", None) == ("plain", ())
    text, notes = decode_bytes("Grüße".encode(), None)
    assert (text, notes) == ("Grüße", ("no charset declared, read as utf-8",))


def test_decode_a_utf16_file_by_its_byte_order_mark() -> None:
    text, notes = decode_bytes("GAME: g".encode("utf-16"), None)
    assert text == "GAME: g"
    assert notes == ("no charset declared, read as utf-16 (byte order mark)",)


def test_decode_falls_back_to_latin1_last() -> None:
    text, notes = decode_bytes(b"\x81\x8d\x90", "utf-8")
    assert text == "\x81\x8d\x90"
    assert notes == ("charset 'utf-8' does not fit the text, read as latin-1",)


def test_decode_a_codec_that_is_no_charset() -> None:
    assert decode_bytes(b"abc", "base64") == ("abc", ("charset 'base64' unknown, read as utf-8",))


@settings(max_examples=300, deadline=None, database=None)
@given(st.text(alphabet="\r\n \u00a0\u200b\u2013\uff11\u2028A1:é>", max_size=40) | st.text())
def test_normalise_is_the_plain_rule(text: str) -> None:
    """The cheap checks (no CR, all ASCII) change nothing: CRLF then lone CR become LF,
    then every character of the table is replaced."""
    plain = re.sub(r"\r\n|\r", "\n", text).translate(_table())
    assert normalise(text) == plain
    assert normalise(text, flowed=True) == unflow(re.sub(r"\r\n|\r", "\n", text)).translate(
        _table()
    )


def test_unflow_starts_an_order_line_or_a_marker_on_a_line_of_its_own() -> None:
    """A space at the end of a typed order line (a phone's keyboard leaves one) is no soft
    break into the next order line, nor into a word, nor is one after or before a marker;
    an order line goes on into a digit."""
    text = (
        "A1: 60 55 010 \nG1: 60 5 \nR1: 1 \nThanks \nsee: \n=== BEGIN AOF === \nGAME: g1 \nTURN: 1"
    )
    assert unflow(text) == (
        "A1: 60 55 010 \nG1: 60 5 \nR1: 1 \nThanks see: \n=== BEGIN AOF === \nGAME: g1 TURN: 1"
    )
    assert unflow("R1: 1 \nThanks", delsp=True) == "R1: 1\nThanks"
    assert unflow("A1: 60 \n55 010 \nGood luck") == "A1: 60 55 010 \nGood luck"
