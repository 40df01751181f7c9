"""A placed board's spots, orders, legend and words as the operations that paint them,
each with the pixels it may change.

An operation is a frozen dataclass of plain values (it compares and hashes, quickly, by
what it paints and where), so two
pictures can be compared operation by operation: what the PNG writer does to paint a
player's picture only where it differs from the last one painted on the same ground.

Shapes are painted in tiles at ``SUPERSAMPLE`` times the size over the picture under
them (enlarged) and scaled back, so that discs and lines come out smooth; words are
stamped at the picture's own size through masks painted at twice it (a bold word's
outline and a halo spread from its letters), kept for the next picture (a turn's reports
draw the same names and numbers once a player), a line of several words made of its
words' masks, each word painted once. An operation never changes a pixel outside its
box, and changes each pixel from that pixel alone (a tile's pixels are enlarged, drawn
over and each block of them averaged back; a word is laid over with its coverage): so it
paints the same pixels whether the picture is whole or only a part of it
(``Canvas.offset``), the part's pixels beyond its edge left out.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from wtg.maps.palette import INK, PAPER
from wtg.maps.shapes import Badge, OrderLine, Scene, Text

SUPERSAMPLE = 2
HATCH_SPACING = 7.0
HATCH_INK = 0.6
"""How dark a hatch line is over the fill (the SVG's stroke-opacity)."""
ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
HEAD_LENGTH = 12.0
"""An order's arrow head, in pixels (the SVG's marker: 4 times its 3 pixel line)."""
DASH = (7.0, 4.0)
"""A dashed order: drawn, left out (the SVG's stroke-dasharray)."""
SPOT_REACH = 12
"""How far beyond its disc a spot's shapes reach (its rings)."""
BORDER_CELL = 256
"""The side of the square of the picture whose borders are painted at once, in pixels."""

Box = tuple[int, int, int, int]
"""Pixels from (left, top) up to but not including (right, bottom)."""
_Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


class Canvas:
    """The picture being painted, or the part of it from ``offset`` on (``image``);
    coordinates are always the whole picture's, of ``size``."""

    def __init__(
        self,
        image: Image.Image,
        offset: tuple[int, int] = (0, 0),
        size: tuple[int, int] | None = None,
    ) -> None:
        self.image = image
        self.offset = offset
        self.size = size or image.size

    def pixels(self, x1: float, y1: float, x2: float, y2: float) -> Box | None:
        """The picture's pixels that the box from (x1, y1) to (x2, y2) touches (None:
        none of them)."""
        width, height = self.size
        left, top = max(0, math.floor(x1)), max(0, math.floor(y1))
        right, bottom = min(width, math.ceil(x2)), min(height, math.ceil(y2))
        if right <= left or bottom <= top:
            return None
        return left, top, right, bottom

    def local(self, box: Box) -> Box:
        ox, oy = self.offset
        return box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy

    def enlarged(self, box: Box) -> Pen:
        """A pen over the pixels ``box`` enlarged ``SUPERSAMPLE`` times (``put_back``
        scales them back into the picture)."""
        under = self.image.crop(self.local(box))
        big = under.resize(
            (under.width * SUPERSAMPLE, under.height * SUPERSAMPLE), Image.Resampling.NEAREST
        )
        return Pen(big, SUPERSAMPLE, box[:2])

    def put_back(self, pen: Pen) -> None:
        ox, oy = self.offset
        self.image.paste(pen.image.reduce(SUPERSAMPLE), (pen.origin[0] - ox, pen.origin[1] - oy))


class Pen:
    """Draws on ``image``, the picture's pixels from ``origin`` on at ``k`` times their
    size."""

    def __init__(self, image: Image.Image, k: int, origin: tuple[int, int] = (0, 0)) -> None:
        self.image = image
        self.k = k
        self.origin = origin
        self.draw = ImageDraw.Draw(image)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.origin[0]) * self.k, (y - self.origin[1]) * self.k

    def box(self, x: float, y: float, r: float) -> tuple[float, float, float, float]:
        left, top = self.xy(x - r, y - r)
        return left, top, left + 2 * r * self.k, top + 2 * r * self.k

    def circle(self, x: float, y: float, r: float, fill: str, hatch: str, stroke: float) -> None:
        """A disc filled with ``fill``, hatched (``hatch``: "", "hatch" or "cross")."""
        self.draw.ellipse(self.box(x, y, r), fill=fill, outline=INK, width=round(stroke * self.k))
        if hatch:
            ink = blend(INK, fill, HATCH_INK)
            self.hatch(x, y, r - stroke, (1.0, 1.0), ink)
            if hatch == "cross":
                self.hatch(x, y, r - stroke, (-1.0, 1.0), ink)

    def hatch(
        self, x: float, y: float, r: float, normal: tuple[float, float], ink: tuple[int, int, int]
    ) -> None:
        """Parallel chords of the disc at (x, y), at right angles to ``normal``, on lines
        ``HATCH_SPACING`` apart across the whole picture (so hatches line up)."""
        nx, ny = normal[0] / math.hypot(*normal), normal[1] / math.hypot(*normal)
        centre = nx * x + ny * y
        first = math.ceil((centre - r) / HATCH_SPACING)
        last = math.floor((centre + r) / HATCH_SPACING)
        for step in range(first, last + 1):
            offset = step * HATCH_SPACING - centre
            half = math.sqrt(max(r * r - offset * offset, 0.0))
            fx, fy = x + offset * nx, y + offset * ny
            ends = self.xy(fx - ny * half, fy + nx * half) + self.xy(fx + ny * half, fy - nx * half)
            self.draw.line(ends, fill=ink, width=round(1.4 * self.k))

    def hull(self, points: tuple[tuple[float, float], ...], tint: str, reach: float) -> None:
        """A group's ground: the shape round its spots, ``reach`` beyond them."""
        scaled = [self.xy(x, y) for x, y in points]
        if len(scaled) >= 3:
            self.draw.polygon(scaled, fill=tint)
        for (x1, y1), (x2, y2) in zip(scaled, scaled[1:] + scaled[:1], strict=True):
            self.draw.line((x1, y1, x2, y2), fill=tint, width=round(2 * reach * self.k))
        for x, y in points:
            self.draw.ellipse(self.box(x, y, reach), fill=tint)


