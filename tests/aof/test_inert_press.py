"""Issue 25, item 1, in depth: whatever a player writes as press, no line of it as mailed
reads as part of a form: not an order or a setting line (of any ruleset's form), not a
header line, not a marker, once the mail is read as the intake reads any mail (its odd
characters normalised, quoted or not)."""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.mail.replies import quoted
from wtg.aof.copies import ORDER_LINE, is_loose_line
from wtg.aof.mailtext import (
    BEGIN_MARKER,
    END_MARKER,
    INERT_WIDTH,
    has_marker,
    inert_lines,
    is_header_line,
    mail_lines,
)
from wtg.data.forms import read_form
from wtg.data.paths import data_dir
from wtg.game.report import press_lines
from wtg.mail.message.extract import normalise

FORMS = [read_form(path) for path in sorted(data_dir("forms").glob("*.yaml"))]
PIECES = st.sampled_from(
    [
        "Q1: 1",
        "R1: 1",
        "L1: 02",
        "A1: 01 02 010",
        "MAP: off",
        "map : on",
        "GAME: kao",
        "CODE: X",
        "TURN:",
        "PLAYER :",
        BEGIN_MARKER,
        END_MARKER,
        "BEGIN  AOF",
        "> ",
        "| ",
        "\n",
        " ",
        "\t",
        "\u2028",
        "\u200b",
        "\ufeff",
        "\uff27\uff21\uff2d\uff25\uff1a",
        "\uff31\uff11\uff1a",
        "\u00a0",
        "x" * 70,
        "word ",
    ]
)
TEXT = st.lists(st.one_of(PIECES, st.text(max_size=12)), max_size=30).map("".join)
EXAMPLES = int(os.environ.get("WTG_EXAMPLES", "150"))


@settings(max_examples=EXAMPLES, deadline=None, database=None)
@given(text=TEXT, side=st.integers(min_value=1, max_value=999))
def test_no_line_of_press_reads_as_part_of_a_form(text: str, side: int) -> None:
    """Issue 25, item 1: each line is the writer's number first, about INERT_WIDTH
    characters of his text, and none reads as a form's line, quoted or not."""
    lines = inert_lines(text, str(side))
    assert all(line.startswith(f"{side}|") for line in lines)
    if text.isascii():  # a header key defused takes a character more ("GAME -")
        width = len(f"{side}| ") + INERT_WIDTH + text.count(":")
        assert all(len(line) <= width for line in lines)
    _read_as_no_form(lines)


@settings(max_examples=EXAMPLES, deadline=None, database=None)
@given(text=TEXT, side=st.integers(min_value=1, max_value=999))
def test_no_line_of_press_as_the_templates_print_it_reads_as_part_of_a_form(
    text: str, side: int
) -> None:
    """The templates print press through ``press_lines`` (its web addresses defanged, then
    ``inert_lines``; the ``inert`` filter that printed it without the defanging is gone):
    each line is the writer's number first, and none reads as a form's line."""
    lines = press_lines(text, side)
    assert all(line.startswith(f"{side}|") for line in lines)
    _read_as_no_form(lines)


def _read_as_no_form(lines: list[str]) -> None:
    """Printed in a mail, quoted or not, no line of ``lines`` reads as a form's."""
    printed = "".join(f"  {line}\n" for line in lines)
    for mail in (printed, quoted(printed)):
        read = normalise(mail)
        assert not has_marker(BEGIN_MARKER, read) and not has_marker(END_MARKER, read)
        for line in mail_lines(read):
            assert not is_header_line(line.text), line
            assert ORDER_LINE.fullmatch(line.text) is None, line
            assert not any(is_loose_line(form, line.text) for form in FORMS), line


def test_a_line_of_tabs_is_wrapped_at_the_width_it_shows() -> None:
    """A tab was one character of the 60, and shows as up to eight blanks: a short line of
    tabs between words (twelve characters) ran 92 columns wide, past every other line of
    the press. Tabs are the blanks they show before the line is measured."""
    lines = inert_lines("left" + "\t" * 11 + "right", "3")
    assert lines == ["3| left", "3| right"]
    lines = inert_lines("a\tb", "3")
    assert lines == ["3| a       b"]
