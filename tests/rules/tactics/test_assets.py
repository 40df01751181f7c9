"""Asset files: a world's tactics_ini.txt and its map images (RULE-NOTES "tactics_ini.txt
format"; the text's "World Developer Info"). Bad files get clear errors, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from wtg.data.tactics.ini import parse_world, read_world
from wtg.data.tactics.maps import load_board
from wtg.rules.tactics.world import AssetError, World

# A world developer's file in the documented format: comments, sections this game does not
# use, quotes, mixed case, Windows paths, three sound sets on a piece.
WORLD_INI = r"""
; tactics_ini.txt of a test world
;
[general]
numMaps=2
version = 1.2345

[tiles]
; colour index = bitmap, movement
tile1 = 'tiles\tileDirt', 1
tile50 = " tiles\tileLava", 4,
tile60=tiles\tileSea,8

[sounds]
sound1 = sfx\ready
sound2 = sfx\hit

[SoundSets]
soundSet1 = 1, 2

[Weapons]
weapon1 = Rock Hammer, Rock, Scissors, 5, 15, 1, 1, 1, 0
weapon2 = Shears, scissors, paper, 3, 11, 1, 1, 1, 0
weapon3 = Net, paper, rock, 4, 15, 1, 1, 1, 0

[Spells]
spell1 = Heal, 5

[SpellSets]
spellSet1 = 1

[Pieces]
piece1 = Stone Golem, skins\golem, 2, 14, 0, 6, 7, 2, 0, 1, 2, 1, 1, 1, 1, 1, 1, 3, 0, L3+T23, 0
piece2 = Harpy, skins\harpy, 3, 8, 5, 4, 3, 7, 0, 15, 9, 1, 0, 1, 1, 1, 2, 0, 1, , 0
piece3 = Fisher, skins\fisher, 12, 9, 0, 4, 4, 5, 0, 9, 4, 3, 2, 1, 1, 1, 3, 0, 0, , 0

[map1]
name = The Arena
bitmap = MAPS\Arena
elevationBitmap = maps\arena_height

[map2]
name = Rough
bitmap = maps\arena
elevationSeed = 12
roughness = 200

