"""Issue 29, item 4: a turn's pictures written as PNGs in bands of rows, each band's
compressed bytes reused by the next picture where its rows did not change."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image, ImageDraw

from wtg.maps.pngbands import ROWS, palette_png


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
