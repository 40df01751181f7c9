"""Reading a world's ``tactics_ini.txt``: [general], [Tiles], [Weapons], [Pieces], [mapNN].

The format (see ``docs/rules/tactics.md``, "Asset files"): ``;`` starts a comment; each
line of a list section is ``keyNN = field, field, ...``, the number in the key being the
tile's colour index, the weapon's id or the piece's slot; sections and keys are matched
without regard to case. Sections this game has no use for ([sounds], [SoundSets],
[Spells], [SpellSets]) are skipped. Every problem is collected and raised at once as an
``AssetError`` naming the section and key, so a world developer can fix the file without
reading code.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Mapping
from pathlib import Path

from wtg.core.plurals import counted
from wtg.rules.tactics.world import (
    ALL_MOVEMENT,
    BORDER,
    MAX_ARMY,
    MAX_MOBILITY,
    MAX_OF_A_KIND,
    MAX_RANGE,
    AssetError,
    MapSpec,
    PieceKind,
    Tile,
    Weapon,
    World,
    kind_key,
)

INI_NAME = "tactics_ini.txt"
_NUMBERED = re.compile(r"[a-z_]*?(\d+)")
_MAP_SECTION = re.compile(r"map(\d+)")
_PIECE_HEAD = 13
"""name, bitmap, max count, hp, mp, str, def, agi, elevation, movement, mobility, range,
min range; then the sound sets; then the five of ``_PIECE_TAIL``."""
_PIECE_TAIL = 5
"""weapon, armor, spell set, requirement, flags."""
_WEAPON_FIELDS = 5
"""name, class, dominates, damage, movement (the sound sets and flags after them are not
used by this game)."""
_NONE = ("", "none", "-")


class _Problems(list[str]):
    def number(
        self, text: str, where: str, what: str, low: int = 0, high: int | None = None
    ) -> int:
        """``text`` as a whole number from ``low`` (to ``high``); 0 and a problem if not."""
        value = text.strip()
        if not re.fullmatch(r"[-+]?\d+(\.0*)?", value):
            self.append(f"{where}: {what} must be a whole number, found {value!r}")
            return 0
        number = int(value.split(".")[0])
        if number < low or (high is not None and number > high):
            limits = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.append(f"{where}: {what} must be {limits}, found {number}")
            return max(low, number) if high is None else min(max(low, number), high)
        return number


def read_world(folder: Path) -> World:
    """The world whose assets are in ``folder`` (its ``tactics_ini.txt``); raises
    AssetError listing every problem."""
    path = folder / INI_NAME
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise AssetError(str(folder), [f"cannot read {INI_NAME}: {exc.strerror or exc}"]) from exc
    return parse_world(_decode(raw), str(path), str(folder))


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def parse_world(text: str, source: str = INI_NAME, folder: str = ".") -> World:
    """The world described by the text of a ``tactics_ini.txt``."""
    parser = configparser.ConfigParser(
        interpolation=None,
        strict=False,
        comment_prefixes=(";", "#"),
        inline_comment_prefixes=(";",),
        empty_lines_in_values=False,
    )
    try:
        parser.read_string(text, source=source)
    except configparser.Error as exc:
        raise AssetError(source, [" ".join(str(exc).split())]) from exc
    sections = {name.lower(): dict(parser.items(name)) for name in parser.sections()}
    problems = _Problems()
    for needed in ("general", "tiles", "weapons", "pieces"):
        if needed not in sections:
            problems.append(f"there is no [{needed}] section")
    general = sections.get("general", {})
    max_pieces = problems.number(
        general.get("maxpieces", str(MAX_ARMY)), "[general]", "maxPieces", 1, MAX_ARMY
    )
    tiles = _tiles(sections.get("tiles", {}), problems)
    weapons = _weapons(sections.get("weapons", {}), problems)
    pieces = _pieces(sections.get("pieces", {}), weapons, problems)
    maps = _maps(sections, general, max_pieces, problems)
    if problems:
        raise AssetError(source, problems)
    return World(
        folder=folder,
        version=general.get("version", "0").strip() or "0",
        tiles=tiles,
        weapons=weapons,
        pieces=pieces,
        maps=maps,
        max_pieces=max_pieces,
    )


def _fields(value: str) -> list[str]:
    """The comma-separated fields of a line, quotes and spaces around them removed."""
    return [field.strip().strip("'\"").strip() for field in value.split(",")]


def _numbered(key: str, where: str, problems: _Problems) -> int | None:
    match = _NUMBERED.fullmatch(key.strip().lower())
    if match is None:
        problems.append(f"{where}: the key {key!r} must end in its number, e.g. tile12")
        return None
    return int(match[1])


def _tiles(lines: Mapping[str, str], problems: _Problems) -> dict[int, Tile]:
    tiles: dict[int, Tile] = {}
    for key, value in lines.items():
        where = f"[Tiles] {key}"
        number = _numbered(key, where, problems)
        fields = _fields(value)
        if number is None:
            continue
        if not BORDER < number <= 255:
            problems.append(f"{where}: a tile's colour index must be from 1 to 255")
            continue
        if len(fields) < 2:
            problems.append(f"{where}: expected 'bitmap, movement', found {value.strip()!r}")
            continue
        movement = problems.number(fields[1], where, "movement", 0, ALL_MOVEMENT)
        tiles[number] = Tile(number, _tile_name(fields[0], number), movement)
    return tiles


def _tile_name(bitmap: str, number: int) -> str:
    base = re.split(r"[\\/]", bitmap)[-1]
    if base.lower().startswith("tile") and len(base) > 4:
        base = base[4:]
    return base or f"tile{number}"


def _weapons(lines: Mapping[str, str], problems: _Problems) -> dict[int, Weapon]:
    weapons: dict[int, Weapon] = {}
    for key, value in lines.items():
        where = f"[Weapons] {key}"
        number = _numbered(key, where, problems)
        fields = _fields(value)
        if number is None:
            continue
        if len(fields) < _WEAPON_FIELDS:
            problems.append(
                f"{where}: expected 'name, class, dominates, damage, movement, ...', "
                f"found {counted(len(fields), 'field')}"
            )
            continue
        name, wclass, dominates = fields[0], fields[1], fields[2]
        if not name or not wclass:
            problems.append(f"{where}: the weapon needs a name and a class")
        weapons[number] = Weapon(
            id=number,
            name=name,
            wclass=wclass.lower(),
            dominates="" if dominates.lower() in _NONE else dominates.lower(),
            damage=problems.number(fields[3], where, "damage", 0),
            movement=problems.number(fields[4], where, "movement", 0, ALL_MOVEMENT),
        )
    return weapons


def _pieces(
    lines: Mapping[str, str], weapons: Mapping[int, Weapon], problems: _Problems
) -> tuple[PieceKind, ...]:
    pieces: list[PieceKind] = []
    seen: dict[str, str] = {}
    for key, value in lines.items():
        where = f"[Pieces] {key}"
        fields = _fields(value)
        if len(fields) < _PIECE_HEAD + _PIECE_TAIL:
            problems.append(
                f"{where}: expected at least {_PIECE_HEAD + _PIECE_TAIL} fields (name, bitmap, "
                "max count, hp, mp, str, def, agi, elevation, movement, mobility, range, min "
                f"range, sound sets, weapon, armor, spell set, requirement, flags), found "
                f"{len(fields)}"
            )
            continue
        piece = _piece(fields, where, weapons, problems)
        if piece is None:
            continue
        if piece.key in seen:
            problems.append(f"{where}: {piece.name!r} has the same name as {seen[piece.key]}")
            continue
        seen[piece.key] = where
        pieces.append(piece)
    if lines and not pieces and not problems:
        problems.append("[Pieces] declares no usable piece")
    return tuple(pieces)


def _piece(
    fields: list[str], where: str, weapons: Mapping[int, Weapon], problems: _Problems
) -> PieceKind | None:
    head, tail = fields[:_PIECE_HEAD], fields[-_PIECE_TAIL:]
    name = head[0]
    if not kind_key(name):
        problems.append(f"{where}: the piece needs a name with letters or digits")
        return None
    where = f"{where} ({name})"

    def number(index: int, what: str, low: int = 0, high: int | None = None) -> int:
        return problems.number(head[index], where, what, low, high)

    weapon = problems.number(tail[0], where, "weapon", 0)
    if weapon not in weapons:
        problems.append(f"{where}: weapon {weapon} is not in [Weapons]")
    move_range = min(number(11, "range", 1), MAX_RANGE)
    min_range = max(number(12, "min range", 0), 1)
    if min_range > move_range:
        problems.append(f"{where}: min range {min_range} is more than the range {move_range}")
    return PieceKind(
        key=kind_key(name),
        name=name,
        bitmap=head[1],
        max_count=min(number(2, "max count", 0), MAX_OF_A_KIND),
        hp=number(3, "hp", 1),
        mp=number(4, "mp", 0),
        strength=number(5, "str", 0),
        defense=number(6, "def", 0),
        agility=number(7, "agi", 0),
        elevation=number(8, "elevation", 0),
        movement=number(9, "movement", 0, ALL_MOVEMENT),
        mobility=min(number(10, "mobility", 0), MAX_MOBILITY),
        range=move_range,
        min_range=min_range,
        weapon=weapon,
        armor=problems.number(tail[1], where, "armor", 0),
    )


def _maps(
    sections: Mapping[str, Mapping[str, str]],
    general: Mapping[str, str],
    max_pieces: int,
    problems: _Problems,
) -> tuple[MapSpec, ...]:
    numbers = sorted(
        int(m[1]) for m in (_MAP_SECTION.fullmatch(name) for name in sections) if m is not None
    )
    if "nummaps" in general:
        count = problems.number(general["nummaps"], "[general]", "numMaps", 1)
        for missing in sorted(set(range(1, count + 1)) - set(numbers)):
            problems.append(f"[general] numMaps is {count}, but there is no [map{missing}]")
        numbers = [n for n in numbers if n <= count]
    if not numbers:
        problems.append("there is no [mapNN] section (and [general] numMaps names none)")
    maps = []
    for number in dict.fromkeys(numbers):
        name = next(n for n in sections if (m := _MAP_SECTION.fullmatch(n)) and int(m[1]) == number)
        spec = _map(number, sections[name], max_pieces, problems)
        if spec is not None:
            maps.append(spec)
    return tuple(maps)


def _map(
    number: int, lines: Mapping[str, str], max_pieces: int, problems: _Problems
) -> MapSpec | None:
    where = f"[map{number}]"
    bitmap = _first(lines, "bitmap", "map", "image")
    if not bitmap:
        problems.append(f"{where}: no 'bitmap' (the map image, without .bmp)")
        return None
    seed = _first(lines, "elevationseed", "seed")
    return MapSpec(
        number=number,
        name=_first(lines, "name", "title") or f"map{number}",
        bitmap=bitmap,
        elevation_bitmap=_first(lines, "elevationbitmap", "elevation") or None,
        seed=problems.number(seed, where, "seed", 0) if seed else None,
        roughness=problems.number(lines.get("roughness", "0"), where, "roughness", 0, 255),
        max_pieces=problems.number(
            lines.get("maxpieces", str(max_pieces)), where, "maxPieces", 1, max_pieces
        ),
    )


def _first(lines: Mapping[str, str], *keys: str) -> str:
    for key in keys:
        value = lines.get(key, "").strip().strip("'\"").strip()
        if value:
            return value
    return ""
