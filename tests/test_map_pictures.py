"""The contract of ``wtg map`` for every shipped map of every WoK ruleset and variant, in
the GM's view and a player's: "a valid SVG (parsable XML with an `<svg>` root and one
element with `data-province="<id>"` ... per province ...) or a valid PNG of at least
600x400 pixels"; the same game drawn twice is the same picture, byte for byte."""

from __future__ import annotations

import hashlib
import io
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.mapgames import played_game
from wtg.core.board import Board, Link, SideKey, Spot
from wtg.game.engine import Game, open_game
from wtg.game.registry import GAME_SEATING, find_ruleset
from wtg.maps import board_svg, draw_png, draw_svg

GAMES = [
    ("wok4", "classic60", 10, None),
    ("wok4", "small", 4, None),
    ("standard", "classic60", 10, None),
    ("standard", "trial", 2, "skirmish"),
    ("standard", "star-islands", 5, "skirmish"),
    ("standard", "classic60", 2, "duel"),
    ("standard", "classic60", 2, "duel-lite"),
    ("standard", "classic60", 3, "trinity"),
    ("intermediate", "marchlands", 2, None),
    ("intermediate", "pentarchy", 5, "skirmish"),
]
"""(ruleset, map, humans, variant): every map and every variant of the WoK rulesets."""


def test_the_games_drawn_cover_every_map_and_variant() -> None:
    for ruleset in ("wok4", "standard", "intermediate"):
        maps = {m for r, m, _h, _v in GAMES if r == ruleset}
        variants = {v for r, _m, _h, v in GAMES if r == ruleset}
        assert maps == set(find_ruleset(ruleset).map_names()), ruleset
        assert variants == {s.variant for s in GAME_SEATING[ruleset]}, ruleset


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: "-".join(str(p) for p in g if p))
def game(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Game]:
    ruleset, map_name, humans, variant = request.param
    folder = tmp_path_factory.mktemp("maps") / f"{ruleset}-{map_name}-{variant or 'plain'}"
    yield played_game(folder, ruleset, map_name, humans, turns=2, variant=variant)


def province_ids(game: Game) -> list[str]:
    public = game.ruleset.public_json(game.state())
    provinces = public["provinces"]
    assert isinstance(provinces, list)
    return [str(p["id"]) for p in provinces if isinstance(p, dict)]


def check_svg(svg: str, ids: list[str]) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert int(root.get("width", "0")) >= 600 and int(root.get("height", "0")) >= 400
    marked = [e.get("data-province") for e in root.iter() if e.get("data-province") is not None]
    assert sorted(marked, key=lambda i: int(str(i))) == ids  # one element a province
    assert not [e for e in root.iter() if e.get("data-territory") or e.get("data-tile")]
    return root


def unknown(root: ET.Element) -> list[str]:
    """The provinces drawn as fog: their holder shown as "?"."""
    found = []
    for group in root.iter("{http://www.w3.org/2000/svg}g"):
        texts = [t.text for t in group.findall("{http://www.w3.org/2000/svg}text")]
        if group.get("data-province") and texts[1] == "?":
            found.append(str(group.get("data-province")))
    return found


def test_the_gm_view_and_every_players_view_is_a_valid_svg(game: Game) -> None:
    ids = province_ids(game)
    gm = check_svg(draw_svg(game), ids)
    assert unknown(gm) == []  # the GM sees every holder
    for entry in game.config.players:
        view = check_svg(draw_svg(game, player=entry.id), ids)
        hidden = unknown(view)
        assert hidden, f"player {entry.id} sees the whole map"
        assert len(hidden) < len(ids)
    first = check_svg(draw_svg(game, turn=0, player=1), ids)
    assert "turn 0: the view of player 1" in str(
        first.findtext("{http://www.w3.org/2000/svg}title")
    )


def test_the_png_decodes_to_its_stated_size(game: Game) -> None:
    png = draw_png(game, player=1)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    root = ET.fromstring(draw_svg(game, player=1))
    assert image.size == (int(root.get("width", "0")), int(root.get("height", "0")))
    assert image.size[0] >= 600 and image.size[1] >= 400


