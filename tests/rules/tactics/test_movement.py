"""Movement: "Each piece has a 'mobility' value which indicates how many steps it may take.
(steps are always taken north, south, east or west, so moving 'northwest' requires two
steps). You cannot walk to a tile containing another piece, friendly or not."; movement
types; elevation."""

from __future__ import annotations

from tests.rules.tactics.builders import OPEN7, piece, state
from wtg.rules.tactics.moves import Move, move_problem, walks


def test_steps_are_north_south_east_or_west_up_to_mobility() -> None:
    """ "moving 'northwest' requires two steps" """
    game = state(OPEN7, [piece(11, "KNIGHT", 3, 3), piece(21, "KNIGHT", 1, 1)])
    reach = walks(game, game.pieces[0])
    assert reach[(3, 3)] == 0
    assert reach[(2, 2)] == 2  # north-west: two steps
    assert reach[(3, 1)] == 2 and reach[(5, 4)] == 3
    assert (5, 5) not in reach  # four steps, MOB 3
    assert max(reach.values()) == 3


def test_no_tile_holding_another_piece_friendly_or_not() -> None:
    """ "You cannot walk to a tile containing another piece, friendly or not." """
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 3, 3), piece(12, "PIKE", 3, 2), piece(21, "KNIGHT", 4, 3)],
    )
    reach = walks(game, game.pieces[0])
    assert (3, 2) not in reach and (4, 3) not in reach
    assert move_problem(game, 1, Move(11, (3, 2)), []) == "03/02 is occupied by piece 12"
    assert move_problem(game, 1, Move(11, (4, 3)), []) == "04/03 is occupied by piece 21"


def test_pieces_block_the_way_too() -> None:
    """Ruling: no tile holding another piece is crossed on the way either."""
    corridor = """
#####
#...#
###.#
#...#
#####
"""
    game = state(corridor, [piece(11, "KNIGHT", 1, 1), piece(12, "PIKE", 3, 2)])
    assert move_problem(game, 1, Move(11, (3, 3)), []) == (
        "blocked: no way to 03/03 (terrain, elevation or pieces in the way)"
    )


def test_out_of_reach_gives_the_steps_and_the_mobility() -> None:
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1)])
    assert move_problem(game, 1, Move(11, (5, 5)), []) == (
        "out of reach: 05/05 is 8 steps away, MOB 3"
    )


def test_a_piece_crosses_a_tile_only_when_they_share_a_movement_bit() -> None:
    """ "individual tiles can be assigned a terrain type (earth air fire and water) and only
    pieces which can cross that terrain type can cross/stand on them"; "any combination of
    movement types to any piece (and any tile)": a piece crosses a tile when they share a
    type (ruling 13; RULE-NOTES: the bits 1 earth, 2 air, 4 fire, 8 water)."""
    river = """
#######
#..~..#
#..~..#
#..=..#
#..^..#
#..R..#
#######
"""
    game = state(
        river,
        [
            piece(11, "KNIGHT", 2, 2),
            piece(12, "SWIMMER", 4, 2),
            piece(13, "FLYER", 2, 5),
        ],
    )
    knight, swimmer, flyer = game.pieces
    assert (3, 1) not in walks(game, knight)  # water: no earth bit
    assert (3, 3) in walks(game, knight)  # the bridge is earth and water
    assert (3, 1) in walks(game, swimmer) and (3, 2) in walks(game, swimmer)
    assert (3, 4) not in walks(game, swimmer)  # lava: fire only
    assert (3, 5) not in walks(game, knight)  # rock: air only
    assert {(3, 4), (3, 5)} <= set(walks(game, flyer))  # 15 crosses anything
    assert move_problem(game, 1, Move(11, (3, 1)), []) == (
        "blocked: a Knight cannot stand on Water at 03/01"
    )
    assert move_problem(game, 1, Move(11, (0, 1)), []) == (
        "blocked: a Knight cannot stand on the border at 00/01"
    )


def test_no_step_across_an_elevation_difference_of_32_or_more_unless_it_flies() -> None:
    """ "units cannot cross from one tile to another if the elevation difference is too
    great (either up or down) unless the piece has the ability to 'cross air'" (RULE-NOTES:
    a difference of 32 or more)."""
    heights = [
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 31, 62, 94, 0, 0],
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0],
    ]
    walled = """
#######
#.....#
#RRRR.#
#.....#
#.....#
#.....#
#######
"""
    game = state(
        walled,
        [piece(11, "KNIGHT", 1, 1), piece(12, "FLYER", 1, 3)],
        heights=heights,
    )
    knight = game.pieces[0]
    reach = walks(game, knight)
    assert reach[(2, 1)] == 1  # 31 up: allowed
    assert reach[(3, 1)] == 2  # 62 - 31 = 31: allowed
    assert (4, 1) not in reach  # 94 - 62 = 32: too steep
    game.pieces[1].x, game.pieces[1].y = 3, 1
    assert walks(game, game.pieces[1])[(4, 1)] == 1  # a flyer crosses it


def test_a_piece_moves_once_a_turn_and_only_the_players_own() -> None:
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 5, 5)])
    assert move_problem(game, 1, Move(21, (5, 4)), []) == (
        "piece 21 is not yours (it is P2's, green): move only your own pieces"
    )
    assert move_problem(game, 1, Move(11, (1, 2)), [11]) == "piece 11 has already moved this turn"
    assert move_problem(game, 1, Move(31, (1, 2)), []) == (
        "there is no piece 31 on the board (yours: 11)"
    )
    assert move_problem(game, 1, Move(11, (1, 1)), []) == "piece 11 neither walks nor attacks"
    assert move_problem(game, 1, Move(11, (9, 9)), []) == "09/09 is off the map"


def test_pieces_per_turn_one_to_four() -> None:
    """ "1 - move any one of your remaining army pieces ... 4 - move any four pieces" """
    pieces = [piece(11 + n, "KNIGHT", 1 + n, 1) for n in range(5)]
    for limit in (1, 2, 3, 4):
        game = state(OPEN7, pieces, per_turn=str(limit))
        moved = [11 + n for n in range(limit - 1)]
        assert move_problem(game, 1, Move(15, (5, 2)), moved) == ""
        plural = "s" if limit > 1 else ""
        assert move_problem(game, 1, Move(15, (5, 2)), [*moved, 14]) == (
            f"only {limit} piece{plural} may move a turn"
        )


def test_all_rested_needs_two_units_of_rest() -> None:
    """ "In your NEXT turn, only those pieces with a minimum amount of rest (currently 2
    units) will be able to take part. This is only true when using the 'all rested'
    feature" """
    pieces = [piece(11, "KNIGHT", 1, 1, rest=1), piece(12, "KNIGHT", 2, 1, rest=2)]
    rested = state(OPEN7, pieces, per_turn="rested")
    assert move_problem(rested, 1, Move(11, (1, 2)), []) == (
        "piece 11 is not rested (RST 1, 2 needed)"
    )
    assert move_problem(rested, 1, Move(12, (2, 2)), []) == ""
    counted = state(OPEN7, pieces, per_turn="2")
    assert move_problem(counted, 1, Move(11, (1, 2)), []) == ""
