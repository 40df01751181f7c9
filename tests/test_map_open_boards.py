"""`wtg map` of the open boards, as the command draws them from a game: WISK's world (node
map: one element a territory, one line a border of the map file) and every WoS Tactics map
(grid: one element a tile), the GM's view and every player's, as SVG and as PNG (issue
15: "`wtg map` works for every shipped map of every ruleset")."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from tests.shipped import TACTICS as RULESET
from tests.site.games import play_game
from wtg.cli import main
from wtg.engine import Game
from wtg.maps import draw_png, draw_svg
from wtg.registry import find_ruleset

SVG = "{http://www.w3.org/2000/svg}"


def marked(svg: str, attribute: str) -> list[str]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert int(float(root.get("width", "0"))) >= 600 and int(float(root.get("height", "0"))) >= 400
    return [str(e.get(attribute)) for e in root.iter() if e.get(attribute) is not None]


def png_size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        width, height = image.size
        return int(width), int(height)


def every_view(game: Game) -> list[int | None]:
    return [None, *(entry.id for entry in game.config.players)]


def test_wisk_every_territory_and_every_border_of_the_file(tmp_path: Path) -> None:
    game = play_game(tmp_path, "world", "wisk", "classic", 3, 6)
    data = find_ruleset("wisk").read_map("classic").data  # type: ignore[attr-defined]
    ids = {t["name"]: str(t["id"]) for t in data["territories"]}
    borders = {frozenset((ids[a], ids[b])) for a, b in data["borders"]}
    for player in every_view(game):
        svg = draw_svg(game, player=player)
        assert sorted(marked(svg, "data-territory"), key=int) == [str(i) for i in range(1, 43)]
        links = [frozenset(link.split("-")) for link in marked(svg, "data-link")]
        assert len(links) == len(borders) == 83 and set(links) == borders
        width, height = png_size(draw_png(game, player=player))
        assert width >= 600 and height >= 400


@pytest.mark.parametrize("map_name", ["meadow", "lava-ford", "islands"])
def test_tactics_every_tile_of_every_map(tmp_path: Path, map_name: str) -> None:
    assert map_name in find_ruleset("tactics").map_names()
    game = play_game(tmp_path, "battle", "tactics", map_name, 2, 2)
    state = game.typed(RULESET).state()
    tiles = {f"{x},{y}" for x in range(state.board.width) for y in range(state.board.height)}
    for player in every_view(game):
        svg = draw_svg(game, player=player)
        drawn = marked(svg, "data-tile")
        assert len(drawn) == len(set(drawn)) and set(drawn) == tiles
        width, height = png_size(draw_png(game, player=player))
        assert width >= 600 and height >= 400


def test_the_command_draws_the_open_boards(tmp_path: Path) -> None:
    play_game(tmp_path, "world", "wisk", "classic", 3, 2)
    play_game(tmp_path, "battle", "tactics", "meadow", 2, 2)
    for name, attribute in (("world", "data-territory"), ("battle", "data-tile")):
        out = tmp_path / f"{name}.png"
        result = CliRunner().invoke(
            main, ["map", str(tmp_path / name), "--player", "1", "--format", "png", "-o", str(out)]
        )
        assert result.exit_code == 0, result.output
        assert png_size(out.read_bytes())[0] >= 600
        svg = CliRunner().invoke(main, ["map", str(tmp_path / name)])
        assert svg.exit_code == 0 and marked(svg.output, attribute)


def test_alaska_and_kamchatka_meet_round_the_back_of_the_world(tmp_path: Path) -> None:
    """The classic board's Pacific border (`wraps:` in games/wisk/classic.yaml) is drawn as
    two lines leaving the map by its sides, not one across the whole world."""
    game = play_game(tmp_path, "world", "wisk", "classic", 3, 1)
    root = ET.fromstring(draw_svg(game))
    centre = {
        str(g.get("data-territory")): float(str(g.find(f"{SVG}circle").get("cx")))  # type: ignore[union-attr]
        for g in root.iter(f"{SVG}g")
        if g.get("data-territory")
    }
    (whole,) = [e for e in root.iter(f"{SVG}line") if e.get("data-link") == "1-30"]
    (back,) = [e for e in root.iter(f"{SVG}line") if e.get("data-link-part") == "1-30"]
    assert float(str(whole.get("x1"))) == centre["1"] > float(str(whole.get("x2")))
    assert float(str(back.get("x1"))) == centre["30"] < float(str(back.get("x2")))
    assert whole.get("y2") == back.get("y2")  # they meet at one height, round the back


@pytest.mark.parametrize("wraps", [[[1, 99]], [[1]], "1-30"])
def test_a_wrap_that_is_not_two_of_the_maps_ids_is_refused(wraps: object) -> None:
    from wtg.core.provmap import MapError
    from wtg.data.maps import map_wraps

    data = {"territories": [{"id": 1}, {"id": 30}], "wraps": wraps}
    with pytest.raises(MapError, match="wraps: expected pairs of the map's ids"):
        map_wraps(data, "m.yaml")
