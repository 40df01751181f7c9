"""The Tactics map picture's data (``Tactics.board``, issue 15): a spot a tile, every piece
with side, kind, level and hit points; for a player, the tiles his pieces can reach this
turn and his pieces an enemy piece can reach. The reach and the threats are checked here
against the movement rules themselves (``move_problem``), tile by tile."""

from __future__ import annotations

import random

import pytest

from tests.rules.tactics.builders import OPEN7, piece, state
from tests.shipped import TACTICS as RULESET
from wtg.core.board import Draws
from wtg.core.errors import GameError
from wtg.rules.tactics.board import Pos
from wtg.rules.tactics.moves import Move, move_problem
from wtg.rules.tactics.picture import reach_tiles, threatened
from wtg.rules.tactics.resolve import resolve
from wtg.rules.tactics.state import ARMY, OVER, TacticsState

DRAWS: Draws[TacticsState] = RULESET
"""Tactics draws its board (mypy checks the signature, the test the protocol)."""

FIELD = """
#########
#...~~..#
#...~~..#
#.R.....#
#..^^...#
#.......#
#...=...#
#.......#
#########
"""
HILLS = """
000000000
000000000
000000000
000000000
000000000
000022000
000022000
000000000
000000000
"""
"""A hill of 50 at (5,5)-(6,6): a climb of 50 from the plain, too steep to walk up."""


def battlefield(active: int = 1) -> TacticsState:
    """Ann (1) against Bob (2) in an "all rested" game; 13 and 22 short of rest."""
    return state(
        FIELD,
        [
            piece(11, "KNIGHT", 1, 1),
            piece(12, "ARCHER", 2, 5),
            piece(13, "FLYER", 6, 6, rest=1),
            piece(14, "SWIMMER", 3, 2),
            piece(21, "KNIGHT", 4, 3),
            piece(22, "ARCHER", 7, 7, rest=0),
            piece(23, "BEAST", 1, 6, rest=1),
        ],
        heights=HILLS,
        active=active,
    )


def tiles(game: TacticsState) -> list[Pos]:
    return [(x, y) for x in range(game.board.size) for y in range(game.board.size)]


def allowed(game: TacticsState, player: int, pid: int) -> frozenset[Pos]:
    """Every tile the piece may walk to by the rules' own check."""
    return frozenset(t for t in tiles(game) if not move_problem(game, player, Move(pid, t), ()))


def attackers(game: TacticsState, player: int, target: Pos) -> set[int]:
    """The pieces of ``player`` that may attack ``target`` by the rules' own check, from any
    tile they may walk to (or from where they stand)."""
    found = set()
    for mover in game.army(player):
        for spot in tiles(game):
            if not move_problem(game, player, Move(mover.id, spot, target), ()):
                found.add(mover.id)
                break
    return found


def next_turn(game: TacticsState) -> TacticsState:
    """The board as the next player's turn begins: the active player moves nothing."""
    return resolve(game, {game.active: {"moves": []}}, random.Random(1)).state


def test_tactics_draws_its_board() -> None:
    assert isinstance(RULESET, Draws)


def test_the_reach_is_every_tile_the_rules_let_the_piece_walk_to() -> None:
    """ "You immediately see a purple highlight of all the tiles to which you could legally
    move that piece": for each of the active player's pieces, tile by tile; 13 is not
    rested ("only those pieces with a minimum amount of rest (currently 2 units) will be
    able to take part") and reaches nothing."""
    game = battlefield()
    reach = reach_tiles(game, 1)
    assert sorted(reach) == [11, 12, 14]
    for pid in (11, 12, 13, 14):
        assert reach.get(pid, frozenset()) == allowed(game, 1, pid)
    assert (4, 1) in reach[14] and (4, 1) not in reach[11]  # water: the swimmer only
    assert (2, 3) not in reach[11]  # rock: air only
    spots = {s.id: s for s in RULESET.board(game, 1, []).spots}
    marked = {
        tuple(int(n) for n in sid.split(",")) for sid, s in spots.items() if "reach" in s.marks
    }
    assert marked == reach[11] | reach[12] | reach[14]


def test_a_player_waiting_for_his_turn_sees_the_reach_his_turn_will_have() -> None:
    """ "Your pieces receive one unit of rest at the start of your turn": Bob's 23 (RST 1)
    will be rested then, his 22 (RST 0) will not; checked against the rules on the board
    as Bob's turn begins."""
    game = battlefield()
    then = next_turn(game)
    assert then.active == 2
    reach = reach_tiles(game, 2)
    assert sorted(reach) == [21, 23]
    for pid in (21, 22, 23):
        assert reach.get(pid, frozenset()) == allowed(then, 2, pid)
    assert reach_tiles(then, 2) == reach


