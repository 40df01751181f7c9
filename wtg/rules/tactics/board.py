"""The battlefield: a square grid of tiles with elevations, and the rules of crossing it.

Steps are always north, south, east or west. A piece may stand on (and cross) a tile
when its movement shares a bit with the tile's; it cannot step between tiles whose
elevations differ by ``STEP_LIMIT`` or more unless it can cross air (it flies). A shot
travels the same way with the weapon's movement, and no shot crosses an elevation
difference of ``SHOT_LIMIT`` or more.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass

from wtg.core.jsondata import Json, JsonObject, json_list, json_object, whole, word
from wtg.rules.tactics.world import AIR, ALL_MOVEMENT, BORDER, START_TILES

Pos = tuple[int, int]
"""(x, y): x the column, y the row, both from 0 at the top left pixel of the map."""

STEP_LIMIT = 32
SHOT_LIMIT = 64
_STEPS = ((0, -1), (-1, 0), (1, 0), (0, 1))


@dataclass(frozen=True, slots=True)
class Board:
    name: str
    size: int
    tiles: tuple[int, ...]
    """The colour index of every pixel, row by row."""
    elevation: tuple[int, ...]
    tile_movement: Mapping[int, int]
    tile_names: Mapping[int, str]

    @property
    def width(self) -> int:
        return self.size

    @property
    def height(self) -> int:
        return self.size

    def inside(self, pos: Pos) -> bool:
        x, y = pos
        return 0 <= x < self.size and 0 <= y < self.size

    def tile(self, pos: Pos) -> int:
        return self.tiles[pos[1] * self.size + pos[0]]

    def height_at(self, pos: Pos) -> int:
        return self.elevation[pos[1] * self.size + pos[0]]

    def movement(self, pos: Pos) -> int:
        """The tile's movement bits: 0 for the border, everything for an undeclared start."""
        tile = self.tile(pos)
        if tile == BORDER:
            return 0
        default = ALL_MOVEMENT if tile in START_TILES else 0
        return self.tile_movement.get(tile, default)

    def starts(self) -> dict[int, Pos]:
        """Start colour index -> its tile."""
        found: dict[int, Pos] = {}
        for index, tile in enumerate(self.tiles):
            if tile in START_TILES:
                found.setdefault(tile, (index % self.size, index // self.size))
        return found

    def neighbours(self, pos: Pos) -> Iterator[Pos]:
        x, y = pos
        for dx, dy in _STEPS:
            near = (x + dx, y + dy)
            if self.inside(near):
                yield near

    def can_stand(self, movement: int, pos: Pos) -> bool:
        return self.inside(pos) and bool(self.movement(pos) & movement)

    def can_step(self, movement: int, here: Pos, there: Pos) -> bool:
        """One step of a piece with ``movement`` from ``here`` to the next tile ``there``."""
        if not self.can_stand(movement, there):
            return False
        climb = abs(self.height_at(here) - self.height_at(there))
        return climb < STEP_LIMIT or bool(movement & AIR)

    def can_shoot_step(self, movement: int, here: Pos, there: Pos) -> bool:
        """One step of a shot by a weapon with ``movement``."""
        if not self.can_stand(movement, there):
            return False
        return abs(self.height_at(here) - self.height_at(there)) < SHOT_LIMIT

    def walks(
        self, start: Pos, movement: int, mobility: int, blocked: Collection[Pos] = ()
    ) -> dict[Pos, int]:
        """Every tile a piece at ``start`` can walk to in up to ``mobility`` steps, with the
        fewest steps it takes; ``blocked`` tiles (other pieces) cannot be entered."""
        return self._spread(
            start, mobility, lambda a, b: b not in blocked and self.can_step(movement, a, b)
        )

    def shots(self, start: Pos, movement: int, reach: int) -> dict[Pos, int]:
        """Every tile a shot from ``start`` reaches in up to ``reach`` steps (pieces do not
        stop shots), with the fewest steps it takes."""
        return self._spread(start, reach, lambda a, b: self.can_shoot_step(movement, a, b))

    def shooters(self, target: Pos, movement: int, reach: int) -> dict[Pos, int]:
        """Every tile from which a shot by a weapon with ``movement`` reaches ``target`` in
        up to ``reach`` steps, with the fewest steps (``shots`` the other way round)."""
        return self._spread(target, reach, lambda a, b: self.can_shoot_step(movement, b, a))

    def distances(self, sources: Collection[Pos], movement: int) -> dict[Pos, int]:
        """Steps from the nearest of ``sources`` for a walker with ``movement``, pieces
        ignored (how far an enemy is, for the bots)."""
        found = dict.fromkeys(sources, 0)
        queue = deque(sources)
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here):
                if there not in found and self.can_step(movement, there, here):
                    found[there] = found[here] + 1
                    queue.append(there)
        return found

    def _spread(
        self, start: Pos, limit: int, passable: Callable[[Pos, Pos], bool]
    ) -> dict[Pos, int]:
        found = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if found[here] >= limit:
                continue
            for there in self.neighbours(here):
                if there not in found and passable(here, there):
                    found[there] = found[here] + 1
                    queue.append(there)
        return found

    def to_dict(self) -> JsonObject:
        rows: list[Json] = [
            [*self.tiles[y * self.size : (y + 1) * self.size]] for y in range(self.size)
        ]
        heights: list[Json] = [
            [*self.elevation[y * self.size : (y + 1) * self.size]] for y in range(self.size)
        ]
        return {
            "name": self.name,
            "width": self.size,
            "height": self.size,
            "tiles": rows,
            "elevation": heights,
            "tile_types": [
                {"id": t, "name": self.tile_names.get(t, f"tile{t}"), "movement": m}
                for t, m in sorted(self.tile_movement.items())
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Json]) -> Board:
        types = [json_object(t) for t in json_list(data["tile_types"])]
        return cls(
            name=word(data["name"]),
            size=whole(data["width"]),
            tiles=_cells(data["tiles"]),
            elevation=_cells(data["elevation"]),
            tile_movement={whole(t["id"]): whole(t["movement"]) for t in types},
            tile_names={whole(t["id"]): word(t["name"]) for t in types},
        )


def _cells(rows: Json) -> tuple[int, ...]:
    """A grid written as rows of whole numbers (``Board.to_dict``), row after row."""
    return tuple(whole(cell) for row in json_list(rows) for cell in json_list(row))
