"""The parser reads the lines of a form with cheap tests and string methods where the
patterns that define an order line would cost more; each cheaper way is held here to
the pattern it stands for."""

from __future__ import annotations

import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.aof.copies import (
    _ONE_WORD,
    ORDER_LINE,
    SETTING_LINE,
    _markers,
    _no_marker_starts,
    setting_line,
)
from wtg.aof.mailtext import BEGIN_MARKER, END_MARKER, marker_pattern
from wtg.aof.parse import _BLANK, _LETTERS, COMMENT, SEPARATORS, _tokens
from wtg.core.settings import setting_named

EVERY_CHARACTER = "".join(map(chr, range(sys.maxunicode + 1)))
LINE_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from("0123456789 _/,;#(:.)=-\t\u00a0\u2028\x1cMAPmapOFNofnABTX"),
        st.characters(),
    ),
    max_size=40,
)


def _split(rest: str) -> list[str]:
    """The blanks of an order line as the patterns define them."""
    return [t for t in SEPARATORS.split(COMMENT.split(rest, maxsplit=1)[0]) if t]


def test_blanks_split_at_every_space_the_pattern_knows() -> None:
    """Every character of Unicode between two blanks: ``str.split()`` splits where ``\\s``
    does, and nowhere else."""
    text = "7".join(EVERY_CHARACTER)
    assert _tokens(text) == _split(text)
    assert len(_tokens(text)) > 2  # the text does hold separators


@settings(max_examples=3000, deadline=None)
@given(rest=LINE_TEXT)
def test_blanks_are_split_as_the_separators_pattern_splits_them(rest: str) -> None:
    assert _tokens(rest) == _split(rest)


def _setting(text: str, loose: bool) -> object:
    """``setting_line`` by its patterns alone."""
    match = SETTING_LINE.fullmatch(text)
    if match is None:
        return None
    setting = setting_named(match[1])
    if setting is None or (loose and not _ONE_WORD.fullmatch(match[2])):
        return None
    return setting, match[2]


@settings(max_examples=3000, deadline=None)
@given(text=LINE_TEXT, loose=st.booleans())
def test_a_setting_line_is_found_as_its_pattern_finds_it(text: str, loose: bool) -> None:
    assert setting_line(text, loose) == _setting(text, loose)


@settings(max_examples=2000, deadline=None)
@given(text=LINE_TEXT)
def test_a_line_the_parser_skips_at_its_first_character_is_no_order_or_setting(
    text: str,
) -> None:
    if text[:1] not in _LETTERS:
        assert ORDER_LINE.fullmatch(text) is None
        assert SETTING_LINE.fullmatch(text) is None


def test_every_line_start_a_pattern_takes_is_a_letter_the_parser_reads() -> None:
    starts = {c for c in EVERY_CHARACTER if re.fullmatch(r"[A-Za-z]", c)}
    assert starts == _LETTERS


@settings(max_examples=2000, deadline=None)
@given(text=LINE_TEXT)
def test_no_line_is_both_an_order_line_and_a_setting_line(text: str) -> None:
    """So the parser may look for the order line first."""
    assert ORDER_LINE.fullmatch(text) is None or SETTING_LINE.fullmatch(text) is None


@settings(max_examples=2000, deadline=None)
@given(rest=st.text(alphabet=" _/,;#x1\t", max_size=12))
def test_a_line_left_blank_is_one_whose_blanks_are_all_empty(rest: str) -> None:
    """A line of nothing but the form's blanks holds no order, as its blanks read."""
    written = [t.strip("_") if t.strip("_/") else "" for t in _tokens(rest)]
    if not rest.strip(_BLANK):
        assert not any(written)


MARKER_LINES = st.one_of(
    LINE_TEXT,
    st.sampled_from(
        [
            "=== BEGIN AOF ===",
            "=== END AOF ===",
            "# === begin aof ===",
            "==END  AOF==",
            "BEGIN AOF END AOF",
            "=== BEGIN AOF === x",
            "> === END AOF ===",
            "\u212a END AOF",
            "EGIN AOF ===",
            "ND AOF",
            "nd aof",
            "TART>>",
            "TOP 2",
        ]
    ),
)


@settings(max_examples=2000, deadline=None)
@given(text=MARKER_LINES)
def test_one_pattern_tells_both_markers_apart_as_their_own_patterns_do(text: str) -> None:
    begin, end = marker_pattern(BEGIN_MARKER), marker_pattern(END_MARKER)
    found = _markers(BEGIN_MARKER, END_MARKER)(text)
    if begin.fullmatch(text):
        assert found is not None and found["begin"] is not None
    elif end.fullmatch(text):
        assert found is not None and found["begin"] is None
    else:
        assert found is None


MARKERS = st.sampled_from(
    [(BEGIN_MARKER, END_MARKER), ("<<START>>", "<<STOP 2>>"), ("=== 1 ===", "===")]
)


@settings(max_examples=3000, deadline=None)
@given(
    text=MARKER_LINES,
    first=st.sampled_from(["", "", "B", "b", "e", "E", "S", "s", "1", "2", "A", "x"]),
    markers=MARKERS,
)
def test_a_line_that_starts_as_no_marker_does_is_none(
    text: str, first: str, markers: tuple[str, str]
) -> None:
    """``_no_marker_starts``: a line starting with one of them is no marker, without its
    pattern's look (the patterns, under IGNORECASE, take other letters for "i" and "s")."""
    line = first + text.lstrip("=#> ") if first else text  # "B" + "EGIN AOF ===" is one
    if line[:1] in _no_marker_starts(*markers):
        assert _markers(*markers)(line) is None
        assert marker_pattern(markers[0]).fullmatch(line) is None


def test_the_lines_a_form_starts_with_are_looked_at_by_their_first_character() -> None:
    never = _no_marker_starts(BEGIN_MARKER, END_MARKER)
    assert {"", "A", "T", "M", "1", "a"} <= never
    assert not {"B", "b", "E", "e", "=", " ", "#", "\u0130", "\u212a"} & never
