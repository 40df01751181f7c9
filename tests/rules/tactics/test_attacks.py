"""Attacking: "attacking (enemy unit in range after walking)"; "you can only attack a tile
with an enemy piece on it! Pieces may have different weapon ranges (both minimum and
maximum ranges)"; "RNG (Range) This controls how many 'steps' your weapon can take (how
far it can shoot, but using that same NSEW limitation on movement)"."""

from __future__ import annotations

from tests.rules.tactics.builders import OPEN7, piece, state
from wtg.rules.tactics.moves import Move, move_problem, targets


def test_only_a_tile_with_an_enemy_piece_on_it() -> None:
    game = state(
        OPEN7, [piece(11, "KNIGHT", 1, 1), piece(12, "PIKE", 2, 1), piece(21, "PIKE", 1, 3)]
    )
    assert move_problem(game, 1, Move(11, (1, 1), (2, 1)), []) == "02/01 holds your own piece 12"
    assert move_problem(game, 1, Move(11, (1, 1), (1, 2)), []) == "no piece to attack at 01/02"
    assert move_problem(game, 1, Move(11, (1, 2), (1, 3)), []) == ""


def test_the_attack_is_judged_from_where_the_piece_walked() -> None:
    """ "some orange outlines around the 'white' tile will show you what tiles your piece
    could attack *after moving to that tile*" """
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 4, 1)])
    assert move_problem(game, 1, Move(11, (1, 1), (4, 1)), []) == (
        "out of range: 04/01 is 3 steps away, range 1"
    )
    assert move_problem(game, 1, Move(11, (3, 1), (4, 1)), []) == ""


def test_range_counts_north_south_east_west_steps_between_min_and_max() -> None:
    """ "A minimum range can also be assigned to a piece (kinda rare, one assumes) so that a
    long range attacker might have to be careful to not get TOO close to its target." """
    game = state(
        OPEN7,
        [
            piece(11, "ARCHER", 1, 1),
            piece(21, "PIKE", 2, 1),
            piece(22, "PIKE", 3, 2),
            piece(23, "PIKE", 4, 2),
            piece(24, "PIKE", 5, 5),
        ],
    )
    archer = game.pieces[0]
    found = targets(game, archer, archer.pos)
    assert sorted(p.id for p in found.values()) == [22, 23]  # 3 and 4 steps
    assert move_problem(game, 1, Move(11, (1, 1), (2, 1)), []) == (
        "too close: 02/01 is 1 step away, min range 2"
    )
    assert move_problem(game, 1, Move(11, (1, 1), (5, 5)), []) == (
        "out of range: 05/05 is 8 steps away, range 4"
    )


def test_a_shot_crosses_only_tiles_its_weapon_can_cross() -> None:
    """ "the piece/weapon 'movement'"; range: "how many 'steps' your weapon can take (how
    far it can shoot, but using that same NSEW limitation on movement)" (rulings 3 and 13):
    a bow of movement 11 (earth, air, water) shoots over water and rock but not over lava."""
    moat = """
#######
#.^...#
#.^...#
#^^^..#
#..~R.#
#.....#
#######
"""
    game = state(
        moat,
        [
            piece(11, "ARCHER", 1, 1),
            piece(21, "PIKE", 3, 1),
            piece(12, "ARCHER", 2, 5),
            piece(22, "PIKE", 4, 3),
        ],
    )
    first, second = game.pieces[0], game.pieces[1]
    assert targets(game, first, first.pos) == {}
    assert move_problem(game, 1, Move(11, (1, 1), (3, 1)), []) == (
        "out of range: a Bow cannot reach 03/01 (terrain or elevation)"
    )
    assert [p.id for p in targets(game, second, second.pos).values()] == [22]


def test_no_shot_across_an_elevation_difference_of_64_or_more() -> None:
    """RULE-NOTES: "a weapon cannot shoot across 64 or more"."""
    heights = [[0] * 7 for _ in range(7)]
    heights[1][3] = 63
    heights[5][3] = 64
    game = state(
        OPEN7,
        [
            piece(11, "ARCHER", 1, 1),
            piece(21, "PIKE", 3, 1),
            piece(12, "ARCHER", 1, 5),
            piece(22, "PIKE", 3, 5),
        ],
        heights=heights,
    )
    low, high = game.pieces[0], game.pieces[1]
    assert [p.id for p in targets(game, low, low.pos).values()] == [21]  # 63: in reach
    assert [p.id for p in targets(game, high, high.pos).values()] == []  # 64: refused
