"""A board placed on the page: every disc, line, badge and word of a node map with its
place in pixels, ready for the SVG template and the PNG painter to draw the same picture.

The spots' positions (from the map's ``layout:`` or computed) are in any unit; they are
scaled so that no spot's box (its disc, name and troops) overlaps another's and the map
fills at least the default drawing area, with the legend to the right of the map and
the tables and notes under it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from wtg.core.board import Board, Mark, SideKey, Spot
from wtg.core.record import Record
from wtg.maps.palette import INK, Paint, group_tint, side_paint

RADIUS = 19
"""A spot's disc, in pixels."""
NAME_SIZE, DETAIL_SIZE = 11.0, 10.0
"""The type of a spot's name and of its detail line (terrain, troops) under the disc."""
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


def place(board: Board, positions: Mapping[str, tuple[float, float]]) -> Scene:
    """The board drawn at ``positions`` (one for every spot; any unit)."""
    raw = [positions[spot.id] for spot in board.spots]
    sides = {side.id: side for side in board.sides}
    texts = [_words(spot, sides) for spot in board.spots]
    box = _box(texts)
    scale = _scale(raw, _linked(board, positions), box)
    xs = [x for x, _y in raw] or [0.0]
    ys = [y for _x, y in raw] or [0.0]
    content_w = (max(xs) - min(xs)) * scale + box[0]
    content_h = (max(ys) - min(ys)) * scale + box[1]
    map_w, map_h = max(MAP_AREA[0], content_w), max(MAP_AREA[1], content_h)
    map_top = TITLE_HEIGHT + MARGIN + (GROUP_ROOM if _grouped(board) else 0.0)
    left = MARGIN + (map_w - content_w) / 2 + box[0] / 2
    top = map_top + (map_h - content_h) / 2 + RADIUS
    at = {
        spot.id: (left + (x - min(xs)) * scale, top + (y - min(ys)) * scale)
        for spot, (x, y) in zip(board.spots, raw, strict=True)
    }
    discs = tuple(
        _disc(spot, at[spot.id], words) for spot, words in zip(board.spots, texts, strict=True)
    )
    segments = tuple(
        Segment(
            a=link.a,
            b=link.b,
            x1=at[link.a][0],
            y1=at[link.a][1],
            x2=at[link.b][0],
            y2=at[link.b][1],
        )
        for link in board.links
        if link.a in at and link.b in at
    )
    hulls = _hulls(board.spots, at)
    legend_x = MARGIN + map_w + LEGEND_GAP
    key, legend_bottom, legend_w = _legend(board, legend_x)
    under, under_w, under_h = _under(board, map_top + map_h + MARGIN)
    width = max(legend_x + legend_w + MARGIN, MARGIN + under_w + MARGIN)
    height = max(legend_bottom, map_top + map_h + MARGIN + under_h) + MARGIN
    title = Text(x=MARGIN, y=26.0, text=board.title, size=18.0, anchor="start", bold=True)
    return Scene(
        width=math.ceil(min(width, LARGEST + 600)),
        height=math.ceil(min(height, LARGEST + 600)),
        radius=RADIUS,
        title=title,
        hulls=hulls,
        segments=segments,
        discs=discs,
        key=key,
        texts=under,
    )


def _grouped(board: Board) -> bool:
    return any(spot.group for spot in board.spots)


