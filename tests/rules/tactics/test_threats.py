"""The threat map the bots read: the tiles enemy pieces can strike on their next turn,
walking first or not ("what tiles your piece could attack *after moving to that tile*"),
and the step and shot tables that answer as the rules do."""

from __future__ import annotations

from random import Random

from tests.rules.tactics.builders import piece, state
from tests.rules.tactics.threatmap import threat_map
from tests.shipped import TACTICS
from wtg.core.ruleset import GameSetup
from wtg.rules.tactics.paths import grid_of, spread

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

WALLED = """
#########
#.......#
#.......#
#..#....#
#.#.#...#
#..#....#
#.......#
#.......#
#########
"""


def _inside(drawing: str) -> set[tuple[int, int]]:
    rows = drawing.strip().splitlines()
    return {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "."}


def test_a_knight_strikes_every_tile_within_its_mobility_and_range() -> None:
    """MOB 3, range 1: any tile 4 steps away or less; my own piece blocks no shot."""
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 5, 5)])
    threats = threat_map(game, 1)
    near = {t for t in _inside(WIDE) if abs(t[0] - 5) + abs(t[1] - 5) <= 4}
    assert set(threats) == near
    assert threats[(5, 1)] == (21,)
    assert (1, 1) not in threats
    assert (5, 0) not in threats  # the border


def test_walls_and_pieces_limit_the_walk_and_a_tired_piece_strikes_nothing() -> None:
    """A piece boxed in by the border strikes only its neighbours; in an "all rested" game
    a piece with no rest left cannot take part next turn ("only those pieces with a
    minimum amount of rest (currently 2 units) will be able to take part")."""
    boxed = state(WALLED, [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 3, 4)])
    assert set(threat_map(boxed, 1)) == set()  # (3,4) is walled in: no neighbour to strike
    game = state(
        WIDE,
        [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 5, 5, rest=0), piece(22, "PIKE", 7, 1)],
    )
    threats = threat_map(game, 1)
    assert all(ids == (22,) for ids in threats.values())
    assert (5, 4) not in threats and (4, 1) in threats
    game.pieces_per_turn = "2"
    assert threat_map(game, 1)[(5, 4)] == (21,)


MOAT = """
#########
#.......#
#.......#
#...~...#
#..~.~..#
#...~...#
#.......#
#.......#
#########
"""


def test_a_shot_reaches_from_min_range_to_range() -> None:
    """An archer (MOB 3, range 2-4) strikes up to 7 steps away; one that cannot walk (a
    moat around it) strikes from 2 to 4 steps, its bow shooting over the water."""
    game = state(WIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "ARCHER", 7, 7)])
    threats = threat_map(game, 1)
    assert (1, 1) not in threats
    assert (3, 4) in threats and (1, 6) in threats
    assert (1, 4) not in threats  # 9 steps
    moat = state(MOAT, [piece(11, "KNIGHT", 1, 1), piece(21, "ARCHER", 4, 4)])
    ground = _inside(MOAT) - {(4, 4)}
    assert set(threat_map(moat, 1)) == {
        t for t in ground if 2 <= abs(t[0] - 4) + abs(t[1] - 4) <= 4
    }


def test_the_tables_answer_as_the_rules_do() -> None:
    """Walks, shots and the tiles shots come from, on every shipped map, for every kind
    of movement its pieces have."""
    rng = Random(3)
    for name in TACTICS.map_names():
        game = TACTICS.new_game(GameSetup("t", name, 1, (), options={"bots": 2}), Random(1)).state
        board, grid = game.board, grid_of(game.board)
        movements = {k.movement for k in game.kinds} | {w.movement for w in game.weapons.values()}
        for _ in range(40):
            start = (rng.randrange(board.size), rng.randrange(board.size))
            blocked = {(rng.randrange(board.size), rng.randrange(board.size)) for _ in range(8)}
            blocked.discard(start)
            here = grid.index(start)
            for movement in sorted(movements):
                walks = grid.walks(here, movement, 4, {grid.index(b) for b in blocked})
                assert {grid.pos(t): d for t, d in walks.items()} == board.walks(
                    start, movement, 4, blocked
                )
                shots = spread(grid.shots(movement), (here,), 5, ())
                assert {grid.pos(t): d for t, d in shots.items()} == board.shots(start, movement, 5)
                back = grid.shooters(here, movement, 5)
                assert {grid.pos(t): d for t, d in back.items()} == board.shooters(
                    start, movement, 5
                )