def test_threats_are_the_enemy_pieces_the_rules_let_attack_each_piece() -> None:
    """ "you can only attack a tile with an enemy piece on it!", after walking or not: each
    of Ann's pieces is threatened by the pieces of Bob that may attack it on his turn."""
    game = battlefield()
    then = next_turn(game)
    threats = threatened(game, 1)
    expected = {
        p.id: tuple(str(e) for e in sorted(attackers(then, 2, p.pos)))
        for p in game.army(1)
        if attackers(then, 2, p.pos)
    }
    assert threats == expected
    assert threats == {11: ("23",), 12: ("23",), 14: ("21", "23")}
    pieces = {p.label: p for p in RULESET.board(game, 1, []).pieces}
    assert pieces["12"].marks == ("threat",) and pieces["12"].threatened_by == ("23",)
    assert pieces["13"].marks == () and pieces["21"].marks == ()
    rested = battlefield()
    archer = rested.piece(22)
    assert archer is not None
    archer.rest = 1  # rested once Bob's turn begins: then it may shoot at 13
    assert threatened(rested, 1)[13] == ("22",)


def test_the_active_players_pieces_threaten_as_they_stand_now() -> None:
    """Bob's view while Ann is to move: Ann's rested pieces may attack this very turn."""
    game = battlefield()
    expected = {
        p.id: tuple(str(e) for e in sorted(attackers(game, 1, p.pos)))
        for p in game.army(2)
        if attackers(game, 1, p.pos)
    }
    assert threatened(game, 2) == expected
    assert expected  # the archer and the knight reach something


def test_every_piece_shows_side_kind_level_and_hit_points() -> None:
    game = battlefield()
    game.pieces[0].lev = 3
    game.pieces[0].hp = 4
    pieces = {p.label: p for p in RULESET.board(game, None, []).pieces}
    knight = pieces["11"]
    assert (knight.spot, knight.owner, knight.kind, knight.level) == ("1,1", 1, "Knight", 3)
    assert knight.damage == "4/14"
    assert pieces["23"].damage == "10/10" and pieces["23"].owner == 2


def test_a_spot_a_tile_with_its_terrain_and_elevation() -> None:
    picture = RULESET.board(battlefield(), None, [])
    assert picture.shape == "grid"
    assert [s.id for s in picture.spots] == [f"{x},{y}" for y in range(9) for x in range(9)]
    spots = {s.id: s for s in picture.spots}
    assert (spots["0,0"].terrain, spots["4,1"].terrain, spots["2,3"].terrain) == (
        "border",
        "Water",
        "Rock",
    )
    assert spots["5,5"].elevation == 50 and spots["1,1"].elevation == 0
    assert all(s.kind == "tile" for s in picture.spots)


def test_nothing_is_hidden_a_players_picture_is_the_gms_with_his_marks() -> None:
    """ "You can see the starting army positions ... as well as the current locations of
    all army pieces": every player sees every piece and its hit points."""
    game = battlefield()
    gm = RULESET.board(game, None, [])
    for player in (1, 2):
        mine = RULESET.board(game, player, [])
        assert [(s.id, s.terrain, s.elevation) for s in mine.spots] == [
            (s.id, s.terrain, s.elevation) for s in gm.spots
        ]
        assert [(p.label, p.spot, p.kind, p.level, p.damage) for p in mine.pieces] == [
            (p.label, p.spot, p.kind, p.level, p.damage) for p in gm.pieces
        ]
        assert mine.sides == gm.sides
    assert not any(s.marks for s in gm.spots) and not any(p.marks for p in gm.pieces)


def test_the_tiles_attacked_this_turn_are_marked() -> None:
    game = state(OPEN7, [piece(11, "KNIGHT", 2, 2), piece(21, "KNIGHT", 3, 2)])
    result = resolve(
        game, {1: {"moves": [{"piece": 11, "to": [2, 2], "attack": [3, 2]}]}}, random.Random(3)
    )
    events = [e.to_dict() for e in result.events]
    marked = [s.id for s in RULESET.board(result.state, None, events).spots if "battle" in s.marks]
    assert marked == ["3,2"]


def test_no_reach_or_threat_before_the_battle_or_after_it() -> None:
    for phase in (ARMY, OVER):
        game = battlefield()
        game.phase = phase
        picture = RULESET.board(game, 1, [])
        assert not any(s.marks for s in picture.spots if s.id != "0,0")
        assert not any(p.marks for p in picture.pieces)


def test_the_legend_marks_the_winner_as_the_report_does() -> None:
    """Ruling 22: the legend of a finished battle's picture said `place 1` beside the
    winner, where the report's ARMIES table and the Top Ten say WINNER; it says
    `WINNER, place 1`. A battle the GM ended has no winner."""
    game = battlefield()
    game.phase = OVER
    game.players[0].place, game.players[1].place = 1, 2
    sides = {s.id: s.status for s in RULESET.board(game, 2, []).sides}
    assert sides == {1: "4 pieces, 40 HP, WINNER, place 1", 2: "3 pieces, 30 HP, place 2"}
    game.ended_by_gm = ""
    assert RULESET.board(game, None, []).sides[0].status == "4 pieces, 40 HP, place 1"


def test_the_picture_is_the_same_every_time_and_from_the_state_file() -> None:
    game = battlefield()
    again = TacticsState.from_dict(game.to_dict())
    assert RULESET.board(game, 1, []) == RULESET.board(game, 1, []) == RULESET.board(again, 1, [])


def test_a_player_not_in_the_game_is_refused() -> None:
    with pytest.raises(GameError, match=r"game test has no player 3 \(players: 1, 2\)"):
        RULESET.board(battlefield(), 3, [])
