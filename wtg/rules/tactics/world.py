"""A world's tactics assets as data: tiles, weapons, pieces and maps.

A world developer describes them in ``tactics_ini.txt`` (read by ``ini.py``); the map
images are read by ``images.py``. Everything here is plain, immutable data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from wtg.core.errors import ConfigError
from wtg.core.record import Record

EARTH, AIR, FIRE, WATER = 1, 2, 4, 8
"""Movement bits: a piece (or weapon) may cross a tile when they share any bit."""
ALL_MOVEMENT = EARTH | AIR | FIRE | WATER
MOVEMENT_LETTERS = (("E", EARTH), ("A", AIR), ("F", FIRE), ("W", WATER))

BORDER = 0
"""Colour index 0: the boundary of the map, impassable to all pieces."""
START_TILES = (249, 250, 251, 252)
"""Colour indices of the red, green, yellow and blue start positions."""
COLOURS = ("red", "green", "yellow", "blue")

MAX_MOBILITY = 6
MAX_RANGE = 6
MAX_OF_A_KIND = 9
MAX_ARMY = 9


class AssetError(ConfigError):
    """Asset files that cannot be used, with every problem found in them."""

    def __init__(self, source: str, problems: Iterable[str]) -> None:
        self.source = source
        listed = list(problems)
        lines = "\n".join(f"  - {p}" for p in listed)
        super().__init__(f"tactics assets {source} are not usable:\n{lines}")
        self.problems = listed


def movement_text(bits: int) -> str:
    """``EA`` for earth and air; ``-`` for nothing."""
    return "".join(letter for letter, bit in MOVEMENT_LETTERS if bits & bit) or "-"


class Tile(Record):
    id: int
    """The colour index that paints it on a map."""
    name: str
    movement: int


class Weapon(Record):
    id: int
    name: str
    wclass: str
    """The weapon class (compared without regard to case)."""
    dominates: str
    """The class this weapon dominates ("" for none)."""
    damage: int
    movement: int
    """Which tiles its shots cross."""


class PieceKind(Record, kw_only=True):
    key: str
    """The kind's name in orders and state: the piece name in capitals, e.g. PIKEMAN."""
    name: str
    bitmap: str
    max_count: int
    hp: int
    mp: int
    strength: int
    defense: int
    agility: int
    elevation: int
    movement: int
    mobility: int
    range: int
    min_range: int
    weapon: int
    armor: int

    def summary(self) -> str:
        """The Book of Tactics' short form: "27/4" = HP+STR+DEF+AGI / MOB+RANGE."""
        total = self.hp + self.strength + self.defense + self.agility
        return f"{total}/{self.mobility + self.range}"


class MapSpec(Record):
    """A ``[mapNN]`` section: where its images are, and how its elevation is made."""

    number: int
    name: str
    bitmap: str
    elevation_bitmap: str | None = None
    seed: int | None = None
    roughness: int = 0
    max_pieces: int = MAX_ARMY


class World(Record):
    """Everything a world's ``tactics_ini.txt`` declares."""

    folder: str
    version: str
    tiles: Mapping[int, Tile]
    weapons: Mapping[int, Weapon]
    pieces: tuple[PieceKind, ...]
    maps: tuple[MapSpec, ...]
    max_pieces: int = MAX_ARMY

    def map_named(self, name: str) -> MapSpec | None:
        """A map by its name (any case; spaces, ``-`` and ``_`` alike), section or number."""
        wanted = slug(name)
        for spec in self.maps:
            if wanted in (slug(spec.name), f"map{spec.number}", f"map{spec.number:02d}"):
                return spec
            if wanted.isdigit() and int(wanted) == spec.number:
                return spec
        return None

    def kind(self, key: str) -> PieceKind | None:
        return next((k for k in self.pieces if k.key == key), None)


def slug(name: str) -> str:
    """``Lava Ford`` and ``lava_ford`` both become ``lava-ford``."""
    out = "".join(c if c.isalnum() else "-" for c in name.strip().lower())
    return "-".join(part for part in out.split("-") if part)


def kind_key(name: str) -> str:
    """The key of a piece called ``name``: ``Stone Golem`` becomes ``STONE-GOLEM``."""
    return slug(name).upper()
