"""A grid board (Tactics) placed in pixels: the tiles with their terrain and elevation, the
pieces, the reach, threat and battle marks, a legend, and the notes and tables below.

Every piece shows its side twice, by colour and by outline (circle, square, diamond,
triangle ...), and carries its label (the id orders use), its kind, level and hit points;
every mark has a cue of its own besides its colour (reach: a ring in the tile; threat: a
dashed ring and a "!"; attacked: a thick dashed frame).

A tile is darker the higher it stands, in steps of 32 (the digit it shows on large tiles,
elevation / 32, as the report says): tiles of one terrain and one digit look the same, so
the SVG shares their square (``grid.py``).

Tooltips say what the picture does not. A piece's (its side, kind, level, hit points, who
can attack it) and a marked tile's (reach, attacked) are always written. A plain tile's
(its ``x,y``, terrain and exact elevation) is written on boards of up to
``PLAIN_TOOLTIPS`` tiles (32 x 32) and left out on larger ones, where it would be most of
the picture's bytes (a 64 x 64 board: 4,096 of them): there the axes give the place, the
legend the terrain, the shade the elevation / 32.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from wtg.core.board import Arrow, Board, Piece, SideKey, Spot
from wtg.maps.palette import (
    darker,
    ink_on,
    named_colour,
    side_shape,
    terrain_colour,
)
from wtg.maps.plan import (
    Circle,
    Ground,
    Plan,
    Point,
    Polygon,
    Rect,
    Shape,
    Text,
    Tile,
    text_width,
)
from wtg.maps.shapes import ORDER_COLOURS

LEFT, TOP = 40, 60
"""The grid's top left corner: room for the title and the row and column numbers."""
GAP = 28
"""Between the grid and the legend, and the grid and the notes."""
LINE = 18
SMALL_CELL = 34
"""Below this many pixels a tile shows a piece's label only (the tooltip has the rest)."""
MIN_WIDTH, MIN_HEIGHT = 600, 400
REACH = "#7b2fbe"
THREAT = "#e00000"
BATTLE = "#ff7a00"
GRID_LINE = "#555555"
BORDER_TERRAIN = "border"
"""The map's edge, where nothing stands: it shows no elevation."""
ELEVATION_STEP = 32
"""A tile shows its elevation / 32, as the report does (a step of 32 or more needs wings)."""
SHADE_STEP = 0.4 * ELEVATION_STEP / 255
"""How much darker a tile is for each step of its elevation: as dark as a tile of the
step's lowest elevation was before the steps (40% at 255), 35% on the highest (224-255)."""
PLAIN_TOOLTIPS = 32 * 32
"""The most tiles a board may have for its plain tiles to carry a tooltip (module doc)."""


