"""Issue 29, item 4: a text of several words on a picture is made of its words, each
painted once a turn (a title that names each player, the legend, the troops of many
spots write the same words in many lines), and comes out as the line painted whole."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from wtg.maps.paintops import text_mask, word_mask

LINES = (
    "Game bench, turn 8: the view of player 3 (Cy)",
    "13 ARM 8 MIS",
    "P2  Bob (active, yours)",
    "bombed by missiles this turn",
    "Avé  Ωmega x",
)


@pytest.mark.parametrize("anchor", ["ls", "ms", "rs"])
@pytest.mark.parametrize("size", [20.0, 21.0, 24.0, 36.0])
def test_a_line_of_words_is_the_line_painted_whole(anchor: str, size: float) -> None:
    """The letters and the bold outline of a line made of its words' masks are, pixel
    for pixel, where the line painted whole puts them, at either place of the anchor in
    its cell."""
    for text in LINES:
        for stroke in (0, 1):
            for shift in ((0, 0), (1, 0), (1, 1)):
                made, corner = text_mask(text, size, anchor, stroke, shift)
                whole, whole_corner = word_mask(text, size, anchor, stroke, shift)
                assert (made.size, corner) == (whole.size, whole_corner), (text, stroke, shift)
                assert made.tobytes() == whole.tobytes(), (text, stroke, shift)


def test_a_halo_made_of_words_differs_only_where_two_words_halos_meet() -> None:
    """A halo (a wide outline) made of words is the words' halos over each other: where
    two meet in the gap between words it is the stronger of the two, not their sum. The
    rest is the line's halo painted whole."""
    made, corner = text_mask(LINES[0], 24.0, "ms", 3, (1, 1))
    whole, whole_corner = word_mask(LINES[0], 24.0, "ms", 3, (1, 1))
    assert (made.size, corner) == (whole.size, whole_corner)
    apart = ImageChops.difference(made, whole).tobytes()
    assert sum(1 for value in apart if value > 32) <= 4
    assert sum(1 for value in whole.tobytes() if value) > 2000


def test_each_word_is_painted_once() -> None:
    """A line's words are painted once: the lines that begin as it does (a spot's troops
    with or without missiles, say) paint none again."""
    text_mask.cache_clear()
    word_mask.cache_clear()
    text_mask("13 ARM 8 MIS", 20.0, "ls", 3, (0, 0))
    assert word_mask.cache_info().misses == 4
    for text in ("13 ARM", "13 ARM 8"):
        text_mask(text, 20.0, "ls", 3, (0, 0))
    assert word_mask.cache_info().misses == 4
    assert text_mask.cache_info().misses == 3
