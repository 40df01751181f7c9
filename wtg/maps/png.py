"""A placed board as PNG, painted with Pillow: the same scene the SVG template draws.

Pillow, not cairosvg: Pillow is a wheel with its own FreeType and zlib (no cairo, no
system library to install where the GM's cron runs), and wtg already depends on it for the
Tactics worlds' images. Shapes are painted at twice their size and scaled down, so that
the discs and lines come out smooth; the type is Pillow's own (``load_default``), so the
same picture comes out on every machine.

A turn's reports draw one board for every player, and most of it is the same for all:
the ground (the paper, the groups' grounds and names, the borders) is painted once and
kept for the next picture of that turn. Each player's spots and legend are painted over a
copy of it, each in a small tile of its own at twice the size (the ground under it
enlarged, the shapes drawn, the tile scaled down and put back), and the words stamped at
the picture's own size through masks painted at twice it. The PNG is written with a
palette made of the scene's own colours and the blends their edges make.
"""

from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Iterator
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from wtg.maps.palette import INK, PAPER, Paint
from wtg.maps.shapes import Badge, Disc, Hull, OrderLine, Scene, Text
from wtg.maps.svg import LINK

SUPERSAMPLE = 2
COMPRESS_LEVEL = 3
"""zlib's level for the PNG: a palette picture of flat colours gains little from more."""
BLENDS = (1 / 3, 2 / 3)
"""The shares at which two colours that meet are blended into the palette (the smoothed
edge between them)."""
HATCH_SPACING = 7.0
HATCH_INK = 0.6
"""How dark a hatch line is over the fill (the SVG's stroke-opacity)."""
ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
HEAD_LENGTH = 12.0
"""An order's arrow head, in pixels (the SVG's marker: 4 times its 3 pixel line)."""
DASH = (7.0, 4.0)
"""A dashed order: drawn, left out (the SVG's stroke-dasharray)."""
GROUNDS_KEPT = 2
"""The grounds kept for the next picture: a turn's, and one other (a site of another game)."""

_Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: float) -> _Font:
    """Pillow's own type at ``size`` pixels of the painted (supersampled) picture."""
    return ImageFont.load_default(size=size)


def scene_png(scene: Scene) -> bytes:
    """The PNG of a placed board, ``scene.width`` x ``scene.height`` pixels."""
    lines = tuple((s.x1, s.y1, s.x2, s.y2) for s in scene.segments)
    under = ground(scene.width, scene.height, scene.radius, scene.hulls, lines)
    painter = _Painter(scene, under.copy())
    painter.paint()
    image = painter.image.quantize(palette=_palette(scene), dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


@lru_cache(maxsize=GROUNDS_KEPT)
def ground(
    width: int,
    height: int,
    radius: float,
    hulls: tuple[Hull, ...],
    lines: tuple[tuple[float, float, float, float], ...],
) -> Image.Image:
    """What every player's picture of a board has under its spots: the paper, the groups'
    grounds and names and the borders (``lines``, from end to end), at the picture's size
    (never changed: copied)."""
    k = SUPERSAMPLE
    painted = _Painter.blank((width * k, height * k), radius)
    for hull in hulls:
        painted.hull(hull.points, hull.tint)
    for x1, y1, x2, y2 in lines:
        painted.draw.line(painted.xy(x1, y1) + painted.xy(x2, y2), fill=LINK, width=2 * k)
    image = painted.image.reduce(k)
    words = _Painter.blank(image.size, radius, image)
    for hull in hulls:
        words.text(hull.label)
    return words.image


def _palette(scene: Scene) -> Image.Image:
    """A palette image of the scene's colours, then the blends of those that meet (a
    colour and the paper or the ink under and round it, a fill and its text and hatch)."""
    paints = [d.paint for d in scene.discs] + [s.paint for s in scene.key.swatches]
    texts = [scene.title, *scene.key.texts, *scene.texts, *(h.label for h in scene.hulls)]
    texts += [o.label for o in scene.orders]
    ground = [PAPER, INK, LINK, *(h.tint for h in scene.hulls), *(t.colour for t in texts)]
    pairs: list[tuple[str, str]] = []
    for paint in dict.fromkeys(paints):
        ground += [paint.fill, paint.text]
        pairs += [(paint.fill, paint.text), (paint.fill, _hex(_blend(INK, paint.fill, HATCH_INK)))]
    solid = list(dict.fromkeys(ground + [b for _, b in pairs]))
    pairs += [(colour, edge) for colour in solid for edge in (PAPER, INK) if colour != edge]
    colours = [_rgb(c) for c in solid]
    colours += [_blend(a, b, share) for a, b in dict.fromkeys(pairs) for share in BLENDS]
    flat = [v for rgb in list(dict.fromkeys(colours))[:256] for v in rgb]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(flat) // 3))
    return palette


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb)


