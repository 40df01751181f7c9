"""Where a bot's piece walks when no tile it could attack from lies on any way open to it.

A piece's approach aims at the nearest tile from which it could attack an enemy
(``search.py``). When the enemies stand where the piece can never strike them (a swimmer
in the middle of a lake, a flyer among rocks, for a piece that walks on earth), there is
no such tile and nothing to aim at. The piece then aims at the tiles of its own ground
(those it can walk to, pieces aside) fewest grid steps from an enemy, so it waits where
the enemy must come out, not wherever the battle began.
"""

from __future__ import annotations

from collections.abc import Collection

from bench.frozen_robots.tactics_parts.paths import Grid, spread

FAR = 10**6
"""Steps no walk takes: the limit of a spread that should stop only where the ground ends."""


def ground_nearest(grid: Grid, here: int, movement: int, enemies: Collection[int]) -> list[int]:
    """The tiles a walker with ``movement`` on tile ``here`` can reach (pieces aside) that
    are fewest grid steps (north, south, east, west, whatever lies between) from one of
    ``enemies``, in tile order."""
    ground = spread(grid.steps(movement), (here,), FAR, ())
    targets = [grid.pos(e) for e in enemies]
    if not targets:
        return []

    def gap(tile: int) -> int:
        x, y = grid.pos(tile)
        return min(abs(x - ex) + abs(y - ey) for ex, ey in targets)

    gaps = {tile: gap(tile) for tile in ground}
    least = min(gaps.values())
    return sorted(tile for tile, steps in gaps.items() if steps == least)


def steps_to(grid: Grid, movement: int, spots: Collection[int]) -> dict[int, int]:
    """Steps (pieces aside) from each tile to the nearest of ``spots`` for a walker with
    ``movement``; tiles from which none can be reached are left out."""
    return spread(grid.step_sources(movement), tuple(sorted(spots)), FAR, ())
