"""A line of press is wrapped at its blanks by the columns it fills, not by its characters
(``wtg.core.textwidth.wrapped_to_columns``): a line of Japanese words was wrapped at 60
characters and then cut at 60 columns, inside a word (``日本`` / ``語です``), and a line of
accented letters written as a letter and its accent (two characters, one column) was cut
at 30 columns. A wide letter, a full-width one or a wide emoji fills two columns, an
accent none (docs/mail.md, "Press")."""

from __future__ import annotations

import unicodedata

from wtg.aof.mailtext import INERT_WIDTH, inert_lines
from wtg.core.textwidth import text_width, wrapped_to_columns


def _texts(lines: list[str], tag: str = "3") -> list[str]:
    return [line.removeprefix(f"{tag}| ") for line in lines]


def test_a_line_of_wide_words_breaks_at_a_blank() -> None:
    line = " ".join(["日本語です"] * 12)  # 12 words of 10 columns, 131 columns in all
    lines = inert_lines(line, "3")
    assert _texts(lines) == [" ".join(["日本語です"] * 5)] * 2 + [" ".join(["日本語です"] * 2)]
    assert max(text_width(text) for text in _texts(lines)) == 54


def test_accents_written_apart_fill_no_column() -> None:
    letters = unicodedata.normalize("NFD", "é") * 70  # 140 characters, 70 columns
    lines = _texts(inert_lines(letters, "3"))
    assert [text_width(text) for text in lines] == [60, 10]
    assert all(not unicodedata.combining(text[0]) for text in lines)  # no accent left alone


def test_wide_emoji_and_full_width_letters_fill_two_columns() -> None:
    assert [text_width(t) for t in _texts(inert_lines("😀" * 50, "3"))] == [60, 40]
    full = " ".join(["ｆｕｌｌ", "ｗｉｄｔｈ"] * 6)  # 12 words, 89 characters, 166 columns
    lines = _texts(inert_lines(full, "3"))
    assert all(text_width(text) <= INERT_WIDTH for text in lines), lines
    assert " ".join(lines) == full  # broken at blanks only: no word cut


def test_a_run_of_chinese_fills_its_line_and_goes_on() -> None:
    """Chinese writes no blanks: a run wider than a line fills the rest of it and goes on
    on the next, cut between two letters."""
    assert wrapped_to_columns("ok " + "山" * 40, 60) == ["ok " + "山" * 28, "山" * 12]
    assert wrapped_to_columns("x" * 59 + " " + "山" * 2, 60) == ["x" * 59, "山" * 2]


def test_plain_text_wraps_as_before() -> None:
    line = "the quick brown fox jumps over the lazy dog and then " * 3
    assert wrapped_to_columns(line, 60) == [
        "the quick brown fox jumps over the lazy dog and then the",
        "quick brown fox jumps over the lazy dog and then the quick",
        "brown fox jumps over the lazy dog and then",
    ]
    assert wrapped_to_columns("  indented " + "a" * 70, 60) == ["  indented " + "a" * 49, "a" * 21]
    assert wrapped_to_columns("", 60) == wrapped_to_columns("   ", 60) == [""]


def test_a_symbol_shown_as_an_emoji_fills_two_columns() -> None:
    """``⚔️`` is the crossed swords (one column as text) and the emoji presentation selector
    (U+FE0F): a mail client shows an emoji, two columns wide. Counted as one, a line of 40
    was wrapped as 40 columns, and showed 80."""
    swords = "\u2694\ufe0f"
    assert [text_width(swords), text_width("\u2694"), text_width("1\ufe0f\u20e3")] == [2, 1, 2]
    assert text_width("x\ufe0f") == 1  # a letter is shown as itself
    assert [text_width(t) for t in _texts(inert_lines(swords * 40, "3"))] == [60, 20]
    assert wrapped_to_columns("a" * 59 + swords + "b", 60) == ["a" * 59, swords + "b"]


def test_a_name_with_such_a_symbol_fills_its_column() -> None:
    from wtg.game.textcolumn import column

    shown = column("\u2694\ufe0f Ann", 10)
    assert shown == "\u2694\ufe0f Ann    " and text_width(shown) == 10
