"""Issue 29, item 4: a spot, a swatch or a badge is painted once in a tile of its own and
laid over every picture that shows it as it is; and every player's picture of a board is
put in one palette, whatever spots he sees, so that each is the last one painted again only
where the two differ."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tests.mapgames import played_game
from wtg.core.board import Board, Link, SideKey, Spot
from wtg.maps import draw_png, png
from wtg.maps.paintops import BadgeOp, BordersOp, Canvas, Pen, RingOp, SwatchOp, TileOp
from wtg.maps.paintops import Spot as SpotOp
from wtg.maps.palette import PAPER
from wtg.maps.scene import place

OPS: tuple[TileOp, ...] = (
    SpotOp(60.3, 40.6, 19, own=True, conquered=True, fill="#E69F00", hatch=""),
    SpotOp(61.0, 41.5, 19, own=False, conquered=False, fill="#D0D0D0", hatch="hatch"),
    SpotOp(59.5, 39.2, 19, own=False, conquered=True, fill="#332288", hatch="cross"),
    SwatchOp(58.7, 40.1, "#56B4E9", ""),
    RingOp(60.0, 40.0),
    BadgeOp(62.4, 38.9),
)


def under() -> Image.Image:
    """A ground of paper, a tint and a border across it: what a spot is laid over."""
    canvas = Canvas(Image.new("RGB", (120, 80), PAPER))
    canvas.image.paste((243, 230, 200), (0, 0, 60, 80))
    BordersOp(((0.0, 10.0, 120.0, 70.0),), "#888888").paint_on(canvas)
    return canvas.image


def painted_over(op: TileOp, image: Image.Image) -> Image.Image:
    """``op`` painted over the picture itself, enlarged and scaled back (as every tile was
    before it was laid over it)."""
    canvas = Canvas(image.copy())
    box = op.box(canvas)
    assert box is not None
    pen = canvas.enlarged(box)
    op.draw(pen)
    canvas.put_back(pen)
    return canvas.image


@pytest.mark.parametrize("op", OPS, ids=lambda op: type(op).__name__)
def test_a_tile_laid_over_the_picture_is_the_tile_painted_over_it(op: TileOp) -> None:
    """A tile laid over the picture with its coverage comes out, pixel for pixel within a
    shade, as the shapes painted over the picture: its edges mixed with what is under
    them, its inside its own colours, nothing outside its box touched."""
    ground = under()
    canvas = Canvas(ground.copy())
    op.paint_on(canvas)
    whole = painted_over(op, ground)
    apart = ImageChops.difference(canvas.image, whole).tobytes()
    assert max(apart) <= 2
    changed = ImageChops.difference(canvas.image, ground).getbbox()
    box = op.box(canvas)
    assert changed is not None and box is not None
    assert box[0] <= changed[0] and box[1] <= changed[1]
    assert changed[2] <= box[2] and changed[3] <= box[3]


def test_a_tile_laid_over_a_part_is_the_same_pixels_as_over_the_whole() -> None:
    """Painted into a part of the picture (a region painted again), a tile changes the
    part's pixels as it changes them in the whole picture."""
    ground = under()
    for op in OPS:
        whole = Canvas(ground.copy())
        op.paint_on(whole)
        region = (50, 30, 90, 70)
        part = Canvas(ground.crop(region), region[:2], ground.size)
        op.paint_on(part)
        assert part.image.tobytes() == whole.image.crop(region).tobytes()


def test_a_turns_pictures_paint_each_spot_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn's ten pictures paint each spot, swatch and badge once, however often the
    parts round it are painted again; the pictures stay those painted whole."""
    game = played_game(tmp_path / "g", "wok4", "classic60", 10, turns=3)
    seats = [entry.id for entry in game.config.players]
    png.forget()
    drawn: Counter[TileOp] = Counter()
    for kind in (SpotOp, SwatchOp, RingOp, BadgeOp):
        plain = kind.draw

        def counted(op: TileOp, pen: Pen, plain: object = plain) -> None:
            drawn[op] += 1
            plain(op, pen)  # type: ignore[operator]

        monkeypatch.setattr(kind, "draw", counted)
    pictures = [draw_png(game, player=seat) for seat in seats]
    assert len(drawn) > 60 and set(drawn.values()) == {1}
    for seat, picture in zip(seats[-2:], pictures[-2:], strict=True):
        png.forget()
        assert draw_png(game, player=seat) == picture


def test_every_players_picture_of_a_board_has_one_palette() -> None:
    """A player who sees no neutral spot, or none whose holder he cannot know, gets the
    palette of the others (they are in it all the same)."""
    sides = (SideKey(id=1, name="Ann", label="P1"), SideKey(id=2, name="Bob", label="P2"))
    links = (Link(a="1", b="2"), Link(a="2", b="3"))
    positions = {"1": (0.0, 0.0), "2": (1.0, 0.0), "3": (2.0, 1.0)}

    def board(third: int | None) -> Board:
        spots = (
            Spot(id="1", kind="province", name="One", owner=1, troops="3"),
            Spot(id="2", kind="province", name="Two", owner=2, troops="4"),
            Spot(id="3", kind="province", name="Three", owner=third, troops="5"),
        )
        return Board(title="view", shape="nodes", spots=spots, links=links, sides=sides)

    palettes = {
        bytes(png.palette_of(place(board(third), positions)).getpalette() or ())
        for third in (1, 0, None)
    }
    assert len(palettes) == 1
