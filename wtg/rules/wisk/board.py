"""The WISK board as data: continents, territories, borders, cards and missions, read from
``games/wisk/<map>.yaml`` and checked on load. Every problem found is reported at once,
with the file name, so a GM can fix a map without reading code.

A map may also say how it is drawn (``wtg map``): a ``colour`` (``#rrggbb``) on each
continent and a ``layout``, territory id -> [x, y]. The rules never use them, so the board
does not keep them; they are checked here with the rest, and ``wtg/maps`` reads them from
the map file."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from wtg.core.jsondata import Json, JsonObject
from wtg.core.provmap import MapError
from wtg.core.record import Record

KINDS = ("infantry", "cavalry", "artillery")
WILD = "wild"
_MISSION_KEYS = {"continents", "extra", "territories", "armies", "destroy"}
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class Continent(Record):
    name: str
    bonus: int
    territories: tuple[int, ...]


class Site(Record):
    """A territory as the map draws it (who holds it is the state's business)."""

    id: int
    name: str
    continent: str
    neighbours: tuple[int, ...]


class Card(Record):
    """Card ``id``: a territory's card (``territory`` > 0) or a wild card (0)."""

    id: int
    territory: int
    kind: str


class Mission(Record):
    """A secret mission: hold ``continents`` (and ``extra`` more of one's choice), or hold
    ``territories`` territories with at least ``armies`` armies each, or destroy the
    player in seat ``destroy``."""

    id: int
    continents: tuple[str, ...] = ()
    extra: int = 0
    territories: int = 0
    armies: int = 1
    destroy: int = 0


class Board(Record):
    name: str
    title: str
    continents: tuple[Continent, ...]
    sites: tuple[Site, ...]
    cards: tuple[Card, ...]
    missions: tuple[Mission, ...]

    def site(self, tid: int) -> Site:
        return self.sites[tid - 1]

    def named(self, tid: int) -> str:
        """A territory as a player reads it: its name and its number (``Kamchatka (4)``), as
        the report names it; its number alone when the map has none such."""
        return f"{self.sites[tid - 1].name} ({tid})" if self.has(tid) else str(tid)

    def has(self, tid: object) -> bool:
        return isinstance(tid, int) and not isinstance(tid, bool) and 1 <= tid <= len(self.sites)

    def card(self, cid: int) -> Card:
        return self.cards[cid - 1]

    def continent(self, name: str) -> Continent:
        return next(c for c in self.continents if c.name == name)

    def mission(self, mid: int) -> Mission:
        return self.missions[mid - 1]

    @property
    def borders(self) -> int:
        return sum(len(s.neighbours) for s in self.sites) // 2

    def to_dict(self) -> JsonObject:
        """The map file's own shape (the state file carries it, so a game never depends on a
        map file that a GM may edit later)."""
        borders: list[Json] = [
            [s.name, self.site(n).name] for s in self.sites for n in s.neighbours if n > s.id
        ]
        return {
            "name": self.name,
            "title": self.title,
            "continents": [{"name": c.name, "bonus": c.bonus} for c in self.continents],
            "territories": [
                {"id": s.id, "name": s.name, "continent": s.continent, "card": self.card(s.id).kind}
                for s in self.sites
            ],
            "wild_cards": sum(1 for c in self.cards if c.kind == WILD),
            "borders": borders,
            "missions": [_mission_dict(m) for m in self.missions],
        }


def _mission_dict(mission: Mission) -> JsonObject:
    out: JsonObject = {}
    if mission.continents:
        out["continents"] = list(mission.continents)
    for key, default in (("extra", 0), ("territories", 0), ("armies", 1), ("destroy", 0)):
        if getattr(mission, key) != default:
            out[key] = getattr(mission, key)
    return out


def board_from_data(data: Any, source: str = "<map>", default_name: str = "map") -> Board:
    """A checked board; raises MapError listing every problem."""
    if not isinstance(data, Mapping):
        raise MapError(source, ["the file must be a mapping with continents, territories, borders"])
    problems: list[str] = []
    continents = _continents(data.get("continents"), problems)
    sites = _sites(data.get("territories"), {c[0] for c in continents}, problems)
    by_name = {s["name"]: s["id"] for s in sites}
    neighbours = _borders(data.get("borders"), by_name, problems)
    cards = _cards(sites, data.get("wild_cards", 0), problems)
    missions = _missions(data.get("missions", []), {c[0] for c in continents}, problems)
    problems += drawing_problems(data, len(sites))
    if problems:
        raise MapError(source, problems)
    board = Board(
        name=str(data.get("name", default_name)),
        title=str(data.get("title", default_name)),
        continents=tuple(
            Continent(name, bonus, tuple(s["id"] for s in sites if s["continent"] == name))
            for name, bonus in continents
        ),
        sites=tuple(
            Site(s["id"], s["name"], s["continent"], tuple(sorted(neighbours.get(s["id"], ()))))
            for s in sites
        ),
        cards=cards,
        missions=missions,
    )
    problems += _shape_problems(board)
    if problems:
        raise MapError(source, problems)
    return board


def _continents(raw: Any, problems: list[str]) -> list[tuple[str, int]]:
    if not isinstance(raw, list) or not raw:
        problems.append("'continents' must be a non-empty list of {name, bonus}")
        return []
    found: list[tuple[str, int]] = []
    for index, item in enumerate(raw, start=1):
        name = item.get("name") if isinstance(item, Mapping) else None
        bonus = item.get("bonus") if isinstance(item, Mapping) else None
        if not isinstance(name, str) or not name.strip():
            problems.append(f"continent #{index}: missing name")
            continue
        if not isinstance(bonus, int) or isinstance(bonus, bool) or bonus < 0:
            problems.append(f"continent {name}: bonus must be a whole number >= 0, found {bonus!r}")
            bonus = 0
        found.append((name.strip(), bonus))
    names = [n for n, _ in found]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"continent {name!r} is named more than once")
    return found