def _blend(colour: str, over: str, share: float) -> tuple[int, int, int]:
    """``colour`` laid over ``over`` at ``share`` opacity, as RGB."""
    top = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    ground = [int(over[i : i + 2], 16) for i in (1, 3, 5)]
    red, green, blue = (
        round(t * share + g * (1 - share)) for t, g in zip(top, ground, strict=True)
    )
    return red, green, blue


class _Painter:
    """Paints a scene's spots, legend and words over its ground (``image``, the picture's
    size): shapes in tiles at ``SUPERSAMPLE`` times the size, words stamped at once."""

    def __init__(self, scene: Scene, image: Image.Image) -> None:
        self.scene = scene
        self.radius = scene.radius
        self.image = image
        self.k = SUPERSAMPLE
        self.origin = (0, 0)
        """The picture's pixel at the tile's corner."""
        self.draw = ImageDraw.Draw(image)

    @classmethod
    def blank(
        cls, size: tuple[int, int], radius: float, image: Image.Image | None = None
    ) -> _Painter:
        """A painter of the ground: on ``image`` at its size, else on paper of ``size``
        at ``SUPERSAMPLE`` times the picture's."""
        painter = cls.__new__(cls)
        painter.radius = radius
        painter.image = image if image is not None else Image.new("RGB", size, PAPER)
        painter.k = 1 if image is not None else SUPERSAMPLE
        painter.origin = (0, 0)
        painter.draw = ImageDraw.Draw(painter.image)
        return painter

    def paint(self) -> None:
        scene = self.scene
        self.text(scene.title)
        for disc in scene.discs:
            self.disc(disc)
        for order in scene.orders:
            self.order(order)
        key = scene.key
        for swatch in key.swatches:
            with self.tile(swatch.x, swatch.y, 11):
                self.circle(swatch.x, swatch.y, 9, swatch.paint, 1.2)
        if key.ring is not None:
            x, y = key.ring
            with self.tile(x, y, 12):
                self.draw.ellipse(
                    self.box(x, y, 7), fill=PAPER, outline=INK, width=round(1.2 * self.k)
                )
                self.draw.ellipse(self.box(x, y, 10), outline=INK, width=round(2.5 * self.k))
        for badge in key.badges:
            self.badge(badge)
        for text in (*key.texts, *scene.texts):
            self.text(text)

    def tile(self, x: float, y: float, reach: float) -> contextlib.AbstractContextManager[None]:
        """Shapes within ``reach`` of (x, y) painted at ``SUPERSAMPLE`` times the size over
        the picture under them, then put back at its size."""
        return self.area(x - reach, y - reach, x + reach, y + reach)

    @contextlib.contextmanager
    def area(self, x1: float, y1: float, x2: float, y2: float) -> Iterator[None]:
        """Shapes within the box from (x1, y1) to (x2, y2), painted as ``tile`` says."""
        width, height = self.image.size
        left, top = max(0, math.floor(x1)), max(0, math.floor(y1))
        right, bottom = min(width, math.ceil(x2)), min(height, math.ceil(y2))
        if right <= left or bottom <= top:
            return
        k = SUPERSAMPLE
        under = self.image.crop((left, top, right, bottom))
        big = under.resize((under.width * k, under.height * k), Image.Resampling.NEAREST)
        self.draw, self.k, self.origin = ImageDraw.Draw(big), k, (left, top)
        try:
            yield
        finally:
            self.image.paste(big.reduce(k), (left, top))
            self.draw, self.k, self.origin = ImageDraw.Draw(self.image), 1, (0, 0)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.origin[0]) * self.k, (y - self.origin[1]) * self.k

    def box(self, x: float, y: float, r: float) -> tuple[float, float, float, float]:
        left, top = self.xy(x - r, y - r)
        return left, top, left + 2 * r * self.k, top + 2 * r * self.k

    def hull(self, points: tuple[tuple[float, float], ...], tint: str) -> None:
        k = self.k
        reach = self.radius + 9
        scaled = [self.xy(x, y) for x, y in points]
        if len(scaled) >= 3:
            self.draw.polygon(scaled, fill=tint)
        for (x1, y1), (x2, y2) in zip(scaled, scaled[1:] + scaled[:1], strict=True):
            self.draw.line((x1, y1, x2, y2), fill=tint, width=round(2 * reach * k))
        for x, y in points:
            self.draw.ellipse(self.box(x, y, reach), fill=tint)

    def circle(self, x: float, y: float, r: float, paint: Paint, stroke: float) -> None:
        self.draw.ellipse(
            self.box(x, y, r), fill=paint.fill, outline=INK, width=round(stroke * self.k)
        )
        if paint.hatch:
            ink = _blend(INK, paint.fill, HATCH_INK)
            self.hatch(x, y, r - stroke, (1.0, 1.0), ink)
            if paint.hatch == "cross":
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

    def disc(self, d: Disc) -> None:
        r = self.radius
        with self.tile(d.x, d.y, r + 12):
            k = self.k
            if d.conquered:
                dashes = 22
                for n in range(dashes):
                    start = n * 360 / dashes
                    self.draw.arc(
                        self.box(d.x, d.y, r + 9), start, start + 360 / dashes * 0.62, INK, 2 * k
                    )
            if d.own:
                self.draw.ellipse(self.box(d.x, d.y, r + 6), outline=INK, width=3 * k)
            self.circle(d.x, d.y, r, d.paint, 1.5)
        ink, ground = d.paint.text, d.paint.fill
        self.text(Text(x=d.x, y=d.y + 2, text=d.spot, size=13, colour=ink, bold=True), ground)
        self.text(Text(x=d.x, y=d.y + 13, text=d.label, size=10, colour=ink), ground)
        self.text(Text(x=d.x, y=d.y + r + 13, text=d.name, size=11), PAPER)
        if d.detail:
            self.text(Text(x=d.x, y=d.y + r + 25, text=d.detail, size=10), PAPER)
        for badge in d.badges:
            self.badge(badge)

    def order(self, o: OrderLine) -> None:
        """An order: its line with a head at its end (dashed for bombing and spying), and
        its words over a halo of paper."""
        length = math.hypot(o.x2 - o.x1, o.y2 - o.y1)
        if length > 0:
            reach = HEAD_LENGTH + 2
            box = (min(o.x1, o.x2) - reach, min(o.y1, o.y2) - reach)
            with self.area(*box, max(o.x1, o.x2) + reach, max(o.y1, o.y2) + reach):
                ux, uy = (o.x2 - o.x1) / length, (o.y2 - o.y1) / length
                tip = (o.x2 + ux * 2.4, o.y2 + uy * 2.4)
                base = (tip[0] - ux * HEAD_LENGTH, tip[1] - uy * HEAD_LENGTH)
                for (ax, ay), (bx, by) in _pieces((o.x1, o.y1), base, o.dashed):
                    line = self.xy(ax, ay) + self.xy(bx, by)
                    self.draw.line(line, fill=o.colour, width=3 * self.k)
                half = HEAD_LENGTH / 2
                head = [
                    self.xy(*tip),
                    self.xy(base[0] - uy * half, base[1] + ux * half),
                    self.xy(base[0] + uy * half, base[1] - ux * half),
                ]
                self.draw.polygon(head, fill=o.colour)
        self.text(o.label, PAPER)

    def badge(self, badge: Badge) -> None:
        with self.tile(badge.x, badge.y, 9):
            k = self.k
            self.draw.rounded_rectangle(
                self.box(badge.x, badge.y, 7), radius=3 * k, fill=PAPER, outline=INK, width=k
            )
        self.text(Text(x=badge.x, y=badge.y + 4, text=badge.letter, size=10, bold=True))

    def text(self, t: Text, halo: str | None = None) -> None:
        """A line of text; ``halo``: a colour drawn round the letters (as the SVG's
        stroke painted under them), so that lines and hatches under it do not hide it.
        Bold is the letters drawn with a thin outline of their own colour. Each line is
        stamped at once through a picture of it kept for the next picture (a turn's
        reports draw the same names and numbers once a player)."""
        at = (round(t.x * SUPERSAMPLE), round(t.y * SUPERSAMPLE))
        bold = max(1, SUPERSAMPLE // 2) if t.bold else 0
        layers: tuple[tuple[int, str], ...] = ((bold, t.colour),)
        if halo is not None:
            layers = ((round(1.5 * SUPERSAMPLE), halo), *layers)
        shift = (at[0] % SUPERSAMPLE, at[1] % SUPERSAMPLE)
        sprite, (left, top) = text_sprite(t.text, t.size, ANCHORS[t.anchor], layers, shift)
        corner = ((at[0] + left) // SUPERSAMPLE, (at[1] + top) // SUPERSAMPLE)
        self.image.paste(sprite, corner, sprite)


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
    outer, (left, top) = masks[0]  # the widest comes first
    sprite = Image.new("RGBA", outer.size, layers[0][1])
    sprite.putalpha(0)
    for (mask, (x, y)), (_, colour) in zip(masks, layers, strict=True):
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
    in the painted size (a multiple of ``SUPERSAMPLE`` less the shift)."""
    k = SUPERSAMPLE
    face = font(size)
    left, top, right, bottom = (
        round(v) for v in face.getbbox(text, anchor=anchor, stroke_width=stroke)
    )
    left, top = (left + shift[0]) // k * k - shift[0], (top + shift[1]) // k * k - shift[1]
    width = math.ceil(max(1, right - left) / k) * k
    height = math.ceil(max(1, bottom - top) / k) * k
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, 255, face, anchor, stroke_width=stroke, stroke_fill=255
    )
    return mask.reduce(k), (left, top)
