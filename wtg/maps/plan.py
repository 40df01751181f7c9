"""What a picture is drawn with: rectangles, polygons, circles and texts, placed in pixels.

A plan of a picture is a list of these, in drawing order; the SVG template and the PNG
renderer both draw the same list, so the two pictures show the same thing.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from wtg.core.record import Record

Anchor = Literal["start", "middle", "end"]
Point = tuple[float, float]


class Painted(Record, kw_only=True):
    """How a rectangle, polygon or circle is painted: its fill and outline (None: none),
    the outline's width and dashes, its tooltip and its CSS class."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    dashed: bool = False
    title: str | None = None
    """The tooltip."""
    css: str = ""


class Rect(Painted, kw_only=True):
    op: ClassVar[str] = "rect"
    x: float
    y: float
    width: float
    height: float


class Polygon(Painted, kw_only=True):
    op: ClassVar[str] = "polygon"
    points: tuple[Point, ...]


class Circle(Painted, kw_only=True):
    op: ClassVar[str] = "circle"
    cx: float
    cy: float
    r: float


class Text(Record, kw_only=True):
    op: ClassVar[str] = "text"
    x: float
    y: float
    """The baseline."""
    text: str
    size: float
    colour: str = "#000000"
    anchor: Anchor = "start"
    bold: bool = False
    css: str = ""
    halo: str = ""
    """A colour drawn round the letters (a stroke under them), so that what lies under
    the words does not hide them; "" for none."""


class Tile(Record, kw_only=True):
    """A square of a grid: its column and row, its ``x,y`` (the SVG's ``data-tile``), its
    fill and its tooltip (None: it has none)."""

    column: int
    row: int
    tile: str
    fill: str
    title: str | None = None


class Ground(Record, kw_only=True):
    """A grid's tiles: squares of ``cell`` pixels, the top left one's corner at (x, y), each
    outlined by ``stroke``. One shape for all of them, so that the SVG can write each tile
    in few bytes (``grid.py``); the PNG draws each as a ``Rect``."""

    op: ClassVar[str] = "ground"
    x: float
    y: float
    cell: float
    stroke: str
    stroke_width: float
    tiles: tuple[Tile, ...]

    def rect(self, tile: Tile) -> Rect:
        """``tile`` as the rectangle it is drawn as."""
        return Rect(
            x=self.x + tile.column * self.cell,
            y=self.y + tile.row * self.cell,
            width=self.cell,
            height=self.cell,
            fill=tile.fill,
            stroke=self.stroke,
            stroke_width=self.stroke_width,
            title=tile.title,
        )


Shape = Rect | Polygon | Circle | Text | Ground


class Plan(Record):
    """A whole picture: its size, its title (for the SVG's ``<title>``) and what is drawn."""

    width: int
    height: int
    title: str
    shapes: tuple[Shape, ...]


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at ``size`` pixels (to make room for it)."""
    return 0.6 * size * len(text)
