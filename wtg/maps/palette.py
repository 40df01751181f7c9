"""The colours of the sides, chosen for readers who tell colours apart poorly, and the
second cue beside each colour.

The first seven sides take the Okabe-Ito colours (black left out: it hides the text); the
next nine Paul Tol's "muted" scheme; a side past sixteen takes a colour again with a
hatch over it. Every owned spot also carries its side's short label (``P3``), and the
legend gives each colour its name and label, so no one needs the colour alone. A neutral
spot is white, a spot whose owner the player cannot know light grey with a hatch and a
``?``.
"""

from __future__ import annotations

from zlib import crc32

from wtg.core.record import Record

OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
TOL_MUTED = (
    "#CC6677",
    "#332288",
    "#DDCC77",
    "#117733",
    "#88CCEE",
    "#882255",
    "#44AA99",
    "#999933",
    "#AA4499",
)
SIDE_COLOURS = OKABE_ITO + TOL_MUTED
NEUTRAL = "#FFFFFF"
UNKNOWN = "#D0D0D0"
INK = "#1A1A1A"
"""Lines and text on a light ground."""
PAPER = "#FFFFFF"
GROUP_TINTS = ("#F3E6C8", "#D9ECF7", "#DCEFE3", "#F6F0C4", "#E7E0F2", "#F7DCD0", "#E0E0E0")
"""Pale grounds for groups of spots (WISK's continents), in the order the groups come."""


class Paint(Record):
    """How a spot is filled: its colour, a hatch over it (``""`` none, ``"hatch"``,
    ``"cross"``), and the colour of text on it."""

    fill: str
    hatch: str
    text: str


def side_paint(side: int | None) -> Paint:
    """The paint of a spot held by ``side`` (0 neutral, None unknown)."""
    if side is None:
        return Paint(fill=UNKNOWN, hatch="hatch", text=INK)
    if side == 0:
        return Paint(fill=NEUTRAL, hatch="", text=INK)
    colour = SIDE_COLOURS[(side - 1) % len(SIDE_COLOURS)]
    rounds = (side - 1) // len(SIDE_COLOURS)
    hatch = ("", "hatch", "cross")[rounds % 3]
    return Paint(fill=colour, hatch=hatch, text=text_on(colour))


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (its relative luminance)."""
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    light = 0.2126 * _linear(red) + 0.7152 * _linear(green) + 0.0722 * _linear(blue)
    return INK if light > 0.2 else PAPER


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def group_tint(order: int) -> str:
    return GROUP_TINTS[order % len(GROUP_TINTS)]


def side_colour(side_id: int) -> str:
    """The colour of side ``side_id`` (0: neutral), as ``side_paint`` fills its spots."""
    return side_paint(side_id).fill


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


def darker(colour: str, share: float) -> str:
    """``colour`` mixed with ``share`` (0-1) of black."""
    mixed = (round(c * (1 - share)) for c in rgb(colour))
    return "#" + "".join(f"{c:02x}" for c in mixed)
