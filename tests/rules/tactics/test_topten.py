"""The Top Ten of a battle: the armies still fighting first, by pieces left and hit
points, then those out by the place they went out in; the winner first once it is over."""

from __future__ import annotations

from tests.rules.tactics.builders import OPEN7, piece, state
from tests.shipped import TACTICS
from wtg.rules.tactics.state import OUT


def test_the_armies_still_fighting_rank_above_those_out() -> None:
    """A player's trial: mid-battle, the site's Top Ten of turn 127 ranked 'Max, 0 hit
    points, OUT' first and 'Lia, OUT' second, above Ned, 4 pieces and 44 hit points, still
    fighting: those out were sorted by their place (3, 4) before those with none yet.
    'the game tracks first, second, and third place', given as armies go out; an army still
    fighting will place above every army out."""
    game = state(
        OPEN7,
        [piece(21, "KNIGHT", 1, 1), piece(41, "KNIGHT", 3, 3), piece(42, "PIKE", 5, 5)],
        players=4,
    )
    for pid, place in ((1, 4), (3, 3)):
        game.player(pid).status, game.player(pid).place = OUT, place
    ranks = [(line.rank, line.player, line.status) for line in TACTICS.topten(game)]
    assert ranks == [(1, 4, "active"), (2, 2, "active"), (3, 3, "out"), (4, 1, "out")]
    game.player(2).status, game.player(2).place = OUT, 2
    game.player(4).place = 1
    ranks = [(line.rank, line.player, line.status) for line in TACTICS.topten(game)]
    assert ranks == [(1, 4, "winner"), (2, 2, "out"), (3, 3, "out"), (4, 1, "out")]


def test_equal_armies_share_a_rank() -> None:
    """Every battle began with 'RANK 1 Ann, 2 Bob', their armies alike (9 pieces, 94 hit
    points): a player read himself behind. Equal armies share a rank, the next skipped,
    as in WoK's and WISK's Top Ten."""
    game = state(
        OPEN7,
        [
            piece(11, "KNIGHT", 1, 1),
            piece(41, "KNIGHT", 3, 3),
            piece(31, "PIKE", 5, 5),
            piece(32, "PIKE", 6, 6),
        ],
        players=4,
    )
    game.player(2).status, game.player(2).place = OUT, 4
    ranks = [(line.rank, line.player, line.status) for line in TACTICS.topten(game)]
    assert ranks == [(1, 3, "active"), (2, 1, "active"), (2, 4, "active"), (4, 2, "out")]
