"""The threat map: the tiles enemy pieces can strike on their next turn.

An enemy piece threatens a tile when it may take part in its owner's next turn (in "all
rested" games: it has the rest for it once its turn adds a unit) and, from some tile it
can walk to (pieces in the way, as the board stands), a shot of its weapon reaches the
tile at min range or more and range or less. Walking and shots follow the rules
(``Board.walks``, ``Board.shots``, through the tables of ``paths.py``).

A tile the piece can walk to counts when another such tile lies within range of it (the
piece steps aside and strikes back). With a min range over 1 and more than
``EXACT_SPOTS`` tiles to walk to, a tile nearer than min range to all of them counts
too: the piece can step back to shoot (the exact answer would cost a shot's spread from
every tile).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from bench.frozen_robots.tactics_parts.paths import Grid, grid_of, spread
from wtg.rules.tactics.state import FULL_REST, RESTED, Piece, TacticsState, rest_at_turn_start

EXACT_SPOTS = 6
"""Up to this many tiles to walk to, a min range over 1 is worked out exactly."""


def acts_next_turn(state: TacticsState, piece: Piece) -> bool:
    """Whether ``piece`` may take part in its owner's next turn: in "all rested" games
    only with full rest once the turn's unit of rest is added."""
    if state.pieces_per_turn != RESTED:
        return True
    return rest_at_turn_start(piece.rest) >= FULL_REST


def strike_zone(
    state: TacticsState, piece: Piece, grid: Grid | None = None, blocked: Collection[int] = ()
) -> set[int]:
    """The tiles (numbered as ``grid`` numbers them) ``piece`` can strike on its next
    turn, walking first or not; ``blocked`` are the tiles of the other pieces (default:
    as the board stands)."""
    grid = grid or grid_of(state.board)
    kind = state.kind(piece.kind)
    weapon = state.weapon_of(piece)
    if not blocked:
        blocked = {grid.index(p.pos) for p in state.pieces if p.id != piece.id}
    spots = grid.walks(grid.index(piece.pos), kind.movement, kind.mobility, blocked)
    shots = grid.shots(weapon.movement)
    low, high = kind.min_range, kind.range
    if low > 1 and len(spots) <= EXACT_SPOTS:
        struck: set[int] = set()
        for spot in spots:
            struck.update(t for t, d in spread(shots, (spot,), high, ()).items() if d >= low)
        return struck
    nearest = spread(shots, tuple(spots), high, ())
    struck = {t for t, d in nearest.items() if d >= 1}
    if low > 1:
        struck.update(t for t, d in nearest.items() if d == 0)
        return struck
    sources = grid.shot_sources(weapon.movement)
    for spot in spots:
        if any(n in spots for n in sources[spot]) or _another_spot(sources, spot, spots, high):
            struck.add(spot)
    return struck


def _another_spot(
    sources: tuple[tuple[int, ...], ...], spot: int, spots: Collection[int], high: int
) -> bool:
    if high < 2:
        return False
    found = spread(sources, (spot,), high, ())
    return any(t in spots for t, d in found.items() if d >= 1)


def threats_by_tile(
    state: TacticsState, grid: Grid, enemies: Iterable[Piece]
) -> Mapping[int, tuple[int, ...]]:
    """Tile number -> the ids of the ``enemies`` that can strike it on their next turn."""
    occupied = {grid.index(p.pos): p.id for p in state.pieces}
    found: dict[int, list[int]] = {}
    for enemy in enemies:
        if not acts_next_turn(state, enemy):
            continue
        here = grid.index(enemy.pos)
        blocked = {t for t, pid in occupied.items() if pid != enemy.id and t != here}
        for tile in strike_zone(state, enemy, grid, blocked):
            found.setdefault(tile, []).append(enemy.id)
    return {tile: tuple(ids) for tile, ids in found.items()}