@dataclass(frozen=True)
class Op:
    """One operation of a picture's painting."""

    def box(self, canvas: Canvas) -> Box | None:
        """The pixels it may change (None: none)."""
        raise NotImplementedError

    def paint_on(self, canvas: Canvas) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class TileOp(Op):
    """Shapes round (x, y), within ``reach`` of it, painted in a tile of their own
    (``tile_sprite``) and laid over the picture with their coverage."""

    x: float
    y: float

    @property
    def reach(self) -> float:
        raise NotImplementedError

    def corners(self) -> tuple[int, int, int, int]:
        """The pixels the shapes may touch, the picture's edges aside."""
        r = self.reach
        left, top = math.floor(self.x - r), math.floor(self.y - r)
        return left, top, math.ceil(self.x + r), math.ceil(self.y + r)

    def box(self, canvas: Canvas) -> Box | None:
        r = self.reach
        return canvas.pixels(self.x - r, self.y - r, self.x + r, self.y + r)

    def paint_on(self, canvas: Canvas) -> None:
        if self.box(canvas) is not None:
            sprite, (x, y) = tile_sprite(self)
            ox, oy = canvas.offset
            canvas.image.paste(sprite, (x - ox, y - oy), sprite)

    def draw(self, pen: Pen) -> None:
        raise NotImplementedError