def _sites(raw: Any, continents: set[str], problems: list[str]) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or not raw:
        problems.append("'territories' must be a non-empty list")
        return []
    found: list[dict[str, Any]] = []
    for index, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping):
            problems.append(f"territory #{index}: expected a mapping of id, name, continent, card")
            continue
        name = item.get("name")
        where = f"territory #{index} ({name})"
        if item.get("id") != index:
            problems.append(f"{where}: id must be {index} (ids run 1..N in order)")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"territory #{index}: missing name")
            name = f"#{index}"
        if item.get("continent") not in continents:
            problems.append(f"{where}: unknown continent {item.get('continent')!r}")
        if item.get("card") not in KINDS:
            problems.append(f"{where}: card must be one of {', '.join(KINDS)}")
        found.append(
            {
                "id": index,
                "name": name.strip(),
                "continent": item.get("continent"),
                "card": item.get("card"),
            }
        )
    names = [s["name"] for s in found]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"territory name {name!r} is used more than once")
    return found


def _borders(raw: Any, by_name: Mapping[str, int], problems: list[str]) -> dict[int, set[int]]:
    neighbours: dict[int, set[int]] = {}
    if not isinstance(raw, list) or not raw:
        problems.append("'borders' must be a non-empty list of [territory, territory] pairs")
        return neighbours
    seen: set[frozenset[int]] = set()
    for index, pair in enumerate(raw, start=1):
        if not isinstance(pair, list) or len(pair) != 2:
            problems.append(f"border #{index}: expected a pair of territory names, found {pair!r}")
            continue
        unknown = [n for n in pair if n not in by_name]
        if unknown:
            problems.append(f"border #{index}: no territory named {unknown[0]!r}")
            continue
        one, two = by_name[pair[0]], by_name[pair[1]]
        key = frozenset((one, two))
        if one == two:
            problems.append(f"border #{index}: {pair[0]} borders itself")
        elif key in seen:
            problems.append(f"border #{index}: {pair[0]} - {pair[1]} is listed twice")
        seen.add(key)
        neighbours.setdefault(one, set()).add(two)
        neighbours.setdefault(two, set()).add(one)
    return neighbours


