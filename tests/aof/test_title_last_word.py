"""A form's section title broken to the form's width keeps its last word company: titles
ended ``(you have`` over ``  0)`` (WoK IV's TECH TRADES), ``orders run this`` over
``  turn`` (Standard's and Intermediate's ATTACKS), ``(your cards:`` over ``  none)``
(WISK's TRADE), a number or a word alone on a line of its own. Since round 45 the part in
brackets goes down whole (``tests/aof/test_title_brackets.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import players
from wtg.game.engine import create_game
from wtg.text.prose import words_wrapped


def lines_after(form: str, start: str, count: int = 2) -> list[str]:
    lines = form.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(start))
    return lines[at : at + count]


def test_the_forms_titles_leave_no_word_alone(tmp_path: Path) -> None:
    wok4 = create_game(tmp_path / "w", "wok4", "classic60", players(2), 5).aof(1)
    assert lines_after(wok4, "PHASE V - TECH TRADES") == [
        "PHASE V - TECH TRADES: 100, 150, 200, 250 or 350 tech points",
        "  (you have 0)",
    ]
    standard = create_game(tmp_path / "s", "standard", "classic60", players(2), 5).aof(1)
    assert lines_after(standard, "2 ATTACKS") == [
        "2 ATTACKS: neighbouring provinces; the first 3 valid orders run",
        "  this turn",
    ]
    wisk = create_game(tmp_path / "k", "wisk", "classic", players(2), 5).aof(1)
    assert lines_after(wisk, "TRADE:") == [
        "TRADE: three cards each; the next set traded is worth 4",
        "  (your cards: none)",
    ]


def test_a_title_that_fits_or_ends_in_two_words_is_as_wrapped() -> None:
    assert words_wrapped("a short title", "  ", 72) == "a short title"
    assert words_wrapped("one two three four", "  ", 13) == "one two\n  three four"
    assert words_wrapped("one two three four five", "  ", 13) == "one two three\n  four five"
