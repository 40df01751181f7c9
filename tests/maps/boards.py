"""Grid boards made up for the tests and benchmarks of the pictures: the 64 x 64 board of
issue 29's target (the largest map a Tactics world may have) and square boards of any
size."""

from __future__ import annotations

from collections.abc import Callable

from wtg.core.board import Board, Mark, Piece, SideKey, Spot


def big_board() -> Board:
    """64 x 64 tiles of grass rising to the east, nine wolves of each of four sides."""
    spots = tuple(
        Spot(id=f"{x},{y}", kind="tile", name="Grass", owner=0, terrain="Grass", elevation=x * 3)
        for y in range(64)
        for x in range(64)
    )
    pieces = tuple(
        Piece(
            spot=f"{n},{side * 10}",
            owner=side,
            kind="Wolf",
            level=1,
            damage="9/9",
            label=f"{side}{n}",
        )
        for side in (1, 2, 3, 4)
        for n in range(1, 10)
    )
    sides = tuple(SideKey(id=s, name=f"P{s}", label=f"P{s}") for s in (1, 2, 3, 4))
    return Board(title="64 x 64", shape="grid", spots=spots, pieces=pieces, sides=sides)


def square_board(
    size: int,
    elevation: Callable[[int, int], int] = lambda x, y: 0,
    marks: dict[str, tuple[Mark, ...]] | None = None,
    title: str = "square",
) -> Board:
    """``size`` x ``size`` tiles of grass at ``elevation(x, y)``, the tiles ``marks`` names
    marked, one piece on 0,0."""
    spots = tuple(
        Spot(
            id=f"{x},{y}",
            kind="tile",
            name="Grass",
            owner=0,
            terrain="Grass",
            elevation=elevation(x, y),
            marks=(marks or {}).get(f"{x},{y}", ()),
        )
        for y in range(size)
        for x in range(size)
    )
    piece = Piece(spot="0,0", owner=1, kind="Wolf", level=1, damage="9/9", label="11")
    side = SideKey(id=1, name="Ann", label="R")
    return Board(title=title, shape="grid", spots=spots, pieces=(piece,), sides=(side,))
