"""A board's ground (the paper, the groups' grounds, the borders) is painted in tiles, as
its spots are: it was painted whole at twice the picture's size and scaled down, most of it
paper (a picture of the largest size, 8,600 pixels a side, asked for more than a gigabyte
for it). Each group's ground is painted over its own box, the borders a cell of the picture
at a time; the groups and borders come out as smooth, and a turn's pictures over the ground
as painted whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from tests.site.games import play_game
from wtg.maps import draw_png, game_board, png
from wtg.maps.paintops import BORDER_CELL, SUPERSAMPLE, BordersOp, Canvas
from wtg.maps.palette import PAPER
from wtg.maps.scene import place
from wtg.maps.source import game_positions, game_wraps
from wtg.maps.svg import LINK


def test_the_ground_is_painted_within_the_pictures_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play_game(tmp_path, "risk", "wisk", "classic", 2, 1)  # groups and borders
    board = game_board(game, None, 2)
    scene = place(board, game_positions(game, board), game_wraps(game))
    assert scene.hulls and scene.segments
    made: list[tuple[int, int]] = []
    new, resize = Image.new, Image.Image.resize

    def new_seen(mode: str, size: tuple[int, int], *args: Any, **kwargs: Any) -> Image.Image:
        made.append(size)
        return new(mode, size, *args, **kwargs)

    def resize_seen(image: Image.Image, size: tuple[int, int], *args: Any, **kwargs: Any) -> Any:
        made.append(size)
        return resize(image, size, *args, **kwargs)

    monkeypatch.setattr(Image, "new", new_seen)
    monkeypatch.setattr(Image.Image, "resize", resize_seen)
    png.forget()
    lines = tuple((s.x1, s.y1, s.x2, s.y2) for s in scene.segments)
    ground = png.ground(scene.width, scene.height, scene.radius, scene.hulls, lines).image
    monkeypatch.undo()
    assert made and max(w * h for w, h in made) <= scene.width * scene.height, max(made)
    colours = {colour for _, colour in ground.getcolors(1 << 16) or ()}
    tints = {Image.new("RGB", (1, 1), hull.tint).getpixel((0, 0)) for hull in scene.hulls}
    link, paper = (Image.new("RGB", (1, 1), c).getpixel((0, 0)) for c in (LINK, PAPER))
    assert {paper, link} | tints <= colours
    assert len(colours) > len(tints) + 2  # the edges smoothed: blends of their colours


def test_a_border_across_a_large_picture_is_painted_in_small_cells(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[tuple[int, int]] = []
    new = Image.new

    def new_seen(mode: str, size: tuple[int, int], *args: Any, **kwargs: Any) -> Image.Image:
        made.append(size)
        return new(mode, size, *args, **kwargs)

    canvas = Canvas(Image.new("RGB", (3000, 2000), PAPER))
    monkeypatch.setattr(Image, "new", new_seen)
    BordersOp(((10.0, 10.0, 2990.0, 1990.0),), LINK).paint_on(canvas)
    monkeypatch.undo()
    side = SUPERSAMPLE * BORDER_CELL
    assert len(made) > 10 and max(w * h for w, h in made) <= side * side, max(made)
    line = [canvas.image.getpixel((x, round(10 + (x - 10) * 1980 / 2980))) for x in range(20, 2980)]
    paper = canvas.image.getpixel((2900, 100))
    assert paper not in line  # drawn end to end, no gap between its cells


def test_borders_painted_a_cell_at_a_time_are_the_borders_painted_whole() -> None:
    """Borders painted a cell at a time, over the whole picture or over a part of it,
    come out as the borders drawn whole at twice the size and scaled back (what the cells
    stand for), smoothed at their edges (blends of the border and the ground): a pixel
    within a shade, or, on a few pixels of an edge where the line drawn from another
    origin covers one or two of the pixel's four painted pixels more or less, within
    those."""
    lines = (
        (5.5, 7.25, 590.0, 380.5),
        (600.0, 10.0, 12.0, 390.0),
        (300.0, 0.0, 300.0, 400.0),
        (20.3, 350.7, 580.2, 120.1),
    )
    canvas = Canvas(Image.new("RGB", (610, 400), PAPER))
    BordersOp(lines, LINK).paint_on(canvas)
    big = Image.new("RGB", (1220, 800), PAPER)
    draw = ImageDraw.Draw(big)
    for x1, y1, x2, y2 in lines:
        draw.line((2 * x1, 2 * y1, 2 * x2, 2 * y2), fill=LINK, width=4)
    whole = big.reduce(2)
    apart = ImageChops.difference(canvas.image, whole).convert("L").tobytes()
    link = Image.new("L", (1, 1), LINK).getpixel((0, 0))
    assert isinstance(link, int)
    two_of_four = 2 * (255 - link) // SUPERSAMPLE**2 + 2
    assert max(apart) <= two_of_four
    drawn = sum(1 for value in canvas.image.convert("L").tobytes() if value < 255)
    assert sum(1 for value in apart if value > 2) <= drawn // 10
    colours = {colour for _, colour in canvas.image.getcolors(1 << 16) or ()}
    assert len(colours) > 3
    region = (200, 60, 540, 370)
    part = Canvas(Image.new("RGB", (340, 310), PAPER), region[:2], canvas.image.size)
    BordersOp(lines, LINK).paint_on(part)
    assert part.image.tobytes() == canvas.image.crop(region).tobytes()


def test_a_turns_pictures_over_the_tiled_ground_come_out_as_painted_whole(
    tmp_path: Path,
) -> None:
    game = play_game(tmp_path, "risk", "wisk", "classic", 2, 2)
    png.forget()
    over = [draw_png(game, player=seat) for seat in (1, 2, 1)]
    whole = []
    for seat in (1, 2):
        png.forget()
        whole.append(draw_png(game, player=seat))
    assert over == [whole[0], whole[1], whole[0]]
    assert over[0] != over[1]