def test_the_same_game_drawn_twice_is_the_same_picture(game: Game) -> None:
    again = open_game(game.store.root)
    assert draw_svg(game, player=2) == draw_svg(again, player=2)
    if game.config.ruleset == "wok4" and len(game.config.players) == 4:
        assert draw_png(game) == draw_png(again)


def test_names_on_a_map_are_escaped() -> None:
    """Names are player-written text in some games: the template escapes them."""
    board = Board(
        title='Game <x> & "y"',
        shape="nodes",
        spots=(
            Spot(id="1", kind="province", name="<script>&", owner=1),
            Spot(id="2", kind="province", name="Ok", owner=0),
        ),
        links=(Link(a="1", b="2"),),
        sides=(SideKey(id=1, name="</svg><svg>", label="P1"),),
    )
    svg = board_svg(board, {"1": (0.0, 0.0), "2": (1.0, 0.0)})
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "<script>&" in texts
    assert any(t and "</svg><svg>" in t for t in texts)
    assert root.findtext("{http://www.w3.org/2000/svg}title") == 'Game <x> & "y"'


def test_a_map_of_the_gms_own_without_a_layout_is_drawn(tmp_path: Path) -> None:
    from tests.bigmap import grid_map
    from tests.test_map_layouts import check_picture
    from wtg.text.yamlio import dump_yaml

    data = grid_map(40, 2)
    source = tmp_path / "mine.yaml"
    source.write_text(dump_yaml(data), encoding="utf-8")
    game = played_game(tmp_path / "g", "wok4", str(source), 2, turns=1)
    svg = draw_svg(game)
    check_picture(data, svg)
    assert svg == draw_svg(open_game(game.store.root))


def test_territories_with_groups_tables_and_notes() -> None:
    """A node board of territories (WISK's kind): one ``data-territory`` element each, a
    ground under each group with its name, the tables and notes under the map."""
    from wtg.core.board import Table
    from wtg.maps import board_png

    names = ("Alaska", "Alberta", "Ontario", "Peru", "Brazil")
    groups = ("North America",) * 3 + ("South America",) * 2
    board = Board(
        title="WISK",
        shape="nodes",
        spots=tuple(
            Spot(id=str(n), kind="territory", name=name, owner=n % 2 + 1, troops=str(n), group=g)
            for n, (name, g) in enumerate(zip(names, groups, strict=True), start=1)
        ),
        links=(Link(a="1", b="2"), Link(a="2", b="3"), Link(a="3", b="4"), Link(a="4", b="5")),
        sides=(SideKey(id=1, name="Ann", label="P1"), SideKey(id=2, name="Bob", label="P2")),
        tables=(Table(title="Continents", header=("continent", "bonus"), rows=(("Asia", "7"),)),),
        notes=("Card set now worth 8 armies",),
    )
    places = {"1": (0.0, 0.0), "2": (1.0, 0.5), "3": (2.0, 0.0), "4": (2.0, 2.0), "5": (3.0, 3.0)}
    root = ET.fromstring(board_svg(board, places))
    marked = [e.get("data-territory") for e in root.iter() if e.get("data-territory")]
    assert marked == ["1", "2", "3", "4", "5"]
    grounds = [e.get("data-group") for e in root.iter() if e.get("data-group")]
    assert grounds == ["North America", "South America"]
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"North America", "Continents", "bonus", "Asia", "Card set now worth 8 armies"} <= set(
        texts
    )
    image = Image.open(io.BytesIO(board_png(board, places)))
    assert image.size == (int(root.get("width", "0")), int(root.get("height", "0")))