@lru_cache(maxsize=512)
def tile_sprite(op: TileOp) -> tuple[Image.Image, tuple[int, int]]:
    """The shapes of ``op`` painted at ``SUPERSAMPLE`` times the size on nothing and
    scaled back, as RGBA whose alpha is their coverage of each pixel; and the picture's
    pixel at its corner. Laid over a picture, a pixel the shapes cover in part comes out
    their colour and the picture's mixed by that share, as the shapes painted over the
    picture enlarged and scaled back; and a spot, a swatch or a badge is painted once for
    all the pictures that show it as it is (a turn's pictures show most spots alike).
    The tile is painted with its colours weighted by their coverage (``RGBa``: every
    colour painted is opaque, so it is its own weighted colour) while it is scaled back,
    so that the nothing round the shapes does not darken their edges."""
    left, top, right, bottom = op.corners()
    k = SUPERSAMPLE
    big = Image.new("RGBa", ((right - left) * k, (bottom - top) * k), (0, 0, 0, 0))
    op.draw(Pen(big, k, (left, top)))
    return big.reduce(k).convert("RGBA"), (left, top)


@dataclass(frozen=True)
class Spot(TileOp):
    """A spot's disc, the ring of one's own, the dashed ring of a conquest."""

    radius: float
    own: bool
    conquered: bool
    fill: str
    hatch: str

    @property
    def reach(self) -> float:
        return self.radius + SPOT_REACH

    def draw(self, pen: Pen) -> None:
        x, y, r, k = self.x, self.y, self.radius, pen.k
        if self.conquered:
            dashes = 22
            for n in range(dashes):
                start = n * 360 / dashes
                pen.draw.arc(pen.box(x, y, r + 9), start, start + 360 / dashes * 0.62, INK, 2 * k)
        if self.own:
            pen.draw.ellipse(pen.box(x, y, r + 6), outline=INK, width=3 * k)
        pen.circle(x, y, r, self.fill, self.hatch, 1.5)


@dataclass(frozen=True)
class SwatchOp(TileOp):
    """A colour of the legend."""

    fill: str
    hatch: str

    @property
    def reach(self) -> float:
        return 11

    def draw(self, pen: Pen) -> None:
        pen.circle(self.x, self.y, 9, self.fill, self.hatch, 1.2)


@dataclass(frozen=True)
class RingOp(TileOp):
    """The legend's ring of one's own."""

    @property
    def reach(self) -> float:
        return 12

    def draw(self, pen: Pen) -> None:
        x, y, k = self.x, self.y, pen.k
        pen.draw.ellipse(pen.box(x, y, 7), fill=PAPER, outline=INK, width=round(1.2 * k))
        pen.draw.ellipse(pen.box(x, y, 10), outline=INK, width=round(2.5 * k))


@dataclass(frozen=True)
class BadgeOp(TileOp):
    """A badge's frame (its letter is a stamp of its own)."""

    @property
    def reach(self) -> float:
        return 9

    def draw(self, pen: Pen) -> None:
        k = pen.k
        pen.draw.rounded_rectangle(
            pen.box(self.x, self.y, 7), radius=3 * k, fill=PAPER, outline=INK, width=k
        )


