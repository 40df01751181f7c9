"""Press of characters every font draws as wide as several letters (the Basmala U+FDFD, a
cuneiform sign, the three-em dash U+2E3B) is wrapped by the columns they fill, as a name of
them is refused (``wtg.lobby.lookalikes``). Counted one column each, a line of twenty
Basmalas with words between them was left whole at 60 "columns", some 160 on a screen: a
phone wrapped it again and showed its tail on a row without the writer's ``2|`` mark."""

from __future__ import annotations

import pytest

from wtg.aof.mailtext import INERT_WIDTH
from wtg.core.textwidth import DRAWN_WIDE_COLUMNS, char_width, text_width
from wtg.game.report import press_lines

DRAWN = ["\ufdfd", "\U00012219", "\u2e3b", "\ufdfa", "\u2e3a", "\U0001242b"]


@pytest.mark.parametrize("char", DRAWN)
def test_a_character_drawn_wide_is_counted_its_columns(char: str) -> None:
    assert char_width(char) == DRAWN_WIDE_COLUMNS == 6
    assert text_width(f"ab{char}") == 8


@pytest.mark.parametrize("char", DRAWN)
def test_press_of_characters_drawn_wide_keeps_each_row_within_its_width(char: str) -> None:
    text = " ".join([f"{char}{char} word"] * 12)
    lines = press_lines(text, 2)
    assert len(lines) > 1
    for line in lines:
        assert line.startswith("2| "), lines
        assert text_width(line) <= INERT_WIDTH + len("2| "), lines
    assert " ".join(line.removeprefix("2| ") for line in lines) == text


def test_a_word_of_them_wider_than_a_line_is_cut_between_them() -> None:
    lines = press_lines("\ufdfd" * 25, 2)
    assert lines == ["2| " + "\ufdfd" * 10, "2| " + "\ufdfd" * 10, "2| " + "\ufdfd" * 5]
