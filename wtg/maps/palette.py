"""The colours and shapes of map pictures, kept in one place: a colour and a shape for each
side (the shape is the second cue, for players who cannot tell the colours apart), the
colours of terrains, and the ink that reads on a colour."""

from __future__ import annotations

from zlib import crc32

SIDE_COLOURS = (
    "#e69f00",
    "#56b4e9",
    "#009e73",
    "#f0e442",
    "#0072b2",
    "#d55e00",
    "#cc79a7",
    "#999999",
)
"""The Okabe-Ito colours, told apart by most colour-blind eyes: side 1 gets the first."""
NEUTRAL = "#c8c8c8"
"""Side 0: nobody's."""

NAMED_COLOURS = {
    "red": "#d62728",
    "green": "#2ca02c",
    "yellow": "#f5d000",
    "blue": "#1f5fd6",
}
"""The colours the rules name sides by (Tactics' red, green, yellow and blue armies)."""

SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "star")
"""A piece's outline by side, the second cue beside its colour."""

TERRAIN_COLOURS = {
    "border": "#3a3a3a",
    "start": "#e6dcc3",
    "grass": "#a9d18e",
    "forest": "#5e9c58",
    "water": "#86b8e8",
    "lava": "#f39a5b",
    "rock": "#a8a8a8",
    "sand": "#eadaa6",
    "bridge": "#b38b5d",
}
"""Terrains by the word their name holds (``tileGrass`` is ``Grass``)."""
SPARE_TERRAIN = (
    "#c9b79c",
    "#9fc5c0",
    "#d7b7d9",
    "#c7d59f",
    "#e3c08d",
    "#a9b7d6",
    "#d9a6a6",
    "#b5d6a7",
)
"""Terrains of other worlds, picked by their name's checksum (the same name, the same
colour, in every picture)."""


def side_colour(side_id: int) -> str:
    """The colour of side ``side_id`` (0: neutral)."""
    if side_id <= 0:
        return NEUTRAL
    return SIDE_COLOURS[(side_id - 1) % len(SIDE_COLOURS)]


def named_colour(name: str | None, side_id: int) -> str:
    """The colour the rules name (``"red"``), or side ``side_id``'s when they name none or
    one this palette does not know."""
    return NAMED_COLOURS.get((name or "").lower(), side_colour(side_id))


def side_shape(side_id: int) -> str:
    return SHAPES[(max(side_id, 1) - 1) % len(SHAPES)]


def terrain_colour(terrain: str | None) -> str:
    name = (terrain or "").lower()
    for word, colour in TERRAIN_COLOURS.items():
        if word in name:
            return colour
    return SPARE_TERRAIN[crc32(name.encode("utf-8")) % len(SPARE_TERRAIN)]


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as numbers."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    red, green, blue = rgb(colour)
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#ffffff"


def lighter(colour: str, share: float) -> str:
    """``colour`` mixed with ``share`` (0-1) of white."""
    mixed = (round(c + (255 - c) * share) for c in rgb(colour))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def darker(colour: str, share: float) -> str:
    """``colour`` mixed with ``share`` (0-1) of black."""
    mixed = (round(c * (1 - share)) for c in rgb(colour))
    return "#" + "".join(f"{c:02x}" for c in mixed)
