"""The threat map in board positions, as the tests read it: ``threats_by_tile`` (what the
bots read) for the enemies of one player."""

from __future__ import annotations

from wtg.rules.tactics.board import Pos
from wtg.rules.tactics.paths import grid_of
from wtg.rules.tactics.state import TacticsState
from wtg.rules.tactics.threats import threats_by_tile


def threat_map(state: TacticsState, player: int) -> dict[Pos, tuple[int, ...]]:
    """Every tile the enemies of ``player`` can strike on their next turn, with the ids
    of the pieces that can."""
    grid = grid_of(state.board)
    enemies = [p for p in state.pieces if p.owner != player]
    found = threats_by_tile(state, grid, enemies)
    return {grid.pos(t): ids for t, ids in sorted(found.items())}
