"""A board's ground (the paper, the groups' grounds, the borders) is painted in tiles, as
its spots are: it was painted whole at twice the picture's size and scaled down, most of it
paper (a picture of the largest size, 8,600 pixels a side, asked for more than a gigabyte
for it). Each group's ground is painted over its own box, each border in short pieces; the
groups and borders come out as smooth, and a turn's pictures over the ground as painted
whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.site.games import play_game
from wtg.maps import draw_png, game_board, png
from wtg.maps.paintops import BORDER_PIECE, BorderOp, Canvas
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


def test_a_border_across_a_large_picture_is_painted_in_small_tiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[tuple[int, int]] = []
    resize = Image.Image.resize

    def resize_seen(image: Image.Image, size: tuple[int, int], *args: Any, **kwargs: Any) -> Any:
        made.append(size)
        return resize(image, size, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "resize", resize_seen)
    canvas = Canvas(Image.new("RGB", (3000, 2000), PAPER))
    BorderOp(10.0, 10.0, 2990.0, 1990.0, LINK).paint_on(canvas)
    monkeypatch.undo()
    side = 2 * (BORDER_PIECE + 6)
    assert len(made) > 60 and max(w * h for w, h in made) <= side * side, max(made)
    line = [canvas.image.getpixel((x, round(10 + (x - 10) * 1980 / 2980))) for x in range(20, 2980)]
    paper = canvas.image.getpixel((2900, 100))
    assert paper not in line  # drawn end to end, no gap between its pieces


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
