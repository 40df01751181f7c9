"""Characters a screen draws joined into one, in a name's columns (attack48).

A Korean name written decomposed: Unicode's NFD writes each Hangul syllable as its letters
(U+1112 U+1161 U+11AB for 한), as a client on a Mac may send it, and a screen draws them as
the one syllable, two columns wide. Counted a column or two a letter, a name of four
syllables filled fifteen columns by the count and eight on a screen: cut and padded so, its
row of the Top Ten ended seven columns short of the others'.

An emoji coloured by a skin tone (``👍🏽``, U+1F44D U+1F3FD) is one picture two columns wide;
the tone counted two columns more, and a name of such emoji ended its row short as much."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from tests.site.games import people, play_game
from wtg.core.textwidth import cut_to_columns, text_width
from wtg.game.textcolumn import column

KOREAN = unicodedata.normalize("NFD", "\ud55c\uad6d\uc0ac\ub78c")  # 한국사람, decomposed
THUMBS = "Ann \U0001f44d\U0001f3fd\U0001f44d\U0001f3ff"  # two thumbs up, each of a skin tone
_ROW = re.compile(r"(\d+)\s+(\d+)\s+[A-Z]+$")


def _in_line_in_the_top_ten(tmp_path: Path, seat: int, name: str) -> None:
    """A game of three whose player of index ``seat`` is named ``name``: its Top Ten's rows
    hold the name, and their figures stand in one column."""
    players = people("wok4", 3)
    players[seat] = players[seat].replaced(name=name)
    game = play_game(tmp_path / "games", "wok4", "wok4", "small", 3, 1, players=players)
    rows = [line for line in game.topten().splitlines() if _ROW.search(line)]
    assert any(name in row for row in rows), rows
    ends = {text_width(row[: found.end(1)]) for row in rows if (found := _ROW.search(row))}
    assert len(ends) == 1, rows


def test_a_decomposed_korean_name_fills_the_columns_it_shows(tmp_path: Path) -> None:
    assert len(KOREAN) == 11
    assert text_width(KOREAN) == 8  # four syllables, two columns each
    assert column(KOREAN, 10) == KOREAN + "  "
    first, second = cut_to_columns(KOREAN, 4)  # two syllables a piece, none cut in two
    assert unicodedata.normalize("NFC", first) == "\ud55c\uad6d"
    assert unicodedata.normalize("NFC", second) == "\uc0ac\ub78c"
    _in_line_in_the_top_ten(tmp_path, 1, KOREAN)


def test_a_skin_toned_emoji_fills_the_columns_it_shows(tmp_path: Path) -> None:
    assert text_width(THUMBS) == 8  # Ann, a blank, two pictures of two columns
    assert text_width("\U0001f3fd") == 2  # a tone alone: a swatch
    assert column(THUMBS, 10) == THUMBS + "  "
    assert cut_to_columns(THUMBS, 6) == ["Ann \U0001f44d\U0001f3fd", "\U0001f44d\U0001f3ff"]
    _in_line_in_the_top_ten(tmp_path, 2, THUMBS)
