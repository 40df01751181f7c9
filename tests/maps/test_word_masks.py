"""Issue 29, item 4: a text of several words on a picture is made of its words, each
painted once a turn (a title that names each player, the legend, the troops of many
spots write the same words in many lines), and comes out as the line painted whole."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops, ImageDraw

from wtg.maps.paintops import SUPERSAMPLE, font, letters, text_mask, word_mask

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


def pen_stroked(
    text: str, size: float, stroke: int, shift: tuple[int, int]
) -> tuple[Image.Image, tuple[int, int]]:
    """``word_mask`` as the font's own pen strokes the outline (FreeType's stroker, which
    costs more than the letters themselves): what the spread outline stands for."""
    k = SUPERSAMPLE
    face = font(size)
    left, top, right, bottom = (
        round(v) for v in face.getbbox(text, anchor="ms", stroke_width=stroke)
    )
    left, top = (left + shift[0]) // k * k - shift[0], (top + shift[1]) // k * k - shift[1]
    mask = Image.new("L", (math.ceil((right - left) / k) * k, math.ceil((bottom - top) / k) * k), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, 255, face, "ms", stroke_width=stroke, stroke_fill=255
    )
    return mask.reduce(k), (left, top)


@pytest.mark.parametrize("text", ["Hollowmarch", "13", "ARM", "P10", "Game"])
@pytest.mark.parametrize("size", [20, 22, 26, 36])
@pytest.mark.parametrize("stroke", [1, 3])
def test_an_outline_is_where_the_font_s_pen_puts_it(text: str, size: int, stroke: int) -> None:
    """A bold word's outline and a halo are the letters' coverage spread ``stroke``
    pixels: they cover what the font's pen stroking the letters covers, the same box,
    as much ink within a tenth, hardly a pixel apart by more than a shade."""
    spread, corner = word_mask(text, size, "ms", stroke, (1, 0))
    pen, pen_corner = pen_stroked(text, size, stroke, (1, 0))
    assert (spread.size, corner) == (pen.size, pen_corner)
    ink, pen_ink = sum(spread.tobytes()), sum(pen.tobytes())
    assert 0.88 * pen_ink <= ink <= pen_ink
    apart = ImageChops.difference(spread, pen).tobytes()
    assert sum(1 for value in apart if value > 96) <= 15
    plain, _ = word_mask(text, size, "ms", 0, (1, 0))
    assert ink > 1.25 * sum(plain.tobytes())


def test_a_word_s_letters_are_painted_once_for_every_outline() -> None:
    """A spot's number, plain, bold and under its halo, is the font's letters painted once."""
    letters.cache_clear()
    word_mask.cache_clear()
    for stroke in (0, 1, 3):
        for shift in ((0, 0), (1, 1)):
            word_mask("25", 26, "ms", stroke, shift)
    assert word_mask.cache_info().misses == 6
    assert letters.cache_info().misses == 1
