"""A world's map made playable: its tile image and elevation read into a Board, checked."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wtg.data.paths import games_path
from wtg.data.tactics.images import find_asset, random_elevation, read_picture
from wtg.data.tactics.ini import read_world
from wtg.rules.tactics.board import Board
from wtg.rules.tactics.world import BORDER, START_TILES, AssetError, MapSpec, World

_SHOWN = 8


def world_folder(options: Mapping[str, Any]) -> Path:
    """The asset folder of a game's ``--assets`` option, or the shipped one."""
    given = options.get("assets")
    return Path(given) if given else games_path("tactics")


def load_world(options: Mapping[str, Any]) -> World:
    return read_world(world_folder(options))


def load_board(world: World, spec: MapSpec) -> Board:
    """The board of map ``spec``: every pixel a declared tile, the border or a start (at most
    one pixel of each start colour, at least two starts). Raises AssetError."""
    folder = Path(world.folder)
    where = f"[map{spec.number}] {spec.name}"
    path = find_asset(folder, spec.bitmap)
    if path is None:
        raise AssetError(where, [f"no image {spec.bitmap!r} (.bmp, .png or .gif) in {folder}"])
    picture = read_picture(path, palette_indices=True)
    problems = _tile_problems(world, picture.indices, picture.size)
    elevation = [0] * len(picture.indices)
    if spec.elevation_bitmap:
        found = find_asset(folder, spec.elevation_bitmap)
        if found is None:
            problems.append(f"no elevation image {spec.elevation_bitmap!r} in {folder}")
        else:
            heights = read_picture(found, palette_indices=False)
            if heights.size != picture.size:
                problems.append(
                    f"the elevation image is {heights.size} pixels wide, the map {picture.size}"
                )
            else:
                elevation = heights.reds
    elif spec.seed is not None:
        elevation = random_elevation(picture.size, spec.seed, spec.roughness)
    if problems:
        raise AssetError(where, problems)
    used = set(picture.indices)
    return Board(
        name=spec.name,
        size=picture.size,
        tiles=tuple(picture.indices),
        elevation=tuple(elevation),
        tile_movement={t.id: t.movement for t in world.tiles.values() if t.id in used},
        tile_names={t.id: t.name for t in world.tiles.values() if t.id in used},
    )


def _tile_problems(world: World, indices: list[int], size: int) -> list[str]:
    problems = []
    unknown: dict[int, tuple[int, int]] = {}
    starts: dict[int, int] = {}
    for index, tile in enumerate(indices):
        if tile in START_TILES:
            starts[tile] = starts.get(tile, 0) + 1
        elif tile != BORDER and tile not in world.tiles:
            unknown.setdefault(tile, (index % size, index // size))
    for tile, (x, y) in sorted(unknown.items())[:_SHOWN]:
        problems.append(f"colour index {tile} (first at x={x}, y={y}) has no tile{tile} in [Tiles]")
    if len(unknown) > _SHOWN:
        problems.append(f"... and {len(unknown) - _SHOWN} more undeclared colour indices")
    for tile, count in sorted(starts.items()):
        if count > 1:
            problems.append(f"start colour {tile} is on {count} pixels; a map has one of each")
    if len(starts) < 2:
        problems.append("a map needs at least two start pixels (colours 249, 250, 251, 252)")
    return problems
