"""Bots: "Bot armies are picked randomly from the available pieces"; their moves follow the
documented strategy (ruling 8): attack with the best expected damage, prefer a weapon that
dominates, otherwise approach the nearest enemy."""

from __future__ import annotations

from tests.rules.tactics.builders import OPEN7, piece, state
from wtg.rules.tactics.moves import Move
from wtg.rules.tactics.strategy import plan_moves, plan_orders

WIDE = """
#########
#.......#
#.......#
#.......#
#.......#
#.......#
#.......#
#.......#
#########
"""


def test_a_bot_attacks_the_target_with_the_best_expected_damage() -> None:
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 3, 1), piece(22, "PIKE", 1, 3)],
        per_turn="1",
    )
    # sword on a pike: the sword dominates the spear, DEF 5 halved: 8 HP; on a knight: 4
    assert plan_moves(game, 1) == [Move(11, (1, 2), (1, 3))]


def test_a_kill_is_worth_no_more_than_the_hit_points_left() -> None:
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 3, 1), piece(22, "PIKE", 1, 3, hp=1)],
        per_turn="1",
    )
    assert plan_moves(game, 1) == [Move(11, (2, 1), (3, 1))]


def test_a_bot_without_an_attack_walks_towards_the_nearest_enemy() -> None:
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 7, 7)], per_turn="1")
    [move] = plan_moves(game, 1)
    assert move.attack is None
    assert abs(move.to[0] - 1) + abs(move.to[1] - 1) == 3
    assert abs(7 - move.to[0]) + abs(7 - move.to[1]) == 12 - 3


def test_attacks_come_before_approaches_and_the_limit_holds() -> None:
    game = state(
        WIDE,
        [piece(11, "KNIGHT", 1, 1), piece(12, "KNIGHT", 7, 5), piece(21, "PIKE", 7, 7)],
        per_turn="1",
    )
    assert plan_moves(game, 1) == [Move(12, (7, 6), (7, 7))]
    game.pieces_per_turn = "2"
    moves = plan_moves(game, 1)
    assert [m.piece for m in moves] == [12, 11]


def test_in_all_rested_turns_only_rested_pieces_move() -> None:
    game = state(
        WIDE,
        [piece(11, "KNIGHT", 1, 1, rest=1), piece(12, "KNIGHT", 2, 1), piece(21, "PIKE", 7, 7)],
    )
    assert [m.piece for m in plan_moves(game, 1)] == [12]


def test_the_plan_is_an_order_file_and_the_same_every_time() -> None:
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 3, 1)], per_turn="1")
    orders = plan_orders(game, 1)
    assert orders == {
        "player": 1,
        "turn": 6,
        "moves": [{"piece": 11, "to": [2, 1], "attack": [3, 1]}],
    }
    assert plan_orders(game, 1) == orders
