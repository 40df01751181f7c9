"""What a node map is drawn with, in pixels: the records the scene (``scene.py``) places
and the SVG template and the PNG painter draw, and the sizes they share."""

from __future__ import annotations

from collections.abc import Mapping

from wtg.core.board import Mark
from wtg.core.record import Record
from wtg.maps.palette import INK, Paint

RADIUS = 19
"""A spot's disc, in pixels."""
NAME_SIZE, DETAIL_SIZE = 11.0, 10.0
"""The type of a spot's name and of its detail line (terrain, troops) under the disc."""
DETAIL_ROOM = 13
"""The characters of a detail line a spot whose troops a player cannot see is given room
for ("12 ARM 10 MIS"): another player's picture of the board may show them, and every
player's picture of a board is drawn at one scale unless one sees a longer line."""
MAP_AREA = (900.0, 620.0)
"""The area the map fills at least (so the picture is at least 600x400 with room)."""
LARGEST = 8000.0
"""No picture is wider or taller than this (a map whose layout puts spots nearly on top
of each other is drawn this large, and its spots may touch)."""
MARGIN = 24.0
GROUP_ROOM = 24.0
"""Room above the map for the names of groups (WISK's continents)."""
TITLE_HEIGHT = 40.0
LEGEND_GAP = 24.0
LINE = 16.0
"""The height of a line of the legend, the tables and the notes."""
CHAR = 0.58
"""The width of a character of the sans-serif type, over its size (a fair upper bound)."""
NAME_CHARS = 16

MARK_BADGES: Mapping[Mark, tuple[str, str]] = {
    "battle": ("B", "battle fought this turn"),
    "conquered": ("C", "changed hands this turn"),
    "bombed": ("M", "bombed by missiles this turn"),
    "spied": ("S", "spies at work this turn"),
    "start": ("H", "a start province (home)"),
    "reach": ("R", "a piece of yours can reach it"),
    "threat": ("T", "an enemy piece can reach it"),
}
"""The letter drawn on a spot for each mark, and what the legend says of it; ``home`` (a
spot of the player's own) is drawn as a ring instead."""
BADGE_ANGLES = (-45.0, -135.0, 45.0, 135.0, -90.0, 90.0, 0.0)


class Text(Record):
    x: float
    y: float
    text: str
    size: float
    colour: str = INK
    anchor: str = "middle"
    """``start``, ``middle`` or ``end``, as SVG's text-anchor."""
    bold: bool = False


class Badge(Record):
    x: float
    y: float
    letter: str


class Disc(Record):
    """A spot on the page."""

    spot: str
    kind: str
    x: float
    y: float
    paint: Paint
    label: str
    """The second cue beside the colour: the side's short label, ``N`` or ``?``."""
    name: str
    detail: str
    """The line under the name: the terrain's first letters and the troops, as known."""
    own: bool
    conquered: bool
    badges: tuple[Badge, ...]
    title: str
    """The tooltip of the SVG: id, name, holder and troops in words."""


class Segment(Record):
    a: str
    b: str
    x1: float
    y1: float
    x2: float
    y2: float
    part: int = 0
    """0: the whole border; 1 and 2: the two halves of one drawn off the map's edges, from
    ``a`` and from ``b`` (only part 1 carries the SVG's ``data-link``)."""


class Hull(Record):
    """The ground under a group of spots (a WISK continent) and its name."""

    name: str
    tint: str
    points: tuple[tuple[float, float], ...]
    label: Text


class Swatch(Record):
    """A disc of the legend, painted as the spots it stands for."""

    x: float
    y: float
    paint: Paint


class Key(Record):
    """The legend: a swatch a side (and neutral, unknown), the ring of the player's own
    spots, a badge a mark, and their words."""

    swatches: tuple[Swatch, ...]
    ring: tuple[float, float] | None
    badges: tuple[Badge, ...]
    texts: tuple[Text, ...]


ORDER_COLOURS: Mapping[str, str] = {
    "attack": "#C0392B",
    "move": "#1F5FAD",
    "fortify": "#1F5FAD",
    "bomb": "#1A1A1A",
    "spy": "#7B2FBE",
    "place": "#1E7B45",
}
"""The colour of each kind of order drawn (``core.board.Arrow``); bombing and spying are
dashed as well, so the colour is never the only cue."""
DASHED_ORDERS = frozenset({"bomb", "spy"})


class OrderLine(Record):
    """An order on the page: a line from disc edge to disc edge with its head at the end
    (none for an order that stays on its spot: ``x1 == x2``), and its words."""

    kind: str
    a: str
    b: str
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    dashed: bool
    label: Text


class Scene(Record):
    width: int
    height: int
    radius: float
    title: Text
    hulls: tuple[Hull, ...]
    segments: tuple[Segment, ...]
    discs: tuple[Disc, ...]
    key: Key
    texts: tuple[Text, ...]
    """The tables and the notes under the map."""
    orders: tuple[OrderLine, ...] = ()
    """A player's orders as understood (the confirmation's picture)."""


def short(text: str, chars: int = NAME_CHARS) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "\u2026"


def width(text: str, size: float) -> float:
    return len(text) * size * CHAR
