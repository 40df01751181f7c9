"""What each ruleset publishes of its board, as a table read from its ``public_json``.

Only what the rules show to everyone is published; a ruleset not named here publishes no
board (its Top Ten and public events still appear):

- ``wisk``: every territory, its owner and its armies: WISK is Risk, played on one open
  board ("You can see the starting army positions ... as well as the current locations of
  all army pieces").
- ``tactics``: every piece, where it stands and its hit points: a battle has spectators
  ("If you enter the scene after battle has started, then you will be just a spectator
  for that battle"), and each player's "score info ... the number of pieces left in their
  army, and the total sum of remaining hit points" is shown to all.
- ``standard`` and ``intermediate``: who holds each province ("Once turn 0 has run, you
  can see on the map where everyone is starting"), not what is in it: that is for spies.
- ``wok4``: no board. The manual shows a player his own provinces and their borders, and
  everyone the Top Ten; who holds the other provinces is not published.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from wtg.core.board import Board, Spot
from wtg.core.jsondata import Json, JsonObject
from wtg.core.record import Record

NEUTRAL = "neutral"


class BoardTable(Record):
    """The published board: a caption, the column heads and a row of text a spot."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


NOT_PUBLISHED = {
    "wok4": (
        "The WoK IV manual shows each player his own provinces and their borders, and "
        "everyone the Top Ten: who holds the other provinces is not published."
    ),
}
"""Why a ruleset publishes no board (the page says so)."""
NO_BOARD = "This ruleset publishes no board; its Top Ten and public events are below."


def items(public: Mapping[str, Json], key: str) -> list[JsonObject]:
    """The entries of a list in ``public_json`` (anything else passed over)."""
    found = public.get(key)
    return [entry for entry in found if isinstance(entry, dict)] if isinstance(found, list) else []


def _text(value: Json) -> str:
    return "" if value is None else str(value)


def _owner(names: Mapping[int, str], value: Json) -> str:
    if value == 0:
        return NEUTRAL
    if isinstance(value, int) and not isinstance(value, bool):
        return names.get(value, f"player {value}")
    return "?"


def _wisk(public: Mapping[str, Json], names: Mapping[int, str]) -> BoardTable:
    rows = tuple(
        (
            _text(t.get("id")),
            _text(t.get("name")),
            _text(t.get("continent")),
            _owner(names, t.get("owner")),
            _text(t.get("armies")),
        )
        for t in items(public, "territories")
    )
    return BoardTable("Territories", ("#", "Territory", "Continent", "Held by", "Armies"), rows)


def _owners(public: Mapping[str, Json], names: Mapping[int, str]) -> BoardTable:
    provinces = items(public, "provinces")
    terrain = any("terrain" in p for p in provinces)
    header = ("#", "Province", *(("Terrain",) if terrain else ()), "Held by")
    rows = tuple(
        (
            _text(p.get("id")),
            _text(p.get("name")),
            *((_text(p.get("terrain")),) if terrain else ()),
            _owner(names, p.get("owner")),
        )
        for p in provinces
    )
    return BoardTable("Provinces", header, rows)


def _tactics(public: Mapping[str, Json], names: Mapping[int, str]) -> BoardTable:
    rows = tuple(
        (
            _owner(names, p.get("owner")),
            _text(p.get("kind")).title(),
            _tile(p.get("x"), p.get("y")),
            f"{_text(p.get('hp'))}/{_text(p.get('max_hp'))}",
            _text(p.get("lev")),
        )
        for p in items(public, "pieces")
    )
    board = public.get("board")
    name = board.get("name") if isinstance(board, dict) else None
    caption = f"Pieces on the board {name}" if name else "Pieces on the board"
    return BoardTable(caption, ("Army", "Piece", "Tile (X/Y)", "Hit points", "Level"), rows)


def _tile(x: Json, y: Json) -> str:
    """A tile as the reports, the form and the confirmations write it: X/Y, two digits each
    (05/07)."""
    if isinstance(x, int) and isinstance(y, int):
        return f"{x:02d}/{y:02d}"
    return f"{_text(x)}/{_text(y)}"


PUBLISHERS: dict[str, Callable[[Mapping[str, Json], Mapping[int, str]], BoardTable]] = {
    "wisk": _wisk,
    "tactics": _tactics,
    "standard": _owners,
    "intermediate": _owners,
}


def published_board(
    ruleset: str, public: Mapping[str, Json], names: Mapping[int, str]
) -> tuple[BoardTable | None, str]:
    """The board ``ruleset`` publishes, from its ``public_json``, and, when it publishes
    none, why. ``names``: each side's name by id."""
    publisher = PUBLISHERS.get(ruleset)
    if publisher is None:
        return None, NOT_PUBLISHED.get(ruleset, NO_BOARD)
    return publisher(public, names), ""


OPEN_BOARDS = frozenset({"wisk", "tactics"})
"""Rulesets whose whole board is public: their GM's picture is the public one (WISK's shows
no cards in hand and no missions)."""
HOLDERS_ONLY = frozenset({"standard", "intermediate"})
"""Rulesets that publish who holds each province and nothing of what is in it."""


def public_board(ruleset: str, board: Board) -> Board | None:
    """What the public may see of the GM's ``board`` (the whole picture) of a game of
    ``ruleset``, by the same rules as ``published_board``; None where it publishes none."""
    title = board.title.replace("the GM's view", "what everyone sees")
    if ruleset in OPEN_BOARDS:
        return board.replaced(title=title, arrows=())
    if ruleset not in HOLDERS_ONLY:
        return None
    spots = tuple(
        Spot(
            id=spot.id,
            kind=spot.kind,
            name=spot.name,
            owner=spot.owner,
            group=spot.group,
            terrain=spot.terrain,
            marks=tuple(mark for mark in spot.marks if mark == "start"),
        )
        for spot in board.spots
    )
    return Board(title=title, shape=board.shape, spots=spots, links=board.links, sides=board.sides)
