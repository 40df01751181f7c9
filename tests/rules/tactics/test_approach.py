"""The bots' approach (ruling 8): a piece that can attack nobody this turn walks towards
the enemy, by the steps the rules let it take ("Each piece has a 'mobility' value which
indicates how many steps it may take"; "some tiles cannot be crossed (and you will have
to walk around them)"; "You cannot walk to a tile containing another piece"), and when
no tile it could attack from lies on any way open to it, towards the tiles of its way
nearest an enemy."""

from __future__ import annotations

import json

import pytest

from tests.rules.tactics.builders import lake_battle, piece, quiet, state
from tests.shipped import TACTICS
from wtg.core.rng import turn_rng
from wtg.rules.tactics.board import Pos
from wtg.rules.tactics.state import Piece, TacticsState
from wtg.rules.tactics.strategy import plan_moves, plan_orders

# The knight's way to the enemy goes round the wall of water in row 5, through the gap
# on the right: 20 steps from (1, 1) to (1, 10), where a straight line takes 9.
WALLED = """
############
#..........#
#..........#
#..........#
#..........#
#~~~~~~~~~.#
#..........#
#..........#
#..........#
#..........#
#..........#
############
"""

# The swimmer (earth and water) stays in the middle of the lake: every tile next to it
# is water, which the knight (earth only) can neither stand on nor cross.
LAKE = """
###########
#.........#
#.........#
#.........#
#.....~~~~#
#.....~~~~#
#.....~~~~#
#.....~~~~#
#.........#
#.........#
###########
"""


def walking_steps(game: TacticsState, mover: Piece, goals: set[Pos]) -> int:
    """The fewest steps ``mover`` walks, as the rules let it (its movement, other pieces
    blocking), to stand on one of ``goals``."""
    blocked = {p.pos for p in game.pieces if p.id != mover.id}
    kind = game.kind(mover.kind)
    found = game.board.walks(mover.pos, kind.movement, 10**6, blocked)
    return min(steps for tile, steps in found.items() if tile in goals)


def next_to(game: TacticsState, target: Piece) -> set[Pos]:
    return set(game.board.neighbours(target.pos))


def test_out_of_reach_a_piece_walks_its_whole_move_along_the_way_round() -> None:
    """Nothing to attack this turn: the knight (MOB 3), bold, walks 3 steps nearer,
    counted along the way round the water, not as the crow flies."""
    knight, enemy = piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 1, 10)
    game = quiet(state(WALLED, [knight, enemy], per_turn="1"))
    before = walking_steps(game, knight, next_to(game, enemy))
    assert before == 26
    [move] = plan_moves(game, 1)
    assert move.attack is None
    knight.x, knight.y = move.to
    assert walking_steps(game, knight, next_to(game, enemy)) == before - 3


def shore_nearest(game: TacticsState, mover: Piece, enemy: Piece) -> set[Pos]:
    """The tiles ``mover`` can stand on that are fewest grid steps from ``enemy``."""
    kind = game.kind(mover.kind)
    land = [
        (x, y)
        for y in range(game.board.size)
        for x in range(game.board.size)
        if game.board.can_stand(kind.movement, (x, y))
    ]
    gap = min(abs(x - enemy.x) + abs(y - enemy.y) for x, y in land)
    return {(x, y) for x, y in land if abs(x - enemy.x) + abs(y - enemy.y) == gap}


def test_with_no_tile_to_attack_from_on_its_way_a_piece_walks_to_the_nearest_shore() -> None:
    """The swimmer's neighbours are all water: the knight has no tile to attack it from,
    now or ever, while it stays there. Still the knight walks its 3 steps towards the
    shore tile nearest the swimmer (8, 8), to strike when it comes out, and does not idle
    in its corner."""
    knight, swimmer = piece(11, "KNIGHT", 1, 1), piece(21, "SWIMMER", 8, 6)
    game = state(LAKE, [knight, swimmer], per_turn="1")
    shore = shore_nearest(game, knight, swimmer)
    assert shore == {(8, 8)}
    assert walking_steps(game, knight, shore) == 14
    [move] = plan_moves(game, 1)
    assert move.attack is None
    knight.x, knight.y = move.to
    assert walking_steps(game, knight, shore) == 11


OPEN12 = "\n".join(["#" * 12, *["#" + "." * 10 + "#"] * 10, "#" * 12])


def test_a_piece_walks_towards_an_enemy_it_can_hurt_not_one_it_always_misses() -> None:
    """ "ChanceOfMiss = (tgtAGI - AGI + 1) * 10 (limited to 0-100)": against the ghost
    (AGI 15) the knight (AGI 5) always misses. The ghost is nearer (a tile next to it is 7
    steps away, one next to the pike 8), but the knight, bold, walks its 3 steps towards
    the pike."""
    knight, ghost = piece(11, "KNIGHT", 1, 1), piece(21, "GHOST", 1, 9)
    pike = piece(22, "PIKE", 10, 1)
    game = quiet(state(OPEN12, [knight, ghost, pike], per_turn="1"))
    assert walking_steps(game, knight, next_to(game, ghost)) == 7
    assert walking_steps(game, knight, next_to(game, pike)) == 8
    [move] = plan_moves(game, 1)
    assert move.attack is None
    knight.x, knight.y = move.to
    assert walking_steps(game, knight, next_to(game, pike)) == 5


BLOWS_WITHIN = 50
"""Measured: the first hit comes on turn 25 ("all rested") and 43 (one piece a turn);
before this approach, none came in the 200 turns of the limit."""


def play_out(game: TacticsState, seed: int) -> tuple[TacticsState, int | None]:
    """Both armies played by the bots' strategy, each turn resolved by the rules with the
    game's RNG, to the end; with the turn of the first hit."""
    first_hit = None
    while not TACTICS.is_over(game):
        orders = plan_orders(game, game.active)
        game = TACTICS.resolve(game, {game.active: orders}, turn_rng(seed, game.turn + 1)).state
        if first_hit is None and game.last_hit:
            first_hit = game.turn
    return game, first_hit


@pytest.mark.parametrize("per_turn", ["rested", "1"])
def test_two_bots_who_cannot_reach_each_other_meet_at_the_shore_and_one_wins(
    per_turn: str,
) -> None:
    """On the 64 x 64 lake board each army walks to the edge of its ground nearest the
    other: they come to blows within BLOWS_WITHIN turns and someone wins before the turn
    limit; the same seed plays the same battle, byte for byte."""
    game, first_hit = play_out(lake_battle(per_turn), 7)
    assert first_hit is not None and first_hit <= BLOWS_WITHIN
    assert game.turn < game.turn_limit
    assert len(game.standing()) == 1
    again, _ = play_out(lake_battle(per_turn), 7)
    assert json.dumps(again.to_dict()) == json.dumps(game.to_dict())
