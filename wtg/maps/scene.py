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
from functools import lru_cache

from wtg.core.board import LABEL_CHARS, Arrow, Board, SideKey, Spot
from wtg.core.record import Record
from wtg.maps.legend import legend, under
from wtg.maps.palette import INK, group_tint, side_paint
from wtg.maps.shapes import (
    BADGE_ANGLES,
    DASHED_ORDERS,
    DETAIL_ROOM,
    DETAIL_SIZE,
    GROUP_ROOM,
    LARGEST,
    LEGEND_GAP,
    MAP_AREA,
    MARGIN,
    MARK_BADGES,
    NAME_SIZE,
    ORDER_COLOURS,
    RADIUS,
    TITLE_HEIGHT,
    Badge,
    Disc,
    Hull,
    OrderLine,
    Scene,
    Segment,
    Text,
    short,
    width,
)


def place(
    board: Board,
    positions: Mapping[str, tuple[float, float]],
    wraps: frozenset[frozenset[str]] = frozenset(),
) -> Scene:
    """The board drawn at ``positions`` (one for every spot; any unit); a border of
    ``wraps`` is drawn as two short lines leaving the map by its nearer side edges."""
    raw = [positions[spot.id] for spot in board.spots]
    sides = {side.id: side for side in board.sides}
    texts = [_words(spot, sides) for spot in board.spots]
    box = _box(texts, any(spot.troops is None for spot in board.spots))
    scale = scale_of(tuple(raw), tuple(_linked(board, positions)), box)
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
    edges = (MARGIN, MARGIN + map_w)
    segments = tuple(
        piece
        for link in board.links
        if link.a in at and link.b in at
        for piece in _segments(link.a, link.b, at, edges, frozenset((link.a, link.b)) in wraps)
    )
    hulls = _hulls(board.spots, at)
    legend_x = MARGIN + map_w + LEGEND_GAP
    key, legend_bottom, legend_w = legend(board, legend_x)
    below, below_w, below_h = under(board, map_top + map_h + MARGIN)
    page_w = max(legend_x + legend_w + MARGIN, MARGIN + below_w + MARGIN)
    page_h = max(legend_bottom, map_top + map_h + MARGIN + below_h) + MARGIN
    title = Text(x=MARGIN, y=26.0, text=board.title, size=18.0, anchor="start", bold=True)
    return Scene(
        width=math.ceil(min(page_w, LARGEST + 600)),
        height=math.ceil(min(page_h, LARGEST + 600)),
        radius=RADIUS,
        title=title,
        hulls=hulls,
        segments=segments,
        discs=discs,
        key=key,
        texts=below,
        orders=_orders(board.arrows, at),
    )


ORDER_GAP = 6.0
"""Pixels between two orders drawn between the same two spots."""


def _orders(
    arrows: Sequence[Arrow], at: Mapping[str, tuple[float, float]]
) -> tuple[OrderLine, ...]:
    """Each order from the edge of its spot's disc to the edge of its target's, orders
    between the same two spots side by side; its words beside its middle."""
    pairs: dict[frozenset[str], int] = {}
    for arrow in arrows:
        key = frozenset((arrow.a, arrow.b))
        pairs[key] = pairs.get(key, 0) + 1
    seen: dict[frozenset[str], int] = {}
    lines = []
    for arrow in arrows:
        if arrow.a not in at or arrow.b not in at:
            continue
        key = frozenset((arrow.a, arrow.b))
        index = seen.get(key, 0)
        seen[key] = index + 1
        lines.append(_order(arrow, at, (index - (pairs[key] - 1) / 2) * ORDER_GAP))
    return tuple(lines)


