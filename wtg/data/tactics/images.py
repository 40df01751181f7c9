"""Map images: the tile map (an 8-bit palette image whose colour index is the tile) and its
elevation (a matching image whose palette colour's red component is the height, or a
random one made from a seed and a roughness). Read with Pillow."""

from __future__ import annotations

import random
import re
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from wtg.core.record import Record
from wtg.rules.tactics.world import AssetError

EXTENSIONS = (".bmp", ".png", ".gif")
MIN_SIZE = 4
MAX_SIZE = 64
ELEVATION_CELL = 4
"""Random elevation: heights are drawn on a grid this many tiles apart and blended between."""


class Picture(Record):
    """The pixels of a square image, row by row: palette indices (for a palette image) and
    the red component of each pixel's colour."""

    size: int
    indices: list[int]
    reds: list[int]


def find_asset(folder: Path, name: str) -> Path | None:
    """The file a world names ``maps\\arena`` (no extension): found under ``folder``
    whatever the case of its letters, as .bmp, .png or .gif."""
    parts = [p for p in re.split(r"[\\/]+", name.strip()) if p not in ("", ".")]
    if not parts or ".." in parts:
        return None
    current = folder
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        wanted = [part.lower()]
        if last and not part.lower().endswith(EXTENSIONS):
            wanted = [part.lower() + ext for ext in EXTENSIONS]
        found = _child(current, wanted, directory=not last)
        if found is None:
            return None
        current = found
    return current


def _child(folder: Path, wanted: list[str], directory: bool) -> Path | None:
    try:
        entries = {p.name.lower(): p for p in folder.iterdir()}
    except OSError:
        return None
    for name in wanted:
        path = entries.get(name)
        if path is not None and path.is_dir() == directory:
            return path
    return None


def read_picture(path: Path, palette_indices: bool) -> Picture:
    """A square image's pixels. ``palette_indices`` demands an 8-bit palette image (a map);
    otherwise any image will do (an elevation). Raises AssetError."""
    try:
        with Image.open(path) as image:
            image.load()
            return _pixels(image, path, palette_indices)
    except (OSError, UnidentifiedImageError, ValueError) as exc:
        if isinstance(exc, AssetError):
            raise
        raise AssetError(str(path), [f"cannot read the image: {exc}"]) from exc


def _pixels(image: Image.Image, path: Path, palette_indices: bool) -> Picture:
    width, height = image.size
    problems = []
    if width != height:
        problems.append(f"the image must be square (as wide as tall), found {width}x{height}")
    if not MIN_SIZE <= width <= MAX_SIZE:
        problems.append(f"the image must be {MIN_SIZE} to {MAX_SIZE} pixels wide, found {width}")
    if palette_indices and image.mode not in ("P", "L"):
        problems.append(f"a map must be an 8-bit palette image (256 colours), found {image.mode}")
    if problems:
        raise AssetError(str(path), problems)
    indices = list(image.tobytes()) if image.mode in ("P", "L") else []
    reds = list(image.convert("RGB").tobytes()[0::3])
    return Picture(width, indices, reds)


def random_elevation(size: int, seed: int, roughness: int) -> list[int]:
    """Heights 0..``roughness`` for a ``size`` x ``size`` map, the same for the same seed:
    random heights every ``ELEVATION_CELL`` tiles, blended in between (our own scheme; the
    text gives none). Roughness 0 is a flat map."""
    rng = random.Random(f"tactics-elevation:{seed}")
    cells = size // ELEVATION_CELL + 2
    grid = [[rng.randint(0, roughness) for _ in range(cells)] for _ in range(cells)]
    heights = []
    for y in range(size):
        gy, fy = divmod(y, ELEVATION_CELL)
        for x in range(size):
            gx, fx = divmod(x, ELEVATION_CELL)
            top = _blend(grid[gy][gx], grid[gy][gx + 1], fx)
            bottom = _blend(grid[gy + 1][gx], grid[gy + 1][gx + 1], fx)
            heights.append(round(_blend(top, bottom, fy)))
    return heights


def _blend(a: float, b: float, step: int) -> float:
    return a + (b - a) * step / ELEVATION_CELL
