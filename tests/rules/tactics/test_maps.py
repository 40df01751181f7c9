"""The shipped maps: "map bitmaps are 256 color (WoS palette), small, and square"; "each
pixel is a 'tile' and the palette color index is the tile ID"; "Your map should have
exactly one pixel of each of these colors, to indicate the starting locations"; elevation
"by one of two techniques ... a matching 'elevationBitmap' ... or ... a random seed and
roughness value"."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from wtg.data.tactics.drawmaps import MAPS, height_image, tile_image, write_maps
from wtg.data.tactics.images import random_elevation
from wtg.data.tactics.ini import read_world
from wtg.data.tactics.maps import load_board
from wtg.rules.tactics.moves import walks
from wtg.rules.tactics.setup import start_of
from wtg.rules.tactics.world import START_TILES

SHIPPED = Path(__file__).resolve().parents[3] / "games" / "tactics"


@pytest.mark.parametrize("name", sorted(MAPS))
def test_the_shipped_images_are_the_drawings(name: str) -> None:
    tiles, heights = MAPS[name]
    with Image.open(SHIPPED / "maps" / f"{name}.bmp") as image:
        assert image.mode == "P"
        assert image.tobytes() == tile_image(tiles).tobytes()
    if heights is not None:
        with Image.open(SHIPPED / "maps" / f"{name}_height.bmp") as image:
            assert image.convert("RGB").tobytes() == height_image(heights).convert("RGB").tobytes()


def test_the_drawings_write_the_files_the_world_names(tmp_path: Path) -> None:
    written = {p.name for p in write_maps(tmp_path)}
    assert written == {p.name for p in (SHIPPED / "maps").glob("*.bmp")}


def test_every_shipped_map_has_one_pixel_of_each_start_it_uses() -> None:
    world = read_world(SHIPPED)
    for spec in world.maps:
        board = load_board(world, spec)
        for colour in board.starts():
            assert board.tiles.count(colour) == 1
        assert set(board.starts()) <= set(START_TILES)


def test_random_elevation_is_the_same_for_the_same_seed_and_flat_without_roughness() -> None:
    assert random_elevation(12, 5, 100) == random_elevation(12, 5, 100)
    assert random_elevation(12, 5, 100) != random_elevation(12, 6, 100)
    assert set(random_elevation(12, 5, 0)) == {0}
    assert max(random_elevation(16, 1, 255)) <= 255


def test_every_army_on_a_shipped_map_can_reach_every_other() -> None:
    """A map where armies cannot meet would never end (our own maps' promise)."""
    from tests.rules.tactics.test_setup import new_game

    for name in ("meadow", "lava-ford", "islands"):
        game = new_game(2, map_name=name)
        first, second = game.players
        walker = next(p for p in game.army(first.id) if game.kind(p.kind).movement == 1)
        kind = game.kind(walker.kind)
        far = game.board.walks(start_of(game, first.id), kind.movement, 999)
        assert start_of(game, second.id) in far, name
        assert walks(game, walker)  # it can move at all
