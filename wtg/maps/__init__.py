"""Maps you can look at: a game's board after a turn, as a player may see it, drawn as SVG
or PNG (``wtg map``, and the map a report mail carries).

The ruleset says what is on the board (``Draws.board``: pure, with the fog its rules
decide); this package places it (the map file's ``layout:``, or a computed layout) and
draws it: node maps here (``scene.py``, ``svg.py`` with ``templates/maps/nodes.svg.j2``,
``png.py``), grid boards in ``wtg.maps.grid``.

The functions to call:

- ``draw_svg(game, turn, player) -> str`` and ``draw_png(game, turn, player) -> bytes``:
  a game's map (``turn`` None: the latest; ``player`` a GM seat, None: the GM's view);
  ``NoMap`` (a GameError) when it cannot be drawn as asked.
- ``board_svg(board, positions)`` and ``board_png(board, positions)``: a Board of one's own.
- ``orders_svg(game, seat, orders)`` and ``orders_png(game, seat, orders)``: the seat's
  map with his orders as understood drawn on it (the confirmation's picture); None for a
  ruleset that draws no orders.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType

from wtg.core.board import Board, DrawsOrders
from wtg.core.jsondata import Json
from wtg.data.maps import Positions
from wtg.game.engine import Game
from wtg.maps.source import NoMap, game_board, game_positions, game_wraps

FORMATS = ("svg", "png")


def draw_svg(game: Game, turn: int | None = None, player: int | None = None) -> str:
    """The SVG of the game's map after ``turn`` as ``player`` may see it."""
    return _game_svg(game, game_board(game, turn, player))


def draw_png(game: Game, turn: int | None = None, player: int | None = None) -> bytes:
    """The PNG of the game's map after ``turn`` as ``player`` may see it (at least 600x400
    pixels)."""
    return _game_png(game, game_board(game, turn, player))


def board_svg(
    board: Board, positions: Positions, wraps: frozenset[frozenset[str]] = frozenset()
) -> str:
    """The SVG of a node board with its spots at ``positions`` (``wraps``: borders drawn
    off the map's edges)."""
    # deferred: the layout and Jinja templates of a picture: only a map drawn needs them
    from wtg.maps.scene import place
    from wtg.maps.svg import scene_svg

    return scene_svg(place(board, positions, wraps))


def orders_board(
    game: Game, seat: int, orders: Mapping[str, Json], turn: int | None = None
) -> Board | None:
    """Seat ``seat``'s board with ``orders`` (the order dict the intake filed for turn
    ``turn``, by default the next) as understood drawn on it: the board after the turn
    before (its state and events, which stay when later turns run); None for a ruleset
    that draws no orders."""
    ruleset = game.ruleset
    if not isinstance(ruleset, DrawsOrders):
        return None
    before = game.latest_turn() if turn is None else turn - 1
    return ruleset.orders_board(game.state_view(before), seat, orders, game.events_view(before))


def orders_svg(
    game: Game, seat: int, orders: Mapping[str, Json], turn: int | None = None
) -> str | None:
    """``orders_board`` as SVG."""
    board = orders_board(game, seat, orders, turn)
    return None if board is None else _game_svg(game, board)


def orders_png(
    game: Game, seat: int, orders: Mapping[str, Json], turn: int | None = None
) -> bytes | None:
    """``orders_board`` as PNG (the confirmation's picture)."""
    board = orders_board(game, seat, orders, turn)
    return None if board is None else _game_png(game, board)


def _game_svg(game: Game, board: Board) -> str:
    """A board of ``game`` as SVG: a grid (``wtg.maps.grid``), or nodes placed as the
    game's map places them."""
    if board.shape == "grid":
        svg: str = _grid(board).grid_svg(board)
        return svg
    return board_svg(board, game_positions(game, board), game_wraps(game))


def _game_png(game: Game, board: Board) -> bytes:
    """A board of ``game`` as PNG, as ``_game_svg`` draws it."""
    if board.shape == "grid":
        png: bytes = _grid(board).grid_png(board)
        return png
    return board_png(board, game_positions(game, board), game_wraps(game))


def board_png(
    board: Board, positions: Positions, wraps: frozenset[frozenset[str]] = frozenset()
) -> bytes:
    """The PNG of a node board with its spots at ``positions`` (``wraps`` as above)."""
    # deferred: Pillow: only a PNG picture needs it
    from wtg.maps.png import scene_png

    # deferred: the layout and Jinja templates of a picture: only a map drawn needs them
    from wtg.maps.scene import place

    return scene_png(place(board, positions, wraps))


def _grid(board: Board) -> ModuleType:
    """``wtg.maps.grid``, which draws grid boards (Tactics), imported when one is drawn."""
    try:
        return importlib.import_module("wtg.maps.grid")
    except ModuleNotFoundError as exc:
        if exc.name != "wtg.maps.grid":
            raise
        raise NoMap("grid boards (Tactics) cannot be drawn yet: wtg.maps.grid is missing") from None


__all__ = ["FORMATS", "NoMap", "board_png", "board_svg", "draw_png", "draw_svg", "game_board"]