def test_a_turns_pictures_share_their_ground_and_come_out_the_same(tmp_path: Path) -> None:
    """Issue 29, item 4: what is the same for every player (the paper, the groups, the
    borders) is painted once and kept, and each picture is painted over the last one
    only where they differ; each comes out the same bytes as painted whole, with
    nothing kept, painting one player's spots changes nothing of another's, and each is
    a palette PNG of at most 150 kB."""
    from wtg.maps import png

    game = played_game(tmp_path / "g", "wok4", "classic60", 10, turns=3)
    png.forget()
    seats = [entry.id for entry in game.config.players]
    kept = {seat: draw_png(game, player=seat) for seat in seats}
    digests = {seat: hashlib.sha256(picture).hexdigest() for seat, picture in kept.items()}
    assert png.ground.cache_info().currsize == 1  # one ground for the ten pictures
    for seat in seats:
        png.forget()
        assert hashlib.sha256(draw_png(game, player=seat)).hexdigest() == digests[seat]  # whole
    over_last = hashlib.sha256(draw_png(game, player=seats[0])).hexdigest()
    assert over_last == digests[seats[0]]
    assert len(set(digests.values())) == len(seats)  # each player's own view
    for picture in kept.values():
        image = Image.open(io.BytesIO(picture))
        assert image.mode == "P" and len(picture) <= 150_000


def test_a_picture_whose_painting_fails_leaves_the_next_one_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A picture is painted over the last one in place: one that fails half way (here
    after its pixels are put in the palette, its PNG not written) must not leave the next
    player's picture painted over half a picture. It comes out as painted whole."""
    from wtg.maps import png

    game = played_game(tmp_path / "g", "wok4", "classic60", 10, turns=3)
    seats = [entry.id for entry in game.config.players]
    png.forget()
    whole = hashlib.sha256(draw_png(game, player=seats[2])).hexdigest()
    png.forget()
    draw_png(game, player=seats[0])
    indexed = png._index_over

    def failing(*args: Any) -> None:
        indexed(*args)
        raise MemoryError("no room for the rest")

    monkeypatch.setattr(png, "_index_over", failing)
    with pytest.raises(MemoryError, match="no room for the rest"):
        draw_png(game, player=seats[1])
    monkeypatch.setattr(png, "_index_over", indexed)
    assert hashlib.sha256(draw_png(game, player=seats[2])).hexdigest() == whole


def test_a_turns_pictures_read_its_state_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What is the same for every player is worked out once a turn: the turn's state is
    read once for the ten players' pictures (each his own view of it, fog and all), and
    the scale of the map's layout worked out once."""
    from wtg.maps import png, scene

    played = played_game(tmp_path / "g", "wok4", "classic60", 10, turns=2)
    game = open_game(played.store.root)
    read = game.ruleset.state_from_dict
    reads: list[object] = []

    def counted(data: Any) -> Any:
        reads.append(data)
        return read(data)

    monkeypatch.setattr(game.ruleset, "state_from_dict", counted)
    png.forget()
    pictures = {draw_png(game, player=entry.id) for entry in game.config.players}
    assert len(pictures) == 10 and len(reads) == 1
    assert scene.scale_of.cache_info().misses == 1


def test_a_ground_forgets_old_operations_and_its_pictures_stay_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ground keeps the operations painted on it (to compare a picture with the last
    by them) up to ``OPS_KEPT``, then all but the last picture's: a process drawing a
    board turn after turn does not keep every number ever written on it, and each
    picture still comes out as painted whole."""
    from wtg.maps import paintops, png

    game = played_game(tmp_path / "g", "wok4", "classic60", 10, turns=3)
    seats = [entry.id for entry in game.config.players]
    whole = {}
    for seat in seats:
        png.forget()
        whole[seat] = hashlib.sha256(draw_png(game, player=seat)).hexdigest()
    monkeypatch.setattr(png, "OPS_KEPT", 300)  # a picture here paints 270 or more
    keep_only = png.Ground.keep_only
    grounds: list[png.Ground] = []

    def kept(ground: png.Ground, ops: tuple[paintops.Op, ...]) -> None:
        keep_only(ground, ops)
        grounds.append(ground)
        assert len(ground.boxes) <= len(ground.known) == len(set(ops))

    monkeypatch.setattr(png.Ground, "keep_only", kept)
    png.forget()
    for seat in [*seats, *seats]:
        assert hashlib.sha256(draw_png(game, player=seat)).hexdigest() == whole[seat]
    assert len(grounds) >= 5 and len(set(map(id, grounds))) == 1
    assert len(grounds[0].known) <= 600