@dataclass(frozen=True)
class ArrowOp(Op):
    """An order's line with a head at its end (dashed for bombing and spying)."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    dashed: bool

    def box(self, canvas: Canvas) -> Box | None:
        if math.hypot(self.x2 - self.x1, self.y2 - self.y1) == 0:
            return None
        reach = HEAD_LENGTH + 2
        return canvas.pixels(
            min(self.x1, self.x2) - reach,
            min(self.y1, self.y2) - reach,
            max(self.x1, self.x2) + reach,
            max(self.y1, self.y2) + reach,
        )

    def paint_on(self, canvas: Canvas) -> None:
        box = self.box(canvas)
        if box is None:
            return
        pen = canvas.enlarged(box)
        length = math.hypot(self.x2 - self.x1, self.y2 - self.y1)
        ux, uy = (self.x2 - self.x1) / length, (self.y2 - self.y1) / length
        tip = (self.x2 + ux * 2.4, self.y2 + uy * 2.4)
        base = (tip[0] - ux * HEAD_LENGTH, tip[1] - uy * HEAD_LENGTH)
        for (ax, ay), (bx, by) in _pieces((self.x1, self.y1), base, self.dashed):
            pen.draw.line(pen.xy(ax, ay) + pen.xy(bx, by), fill=self.colour, width=3 * pen.k)
        half = HEAD_LENGTH / 2
        head = [
            pen.xy(*tip),
            pen.xy(base[0] - uy * half, base[1] + ux * half),
            pen.xy(base[0] + uy * half, base[1] - ux * half),
        ]
        pen.draw.polygon(head, fill=self.colour)
        canvas.put_back(pen)


@dataclass(frozen=True)
class GroupOp(Op):
    """A group's ground (``Pen.hull``): the shape round its spots, ``reach`` beyond them."""

    points: tuple[tuple[float, float], ...]
    tint: str
    reach: float

    def box(self, canvas: Canvas) -> Box | None:
        if not self.points:
            return None
        xs, ys = [x for x, _ in self.points], [y for _, y in self.points]
        r = self.reach + 1
        return canvas.pixels(min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)

    def paint_on(self, canvas: Canvas) -> None:
        box = self.box(canvas)
        if box is not None:
            pen = canvas.enlarged(box)
            pen.hull(self.points, self.tint, self.reach)
            canvas.put_back(pen)


