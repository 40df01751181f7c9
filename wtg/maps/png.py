"""A placed board as PNG, painted with Pillow: the same scene the SVG template draws.

Pillow, not cairosvg: Pillow is a wheel with its own FreeType and zlib (no cairo, no
system library to install where the GM's cron runs), and wtg already depends on it for the
Tactics worlds' images. The picture is painted at twice its size and scaled down, so that
the discs and lines come out smooth; the type is Pillow's own (``load_default``), so the
same picture comes out on every machine.
"""

from __future__ import annotations

import io
import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from wtg.maps.palette import INK, PAPER, Paint
from wtg.maps.shapes import Badge, Disc, Scene, Text
from wtg.maps.svg import LINK

SUPERSAMPLE = 2
COLOURS = 128
"""The PNG is written with a palette of this many colours (a third the size of full colour,
and quicker to write: a map has a few flat colours and their smoothed edges)."""
HATCH_SPACING = 7.0
HATCH_INK = 0.6
"""How dark a hatch line is over the fill (the SVG's stroke-opacity)."""
ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}

_Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: float) -> _Font:
    """Pillow's own type at ``size`` pixels of the painted (supersampled) picture."""
    return ImageFont.load_default(size=size)


def scene_png(scene: Scene) -> bytes:
    """The PNG of a placed board, ``scene.width`` x ``scene.height`` pixels."""
    painter = _Painter(scene)
    painter.paint()
    image = painter.image.reduce(SUPERSAMPLE).quantize(COLOURS, Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def _blend(colour: str, over: str, share: float) -> tuple[int, int, int]:
    """``colour`` laid over ``over`` at ``share`` opacity, as RGB."""
    top = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    ground = [int(over[i : i + 2], 16) for i in (1, 3, 5)]
    red, green, blue = (
        round(t * share + g * (1 - share)) for t, g in zip(top, ground, strict=True)
    )
    return red, green, blue


class _Painter:
    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.k = SUPERSAMPLE
        size = (scene.width * self.k, scene.height * self.k)
        self.image = Image.new("RGB", size, PAPER)
        self.draw = ImageDraw.Draw(self.image)

    def paint(self) -> None:
        scene = self.scene
        self.text(scene.title)
        for hull in scene.hulls:
            self.hull(hull.points, hull.tint)
            self.text(hull.label)
        for s in scene.segments:
            self.draw.line(self.xy(s.x1, s.y1) + self.xy(s.x2, s.y2), fill=LINK, width=2 * self.k)
        for disc in scene.discs:
            self.disc(disc)
        key = scene.key
        for swatch in key.swatches:
            self.circle(swatch.x, swatch.y, 9, swatch.paint, 1.2)
        if key.ring is not None:
            x, y = key.ring
            self.draw.ellipse(self.box(x, y, 7), fill=PAPER, outline=INK, width=round(1.2 * self.k))
            self.draw.ellipse(self.box(x, y, 10), outline=INK, width=round(2.5 * self.k))
        for badge in key.badges:
            self.badge(badge)
        for text in (*key.texts, *scene.texts):
            self.text(text)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return x * self.k, y * self.k

    def box(self, x: float, y: float, r: float) -> tuple[float, float, float, float]:
        k = self.k
        return (x - r) * k, (y - r) * k, (x + r) * k, (y + r) * k

    def hull(self, points: tuple[tuple[float, float], ...], tint: str) -> None:
        k = self.k
        reach = self.scene.radius + 9
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
        r = self.scene.radius
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

    def badge(self, badge: Badge) -> None:
        k = self.k
        self.draw.rounded_rectangle(
            self.box(badge.x, badge.y, 7), radius=3 * k, fill=PAPER, outline=INK, width=k
        )
        self.text(Text(x=badge.x, y=badge.y + 4, text=badge.letter, size=10, bold=True))

    def text(self, t: Text, halo: str | None = None) -> None:
        """A line of text; ``halo``: a colour drawn round the letters (as the SVG's
        stroke painted under them), so that lines and hatches under it do not hide it.
        Bold is the letters drawn with a thin outline of their own colour. Each line is
        stamped through a mask kept for the next picture (a turn's reports draw the same
        names and numbers once a player)."""
        k = self.k
        x, y = self.xy(t.x, t.y)
        at, size, anchor = (round(x), round(y)), t.size * k, ANCHORS[t.anchor]
        if halo is not None:
            colour = halo if t.bold else t.colour  # bold: the letters come next
            self._stamp(at, t.text, size, anchor, round(1.5 * k), halo)
            if not t.bold:
                self._stamp(at, t.text, size, anchor, 0, colour)
        if t.bold or halo is None:
            width = max(1, k // 2) if t.bold else 0
            self._stamp(at, t.text, size, anchor, width, t.colour)

    def _stamp(
        self, at: tuple[int, int], text: str, size: float, anchor: str, stroke: int, colour: str
    ) -> None:
        mask, (left, top) = text_mask(text, size, anchor, stroke)
        x, y = at[0] + left, at[1] + top
        self.image.paste(colour, (x, y, x + mask.width, y + mask.height), mask)


@lru_cache(maxsize=8192)
def text_mask(
    text: str, size: float, anchor: str, stroke: int
) -> tuple[Image.Image, tuple[int, int]]:
    """The coverage of ``text`` (its letters and an outline ``stroke`` pixels wide) as a
    mask, and where its corner lies from the anchor point."""
    face = font(size)
    left, top, right, bottom = (
        round(v) for v in face.getbbox(text, anchor=anchor, stroke_width=stroke)
    )
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, 255, face, anchor, stroke_width=stroke, stroke_fill=255
    )
    return mask, (left, top)
