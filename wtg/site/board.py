"""What each ruleset publishes of its board, as a table read from its ``public_json``.

Only what the rules show to everyone is published, as the ruleset's registration says
(``Registration.public_board``, ``board_table``, ``no_board``: in its own folder, so that
nothing here names a ruleset). A table is one of three kinds:

- ``territories`` (WISK): every territory, its owner and its armies: WISK is Risk, played
  on one open board ("You can see the starting army positions ... as well as the current
  locations of all army pieces").
- ``pieces`` (Tactics): every piece, where it stands and its hit points: a battle has
  spectators ("If you enter the scene after battle has started, then you will be just a
  spectator for that battle"), and each player's "score info ... the number of pieces
  left in their army, and the total sum of remaining hit points" is shown to all.
- ``provinces`` (Standard, Intermediate): who holds each province ("Once turn 0 has run,
  you can see on the map where everyone is starting"), not what is in it: that is for
  spies.

A ruleset that publishes none (WoK IV: the manual shows a player his own provinces and
their borders, and everyone the Top Ten) says why in its ``no_board``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from wtg.core.board import Board, Spot
from wtg.core.jsondata import Json, JsonObject
from wtg.core.record import Record
from wtg.game.registry import registration_of

NEUTRAL = "neutral"


class BoardTable(Record):
    """The published board: a caption, the column heads and a row of text a spot."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


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


def _territories(public: Mapping[str, Json], names: Mapping[int, str]) -> BoardTable:
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


def _provinces(public: Mapping[str, Json], names: Mapping[int, str]) -> BoardTable:
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


def _pieces(public: Mapping[str, Json], names: Mapping[int, str]) -> BoardTable:
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


TABLES: dict[str, Callable[[Mapping[str, Json], Mapping[int, str]], BoardTable]] = {
    "territories": _territories,
    "pieces": _pieces,
    "provinces": _provinces,
}
"""Each kind of board table (``Registration.board_table``), made from ``public_json``."""


def published_board(
    ruleset: str, public: Mapping[str, Json], names: Mapping[int, str]
) -> tuple[BoardTable | None, str]:
    """The board ``ruleset`` publishes, from its ``public_json``, and, when it publishes
    none, why. ``names``: each side's name by id."""
    registration = registration_of(ruleset)
    table = TABLES.get(registration.board_table)
    if table is None:
        return None, registration.no_board or NO_BOARD
    return table(public, names), ""


def public_board(ruleset: str, board: Board) -> Board | None:
    """What the public may see of the GM's ``board`` (the whole picture) of a game of
    ``ruleset``, by the same rules as ``published_board``; None where it publishes none."""
    title = board.title.replace("the GM's view", "what everyone sees")
    shown = registration_of(ruleset).public_board
    if shown == "open":
        # the GM's picture is the public one (WISK's shows no cards in hand, no missions)
        return board.replaced(title=title, arrows=())
    if shown != "holders":
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
