"""A placed board as PNG, painted with Pillow: the same scene the SVG template draws.

Pillow, not cairosvg: Pillow is a wheel with its own FreeType and zlib (no cairo, no
system library to install where the GM's cron runs), and wtg already depends on it for the
Tactics worlds' images. Shapes are painted at twice their size and scaled down, so that
the discs and lines come out smooth; the type is Pillow's own (``load_default``), so the
same picture comes out on every machine.

A turn's reports draw one board for every player, and most of it is the same for all.
The ground (the paper, the groups' grounds and names, the borders) is painted once and
kept, with the last picture painted over it. The next picture of that ground is the last
one painted again, in place, only where the two differ: in the box of every operation
(``paintops``) that one has and the other has not, the ground is laid again and every
operation that touches the box painted again over it, in order. Each operation changes a
pixel from that pixel alone, so a part painted so comes out the very pixels of the
picture painted whole. The picture is put in a palette made of the scene's own colours
and the blends their edges make (the same for every player's picture of a board), again
only where it differs from the last, and written as a PNG in bands of rows, the last
picture's compressed bands taken as they are where no part painted again reaches their
rows (``pngbands``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from wtg.maps.paintops import (
    HATCH_INK,
    BordersOp,
    Box,
    Canvas,
    GroupOp,
    Op,
    Stamp,
    advance,
    blend,
    letters,
    scene_ops,
    text_mask,
    text_sprite,
    tile_sprite,
    word_mask,
)
from wtg.maps.palette import INK, PAPER, side_paint
from wtg.maps.pngbands import Band, palette_png
from wtg.maps.scene import scale_of
from wtg.maps.shapes import Hull, Scene
from wtg.maps.svg import LINK

BLENDS = (1 / 3, 2 / 3)
"""The shares at which two colours that meet are blended into the palette (the smoothed
edge between them)."""
GROUNDS_KEPT = 2
"""The grounds kept for the next picture: a turn's, and one other (a site of another game)."""
OPS_KEPT = 20_000
"""The operations a ground keeps (``Ground.known``) before it forgets all but the last
picture's: a process that draws a board turn after turn (a poll that sends the reports)
keeps a few turns' worth, not every number ever written on it."""
HULL_REACH = 9
"""How far a group's ground reaches beyond the discs of its spots."""


class Picture:
    """A picture painted over a ground: its operations, its pixels, its palette, its
    pixels in that palette, and its PNG with the bands of rows it is written in. The
    pixels are the ground's own: the next picture of the ground is painted over them.
    ``changed``: the spans of rows where it may differ from ``last`` (None: anywhere)."""

    def __init__(
        self,
        ops: tuple[Op, ...],
        image: Image.Image,
        palette: bytes,
        indexed: Image.Image,
        last: Picture | None,
        changed: list[tuple[int, int]] | None = None,
    ) -> None:
        self.ops = ops
        self.image = image
        self.palette = palette
        self.indexed = indexed
        png, bands = palette_png(indexed, last.bands if last is not None else (), changed)
        self.png: bytes = png
        self.bands: tuple[Band, ...] = bands


