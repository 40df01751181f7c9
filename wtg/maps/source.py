"""What a map of a game is drawn from: the board the ruleset gives (``Draws.board``) for
a turn and a player, and the place of every spot (the map file's ``layout:``, or one
computed from the borders when the map has none)."""

from __future__ import annotations

import zlib
from functools import lru_cache
from pathlib import Path

from wtg.core.board import Board, Draws
from wtg.core.errors import GameError
from wtg.core.provmap import MapError
from wtg.data.maps import GAME_MAP, Positions, map_layout, map_wraps, read_map_file
from wtg.game.engine import Game
from wtg.maps.layout import computed_layout
from wtg.rules.base import AnyRulesetFiles, RulesetFiles


class NoMap(GameError):
    """A map that cannot be drawn as asked: a ruleset that draws none, a turn not played, a
    player not in the game."""


def game_board(
    game: Game, turn: int | None = None, player: int | None = None, *, named: bool = False
) -> Board:
    """The board after turn ``turn`` (the latest by default) as GM seat ``player`` may see
    it (None: the GM's view). ``named``: the latest turn's with its players called as
    game.yaml names them now (``Game.named_state``: the site's board, the game as it
    stands), not as the turn's files, its report's picture among them, say."""
    ruleset = game.ruleset
    if not isinstance(ruleset, Draws):
        raise NoMap(f"{ruleset.name} draws no map")
    latest = game.latest_turn()
    if turn is None:
        turn = latest
    elif not 0 <= turn <= latest:
        raise NoMap(
            f"turn {turn} of game {game.config.game} has not been played (turns 0 to {latest})"
        )
    if player is not None and player not in {entry.id for entry in game.config.players}:
        raise NoMap(
            f"game {game.config.game} has no player {player} ({game.config.players_said()})"
        )
    state = game.state_view(turn)  # state and events: one read for every player's board
    if named and turn == latest:
        state = game.named_state(state)
    board: Board = ruleset.board(state, player, game.events_view(turn))
    return board


def game_positions(game: Game, board: Board) -> Positions:
    """Where each spot of ``board`` is drawn: the map file's ``layout:``, or a layout
    computed from the board's links (a map without one, or one that misses a spot)."""
    given = _drawing(game)[0]
    ids = tuple(spot.id for spot in board.spots)
    if given is not None and all(spot in given for spot in ids):
        return dict(given)  # the kept layout stays as read
    return dict(_computed(ids, tuple((link.a, link.b) for link in board.links)))


def game_wraps(game: Game) -> frozenset[frozenset[str]]:
    """The borders the game's map draws off its edges (``wraps:``; none for most maps)."""
    return frozenset(frozenset(pair) for pair in _drawing(game)[1])


Drawing = tuple[Positions | None, tuple[tuple[str, str], ...]]
"""A map file's drawing data: its ``layout:`` and its ``wraps:``."""


def _drawing(game: Game) -> Drawing:
    """The drawing data of the game's map file, read once a process for a shipped map and
    once a version of the file for a map of the GM's own (a turn's reports draw the same
    map once a player)."""
    name = game.config.map
    if name == GAME_MAP:
        path = game.store.root / GAME_MAP
        try:
            seen = path.stat()
        except OSError:
            return None, ()
        return _file_drawing(str(path), seen.st_mtime_ns, seen.st_size)
    if isinstance(game.ruleset, RulesetFiles):
        return _shipped_drawing(game.ruleset, name)
    return None, ()


@lru_cache(maxsize=32)
def _file_drawing(path: str, _mtime_ns: int, _size: int) -> Drawing:
    data = read_map_file(Path(path))
    return map_layout(data, path), map_wraps(data, path)


@lru_cache(maxsize=32)
def _shipped_drawing(ruleset: AnyRulesetFiles, name: str) -> Drawing:
    try:
        found = ruleset.read_map(name)
    except (FileNotFoundError, MapError):
        return None, ()  # a Tactics world's map: no file of provinces
    return map_layout(found.data, found.source), map_wraps(found.data, found.source)


@lru_cache(maxsize=8)
def _computed(
    ids: tuple[str, ...], links: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, tuple[float, float]], ...]:
    """A computed layout, kept for the next picture of the same map (a turn's reports draw
    it once a player). Seeded from the map itself: the same map always looks the same."""
    seed = zlib.crc32(repr((ids, links)).encode("utf-8"))
    return tuple(computed_layout(ids, links, seed).items())
