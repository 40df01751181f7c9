"""Step and shot tables of a board, for the bots' look-ahead.

The bots ask the same questions as the rules (``Board.walks``, ``Board.shots``,
``Board.shooters``) hundreds of times a turn. A ``Grid`` answers them with the same
results from tables of each tile's neighbours, worked out once for a board and a
movement (``grid_of`` keeps the last few boards' tables: a game is played on one).
Tiles are numbered row by row (``y * size + x``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from wtg.rules.tactics.board import Board, Pos

Table = tuple[tuple[int, ...], ...]
"""For each tile, the tiles one step (or one shot step) from it."""

_KEPT = 8
"""Boards whose tables are kept (a process may run a few games at once)."""


class Grid:
    """One board's step and shot tables."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.size = board.size
        self._steps: dict[int, Table] = {}
        self._shots: dict[int, Table] = {}
        self._back: dict[int, Table] = {}
        self._step_back: dict[int, Table] = {}
        self._near: Table = tuple(
            tuple(self.index(n) for n in board.neighbours(self.pos(i)))
            for i in range(self.size * self.size)
        )

    def index(self, pos: Pos) -> int:
        return pos[1] * self.size + pos[0]

    def pos(self, index: int) -> Pos:
        return (index % self.size, index // self.size)

    def steps(self, movement: int) -> Table:
        """Where a walker with ``movement`` may step from each tile (``Board.can_step``)."""
        if movement not in self._steps:
            self._steps[movement] = self._table(movement, self.board.can_step, backwards=False)
        return self._steps[movement]

    def step_sources(self, movement: int) -> Table:
        """From which tiles a walker with ``movement`` steps onto each tile."""
        if movement not in self._step_back:
            self._step_back[movement] = self._table(movement, self.board.can_step, backwards=True)
        return self._step_back[movement]

    def shots(self, movement: int) -> Table:
        """Where a shot with ``movement`` goes on from each tile (``Board.can_shoot_step``)."""
        if movement not in self._shots:
            self._shots[movement] = self._table(
                movement, self.board.can_shoot_step, backwards=False
            )
        return self._shots[movement]

    def shot_sources(self, movement: int) -> Table:
        """From which tiles a shot with ``movement`` steps onto each tile."""
        if movement not in self._back:
            self._back[movement] = self._table(movement, self.board.can_shoot_step, backwards=True)
        return self._back[movement]

    def _table(self, movement: int, can: Callable[[int, Pos, Pos], bool], backwards: bool) -> Table:
        rows = []
        for here in range(self.size * self.size):
            a = self.pos(here)
            if backwards:
                rows.append(tuple(n for n in self._near[here] if can(movement, self.pos(n), a)))
            else:
                rows.append(tuple(n for n in self._near[here] if can(movement, a, self.pos(n))))
        return tuple(rows)

    def walks(
        self, start: int, movement: int, mobility: int, blocked: Collection[int]
    ) -> dict[int, int]:
        """``Board.walks`` on tile numbers."""
        return spread(self.steps(movement), (start,), mobility, blocked)

    def shooters(self, target: int, movement: int, reach: int) -> dict[int, int]:
        """``Board.shooters`` on tile numbers."""
        return spread(self.shot_sources(movement), (target,), reach, ())


def spread(
    table: Table, starts: Sequence[int], limit: int, blocked: Collection[int]
) -> dict[int, int]:
    """Tiles within ``limit`` steps of ``starts`` over ``table``, with the fewest steps;
    ``blocked`` tiles are never entered."""
    found = dict.fromkeys(starts, 0)
    edge = list(starts)
    for distance in range(1, limit + 1):
        ahead = []
        for here in edge:
            for there in table[here]:
                if there not in found and there not in blocked:
                    found[there] = distance
                    ahead.append(there)
        if not ahead:
            break
        edge = ahead
    return found


_GRIDS: dict[tuple[object, ...], Grid] = {}


def grid_of(board: Board) -> Grid:
    """The tables of ``board``, made once for a board of the same tiles and heights."""
    key = (
        board.size,
        board.tiles,
        board.elevation,
        tuple(sorted(board.tile_movement.items())),
    )
    grid = _GRIDS.get(key)
    if grid is None:
        if len(_GRIDS) >= _KEPT:
            del _GRIDS[next(iter(_GRIDS))]
        grid = _GRIDS[key] = Grid(board)
    return grid
