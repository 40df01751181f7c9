"""A palette picture written as a PNG in bands of rows, each band's compressed bytes kept
so that the next picture of the same board reuses those of every band that did not change.

Pillow writes PNGs too, but each whole, choosing a filter for every row as it goes: a turn's
pictures of one board, one a player, differ in a few places, and most of their rows are the
very rows of the picture before. The format allows what is done here: a PNG's pixels are one
zlib stream, which may be made of pieces, each compressed on its own and ended on a byte
boundary (zlib's sync flush), so that a band's bytes depend on its rows alone. The stream
ends with an empty last block and the checksum (Adler-32) of all the rows, worked out from
the bands' own checksums (``joined``), so that a band kept is never read again. Rows are
left unfiltered and compressed with zlib's run-length strategy: a palette picture of flat
colours is runs of one colour, and a run never reaches back into the band before.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
INDEXED = 3
"""The PNG colour type of a palette picture."""
ROWS = 16
"""Rows a band."""
RUN = 8
"""Bands cropped from the picture at once."""
LEVEL = 1
"""zlib's level: with the run-length strategy a higher one finds nothing more."""
ZLIB_HEADER = b"\x78\x01"
"""Deflate with a 32 kB window, the fastest level (the header's check bits included)."""
NO_FILTER = b"\x00"
ADLER_BASE = 65521
"""Adler-32's modulus: the largest prime below 2**16."""


class Band(NamedTuple):
    """A band's rows as the PNG holds them (each behind its filter byte), compressed, and
    their Adler-32."""

    rows: bytes
    packed: bytes
    check: int


def palette_png(
    image: Image.Image,
    last: Sequence[Band] = (),
    changed: Iterable[tuple[int, int]] | None = None,
) -> tuple[bytes, tuple[Band, ...]]:
    """The PNG of a palette (mode ``P``) picture, and its bands; a band whose rows are
    those of the band in its place in ``last`` (the bands of a picture as large) is not
    compressed again. ``changed``: the spans of rows (from, up to) outside which the
    picture is known to be ``last``'s, whose bands are then taken as they are, unread
    (None: any row may differ)."""
    if image.mode != "P":
        raise ValueError(f"a palette picture was expected, not mode {image.mode}")
    width, height = image.size
    tops = range(0, height, ROWS)
    read = _bands_of(changed, len(tops)) if changed is not None else None
    unread = {i for i in range(min(len(last), len(tops))) if read is not None and i not in read}
    rows_of = _band_rows(image, [i for i in range(len(tops)) if i not in unread])
    bands: list[Band] = []
    for index in range(len(tops)):
        kept = last[index] if index < len(last) else None
        if kept is not None and index in unread:
            bands.append(kept)
            continue
        rows = rows_of[index]
        if kept is not None and kept.rows == rows:
            bands.append(kept)
            continue
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS, 9, zlib.Z_RLE)
        packed = packer.compress(rows) + packer.flush(zlib.Z_SYNC_FLUSH)
        bands.append(Band(rows, packed, zlib.adler32(rows)))
    checksum = zlib.adler32(b"")
    for band in bands:
        checksum = joined(checksum, band.check, len(band.rows))
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


def joined(first: int, second: int, length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from the Adler-32 of each and
    the length of the second. (Adler-32 is two sums: A, one more than the sum of the bytes,
    and B, the sum of A after each byte; each byte of the second string adds to B the A of
    the first string less one, on top of what it adds alone.)"""
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % ADLER_BASE
    b = (b1 + b2 + length * (a1 - 1)) % ADLER_BASE
    return (b << 16) | a


def _bands_of(spans: Iterable[tuple[int, int]], count: int) -> set[int]:
    """The bands (by index, of ``count``) that the spans of rows touch."""
    found: set[int] = set()
    for start, stop in spans:
        found.update(range(max(0, start) // ROWS, min(count, -(-stop // ROWS))))
    return found


def _band_rows(image: Image.Image, indices: list[int]) -> dict[int, bytes]:
    """The rows of each band of ``indices`` (going down) as ``_rows`` gives them, a run of
    up to ``RUN`` neighbouring bands cropped from the picture at once."""
    width, height = image.size
    span = (width + 1) * ROWS
    found: dict[int, bytes] = {}
    start = 0
    while start < len(indices):
        stop = start + 1
        while stop < len(indices) and stop - start < RUN and indices[stop] == indices[stop - 1] + 1:
            stop += 1
        top = indices[start] * ROWS
        rows = _rows(image, top, min(indices[stop - 1] * ROWS + ROWS, height))
        for n, index in enumerate(indices[start:stop]):
            found[index] = rows[n * span : (n + 1) * span]
        start = stop
    return found


def _rows(image: Image.Image, top: int, bottom: int) -> bytes:
    """Rows ``top`` up to ``bottom`` of ``image`` as the PNG holds them, each behind its
    filter byte."""
    width = image.width
    pixels = image.crop((0, top, width, bottom)).tobytes()
    return b"".join(NO_FILTER + pixels[at : at + width] for at in range(0, len(pixels), width))


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A chunk: its length, its kind, its data, and the CRC of kind and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