def _cards(sites: Sequence[Mapping[str, Any]], wild: Any, problems: list[str]) -> tuple[Card, ...]:
    if not isinstance(wild, int) or isinstance(wild, bool) or wild < 0:
        problems.append(f"'wild_cards' must be a whole number >= 0, found {wild!r}")
        wild = 0
    cards = [Card(s["id"], s["id"], str(s["card"])) for s in sites]
    cards += [Card(len(sites) + i, 0, WILD) for i in range(1, wild + 1)]
    return tuple(cards)


def _missions(raw: Any, continents: set[str], problems: list[str]) -> tuple[Mission, ...]:
    if not isinstance(raw, list):
        problems.append("'missions' must be a list")
        return ()
    found = []
    for index, item in enumerate(raw, start=1):
        where = f"mission #{index}"
        if not isinstance(item, Mapping) or not item or set(item) - _MISSION_KEYS:
            problems.append(f"{where}: expected some of {', '.join(sorted(_MISSION_KEYS))}")
            continue
        names = item.get("continents", [])
        if not isinstance(names, list) or any(n not in continents for n in names):
            problems.append(f"{where}: continents must name continents of the map")
            names = []
        numbers = {k: item.get(k, d) for k, d in (("extra", 0), ("territories", 0), ("armies", 1))}
        numbers["destroy"] = item.get("destroy", 0)
        if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in numbers.values()):
            problems.append(f"{where}: extra, territories, armies and destroy are whole numbers")
            continue
        if not names and not numbers["territories"] and not numbers["destroy"]:
            problems.append(f"{where}: names no continents, no territories and no one to destroy")
        found.append(Mission(index, tuple(names), **numbers))
    return tuple(found)


def drawing_problems(data: Mapping[str, Any], territories: int) -> list[str]:
    """What is wrong with a map's drawing data: each continent's ``colour`` (optional) a
    ``#rrggbb``; the ``layout`` (optional) a position [x, y] for each territory id
    1..``territories``, and for nothing else."""
    problems = []
    raw_continents = data.get("continents")
    for item in raw_continents if isinstance(raw_continents, list) else []:
        colour = item.get("colour") if isinstance(item, Mapping) else None
        if colour is not None and not (isinstance(colour, str) and _COLOUR.fullmatch(colour)):
            name = item.get("name") if isinstance(item, Mapping) else "?"
            problems.append(f"continent {name}: colour must be written #rrggbb, found {colour!r}")
    layout = data.get("layout")
    if layout is None:
        return problems
    if not isinstance(layout, Mapping):
        return [*problems, "'layout' must map each territory id to its position [x, y]"]
    for key, where in layout.items():
        if not isinstance(key, int) or isinstance(key, bool) or not 1 <= key <= territories:
            problems.append(f"layout: {key!r} is no territory id (ids run 1..{territories})")
        elif not _is_point(where):
            problems.append(f"layout: territory {key} must be at [x, y], found {where!r}")
    missing = [str(t) for t in range(1, territories + 1) if t not in layout]
    if missing:
        problems.append(f"layout: no position for territories {', '.join(missing)}")
    return problems


def _is_point(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    )


def _shape_problems(board: Board) -> list[str]:
    problems: list[str] = []
    for continent in board.continents:
        if not continent.territories:
            problems.append(f"continent {continent.name} has no territories")
    for mission in board.missions:
        if mission.territories > len(board.sites):
            problems.append(f"mission #{mission.id} asks for more territories than the map has")
        if mission.extra > len(board.continents) - len(mission.continents):
            problems.append(f"mission #{mission.id} asks for more continents than the map has")
    lonely = [s.name for s in board.sites if not s.neighbours]
    if lonely:
        problems.append(f"territories without a border: {', '.join(lonely)}")
        return problems
    seen = {1}
    queue = deque([1])
    while queue:
        for n in board.site(queue.popleft()).neighbours:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    cut_off = [s.name for s in board.sites if s.id not in seen]
    if cut_off:
        problems.append(f"territories not reachable from {board.site(1).name}: {cut_off}")
    return problems
