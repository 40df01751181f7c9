"""A plan of a picture (``shapes.py``) drawn as PNG with Pillow: no browser, no SVG
renderer, the same shapes the SVG template writes. Pillow cannot dash a line, so dashed
outlines are drawn here as dashes of their own. The PNG is written with a palette of the
picture's 256 commonest colours (a board's terrains and their shades of height): half the
size of full colour, and quicker to write."""

from __future__ import annotations

import io
import math
from functools import cache
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFont

from wtg.maps.plan import Circle, Ground, Plan, Polygon, Rect, Shape, Text

COLOURS = 256
COMPRESS_LEVEL = 3
"""zlib's level for the PNG: a palette picture of flat colours gains little from more."""
DASH, GAP = 4.0, 3.0
"""A dashed outline: 4 pixels drawn, 3 left out (as the SVG's stroke-dasharray)."""
_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
"""Pillow's anchors of a text's baseline: left, middle, right."""


def plan_png(plan: Plan) -> bytes:
    image = Image.new("RGB", (plan.width, plan.height), "#ffffff")
    draw = ImageDraw.Draw(image)
    for shape in plan.shapes:
        _draw(draw, shape)
    out = io.BytesIO()
    image.quantize(COLOURS, Image.Quantize.FASTOCTREE).save(
        out, format="PNG", compress_level=COMPRESS_LEVEL
    )
    return out.getvalue()


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own font at ``size`` pixels (scalable where Pillow has FreeType)."""
    return ImageFont.load_default(size=size)


def _draw(draw: ImageDraw.ImageDraw, shape: Shape) -> None:
    if isinstance(shape, Ground):
        for tile in shape.tiles:
            _draw(draw, shape.rect(tile))
    elif isinstance(shape, Rect):
        box = (shape.x, shape.y, shape.x + shape.width, shape.y + shape.height)
        draw.rectangle(box, fill=shape.fill)
        if shape.stroke:
            corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
            _outline(draw, [*corners, corners[0]], shape.stroke, shape.stroke_width, shape.dashed)
    elif isinstance(shape, Circle):
        box = (shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r)
        if shape.fill:
            draw.ellipse(box, fill=shape.fill)
        if shape.stroke:
            _ring(draw, shape)
    elif isinstance(shape, Polygon):
        draw.polygon(list(shape.points), fill=shape.fill)
        if shape.stroke:
            points = list(shape.points)
            _outline(draw, [*points, points[0]], shape.stroke, shape.stroke_width, shape.dashed)
    else:
        _text(draw, shape)


def _text(draw: ImageDraw.ImageDraw, text: Text) -> None:
    """A text, over its halo when it has one (the letters drawn wider in the halo's
    colour first)."""
    size = max(6, round(text.size))
    layers = [(text.colour, 1 if text.bold and size >= 12 else 0)]
    if text.halo:
        layers.insert(0, (text.halo, 2))
    for colour, stroke in layers:
        draw.text(
            (text.x, text.y),
            text.text,
            fill=colour,
            font=font(size),
            anchor=_ANCHORS[text.anchor],
            stroke_width=stroke,
            stroke_fill=colour,
        )


def _outline(
    draw: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    colour: str,
    width: float,
    dashed: bool,
) -> None:
    thick = max(1, round(width))
    for start, end in pairwise(points):
        pieces = _dashes(start, end) if dashed else [(start, end)]
        for one, two in pieces:
            draw.line([one, two], fill=colour, width=thick)


def _dashes(
    start: tuple[float, float], end: tuple[float, float]
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    length = math.dist(start, end)
    if length == 0:
        return []
    dx, dy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    found = []
    at = 0.0
    while at < length:
        stop = min(at + DASH, length)
        found.append(
            ((start[0] + dx * at, start[1] + dy * at), (start[0] + dx * stop, start[1] + dy * stop))
        )
        at = stop + GAP
    return found


def _ring(draw: ImageDraw.ImageDraw, circle: Circle) -> None:
    box = (circle.cx - circle.r, circle.cy - circle.r, circle.cx + circle.r, circle.cy + circle.r)
    thick = max(1, round(circle.stroke_width))
    if not circle.dashed:
        draw.ellipse(box, outline=circle.stroke, width=thick)
        return
    step = math.degrees((DASH + GAP) / max(circle.r, 1))
    dash = step * DASH / (DASH + GAP)
    angle = 0.0
    while angle < 360:
        draw.arc(box, angle, min(angle + dash, 360), fill=circle.stroke, width=thick)
        angle += step