@dataclass(frozen=True)
class BordersOp(Op):
    """The borders between spots: lines 2 pixels wide from end to end (``lines``: x1, y1,
    x2, y2), in ``colour``. Painted a cell of ``BORDER_CELL`` pixels a side at a time: the
    borders that cross the cell drawn at ``SUPERSAMPLE`` times its size as their coverage
    of its pixels, and the cell laid over with the colour by that coverage. A long border
    across the picture is never drawn on a canvas larger than a cell, and a cell crossed
    by many borders is drawn once."""

    lines: tuple[tuple[float, float, float, float], ...]
    colour: str

    def reaches(self) -> list[tuple[float, float, float, float]]:
        """The box each line may change, in pixels of the picture."""
        return [
            (min(x1, x2) - 2, min(y1, y2) - 2, max(x1, x2) + 2, max(y1, y2) + 2)
            for x1, y1, x2, y2 in self.lines
        ]

    def box(self, canvas: Canvas) -> Box | None:
        reaches = self.reaches()
        if not reaches:
            return None
        return canvas.pixels(
            min(r[0] for r in reaches),
            min(r[1] for r in reaches),
            max(r[2] for r in reaches),
            max(r[3] for r in reaches),
        )

    def paint_on(self, canvas: Canvas) -> None:
        box = self.box(canvas)
        if box is None:
            return
        ox, oy = canvas.offset
        part = (
            max(box[0], ox),
            max(box[1], oy),
            min(box[2], ox + canvas.image.width),
            min(box[3], oy + canvas.image.height),
        )
        cell = BORDER_CELL
        cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
        for line, reach in zip(self.lines, self.reaches(), strict=True):
            left, top = max(part[0], math.floor(reach[0])), max(part[1], math.floor(reach[1]))
            right, bottom = min(part[2], math.ceil(reach[2])), min(part[3], math.ceil(reach[3]))
            for y in range(top // cell, (bottom - 1) // cell + 1):
                for x in range(left // cell, (right - 1) // cell + 1):
                    area = (x * cell - 2, y * cell - 2, (x + 1) * cell + 2, (y + 1) * cell + 2)
                    if _crosses(line, area):
                        cells.setdefault((x, y), []).append(line)
        for (x, y), lines in sorted(cells.items()):
            area = (x * cell, y * cell, min((x + 1) * cell, box[2]), min((y + 1) * cell, box[3]))
            self.cover(canvas, (max(area[0], box[0]), max(area[1], box[1]), *area[2:]), lines)

    def cover(
        self, canvas: Canvas, area: Box, lines: list[tuple[float, float, float, float]]
    ) -> None:
        """``lines`` laid over ``area`` of the picture (a cell, the same whatever part of
        the picture is painted) by their coverage of its pixels, where the canvas holds it."""
        k = SUPERSAMPLE
        left, top = area[:2]
        coverage = Image.new("L", ((area[2] - left) * k, (area[3] - top) * k), 0)
        draw = ImageDraw.Draw(coverage)
        for x1, y1, x2, y2 in lines:
            ends = ((x1 - left) * k, (y1 - top) * k, (x2 - left) * k, (y2 - top) * k)
            draw.line(ends, fill=255, width=2 * k)
        ox, oy = canvas.offset
        held = (
            max(left, ox),
            max(top, oy),
            min(area[2], ox + canvas.image.width),
            min(area[3], oy + canvas.image.height),
        )
        if held[0] < held[2] and held[1] < held[3]:
            shown = coverage.reduce(k).crop(
                (held[0] - left, held[1] - top, held[2] - left, held[3] - top)
            )
            canvas.image.paste(self.colour, canvas.local(held), shown)


def _crosses(line: tuple[float, float, float, float], area: tuple[float, ...]) -> bool:
    """Whether the segment ``line`` (x1, y1, x2, y2) meets the box ``area`` (left, top,
    right, bottom): the part of it within each pair of the box's sides, one after the
    other, is not empty (Liang and Barsky's clipping)."""
    x1, y1, x2, y2 = line
    dx, dy = x2 - x1, y2 - y1
    first, last = 0.0, 1.0
    for step, room in (
        (-dx, x1 - area[0]),
        (dx, area[2] - x1),
        (-dy, y1 - area[1]),
        (dy, area[3] - y1),
    ):
        if step == 0:
            if room < 0:
                return False
        elif step < 0:
            first = max(first, room / step)
        else:
            last = min(last, room / step)
    return first <= last


@dataclass(frozen=True)
class Stamp(Op):
    """A line of text (a ``Text``'s fields); ``halo``: a colour drawn round the letters
    (as the SVG's stroke painted under them), so that lines and hatches under it do not
    hide it. Bold is the letters drawn with a thin outline of their own colour."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    anchor: str
    bold: bool
    halo: str | None

    @classmethod
    def of(cls, t: Text, halo: str | None = None) -> Stamp:
        return cls(t.x, t.y, t.text, t.size, t.colour, t.anchor, t.bold, halo)

    def sprite(self) -> tuple[Image.Image, tuple[int, int]]:
        """The stamp and the picture's pixel at its corner."""
        at = (round(self.x * SUPERSAMPLE), round(self.y * SUPERSAMPLE))
        bold = max(1, SUPERSAMPLE // 2) if self.bold else 0
        layers: tuple[tuple[int, str], ...] = ((bold, self.colour),)
        if self.halo is not None:
            layers = ((round(1.5 * SUPERSAMPLE), self.halo), *layers)
        shift = (at[0] % SUPERSAMPLE, at[1] % SUPERSAMPLE)
        sprite, (left, top) = text_sprite(self.text, self.size, ANCHORS[self.anchor], layers, shift)
        return sprite, ((at[0] + left) // SUPERSAMPLE, (at[1] + top) // SUPERSAMPLE)

    def box(self, canvas: Canvas) -> Box | None:
        sprite, (x, y) = self.sprite()
        return canvas.pixels(x, y, x + sprite.width, y + sprite.height)

    def paint_on(self, canvas: Canvas) -> None:
        sprite, (x, y) = self.sprite()
        ox, oy = canvas.offset
        canvas.image.paste(sprite, (x - ox, y - oy), sprite)


def scene_ops(scene: Scene) -> Iterator[Op]:
    """What paints a scene's spots, orders, legend and words over its ground, in order."""
    yield Stamp.of(scene.title)
    r = scene.radius
    for d in scene.discs:
        ink, fill = d.paint.text, d.paint.fill
        yield Spot(d.x, d.y, r, d.own, d.conquered, fill, d.paint.hatch)
        yield Stamp(d.x, d.y + 2, d.spot, 13, ink, "middle", bold=True, halo=fill)
        yield Stamp(d.x, d.y + 13, d.label, 10, ink, "middle", bold=False, halo=fill)
        yield Stamp(d.x, d.y + r + 13, d.name, 11, INK, "middle", bold=False, halo=PAPER)
        if d.detail:
            yield Stamp(d.x, d.y + r + 25, d.detail, 10, INK, "middle", bold=False, halo=PAPER)
        for badge in d.badges:
            yield from _badge(badge)
    for order in scene.orders:
        yield from _order(order)
    key = scene.key
    for swatch in key.swatches:
        yield SwatchOp(swatch.x, swatch.y, swatch.paint.fill, swatch.paint.hatch)
    if key.ring is not None:
        yield RingOp(*key.ring)
    for badge in key.badges:
        yield from _badge(badge)
    for text in (*key.texts, *scene.texts):
        yield Stamp.of(text)


def _badge(badge: Badge) -> Iterator[Op]:
    yield BadgeOp(badge.x, badge.y)
    yield Stamp(badge.x, badge.y + 4, badge.letter, 10, INK, "middle", bold=True, halo=None)


def _order(o: OrderLine) -> Iterator[Op]:
    """An order: its arrow, and its words over a halo of paper."""
    yield ArrowOp(o.x1, o.y1, o.x2, o.y2, o.colour, o.dashed)
    yield Stamp.of(o.label, PAPER)


def _pieces(
    start: tuple[float, float], end: tuple[float, float], dashed: bool
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The line from ``start`` to ``end``, whole or as the SVG's dashes (7 drawn, 4 not)."""
    if not dashed:
        return [(start, end)]
    length = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    found, at = [], 0.0
    while at < length:
        stop = min(at + DASH[0], length)
        found.append(
            ((start[0] + ux * at, start[1] + uy * at), (start[0] + ux * stop, start[1] + uy * stop))
        )
        at = stop + DASH[1]
    return found


def blend(colour: str, over: str, share: float) -> tuple[int, int, int]:
    """``colour`` laid over ``over`` at ``share`` opacity, as RGB."""
    top = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    ground = [int(over[i : i + 2], 16) for i in (1, 3, 5)]
    red, green, blue = (
        round(t * share + g * (1 - share)) for t, g in zip(top, ground, strict=True)
    )
    return red, green, blue


@cache
def font(size: float) -> _Font:
    """Pillow's own type at ``size`` pixels of the painted (supersampled) picture."""
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=2048)
def text_sprite(
    text: str,
    size: float,
    anchor: str,
    layers: tuple[tuple[int, str], ...],
    shift: tuple[int, int],
) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` at the picture's size, each layer (an outline that many pixels wide of
    the painted size, its colour) over the one before, as RGBA whose alpha is their
    coverage; and where its corner lies from the anchor in the painted size."""
    masks = [text_mask(text, size * SUPERSAMPLE, anchor, width, shift) for width, _ in layers]
    outer, (left, top) = masks[0]  # the widest comes first: the sprite's own coverage
    sprite = Image.new("RGBA", outer.size, layers[0][1])
    sprite.putalpha(outer)
    for (mask, (x, y)), (_, colour) in zip(masks[1:], layers[1:], strict=True):
        dx, dy = (x - left) // SUPERSAMPLE, (y - top) // SUPERSAMPLE
        sprite.paste(colour, (dx, dy, dx + mask.width, dy + mask.height), mask)
    return sprite, (left, top)


@lru_cache(maxsize=1024)
def text_mask(
    text: str, size: float, anchor: str, stroke: int, shift: tuple[int, int] = (0, 0)
) -> tuple[Image.Image, tuple[int, int]]:
    """The coverage of ``text`` (its letters and an outline ``stroke`` pixels wide),
    painted at ``SUPERSAMPLE`` times the size with the anchor ``shift`` pixels into its
    first cell, as a mask at the picture's size; and where its corner lies from the anchor
    in the painted size (a multiple of ``SUPERSAMPLE`` less the shift).

    A text of several words is made of its words' masks (``word_mask``), each laid where
    the font's advance puts it: a turn's pictures write the same words in many lines (a
    title that names each player, a legend, the troops of many spots), and each word is
    painted once."""
    words = text.split(" ")
    if len(words) == 1:
        return word_mask(text, size, anchor, stroke, shift)
    k = SUPERSAMPLE
    space = advance(" ", size)
    ahead = [advance(word, size) for word in words]  # a word's advance is that in the line
    length = sum(ahead) + space * (len(words) - 1)  # where the anchor puts the line's start:
    start = {"ls": 0, "ms": math.floor(-length / 2), "rs": -math.ceil(length)}[anchor]
    pieces: list[tuple[Image.Image, int, int]] = []
    at = 0.0
    for word, width in zip(words, ahead, strict=True):
        if word:
            x = start + round(at)
            mask, (left, top) = word_mask(word, size, "ls", stroke, ((shift[0] + x) % k, shift[1]))
            pieces.append((mask, x + left, top))  # every corner a multiple of k less the shift
        at += width + space
    if not pieces:
        return word_mask(text, size, anchor, stroke, shift)
    left = min(x for _, x, _ in pieces)
    top = min(y for _, _, y in pieces)
    width = max((x - left) // k + mask.width for mask, x, _ in pieces)
    height = max((y - top) // k + mask.height for mask, _, y in pieces)
    whole = Image.new("L", (width, height), 0)
    for mask, x, y in pieces:
        box = (
            (x - left) // k,
            (y - top) // k,
            (x - left) // k + mask.width,
            (y - top) // k + mask.height,
        )
        whole.paste(ImageChops.lighter(whole.crop(box), mask), box[:2])
    return whole, (left, top)


@lru_cache(maxsize=4096)
def advance(text: str, size: float) -> float:
    """How far ``text`` moves the pen at ``size`` pixels."""
    return font(size).getlength(text)


@lru_cache(maxsize=2048)
def word_mask(
    text: str, size: float, anchor: str, stroke: int, shift: tuple[int, int]
) -> tuple[Image.Image, tuple[int, int]]:
    """``text_mask`` of a text painted whole (a word): its letters as the font paints them
    (``letters``, painted once whatever the outline), the outline ``stroke`` pixels wide
    their coverage spread that far (``_spread``; the font's own stroker costs more than
    the letters), so that a word bold, plain and under a halo is painted once."""
    k = SUPERSAMPLE
    plain, (x, y) = letters(text, size, anchor)
    left, top = x - stroke, y - stroke
    right, bottom = x + plain.width + stroke, y + plain.height + stroke
    left, top = (left + shift[0]) // k * k - shift[0], (top + shift[1]) // k * k - shift[1]
    width = math.ceil(max(1, right - left) / k) * k
    height = math.ceil(max(1, bottom - top) / k) * k
    mask = plain.crop((left - x, top - y, left - x + width, top - y + height))  # 0 beyond it
    if stroke:
        mask = mask.filter(ImageFilter.BoxBlur(stroke)).point(_spread(stroke))
    return mask.reduce(k), (left, top)


@cache
def _spread(stroke: int) -> list[int]:
    """What makes the letters' coverage blurred over a square ``2 * stroke + 1`` pixels
    wide an outline ``stroke`` pixels wide: a pixel that far from a straight edge holds
    one column of the square in the letters, so its share times the square's width is
    the whole coverage, and a pixel farther out none (a corner's outline comes out
    round, as a pen's)."""
    return [min(255, value * (2 * stroke + 1)) for value in range(256)]


@lru_cache(maxsize=1024)
def letters(text: str, size: float, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """The coverage of ``text``'s letters at ``size`` pixels (of the painted picture), and
    where its corner lies from the anchor."""
    face = font(size)
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, 255, face, anchor)
    return mask, (left, top)
