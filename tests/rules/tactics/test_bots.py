"""Bots: "Bot armies are picked randomly from the available pieces"; their moves follow the
documented strategy (ruling 8): attacks weighed by their expected damage and kills, fire
focused, tiles the enemy can strike avoided, rest kept in "all rested" games, its ground
held until it grows bold, then an approach towards the nearest enemy; and a bot's orders
always pass the rules' own check."""

from __future__ import annotations

import pytest

from tests.rules.tactics.builders import OPEN7, piece, quiet, state
from tests.rules.tactics.threatmap import threat_map
from tests.shipped import TACTICS
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup
from wtg.rules.tactics.moves import Move
from wtg.rules.tactics.search import (
    APPROACH,
    BOLD_APPROACH,
    CROWD_EXPOSURE,
    KILL_TURNS,
    start,
)
from wtg.rules.tactics.state import OUT
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


def test_of_two_kills_the_bot_takes_the_enemy_that_can_really_hurt_its_army() -> None:
    """A piece's strength is what its attacks can really take, each at most the target's
    HP (as the report shows it, ruling 20 of the table): the knight's sword would do 8 to
    the 1-HP pike of ours, which loses 1; on the beast it does 4 (miss 30%): 3.0 and 0.9,
    1.96 a turn. The enemy pike's spear does 8 to the beast (5.75 to expect of its 10
    HP) and 0.9 to our pike: 3.325. Both die to any hit; the beast kills the pike. Counted
    uncapped (7.875 on our pike) the knight looked the stronger and was killed."""
    game = state(
        WIDE,
        [
            piece(11, "BEAST", 4, 4),
            piece(12, "PIKE", 1, 1, hp=1),
            piece(21, "KNIGHT", 3, 4, hp=1),
            piece(22, "PIKE", 5, 4, hp=1),
        ],
        per_turn="1",
    )
    planner = start(game, 1)
    assert planner.power[21] == pytest.approx((3.025 + 0.9) / 2)
    assert planner.power[22] == pytest.approx((5.75 + 0.9) / 2)
    [move] = plan_moves(game, 1)
    assert move.piece == 11
    assert move.attack == (5, 4)


def test_a_piece_expects_to_lose_no_more_than_its_hp_to_each_striker() -> None:
    """The enemy pike's spear does 8 (crit 14) to a beast, miss 30%: 6.05 uncapped, 5.75
    of a 10-HP beast's HP, and 2.8 of a 4-HP one's (each strike takes at most 4)."""
    game = state(
        WIDE,
        [piece(11, "BEAST", 4, 4, hp=4), piece(21, "PIKE", 4, 6)],
        per_turn="1",
    )
    planner = start(game, 1)
    beast = planner.own(11)
    hurt = 0.7 * 4
    share = hurt / 4
    expected = hurt + KILL_TURNS * planner.power[11] * share * share
    assert planner.loss(beast, planner.grid.index((4, 5))) == pytest.approx(expected)


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


def test_a_bot_without_an_attack_holds_its_ground_then_bold_walks_towards_the_enemy() -> None:
    """A patient bot walks no step towards a fight: the army that walks up to the enemy
    arrives strung out, its fast pieces first and alone, and is struck first. Nobody hit
    for long, it grows bold and walks its whole move towards the nearest enemy."""
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 7, 7)], per_turn="1")
    assert plan_moves(game, 1) == []
    [move] = plan_moves(quiet(game), 1)
    assert move.attack is None
    assert abs(move.to[0] - 1) + abs(move.to[1] - 1) == 3
    assert abs(7 - move.to[0]) + abs(7 - move.to[1]) == 12 - 3


def test_a_piece_under_fire_it_cannot_return_holds_its_ground_by_its_army() -> None:
    """The enemy archer can shoot the knight on (3, 3) next turn, and neither knight can
    reach an archer this turn. Stepping out of its reach, to the corner, the knight would
    leave the fight and its neighbour: each step farther from a tile it could attack from
    costs ``RETREAT``, bold or not, so it stands where it is (it walked to (2, 1))."""
    army = [piece(11, "KNIGHT", 3, 3), piece(12, "KNIGHT", 2, 3)]
    game = state(WIDE, [*army, piece(21, "ARCHER", 7, 7), piece(22, "ARCHER", 6, 7)], per_turn="1")
    assert threat_map(game, 1)[(3, 3)] == (22,)
    assert (2, 1) not in threat_map(game, 1)
    assert start(game, 1).approach == APPROACH
    assert plan_moves(game, 1) == []