[map3]
name = Not counted by numMaps
bitmap = maps\missing
"""


def write_map(path: Path, rows: list[list[int]], mode: str = "P") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new(mode, (len(rows[0]), len(rows)))
    if mode == "P":
        image.putpalette([c for i in range(256) for c in (i, 255 - i, 0)])
    flat = [v for row in rows for v in row]
    if mode == "RGB":
        image.putdata([(v, v, v) for v in flat])
    else:
        image.putdata(flat)
    image.save(path)


ARENA = [
    [0, 0, 0, 0, 0, 0],
    [0, 249, 1, 1, 60, 0],
    [0, 1, 50, 1, 60, 0],
    [0, 1, 1, 1, 1, 0],
    [0, 60, 1, 1, 250, 0],
    [0, 0, 0, 0, 0, 0],
]


@pytest.fixture
def world_dir(tmp_path: Path) -> Path:
    (tmp_path / "tactics_ini.txt").write_text(WORLD_INI, encoding="cp1252")
    write_map(tmp_path / "maps" / "Arena.BMP", ARENA)
    write_map(tmp_path / "maps" / "arena_height.png", [[40 * (x % 2) for x in range(6)]] * 6)
    return tmp_path


def test_a_world_developers_file_in_the_documented_format_loads(world_dir: Path) -> None:
    world = read_world(world_dir)
    assert world.version == "1.2345"
    assert {t: (w.name, w.movement) for t, w in world.tiles.items()} == {
        1: ("Dirt", 1),
        50: ("Lava", 4),
        60: ("Sea", 8),
    }
    hammer = world.weapons[1]
    assert (hammer.name, hammer.wclass, hammer.dominates, hammer.damage) == (
        "Rock Hammer",
        "rock",
        "scissors",
        5,
    )
    golem, harpy, fisher = world.pieces
    assert golem.key == "STONE-GOLEM" and golem.name == "Stone Golem"
    assert (golem.max_count, golem.hp, golem.strength, golem.defense, golem.agility) == (
        2,
        14,
        6,
        7,
        2,
    )
    assert (golem.movement, golem.mobility, golem.range, golem.weapon, golem.armor) == (
        1,
        2,
        1,
        1,
        3,
    )
    # "Mobility and range are capped at 6, pieces of one kind per army at 9" (RULE-NOTES)
    assert harpy.mobility == 6 and harpy.mp == 5
    assert harpy.min_range == 1  # a min range of 0 still cannot hit its own tile
    assert fisher.max_count == 9 and (fisher.range, fisher.min_range) == (3, 2)
    # numMaps is 2: [map3] is not a map of this world
    assert [m.name for m in world.maps] == ["The Arena", "Rough"]


def test_its_maps_load_with_elevation_from_an_image_or_a_seed(world_dir: Path) -> None:
    world = read_world(world_dir)
    arena = load_board(world, world.maps[0])
    assert arena.size == 6
    assert arena.tile((1, 1)) == 249 and arena.tile((2, 2)) == 50
    assert arena.starts() == {249: (1, 1), 250: (4, 4)}
    # "the RED component of that color value is ultimately what is used for the elevation"
    assert arena.height_at((1, 1)) == 40 and arena.height_at((2, 1)) == 0
    rough = load_board(world, world.maps[1])
    again = load_board(world, world.maps[1])
    assert rough.elevation == again.elevation
    assert max(rough.elevation) <= 200 and len(set(rough.elevation)) > 3


def test_maps_are_found_by_name_section_or_number(world_dir: Path) -> None:
    world = read_world(world_dir)
    for name in ("the arena", "The_Arena", "map1", "map01", "1"):
        spec = world.map_named(name)
        assert spec is not None and spec.number == 1, name
    assert world.map_named("nowhere") is None


def test_the_shipped_world_loads_with_every_map() -> None:
    world = read_world(Path(__file__).resolve().parents[3] / "games" / "tactics")
    assert len(world.pieces) >= 6 and len(world.maps) >= 3
    for spec in world.maps:
        board = load_board(world, spec)
        assert len(board.starts()) >= 2, spec.name


def problems_of(text: str) -> list[str]:
    with pytest.raises(AssetError) as caught:
        parse_world(text, "test.txt")
    return caught.value.problems


def test_missing_sections_are_named() -> None:
    problems = problems_of("[general]\nnumMaps = 1\n")
    assert "there is no [tiles] section" in problems
    assert "there is no [pieces] section" in problems
    assert "[general] numMaps is 1, but there is no [map1]" in problems


def test_unreadable_ini_text_is_an_asset_error_not_a_crash() -> None:
    problems = problems_of("numMaps = 1\n[general]\n")
    assert "no section headers" in problems[0].lower()


def test_bad_values_name_section_key_and_value() -> None:
    text = WORLD_INI.replace("tile60=tiles\\tileSea,8", "tile60=tiles\\tileSea,sea")
    text = text.replace("Harpy, skins\\harpy, 3, 8,", "Harpy, skins\\harpy, 3, x,")
    text = text.replace("Net, paper, rock, 4, 15", "Net, paper, rock, 4, 99")
    text = text.replace("0, 9, 4, 3, 2, 1, 1, 1, 3, 0", "0, 9, 4, 3, 2, 1, 1, 1, 7, 0")
    problems = problems_of(text)
    assert "[Tiles] tile60: movement must be a whole number, found 'sea'" in problems
    assert "[Pieces] piece2 (Harpy): hp must be a whole number, found 'x'" in problems
    assert "[Weapons] weapon3: movement must be from 0 to 15, found 99" in problems
    assert "[Pieces] piece3 (Fisher): weapon 7 is not in [Weapons]" in problems


def test_short_lines_and_duplicate_names_are_refused() -> None:
    text = WORLD_INI.replace(
        "piece3 = Fisher, skins\\fisher, 12,", "piece4 = Harpy, x, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,"
    )
    text = text.replace("weapon2 = Shears, scissors, paper, 3, 11, 1, 1, 1, 0", "weapon2 = Shears")
    problems = problems_of(text)
    assert any(p.startswith("[Weapons] weapon2: expected 'name, class") for p in problems)
    assert any("[Pieces] piece4" in p and "same name as [Pieces] piece2" in p for p in problems)


def test_min_range_above_range_is_refused() -> None:
    text = WORLD_INI.replace("0, 9, 4, 3, 2, 1,", "0, 9, 4, 3, 5, 1,")
    assert "[Pieces] piece3 (Fisher): min range 5 is more than the range 3" in problems_of(text)


def world_with(world_dir: Path, rows: list[list[int]], mode: str = "P") -> World:
    write_map(world_dir / "maps" / "Arena.BMP", rows, mode)
    return read_world(world_dir)


def board_problems(world: World, number: int = 0) -> list[str]:
    with pytest.raises(AssetError) as caught:
        load_board(world, world.maps[number])
    return caught.value.problems


def test_a_map_must_be_square(world_dir: Path) -> None:
    world = world_with(world_dir, [row[:5] for row in ARENA])
    assert "the image must be square (as wide as tall), found 5x6" in board_problems(world)


def test_a_map_must_be_a_palette_image(world_dir: Path) -> None:
    world = world_with(world_dir, ARENA, mode="RGB")
    assert board_problems(world) == [
        "a map must be an 8-bit palette image (256 colours), found RGB"
    ]


def test_every_colour_index_needs_a_tile_and_each_start_one_pixel(world_dir: Path) -> None:
    rows = [list(row) for row in ARENA]
    rows[3][3] = 77
    rows[3][2] = 249
    world = world_with(world_dir, rows)
    assert board_problems(world) == [
        "colour index 77 (first at x=3, y=3) has no tile77 in [Tiles]",
        "start colour 249 is on 2 pixels; a map has one of each",
    ]


def test_a_map_needs_two_starts(world_dir: Path) -> None:
    rows = [[1 if v == 250 else v for v in row] for row in ARENA]
    world = world_with(world_dir, rows)
    assert "a map needs at least two start pixels" in board_problems(world)[0]


def test_missing_and_unreadable_images_are_named(world_dir: Path) -> None:
    (world_dir / "maps" / "arena_height.png").unlink()
    world = read_world(world_dir)
    assert board_problems(world) == [f"no elevation image 'maps\\\\arena_height' in {world_dir}"]
    (world_dir / "maps" / "Arena.BMP").write_bytes(b"not an image")
    with pytest.raises(AssetError) as caught:
        load_board(world, world.maps[1])
    assert caught.value.problems[0].startswith("cannot read the image")


def test_an_elevation_image_must_match_the_map(world_dir: Path) -> None:
    write_map(world_dir / "maps" / "arena_height.png", [[0] * 5] * 5)
    world = read_world(world_dir)
    assert board_problems(world) == ["the elevation image is 5 pixels wide, the map 6"]


def test_a_missing_asset_folder_is_an_asset_error(tmp_path: Path) -> None:
    with pytest.raises(AssetError) as caught:
        read_world(tmp_path / "nowhere")
    assert "cannot read tactics_ini.txt" in caught.value.problems[0]