class Ground:
    """A board's ground at the picture's size (never changed), and the last picture
    painted over it."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.last: Picture | None = None
        self.known: dict[Op, Op] = {}
        """Each operation painted on this ground, as first met (most come back in every
        player's picture): an operation ``own`` gives is the same object as every one
        equal to it, so that pictures are compared by the operations' identity."""
        self.boxes: dict[int, Box | None] = {}
        """The pixels each of ``known`` may change, by its identity."""

    def own(self, op: Op) -> Op:
        """The operation equal to ``op`` as first met on this ground."""
        return self.known.setdefault(op, op)

    def keep_only(self, ops: tuple[Op, ...]) -> None:
        """Forget every operation but ``ops`` (their identities stay)."""
        self.known = {op: op for op in ops}
        self.boxes = {id(op): self.boxes[id(op)] for op in ops if id(op) in self.boxes}

    def box(self, op: Op) -> Box | None:
        """The pixels ``op`` (one of ``known``) may change."""
        try:
            return self.boxes[id(op)]
        except KeyError:
            box = self.boxes[id(op)] = op.box(Canvas(self.image))
            return box


def scene_png(scene: Scene) -> bytes:
    """The PNG of a placed board, ``scene.width`` x ``scene.height`` pixels."""
    return picture(scene).png


def picture(scene: Scene) -> Picture:
    """The scene painted over its ground: from the last picture of that ground where
    there is one, painted again, put in the palette again and compressed again only where
    the two differ."""
    lines = tuple((s.x1, s.y1, s.x2, s.y2) for s in scene.segments)
    under = ground(scene.width, scene.height, scene.radius, scene.hulls, lines)
    ops = tuple(under.own(op) for op in scene_ops(scene))
    palette = palette_of(scene)
    colours = bytes(palette.getpalette() or ())
    last = under.last
    regions = _changed(under, last, ops) if last is not None else None
    under.last = None  # until painted whole: a painting that fails leaves no half picture
    changed: list[tuple[int, int]] | None = None
    if last is None or regions is None:
        image = under.image.copy()
        canvas = Canvas(image)
        for op in ops:
            op.paint_on(canvas)
        in_palette = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        image = last.image
        parts = _paint_over(image, under, ops, regions)
        if colours == last.palette:
            in_palette = last.indexed
            _index_over(in_palette, parts, palette)
            changed = [(box[1], box[3]) for box in regions]
        else:
            in_palette = image.quantize(palette=palette, dither=Image.Dither.NONE)
    under.last = Picture(ops, image, colours, in_palette, last, changed)
    if len(under.known) > OPS_KEPT:
        under.keep_only(ops)
    return under.last


def _paint_over(
    image: Image.Image, under: Ground, ops: tuple[Op, ...], regions: list[Box]
) -> list[tuple[Image.Image, Box]]:
    """Each of ``regions`` of ``image`` laid with the ground again and painted again with
    the operations of ``ops`` that meet it; the parts painted, each with its region."""
    placed = _Placed(ops, under)
    parts = []
    for region in regions:
        part = Canvas(under.image.crop(region), region[:2], under.image.size)
        for op in placed.meeting(region):
            op.paint_on(part)
        image.paste(part.image, region[:2])
        parts.append((part.image, region))
    return parts


def _index_over(
    indexed: Image.Image, parts: list[tuple[Image.Image, Box]], palette: Image.Image
) -> None:
    """Each of the parts painted again (``_paint_over``) put in ``indexed`` (in
    ``palette``) in its region."""
    for part, region in parts:
        indexed.paste(part.quantize(palette=palette, dither=Image.Dither.NONE), region[:2])


def _changed(under: Ground, last: Picture, ops: tuple[Op, ...]) -> list[Box] | None:
    """The parts of the picture where ``ops`` and the last picture's differ; None
    where the operations the two share come in another order."""
    now, then = {id(op) for op in ops}, {id(op) for op in last.ops}  # ops of ``under``
    if [op for op in ops if id(op) in then] != [op for op in last.ops if id(op) in now]:
        return None
    changed = [op for op in ops if id(op) not in then]
    changed += [op for op in last.ops if id(op) not in now]
    boxes = (under.box(op) for op in changed)
    return _merged([box for box in boxes if box is not None])


class _Placed:
    """A picture's operations with their boxes, found by the rows they touch."""

    def __init__(self, ops: Sequence[Op], under: Ground) -> None:
        boxed = [(box, at, op) for at, op in enumerate(ops) if (box := under.box(op))]
        boxed.sort(key=lambda entry: entry[0][1])
        self.boxed = boxed
        self.tops = [box[1] for box, _, _ in boxed]
        self.tallest = max((box[3] - box[1] for box, _, _ in boxed), default=0)

    def meeting(self, region: Box) -> list[Op]:
        """The operations whose boxes meet ``region``, in the order they are painted."""
        first = bisect_left(self.tops, region[1] - self.tallest)
        last = bisect_left(self.tops, region[3])
        near = [entry for entry in self.boxed[first:last] if _meet(entry[0], region)]
        return [op for _, _, op in sorted(near, key=lambda entry: entry[1])]


def _merged(boxes: list[Box]) -> list[Box]:
    """Boxes covering ``boxes``: those that meet made one (their union), going down the
    picture. (One may still meet another: painting a part twice paints the same pixels.)"""
    done: list[Box] = []
    open_: list[Box] = []
    for box in sorted(boxes, key=lambda b: b[1]):
        done += [other for other in open_ if other[3] <= box[1]]
        open_ = [other for other in open_ if other[3] > box[1]]
        while meeting := [other for other in open_ if _meet(other, box)]:
            open_ = [other for other in open_ if other not in meeting]
            for other in meeting:
                box = _union(box, other)
        open_.append(box)
    return done + open_


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


@lru_cache(maxsize=GROUNDS_KEPT)
def ground(
    width: int,
    height: int,
    radius: float,
    hulls: tuple[Hull, ...],
    lines: tuple[tuple[float, float, float, float], ...],
) -> Ground:
    """What every player's picture of a board has under its spots: the paper, the groups'
    grounds and names and the borders (``lines``, from end to end), at the picture's size.
    Each group is painted in a tile of its own, as a spot is, and the borders a cell of
    the picture at a time (``paintops``): the picture is never painted whole at twice its
    size, most of which is paper."""
    canvas = Canvas(Image.new("RGB", (width, height), PAPER))
    for hull in hulls:
        GroupOp(hull.points, hull.tint, radius + HULL_REACH).paint_on(canvas)
    BordersOp(lines, LINK).paint_on(canvas)
    for hull in hulls:
        Stamp.of(hull.label).paint_on(canvas)
    return Ground(canvas.image)


def forget() -> None:
    """Drop what is kept from one picture to the next (the grounds, the words and the
    scale of the board's layout)."""
    kept_ones = (
        ground,
        tile_sprite,
        text_sprite,
        text_mask,
        word_mask,
        letters,
        advance,
        _palette_of,
        scale_of,
    )
    for kept in kept_ones:
        kept.cache_clear()


def palette_of(scene: Scene) -> Image.Image:
    """A palette image of the scene's colours, then the blends of those that meet (a
    colour and the paper or the ink under and round it, a fill and its text and hatch),
    each kind in the order of the colours' names: the same palette for every player's
    picture of a board whatever spots each sees (so that one's is the last one's in the
    palette where they do not differ). The paints of a neutral spot and of one whose holder
    is unknown are in it whether the picture shows them or not: a player who sees no such
    spot gets the palette of the others, and his picture is theirs painted again only
    where it differs, not put in the palette and compressed whole."""
    paints = {(p.fill, p.text) for p in (side_paint(0), side_paint(None))}
    paints |= {(d.paint.fill, d.paint.text) for d in scene.discs}
    paints |= {(s.paint.fill, s.paint.text) for s in scene.key.swatches}
    texts = [scene.title, *scene.key.texts, *scene.texts, *(h.label for h in scene.hulls)]
    texts += [o.label for o in scene.orders]
    ground = {PAPER, INK, LINK, *(h.tint for h in scene.hulls), *(t.colour for t in texts)}
    return _palette_of(frozenset(paints), frozenset(ground))


@lru_cache(maxsize=GROUNDS_KEPT)
def _palette_of(paints: frozenset[tuple[str, str]], ground: frozenset[str]) -> Image.Image:
    """The palette of spots filled and lettered ``paints`` on ``ground``'s colours."""
    solid_set = set(ground)
    pairs: set[tuple[str, str]] = set()
    for fill, text in paints:
        solid_set |= {fill, text}
        pairs |= {(fill, text), (fill, _hex(blend(INK, fill, HATCH_INK)))}
    solid = sorted(solid_set | {b for _, b in pairs})
    pairs |= {(colour, edge) for colour in solid for edge in (PAPER, INK) if colour != edge}
    colours = [_rgb(c) for c in solid]
    colours += [blend(a, b, share) for a, b in sorted(pairs) for share in BLENDS]
    flat = [v for rgb in list(dict.fromkeys(colours))[:256] for v in rgb]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(flat) // 3))
    return palette


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb)
