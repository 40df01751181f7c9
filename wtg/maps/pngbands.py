"""A palette picture written as a PNG in bands of rows, each band's compressed bytes kept
so that the next picture of the same board reuses those of every band that did not change.

Pillow writes PNGs too, but each whole, choosing a filter for every row as it goes: a turn's
pictures of one board, one a player, differ in a few places, and most of their rows are the
very rows of the picture before. The format allows what is done here: a PNG's pixels are one
zlib stream, which may be made of pieces, each compressed on its own and ended on a byte
boundary (zlib's sync flush), so that a band's bytes depend on its rows alone. The stream
ends with an empty last block and the checksum (Adler-32) of all the rows. Rows are left
unfiltered and compressed with zlib's run-length strategy: a palette picture of flat colours
is runs of one colour, and a run never reaches back into the band before.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
INDEXED = 3
"""The PNG colour type of a palette picture."""
ROWS = 16
"""Rows a band."""
LEVEL = 1
"""zlib's level: with the run-length strategy a higher one finds nothing more."""
ZLIB_HEADER = b"\x78\x01"
"""Deflate with a 32 kB window, the fastest level (the header's check bits included)."""
NO_FILTER = b"\x00"


class Band(NamedTuple):
    """A band's rows as the PNG holds them (each behind its filter byte), compressed."""

    rows: bytes
    packed: bytes


def palette_png(image: Image.Image, last: Sequence[Band] = ()) -> tuple[bytes, tuple[Band, ...]]:
    """The PNG of a palette (mode ``P``) picture, and its bands; a band whose rows are
    those of the band in its place in ``last`` (the bands of a picture as large) is not
    compressed again."""
    if image.mode != "P":
        raise ValueError(f"a palette picture was expected, not mode {image.mode}")
    width, height = image.size
    pixels = image.tobytes()
    bands: list[Band] = []
    checksum = zlib.adler32(b"")
    for index, top in enumerate(range(0, height, ROWS)):
        starts = range(top * width, min(top + ROWS, height) * width, width)
        rows = b"".join(NO_FILTER + pixels[start : start + width] for start in starts)
        checksum = zlib.adler32(rows, checksum)
        if index < len(last) and last[index].rows == rows:
            bands.append(last[index])
            continue
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS, 9, zlib.Z_RLE)
        bands.append(Band(rows, packer.compress(rows) + packer.flush(zlib.Z_SYNC_FLUSH)))
    ending = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS).flush()
    stream = b"".join((ZLIB_HEADER, *(band.packed for band in bands), ending))
    header = struct.pack(">IIBBBBB", width, height, 8, INDEXED, 0, 0, 0)
    palette = bytes(image.getpalette() or ())
    png = b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", stream + struct.pack(">I", checksum)),
            _chunk(b"IEND", b""),
        )
    )
    return png, tuple(bands)


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A chunk: its length, its kind, its data, and the CRC of kind and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
