"""Experience and levels.

"You earn more experience for attacking a higher-level piece than a lower-level one. You
earn experience each time you hit your target, and double experience for destroying the
target." The amounts are our ruling (the text gives none): a hit earns ``HIT_XP`` x the
target's level / the attacker's level (at least 1), a kill twice that; a piece at level L
needs ``XP_PER_LEVEL`` x L points for the next level, and keeps what is over. On a level
up "it also gets a recharge of its HP, MP, and rest".
"""

from __future__ import annotations

from wtg.rules.tactics.state import FULL_REST, Piece, runtime_stats
from wtg.rules.tactics.world import PieceKind

HIT_XP = 10
XP_PER_LEVEL = 30
MAX_LEVEL = 99


def experience(level: int, target_level: int, killed: bool) -> int:
    points = max(1, (HIT_XP * target_level + level // 2) // level)
    return 2 * points if killed else points


def needed(level: int) -> int:
    """Experience a piece at ``level`` needs for the next level."""
    return XP_PER_LEVEL * level


def gain(piece: Piece, kind: PieceKind, points: int) -> int:
    """Add ``points`` of experience to ``piece`` (changed in place); returns the levels
    gained. Each level recharges HP, MP and rest to the new maximum."""
    piece.xp += points
    gained = 0
    while piece.lev < MAX_LEVEL and piece.xp >= needed(piece.lev):
        piece.xp -= needed(piece.lev)
        piece.lev += 1
        gained += 1
    if gained:
        stats = runtime_stats(kind, piece.lev)
        piece.hp = stats.max_hp
        piece.mp = stats.max_mp
        piece.rest = FULL_REST
    return gained