def test_a_piece_apart_from_its_army_walks_back_to_it() -> None:
    """Three knights against three, nobody bold: the knight alone on (7, 1) walks its
    whole move towards the other two (``TOGETHER``), on tiles the enemy cannot strike;
    a patient bot let it stand apart, to be struck alone."""
    army = [piece(11, "KNIGHT", 1, 1), piece(12, "KNIGHT", 2, 1), piece(13, "KNIGHT", 7, 1)]
    enemy = [piece(21, "KNIGHT", 3, 7), piece(22, "KNIGHT", 4, 7), piece(23, "KNIGHT", 5, 7)]
    game = state(WIDE, [*army, *enemy], per_turn="1")
    assert start(game, 1).approach == APPROACH
    assert plan_moves(game, 1) == [Move(13, (4, 1))]
    assert (4, 1) not in threat_map(game, 1)


OPEN14 = "\n".join(["#" * 14, *["#" + "." * 12 + "#"] * 12, "#" * 14])


def test_a_bot_grown_bold_in_a_quiet_battle_walks_in_abreast_not_drawn_to_its_middle() -> None:
    """Four knights against four, in two lines far apart, nobody hit for 20 turns: the
    bots have grown bold (a quarter of the way). Each knight walks its whole move straight
    towards the enemy, and the line comes in abreast. Before, each step from the middle of
    the rest of its army still cost ``TOGETHER``: the knights walked one step nearer and
    two towards the middle, the line drew into a knot and came in as a file (in the lake
    battle its pieces were struck one at a time, and the battle lasted 107 turns, not 31)."""
    army = [piece(11 + i, "KNIGHT", 1, 2 + 3 * i) for i in range(4)]
    enemy = [piece(21 + i, "KNIGHT", 12, 2 + 3 * i) for i in range(4)]
    game = quiet(state(OPEN14, [*army, *enemy]), 20)
    assert 0 < start(game, 1).approach < BOLD_APPROACH
    assert plan_moves(game, 1) == [Move(11 + i, (4, 2 + 3 * i)) for i in range(4)]


def test_a_bot_whose_army_outweighs_the_enemys_walks_in_holding_its_fear_of_the_reply() -> None:
    """Boldness from the board: three knights against one have nothing to wait for (the
    enemy's whole army weighs a ninth of theirs: hit points times attacks), so, nobody
    hit yet, the bot walks a knight its whole move towards the enemy, where one knight
    against one holds its ground. It still stops short of the tiles the enemy can strike:
    only the approach grows bold, the enemies' reply weighs as much as before."""
    army = [piece(11, "KNIGHT", 1, 1), piece(12, "KNIGHT", 2, 1), piece(13, "KNIGHT", 1, 2)]
    even = state(WIDE, [army[0], piece(21, "KNIGHT", 7, 7)], per_turn="1")
    ahead = state(WIDE, [*army, piece(21, "KNIGHT", 7, 7)], per_turn="1")
    assert plan_moves(even, 1) == []
    [move] = plan_moves(ahead, 1)
    start_at = next(p.pos for p in army if p.id == move.piece)
    assert move.attack is None
    assert abs(move.to[0] - start_at[0]) + abs(move.to[1] - start_at[1]) == 3
    assert move.to not in threat_map(ahead, 1)
    assert start(ahead, 1).approach == BOLD_APPROACH > start(even, 1).approach == APPROACH
    assert start(ahead, 1).exposure == pytest.approx(start(even, 1).exposure)
    assert start(even, 1).exposure > 0


def test_attacks_come_before_approaches_and_the_limit_holds() -> None:
    game = state(
        WIDE,
        [piece(11, "KNIGHT", 1, 1), piece(12, "KNIGHT", 7, 5), piece(21, "PIKE", 7, 7)],
        per_turn="1",
    )
    quiet(game)
    assert plan_moves(game, 1) == [Move(12, (7, 6), (7, 7))]
    game.pieces_per_turn = "2"
    moves = plan_moves(game, 1)
    assert [m.piece for m in moves] == [12, 11]


