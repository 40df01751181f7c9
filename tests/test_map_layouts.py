"""Geometry as data (issue 15, "Geometry as data"): every shipped WoK map carries a
``layout:`` (a place for each province), the classic island's taken from the sketch in its
header; a map without one gets a computed layout, the same every time; and a picture
draws every border of the data and no other, with no two provinces on top of each other
and no border line running through a third province."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from tests.bigmap import grid_map
from tests.sketch import sketch_positions
from wtg.core.board import Board, Link, Spot
from wtg.core.provmap import MapError
from wtg.data.maps import map_layout
from wtg.data.paths import games_path
from wtg.maps import board_svg
from wtg.maps.layout import NEAREST, computed_layout
from wtg.maps.shapes import RADIUS
from wtg.text.yamlio import load_yaml

WOK_RULESETS = ("wok4", "standard", "intermediate")
MAP_FILES = sorted(path for name in WOK_RULESETS for path in games_path(name).glob("*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = load_yaml(path.read_text(encoding="utf-8"))
    return data


def borders(data: dict[str, Any]) -> set[frozenset[str]]:
    return {frozenset((str(p["id"]), str(n))) for p in data["provinces"] for n in p["neighbours"]}


def map_board(data: dict[str, Any]) -> Board:
    """The GM's board of a map as it starts: every province, neutral, and its borders."""
    spots = tuple(
        Spot(id=str(p["id"]), kind="province", name=p["name"], owner=0, troops="5 ARM")
        for p in data["provinces"]
    )
    links = tuple(
        Link(a=min(b, key=int), b=max(b, key=int))
        for b in sorted(borders(data), key=lambda pair: sorted(int(i) for i in pair))
    )
    return Board(title=data["title"], shape="nodes", spots=spots, links=links)


def drawn(svg: str) -> tuple[dict[str, tuple[float, float]], set[frozenset[str]]]:
    """The centre of each province's disc and the borders drawn, read back from the SVG."""
    root = ET.fromstring(svg)
    centres = {}
    for group in root.iter(f"{SVG}g"):
        spot = group.get("data-province")
        if spot is None:
            continue
        discs = [c for c in group.findall(f"{SVG}circle") if c.get("fill") != "none"]
        centres[spot] = (float(discs[0].get("cx", "")), float(discs[0].get("cy", "")))
    lines = {
        frozenset(str(line.get("data-link")).split("-"))
        for line in root.iter(f"{SVG}line")
        if line.get("data-link")
    }
    return centres, lines


