"""Issue 29, item 4: a turn's pictures written as PNGs in bands of rows, each band's
compressed bytes reused by the next picture where its rows did not change."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image, ImageDraw

from wtg.maps import pngbands
from wtg.maps.pngbands import ROWS, joined, palette_png


def _picture(spots: list[tuple[int, int]], width: int = 200, height: int = 90) -> Image.Image:
    """A palette picture of flat colours: paper, with a disc at each spot."""
    image = Image.new("RGB", (width, height), "#F4EFE3")
    draw = ImageDraw.Draw(image)
    for x, y in spots:
        draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill="#D55E00", outline="#222222")
    return image.quantize(colors=16, dither=Image.Dither.NONE)


def _chunks(png: bytes) -> dict[bytes, bytes]:
    """The PNG's chunks by kind (each kind once here), their CRCs checked."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = {}, 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + data), kind
        found[kind] = data
        at += 12 + length
    return found


def test_the_png_holds_the_pictures_pixels_and_palette() -> None:
    image = _picture([(20, 20), (150, 70)])
    png, bands = palette_png(image)
    back = Image.open(io.BytesIO(png))
    back.load()
    assert (back.mode, back.size) == ("P", image.size)
    assert back.tobytes() == image.tobytes() and back.getpalette() == image.getpalette()
    chunks = _chunks(png)
    assert list(chunks) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    rows = zlib.decompress(chunks[b"IDAT"])  # one stream, its checksum right
    assert rows == b"".join(band.rows for band in bands)
    assert len(bands) == -(-image.height // ROWS)  # the last band is short


def test_a_band_whose_rows_did_not_change_is_reused_and_the_bytes_are_the_same() -> None:
    first = _picture([(20, 20), (150, 70)])
    second = _picture([(20, 20), (150, 40)])  # the second disc moved up: a band or two
    _, kept = palette_png(first)
    over, bands = palette_png(second, kept)
    fresh, _ = palette_png(second)
    assert over == fresh  # the same bytes whether bands were reused or not
    reused = [band is old for band, old in zip(bands, kept, strict=True)]
    assert reused[0] and not all(reused)


def test_a_picture_without_a_palette_is_refused() -> None:
    with pytest.raises(ValueError, match="a palette picture was expected, not mode RGB"):
        palette_png(Image.new("RGB", (4, 4)))


def test_bands_outside_the_rows_said_changed_are_taken_unread() -> None:
    """The painter says which rows it painted again: a band outside them is the last
    picture's, not read or compared (a band told wrongly unchanged keeps the old bytes:
    what shows it was not read), and the PNG is the one written whole."""
    first = _picture([(20, 20), (150, 70)])
    second = _picture([(20, 20), (150, 40)])  # rows 31 to 49 and 61 to 79 differ
    _, kept = palette_png(first)
    told, bands = palette_png(second, kept, [(28, 80)])
    fresh, _ = palette_png(second)
    assert told == fresh
    reused = [band is old for band, old in zip(bands, kept, strict=True)]
    assert len(reused) == 6 and reused[0] and reused[5] and not all(reused)
    untold, _ = palette_png(second, kept, [(0, 16)])  # the change not said: the old rows
    assert untold != fresh
    back = Image.open(io.BytesIO(untold))
    back.load()
    assert back.tobytes()[ROWS * 200 :] == first.tobytes()[ROWS * 200 :]


def test_the_checksum_of_rows_joined_is_that_of_the_rows_together() -> None:
    """Adler-32 of two strings from those of each (its sums wrap at 65521: long strings
    of high bytes, and empty ones, are checked too)."""
    chance = random.Random(29)
    pieces = [b"", b"\x00", b"\xff" * 70_000, bytes(chance.randrange(256) for _ in range(5000))]
    pieces += [bytes([chance.randrange(200, 256)]) * chance.randrange(1, 200_000) for _ in range(4)]
    for first in pieces:
        for second in pieces:
            together = joined(zlib.adler32(first), zlib.adler32(second), len(second))
            assert together == zlib.adler32(first + second)


@pytest.mark.parametrize(
    "indices",
    [
        list(range(13)),  # every band of the picture, in runs longer than RUN
        [0, 1, 2, 5, 6, 12],  # runs, a gap, the last band (short)
        [3],
        [],
    ],
)
def test_bands_cropped_a_run_at_once_hold_each_band_s_own_rows(indices: list[int]) -> None:
    """The rows of neighbouring bands are cropped from the picture together and cut into
    bands: each band's rows are those the band cropped alone holds, the last band, shorter
    than the others, too."""
    height = 12 * ROWS + 5
    image = _picture([(20 + 13 * n, 7 * n) for n in range(28)], width=210, height=height)
    found = pngbands._band_rows(image, indices)
    assert sorted(found) == indices
    for index in indices:
        alone = pngbands._rows(image, index * ROWS, min(index * ROWS + ROWS, height))
        assert found[index] == alone, index
    assert pngbands.RUN < 13