def test_in_all_rested_turns_only_rested_pieces_move() -> None:
    game = state(
        WIDE,
        [piece(11, "KNIGHT", 1, 1, rest=1), piece(12, "KNIGHT", 2, 1), piece(21, "PIKE", 7, 7)],
    )
    quiet(game)
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
    or less: a bot growing bold (nobody hit for 20 turns) walks towards it, but three
    steps nearer would end on such a tile, so the knight walks two."""
    game = quiet(state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "BEAST", 7, 4)]), 20)
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


def test_after_six_quiet_rounds_a_bot_still_waits_out_of_the_enemys_reach() -> None:
    """The side that walks in and strikes first mostly loses the battle (its pieces end
    their move next to the enemy's, and in "all rested" games sit out their next turn):
    a bot lets the enemy come. Twelve turns (six rounds of two armies) without a hit since
    the last one, it still holds its ground out of the tiles the beast can strike; only
    after eight quiet rounds does it grow bold, and from sixteen it walks in whatever the
    risk."""
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "BEAST", 7, 4)])
    game.turn, game.last_hit = 15, 3
    assert plan_moves(game, 1) == []
    assert (1, 1) not in threat_map(game, 1)
    game.turn = 35
    [move] = plan_moves(game, 1)
    assert move.to in threat_map(game, 1)


def test_before_the_first_hit_of_a_duel_a_bot_waits_six_rounds_not_eight() -> None:
    """Two bots that both hold their ground spent a duel's first sixteen turns or so
    without a step: a player facing the bot waited weeks of mail for nothing. While
    nobody has been hit yet the bot waits ``QUIET_OPENING`` rounds (six), not eight:
    after five it holds its ground, after eight it walks towards the enemy (out of its
    reach), after twelve it walks in whatever the risk. Among three armies the count
    stays eight rounds."""
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "BEAST", 7, 4)])
    game.turn, game.last_hit = 10, 0
    assert plan_moves(game, 1) == []
    game.turn = 16
    [move] = plan_moves(game, 1)
    assert move.to != (1, 1)
    assert move.to not in threat_map(game, 1)
    game.turn = 24
    [move] = plan_moves(game, 1)
    assert move.to in threat_map(game, 1)
    crowd = state(
        WIDE,
        [piece(11, "KNIGHT", 1, 1), piece(21, "BEAST", 7, 4), piece(31, "KNIGHT", 7, 1)],
        players=3,
    )
    crowd.turn, crowd.last_hit = 24, 0
    assert plan_moves(crowd, 1) == []


def test_among_three_armies_a_bot_walks_to_no_fight_and_lets_the_others_come() -> None:
    """With three armies or more, two others that meet wear each other down, and any of
    the armies moving between two of a bot's turns may strike a piece left in reach: a
    bot's pieces walk no step towards a fight (only away from a threat) and strike those
    who come into their reach. With two armies left the same knight holds its ground too
    (round 38), and walks towards the enemy once bold; late in the battle it walks in
    however many armies stand, so battles end."""
    pieces = [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 7, 7), piece(31, "KNIGHT", 1, 7)]
    game = state(WIDE, pieces, players=3)
    assert plan_moves(game, 1) == []
    duel = state(WIDE, pieces[:2], players=3)
    duel.player(3).status = OUT
    assert plan_moves(duel, 1) == []
    [move] = plan_moves(quiet(duel), 1)
    assert move.attack is None
    assert abs(7 - move.to[0]) + abs(7 - move.to[1]) < 12
    game.turn, game.last_hit = 300, 299
    [move] = plan_moves(game, 1)
    assert move.attack is None
    assert abs(move.to[0] - 1) + abs(move.to[1] - 1) == 3


def test_among_three_armies_a_bot_weighs_the_enemies_reply_more() -> None:
    """A tile in reach of the enemies costs more among three armies (``CROWD_EXPOSURE``
    times as much): every army moving between two of the bot's turns may strike there."""
    pieces = [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 4, 1), piece(31, "KNIGHT", 7, 7)]
    crowd = state(WIDE, pieces, players=3)
    duel = state(WIDE, pieces[:2], players=3)
    duel.player(3).status = OUT
    assert start(crowd, 1).exposure == pytest.approx(CROWD_EXPOSURE * start(duel, 1).exposure)
    assert CROWD_EXPOSURE > 1


def test_the_enemies_reply_strikes_a_piece_as_tired_as_its_move_leaves_it() -> None:
    """ "ChanceOfCrit = 12.5 * ( (AGI+STR+RST) / (tgtAGI+tgtSTR+tgtRST) )": a piece that
    walked and attacked has spent two units of rest, so the beast's crit on it is likelier
    and it expects to lose more there than a piece that stood still; the bot weighs the
    tile so (it weighed every piece as rested as before its move)."""
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "BEAST", 4, 1)])
    planner = start(game, 1)
    knight = planner.own(11)
    tile = planner.grid.index((2, 1))
    rested, walked, spent = (planner.loss(knight, tile, tired) for tired in (0, 1, 2))
    assert 0 < rested < walked < spent
    beast = planner.enemies[21]
    assert (
        planner.forecast(beast, knight, later=True, tired=2).crit
        > planner.forecast(beast, knight, later=True).crit
    )


def test_among_three_armies_the_risk_reads_no_rest_spent() -> None:
    """Among three armies the risk already counts ``CROWD_EXPOSURE`` times; weighing the
    rest a move spends too lost more of those battles (round 38), so only a duel's bot
    weighs it. The same knight and beast: in a duel the bot is tiring, among three not."""
    pieces = [piece(11, "KNIGHT", 1, 1), piece(21, "BEAST", 4, 1), piece(31, "KNIGHT", 7, 7)]
    assert not start(state(WIDE, pieces, players=3), 1).tiring
    duel = state(WIDE, pieces, players=3)
    duel.player(3).status = OUT
    assert start(duel, 1).tiring
