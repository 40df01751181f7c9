"""The shipped map images (``games/tactics/maps/*.bmp``), drawn here as text.

Run ``python -m wtg.data.tactics.drawmaps games/tactics/maps`` to write them again after
changing a drawing; a test checks that the shipped images match these drawings.

Tile characters (the colour index in brackets; ``games/tactics/tactics_ini.txt`` declares
the tiles): ``#`` border (0), ``.`` grass (1), ``f`` forest (2), ``~`` water (3), ``^`` lava
(4), ``R`` rock (5), ``s`` sand (6), ``=`` bridge (7), ``1``-``4`` the red, green, yellow
and blue starts (249-252). Elevation drawings use ``0``-``9`` for heights 0, 25, ... 225.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

TILE_CHARS = {
    "#": 0,
    ".": 1,
    "f": 2,
    "~": 3,
    "^": 4,
    "R": 5,
    "s": 6,
    "=": 7,
    "1": 249,
    "2": 250,
    "3": 251,
    "4": 252,
}
COLOURS = {
    0: (0, 0, 0),
    1: (70, 160, 60),
    2: (30, 100, 40),
    3: (40, 80, 200),
    4: (240, 110, 20),
    5: (120, 120, 120),
    6: (220, 200, 120),
    7: (140, 90, 40),
    249: (220, 30, 30),
    250: (30, 200, 30),
    251: (230, 220, 30),
    252: (30, 60, 230),
}
HEIGHT_STEP = 25

MEADOW = """
##############
#1....f.....2#
#...ff..ff...#
#..f......f..#
#............#
#.f..~~~~..f.#
#....~~~~....#
#....~~~~....#
#.f..~~~~..f.#
#............#
#..f......f..#
#...ff..ff...#
#3.....f....4#
##############
"""

LAVA_FORD = """
################
#1......R......#
#..f.......ff..#
#.....RR.......#
#..........R...#
#.ff...........#
#^^^ss^^^^ss^^^#
#^^^ss^^^^ss^^^#
#..............#
#...R......ff..#
#.......RR.....#
#..ff..........#
#.....R......f.#
#..............#
#.......2......#
################
"""

LAVA_FORD_HEIGHTS = """
0000000000000000
0000000000000000
0001111000000000
0012221000011100
0012221000012100
0001110000011100
0000000000000000
0000000000000000
0000000000000000
0000000033330000
0000000036630000
0011000033330000
0011000000000000
0000000000000000
0000000000000000
0000000000000000
"""

ISLANDS = """
############
#1...~~...2#
#....~~....#
#..f.==.f..#
#~~=~~~~=~~#
#~~.s..s.~~#
#~~..RR..~~#
#~~.s..s.~~#
#~~=~~~~=~~#
#..f.==.f..#
#3...~~...4#
############
"""

MAPS = {
    "meadow": (MEADOW, None),
    "lava_ford": (LAVA_FORD, LAVA_FORD_HEIGHTS),
    "islands": (ISLANDS, None),
}


def rows_of(drawing: str) -> list[str]:
    rows = [row for row in drawing.strip().splitlines()]
    if any(len(row) != len(rows) for row in rows):
        raise ValueError("a map drawing must be square")
    return rows


def tile_image(drawing: str) -> Image.Image:
    rows = rows_of(drawing)
    image = Image.new("P", (len(rows), len(rows)))
    palette = [0] * 768
    for index, (red, green, blue) in COLOURS.items():
        palette[3 * index : 3 * index + 3] = [red, green, blue]
    image.putpalette(palette)
    image.putdata([TILE_CHARS[c] for row in rows for c in row])
    return image


def height_image(drawing: str) -> Image.Image:
    rows = rows_of(drawing)
    image = Image.new("P", (len(rows), len(rows)))
    image.putpalette([value for grey in range(256) for value in (grey, grey, grey)])
    image.putdata([int(c) * HEIGHT_STEP for row in rows for c in row])
    return image


def write_maps(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (tiles, heights) in MAPS.items():
        path = folder / f"{name}.bmp"
        tile_image(tiles).save(path, format="BMP")
        written.append(path)
        if heights is not None:
            path = folder / f"{name}_height.bmp"
            height_image(heights).save(path, format="BMP")
            written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - a tool for whoever redraws a map
    for written in write_maps(Path(sys.argv[1] if len(sys.argv) > 1 else "games/tactics/maps")):
        print(written)
