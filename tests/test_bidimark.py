"""A name written right to left, marked in the plain text of reports (wtg.game.bidimark):
where it ends a word, whole or cut to a column, and nowhere else."""

from __future__ import annotations

import unicodedata

from wtg.game.bidimark import LRM, RIGHT_TO_LEFT, marked_names, right_to_left

SHALOM = "\u05e9\u05dc\u05d5\u05dd"
OMAR = "\u0639\u0645\u0631"
COHEN = "\u05db\u05d4\u05df"
LONG = (
    f"{SHALOM} {COHEN} \u05d1\u05df \u05d3\u05d5\u05d3 "
    + "\u05d4\u05de\u05dc\u05da \u05d4\u05e9\u05e0\u05d9"
)
"""A Hebrew name of 25 characters, longer than a Top Ten's column of 20."""


def test_no_ascii_text_reads_right_to_left_as_its_characters_bidi_classes_say() -> None:
    every = "".join(chr(code) for code in range(128))
    assert not any(unicodedata.bidirectional(char) in RIGHT_TO_LEFT for char in every)
    assert not right_to_left(every)
    assert right_to_left(f"Ann {SHALOM}") and right_to_left(OMAR)


def test_a_right_to_left_name_is_marked_where_it_ends_a_word() -> None:
    row = f"   1 #2  {SHALOM:<20}     473    12 ACTIVE"
    line = f"- {OMAR} (#3): address not shared"
    assert marked_names(f"{row}\n{line}", ["Ann", SHALOM, OMAR]) == (
        f"   1 #2  {SHALOM}{LRM}{' ' * 16}     473    12 ACTIVE\n"
        f"- {OMAR}{LRM} (#3): address not shared"
    )


def test_what_a_column_shows_of_a_long_name_is_marked_too() -> None:
    row = f"   2 #1  {LONG[:20]:<20}     473"
    assert marked_names(row, [LONG]) == row.replace(LONG[:20].rstrip(), LONG[:20].rstrip() + LRM)


def test_a_name_inside_a_longer_word_and_left_to_right_names_are_left_alone() -> None:
    province = f"{OMAR}\u0627\u0646"  # the name, then more letters of one word
    text = f"Ann took {province} (4) from Bob; {SHALOM}\u05d9 stays."
    assert marked_names(text, ["Ann", "Bob", OMAR, SHALOM]) == text
    assert marked_names("Ann (#1) 473", ["Ann"]) == "Ann (#1) 473"


def test_marking_twice_marks_once() -> None:
    once = marked_names(f"{SHALOM} (#2)", [SHALOM])
    assert marked_names(once, [SHALOM]) == once == f"{SHALOM}{LRM} (#2)"
