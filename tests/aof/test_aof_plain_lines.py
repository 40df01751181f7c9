"""A plainly written order line (label, number, digits in every blank), or one left blank,
is read in one match (``wtg.aof.parse._read_plain``); every other line by the general
reading. The two are held equal here: a copy of the form read with the one-match reading
gives the very outcome (the entries, the rejected lines and their reasons, the positions,
the lines counted) of the general reading alone."""

from __future__ import annotations

import os
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.aof import parse
from wtg.aof.copies import find_copies
from wtg.aof.mailtext import mail_lines
from wtg.aof.parse import read_copy
from wtg.core.form import FormSpec
from wtg.core.orders import ParseOutcome
from wtg.data.forms import read_form

ROOT = Path(__file__).resolve().parents[2]
FORMS = [read_form(path) for path in sorted((ROOT / "forms").glob("*.yaml"))]
FORMS.append(FORMS[-1].for_provinces(6000))  # WoK IV with four-digit province blanks
SETTINGS = settings(
    max_examples=int(os.environ.get("WTG_EXAMPLES", "500")), deadline=None, database=None
)
HEADER = "GAME: demo  TURN: 1  PLAYER: 3  CODE: K7Q2M9XD"

SEPARATOR = st.sampled_from([" ", " ", "  ", ",", ";", ", ", " ;", "\t", "\u00a0", "_", "/", ""])
ODD_BLANK = st.one_of(
    st.sampled_from(["0", "00", "000001", "__", "_", "1_", "x", "\u0661", "\u00b2", "POP", "Y"]),
    st.text(max_size=3),
)
AFTER_NUMBER = st.sampled_from(["", ":", ": ", " :", ".", ")", "-", "=", " ", ",", ";", "x", "::"])


@st.composite
def order_lines(draw: st.DrawFn, form: FormSpec) -> str:
    """A line written like an order line of the form: mostly plainly (each blank digits,
    as many as its field's width, give or take one), with now and then something odd."""
    section = draw(st.sampled_from(form.sections))
    label = draw(st.sampled_from([section.label, section.label.lower(), "Z"]))
    number = draw(st.sampled_from(["1", "2", "01", str(section.lines), "0", "1234567", "99"]))
    space = draw(st.sampled_from(["", "", "", " "]))
    blanks = [
        draw(st.text(alphabet="0123456789", min_size=1, max_size=spec.width + 1))
        for spec in section.fields
    ]
    if draw(st.integers(0, 3)) == 0:  # left as it was sent, or nearly
        blanks = [
            draw(st.sampled_from(["_" * spec.width, "__/__", "/", "_", ""]))
            for spec in section.fields
        ]
    if draw(st.integers(0, 3)) == 0:  # a blank too many, too few, or odd
        where = draw(st.integers(0, len(blanks)))
        blanks[where : where + draw(st.integers(0, 1))] = draw(st.lists(ODD_BLANK, max_size=2))
    odd = draw(st.integers(0, 3)) == 0  # separators other than a space
    tail = "".join((draw(SEPARATOR) if odd else " ") + blank for blank in blanks)
    ending = draw(st.sampled_from(["", "", "", " ", ",", " # note", " (x)"]))
    return f"{label}{space}{number}{draw(AFTER_NUMBER)}{tail}{ending}"


@st.composite
def copies(draw: st.DrawFn) -> tuple[FormSpec, str]:
    form = draw(st.sampled_from(FORMS))
    lines = draw(st.lists(order_lines(form) | st.text(max_size=12), max_size=12))
    lines *= draw(st.sampled_from([1, 1, 1, 30]))  # now and then beyond the lines read
    header = draw(st.sampled_from([[HEADER], [HEADER], []]))
    return form, "\n".join([form.begin, *header, *lines, form.end])


def general_reading(form: FormSpec, text: str) -> ParseOutcome:
    """The copy read without the one-match reading: every line by ``_read_order``."""
    real = parse._reading(form)
    with mock.patch.object(parse, "_reading", lambda _form: real._replace(plain={})):
        return read_copy(form, find_copies(form, mail_lines(text))[0])


@SETTINGS
@given(copies())
def test_a_plain_line_is_read_as_the_general_reading_reads_it(copy: tuple[FormSpec, str]) -> None:
    form, text = copy
    outcome = read_copy(form, find_copies(form, mail_lines(text))[0])
    assert outcome == general_reading(form, text)


def test_the_plain_reading_reads_the_lines_of_a_filled_in_form() -> None:
    """The test above compares something: plain lines are read by the one match."""
    form = FORMS[-2]  # WoK IV
    assert form.ruleset == "wok4"
    lines = ["T1: 29 2 32", "b2 ,03;004, 5", "M1: 1 2 3 4", "A4: __   __ ___", "a 5:", "M2 _/"]
    text = "\n".join([form.begin, HEADER, *lines, form.end])
    with mock.patch.object(parse, "_read_order") as general:
        outcome = read_copy(form, find_copies(form, mail_lines(text))[0])
    general.assert_not_called()
    assert outcome.bad == []
    assert [(e.section, dict(e.values), e.position, e.line) for e in outcome.entries] == [
        ("transform", {"province": 29, "kind": "POP-ARM", "amount": 32}, 1, 3),
        ("bomb", {"from": 3, "to": 4, "missiles": 5}, 1, 4),
        ("move", {"from": 1, "to": 2, "unit": "ARM", "amount": 4}, 1, 5),
    ]


def test_a_code_that_is_none_is_left_to_the_general_reading() -> None:
    """A code field's blank is plain only when its digits are one of the field's codes
    (they are part of the line's pattern): any other number is read by ``_read_order``,
    which says what is wrong with it."""
    form = FORMS[-2]  # WoK IV: T's KIND takes 1, 2 or 3
    text = "\n".join([form.begin, HEADER, "T1: 29 002 32", "T2: 29 7 32", form.end])
    outcome = read_copy(form, find_copies(form, mail_lines(text))[0])
    assert [(e.line, dict(e.values)) for e in outcome.entries] == [
        (3, {"province": 29, "kind": "POP-ARM", "amount": 32})
    ]
    assert [(v.entry.line, v.reason) for v in outcome.bad] == [
        (4, general_reading(form, text).bad[0].reason)
    ]
    assert "KIND" in outcome.bad[0].reason
