"""Grid boards drawn (``wtg.maps.grid``, issue 15): "a valid SVG (parsable XML with an
``<svg>`` root and one element with ... ``data-tile="<x>,<y>"`` per ... tile) or a valid
PNG of at least 600x400 pixels", for every shipped Tactics map, GM view and player view."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from PIL import Image

from tests.shipped import TACTICS as RULESET
from wtg.core.board import Board, Piece, SideKey, Spot
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.maps.grid import grid_png, grid_svg
from wtg.maps.palette import (
    NAMED_COLOURS,
    SIDE_COLOURS,
    ink_on,
    named_colour,
    side_colour,
    side_shape,
)
from wtg.rules.tactics.state import TacticsState
from wtg.rules.tactics.strategy import plan_orders

SVG = "{http://www.w3.org/2000/svg}"
MAPS = RULESET.map_names()


def played(map_name: str, turns: int = 6, names: tuple[str, ...] = ("Ann", "Bob")) -> TacticsState:
    """A game of two humans on ``map_name`` after the army turn and ``turns`` turns more,
    each played by the bots' strategy."""
    seats = tuple(SeatSetup(id=i, name=name) for i, name in enumerate(names, start=1))
    state = RULESET.new_game(GameSetup("g", map_name, 3, seats), turn_rng(3, 0)).state
    state = RULESET.resolve(state, {}, turn_rng(3, 1)).state
    for _ in range(turns):
        orders = {state.active: plan_orders(state, state.active)}
        state = RULESET.resolve(state, orders, turn_rng(3, state.turn + 1)).state
    return state


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    return root


def tiles_of(root: ET.Element) -> Counter[str]:
    return Counter(e.attrib["data-tile"] for e in root.iter() if "data-tile" in e.attrib)


def css(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.attrib.get("class") == name]


def painted(root: ET.Element, element: ET.Element, attribute: str) -> str | None:
    """``attribute`` of ``element`` as SVG inherits it: its own, else its nearest group's
    (shapes that look alike share a group that paints them)."""
    parents = {child: parent for parent in root.iter() for child in parent}
    found: ET.Element | None = element
    while found is not None:
        if attribute in found.attrib:
            return found.attrib[attribute]
        found = parents.get(found)
    return None


def test_the_shipped_maps_are_there() -> None:
    assert MAPS == ["meadow", "lava-ford", "islands"]


@pytest.mark.parametrize("map_name", MAPS)
@pytest.mark.parametrize("player", [None, 1, 2])
def test_every_shipped_map_draws_one_data_tile_a_tile(map_name: str, player: int | None) -> None:
    state = played(map_name)
    board = RULESET.board(state, player, [])
    root = parsed(grid_svg(board))
    size = state.board.size
    expected = Counter(f"{x},{y}" for x in range(size) for y in range(size))
    assert tiles_of(root) == expected
    assert len(css(root, "piece")) == len(state.pieces) + len(board.sides)  # and the legend's
    assert len(css(root, "label")) == len(state.pieces)
    reach = sum("reach" in s.marks for s in board.spots)
    assert len(css(root, "reach")) == reach
    assert (reach > 0) == (player is not None)  # the GM sees no reach
    threats = sum("threat" in p.marks for p in board.pieces)
    assert len([e for e in css(root, "threat") if e.tag == f"{SVG}circle"]) == threats


@pytest.mark.parametrize("map_name", MAPS)
def test_the_png_decodes_to_at_least_600_by_400_the_svgs_size(map_name: str) -> None:
    board = RULESET.board(played(map_name), 1, [])
    image = Image.open(io.BytesIO(grid_png(board)))
    image.load()
    root = parsed(grid_svg(board))
    assert image.format == "PNG"
    assert image.size == (int(root.attrib["width"]), int(root.attrib["height"]))
    assert image.width >= 600 and image.height >= 400


def test_names_players_give_are_escaped() -> None:
    name = 'Ann <b>&amp; "Bob\'s"'
    board = RULESET.board(played("meadow", 0, (name, "Cy")), 1, [])
    root = parsed(grid_svg(board))
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == board.title
    assert name in (title.text or "")
    assert any(name in (e.text or "") for e in css(root, "side"))


def test_each_side_has_a_colour_and_a_shape_of_its_own() -> None:
    """Issue 15: "a second cue besides colour for colour-blind players": each side's
    pieces have an outline of their own, and its label in the legend."""
    assert len({side_colour(i) for i in range(1, 7)}) == 6
    assert len({side_shape(i) for i in range(1, 7)}) == 6
    assert side_colour(0) not in SIDE_COLOURS
    assert named_colour("Blue", 2) == NAMED_COLOURS["blue"]
    assert named_colour(None, 2) == side_colour(2) == named_colour("mauve", 2)
    assert ink_on("#ffffff") == "#000000" and ink_on("#1f5fd6") == "#ffffff"
    board = RULESET.board(played("meadow"), 1, [])
    root = parsed(grid_svg(board))
    outlines = Counter(
        (e.tag, painted(root, e, "fill"))
        for e in css(root, "piece")
        if e.find(f"{SVG}title") is not None
    )
    assert len(outlines) == 2  # two sides: two outlines, two colours


def test_a_big_grid_draws_every_tile_with_small_cells() -> None:
    """A world's map may be 64 tiles wide: 4,096 tiles, each drawn once; the pieces show
    their label only."""
    spots = tuple(
        Spot(id=f"{x},{y}", kind="tile", name="Grass", owner=0, terrain="Grass", elevation=x)
        for y in range(64)
        for x in range(64)
    )
    pieces = (Piece(spot="3,4", owner=1, kind="Wolf", level=2, damage="3/9", label="11"),)
    board = Board(
        title="big", shape="grid", spots=spots, pieces=pieces, sides=(SideKey(1, "Ann", "R"),)
    )
    root = parsed(grid_svg(board))
    assert len(tiles_of(root)) == 4096 and set(tiles_of(root).values()) == {1}
    assert [e.text for e in css(root, "label")] == ["11"]
    assert css(root, "hp") == []
    assert Image.open(io.BytesIO(grid_png(board))).size == (
        int(root.attrib["width"]),
        int(root.attrib["height"]),
    )


def test_the_same_board_draws_the_same_bytes() -> None:
    board = RULESET.board(played("islands"), 2, [])
    assert grid_svg(board) == grid_svg(board)
    assert grid_png(board) == grid_png(board)
    random.seed(99)  # nothing in the drawing draws chance
    assert grid_svg(board) == grid_svg(RULESET.board(played("islands"), 2, []))


def test_a_board_of_nodes_is_no_grid() -> None:
    board = Board(title="t", shape="nodes", spots=(Spot("1", "territory", "Alaska", 1),))
    with pytest.raises(ValueError, match="t: a board of nodes is not drawn as a grid"):
        grid_svg(board)