def gap(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """How far ``point`` is from the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    along = ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy)
    along = max(0.0, min(1.0, along))
    return math.dist(point, (a[0] + along * dx, a[1] + along * dy))


def check_picture(data: dict[str, Any], svg: str) -> None:
    """Every border drawn is one of the data, every one of the data is drawn, once; no two
    discs overlap; no border line crosses a third province's disc."""
    centres, lines = drawn(svg)
    assert sorted(centres, key=int) == [str(p["id"]) for p in data["provinces"]]
    assert lines == borders(data)
    assert svg.count("data-link=") == len(borders(data))  # one line a border
    ids = list(centres)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            assert math.dist(centres[a], centres[b]) > 2 * RADIUS + 4, (a, b)
    for pair in lines:
        a, b = sorted(pair)
        for other in ids:
            if other not in pair:
                assert gap(centres[other], centres[a], centres[b]) > RADIUS, (a, b, other)


def test_every_shipped_wok_map_has_a_layout() -> None:
    assert len(MAP_FILES) == 7
    for path in MAP_FILES:
        data = read(path)
        layout = map_layout(data, str(path))
        assert layout is not None, path
        assert sorted(layout, key=int) == [str(p["id"]) for p in data["provinces"]], path


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_map_drawn_from_its_layout_shows_exactly_its_borders(path: Path) -> None:
    """The issue: "A test checks that every border drawn is a border in the data and every
    border in the data is drawn (for node maps: an edge is drawn)"."""
    data = read(path)
    layout = map_layout(data, str(path))
    assert layout is not None
    check_picture(data, board_svg(map_board(data), layout))


@pytest.mark.parametrize("path", [p for p in MAP_FILES if sketch_positions(p.read_text("utf-8"))])
def test_the_layout_is_the_sketch_in_the_header(path: Path) -> None:
    """The layout of a map with a sketch puts each province where its number stands in
    the sketch: its column, and twice its line."""
    text = path.read_text(encoding="utf-8")
    sketch = sketch_positions(text)
    layout = map_layout(read(path), str(path))
    assert layout == {str(pid): place for pid, place in sketch.items()}


def test_the_classic_island_is_drawn_from_its_sketch() -> None:
    sketched = [
        p for p in MAP_FILES if p.stem == "classic60" and sketch_positions(p.read_text("utf-8"))
    ]
    assert [p.parent.name for p in sketched] == ["standard", "wok4"]
    layout = map_layout(read(sketched[1]), "classic60")
    assert layout is not None
    assert layout["1"] == (25.0, 4.0)  # "~~~~~..    1   .... ~~~~~~", the sketch's third line
    assert layout["60"][1] > layout["1"][1]  # the south is drawn below the north


def test_a_map_without_a_layout_gets_one_computed_the_same_every_time() -> None:
    data = grid_map(150, 3)
    assert map_layout(data) is None
    ids = [str(p["id"]) for p in data["provinces"]]
    links = [(a, b) for a, b in (sorted(pair, key=int) for pair in borders(data))]
    first = computed_layout(ids, links, seed=7)
    assert first == computed_layout(ids, links, seed=7)
    assert sorted(first, key=int) == ids
    check_picture(data, board_svg(map_board(data), first))


def test_a_computed_layout_of_two_thousand_provinces_leaves_none_on_another() -> None:
    data = grid_map(2000, 10)
    ids = [str(p["id"]) for p in data["provinces"]]
    links = [(a, b) for a, b in (sorted(pair, key=int) for pair in borders(data))]
    places = computed_layout(ids, links, seed=1)
    assert len(places) == 2000
    by_cell: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for x, y in places.values():
        by_cell.setdefault((math.floor(x), math.floor(y)), []).append((x, y))
    for (cx, cy), points in by_cell.items():
        near = [
            q for dx in (-1, 0, 1) for dy in (-1, 0, 1) for q in by_cell.get((cx + dx, cy + dy), [])
        ]
        for p in points:
            assert all(p == q or math.dist(p, q) >= NEAREST * 0.999 for q in near)
    lengths = [math.dist(places[a], places[b]) for a, b in links]
    assert sum(lengths) / len(lengths) < 1.5  # neighbours stay next to each other


def test_unlinked_parts_are_set_side_by_side() -> None:
    places = computed_layout(["1", "2", "3", "4"], [("1", "2"), ("3", "4")], seed=3)
    assert math.dist(places["1"], places["2"]) < math.dist(places["1"], places["3"])
    assert min(math.dist(places[a], places[b]) for a in "12" for b in "34") >= 1.0


@pytest.mark.parametrize(
    ("layout", "problem"),
    [
        ("[1, 2]", "'layout' must map each province id to [x, y]"),
        ("{1: [0, 0], 2: [1]}", "layout of 2: expected [x, y] (two numbers), found [1]"),
        ("{1: [0, 0], 2: [1, yes]}", "layout of 2: expected [x, y] (two numbers)"),
        ("{1: [0, 0]}", "layout gives no place to: 2"),
        ("{1: [0, 0], 2: [1, 0], 7: [2, 2]}", "layout names ids the map does not have: 7"),
        ("{1: [0, 0], 2: [0, 0]}", "layout puts 2 where 1 is already"),
    ],
)
def test_a_bad_layout_is_refused_with_the_reason(layout: str, problem: str) -> None:
    data = load_yaml(
        "provinces: [{id: 1, name: A, pop: 50, neighbours: [2]},"
        " {id: 2, name: B, pop: 50, neighbours: [1]}]\n"
        f"layout: {layout}\n"
    )
    with pytest.raises(MapError) as caught:
        map_layout(data, "mine.yaml")
    assert any(problem in line for line in caught.value.problems), caught.value.problems
    assert str(caught.value).startswith("map mine.yaml is not valid:")


def test_a_gms_map_with_a_bad_layout_is_refused_before_anything_is_made(tmp_path: Path) -> None:
    from tests.test_map_files import players, refused, write

    data = grid_map(30, 2)
    data["layout"] = {p["id"]: [p["id"] % 5, p["id"] // 5] for p in data["provinces"][1:]}
    line = refused(
        tmp_path, "--ruleset", "wok4", "--map", write(tmp_path / "m.yaml", data), *players(2)
    )
    assert line == f"wtg: map {tmp_path / 'm.yaml'} is not valid: layout gives no place to: 1"


def test_a_gms_map_with_a_layout_is_drawn_from_it(tmp_path: Path) -> None:
    from tests.mapgames import played_game
    from wtg.maps import draw_svg
    from wtg.text.yamlio import dump_yaml

    data = grid_map(30, 2)  # 6 rows of 5
    data["layout"] = {
        p["id"]: [(p["id"] - 1) % 5 * 3, (p["id"] - 1) // 5 * 2] for p in data["provinces"]
    }
    source = tmp_path / "mine.yaml"
    source.write_text(dump_yaml(data), encoding="utf-8")
    game = played_game(tmp_path / "g", "wok4", str(source), 2, turns=0)
    svg = draw_svg(game)
    check_picture(data, svg)
    centres, _lines = drawn(svg)
    assert centres["1"][1] == centres["5"][1] < centres["6"][1]  # a row, then the next
    assert centres["1"][0] < centres["2"][0] < centres["5"][0]
