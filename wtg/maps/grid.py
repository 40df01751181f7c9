"""Grid boards (Tactics) as pictures: SVG from the Jinja template ``maps/grid.svg.j2``, PNG
with Pillow, both drawing the same plan (``gridplan.py``).

The SVG is written short, for a board of 64 x 64 tiles is 4,096 of them:

- each tile is a ``<use data-tile="x,y">`` of its shade, a square in ``<defs>`` shared by
  every tile of one fill (a terrain at one elevation / 32, reached or not), placed by its
  column in a group a row, itself in a group scaled to the tile's size that gives the
  outline (stroke) to all;
- shapes and texts that follow one another with one look (the axes' numbers, a side's
  pieces, their labels) have it from a group around them;
- no ``<style>``: an SVG inlined in an HTML page (the site's game and turn pages) would
  make it the page's stylesheet, applied to the other pictures on it too.

The ids of the shades are the picture's own: they start with a short digest of the picture
(written with a placeholder there, then put in its place), so that two different pictures
inlined in one page share them only by a chance of one in 33,696 (``ID_DIGITS``); the
same picture twice shares them, with the same squares behind them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from functools import cache
from typing import ClassVar

import jinja2

from wtg.core.board import Board
from wtg.core.record import Record
from wtg.game.report import template_environment
from wtg.maps.gridplan import grid_plan
from wtg.maps.plan import Circle, Ground, Plan, Polygon, Rect, Text, Tile
from wtg.maps.raster import plan_png
from wtg.maps.svg import svg_number, xml_text

GRID_TEMPLATE = "maps/grid.svg.j2"
ID_MARK = "@@"
"""Where the template writes the picture's id prefix; the digest replaces it (only right
after ``id="`` and ``href="#``, where no autoescaped text can put it)."""
ID_DIGITS = 3
"""Characters of the digest in an id's prefix, a letter and base-36 digits: two different
pictures share it once in 26 x 36 x 36 (33,696). Each one more costs a byte a tile."""
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_BASE36 = "0123456789" + _LETTERS
Look = tuple[tuple[str, str], ...]


class Placed(Record):
    """A tile and the name of its shade (after the picture's prefix in its id)."""

    tile: Tile
    shade: str


class Row(Record):
    row: int
    tiles: tuple[Placed, ...]


class Tiles(Record):
    """A ``Ground`` as the SVG writes it: its fills once each, its tiles row by row."""

    op: ClassVar[str] = "tiles"
    ground: Ground
    shades: tuple[tuple[str, str], ...]
    """Each fill and its shade's name."""
    rows: tuple[Row, ...]
    stroke_width: str
    """The outline's width in the group scaled to a tile (a tile 1 wide)."""


class Run(Record):
    """Shapes one after another that look the same (``look``: their presentation
    attributes, as name and value), written in a group that gives it to them."""

    op: ClassVar[str] = "run"
    look: Look
    shapes: tuple[Rect | Polygon | Circle | Text, ...]


Part = Rect | Polygon | Circle | Text | Tiles | Run


@cache
def environment() -> jinja2.Environment:
    """Templates of pictures: autoescaped (names come from players), the same every run."""
    return template_environment(autoescape=True, filters={"n": svg_number})


def grid_svg(board: Board) -> str:
    """The grid ``board`` as SVG: one ``data-tile="x,y"`` element a tile."""
    plan = grid_plan(board)
    template = environment().get_template(GRID_TEMPLATE)
    text = template.render(plan=plan, parts=list(svg_parts(plan)), ids=ID_MARK, look=look)
    return own_ids(xml_text(text))


def grid_png(board: Board) -> bytes:
    """The grid ``board`` as PNG, the same picture as ``grid_svg``."""
    return plan_png(grid_plan(board))


def svg_parts(plan: Plan) -> Iterator[Part]:
    """The plan's shapes in the order drawn, its ground as ``Tiles`` and the shapes that
    follow one another with one look gathered in a ``Run``."""
    run: list[Rect | Polygon | Circle | Text] = []
    for shape in plan.shapes:
        if isinstance(shape, Ground):
            yield from _run(run)
            run = []
            yield tiles(shape)
        elif run and look(run[0]) != look(shape):
            yield from _run(run)
            run = [shape]
        else:
            run.append(shape)
    yield from _run(run)


def _run(shapes: Sequence[Rect | Polygon | Circle | Text]) -> Iterator[Part]:
    if len(shapes) == 1:
        yield shapes[0]
    elif shapes:
        yield Run(look(shapes[0]), tuple(shapes))


def look(shape: Rect | Polygon | Circle | Text) -> Look:
    """How ``shape`` is painted, as the SVG's attributes (its class aside: tests and
    scripts find the shapes by it)."""
    if isinstance(shape, Text):
        pairs = [("font-size", svg_number(shape.size)), ("fill", shape.colour)]
        if shape.anchor != "start":
            pairs.append(("text-anchor", shape.anchor))
        if shape.bold:
            pairs.append(("font-weight", "bold"))
        if shape.halo:
            pairs += [("stroke", shape.halo), ("stroke-width", "3"), ("paint-order", "stroke")]
        return tuple(pairs)
    pairs = [("fill", shape.fill or "none")]
    if shape.stroke:
        pairs += [("stroke", shape.stroke), ("stroke-width", svg_number(shape.stroke_width))]
    if shape.dashed:
        pairs.append(("stroke-dasharray", "4 3"))
    return tuple(pairs)


def tiles(ground: Ground) -> Tiles:
    fills = dict.fromkeys(tile.fill for tile in ground.tiles)
    names = {fill: shade_name(n) for n, fill in enumerate(fills)}
    rows: dict[int, list[Placed]] = {}
    for tile in ground.tiles:
        rows.setdefault(tile.row, []).append(Placed(tile, names[tile.fill]))
    return Tiles(
        ground=ground,
        shades=tuple(names.items()),
        rows=tuple(Row(row, tuple(rows[row])) for row in sorted(rows)),
        stroke_width=f"{ground.stroke_width / ground.cell:.4g}",
    )


def own_ids(text: str) -> str:
    """``text`` with its ids' placeholder made the picture's own prefix (the module doc):
    a letter and ``ID_DIGITS - 1`` base-36 digits of its digest."""
    number = int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big")
    number, first = divmod(number, len(_LETTERS))
    prefix = _LETTERS[first]
    for _ in range(ID_DIGITS - 1):
        number, digit = divmod(number, len(_BASE36))
        prefix += _BASE36[digit]
    return text.replace(f'id="{ID_MARK}', f'id="{prefix}').replace(
        f'href="#{ID_MARK}', f'href="#{prefix}'
    )


def shade_name(index: int) -> str:
    """A shade's number in base 36: one character for each of the first 36."""
    name = ""
    while True:
        index, digit = divmod(index, len(_BASE36))
        name = _BASE36[digit] + name
        if not index:
            return name