def cell_size(tiles: int) -> int:
    """Pixels a tile: the grid about 640 pixels wide, tiles 20 to 48 pixels."""
    return max(20, min(48, 640 // max(tiles, 1)))


def grid_plan(board: Board) -> Plan:
    """Where everything of the grid ``board`` is drawn."""
    if board.shape != "grid":
        raise ValueError(f"{board.title}: a board of {board.shape} is not drawn as a grid")
    size = _grid_size(board.spots)
    cell = cell_size(size)
    sides = {side.id: side for side in board.sides}
    shapes: list[Shape] = [Text(x=LEFT, y=26, text=board.title, size=16, bold=True)]
    shapes += _axes(size, cell)
    hilly = any(spot.elevation for spot in board.spots)
    plain_tooltips = len(board.spots) <= PLAIN_TOOLTIPS
    tiles = tuple(_tile(spot, plain_tooltips) for spot in board.spots)
    shapes.append(Ground(x=LEFT, y=TOP, cell=cell, stroke=GRID_LINE, stroke_width=0.5, tiles=tiles))
    for spot in board.spots:
        shapes += _tile_marks(spot, cell, hilly)
    for piece in board.pieces:
        shapes += _token(piece, cell, sides.get(piece.owner))
    for piece in board.pieces:
        shapes += _piece_texts(piece, cell, sides.get(piece.owner))
    for piece in board.pieces:
        shapes += _threat(piece, cell, sides.get(piece.owner))
    for arrow in board.arrows:
        shapes += _order(arrow, cell)
    legend_x = LEFT + size * cell + GAP
    legend: list[Shape] = list(_legend(board, legend_x, TOP, hilly))
    below: list[Shape] = list(_below(board, LEFT, TOP + size * cell + GAP))
    shapes += legend + below
    texts = [s for s in legend + below if isinstance(s, Text)]
    right = max([legend_x + 260.0] + [t.x + text_width(t.text, t.size) for t in texts])
    bottom = max([TOP + size * cell + 0.0] + [t.y for t in texts])
    width = max(MIN_WIDTH, math.ceil(right) + 16)
    height = max(MIN_HEIGHT, math.ceil(bottom) + 16)
    return Plan(width=width, height=height, title=board.title, shapes=tuple(shapes))


HALO = "#FFFFFF"
"""Round an order's words: the tiles and pieces under them do not hide them."""


def _order(arrow: Arrow, cell: int) -> list[Shape]:
    """An order as understood (the confirmation's picture): an arrow from the centre of
    its tile to the centre of its target's, and its words beside its middle."""
    (ax, ay), (bx, by) = (_tile_middle(position_of(spot), cell) for spot in (arrow.a, arrow.b))
    colour = ORDER_COLOURS.get(arrow.kind, "#000000")
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return [
            Text(
                x=ax,
                y=ay - cell * 0.35,
                text=arrow.label,
                size=11,
                colour=colour,
                anchor="middle",
                bold=True,
                halo=HALO,
            )
        ]
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    head = min(10.0, length / 2)
    half, wide = 1.5, 5.0
    neck = (bx - ux * head, by - uy * head)
    points = (
        (ax + nx * half, ay + ny * half),
        (neck[0] + nx * half, neck[1] + ny * half),
        (neck[0] + nx * wide, neck[1] + ny * wide),
        (bx, by),
        (neck[0] - nx * wide, neck[1] - ny * wide),
        (neck[0] - nx * half, neck[1] - ny * half),
        (ax - nx * half, ay - ny * half),
    )
    label = Text(
        x=(ax + bx) / 2 + nx * 9,
        y=(ay + by) / 2 + ny * 9 + 4,
        text=arrow.label,
        size=11,
        colour=colour,
        anchor="middle",
        bold=True,
        css=f"order-{arrow.kind}",
        halo=HALO,
    )
    return [
        Polygon(points=points, fill=colour, css=f"order {arrow.kind} {arrow.a} {arrow.b}"),
        label,
    ]


def _tile_middle(at: tuple[int, int], cell: int) -> tuple[float, float]:
    return LEFT + at[0] * cell + cell / 2, TOP + at[1] * cell + cell / 2


def position_of(spot_id: str) -> tuple[int, int]:
    """The column and row of a tile's id (``"3,4"``)."""
    x, _, y = spot_id.partition(",")
    return int(x), int(y)


def _grid_size(spots: Sequence[Spot]) -> int:
    """Tiles a side: one more than the largest column or row a tile has."""
    most = 0
    for spot in spots:
        x, y = position(spot)
        most = max(most, x + 1, y + 1)
    return most


def position(spot: Spot) -> tuple[int, int]:
    """A tile's ``"x,y"`` as numbers."""
    return position_of(spot.id)


def _axes(size: int, cell: int) -> Iterator[Text]:
    """The columns' numbers above the grid, then the rows' left of it."""
    for n in range(size):
        yield Text(x=LEFT + n * cell + cell / 2, y=TOP - 6, text=str(n), size=10, anchor="middle")
    for n in range(size):
        yield Text(x=LEFT - 6, y=TOP + n * cell + cell / 2 + 4, text=str(n), size=10, anchor="end")


def elevation_step(spot: Spot) -> int:
    """A tile's elevation / 32, 0 to 9: its digit and its shade."""
    return min(9, (spot.elevation or 0) // ELEVATION_STEP)


def _fill(spot: Spot) -> str:
    fill = darker(terrain_colour(spot.terrain), SHADE_STEP * elevation_step(spot))
    return _mix(fill, REACH, 0.35) if "reach" in spot.marks else fill


def _tile(spot: Spot, plain_tooltips: bool) -> Tile:
    column, row = position(spot)
    marked = "reach" in spot.marks or "battle" in spot.marks
    title = _tile_title(spot) if marked or plain_tooltips else None
    return Tile(column=column, row=row, tile=spot.id, fill=_fill(spot), title=title)


def _tile_marks(spot: Spot, cell: int, hilly: bool) -> Iterator[Shape]:
    """What is drawn on a tile: the reach ring, the attacked frame, the elevation digit."""
    x, y = position(spot)
    left, top = LEFT + x * cell, TOP + y * cell
    if "reach" in spot.marks:
        yield Circle(
            cx=left + cell / 2,
            cy=top + cell / 2,
            r=cell * 0.14,
            stroke=REACH,
            stroke_width=2,
            css="reach",
        )
    if "battle" in spot.marks:
        yield Rect(
            x=left + 2,
            y=top + 2,
            width=cell - 4,
            height=cell - 4,
            stroke=BATTLE,
            stroke_width=3,
            dashed=True,
            css="battle",
        )
    if hilly and cell >= SMALL_CELL and spot.terrain != BORDER_TERRAIN:
        yield Text(
            x=left + cell - 3,
            y=top + cell * 0.3,
            text=str(elevation_step(spot)),
            size=cell * 0.2,
            colour=ink_on(_fill(spot)),
            anchor="end",
            css="elevation",
        )


def _tile_title(spot: Spot) -> str:
    """A tile's tooltip: the tile as the report and the form write it (X/Y, ``03/04``; it
    said the board's id, ``3,4``, a form a player may not type), its terrain and the rest."""
    x, y = position(spot)
    words = [f"{x:02d}/{y:02d}: {spot.name}"]
    if spot.elevation is not None:
        words.append(f"elevation {spot.elevation}")
    if "reach" in spot.marks:
        words.append("your piece can walk here")
    if "battle" in spot.marks:
        words.append("attacked this turn")
    return ", ".join(words)


def _mix(colour: str, other: str, share: float) -> str:
    one, two = colour.lstrip("#"), other.lstrip("#")
    parts = (
        round(int(one[i : i + 2], 16) * (1 - share) + int(two[i : i + 2], 16) * share)
        for i in (0, 2, 4)
    )
    return "#" + "".join(f"{p:02x}" for p in parts)


def _centre(piece: Piece, cell: int) -> tuple[float, float, float, float]:
    """A piece's tile's left and top, and its middle."""
    x, _, y = piece.spot.partition(",")
    left, top = LEFT + int(x) * cell, TOP + int(y) * cell
    return left, top, left + cell / 2, top + cell / 2


def _token(piece: Piece, cell: int, side: SideKey | None) -> list[Shape]:
    """A piece's outline in its side's colour and shape: drawn for all pieces before
    their texts and threats (each stays in its tile, so the order changes nothing seen,
    and shapes that look alike come together: the SVG writes their look once)."""
    _, _, cx, cy = _centre(piece, cell)
    fill = named_colour(side.colour if side else None, piece.owner)
    return token(piece.owner, cx, cy, cell * 0.36, fill, _piece_title(piece, side))


def _piece_texts(piece: Piece, cell: int, side: SideKey | None) -> Iterator[Text]:
    """A piece's label; on large tiles its kind, level and hit points too."""
    left, top, cx, cy = _centre(piece, cell)
    ink = ink_on(named_colour(side.colour if side else None, piece.owner))
    if cell < SMALL_CELL:
        yield Text(
            x=cx,
            y=cy + cell * 0.1,
            text=piece.label,
            size=cell * 0.3,
            colour=ink,
            anchor="middle",
            bold=True,
            css="label",
        )
        return
    yield Text(
        x=cx,
        y=cy + cell * 0.02,
        text=piece.label,
        size=cell * 0.27,
        colour=ink,
        anchor="middle",
        bold=True,
        css="label",
    )
    yield Text(
        x=cx,
        y=cy + cell * 0.21,
        text=kind_short(piece.kind),
        size=cell * 0.19,
        colour=ink,
        anchor="middle",
        css="kind",
    )
    if piece.level is not None:
        yield Text(
            x=left + 3,
            y=top + cell * 0.25,
            text=f"L{piece.level}",
            size=cell * 0.2,
            css="level",
        )
    if piece.damage is not None:
        yield Text(
            x=left + cell - 3,
            y=top + cell - 3,
            text=piece.damage,
            size=cell * 0.2,
            anchor="end",
            css="hp",
        )


def _threat(piece: Piece, cell: int, side: SideKey | None) -> Iterator[Shape]:
    """The dashed ring round a piece an enemy can attack, and its "!" on large tiles."""
    if "threat" not in piece.marks:
        return
    left, top, cx, cy = _centre(piece, cell)
    yield Circle(
        cx=cx,
        cy=cy,
        r=cell * 0.47,
        stroke=THREAT,
        stroke_width=2.5,
        dashed=True,
        title=_piece_title(piece, side),
        css="threat",
    )
    if cell >= SMALL_CELL:
        yield Text(
            x=left + 3,
            y=top + cell - 3,
            text="!",
            size=cell * 0.3,
            colour=THREAT,
            bold=True,
            css="threat",
        )


def _piece_title(piece: Piece, side: SideKey | None) -> str:
    whose = f" ({side.name}, {side.colour or side.label})" if side else ""
    words = [f"piece {piece.label}{whose}: {piece.kind}"]
    if piece.level is not None:
        words.append(f"level {piece.level}")
    if piece.damage is not None:
        words.append(f"HP {piece.damage}")
    if piece.threatened_by:
        words.append(f"can be attacked by {', '.join(piece.threatened_by)}")
    return ", ".join(words)


def kind_short(kind: str) -> str:
    """A kind's first three letters (``Archer``: ``Arc``), the legend lists them in full."""
    return kind[:3]


def token(side_id: int, cx: float, cy: float, r: float, fill: str, title: str) -> list[Shape]:
    """A side's outline around (cx, cy): a circle for side 1, a square, a diamond ..."""
    shape = side_shape(side_id)
    stroke = "#1a1a1a"
    if shape == "circle":
        return [
            Circle(
                cx=cx,
                cy=cy,
                r=r,
                fill=fill,
                stroke=stroke,
                stroke_width=1.5,
                title=title,
                css="piece",
            )
        ]
    return [
        Polygon(
            points=outline(shape, cx, cy, r),
            fill=fill,
            stroke=stroke,
            stroke_width=1.5,
            title=title,
            css="piece",
        )
    ]


def outline(shape: str, cx: float, cy: float, r: float) -> tuple[Point, ...]:
    if shape == "square":
        corners: Sequence[Point] = ((-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9))
    elif shape == "diamond":
        corners = ((0, -1.15), (1.15, 0), (0, 1.15), (-1.15, 0))
    elif shape == "triangle":
        corners = ((0, -1.2), (1.15, 0.85), (-1.15, 0.85))
    elif shape == "hexagon":
        corners = [(math.cos(a * math.pi / 3), math.sin(a * math.pi / 3)) for a in range(6)]
    else:  # a star
        corners = [
            (
                (1.15 if i % 2 == 0 else 0.6) * math.sin(i * math.pi / 5),
                -(1.15 if i % 2 == 0 else 0.6) * math.cos(i * math.pi / 5),
            )
            for i in range(10)
        ]
    return tuple((round(cx + dx * r, 1), round(cy + dy * r, 1)) for dx, dy in corners)


def _legend(board: Board, x: float, y: float, hilly: bool) -> Iterator[Shape]:
    yield Text(x=x, y=y, text="Sides", size=13, bold=True)
    y += LINE + 4
    for side in board.sides:
        fill = named_colour(side.colour, side.id)
        yield from token(side.id, x + 9, y - 5, 8, fill, side.name)
        words = f"{side.label} {side.name}" + (f": {side.status}" if side.status else "")
        yield Text(x=x + 24, y=y, text=words, size=12, css="side")
        y += LINE + 4
    y += 6
    yield Text(x=x, y=y, text="Pieces", size=13, bold=True)
    for line in _piece_key(board):
        y += LINE
        yield Text(x=x, y=y, text=line, size=12)
    y += LINE + 6
    yield Text(x=x, y=y, text="Tiles", size=13, bold=True)
    for terrain in _terrains(board.spots):
        y += LINE
        yield Rect(
            x=x,
            y=y - 11,
            width=14,
            height=14,
            fill=terrain_colour(terrain),
            stroke=GRID_LINE,
            stroke_width=0.5,
        )
        yield Text(x=x + 24, y=y, text=terrain, size=12)
    if hilly:
        y += LINE
        yield Text(x=x, y=y, text="digit, darker: elevation / 32", size=12)
    yield from _mark_key(x, y + LINE + 6)


def _piece_key(board: Board) -> list[str]:
    kinds = sorted({piece.kind for piece in board.pieces})
    lines = ["label = the piece's number in orders", "L = level, 8/12 = hit points left"]
    row = ""
    for kind in kinds:
        item = f"{kind_short(kind)} {kind}"
        if row and len(row) + len(item) > 40:
            lines.append(row)
            row = ""
        row = f"{row}, {item}" if row else item
    if row:
        lines.append(row)
    return lines


def _terrains(spots: Sequence[Spot]) -> list[str]:
    seen: dict[str, None] = {}
    for spot in spots:
        seen.setdefault(spot.terrain or "?", None)
    return list(seen)


def _mark_key(x: float, y: float) -> Iterator[Shape]:
    yield Text(x=x, y=y, text="Marks", size=13, bold=True)
    y += LINE
    yield Rect(x=x, y=y - 11, width=14, height=14, fill=_mix("#ffffff", REACH, 0.35))
    yield Circle(cx=x + 7, cy=y - 4, r=3, stroke=REACH, stroke_width=2)
    yield Text(x=x + 24, y=y, text="reach: a piece of yours can walk here", size=12)
    y += LINE
    yield Circle(cx=x + 7, cy=y - 4, r=7, stroke=THREAT, stroke_width=2.5, dashed=True)
    yield Text(x=x + 24, y=y, text="threat, !: an enemy piece can attack it", size=12)
    y += LINE
    yield Rect(x=x, y=y - 11, width=14, height=14, stroke=BATTLE, stroke_width=3, dashed=True)
    yield Text(x=x + 24, y=y, text="attacked this turn", size=12)


def _below(board: Board, x: float, y: float) -> Iterator[Text]:
    for note in board.notes:
        y += LINE
        yield Text(x=x, y=y, text=note, size=12, css="note")
    for table in board.tables:
        y += LINE + 6
        yield Text(x=x, y=y, text=table.title, size=13, bold=True)
        rows = [table.header, *table.rows]
        widths = [
            max(len(row[i]) for row in rows if i < len(row)) for i in range(len(table.header))
        ]
        for number, row in enumerate(rows):
            y += LINE
            left = x
            for i, value in enumerate(row):
                yield Text(x=left, y=y, text=value, size=12, bold=number == 0)
                left += text_width("m" * (widths[i] if i < len(widths) else len(value)), 12) * 0.9
