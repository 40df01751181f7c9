"""A Korean name written decomposed (attack48): Unicode's NFD writes each Hangul syllable as
its letters (U+1112 U+1161 U+11AB for 한), as a client on a Mac may send it, and a screen
draws them as the one syllable, two columns wide. Counted a column or two a letter, a name of
two syllables filled eight columns by the count and four on a screen: cut and padded so, its
row of the Top Ten ended four columns short of the others'."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from tests.site.games import people, play_game
from wtg.core.textwidth import cut_to_columns, text_width
from wtg.game.textcolumn import column

KOREAN = unicodedata.normalize("NFD", "\ud55c\uad6d\uc0ac\ub78c")  # 한국사람, decomposed
_ROW = re.compile(r"(\d+)\s+(\d+)\s+[A-Z]+$")


def test_a_decomposed_korean_name_fills_the_columns_it_shows(tmp_path: Path) -> None:
    assert len(KOREAN) == 11
    assert text_width(KOREAN) == 8  # four syllables, two columns each
    assert column(KOREAN, 10) == KOREAN + "  "
    first, second = cut_to_columns(KOREAN, 4)  # two syllables a piece, none cut in two
    assert unicodedata.normalize("NFC", first) == "\ud55c\uad6d"
    assert unicodedata.normalize("NFC", second) == "\uc0ac\ub78c"
    players = people("wok4", 3)
    players[1] = players[1].replaced(name=KOREAN)
    game = play_game(tmp_path / "games", "wok4", "wok4", "small", 3, 1, players=players)
    rows = [line for line in game.topten().splitlines() if _ROW.search(line)]
    assert any(KOREAN in row for row in rows), rows
    ends = {text_width(row[: found.end(1)]) for row in rows if (found := _ROW.search(row))}
    assert len(ends) == 1, rows
