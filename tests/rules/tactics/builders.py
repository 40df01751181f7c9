"""Small hand-made tactics boards and states for rule tests.

A board is drawn as text: ``#`` border, ``.`` ground (earth), ``~`` water, ``^`` lava,
``R`` rock (air only), ``=`` bridge (earth and water). Heights, when given, are drawn
with digits 0-9 for 0, 25, 50, ... 225 (or a list of numbers per row)."""

from __future__ import annotations

from collections.abc import Sequence

from wtg.rules.tactics.board import Board
from wtg.rules.tactics.state import ACTIVE, BATTLE, Piece, Player, TacticsState, runtime_stats
from wtg.rules.tactics.world import PieceKind, Weapon

TILES = {"#": 0, ".": 1, "~": 3, "^": 4, "R": 5, "=": 7}
MOVEMENT = {1: 1, 3: 8, 4: 4, 5: 2, 7: 9}
NAMES = {1: "Ground", 3: "Water", 4: "Lava", 5: "Rock", 7: "Bridge"}

WEAPONS = {
    1: Weapon(1, "Sword", "blade", "pole", 4, 15),
    2: Weapon(2, "Spear", "pole", "beast", 4, 15),
    3: Weapon(3, "Claws", "beast", "blade", 4, 15),
    4: Weapon(4, "Bow", "arrow", "", 3, 11),
}


def kind(
    key: str,
    hp: int = 10,
    strength: int = 5,
    defense: int = 5,
    agility: int = 5,
    movement: int = 1,
    mobility: int = 3,
    move_range: int = 1,
    min_range: int = 1,
    weapon: int = 1,
    max_count: int = 9,
    mp: int = 0,
) -> PieceKind:
    return PieceKind(
        key=key,
        name=key.title(),
        bitmap="",
        max_count=max_count,
        hp=hp,
        mp=mp,
        strength=strength,
        defense=defense,
        agility=agility,
        elevation=0,
        movement=movement,
        mobility=mobility,
        range=move_range,
        min_range=min_range,
        weapon=weapon,
        armor=0,
    )


KINDS = (
    kind("KNIGHT", weapon=1),
    kind("PIKE", weapon=2),
    kind("BEAST", weapon=3, agility=7, mobility=5),
    kind("ARCHER", weapon=4, move_range=4, min_range=2, strength=4),
    kind("FLYER", weapon=3, movement=15, mobility=4),
    kind("SWIMMER", weapon=2, movement=9),
    kind("FISH", weapon=2, movement=8),
    kind("GHOST", weapon=3, agility=15),
)


def board(drawing: str, heights: str | Sequence[Sequence[int]] | None = None) -> Board:
    rows = [r for r in drawing.strip().splitlines()]
    size = len(rows)
    assert all(len(r) == size for r in rows), "draw a square"
    tiles = tuple(TILES[c] for row in rows for c in row)
    if heights is None:
        elevation: tuple[int, ...] = (0,) * (size * size)
    elif isinstance(heights, str):
        elevation = tuple(int(c) * 25 for row in heights.strip().splitlines() for c in row)
    else:
        elevation = tuple(v for row in heights for v in row)
    used = set(tiles)
    return Board(
        name="test",
        size=size,
        tiles=tiles,
        elevation=elevation,
        tile_movement={t: m for t, m in MOVEMENT.items() if t in used},
        tile_names={t: n for t, n in NAMES.items() if t in used},
    )


def quiet(game: TacticsState, turns: int = 40) -> TacticsState:
    """``game`` with nobody hit for ``turns`` turns (40: the bots are wholly bold and walk
    towards the enemy; until they grow bold they hold their ground, ruling 8)."""
    game.last_hit = game.turn - turns
    return game


def piece(pid: int, kind_key: str, x: int, y: int, **changes: int) -> Piece:
    found = next(k for k in KINDS if k.key == kind_key)
    made = Piece(
        id=pid,
        owner=pid // 10,
        kind=kind_key,
        x=x,
        y=y,
        hp=runtime_stats(found, 1).max_hp,
        mp=0,
    )
    for name, value in changes.items():
        setattr(made, name, value)
    return made


def state(
    drawing: str,
    pieces: Sequence[Piece],
    heights: str | Sequence[Sequence[int]] | None = None,
    per_turn: str = "rested",
    players: int = 2,
    active: int = 1,
) -> TacticsState:
    colours = ("red", "green", "yellow", "blue")
    return TacticsState(
        game="test",
        turn=5,
        phase=BATTLE,
        pieces_per_turn=per_turn,
        board=board(drawing, heights),
        kinds=KINDS,
        weapons=dict(WEAPONS),
        players=[
            Player(id=n, name=f"P{n}", bot=False, colour=colours[n - 1], status=ACTIVE)
            for n in range(1, players + 1)
        ],
        pieces=sorted(pieces, key=lambda p: p.id),
        active=active,
        army_size=9,
        turn_limit=500,
    )


OPEN7 = """
#######
#.....#
#.....#
#.....#
#.....#
#.....#
#######
"""


BIG = 64
"""The largest board a world may draw (``wtg/data/tactics/images.py`` MAX_SIZE)."""
SHORE = 20
"""On the lake board: land west of this column, water from it east."""


def lake_battle(per_turn: str, turn_limit: int = 200) -> TacticsState:
    """A BIG x BIG board, land in the west, a lake in the east: four knights (earth only)
    on the land against four fish (water only, spears) far out in the lake, so that
    neither side has a tile to attack the other from on its own ground. Player 1 moves
    first; ``turn_limit`` is two armies' 100 rounds."""
    row = "#" + "".join("." if x < SHORE else "~" for x in range(1, BIG - 1)) + "#"
    drawing = "\n".join(["#" * BIG, *[row] * (BIG - 2), "#" * BIG])
    knights = [piece(11 + i, "KNIGHT", 2, 28 + 2 * i) for i in range(4)]
    fish = [piece(21 + i, "FISH", 55, 28 + 2 * i) for i in range(4)]
    game = state(drawing, knights + fish, per_turn=per_turn)
    game.turn, game.turn_limit = 1, turn_limit
    return game