def _linked(
    board: Board, positions: Mapping[str, tuple[float, float]]
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [
        (positions[link.a], positions[link.b])
        for link in board.links
        if link.a in positions and link.b in positions
    ]


def _box(texts: Sequence[Words]) -> tuple[float, float]:
    """The width and height a spot needs on this board (its disc, and its name and detail
    under it): no two spots' boxes overlap."""
    widest = max(
        [2 * RADIUS + 16.0]
        + [_width(w.name, NAME_SIZE) + 8 for w in texts]
        + [_width(w.detail, DETAIL_SIZE) + 8 for w in texts]
    )
    detail = any(w.detail for w in texts)
    return widest, 2 * RADIUS + (30.0 if detail else 18.0)


def _need(a: tuple[float, float], b: tuple[float, float], box: tuple[float, float]) -> float:
    """The scale at which the boxes of spots at ``a`` and ``b`` just stop overlapping."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    by_x = box[0] / dx if dx > 0 else math.inf
    by_y = box[1] / dy if dy > 0 else math.inf
    return min(by_x, by_y)


def _scale(
    points: Sequence[tuple[float, float]],
    links: Sequence[tuple[tuple[float, float], tuple[float, float]]],
    box: tuple[float, float],
) -> float:
    """Pixels a unit of the layout: the least at which no two boxes overlap, at least
    enough to fill ``MAP_AREA``, at most what keeps the picture within ``LARGEST``."""
    if len(points) < 2:
        return 1.0
    span_x = max(x for x, _y in points) - min(x for x, _y in points)
    span_y = max(y for _x, y in points) - min(y for _x, y in points)
    spans = [
        (area - side) / span
        for area, side, span in zip(MAP_AREA, box, (span_x, span_y), strict=True)
        if span > 0
    ]
    most = min(LARGEST / span for span in (span_x, span_y) if span > 0)
    scale = min([*spans, most])
    scale = max([scale, *(min(_need(a, b, box), most) for a, b in links)])
    cell_x, cell_y = box[0] / scale, box[1] / scale
    cells: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for x, y in points:
        cells.setdefault((math.floor(x / cell_x), math.floor(y / cell_y)), []).append((x, y))
    for (cx, cy), members in cells.items():
        for dx, dy in ((0, 0), (1, -1), (1, 0), (1, 1), (0, 1)):
            others = cells.get((cx + dx, cy + dy), [])
            for i, a in enumerate(members):
                for b in members[i + 1 :] if (dx, dy) == (0, 0) else others:
                    scale = max(scale, min(_need(a, b, box), most))
    return scale


def _short(text: str, chars: int = NAME_CHARS) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "\u2026"


class Words(Record):
    """What is written on and under a spot."""

    label: str
    name: str
    detail: str
    title: str


def _words(spot: Spot, sides: Mapping[int, SideKey]) -> Words:
    side = sides.get(spot.owner) if spot.owner else None
    if spot.owner is None:
        label, holder = "?", "holder unknown"
    elif spot.owner == 0:
        label, holder = "N", "neutral"
    elif side is not None:
        label, holder = side.label, f"held by {side.name} ({side.label})"
    else:
        label, holder = f"P{spot.owner}", f"held by side {spot.owner}"
    troops = spot.troops or ""
    detail = " ".join(part for part in (_terrain(spot.terrain), _short(troops, 22)) if part)
    words = [f"{spot.id} {spot.name}", holder]
    words += [w for w in (spot.terrain, troops) if w]
    words += [MARK_BADGES[m][1] for m in spot.marks if m in MARK_BADGES]
    return Words(
        label=_short(label, 5), name=_short(spot.name), detail=detail, title="; ".join(words)
    )


def _terrain(terrain: str | None) -> str:
    """A terrain as the map writes it under the name: its first three letters."""
    return terrain[:3] if terrain else ""


def _disc(spot: Spot, at: tuple[float, float], words: Words) -> Disc:
    badges = []
    letters = [MARK_BADGES[m][0] for m in spot.marks if m in MARK_BADGES]
    for letter, angle in zip(letters, BADGE_ANGLES, strict=False):
        rad = math.radians(angle)
        badges.append(
            Badge(
                x=at[0] + (RADIUS + 3) * math.cos(rad),
                y=at[1] + (RADIUS + 3) * math.sin(rad),
                letter=letter,
            )
        )
    return Disc(
        spot=spot.id,
        kind=spot.kind,
        x=at[0],
        y=at[1],
        paint=side_paint(spot.owner),
        label=words.label,
        name=words.name,
        detail=words.detail,
        own="home" in spot.marks,
        conquered="conquered" in spot.marks,
        badges=tuple(badges),
        title=words.title,
    )


def _hulls(spots: Sequence[Spot], at: Mapping[str, tuple[float, float]]) -> tuple[Hull, ...]:
    groups: dict[str, list[tuple[float, float]]] = {}
    for spot in spots:
        if spot.group:
            groups.setdefault(spot.group, []).append(at[spot.id])
    hulls = []
    for order, (name, points) in enumerate(groups.items()):
        outline = _convex_hull(points)
        top = min(y for _x, y in points) - RADIUS - 14
        middle = sum(x for x, _y in points) / len(points)
        label = Text(x=middle, y=top, text=name, size=12.0, bold=True)
        hulls.append(Hull(name=name, tint=group_tint(order), points=outline, label=label))
    return tuple(hulls)


def _convex_hull(points: Sequence[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    """The convex hull, counter-clockwise (Andrew's monotone chain)."""
    unique = sorted(set(points))
    if len(unique) < 3:
        return tuple(unique)

    def turn(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for point in unique:
        while len(lower) >= 2 and turn(lower[-2], lower[-1], point) <= 0:
            lower.pop()
        lower.append(point)
    for point in reversed(unique):
        while len(upper) >= 2 and turn(upper[-2], upper[-1], point) <= 0:
            upper.pop()
        upper.append(point)
    return tuple(lower[:-1] + upper[:-1])


def _width(text: str, size: float) -> float:
    return len(text) * size * CHAR


def _legend(board: Board, x: float) -> tuple[Key, float, float]:
    """The legend from ``x`` down; its bottom and width."""
    y = TITLE_HEIGHT + MARGIN
    texts = [Text(x=x, y=y, text="Sides", size=13.0, anchor="start", bold=True)]
    swatches = []
    rows: list[tuple[Paint, str, str]] = []
    for side in board.sides:
        words = "" if side.name == side.label else side.name
        if side.status:
            words += f" ({side.status})" if words else f"({side.status})"
        rows.append((side_paint(side.id), side.label, words))
    owners = {spot.owner for spot in board.spots}
    if 0 in owners:
        rows.append((side_paint(0), "N", "neutral"))
    if None in owners:
        rows.append((side_paint(None), "?", "holder unknown to you"))
    width = 180.0
    for paint, label, words in rows:
        y += LINE + 6
        swatches.append(Swatch(x=x + 10, y=y - 4, paint=paint))
        shown = f"{_short(label, 5)}  {_short(words, 34)}".rstrip()
        texts.append(Text(x=x + 26, y=y, text=shown, size=12.0, anchor="start"))
        width = max(width, 26 + _width(shown, 12.0))
    marks = [m for m in MARK_BADGES if any(m in spot.marks for spot in board.spots)]
    own = any("home" in spot.marks for spot in board.spots)
    if marks or own:
        y += LINE + 12
        texts.append(Text(x=x, y=y, text="Marks", size=13.0, anchor="start", bold=True))
    ring = None
    if own:
        y += LINE + 6
        ring = (x + 10, y - 4)
        texts.append(Text(x=x + 26, y=y, text="ringed: yours", size=12.0, anchor="start"))
    badges = []
    for mark in marks:
        letter, words = MARK_BADGES[mark]
        y += LINE + 4
        badges.append(Badge(x=x + 10, y=y - 4, letter=letter))
        texts.append(Text(x=x + 26, y=y, text=words, size=12.0, anchor="start"))
        width = max(width, 26 + _width(words, 12.0))
    key = Key(swatches=tuple(swatches), ring=ring, badges=tuple(badges), texts=tuple(texts))
    return key, y + MARGIN, width


def _under(board: Board, top: float) -> tuple[tuple[Text, ...], float, float]:
    """The tables and notes under the map: their words, width and height."""
    texts: list[Text] = []
    y = top
    width = 0.0
    for table in board.tables:
        y += LINE
        texts.append(Text(x=MARGIN, y=y, text=table.title, size=13.0, anchor="start", bold=True))
        columns = [table.header, *table.rows]
        widths = [
            max(_width(row[i], 12.0) for row in columns if i < len(row)) + 16
            for i in range(max(len(row) for row in columns))
        ]
        for number, row in enumerate(columns):
            y += LINE
            x = MARGIN
            for i, cell in enumerate(row):
                texts.append(Text(x=x, y=y, text=cell, size=12.0, anchor="start", bold=number == 0))
                x += widths[i]
            width = max(width, x - MARGIN)
        y += 6
    for note in board.notes:
        y += LINE
        texts.append(Text(x=MARGIN, y=y, text=note, size=12.0, anchor="start"))
        width = max(width, _width(note, 12.0))
    return tuple(texts), width, y - top
