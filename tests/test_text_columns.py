"""A player's name in the columns of the plain text every player reads (wtg.game.textcolumn):
cut and padded by the columns it fills in a fixed-width font, so that a name of Chinese or
Japanese letters (two columns each) or with accents written after their letters (none)
leaves the numbers of its row under everyone else's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.games import people, play_game
from wtg.core.textwidth import char_width, char_widths
from wtg.game.textcolumn import column, text_width

CHINESE = (
    "\u738b\u5c0f\u660e\u7684\u738b\u56fd\u4e0e\u5927\u6d77\u4e4b\u5916"
    "\u7684\u5341\u56db\u4e2a\u5c9b\u5c7f\u548c\u6e56"
)
"""Nineteen Chinese letters: thirty-eight columns, more than a Top Ten's twenty."""
ACCENTED = "Zo\u0308e\u0301 Ame\u0301lie\u0300"
"""Accents as combining marks after their letters: ten columns of fourteen characters."""

_ROW = re.compile(r"(\d+)\s+(\d+)\s+[A-Z]+$")


def test_a_column_counts_what_a_screen_shows() -> None:
    assert column("Ann", 6) == "Ann   "
    assert column("\u738b\u5c0f\u660e", 6) == "\u738b\u5c0f\u660e"
    assert column("\u738b\u5c0f\u660e", 5) == "\u738b\u5c0f "  # no half of a wide letter
    assert column(ACCENTED, 12) == ACCENTED + "  "
    assert text_width(column(CHINESE, 20)) == 20
    assert column("W" * 25, 20) == "W" * 20


def test_an_ascii_text_fills_a_column_a_character_as_each_character_counts() -> None:
    """text_width and char_widths take an ASCII text by its length: what char_width says
    of each of its characters, the controls among them."""
    every = "".join(chr(code) for code in range(128))
    assert [char_width(char) for char in every] == [1] * 128
    assert char_widths(every) == [1] * 128
    assert text_width(every) == 128 == sum(map(char_width, every))


@pytest.mark.parametrize(
    ("ruleset", "map_name"), [("wok4", "small"), ("wisk", "classic"), ("tactics", "meadow")]
)
def test_the_top_tens_numbers_stand_in_one_column_whatever_the_names(
    tmp_path: Path, ruleset: str, map_name: str
) -> None:
    players = people(ruleset, 3)
    players[1] = players[1].replaced(name=CHINESE)
    players[2] = players[2].replaced(name=ACCENTED)
    game = play_game(tmp_path / "games", ruleset, ruleset, map_name, 3, 1, players=players)
    rows = [line for line in game.topten().splitlines() if _ROW.search(line)]
    assert len(rows) >= 3 and any(CHINESE[:5] in row for row in rows), rows
    ends = {text_width(row[: found.end(1)]) for row in rows if (found := _ROW.search(row))}
    assert len(ends) == 1, rows
