"""The grid SVG written short (issue 29, item 4: "the 64×64 Tactics SVG ≤ 200 kB (728 kB
today); every picture ≤ 150 kB"): tiles as uses of shared shades, the elevation banded to
its digit in the SVG and the PNG alike, tooltips where they say something, ids of its own.
That a browser draws it as the PNG is shown in ``tests/browser/test_grid_render.py``."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from tests.maps.boards import big_board, square_board
from tests.maps.test_grid import MAPS, SVG, parsed, played, tiles_of
from tests.shipped import TACTICS as RULESET
from wtg.core.board import Mark
from wtg.maps.grid import grid_png, grid_svg
from wtg.maps.gridplan import LEFT, SHADE_STEP, TOP, cell_size
from wtg.maps.palette import darker, rgb, terrain_colour

TACTICS_SVG = 200_000
PICTURE = 150_000


def test_the_64_by_64_board_is_at_most_200_kb() -> None:
    svg = grid_svg(big_board())
    assert len(svg.encode("utf-8")) <= TACTICS_SVG
    assert set(tiles_of(parsed(svg)).values()) == {1} and len(tiles_of(parsed(svg))) == 64 * 64
    assert len(grid_png(big_board())) <= PICTURE


@pytest.mark.parametrize("map_name", MAPS)
def test_every_picture_of_a_shipped_map_is_at_most_150_kb(map_name: str) -> None:
    state = played(map_name)
    for player in (None, 1, 2):
        board = RULESET.board(state, player, [])
        assert len(grid_svg(board).encode("utf-8")) <= PICTURE, (map_name, player)
        assert len(grid_png(board)) <= PICTURE, (map_name, player)


def uses(root: ET.Element) -> dict[str, ET.Element]:
    """Each tile's element by its ``x,y``."""
    return {e.attrib["data-tile"]: e for e in root.iter() if "data-tile" in e.attrib}


def shade_of(root: ET.Element, tile: ET.Element) -> str:
    """The fill of the square ``tile`` uses."""
    target = tile.attrib["href"].removeprefix("#")
    (square,) = [e for e in root.iter() if e.attrib.get("id") == target]
    return square.attrib["fill"]


def test_a_tile_is_darker_by_each_step_of_32_of_its_elevation_in_the_svg_and_the_png() -> None:
    """The legend: "digit, darker: elevation / 32": tiles of one digit look the same."""
    heights = {0: 0, 1: 31, 2: 32, 3: 63, 4: 64, 5: 255}
    board = square_board(6, lambda x, y: heights[x])
    root = parsed(grid_svg(board))
    tiles = uses(root)
    assert all(e.tag == f"{SVG}use" for e in tiles.values())
    grass = terrain_colour("Grass")
    expected = {x: darker(grass, SHADE_STEP * (h // 32)) for x, h in heights.items()}
    assert expected[0] == expected[1] == grass and expected[2] == expected[3] != expected[4]
    png = Image.open(io.BytesIO(grid_png(board))).convert("RGB")
    cell = cell_size(6)
    for x in heights:
        assert shade_of(root, tiles[f"{x},3"]) == expected[x]
        centre = (LEFT + x * cell + cell // 2, TOP + 3 * cell + cell // 2)
        assert png.getpixel(centre) == rgb(expected[x])
    assert len({shade_of(root, e) for e in tiles.values()}) == 4  # 0-31, 32-63, 64, 255


def test_plain_tiles_have_a_tooltip_on_boards_up_to_32_by_32_marked_ones_always() -> None:
    small = uses(parsed(grid_svg(square_board(32, lambda x, y: x + y))))
    assert len(small) == 32 * 32
    title = small["3,4"].find(f"{SVG}title")
    assert title is not None and title.text == "03/04: Grass, elevation 7"
    assert all(e.find(f"{SVG}title") is not None for e in small.values())
    marks: dict[str, tuple[Mark, ...]] = {"5,6": ("reach",), "7,8": ("battle",)}
    root = parsed(grid_svg(square_board(33, lambda x, y: x + y, marks)))
    large = uses(root)
    titled = {tile for tile, e in large.items() if e.find(f"{SVG}title") is not None}
    assert titled == {"5,6", "7,8"}
    reach = large["5,6"].find(f"{SVG}title")
    assert reach is not None
    assert reach.text == "05/06: Grass, elevation 11, your piece can walk here"
    pieces = [e.find(f"{SVG}title") for e in root.iter() if e.attrib.get("class") == "piece"]
    texts = [t.text for t in pieces if t is not None]
    assert texts == ["piece 11 (Ann, R): Wolf, level 1, HP 9/9", "Ann"]  # and the legend's


def ids_and_hrefs(svg: str) -> tuple[set[str], set[str]]:
    root = parsed(svg)
    ids = {e.attrib["id"] for e in root.iter() if "id" in e.attrib}
    hrefs = {e.attrib["href"] for e in root.iter() if "href" in e.attrib}
    return ids, hrefs


def test_the_ids_are_the_pictures_own_and_every_use_finds_its_square() -> None:
    """Several grid SVGs may be inlined in one HTML page: two pictures share no id; the
    same picture keeps its ids; no <style> (inlined, it would style the whole page)."""
    svgs = [grid_svg(RULESET.board(played(name), 1, [])) for name in MAPS]
    svgs += [grid_svg(RULESET.board(played("meadow"), 2, [])), grid_svg(big_board())]
    found = [ids_and_hrefs(svg) for svg in svgs]
    for ids, hrefs in found:
        assert ids and {f"#{i}" for i in ids} == hrefs
    every = [i for ids, _ in found for i in ids]
    assert len(every) == len(set(every))
    assert ids_and_hrefs(grid_svg(big_board()))[0] == found[-1][0]
    assert all("<style" not in svg for svg in svgs)