def _order(arrow: Arrow, at: Mapping[str, tuple[float, float]], shift: float) -> OrderLine:
    (xa, ya), (xb, yb) = at[arrow.a], at[arrow.b]
    length = math.hypot(xb - xa, yb - ya)
    if length < 2 * RADIUS:  # an order that stays on its spot: its words above the disc
        ends = (xa, ya, xa, ya)
        words = (xa, ya - RADIUS - 6 - shift * 2, "middle")
    else:
        ux, uy = (xb - xa) / length, (yb - ya) / length
        nx, ny = -uy, ux  # to the left of the way the order goes
        edge = RADIUS + 3
        x1, y1 = xa + ux * edge + nx * shift, ya + uy * edge + ny * shift
        x2, y2 = xb - ux * (edge + 2) + nx * shift, yb - uy * (edge + 2) + ny * shift
        ends = (x1, y1, x2, y2)
        side = 1.0 if shift >= 0 else -1.0
        ox, oy = nx * side, ny * side  # away from the line, on the side of its shift
        across = abs(ox) >= 0.4  # the words beside a line that goes up or down
        words = (
            (x1 + x2) / 2 + ox * 8,
            (y1 + y2) / 2 + oy * 8 + (4 if across else (12 if oy > 0 else -2)),
            ("start" if ox > 0 else "end") if across else "middle",
        )
    colour = ORDER_COLOURS.get(arrow.kind, INK)
    x, y, anchor = words
    label = Text(x=x, y=y, text=arrow.label, size=12.0, colour=colour, anchor=anchor, bold=True)
    x1, y1, x2, y2 = ends
    return OrderLine(
        kind=arrow.kind,
        a=arrow.a,
        b=arrow.b,
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        colour=colour,
        dashed=arrow.kind in DASHED_ORDERS and length >= 2 * RADIUS,
        label=label,
    )


def _segments(
    a: str,
    b: str,
    at: Mapping[str, tuple[float, float]],
    edges: tuple[float, float],
    wraps: bool,
) -> tuple[Segment, ...]:
    """A border as drawn: one line, or, wrapping, a line from each end out by its side of
    the map (the left one by the left edge), both at the height where the straight line
    round the back of the map crosses it."""
    (xa, ya), (xb, yb) = at[a], at[b]
    if not wraps:
        return (Segment(a=a, b=b, x1=xa, y1=ya, x2=xb, y2=yb),)
    left, right = edges
    ea, eb = (left, right) if xa <= xb else (right, left)  # the left one leaves by the left
    across = abs(xa - ea) + abs(eb - xb) or 1.0  # the way round, outside the map
    ym = ya + (yb - ya) * abs(xa - ea) / across
    return (
        Segment(a=a, b=b, x1=xa, y1=ya, x2=ea, y2=ym, part=1),
        Segment(a=a, b=b, x1=xb, y1=yb, x2=eb, y2=ym, part=2),
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


def _box(texts: Sequence[Words], hidden: bool) -> tuple[float, float]:
    """The width and height a spot needs on this board (its disc, and its name and detail
    under it): no two spots' boxes overlap. ``hidden``: the troops of some spot are hidden
    from the player (fog), which another player's picture of the board may show: room is
    kept for a detail line of ``DETAIL_ROOM`` characters, so that what one player sees
    and another does not seldom gives his picture a scale of its own."""
    room = "0" * DETAIL_ROOM if hidden else ""
    widest = max(
        [2 * RADIUS + 16.0, width(room, DETAIL_SIZE) + 8]
        + [width(w.name, NAME_SIZE) + 8 for w in texts]
        + [width(w.detail, DETAIL_SIZE) + 8 for w in texts]
    )
    detail = hidden or any(w.detail for w in texts)
    return widest, 2 * RADIUS + (30.0 if detail else 18.0)


def _need(a: tuple[float, float], b: tuple[float, float], box: tuple[float, float]) -> float:
    """The scale at which the boxes of spots at ``a`` and ``b`` just stop overlapping."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    by_x = box[0] / dx if dx > 0 else math.inf
    by_y = box[1] / dy if dy > 0 else math.inf
    return min(by_x, by_y)


@lru_cache(maxsize=8)
def scale_of(
    points: tuple[tuple[float, float], ...],
    links: tuple[tuple[tuple[float, float], tuple[float, float]], ...],
    box: tuple[float, float],
) -> float:
    """Pixels a unit of the layout: the least at which no two boxes overlap, at least
    enough to fill ``MAP_AREA``, at most what keeps the picture within ``LARGEST``. Kept
    for the next picture of the board (a turn's reports draw it once a player)."""
    span_x = max(x for x, _y in points) - min(x for x, _y in points) if points else 0.0
    span_y = max(y for _x, y in points) - min(y for _x, y in points) if points else 0.0
    if span_x == span_y == 0:  # one spot, or all in one place
        return 1.0
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
    detail = " ".join(part for part in (_terrain(spot.terrain), short(troops, 22)) if part)
    words = [f"{spot.id} {spot.name}", holder]
    words += [w for w in (spot.terrain, troops) if w]
    words += [MARK_BADGES[m][1] for m in spot.marks if m in MARK_BADGES]
    return Words(
        label=short(label, LABEL_CHARS),
        name=short(spot.name),
        detail=detail,
        title="; ".join(words),
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
