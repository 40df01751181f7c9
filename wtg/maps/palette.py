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
