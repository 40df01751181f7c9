"""Bots: "Bot armies are picked randomly from the available pieces"; their moves follow the
documented strategy (ruling 8): attacks weighed by their expected damage and kills, fire
focused, tiles the enemy can strike avoided, rest kept in "all rested" games, otherwise an
approach towards the nearest enemy; and a bot's orders always pass the rules' own check."""

from __future__ import annotations

from tests.rules.tactics.builders import OPEN7, piece, state
from tests.rules.tactics.threatmap import threat_map
from tests.shipped import TACTICS
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup
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


def test_a_kill_beats_more_raw_damage() -> None:
    """The pike would take 8 points (the sword dominates the spear), the hurt knight 4;
    killing the knight is worth more: a dead piece strikes no more."""
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1), piece(22, "KNIGHT", 1, 3, hp=3)],
        per_turn="1",
    )
    assert plan_moves(game, 1) == [Move(11, (1, 2), (1, 3))]


def test_fire_is_focused_on_a_target_two_pieces_can_kill_together() -> None:
    """One hit of 4 points cannot kill the knight (8 HP) nor the pike (10 HP), two hits
    may: both attackers strike the same target, not one each."""
    game = state(
        OPEN7,
        [
            piece(11, "KNIGHT", 1, 3),
            piece(12, "KNIGHT", 5, 3),
            piece(21, "KNIGHT", 3, 1, hp=8),
            piece(22, "PIKE", 3, 5),
        ],
        per_turn="2",
    )
    moves = plan_moves(game, 1)
    assert [m.piece for m in sorted(moves, key=lambda m: m.piece)] == [11, 12]
    assert len({m.attack for m in moves}) == 1


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


def test_a_bot_stops_short_of_the_tiles_the_enemy_can_strike() -> None:
    """The beast (MOB 5, claws that dominate the sword) strikes any tile 6 steps from it
    or less: three steps nearer would end on such a tile, so the knight walks two."""
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "BEAST", 7, 4)])
    [move] = plan_moves(game, 1)
    assert move.attack is None
    assert move.to not in threat_map(game, 1)
    assert abs(7 - move.to[0]) + abs(4 - move.to[1]) == 7


def test_in_all_rested_games_a_piece_attacks_where_it_stands_to_keep_its_rest() -> None:
    """ "uses one unit of 'rest' to move, and another unit of rest to 'attack'": the knight
    by a tired knight (RST 0: it would take crits more) walks to hit it when rest does
    not count; in an "all rested" game it hits its neighbour from where it stands, and
    so may take part in its next turn too."""
    pieces = [
        piece(11, "KNIGHT", 1, 1),
        piece(21, "KNIGHT", 2, 1),
        piece(22, "KNIGHT", 1, 3, rest=0),
    ]
    game = state(WIDE, pieces, per_turn="1")
    assert plan_moves(game, 1) == [Move(11, (1, 2), (1, 3))]
    game.pieces_per_turn = "rested"
    assert plan_moves(game, 1) == [Move(11, (1, 1), (2, 1))]


def test_every_order_file_of_the_bots_passes_the_rules_check() -> None:
    """Whole seeded bot games, 2 to 4 armies: each turn's bot orders, read with the
    order form and checked by the rules (``accept``), lose no line."""
    for seed, name, bots in (
        (1, "meadow", 2),
        (2, "islands", 3),
        (3, "meadow", 4),
        (4, "lava-ford", 2),
    ):
        setup = GameSetup("bots", name, seed, (), options={"bots": bots})
        game = TACTICS.new_game(setup, turn_rng(seed, 0)).state
        while not TACTICS.is_over(game):
            orders = plan_orders(game, game.active)
            entries, unread, problems = TACTICS.entries_from_dict(orders, game)
            checked = TACTICS.accept(entries, game, game.active)
            assert (unread, problems, checked.rejected) == ([], [], []), (seed, game.turn)
            kept, sent = checked.orders.get("moves") or [], orders["moves"]
            assert isinstance(kept, list) and isinstance(sent, list)
            assert len(kept) == len(sent)
            game = TACTICS.resolve(game, {game.active: orders}, turn_rng(seed, game.turn + 1)).state
